import type { SubgraphModule } from '@platform/graphql-kit';
import { buildInventorySchema, inventoryGraphqlOnlyFields, inventoryRestExamples, inventoryRestRoutes } from './schema.ts';
import { stockPort } from './stock-port.ts';
import { deleteInventoryData } from './tenant-data.ts';

/** Inventory: warehouses, items (SKUs), stock levels and the stock movement history. */
export const inventorySubgraph: SubgraphModule = {
  name: 'inventory',
  buildSchema: buildInventorySchema,
  restRoutes: inventoryRestRoutes,
  restExamples: inventoryRestExamples,
  restTags: {
    Inventory: 'Warehouses, items (SKUs), stock levels and the history of stock movements.',
  },
  graphqlOnlyFields: inventoryGraphqlOnlyFields,
  deleteTenantData: deleteInventoryData,
  provides: { stock: stockPort },
};
