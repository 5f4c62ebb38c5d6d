import { createSubgraphBuilder } from '@platform/graphql-kit';
import type { GraphQLSchema } from 'graphql';
import { bulkMutationRestRoutes, defineBulkMutationSchema } from '../mutations/index.ts';
import { defineExportSchema, exportRestRoutes } from './exports.ts';

/** The bulk subgraph: exports of list queries, bulk mutations over uploaded lines. */
export function buildBulkSchema(): GraphQLSchema {
  const builder = createSubgraphBuilder();
  builder.queryType({});
  builder.mutationType({});
  defineExportSchema(builder);
  defineBulkMutationSchema(builder);
  return builder.toSubGraphSchema({ linkUrl: 'https://specs.apollo.dev/federation/v2.6' });
}

export const bulkRestRoutes = { ...exportRestRoutes, ...bulkMutationRestRoutes };
