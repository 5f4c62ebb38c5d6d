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

/**
 * The analysts' filters of GET /v1/inventory/items (issue 16): a search over SKU and name, and
 * ranges of the stock, the reorder point and the unit cost, alone and with the counted filters.
 * Their total is counted from the matching items (the kept counts hold only the other filters).
 */
describe('GET /v1/inventory/items: search and ranges', () => {
  let api: ApiClient;
  let north: string;

  const skus = async (query: string) => {
    const response = await api.get(`/v1/inventory/items?${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    const { data, meta } = (await response.json()) as ItemList;
    expect(meta.total).toBe(data.length);
    return data.map((item) => item.id);
  };

  beforeAll(async () => {
    ({ api } = await signedInAccount(['inventory:read', 'inventory:write']));
    const warehouse = async (name: string) => ((await (await api.send('POST', '/v1/inventory/warehouses', { name })).json()) as { id: string }).id;
    north = await warehouse('North');
    const south = await warehouse('South');
    for (const input of [
      { id: 'MUG-BLUE', name: 'Mug, blue, 100% stoneware', quantity_on_hand: 5, reorder_point: 10, warehouse_id: north, unit_cost: 450, currency: 'EUR' },
      { id: 'MUG_RED', name: 'Mug red', quantity_on_hand: 0, reorder_point: 0, warehouse_id: north, unit_cost: 500, currency: 'EUR' },
      { id: 'MUGXRED', name: 'Mug x red', quantity_on_hand: 20, reorder_point: 5, warehouse_id: south, unit_cost: 1200, currency: 'USD' },
      { id: 'CAP-1', name: 'Baseball cap', quantity_on_hand: 10, reorder_point: 10, warehouse_id: south },
      { id: 'PEN', name: 'Pen, 100 pack', quantity_on_hand: 50, reorder_point: 20, warehouse_id: north, unit_cost: 99, currency: 'EUR' },
      { id: 'BAG', name: 'Bag', quantity_on_hand: 0, reorder_point: 0, warehouse_id: north, allow_backorder: true, unit_cost: 2500, currency: 'EUR' },
      { id: 'OLD-MUG', name: 'Old mug', quantity_on_hand: 7, reorder_point: 1, warehouse_id: south, unit_cost: 300, currency: 'EUR' },
    ]) {
      expect((await api.send('POST', '/v1/inventory/items', input)).status).toBe(201);
    }
    expect((await api.send('POST', '/v1/inventory/items/BAG/adjust', { quantity: -4, reason: 'Backordered' })).status).toBe(200);
    expect((await api.send('POST', '/v1/inventory/items/OLD-MUG/archive', {})).status).toBe(200);
  });

  it('q searches the SKU and the name, ignoring case, with % and _ taken literally', async () => {
    expect(await skus('q=MuG')).toEqual(['MUG-BLUE', 'MUGXRED', 'MUG_RED']);
    expect(await skus('q=mug&archived=true')).toEqual(['OLD-MUG']);
    expect(await skus('q=mug_')).toEqual(['MUG_RED']);
    expect(await skus(`q=${encodeURIComponent('100%')}`)).toEqual(['MUG-BLUE']);
    expect(await skus('q=100')).toEqual(['MUG-BLUE', 'PEN']);
    expect(await skus('q=cap-1')).toEqual(['CAP-1']);
    expect(await skus('q=nothing')).toEqual([]);
    for (const query of ['q=', `q=${'x'.repeat(201)}`]) {
      const response = await api.get(`/v1/inventory/items?${query}`);
      expect([response.status, (await problemOf(response)).errors?.[0]?.field]).toEqual([400, 'q']);
    }
  });

  it.each([
    ['quantity_on_hand_min=5&quantity_on_hand_max=20', ['CAP-1', 'MUG-BLUE', 'MUGXRED']],
    ['quantity_on_hand_max=0', ['BAG', 'MUG_RED']],
    ['quantity_on_hand_min=-4&quantity_on_hand_max=-4', ['BAG']],
    ['reorder_point_min=10', ['CAP-1', 'MUG-BLUE', 'PEN']],
    ['reorder_point_max=0', ['BAG', 'MUG_RED']],
    ['unit_cost_min=450&unit_cost_max=1200', ['MUG-BLUE', 'MUGXRED', 'MUG_RED']],
    ['unit_cost_max=500', ['MUG-BLUE', 'MUG_RED', 'PEN']],
    ['unit_cost_min=0', ['BAG', 'MUG-BLUE', 'MUGXRED', 'MUG_RED', 'PEN']],
    ['unit_cost_min=0&archived=true', ['OLD-MUG']],
  ])('%s: both bounds inclusive (items without a cost out of unit_cost ranges)', async (query, expected) => {
    expect(await skus(query)).toEqual(expected);
  });

  it('combines the search and the ranges with the counted filters, totals counted from the items', async () => {
    expect(await skus(`q=mug&warehouse_id=${north}`)).toEqual(['MUG-BLUE', 'MUG_RED']);
    expect(await skus('reorder_below=true&unit_cost_min=0')).toEqual(['BAG', 'MUG-BLUE']);
    expect(await skus('reorder_below=false&quantity_on_hand_min=10&sort=-quantity_on_hand')).toEqual(['PEN', 'MUGXRED', 'CAP-1']);
    // A walk by cursor keeps the filter and its total on every page.
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await api.get(`/v1/inventory/items?q=mug&per_page=1${cursor ? `&after=${cursor}` : ''}`);
      const page = (await response.json()) as ItemList;
      expect(page.meta.total).toBe(3);
      walked.push(...page.data.map((item) => item.id));
      cursor = page.meta.next_cursor;
    } while (cursor);
    expect(walked).toEqual(['MUG-BLUE', 'MUGXRED', 'MUG_RED']);
  });

  it('refuses a _min above its _max with 422 naming both, over REST and GraphQL', async () => {
    for (const field of ['quantity_on_hand', 'reorder_point', 'unit_cost']) {
      const response = await api.get(`/v1/inventory/items?${field}_min=6&${field}_max=5`);
      const problem = await problemOf(response);
      expect([response.status, problem.code, problem.errors?.map((error) => error.field)]).toEqual([422, 'rule_violation', [`${field}_min`, `${field}_max`]]);
    }
    const errors = (await (await api.graphql('{ inventory_items(unit_cost_min: 2, unit_cost_max: 1) { meta { total } } }')).json()) as { errors: Array<{ extensions: { code: string; errors: Array<{ field: string }> } }> };
    expect(errors.errors[0]?.extensions).toMatchObject({ code: 'rule_violation', errors: [{ field: 'unit_cost_min' }, { field: 'unit_cost_max' }] });
  });

  it('serves the same filters through GraphQL', async () => {
    const response = await api.graphql('{ inventory_items(q: "MUG", unit_cost_max: 500, quantity_on_hand_max: 5) { data { id } meta { total } } }');
    expect(((await response.json()) as { data: { inventory_items: ItemList } }).data.inventory_items).toEqual({ data: [{ id: 'MUG-BLUE' }, { id: 'MUG_RED' }], meta: { total: 2 } });
    const invalid = (await (await api.graphql('{ inventory_items(q: "") { meta { total } } }')).json()) as { errors: Array<{ extensions: { code: string } }> };
    expect(invalid.errors[0]?.extensions.code).toBe('invalid_parameter');
  });
});
