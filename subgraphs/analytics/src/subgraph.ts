import type { SubgraphModule } from '@platform/graphql-kit';
import { analyticsRestRoutes, buildAnalyticsSchema } from './schema/index.ts';
import { deleteAnalyticsData } from './tenant-data.ts';

/** Analytics: the analysts' saved operations, run by name or as persisted documents. */
export const analyticsSubgraph: SubgraphModule = {
  name: 'analytics',
  buildSchema: buildAnalyticsSchema,
  restRoutes: analyticsRestRoutes,
  restTags: {
    'Saved operations': 'Named GraphQL operations of the tenant: saved with their variables and result schema, run by name (REST) or as persisted documents (GraphQL `documentId`).',
  },
  graphqlOnlyFields: [],
  deleteTenantData: deleteAnalyticsData,
};
