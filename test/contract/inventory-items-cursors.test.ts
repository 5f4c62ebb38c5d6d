import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type List, database, graphqlData, json, problemOf, signedInAccount } from '../support/fixtures.ts';
import type { StockItem } from '../support/inventory.ts';

/**
 * Keyset (cursor) pagination of GET /v1/inventory/items and `inventory_items`: `after` with the
 * `meta.next_cursor` of the page before, beside `page`/`per_page` (docs/api-conventions.md,
 * "Lists"), and the exact `meta.total` of migration 0015's counters.
 *
 * The tenant holds 40 items arranged in the database with many ties in every sort key (4 names,
 * 7 quantities, creation times shared by 3 items, update times by 10), in two warehouses, 3 of
 * them archived.
 */
const ITEMS = 40;
const NAMES = ['Bolt', 'Nut', 'Washer', 'Anchor'];
const QUANTITIES = [0, 5, 20, 20, 50, 50, 80];
const REORDER_POINT = 10;
const ARCHIVED = new Set([7, 19, 33]);
const BASE = Date.parse('2026-11-21T09:00:00.000Z');
const SORTS = ['id', 'name', 'quantity_on_hand', 'created_at', 'updated_at'];

type Item = StockItem;
type Page = List<Item>;

describe('inventory item cursors', () => {
  let api: ApiClient;
  let tenantId: string;
  let north: string;
  let south: string;
  let other: ApiClient;

  beforeAll(async () => {
    const account = await signedInAccount(['inventory:read', 'inventory:write']);
    ({ api, tenantId } = account);
    north = (await json<{ id: string }>(await api.send('POST', '/v1/inventory/warehouses', { name: 'North' }), 201)).id;
    south = (await json<{ id: string }>(await api.send('POST', '/v1/inventory/warehouses', { name: 'South' }), 201)).id;
    await database().inventoryItem.createMany({
      data: Array.from({ length: ITEMS }, (_, index) => ({
        tenant_id: tenantId,
        id: `CUR-${String(index).padStart(2, '0')}`,
        name: NAMES[index % NAMES.length] as string,
        quantity_on_hand: QUANTITIES[index % QUANTITIES.length] as number,
        reorder_point: REORDER_POINT,
        warehouse_id: index % 3 === 0 ? south : north,
        last_synced_at: new Date(BASE),
        created_at: new Date(BASE + Math.floor(index / 3) * 1000),
        updated_at: new Date(BASE + (index % 4) * 60_000),
        archived_at: ARCHIVED.has(index) ? new Date(BASE + 3_600_000) : null,
      })),
    });
    other = (await signedInAccount(['inventory:read', 'inventory:write'])).api;
  });

  const list = async (client: ApiClient, query: string) => json<Page>(await client.get(`/v1/inventory/items?${query}`));

  /** Every page of a list, following next_cursor from the first page (or from the page after `from`). */
  async function walk(client: ApiClient, query: string, perPage: number, from?: string | null): Promise<Page[]> {
    const pages = [await list(client, `${query}&per_page=${perPage}${from ? `&after=${from}` : ''}`)];
    for (let cursor = pages[0]?.meta.next_cursor; cursor; cursor = pages.at(-1)?.meta.next_cursor) {
      pages.push(await list(client, `${query}&per_page=${perPage}&after=${cursor}`));
      if (pages.length > ITEMS) throw new Error('the walk does not end');
    }
    return pages;
  }

  /** The whole list in one numbered page: the order every walk must reproduce. */
  const reference = async (query: string) => (await list(api, `${query}&per_page=100`)).data;

  const FILTERS = (): Array<[string, (item: Item) => boolean]> => [
    ['', (item) => item.archived_at === null],
    ['reorder_below=true', (item) => item.archived_at === null && item.quantity_on_hand < item.reorder_point],
    ['reorder_below=false', (item) => item.archived_at === null && item.quantity_on_hand >= item.reorder_point],
    [`warehouse_id=${north}`, (item) => item.archived_at === null && item.warehouse_id === north],
    [`warehouse_id=${south}&reorder_below=true`, (item) => item.archived_at === null && item.warehouse_id === south && item.quantity_on_hand < item.reorder_point],
    ['archived=true', (item) => item.archived_at !== null],
  ];

  it('the numbered pages are sorted as asked, ties broken by SKU in the same direction', async () => {
    const all = [...(await reference('archived=false')), ...(await reference('archived=true'))];
    expect(all).toHaveLength(ITEMS);
    for (const sort of SORTS) {
      for (const descending of [false, true]) {
        const ids = (await reference(`sort=${descending ? '-' : ''}${sort}`)).map((item) => item.id);
        const key = (item: Item) => [item[sort as keyof Item] as string | number, item.id] as const;
        const expected = all
          .filter((item) => item.archived_at === null)
          .sort((a, b) => {
            const [ka, ia] = key(a);
            const [kb, ib] = key(b);
            const order = ka < kb ? -1 : ka > kb ? 1 : ia < ib ? -1 : ia > ib ? 1 : 0;
            return descending ? -order : order;
          })
          .map((item) => item.id);
        expect(ids, `sort=${descending ? '-' : ''}${sort}`).toEqual(expected);
      }
    }
  });

  it('a walk of every sort, ascending and descending, returns each item once, in order, with the exact total on every page', async () => {
    for (const sort of SORTS.flatMap((field) => [field, `-${field}`])) {
      const expected = await reference(`sort=${sort}`);
      const pages = await walk(api, `sort=${sort}`, 4);
      expect(pages.flatMap((page) => page.data).map((item) => item.id), `sort=${sort}`).toEqual(expected.map((item) => item.id));
      expect(pages.map((page) => page.meta.total)).toEqual(pages.map(() => ITEMS - ARCHIVED.size));
      expect(pages.map((page) => page.meta.page)).toEqual(pages.map((_, index) => index + 1));
      expect(pages.map((page) => page.data.length)).toEqual(pages.map((_, index) => (index < pages.length - 1 ? 4 : expected.length - 4 * index)));
      expect(pages.at(-1)?.meta.next_cursor).toBeNull();
    }
  });

  it('a walk with every filter returns exactly the matching items, with their exact total', async () => {
    const all = [...(await reference('archived=false')), ...(await reference('archived=true'))];
    for (const [filter, matches] of FILTERS()) {
      for (const sort of ['name', '-quantity_on_hand', 'created_at']) {
        const query = `sort=${sort}${filter ? `&${filter}` : ''}`;
        const expected = all.filter(matches);
        const walked = (await walk(api, query, 3)).flatMap((page) => page.data);
        expect(walked.map((item) => item.id), query).toEqual((await reference(query)).map((item) => item.id));
        expect(new Set(walked.map((item) => item.id))).toEqual(new Set(expected.map((item) => item.id)));
        expect((await list(api, `${query}&per_page=1`)).meta.total, query).toBe(expected.length);
      }
    }
  });

  it('numbered pages carry the cursor of the next page too: a walk can start from any page', async () => {
    const expected = (await reference('sort=-name')).map((item) => item.id);
    const third = await list(api, 'sort=-name&per_page=5&page=3');
    expect(third.meta.next_cursor).toEqual(expect.any(String));
    const rest = await walk(api, 'sort=-name', 5, third.meta.next_cursor);
    expect(rest[0]?.meta.page).toBe(4);
    expect([...third.data, ...rest.flatMap((page) => page.data)].map((item) => item.id)).toEqual(expected.slice(10));
    expect((await list(api, 'sort=-name&per_page=5&page=99')).meta).toEqual({ total: ITEMS - ARCHIVED.size, page: 99, per_page: 5, next_cursor: null, prev_cursor: null });
  });

  it('items created and archived during a walk: each item that stays is returned once, new ones after the cursor appear, none twice', async () => {
    const { api: own, tenantId: ownTenant } = await signedInAccount(['inventory:read', 'inventory:write']);
    const east = (await json<{ id: string }>(await own.send('POST', '/v1/inventory/warehouses', { name: 'East' }), 201)).id;
    const create = async (id: string, name: string) => expect((await own.send('POST', '/v1/inventory/items', { id, name, quantity_on_hand: 1, reorder_point: 0, warehouse_id: east })).status).toBe(201);
    for (let index = 0; index < 12; index++) await create(`MID-${String(index).padStart(2, '0')}`, `Item ${index % 4}`);

    const first = await list(own, 'sort=name&per_page=5');
    const seen = first.data.map((item) => item.id);
    // Page 1 ends in the middle of the ties of "Item 1" (MID-00,04,08 are "Item 0"; MID-01,05 "Item 1").
    expect(seen).toEqual(['MID-00', 'MID-04', 'MID-08', 'MID-01', 'MID-05']);
    await create('MID-00A', 'Item 0'); // before the cursor: not in this walk
    await create('MID-01A', 'Item 1'); // same name as the cursor's, lower SKU: before it
    await create('MID-05A', 'Item 1'); // same name, higher SKU: after it
    await create('MID-99', 'Item 2'); // after it
    expect((await own.send('POST', '/v1/inventory/items/MID-04/archive', {})).status).toBe(200); // already returned
    expect((await own.send('POST', '/v1/inventory/items/MID-06/archive', {})).status).toBe(200); // not returned yet: leaves the list

    const rest = await walk(own, 'sort=name', 5, first.meta.next_cursor);
    const ids = [...seen, ...rest.flatMap((page) => page.data.map((item) => item.id))];
    expect(ids).toEqual(['MID-00', 'MID-04', 'MID-08', 'MID-01', 'MID-05', 'MID-05A', 'MID-09', 'MID-02', 'MID-10', 'MID-99', 'MID-03', 'MID-07', 'MID-11']);
    expect(new Set(ids).size).toBe(ids.length);
    // The total of each page is the count when it was read.
    expect(rest.map((page) => page.meta.total)).toEqual(rest.map(() => 12 + 4 - 2));
    expect(await database().inventoryItem.count({ where: { tenant_id: ownTenant, archived_at: null } })).toBe(14);
  });

  it('GraphQL walks the same pages with the same cursors', async () => {
    const query = `query Items($after: String, $sort: String) {
      inventory_items(sort: $sort, per_page: 6, after: $after, reorder_below: false) {
        data { id } meta { total page per_page next_cursor prev_cursor }
      }
    }`;
    const rest = await walk(api, 'sort=-updated_at&reorder_below=false', 6);
    const pages: Array<{ data: Array<{ id: string }>; meta: Page['meta'] }> = [];
    let after: string | null = null;
    do {
      const page: { inventory_items: (typeof pages)[number] } = await graphqlData(api, query, { after, sort: '-updated_at' });
      pages.push(page.inventory_items);
      after = page.inventory_items.meta.next_cursor;
    } while (after && pages.length <= ITEMS);
    expect(pages).toEqual(rest.map((page) => ({ data: page.data.map((item) => ({ id: item.id })), meta: page.meta })));
  });

  it('GraphQL pages without meta.total still carry their cursors', async () => {
    const first = await graphqlData<{ inventory_items: { data: Array<{ id: string }>; meta: { next_cursor: string } } }>(api, '{ inventory_items(per_page: 2) { data { id } meta { next_cursor } } }');
    const second = await graphqlData<{ inventory_items: { data: Array<{ id: string }>; meta: { page: number } } }>(
      api,
      `{ inventory_items(per_page: 2, after: ${JSON.stringify(first.inventory_items.meta.next_cursor)}) { data { id } meta { page } } }`,
    );
    expect([...first.inventory_items.data, ...second.inventory_items.data].map((item) => item.id)).toEqual(['CUR-00', 'CUR-01', 'CUR-02', 'CUR-03']);
    expect(second.inventory_items.meta.page).toBe(2);
  });

  describe('refusals', () => {
    const valid = async () => (await list(api, 'sort=name&per_page=2')).meta.next_cursor as string;
    const forged = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64url');

    it.each<[string, () => Promise<string>]>([
      ['empty', async () => ''],
      ['characters outside base64url', async () => 'eyJ2IjoxfQ=='],
      ['too long', async () => 'a'.repeat(4097)],
    ])('a cursor %s is 400 invalid_parameter naming after', async (_case, cursor) => {
      const response = await api.get(`/v1/inventory/items?after=${encodeURIComponent(await cursor())}`);
      expect(response.status).toBe(400);
      expect(await problemOf(response)).toMatchObject({ code: 'invalid_parameter', errors: [{ field: 'after' }] });
    });

    it.each<[string, () => Promise<string>]>([
      ['garbage', async () => 'bm90LWEtY3Vyc29y'],
      ['cut short', async () => (await valid()).slice(0, -6)],
      ['of another sort', async () => valid()],
      ['of another list', async () => forged({ v: 2, l: 'orders', s: 'id', p: 2, k: ['CUR-01'] })],
      ['of another version', async () => forged({ v: 1, l: 'inventory_items', s: 'id', p: 2, k: ['CUR-01'] })],
      ['with a key of the wrong kind', async () => forged({ v: 2, l: 'inventory_items', s: 'id', p: 2, k: [1] })],
      ['with a page of 0', async () => forged({ v: 2, l: 'inventory_items', s: 'id', p: 0, k: ['CUR-01'] })],
      ['with an extra member', async () => forged({ v: 2, l: 'inventory_items', s: 'id', p: 2, k: ['CUR-01'], tenant: 'ten_x' })],
    ])('a cursor %s is 422 rule_violation naming after, in REST and GraphQL', async (_case, cursor) => {
      const after = await cursor();
      const response = await api.get(`/v1/inventory/items?after=${after}`);
      expect(response.status).toBe(422);
      const problem = await problemOf(response);
      expect(problem).toMatchObject({ code: 'rule_violation', errors: [{ field: 'after' }] });
      expect(problem.detail).toContain('after');
      const body = (await (await api.graphql('query($after: String) { inventory_items(after: $after) { data { id } } }', { after })).json()) as { data: unknown; errors: Array<{ extensions: { code: string; errors: Array<{ field: string }> } }> };
      expect(body.data).toBeNull();
      expect(body.errors[0]?.extensions).toMatchObject({ code: 'rule_violation', errors: [{ field: 'after' }] });
    });

    it('a forged cursor of the right shape only chooses where the page starts', async () => {
      const page = await list(api, `after=${forged({ v: 2, l: 'inventory_items', s: 'id', p: 6, k: ['CUR-37'] })}`);
      expect(page.data.map((item) => item.id)).toEqual(['CUR-38', 'CUR-39']);
      expect(page.meta).toEqual({ total: ITEMS - ARCHIVED.size, page: 7, per_page: 25, next_cursor: null, prev_cursor: expect.any(String) });
    });

    it('after with page is 422 rule_violation naming both, in REST and GraphQL', async () => {
      const after = await valid();
      const response = await api.get(`/v1/inventory/items?sort=name&page=1&after=${after}`);
      expect(response.status).toBe(422);
      expect(await problemOf(response)).toMatchObject({ code: 'rule_violation', errors: [{ field: 'page' }, { field: 'after' }] });
      const body = (await (await api.graphql('query($after: String) { inventory_items(sort: "name", page: 2, after: $after) { data { id } } }', { after })).json()) as { errors: Array<{ extensions: { code: string } }> };
      expect(body.errors[0]?.extensions.code).toBe('rule_violation');
    });
  });

  it("another tenant's cursor reveals nothing: the page holds only the caller's items after that position", async () => {
    const create = async (id: string) => expect((await other.send('POST', '/v1/inventory/items', { id, name: 'Other', quantity_on_hand: 0, reorder_point: 0, warehouse_id: otherWarehouse })).status).toBe(201);
    const otherWarehouse = (await json<{ id: string }>(await other.send('POST', '/v1/inventory/warehouses', { name: 'Elsewhere' }), 201)).id;
    for (const id of ['AAA-1', 'CUR-05', 'CUR-30', 'ZZZ-1']) await create(id);

    const ours = await list(api, 'per_page=5');
    const theirs = await list(other, `after=${ours.meta.next_cursor}`);
    // Our cursor points after CUR-04: the other tenant sees its own items after that SKU, counted in its tenant.
    expect(theirs.data.map((item) => item.id)).toEqual(['CUR-05', 'CUR-30', 'ZZZ-1']);
    expect(theirs.data.every((item) => item.name === 'Other' && item.warehouse_id === otherWarehouse)).toBe(true);
    expect(theirs.meta).toMatchObject({ total: 4, next_cursor: null });
  });
});
