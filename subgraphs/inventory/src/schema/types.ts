import type { InventoryItem, Warehouse } from '@platform/db';
import { ApiError } from '@platform/errors';
import { type PageWindow, type SubgraphBuilder, type SubgraphContext, batchLoader, pageWindow } from '@platform/graphql-kit';
import { type ItemStockValue, stockValueOfItem } from '../item-representation.ts';
import { findItems, levelsOfItems, type StockLevelRow } from '../repositories/items.ts';
import { latestMovementsOfItems, type StockMovementRow } from '../repositories/movements.ts';
import { type WarehouseStockFilter, type WarehouseStockValueRow, stockLevelsOfWarehouses, stockValueOfWarehouses } from '../repositories/warehouse-stock.ts';
import { findWarehouses } from '../repositories/warehouses.ts';

export const INVENTORY_SCOPES = ['inventory:read', 'inventory:write'];

/** Per-request loaders: N parents (a page of items, the gateway's entity representations) make one query per field. */
export const loaders = {
  item: (context: SubgraphContext) => batchLoader(context, 'inventory.item', (ids: readonly string[]) => findItems(context.prisma, context.principal.tenantId, ids), (item: InventoryItem) => item.id),
  warehouse: (context: SubgraphContext) =>
    batchLoader(context, 'inventory.warehouse', (ids: readonly string[]) => findWarehouses(context.prisma, context.principal.tenantId, ids), (warehouse: Warehouse) => warehouse.id),
  stockLevels: (context: SubgraphContext) =>
    batchLoader(context, 'inventory.stock_levels', (ids: readonly string[]) => levelsOfItems(context.prisma, context.principal.tenantId, ids), (level: StockLevelRow) => level.item_id, { groupBy: true }),
  movements: (context: SubgraphContext, window: PageWindow) =>
    batchLoader(context, `inventory.movements.${window.page}.${window.per_page}`, (ids: readonly string[]) => latestMovementsOfItems(context.prisma, context.principal.tenantId, ids, window), (movement: StockMovementRow) => movement.item_id, {
      groupBy: true,
    }),
  /** One page of each warehouse's levels: one loader (one statement) per distinct filter and page. */
  warehouseStockLevels: (context: SubgraphContext, filter: WarehouseStockFilter, window: PageWindow) =>
    batchLoader(
      context,
      `inventory.warehouse_stock_levels.${String(filter.reorder_below ?? null)}.${window.page}.${window.per_page}`,
      (ids: readonly string[]) => stockLevelsOfWarehouses(context.prisma, context.principal.tenantId, ids, filter, window),
      (level: StockLevelRow) => level.warehouse_id,
      { groupBy: true },
    ),
  warehouseStockValue: (context: SubgraphContext) =>
    batchLoader(context, 'inventory.warehouse_stock_value', (ids: readonly string[]) => stockValueOfWarehouses(context.prisma, context.principal.tenantId, ids), (row: WarehouseStockValueRow) => row.warehouse_id, { groupBy: true }),
};

async function required<Row>(row: Promise<Row | null>, what: string): Promise<Row> {
  const found = await row;
  // Foreign keys make this impossible; a clear error beats a null in a non-null field.
  if (!found) throw new ApiError('internal_error', `${what} is missing`);
  return found;
}

/** The object types of the subgraph, shared by its modules. */
export function defineInventoryTypes(builder: SubgraphBuilder) {
  // The same type as finance's (shareable): an amount is always given with its currency.
  const MoneyAmount = builder.objectRef<ItemStockValue>('MoneyAmount').implement({
    description: 'An amount of money in one currency.',
    shareable: true,
    fields: (t) => ({
      currency: t.exposeString('currency', { description: 'ISO 4217 currency code, 3 upper-case letters.' }),
      amount: t.expose('amount', { type: 'MinorUnits', description: 'Amount in minor units of `currency`.' }),
    }),
  });

  const Warehouse = builder.objectRef<Warehouse>('Warehouse').implement({
    description: 'A place where stock is held. Archived warehouses take no more stock and leave the warehouse list unless `archived=true`.',
    authScopes: { anyScope: INVENTORY_SCOPES },
    fields: (t) => ({
      id: t.exposeString('id', { description: 'Warehouse identifier, assigned by the platform (`wh_…`).' }),
      name: t.exposeString('name', { description: 'Warehouse name, 1 to 200 characters.' }),
      version: t.exposeInt('version', { description: 'Incremented by every change; send it back as `version` (or REST `If-Match: "<version>"`) to refuse a change based on an older read.' }),
      created_at: t.expose('created_at', { type: 'DateTime', description: 'When the warehouse was created.' }),
      updated_at: t.expose('updated_at', { type: 'DateTime', description: 'When the warehouse last changed.' }),
      archived_at: t.expose('archived_at', { type: 'DateTime', nullable: true, description: 'When the warehouse was archived; null while it is active.' }),
      stock_value: t.field({
        type: [MoneyAmount],
        description:
          'The value of the stock held here, per currency: each stock level’s quantity × its item’s `unit_cost`, summed per `currency` (amounts in different currencies are never added). Items without a `unit_cost` are left out; negative levels (backorders) count negatively. Ordered by currency; empty when nothing here has a cost.',
        resolve: (warehouse, _args, context) => loaders.warehouseStockValue(context).load(warehouse.id),
      }),
    }),
  });

  const StockLevel = builder.objectRef<StockLevelRow>('StockLevel').implement({
    description: 'The stock of one item in one warehouse: the sum of the item’s movements in that warehouse.',
    authScopes: { anyScope: INVENTORY_SCOPES },
    fields: (t) => ({
      item_id: t.exposeString('item_id', { description: 'The SKU whose stock this is.' }),
      warehouse_id: t.exposeString('warehouse_id', { description: 'The warehouse holding this stock.' }),
      quantity_on_hand: t.exposeInt('quantity_on_hand', { description: 'Units in this warehouse; below zero only for items that allow backorders.' }),
      warehouse: t.field({
        type: Warehouse,
        description: 'The warehouse holding this stock (GraphQL only).',
        resolve: (level, _args, context) => required(loaders.warehouse(context).load(level.warehouse_id), `warehouse ${level.warehouse_id}`),
      }),
    }),
  });

  builder.objectField(Warehouse, 'stock_levels', (t) =>
    t.field({
      type: [StockLevel],
      description:
        'The stock levels held here, by SKU, one page at a time (`page`, `per_page`): levels brought back to zero stay listed. `reorder_below: true` keeps the levels of active items whose total stock is below their reorder point (GraphQL only).',
      args: {
        reorder_below: t.arg.boolean({ required: false, description: '`true`: only levels of active items below their reorder point (`quantity_on_hand < reorder_point`, over all warehouses); `false`: only the others.' }),
        page: t.arg.int({ required: false, description: 'Page number, from 1. Default 1.' }),
        per_page: t.arg.int({ required: false, description: 'Levels per page, 1 to 100. Default 25.' }),
      },
      resolve: (warehouse, args, context) => loaders.warehouseStockLevels(context, { reorder_below: args.reorder_below }, pageWindow(args)).load(warehouse.id),
    }),
  );

  const StockMovementKind = builder.enumType('StockMovementKind', {
    description: 'Why stock changed.',
    values: {
      receipt: { description: 'Stock received (positive): goods in, a purchase order received, or the initial stock of a new item.' },
      adjustment: { description: 'A correction of either sign: a count, damage, loss, a PATCH of `quantity_on_hand`, or an opening balance.' },
      transfer_out: { description: 'The leaving half of a transfer (negative); `transfer_id` pairs it with its `transfer_in`.' },
      transfer_in: { description: 'The arriving half of a transfer (positive); `transfer_id` pairs it with its `transfer_out`.' },
      fulfilment: { description: 'Stock shipped (negative), for a sales order.' },
    } as const,
  });

  const StockMovement = builder.objectRef<StockMovementRow>('StockMovement').implement({
    description: 'One change of one stock level. The history is append-only: movements are never changed or deleted.',
    authScopes: { anyScope: INVENTORY_SCOPES },
    fields: (t) => ({
      id: t.exposeString('id', { description: 'Movement identifier, assigned by the platform (`mov_…`).' }),
      item_id: t.exposeString('item_id', { description: 'The SKU whose stock changed.' }),
      warehouse_id: t.exposeString('warehouse_id', { description: 'The warehouse whose stock level changed.' }),
      kind: t.field({ type: StockMovementKind, description: 'Why the stock changed.', resolve: (movement) => movement.kind }),
      quantity: t.exposeInt('quantity', { description: 'Signed change: positive adds stock, negative takes it out.' }),
      quantity_after: t.exposeInt('quantity_after', { description: 'The stock level of the item in this warehouse right after this movement.' }),
      reason: t.exposeString('reason', { nullable: true, description: 'Free text given with the change; null when none was given.' }),
      source_type: t.exposeString('source_type', { nullable: true, description: 'What caused the movement: `sales_order` or `purchase_order`; null for changes made through the inventory API.' }),
      source_id: t.exposeString('source_id', { nullable: true, description: 'The id of the order that caused the movement; null when `source_type` is.' }),
      source_line_id: t.exposeString('source_line_id', { nullable: true, description: 'The order line that caused the movement, when known.' }),
      transfer_id: t.exposeString('transfer_id', { nullable: true, description: 'Shared by the two movements of one transfer (`trf_…`); null for other kinds.' }),
      created_at: t.expose('created_at', { type: 'DateTime', description: 'When the movement was recorded.' }),
    }),
  });

  const InventoryItem = builder.objectRef<InventoryItem>('InventoryItem').implement({
    description: 'A stock-keeping unit. Its stock is held per warehouse (`stock_levels`); `warehouse_id` is its home warehouse.',
    authScopes: { anyScope: INVENTORY_SCOPES },
    fields: (t) => ({
      id: t.exposeString('id', { description: 'SKU identifier, chosen by the client; unique per tenant.' }),
      name: t.exposeString('name', { description: 'Item name.' }),
      quantity_on_hand: t.exposeInt('quantity_on_hand', { description: 'Current stock quantity: the sum of the item’s stock levels over all warehouses.' }),
      reorder_point: t.exposeInt('reorder_point', { description: 'Threshold used by the `inventory.stock.low` event: stock is low when `quantity_on_hand < reorder_point`.' }),
      warehouse_id: t.exposeString('warehouse_id', {
        description: 'Home warehouse of the item: where receipts, fulfilments and adjustments go unless they name another warehouse. Stock may also be held elsewhere (see `stock_levels`).',
      }),
      allow_backorder: t.exposeBoolean('allow_backorder', { description: 'When true, stock may fall below zero (orders are taken for stock not yet received); when false, such changes are refused with `insufficient_stock`.' }),
      unit_cost: t.field({
        type: 'MinorUnits',
        nullable: true,
        description: 'What one unit costs, in minor units of `currency` (0 to 1000000000); null when not known.',
        resolve: (item) => (item.unit_cost === null ? null : Number(item.unit_cost)),
      }),
      currency: t.exposeString('currency', { nullable: true, description: 'ISO 4217 code of `unit_cost`; null exactly when `unit_cost` is.' }),
      stock_value: t.field({
        type: MoneyAmount,
        nullable: true,
        description: 'The value of the item’s stock: `quantity_on_hand` × `unit_cost`, in `currency` (negative while backordered); null when the item has no `unit_cost`.',
        resolve: (item) => stockValueOfItem(item),
      }),
      version: t.exposeInt('version', { description: 'Incremented by every change (stock changes included); send it back as `version` (or REST `If-Match: "<version>"`) to refuse a change based on an older read.' }),
      last_synced_at: t.expose('last_synced_at', { type: 'DateTime', description: 'Time of the last synchronisation of this record (its creation or last change through the API, or a connector sync).' }),
      created_at: t.expose('created_at', { type: 'DateTime', description: 'When the item was created.' }),
      updated_at: t.expose('updated_at', { type: 'DateTime', description: 'When the item last changed.' }),
      archived_at: t.expose('archived_at', { type: 'DateTime', nullable: true, description: 'When the item was archived; null while it is active. Archived items only take adjustments.' }),
      warehouse: t.field({
        type: Warehouse,
        description: 'The home warehouse (GraphQL only).',
        resolve: (item, _args, context) => required(loaders.warehouse(context).load(item.warehouse_id), `warehouse ${item.warehouse_id}`),
      }),
      stock_levels: t.field({
        type: [StockLevel],
        description: 'Stock per warehouse, by warehouse id; levels brought back to zero stay listed (GraphQL only).',
        resolve: (item, _args, context) => loaders.stockLevels(context).load(item.id),
      }),
      movements: t.field({
        type: [StockMovement],
        description: 'The stock movements of the item, newest first, one page at a time (`page`, `per_page`) (GraphQL only; `stock_movements(item_id: ...)` also pages through them, with cursors).',
        args: {
          page: t.arg.int({ required: false, description: 'Page number, from 1. Default 1.' }),
          per_page: t.arg.int({ required: false, description: 'How many movements, 1 to 100. Default 25.' }),
        },
        resolve: (item, args, context) => loaders.movements(context, pageWindow(args)).load(item.id),
      }),
    }),
  });

  builder.objectField(StockLevel, 'item', (t) =>
    t.field({
      type: InventoryItem,
      description: 'The item whose stock this is (GraphQL only).',
      resolve: (level, _args, context) => required(loaders.item(context).load(level.item_id), `inventory item ${level.item_id}`),
    }),
  );

  builder.asEntity(InventoryItem, {
    key: builder.selection<{ id: string }>('id'),
    resolveReference: ({ id }, context) => loaders.item(context).load(id),
  });
  builder.asEntity(Warehouse, {
    key: builder.selection<{ id: string }>('id'),
    resolveReference: ({ id }, context) => loaders.warehouse(context).load(id),
  });

  return { MoneyAmount, Warehouse, StockLevel, StockMovement, StockMovementKind, InventoryItem };
}

export type InventoryTypes = ReturnType<typeof defineInventoryTypes>;
