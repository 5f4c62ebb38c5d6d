import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type InventoryItem as Item, problemOf, signedInAccount } from '../support/fixtures.ts';

interface ItemList {
  data: Item[];
  meta: { total: number; page: number; per_page: number; next_cursor: string | null };
}

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * GET /v1/inventory/items against a tenant holding 27 items in two warehouses:
 * north holds 15 (5 of them below their reorder point), south 12 (4 below).
 */
describe('GET /v1/inventory/items', () => {
  let api: ApiClient;
  let north: string;
  let south: string;
  const items: Item[] = [];

  beforeAll(async () => {
    ({ api } = await signedInAccount(['inventory:read', 'inventory:write']));
    north = ((await (await api.send('POST', '/v1/inventory/warehouses', { name: 'North' })).json()) as { id: string }).id;
    south = ((await (await api.send('POST', '/v1/inventory/warehouses', { name: 'South' })).json()) as { id: string }).id;
    const inputs = Array.from({ length: 27 }, (_, index) => {
      const inNorth = index < 15;
      const below = inNorth ? index < 5 : index < 19;
      return {
        id: `SKU-${String(index).padStart(3, '0')}`,
        name: `Item ${index}`,
        quantity_on_hand: below ? 3 : 50 + index,
        reorder_point: 10,
        warehouse_id: inNorth ? north : south,
      };
    });
    // One item exactly at its reorder point: not below it.
    inputs[26] = { ...(inputs[26] as (typeof inputs)[number]), quantity_on_hand: 10 };
    for (const input of inputs) {
      const response = await api.send('POST', '/v1/inventory/items', input);
      expect(response.status).toBe(201);
      items.push((await response.json()) as Item);
    }
  });

  const list = async (query = '') => {
    const response = await api.get(`/v1/inventory/items${query}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    return (await response.json()) as ItemList;
  };

  it('returns the list envelope with every spec field of every item, typed as the spec says', async () => {
    const body = await list();
    expect(Object.keys(body).sort()).toEqual(['data', 'meta']);
    expect(body.meta).toEqual({ total: 27, page: 1, per_page: 25, next_cursor: expect.any(String), prev_cursor: null });
    expect(body.data).toHaveLength(25);
    for (const item of body.data) {
      expect(Object.keys(item).sort()).toEqual(['allow_backorder', 'archived_at', 'created_at', 'currency', 'id', 'last_synced_at', 'name', 'quantity_on_hand', 'reorder_point', 'stock_value', 'unit_cost', 'updated_at', 'version', 'warehouse_id']);
      expect(typeof item.id).toBe('string');
      expect(typeof item.name).toBe('string');
      expect(Number.isInteger(item.quantity_on_hand)).toBe(true);
      expect(Number.isInteger(item.reorder_point)).toBe(true);
      expect(typeof item.warehouse_id).toBe('string');
      expect(item).toMatchObject({ allow_backorder: false, version: 1, archived_at: null, created_at: expect.stringMatching(ISO_UTC), updated_at: expect.stringMatching(ISO_UTC) });
      expect(item.last_synced_at).toMatch(ISO_UTC);
    }
    expect(body.data[0]).toEqual(items[0]);
  });

  it('orders items by SKU', async () => {
    const ids = (await list('?per_page=100')).data.map((item) => item.id);
    expect(ids).toEqual([...ids].sort());
  });

  it('reorder_below=true keeps only items with quantity_on_hand below reorder_point', async () => {
    const body = await list('?reorder_below=true');
    expect(body.meta.total).toBe(9);
    expect(body.data.every((item) => item.quantity_on_hand < item.reorder_point)).toBe(true);
    expect(body.data.map((item) => item.id)).not.toContain('SKU-026');
  });

  it('reorder_below=false keeps only items at or above their reorder point', async () => {
    const body = await list('?reorder_below=false');
    expect(body.meta.total).toBe(18);
    expect(body.data.every((item) => item.quantity_on_hand >= item.reorder_point)).toBe(true);
  });

  it('warehouse_id keeps only that warehouse', async () => {
    const northItems = await list(`?warehouse_id=${north}`);
    expect(northItems.meta.total).toBe(15);
    expect(northItems.data.every((item) => item.warehouse_id === north)).toBe(true);
    expect((await list(`?warehouse_id=${south}`)).meta.total).toBe(12);
    expect((await list('?warehouse_id=wh_nonexistent')).meta.total).toBe(0);
  });

  it('combines filters', async () => {
    const northBelow = await list(`?reorder_below=true&warehouse_id=${north}`);
    expect(northBelow.meta.total).toBe(5);
    expect(northBelow.data.every((item) => item.warehouse_id === north && item.quantity_on_hand < item.reorder_point)).toBe(true);
    const southBelow = await list(`?warehouse_id=${south}&reorder_below=true&per_page=2&page=2`);
    expect(southBelow.meta).toEqual({ total: 4, page: 2, per_page: 2, next_cursor: null, prev_cursor: expect.any(String) });
    expect(southBelow.data.map((item) => item.id)).toEqual(['SKU-017', 'SKU-018']);
  });

  it('paginates: full pages, a last partial page, and an empty page past the end', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((page) => list(`?per_page=10&page=${page}`)));
    expect(pages.map((page) => page.data.length)).toEqual([10, 10, 7, 0]);
    for (const [index, page] of pages.entries()) expect(page.meta).toEqual({ total: 27, page: index + 1, per_page: 10, next_cursor: index < 2 ? expect.any(String) : null, prev_cursor: index === 1 || index === 2 ? expect.any(String) : null });
    const ids = pages.flatMap((page) => page.data.map((item) => item.id));
    expect(new Set(ids).size).toBe(27);
    expect(ids).toEqual(items.map((item) => item.id));
    const edges = await Promise.all([list('?per_page=1&page=27'), list('?per_page=100'), list('?page=2')]);
    expect(edges.map((page) => page.data.length)).toEqual([1, 27, 2]);
    expect(edges[0]?.data[0]?.id).toBe('SKU-026');
  });

  it.each([
    ['reorder_below=abc', 'invalid_parameter', 'reorder_below'],
    ['reorder_below=TRUE', 'invalid_parameter', 'reorder_below'],
    ['reorder_below=', 'invalid_parameter', 'reorder_below'],
    ['page=0', 'invalid_parameter', 'page'],
    ['page=-1', 'invalid_parameter', 'page'],
    ['page=abc', 'invalid_parameter', 'page'],
    ['page=1.5', 'invalid_parameter', 'page'],
    ['per_page=0', 'invalid_parameter', 'per_page'],
    ['per_page=101', 'invalid_parameter', 'per_page'],
    ['per_page=1000', 'invalid_parameter', 'per_page'],
    ['per_page=99999999999', 'invalid_parameter', 'per_page'],
    ['page=1&page=2', 'invalid_parameter', 'page'],
    ['limit=10', 'unknown_parameter', 'limit'],
    ['warehouse=x', 'unknown_parameter', 'warehouse'],
  ])('refuses %s with 400 %s naming %s', async (query, code, field) => {
    const response = await api.get(`/v1/inventory/items?${query}`);
    expect(response.status).toBe(400);
    const problem = await problemOf(response);
    expect(problem).toMatchObject({ code, status: 400, instance: '/v1/inventory/items' });
    expect(problem.errors?.map((error) => error.field)).toContain(field);
    expect(problem.detail).toContain(field);
  });

  it('serves the same list through GraphQL, with the same validation', async () => {
    const query = `query Items($below: Boolean, $warehouse: String, $page: Int, $perPage: Int) {
      inventory_items(reorder_below: $below, warehouse_id: $warehouse, page: $page, per_page: $perPage) {
        data { id name quantity_on_hand reorder_point warehouse_id allow_backorder unit_cost currency stock_value { currency amount } version last_synced_at created_at updated_at archived_at }
        meta { total page per_page next_cursor prev_cursor }
      }
    }`;
    for (const [variables, rest] of [
      [{}, ''],
      [{ below: true, warehouse: north }, `?reorder_below=true&warehouse_id=${north}`],
      [{ page: 3, perPage: 10 }, '?page=3&per_page=10'],
    ] as const) {
      const response = await api.graphql(query, variables);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { data: { inventory_items: ItemList } };
      expect(body.data.inventory_items).toEqual(await list(rest));
    }
    const invalid = (await (await api.graphql(query, { perPage: 1000 })).json()) as { errors: Array<{ extensions: { code: string; errors: Array<{ field: string }> } }> };
    expect(invalid.errors[0]?.extensions.code).toBe('invalid_parameter');
    expect(invalid.errors[0]?.extensions.errors[0]?.field).toBe('per_page');
  });
});
