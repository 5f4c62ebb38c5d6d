import { expect } from 'vitest';
import { accessToken, apiClient, type ApiClient, createAccount, json, type List, platformUrl, type Problem, problemOf } from './fixtures.ts';

/** An inventory item as REST returns it. */
export interface StockItem {
  id: string;
  name: string;
  quantity_on_hand: number;
  reorder_point: number;
  warehouse_id: string;
  allow_backorder: boolean;
  unit_cost: number | null;
  currency: string | null;
  stock_value: { currency: string; amount: number } | null;
  version: number;
  last_synced_at: string;
  created_at: string;
  updated_at: string;
  archived_at: string | null;
}

export interface Warehouse {
  id: string;
  name: string;
  stock_value: Array<{ currency: string; amount: number }>;
  version: number;
  created_at: string;
  updated_at: string;
  archived_at: string | null;
}

export interface Movement {
  id: string;
  item_id: string;
  warehouse_id: string;
  kind: 'receipt' | 'adjustment' | 'transfer_out' | 'transfer_in' | 'fulfilment';
  quantity: number;
  quantity_after: number;
  reason: string | null;
  source_type: string | null;
  source_id: string | null;
  source_line_id: string | null;
  transfer_id: string | null;
  created_at: string;
}


export const INVENTORY_SCOPES = ['inventory:read', 'inventory:write'];

/** A REST/GraphQL client that can also send extra headers (If-Match). */
export interface InventoryApi extends ApiClient {
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
}

export interface InventoryAccount {
  tenantId: string;
  api: InventoryApi;
  /** The same account with a token holding only `inventory:read`. */
  reader: InventoryApi;
}

function inventoryApi(token: string, tenantId: string): InventoryApi {
  const base = apiClient(token, tenantId);
  return {
    ...base,
    request: (method, path, body, headers = {}) =>
      fetch(`${platformUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'x-service-tenant': tenantId, ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      }),
  };
}

export async function inventoryAccount(): Promise<InventoryAccount> {
  const account = await createAccount({ scopes: INVENTORY_SCOPES });
  return {
    tenantId: account.tenantId,
    api: inventoryApi(await accessToken(account.clientId, account.clientSecret), account.tenantId),
    reader: inventoryApi(await accessToken(account.clientId, account.clientSecret, 'inventory:read'), account.tenantId),
  };
}


/** The problem of a refused request, checking its status, code and (when given) the fields at fault. */
export async function refusal(response: Response, status: number, code: string, fields?: string[]): Promise<Problem> {
  const problem = await problemOf(response);
  expect({ status: problem.status, code: problem.code }).toEqual({ status, code });
  if (fields) expect(problem.errors?.map((error) => error.field).sort()).toEqual([...fields].sort());
  return problem;
}

export async function createWarehouse(api: ApiClient, name: string): Promise<string> {
  return (await json<Warehouse>(await api.send('POST', '/v1/inventory/warehouses', { name }), 201)).id;
}

export async function createItem(api: ApiClient, body: { id: string; warehouse_id: string; quantity_on_hand?: number; reorder_point?: number; name?: string; allow_backorder?: boolean; unit_cost?: number; currency?: string }): Promise<StockItem> {
  return json<StockItem>(await api.send('POST', '/v1/inventory/items', { name: `Item ${body.id}`, quantity_on_hand: 0, reorder_point: 0, ...body }), 201);
}

export const getItem = async (api: ApiClient, id: string) => json<StockItem>(await api.get(`/v1/inventory/items/${encodeURIComponent(id)}`));

export const action = (api: ApiClient, id: string, verb: string, body: unknown) => api.send('POST', `/v1/inventory/items/${encodeURIComponent(id)}/${verb}`, body);

/** Every movement of an item, oldest first. */
export async function movementsOf(api: ApiClient, itemId: string): Promise<Movement[]> {
  const movements: Movement[] = [];
  for (let page = 1; ; page++) {
    const list = await json<List<Movement>>(await api.get(`/v1/inventory/movements?item_id=${encodeURIComponent(itemId)}&sort=created_at&per_page=100&page=${page}`));
    movements.push(...list.data);
    if (movements.length >= list.meta.total || list.data.length === 0) return movements;
  }
}

/** The item's stock levels by warehouse id, through GraphQL. */
export async function levelsOf(api: ApiClient, itemId: string): Promise<Record<string, number>> {
  const body = await json<{ data: { inventory_item: { stock_levels: Array<{ warehouse_id: string; quantity_on_hand: number }> } } }>(
    await api.graphql('query($id: String!) { inventory_item(id: $id) { stock_levels { warehouse_id quantity_on_hand } } }', { id: itemId }),
  );
  return Object.fromEntries(body.data.inventory_item.stock_levels.map((level) => [level.warehouse_id, level.quantity_on_hand]));
}

/**
 * The stock invariant, read through the API only: the item's quantity_on_hand = the sum of its
 * levels = the sum of its movements; each level = the sum of its warehouse's movements = the
 * quantity_after of the latest of them. Returns the levels.
 */
export async function expectConsistentStock(api: ApiClient, itemId: string): Promise<Record<string, number>> {
  const [item, levels, movements] = await Promise.all([getItem(api, itemId), levelsOf(api, itemId), movementsOf(api, itemId)]);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  expect(sum(Object.values(levels))).toBe(item.quantity_on_hand);
  expect(sum(movements.map((movement) => movement.quantity))).toBe(item.quantity_on_hand);
  for (const [warehouseId, quantity] of Object.entries(levels)) {
    const here = movements.filter((movement) => movement.warehouse_id === warehouseId);
    expect(sum(here.map((movement) => movement.quantity))).toBe(quantity);
    // Replaying the movements in order gives each one's quantity_after.
    let running = 0;
    for (const movement of here) {
      running += movement.quantity;
      expect(movement.quantity_after).toBe(running);
    }
  }
  return levels;
}
