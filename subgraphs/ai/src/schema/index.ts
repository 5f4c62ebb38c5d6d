import { type RestRoutes, createSubgraphBuilder } from '@platform/graphql-kit';
import type { GraphQLSchema } from 'graphql';
import { defineExtractionSchema, extractionRestRoutes } from './extractions.ts';
import { defineQuerySchema, queryRestRoutes } from './queries.ts';
import { defineSharedTypes } from './shared.ts';
import { defineTaskSchema, taskRestRoutes } from './tasks.ts';

/** The AI subgraph: copilot queries, document extractions, agent tasks. */
export function buildAiSchema(): GraphQLSchema {
  const builder = createSubgraphBuilder();
  builder.queryType({});
  builder.mutationType({});
  const shared = defineSharedTypes(builder);
  defineQuerySchema(builder, shared);
  defineTaskSchema(builder, shared);
  defineExtractionSchema(builder);
  return builder.toSubGraphSchema({ linkUrl: 'https://specs.apollo.dev/federation/v2.6' });
}

export const aiRestRoutes: RestRoutes = { ...queryRestRoutes, ...taskRestRoutes, ...extractionRestRoutes };
