export { buildInventorySchema, inventoryRestRoutes } from './schema.ts';
