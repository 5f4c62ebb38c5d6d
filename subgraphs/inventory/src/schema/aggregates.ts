import { Prisma } from '@platform/db';
import { type AggregateDeclaration, type RestRoutes, type SubgraphBuilder, aggregateRoute, atMost, atOrAfter, before, condition, containsText, defineAggregateField, defineEntityAggregateField, equalTo, inputRules, isSet, checkedFilter, searchText } from '@platform/graphql-kit';
import type { InventoryTypes } from './types.ts';

/** Written as the item list and its partial indexes state it (migration 0015). */
const BELOW_REORDER_POINT = 'r.quantity_on_hand < r.reorder_point';

/** Items with the filters of `inventory_items`: how much stock, below which thresholds, worth how much per currency. */
export const itemAggregates: AggregateDeclaration = {
  name: 'inventory_items',
  typeName: 'InventoryItem',
  records: 'inventory items',
  scope: 'inventory:read',
  from: 'inventory_items r',
  filters: {
    reorder_below: condition(
      (arg) => arg.boolean({ required: false, description: '`true`: only items below their reorder point (`quantity_on_hand < reorder_point`); `false`: only items at or above it.' }),
      (below: boolean) => Prisma.raw(below ? BELOW_REORDER_POINT : `NOT (${BELOW_REORDER_POINT})`),
    ),
    warehouse_id: equalTo('r.warehouse_id', (arg) => arg.string({ required: false, description: 'Only items whose home warehouse is this one.' })),
    archived: isSet('r.archived_at', (arg) => arg.boolean({ required: false, description: '`true`: only archived items; `false` (default): only active ones.' }), false),
    q: checkedFilter('q', searchText, containsText(['r.id', 'r.name'], (arg) => arg.string({ required: false, description: 'Only items whose SKU or name contains this text, ignoring case (1 to 200 characters).', extensions: inputRules(searchText) }))),
    quantity_on_hand_min: atOrAfter('r.quantity_on_hand', (arg) => arg.int({ required: false, description: 'Only items with at least this `quantity_on_hand` (over all warehouses).' })),
    quantity_on_hand_max: atMost('r.quantity_on_hand', (arg) => arg.int({ required: false, description: 'Only items with at most this `quantity_on_hand` (over all warehouses).' })),
    reorder_point_min: atOrAfter('r.reorder_point', (arg) => arg.int({ required: false, description: 'Only items whose `reorder_point` is at least this.' })),
    reorder_point_max: atMost('r.reorder_point', (arg) => arg.int({ required: false, description: 'Only items whose `reorder_point` is at most this.' })),
    unit_cost_min: atOrAfter('r.unit_cost', (arg) => arg({ type: 'MinorUnits', required: false, description: 'Only items whose `unit_cost` is at least this, in minor units of the item’s `currency`; items without a cost are left out.' })),
    unit_cost_max: atMost('r.unit_cost', (arg) => arg({ type: 'MinorUnits', required: false, description: 'Only items whose `unit_cost` is at most this, in minor units of the item’s `currency`; items without a cost are left out.' })),
  },
  dimensions: {
    warehouse_id: { sql: 'r.warehouse_id', type: 'String', description: 'The home warehouse.' },
    below_reorder_point: { sql: `(${BELOW_REORDER_POINT})`, type: 'Boolean', description: 'Whether the item is below its reorder point (`quantity_on_hand < reorder_point`).' },
    allow_backorder: { sql: 'r.allow_backorder', type: 'Boolean', description: 'Whether the item takes backorders.' },
    archived: { sql: '(r.archived_at IS NOT NULL)', type: 'Boolean', description: 'Whether the item is archived (with `archived: true`).' },
    currency: { sql: 'r.currency', type: 'String', description: 'The currency of the unit cost (ISO 4217); null for items without a cost.' },
  },
  times: {
    created_at: { sql: 'r.created_at', description: 'Creation.' },
    updated_at: { sql: 'r.updated_at', description: 'Last change.' },
    archived_at: { sql: 'r.archived_at', description: 'Archiving.' },
  },
  measures: {
    quantity_on_hand: { sql: 'r.quantity_on_hand', description: 'Stock over all warehouses.' },
    reorder_point: { sql: 'r.reorder_point', description: 'Reorder points.' },
    unit_cost: { sql: 'r.unit_cost', money: true, description: 'Unit costs (items without a cost are left out).' },
    stock_value: { sql: 'r.quantity_on_hand::bigint * r.unit_cost', money: true, description: 'Stock values: `quantity_on_hand` × `unit_cost` (negative while backordered; items without a cost are left out).' },
  },
  currency: 'r.currency',
  distinct: {
    warehouse_id: { sql: 'r.warehouse_id', description: 'Home warehouses.' },
    currency: { sql: 'r.currency', description: 'Currencies of unit costs.' },
  },
};

/** Stock movements with the filters of `stock_movements`: what came in and went out, where, why and when. */
export function movementAggregates({ StockMovementKind }: InventoryTypes): AggregateDeclaration {
  return {
    name: 'stock_movements',
    typeName: 'StockMovement',
    records: 'stock movements',
    scope: 'inventory:read',
    from: 'stock_movements r',
    filters: {
      item_id: equalTo('r.item_id', (arg) => arg.string({ required: false, description: 'Only movements of this SKU.' })),
      warehouse_id: equalTo('r.warehouse_id', (arg) => arg.string({ required: false, description: 'Only movements in this warehouse.' })),
      kind: equalTo('r.kind', (arg) => arg({ type: StockMovementKind, required: false, description: 'Only movements of this kind.' }), 'stock_movement_kind'),
      source_id: equalTo('r.source_id', (arg) => arg.string({ required: false, description: 'Only movements caused by this order.' })),
      created_after: atOrAfter('r.created_at', (arg) => arg({ type: 'DateTime', required: false, description: 'Only movements recorded at or after this instant.' })),
      created_before: before('r.created_at', (arg) => arg({ type: 'DateTime', required: false, description: 'Only movements recorded before this instant.' })),
      quantity_min: atOrAfter('r.quantity', (arg) => arg.int({ required: false, description: 'Only movements whose signed `quantity` is at least this (`1`: stock in only).' })),
      quantity_max: atMost('r.quantity', (arg) => arg.int({ required: false, description: 'Only movements whose signed `quantity` is at most this (`-1`: stock out only).' })),
    },
    dimensions: {
      item_id: { sql: 'r.item_id', type: 'String', description: 'The SKU.' },
      warehouse_id: { sql: 'r.warehouse_id', type: 'String', description: 'The warehouse whose stock changed.' },
      kind: { sql: 'r.kind', type: StockMovementKind, description: 'Why the stock changed.' },
      source_type: { sql: 'r.source_type', type: 'String', description: 'What caused the movement (`sales_order`, `purchase_order`); null for changes made through the inventory API.' },
    },
    times: { created_at: { sql: 'r.created_at', description: 'Recording.' } },
    measures: { quantity: { sql: 'r.quantity', description: 'Signed changes: the sum is the net change of stock.' } },
    distinct: {
      item_id: { sql: 'r.item_id', description: 'SKUs.' },
      warehouse_id: { sql: 'r.warehouse_id', description: 'Warehouses.' },
      source_id: { sql: 'r.source_id', description: 'Orders that caused movements.' },
    },
  };
}

/** Inventory's aggregates: `inventory_items_aggregate`, `stock_movements_aggregate`, and per item and per warehouse. */
export function defineInventoryAggregates(builder: SubgraphBuilder, types: InventoryTypes): void {
  const movements = movementAggregates(types);
  defineEntityAggregateField(builder, types.InventoryItem, 'movements_aggregate', movements, { parentColumn: 'r.item_id', description: 'Aggregates of the stock movements of this SKU: net change, receipts and shipments per warehouse or period.' });
  defineEntityAggregateField(builder, types.Warehouse, 'items_aggregate', itemAggregates, { parentColumn: 'r.warehouse_id', description: 'Aggregates of the items whose home warehouse this is (their stock over all warehouses; `stock_value` holds the value of the stock held here).' });
  defineAggregateField(builder, itemAggregates);
  defineAggregateField(builder, movements);
}

export const inventoryAggregateRestRoutes: RestRoutes = {
  ...aggregateRoute('inventory_items', '/inventory/items/aggregate', ['Inventory']),
  ...aggregateRoute('stock_movements', '/inventory/movements/aggregate', ['Inventory']),
};

/** Aggregates as fields of entities: GraphQL only, like the other navigation fields. */
export const inventoryAggregateGraphqlOnlyFields = ['InventoryItem.movements_aggregate', 'Warehouse.items_aggregate'];
