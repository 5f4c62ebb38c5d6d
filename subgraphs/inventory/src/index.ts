export { buildInventorySchema, inventoryGraphqlOnlyFields, inventoryRestRoutes } from './schema.ts';
export { deleteInventoryData } from './tenant-data.ts';
