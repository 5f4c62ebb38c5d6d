import type { SubgraphModule } from '@platform/graphql-kit';
import { buildIntegrationsSchema, integrationsGraphqlOnlyFields, integrationsRestRoutes } from './schema/index.ts';
import { deleteIntegrationsData } from './tenant-data.ts';

/** Integrations: connectors to other systems, field mappings, sync jobs, failed records and their replay. */
export const integrationsSubgraph: SubgraphModule = {
  name: 'integrations',
  buildSchema: buildIntegrationsSchema,
  restRoutes: integrationsRestRoutes,
  restTags: {
    Connectors: 'Connections to other systems (credentials sealed, never returned), their versioned field mappings and previews.',
    Sync: 'Sync jobs of connectors: start, follow, cancel; the records a job could not write, and their replay.',
  },
  graphqlOnlyFields: integrationsGraphqlOnlyFields,
  deleteTenantData: deleteIntegrationsData,
};
