import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type List, accessToken, apiClient, createAccount, graphqlData, json, problemOf } from '../support/fixtures.ts';

/**
 * Cursor pagination both ways (`after` with `meta.next_cursor`, `before` with `meta.prev_cursor`)
 * under several sort keys, mixed directions and a nullable key, while another client of the same
 * tenant creates records between the pages (docs/api-conventions.md, "Lists"). Every record that
 * existed before a walk is seen exactly once, and no record twice. Invoices are a Prisma list with
 * a nullable key (`due_date`, nulls last); inventory items the raw-SQL list. list-cursors.test.ts
 * walks every other list forwards and back without concurrent writes.
 */
const SCOPES = ['inventory:read', 'inventory:write', 'crm:read', 'crm:write', 'finance:read', 'finance:write'];
const DUE_DATES = ['2026-12-02', null, '2026-12-01', '2026-12-02', null];
const PRICES = [1000, 3000, 1000, 2000];

interface Invoice {
  id: string;
  due_date: string | null;
  total: number;
}
interface Item {
  id: string;
  name: string;
  quantity_on_hand: number;
}
type Listed = { id: string } & { [field: string]: unknown };

/** The order of `sort`: each field ascending or descending, nulls last, ties by id in the direction of the last field. */
function comparator(sort: string): (a: Listed, b: Listed) => number {
  const terms = sort.split(',').map((term) => (term.startsWith('-') ? { field: term.slice(1), sign: -1 } : { field: term, sign: 1 }));
  terms.push({ field: 'id', sign: (terms.at(-1) as { sign: number }).sign });
  return (a, b) => {
    for (const { field, sign } of terms) {
      const [x, y] = [a[field] as string | number | null, b[field] as string | number | null];
      if (x === y) continue;
      if (x === null) return 1;
      if (y === null) return -1;
      return (x < y ? -1 : 1) * sign;
    }
    return 0;
  };
}

describe('cursor pagination, forwards and back', () => {
  let api: ApiClient;
  /** A second client of the same tenant: it writes while `api` walks. */
  let writer: ApiClient;
  let customerId: string;
  let warehouseId: string;
  let created = 0;

  const createInvoice = async (client: ApiClient, index: number) =>
    json<Invoice>(
      await client.send('POST', '/v1/finance/invoices', {
        customer_id: customerId,
        currency: 'EUR',
        ...(DUE_DATES[index % DUE_DATES.length] && { due_date: DUE_DATES[index % DUE_DATES.length] }),
        lines: [{ description: 'Work', quantity: 1, unit_price: PRICES[index % PRICES.length], tax_rate: 0 }],
      }),
      201,
    );
  const createItem = async (client: ApiClient, index: number) =>
    json<Item>(await client.send('POST', '/v1/inventory/items', { id: `CP-${String(index).padStart(3, '0')}`, name: `Part ${index % 3}`, quantity_on_hand: index % 4, reorder_point: 0, warehouse_id: warehouseId }), 201);

  beforeAll(async () => {
    const account = await createAccount({ scopes: SCOPES });
    api = apiClient(await accessToken(account.clientId, account.clientSecret), account.tenantId);
    writer = apiClient(await accessToken(account.clientId, account.clientSecret), account.tenantId);
    customerId = (await json<{ id: string }>(await api.send('POST', '/v1/crm/customers', { name: 'Cursor Customer', currency: 'EUR' }), 201)).id;
    warehouseId = (await json<{ id: string }>(await api.send('POST', '/v1/inventory/warehouses', { name: 'Cursors' }), 201)).id;
    for (let index = 0; index < 15; index++) await createInvoice(api, index);
    for (let index = 0; index < 14; index++) await createItem(api, index);
    created = 14;
  });

  const page = async <T,>(path: string, query: string) => json<List<T>>(await api.get(`${path}?${query}`));

  /**
   * Walks forwards from the first page along next_cursor, then back from the last page along
   * prev_cursor; `during` runs beside each page's request (a concurrent write).
   */
  async function walks<T extends Listed>(path: string, sort: string, perPage: number, during: () => Promise<unknown>) {
    const forwards = [await page<T>(path, `sort=${sort}&per_page=${perPage}`)];
    for (let cursor = forwards[0]?.meta.next_cursor; cursor; cursor = forwards.at(-1)?.meta.next_cursor) {
      const [next] = await Promise.all([page<T>(path, `sort=${sort}&per_page=${perPage}&after=${cursor}`), during()]);
      forwards.push(next);
      if (forwards.length > 100) throw new Error(`${path}?sort=${sort}: the walk does not end`);
    }
    const last = forwards.at(-1) as List<T>;
    const backwards = [last];
    for (let cursor: string | null | undefined = last.meta.prev_cursor; cursor; cursor = backwards[0]?.meta.prev_cursor) {
      const [previous] = await Promise.all([page<T>(path, `sort=${sort}&per_page=${perPage}&before=${cursor}`), during()]);
      backwards.unshift(previous);
      if (backwards.length > 100) throw new Error(`${path}?sort=${sort}: the walk back does not end`);
    }
    return { forwards, backwards };
  }

  /** Each walk holds every record of `before` once, no record twice, each page in the order of `sort`. */
  function expectEachOnce<T extends Listed>(walk: Array<List<T>>, before: T[], sort: string, what: string) {
    const ids = walk.flatMap((listed) => listed.data.map((record) => record.id));
    expect(ids.length, `${what}: a record seen twice`).toBe(new Set(ids).size);
    expect(
      before.filter((record) => !ids.includes(record.id)).map((record) => record.id),
      `${what}: records lost`,
    ).toEqual([]);
    for (const listed of walk) expect(listed.data, `${what}: a page out of order`).toEqual([...listed.data].sort(comparator(sort)));
  }

  it.each([
    ['/v1/finance/invoices', 'due_date,-total'],
    ['/v1/finance/invoices', '-due_date,total'],
    ['/v1/inventory/items', 'name,-quantity_on_hand'],
    ['/v1/inventory/items', '-created_at'],
  ])('%s?sort=%s: forwards and back, the pages of the numbered list, numbered 1 to n', async (path, sort) => {
    const reference = await page<Listed>(path, `sort=${sort}&per_page=100`);
    expect(reference.data).toEqual([...reference.data].sort(comparator(sort)));
    const { forwards, backwards } = await walks<Listed>(path, sort, 4, async () => undefined);
    const ids = (pages: Array<List<Listed>>) => pages.map((listed) => listed.data.map((record) => record.id));
    expect(ids(forwards).flat()).toEqual(reference.data.map((record) => record.id));
    expect(ids(backwards)).toEqual(ids(forwards));
    expect(backwards.map((listed) => listed.meta.page)).toEqual(forwards.map((_, index) => index + 1));
    expect(backwards[0]?.meta).toMatchObject({ page: 1, prev_cursor: null, total: reference.meta.total });
    expect(forwards.at(-1)?.meta.next_cursor).toBeNull();
  });

  it('invoices by a nullable key and mixed directions: while another client creates invoices, each existing one is seen once each way', async () => {
    const sort = 'due_date,-total';
    const before = (await page<Invoice & Listed>('/v1/finance/invoices', `sort=${sort}&per_page=100`)).data;
    let index = 100;
    const { forwards, backwards } = await walks<Invoice & Listed>('/v1/finance/invoices', sort, 3, () => createInvoice(writer, index++));
    expectEachOnce(forwards, before, sort, 'forwards');
    expectEachOnce(backwards, before, sort, 'backwards');
    expect(backwards[0]?.meta.prev_cursor).toBeNull();
    expect(index - 100, 'invoices created during the walks').toBeGreaterThanOrEqual(8);
  });

  it('items (raw SQL) by mixed directions: while another client creates items, each existing one is seen once each way', async () => {
    const sort = 'name,-quantity_on_hand';
    const before = (await page<Item & Listed>('/v1/inventory/items', `sort=${sort}&per_page=100`)).data;
    const { forwards, backwards } = await walks<Item & Listed>('/v1/inventory/items', sort, 3, () => createItem(writer, created++));
    expectEachOnce(forwards, before, sort, 'forwards');
    expectEachOnce(backwards, before, sort, 'backwards');
    expect(backwards[0]?.meta.prev_cursor).toBeNull();
  });

  it('GraphQL walks back with the same pages and cursors as REST', async () => {
    const query = `query Items($before: String) {
      inventory_items(sort: "-quantity_on_hand,name", per_page: 4, before: $before) { data { id } meta { total page per_page next_cursor prev_cursor } }
    }`;
    const last = await page<Item>('/v1/inventory/items', 'sort=-quantity_on_hand,name&per_page=4&page=3');
    const rest = await page<Item>('/v1/inventory/items', `sort=-quantity_on_hand,name&per_page=4&before=${last.meta.prev_cursor}`);
    const graphql = await graphqlData<{ inventory_items: { data: Array<{ id: string }>; meta: List<Item>['meta'] } }>(api, query, { before: last.meta.prev_cursor });
    expect(graphql.inventory_items).toEqual({ data: rest.data.map((item) => ({ id: item.id })), meta: rest.meta });
    expect(rest.meta.page).toBe(2);
    expect(rest.data).toEqual((await page<Item>('/v1/inventory/items', 'sort=-quantity_on_hand,name&per_page=4&page=2')).data);
  });

  describe('refusals', () => {
    let cursor: string;
    beforeAll(async () => {
      cursor = (await page<Invoice>('/v1/finance/invoices', 'sort=due_date,-total&per_page=2')).meta.next_cursor as string;
    });

    it.each([
      ['page and before', 'page=2&before=CURSOR', ['page', 'before']],
      ['after and before', 'after=CURSOR&before=CURSOR', ['after', 'before']],
    ])('%s together: 422 rule_violation naming both', async (_case, query, fields) => {
      const response = await api.get(`/v1/finance/invoices?sort=due_date,-total&${query.replaceAll('CURSOR', cursor)}`);
      expect(response.status).toBe(422);
      expect((await problemOf(response)).errors?.map((error) => error.field)).toEqual(fields);
    });

    it.each([
      ['not of the cursor form', 'before=abc!', 400, 'invalid_parameter', 'before'],
      ['another sort’s cursor', 'sort=due_date,total&before=CURSOR', 422, 'rule_violation', 'before'],
      ['another list’s cursor', 'LIST', 422, 'rule_violation', 'before'],
      ['an unknown sort field', 'sort=due_date,price', 400, 'invalid_parameter', 'sort'],
      ['more than three sort fields', 'sort=due_date,-total,number,created_at', 400, 'invalid_parameter', 'sort'],
      ['a sort field named twice', 'sort=total,-total', 422, 'rule_violation', 'sort'],
    ])('%s (%s): %i naming the field', async (_case, query, status, code, field) => {
      const path = query === 'LIST' ? `/v1/crm/orders?before=${cursor}` : `/v1/finance/invoices?${query.replaceAll('CURSOR', cursor)}`;
      const response = await api.get(path);
      expect(response.status).toBe(status);
      expect(await problemOf(response)).toMatchObject({ code, errors: [{ field }] });
    });

    it('an unknown sort field is refused with the allowed fields named', async () => {
      expect((await problemOf(await api.get('/v1/finance/invoices?sort=price'))).detail).toContain('created_at, number, total, due_date');
    });
  });
});
