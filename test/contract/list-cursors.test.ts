import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type List, accessToken, apiClient, createAccount, json, problemOf } from '../support/fixtures.ts';
import { createEndpoint, eventually, publish, startReceiver } from '../support/events.ts';

/**
 * `after` on every list but the inventory item list (inventory-items-cursors.test.ts): following
 * `meta.next_cursor` from the first page returns the records of the numbered list, in its order,
 * each once, with the exact total on every page, for each sort the list offers, ascending and
 * descending. One sandbox tenant holds a few records of every kind, with ties where a sort allows
 * them (customer names, order totals, invoices without a number or due date, built-in roles).
 */
const SCOPES = [
  'inventory:read',
  'inventory:write',
  'crm:read',
  'crm:write',
  'finance:read',
  'finance:write',
  'events:read',
  'events:write',
  'webhooks:read',
  'webhooks:write',
  'users:read',
  'users:write',
  'roles:read',
  'roles:write',
  'api_keys:read',
  'api_keys:write',
  'audit:read',
  'tenants:read',
];

describe('cursors on every list', () => {
  let api: ApiClient;
  let endpointId: string;

  beforeAll(async () => {
    const account = await createAccount({ scopes: SCOPES });
    // The sandbox: webhook endpoints there may point at the loopback receiver.
    api = apiClient(await accessToken(account.sandboxClientId, account.sandboxClientSecret), account.sandboxTenantId);
    const post = async <T>(path: string, body: unknown) => json<T>(await api.send('POST', path, body), 201);
    const warehouses = [];
    for (const name of ['A', 'B', 'C', 'D', 'E']) warehouses.push((await post<{ id: string }>('/v1/inventory/warehouses', { name })).id);
    for (let index = 0; index < 5; index++) {
      await post('/v1/inventory/items', { id: `LC-${index}`, name: `Item ${index}`, quantity_on_hand: 10 + index, reorder_point: 1, warehouse_id: warehouses[index % 3] });
      expect((await api.send('POST', `/v1/inventory/items/LC-${index}/adjust`, { quantity: -1 })).status).toBe(200);
    }
    const customers = [];
    for (const name of ['Zeta', 'Alpha', 'Alpha', 'Mid', 'Alpha', 'Beta', 'Zeta']) customers.push((await post<{ id: string }>('/v1/crm/customers', { name, currency: 'EUR' })).id);
    for (let index = 0; index < 6; index++) {
      await post('/v1/crm/orders', { kind: index % 2 === 0 ? 'sales' : 'purchase', customer_id: customers[index % 3], lines: [{ item_id: `LC-${index % 5}`, quantity: 1 + (index % 2), unit_price: 500 }] });
    }
    for (let index = 0; index < 9; index++) {
      const invoice = await post<{ id: string }>('/v1/finance/invoices', {
        customer_id: customers[index % 2],
        currency: 'EUR',
        ...(index % 3 !== 0 && { due_date: `2026-12-0${1 + (index % 3)}` }),
        lines: [{ description: 'Work', quantity: 1, unit_price: 1000 * (1 + (index % 2)), tax_rate: 0 }],
      });
      if (index % 2 === 0) expect((await api.send('POST', `/v1/finance/invoices/${invoice.id}/issue`, {})).status).toBe(200);
    }
    const receiver = await startReceiver();
    endpointId = (await createEndpoint(api, { url: receiver.url, event_types: ['custom.cursor'] })).id;
    for (let index = 0; index < 4; index++) await createEndpoint(api, { url: receiver.url, event_types: ['custom.other'] });
    for (let index = 0; index < 5; index++) await publish(api, 'custom.cursor', { index });
    await eventually(async () => ((await json<List<unknown>>(await api.get(`/v1/events/webhook-endpoints/${endpointId}/deliveries`))).meta.total === 5 ? true : undefined));
    for (let index = 0; index < 5; index++) await post('/v1/tenants/users', { email: `cursor.${index}.${Date.now()}@example.com`, role_id: 'role_viewer' });
    for (let index = 0; index < 3; index++) await post('/v1/tenants/roles', { name: `Role ${index}`, scopes: ['inventory:read'] });
    for (let index = 0; index < 5; index++) await post('/v1/auth/api-keys', { name: `key ${index}`, scopes: ['inventory:read'] });
  });

  /** Every page from the first, following next_cursor. */
  async function walk(path: string, perPage: number): Promise<Array<List<{ id?: string; seq?: string }>>> {
    const separator = path.includes('?') ? '&' : '?';
    const pages = [await json<List<{ id?: string; seq?: string }>>(await api.get(`${path}${separator}per_page=${perPage}`))];
    for (let cursor = pages[0]?.meta.next_cursor; cursor; cursor = pages.at(-1)?.meta.next_cursor) {
      pages.push(await json<List<{ id?: string; seq?: string }>>(await api.get(`${path}${separator}per_page=${perPage}&after=${cursor}`)));
      if (pages.length > 200) throw new Error(`${path}: the walk does not end`);
    }
    return pages;
  }

  /** The pages before `last`, following prev_cursor with `before` back to the first page, in list order. */
  async function walkBack(path: string, perPage: number, last: List<{ id?: string; seq?: string }>): Promise<Array<List<{ id?: string; seq?: string }>>> {
    const separator = path.includes('?') ? '&' : '?';
    const pages: Array<List<{ id?: string; seq?: string }>> = [];
    for (let cursor: string | null | undefined = last.meta.prev_cursor; cursor; cursor = pages[0]?.meta.prev_cursor) {
      pages.unshift(await json<List<{ id?: string; seq?: string }>>(await api.get(`${path}${separator}per_page=${perPage}&before=${cursor}`)));
      if (pages.length > 200) throw new Error(`${path}: the walk back does not end`);
    }
    return pages;
  }

  const key = (record: { id?: string; seq?: string }) => record.id ?? record.seq;

  it.each([
    '/v1/inventory/warehouses',
    '/v1/inventory/movements?sort=created_at',
    '/v1/inventory/movements?sort=-created_at',
    '/v1/crm/customers?sort=name',
    '/v1/crm/customers?sort=-name',
    '/v1/crm/customers?sort=created_at',
    '/v1/crm/orders?sort=number',
    '/v1/crm/orders?sort=-total',
    '/v1/crm/orders?sort=created_at',
    '/v1/finance/invoices?sort=number',
    '/v1/finance/invoices?sort=-number',
    '/v1/finance/invoices?sort=due_date',
    '/v1/finance/invoices?sort=-due_date',
    '/v1/finance/invoices?sort=-total',
    '/v1/finance/ledger-entries?sort=posted_at',
    '/v1/finance/ledger-entries?sort=-posted_at',
    '/v1/events?sort=occurred_at',
    '/v1/events?sort=-occurred_at',
    '/v1/events/webhook-endpoints',
    '/v1/events/webhook-endpoints?sort=created_at',
    'deliveries',
    '/v1/tenants/users',
    '/v1/tenants/roles',
    '/v1/auth/api-keys',
    '/v1/audit/records?action=inventory_item.adjust',
  ])('%s: the walk, forwards and back, is the numbered list, each record once, with its total on every page', async (listed) => {
    const path = listed === 'deliveries' ? `/v1/events/webhook-endpoints/${endpointId}/deliveries` : listed;
    const separator = path.includes('?') ? '&' : '?';
    const reference = await json<List<{ id?: string; seq?: string }>>(await api.get(`${path}${separator}per_page=100`));
    expect(reference.data.length, 'the list must hold at least three pages of two').toBeGreaterThanOrEqual(5);
    for (const perPage of [1, 2]) {
      const pages = await walk(path, perPage);
      expect(pages.flatMap((page) => page.data.map(key)), `${path}, per_page=${perPage}`).toEqual(reference.data.map(key));
      expect(pages.map((page) => page.meta.total)).toEqual(pages.map(() => reference.meta.total));
      expect(pages.map((page) => page.meta.page)).toEqual(pages.map((_, index) => index + 1));
      // Back from the last page with `before`: the same pages, numbered down to 1, where prev_cursor is null.
      const back = await walkBack(path, perPage, pages.at(-1) as List<{ id?: string; seq?: string }>);
      expect(back.map((page) => page.data.map(key)), `${path}, per_page=${perPage}, back`).toEqual(pages.slice(0, -1).map((page) => page.data.map(key)));
      expect(back.map((page) => page.meta.page)).toEqual(back.map((_, index) => index + 1));
      expect(back[0]?.meta.prev_cursor).toBeNull();
    }
  });

  it('a cursor of one list is refused by another, and a cursor made for one sort by another sort', async () => {
    const orders = await json<List<unknown>>(await api.get('/v1/crm/orders?per_page=1'));
    const other = await api.get(`/v1/crm/customers?after=${orders.meta.next_cursor}`);
    expect(other.status).toBe(422);
    expect(await problemOf(other)).toMatchObject({ code: 'rule_violation', errors: [{ field: 'after' }] });
    const resorted = await api.get(`/v1/crm/orders?sort=number&after=${orders.meta.next_cursor}`);
    expect(resorted.status).toBe(422);
    expect((await problemOf(resorted)).detail).toContain('sort=-created_at');
  });
});
