import type { InventoryItem } from '@platform/db';

/** An inventory item as `GET /v1/inventory/items/:id` shows it (the fields of `InventoryItem` that are not GraphQL-only). */
export interface ItemRepresentation {
  id: string;
  name: string;
  quantity_on_hand: number;
  reorder_point: number;
  warehouse_id: string;
  allow_backorder: boolean;
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
    version: item.version,
    last_synced_at: item.last_synced_at.toISOString(),
    created_at: item.created_at.toISOString(),
    updated_at: item.updated_at.toISOString(),
    archived_at: item.archived_at?.toISOString() ?? null,
  };
}
