export { buildInventorySchema, inventoryGraphqlOnlyFields, inventoryRestRoutes } from './schema.ts';
