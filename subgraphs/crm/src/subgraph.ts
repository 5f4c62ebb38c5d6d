import type { SubgraphModule } from '@platform/graphql-kit';
import { ordersPort } from './orders-port.ts';
import { buildCrmSchema, crmGraphqlOnlyFields, crmRestExamples, crmRestRoutes } from './schema/index.ts';
import { deleteCrmData } from './tenant-data.ts';

/** CRM: customers (trading partners) with contacts and addresses, and sales and purchase orders. */
export const crmSubgraph: SubgraphModule = {
  name: 'crm',
  buildSchema: buildCrmSchema,
  restRoutes: crmRestRoutes,
  restExamples: crmRestExamples,
  restTags: {
    CRM: 'Customers with their contacts and addresses; sales and purchase orders and their lifecycle.',
  },
  graphqlOnlyFields: crmGraphqlOnlyFields,
  deleteTenantData: deleteCrmData,
  provides: { orders: ordersPort },
};
