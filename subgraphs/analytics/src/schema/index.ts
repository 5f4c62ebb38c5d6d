import { type RestRoutes, createSubgraphBuilder } from '@platform/graphql-kit';
import type { GraphQLSchema } from 'graphql';
import { defineSavedOperationSchema, savedOperationRestRoutes } from './saved-operations.ts';

/** The analytics subgraph: saved operations (and, with issue 16's other parts, the analysts' tools). */
export function buildAnalyticsSchema(): GraphQLSchema {
  const builder = createSubgraphBuilder();
  builder.queryType({});
  builder.mutationType({});
  defineSavedOperationSchema(builder);
  return builder.toSubGraphSchema({ linkUrl: 'https://specs.apollo.dev/federation/v2.6' });
}

export const analyticsRestRoutes: RestRoutes = { ...savedOperationRestRoutes };
