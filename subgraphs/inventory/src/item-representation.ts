import type { InventoryItem } from '@platform/db';

/** An inventory item as `GET /v1/inventory/items/:id` shows it (the fields of `InventoryItem` that are not GraphQL-only). */
export interface ItemRepresentation {
  id: string;
  name: string;
  quantity_on_hand: number;
  reorder_point: number;
  warehouse_id: string;
  allow_backorder: boolean;
  unit_cost: number | null;
  currency: string | null;
  stock_value: ItemStockValue | null;
  version: number;
  last_synced_at: string;
  created_at: string;
  updated_at: string;
  archived_at: string | null;
}

/**
 * The REST representation of an item, for the `data` of its events. Keep it in step with the
 * `InventoryItem` type (schema/types.ts): the event-sources contract test compares an event's
 * `data` with the REST answer field by field.
 */
export function itemRepresentation(item: InventoryItem): ItemRepresentation {
  return {
    id: item.id,
    name: item.name,
    quantity_on_hand: item.quantity_on_hand,
    reorder_point: item.reorder_point,
    warehouse_id: item.warehouse_id,
    allow_backorder: item.allow_backorder,
    unit_cost: item.unit_cost === null ? null : Number(item.unit_cost),
    currency: item.currency,
    stock_value: stockValueOfItem(item),
    version: item.version,
    last_synced_at: item.last_synced_at.toISOString(),
    created_at: item.created_at.toISOString(),
    updated_at: item.updated_at.toISOString(),
    archived_at: item.archived_at?.toISOString() ?? null,
  };
}

/** An amount in one currency (the `MoneyAmount` type). */
export interface ItemStockValue {
  currency: string;
  amount: number;
}

/** The value of an item's stock, `quantity_on_hand` × `unit_cost`, from the row already read (no statement of its own); null without a cost. */
export function stockValueOfItem(item: Pick<InventoryItem, 'quantity_on_hand' | 'unit_cost' | 'currency'>): ItemStockValue | null {
  if (item.unit_cost === null || item.currency === null) return null;
  return { currency: item.currency, amount: item.quantity_on_hand * Number(item.unit_cost) };
}
