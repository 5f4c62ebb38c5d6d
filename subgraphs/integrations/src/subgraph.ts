import type { SubgraphModule } from '@platform/graphql-kit';
import { buildIntegrationsSchema, integrationsRestRoutes } from './schema/index.ts';
import { deleteIntegrationsData } from './tenant-data.ts';

/** Integrations: connectors to other systems, field mappings, sync jobs, failed records and their replay. */
export const integrationsSubgraph: SubgraphModule = {
  name: 'integrations',
  buildSchema: buildIntegrationsSchema,
  restRoutes: integrationsRestRoutes,
  graphqlOnlyFields: [],
  deleteTenantData: deleteIntegrationsData,
};
