import { type InventoryItem, type Prisma, newId } from '@platform/db';
import { ApiError, type FieldError } from '@platform/errors';
import type { EventEmitter, StockMovementSource } from '@platform/graphql-kit';
import { itemRepresentation } from '../item-representation.ts';

export type MovementKind = 'receipt' | 'adjustment' | 'transfer_out' | 'transfer_in' | 'fulfilment';

/** One change of one stock level, as every writer of stock describes it. */
export interface StockOperation {
  item_id: string;
  /** Default: the item's home warehouse (read under the item's lock). */
  warehouse_id?: string | undefined;
  /** Signed and non-zero; the sign must match the kind (see the migration's CHECK). */
  quantity: number;
  kind: MovementKind;
  reason?: string | null | undefined;
  source?: StockMovementSource | null | undefined;
  /** Pairs the two movements of a transfer. */
  transfer_id?: string | undefined;
  /** The field reported when the change is refused (unknown or archived item, not enough stock). */
  field: string;
  /** The field reported when the warehouse is unknown or archived; default `field`. */
  warehouse_field?: string | undefined;
}

export interface StockOptions {
  /** Leave the items' `version` as it is (the creation of an item records its initial stock at version 1). */
  keepVersion?: boolean;
}

/** PostgreSQL INTEGER: no level or item total may pass it. */
const MAX_STOCK = 2_147_483_647;

const levelKey = (itemId: string, warehouseId: string) => `${itemId}\u0000${warehouseId}`;

/**
 * THE way stock changes: every stock change of the subgraph (the item actions, PATCH of
 * `quantity_on_hand`, the initial stock of a new item, and the StockPort used by other domains)
 * comes through here, so the invariants hold in one place:
 *
 * - an item's `quantity_on_hand` = the sum of its `stock_levels` = the sum of its movements;
 * - a level never falls below zero unless the item allows backorders;
 * - every change leaves one `stock_movements` row with the level after it.
 *
 * Locking, in one fixed order so that concurrent changes neither oversell nor deadlock: the items
 * (`FOR UPDATE`, by id), then their warehouses (`FOR SHARE`, by id: archiving a warehouse waits
 * for stock moving into it), then the levels (`FOR UPDATE`, by item id and warehouse id). Every
 * check is made on the locked rows, and nothing is written before every operation passed: a
 * refusal throws (`rule_violation`, then `insufficient_stock`, each naming every operation at
 * fault) and the caller's transaction rolls back.
 *
 * Events: an item whose total goes from at or above its `reorder_point` to below it emits
 * `inventory.stock.low` through `emitter`, in the same transaction (see `crossedBelowReorderPoint`).
 * The comparison is made on the item row locked above, so of concurrent decrements exactly the
 * one that crosses emits.
 *
 * Returns the changed items, as written.
 */
export async function applyStockOperations(
  tx: Prisma.TransactionClient,
  tenantId: string,
  allOperations: readonly StockOperation[],
  emitter: EventEmitter,
  options: StockOptions = {},
): Promise<Map<string, InventoryItem>> {
  const changed = new Map<string, InventoryItem>();
  // A change of nothing moves nothing (and would break the movements' non-zero CHECK).
  const operations = allOperations.filter((operation) => operation.quantity !== 0);
  if (operations.length === 0) return changed;

  const itemIds = [...new Set(operations.map((operation) => operation.item_id))];
  const items = await tx.$queryRaw<InventoryItem[]>`
    SELECT * FROM inventory_items WHERE tenant_id = ${tenantId} AND id = ANY(${itemIds}::text[]) ORDER BY id FOR UPDATE`;
  const itemById = new Map(items.map((item) => [item.id, item]));

  const resolved = operations.map((operation) => ({ ...operation, warehouse_id: operation.warehouse_id ?? itemById.get(operation.item_id)?.warehouse_id }));
  const warehouseIds = [...new Set(resolved.flatMap((operation) => (operation.warehouse_id === undefined ? [] : [operation.warehouse_id])))];
  const warehouses = await tx.$queryRaw<Array<{ id: string; archived_at: Date | null }>>`
    SELECT id, archived_at FROM warehouses WHERE tenant_id = ${tenantId} AND id = ANY(${warehouseIds}::text[]) ORDER BY id FOR SHARE`;
  const warehouseById = new Map(warehouses.map((warehouse) => [warehouse.id, warehouse]));

  const invalid: FieldError[] = [];
  for (const operation of resolved) {
    const item = itemById.get(operation.item_id);
    if (!item) {
      invalid.push({ field: operation.field, message: `No inventory item ${operation.item_id} exists in this tenant.` });
      continue;
    }
    if (item.archived_at !== null && operation.kind !== 'adjustment') {
      invalid.push({ field: operation.field, message: `Inventory item ${item.id} is archived; only adjustments change its stock.` });
    }
    const warehouse = operation.warehouse_id === undefined ? undefined : warehouseById.get(operation.warehouse_id);
    if (!warehouse) invalid.push({ field: operation.warehouse_field ?? operation.field, message: `No warehouse ${operation.warehouse_id} exists in this tenant.` });
    else if (warehouse.archived_at !== null) invalid.push({ field: operation.warehouse_field ?? operation.field, message: `Warehouse ${warehouse.id} is archived.` });
  }
  if (invalid.length > 0) throw new ApiError('rule_violation', invalid.map((error) => error.message).join(' '), { errors: invalid });

  const pairs = [...new Map(resolved.map((operation) => [levelKey(operation.item_id, operation.warehouse_id as string), operation])).values()];
  const pairItems = pairs.map((operation) => operation.item_id);
  const pairWarehouses = pairs.map((operation) => operation.warehouse_id as string);
  // The item locks are held, so no other transaction creates these levels meanwhile.
  await tx.$executeRaw`
    INSERT INTO stock_levels (tenant_id, item_id, warehouse_id, quantity_on_hand)
    SELECT ${tenantId}, pair.item_id, pair.warehouse_id, 0 FROM unnest(${pairItems}::text[], ${pairWarehouses}::text[]) AS pair(item_id, warehouse_id)
    ON CONFLICT DO NOTHING`;
  const levels = await tx.$queryRaw<Array<{ item_id: string; warehouse_id: string; quantity_on_hand: number }>>`
    SELECT item_id, warehouse_id, quantity_on_hand FROM stock_levels
    WHERE tenant_id = ${tenantId} AND (item_id, warehouse_id) IN (SELECT * FROM unnest(${pairItems}::text[], ${pairWarehouses}::text[]))
    ORDER BY item_id, warehouse_id FOR UPDATE`;
  const level = new Map(levels.map((row) => [levelKey(row.item_id, row.warehouse_id), row.quantity_on_hand]));

  const now = new Date();
  const short: FieldError[] = [];
  const tooLarge: FieldError[] = [];
  const itemDelta = new Map<string, number>();
  const movements: Prisma.StockMovementCreateManyInput[] = [];
  for (const operation of resolved) {
    const item = itemById.get(operation.item_id) as InventoryItem;
    const warehouseId = operation.warehouse_id as string;
    const key = levelKey(item.id, warehouseId);
    const before = level.get(key) ?? 0;
    const after = before + operation.quantity;
    if (operation.quantity < 0 && after < 0 && !item.allow_backorder) {
      short.push({ field: operation.field, message: `${item.id} has ${before} on hand in warehouse ${warehouseId}; taking ${-operation.quantity} would leave ${after}, and the item does not allow backorders.` });
    }
    if (Math.abs(after) > MAX_STOCK) tooLarge.push({ field: operation.field, message: `would take the stock of ${item.id} in warehouse ${warehouseId} past ${MAX_STOCK}.` });
    level.set(key, after);
    itemDelta.set(item.id, (itemDelta.get(item.id) ?? 0) + operation.quantity);
    movements.push({
      tenant_id: tenantId,
      id: newId('mov'),
      item_id: item.id,
      warehouse_id: warehouseId,
      kind: operation.kind,
      quantity: operation.quantity,
      quantity_after: after,
      reason: operation.reason ?? null,
      source_type: operation.source?.type ?? null,
      source_id: operation.source?.id ?? null,
      source_line_id: operation.source?.line_id ?? null,
      transfer_id: operation.transfer_id ?? null,
      created_at: now,
    });
  }
  for (const [itemId, delta] of itemDelta) {
    const total = (itemById.get(itemId) as InventoryItem).quantity_on_hand + delta;
    const field = resolved.find((operation) => operation.item_id === itemId)?.field ?? '';
    if (Math.abs(total) > MAX_STOCK && !tooLarge.some((error) => error.field === field)) tooLarge.push({ field, message: `would take the total stock of ${itemId} past ${MAX_STOCK}.` });
  }
  if (tooLarge.length > 0) throw new ApiError('rule_violation', `The change is too large: ${tooLarge.map((error) => error.message).join(' ')}`, { errors: tooLarge });
  if (short.length > 0) throw new ApiError('insufficient_stock', short.map((error) => error.message).join(' '), { errors: short });

  const changedKeys = [...new Set(resolved.map((operation) => levelKey(operation.item_id, operation.warehouse_id as string)))];
  const updateItems = changedKeys.map((key) => key.split('\u0000')[0] as string);
  const updateWarehouses = changedKeys.map((key) => key.split('\u0000')[1] as string);
  const updateQuantities = changedKeys.map((key) => level.get(key) as number);
  await tx.$executeRaw`
    UPDATE stock_levels AS level SET quantity_on_hand = change.quantity, updated_at = ${now}
    FROM unnest(${updateItems}::text[], ${updateWarehouses}::text[], ${updateQuantities}::int[]) AS change(item_id, warehouse_id, quantity)
    WHERE level.tenant_id = ${tenantId} AND level.item_id = change.item_id AND level.warehouse_id = change.warehouse_id`;
  await tx.stockMovement.createMany({ data: movements });

  for (const [itemId, delta] of itemDelta) {
    const item = itemById.get(itemId) as InventoryItem;
    const quantityAfter = item.quantity_on_hand + delta;
    const written = await tx.inventoryItem.update({
      where: { tenant_id_id: { tenant_id: tenantId, id: itemId } },
      data: { quantity_on_hand: quantityAfter, last_synced_at: now, updated_at: now, ...(options.keepVersion ? {} : { version: { increment: 1 } }) },
    });
    changed.set(itemId, written);
    if (crossedBelowReorderPoint(item, written)) {
      await emitter.events.emit(tx, tenantId, { type: 'inventory.stock.low', data: itemRepresentation(written), resource: { type: 'inventory_item', id: itemId } }, emitter.source);
    }
  }
  return changed;
}

/**
 * Whether a stock change makes the item low: its total was at or above its reorder point before
 * the change and is below it after (`before >= reorder_point > after`). Once per crossing: later
 * decrements of an item already below start below and do not cross; a restock to at least the
 * reorder point re-arms it. Only a change of the quantity crosses: raising `reorder_point` above
 * the stock moves no stock and emits nothing (the item then shows in `reorder_below=true`).
 * Archived items never emit: nobody reorders a SKU taken out of use.
 */
export function crossedBelowReorderPoint(before: Pick<InventoryItem, 'quantity_on_hand'>, after: Pick<InventoryItem, 'quantity_on_hand' | 'reorder_point' | 'archived_at'>): boolean {
  return after.archived_at === null && before.quantity_on_hand >= after.reorder_point && after.quantity_on_hand < after.reorder_point;
}
