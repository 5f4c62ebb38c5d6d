import { type RestRoutes, createSubgraphBuilder } from '@platform/graphql-kit';
import type { GraphQLSchema } from 'graphql';
import { defineInventoryAggregates, inventoryAggregateGraphqlOnlyFields, inventoryAggregateRestRoutes } from './schema/aggregates.ts';
import { defineItemSchema } from './schema/items.ts';
import { defineMovementSchema } from './schema/movements.ts';
import { defineInventoryTypes } from './schema/types.ts';
import { defineWarehouseSchema } from './schema/warehouses.ts';

/** The inventory subgraph: warehouses, items (SKUs), stock levels per warehouse and the stock movement history. */
export function buildInventorySchema(): GraphQLSchema {
  const builder = createSubgraphBuilder();
  builder.queryType({});
  builder.mutationType({});
  const types = defineInventoryTypes(builder);
  defineItemSchema(builder, types);
  defineWarehouseSchema(builder, types);
  defineMovementSchema(builder, types);
  defineInventoryAggregates(builder, types);
  return builder.toSubGraphSchema({ linkUrl: 'https://specs.apollo.dev/federation/v2.6' });
}

/** Navigation fields the REST facade leaves out: REST returns the spec's flat records. */
export const inventoryGraphqlOnlyFields = ['InventoryItem.warehouse', 'InventoryItem.stock_levels', 'InventoryItem.movements', 'StockLevel.warehouse', 'StockLevel.item', 'Warehouse.stock_levels', ...inventoryAggregateGraphqlOnlyFields];

const tags = ['Inventory'];

export const inventoryRestRoutes: RestRoutes = {
  // Before `/inventory/items/:id`, like the CRM's: the static path wins.
  ...inventoryAggregateRestRoutes,
  'Query.inventory_items': { method: 'GET', path: '/inventory/items', tags },
  'Query.inventory_item': { method: 'GET', path: '/inventory/items/:id', tags },
  'Mutation.create_inventory_item': { method: 'POST', path: '/inventory/items', responseStatus: 201, tags },
  'Mutation.update_inventory_item': { method: 'PATCH', path: '/inventory/items/:id', tags },
  'Mutation.adjust_inventory_item': { method: 'POST', path: '/inventory/items/:id/adjust', tags },
  'Mutation.receive_inventory_item': { method: 'POST', path: '/inventory/items/:id/receive', tags },
  'Mutation.transfer_inventory_item': { method: 'POST', path: '/inventory/items/:id/transfer', tags },
  'Mutation.archive_inventory_item': { method: 'POST', path: '/inventory/items/:id/archive', tags },
  'Mutation.unarchive_inventory_item': { method: 'POST', path: '/inventory/items/:id/unarchive', tags },
  'Query.stock_movements': { method: 'GET', path: '/inventory/movements', tags },
  'Query.stock_movement': { method: 'GET', path: '/inventory/movements/:id', tags },
  'Query.warehouses': { method: 'GET', path: '/inventory/warehouses', tags },
  'Query.warehouse': { method: 'GET', path: '/inventory/warehouses/:id', tags },
  'Mutation.create_warehouse': { method: 'POST', path: '/inventory/warehouses', responseStatus: 201, tags },
  'Mutation.update_warehouse': { method: 'PATCH', path: '/inventory/warehouses/:id', tags },
  'Mutation.archive_warehouse': { method: 'POST', path: '/inventory/warehouses/:id/archive', tags },
};

/** The examples of the OpenAPI document for inventory items (ids are the tenant's SKUs). */
export const inventoryRestExamples: Record<string, unknown> = {
  InventoryItem: {
    id: 'SKU-1001',
    name: 'Ceramic mug, blue',
    quantity_on_hand: 240,
    reorder_point: 50,
    warehouse_id: 'wh_berlin',
    allow_backorder: false,
    unit_cost: 450,
    currency: 'EUR',
    stock_value: { currency: 'EUR', amount: 108000 },
    version: 4,
    last_synced_at: '2026-03-02T07:00:00.000Z',
    created_at: '2026-01-12T10:20:00.000Z',
    updated_at: '2026-03-02T07:00:00.000Z',
    archived_at: null,
  },
  CreateInventoryItemInput: { id: 'SKU-1001', name: 'Ceramic mug, blue', quantity_on_hand: 240, reorder_point: 50, warehouse_id: 'wh_berlin', allow_backorder: false, unit_cost: 450, currency: 'EUR' },
  UpdateInventoryItemInput: { reorder_point: 80, version: 4 },
};
