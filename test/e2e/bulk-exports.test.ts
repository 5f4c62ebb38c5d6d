import { downloadLinkKey, signDownloadToken } from '@platform/subgraph-bulk';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BulkExport, BULK_SCOPES, createExport, download, exportEnded } from '../support/bulk.ts';
import { CRM_SCOPES, createCustomer, createItem, createOrder } from '../support/crm.ts';
import { EVENT_SCOPES, createEndpoint, eventsAccount, sandboxClientWithScope, startReceiver, verified } from '../support/events.ts';
import { type ApiClient, type List, apiClient, accessToken, createAccount, eventually, graphqlData, json, problemOf } from '../support/fixtures.ts';
import { TEST_SECRETS_KEY } from '../support/platform-process.ts';

const SCOPES = [...CRM_SCOPES, ...BULK_SCOPES, ...EVENT_SCOPES];
/** Orders of the exported customer: one page of an export (1,000); bulk-export-million walks a thousand pages. */
const EXPORTED_ORDERS = 130;

/** A filtered list with a federated field (each line's item, resolved by the inventory subgraph). */
const QUERY = 'query Orders($customer: String) { orders(customer_id: $customer) { data { id status customer { name } lines { quantity item { name } } } } }';

interface OrderRow {
  id: string;
  status: string;
  customer: { name: string };
  lines: Array<{ quantity: number; item: { name: string } }>;
}

// In a sandbox tenant: webhook endpoints on loopback (plain http) are refused for production tenants.
describe('bulk exports', () => {
  let api: ApiClient;
  let account: Awaited<ReturnType<typeof eventsAccount>>;
  let customerId: string;
  /** The list as a client reads it page by page. */
  let expected: OrderRow[];

  beforeAll(async () => {
    account = await eventsAccount(SCOPES);
    api = account.sandbox;
    const warehouse = await json<{ id: string }>(await api.send('POST', '/v1/inventory/warehouses', { name: 'Main' }), 201);
    await createItem(api, warehouse.id, 'SKU-A', 100_000, { name: 'Widget, "large"' });
    await createItem(api, warehouse.id, 'SKU-B', 100_000);
    const customer = await createCustomer(api, { name: 'Exported, Inc.' });
    const other = await createCustomer(api, { name: 'Other' });
    customerId = customer.id;
    const orders = Array.from({ length: EXPORTED_ORDERS }, (_unused, index) => ({ kind: 'sales', customer_id: customer.id, currency: 'EUR', lines: [{ item_id: index % 2 ? 'SKU-A' : 'SKU-B', quantity: 1 + (index % 5), unit_price: 100 }] }));
    for (let start = 0; start < orders.length; start += 10) await Promise.all(orders.slice(start, start + 10).map((order) => createOrder(api, order)));
    for (let index = 0; index < 5; index++) await createOrder(api, { kind: 'sales', customer_id: other.id, currency: 'EUR', lines: [{ item_id: 'SKU-A', quantity: 1, unit_price: 100 }] });
    expected = [];
    for (let after: string | null = null; ; ) {
      const page: { orders: { data: OrderRow[]; meta: { next_cursor: string | null } } } = await graphqlData(api, 'query($customer: String, $after: String) { orders(customer_id: $customer, after: $after, per_page: 37) { data { id status customer { name } lines { quantity item { name } } } meta { next_cursor } } }', { customer: customerId, after });
      expected.push(...page.orders.data);
      after = page.orders.meta.next_cursor;
      if (!after) break;
    }
    expect(expected).toHaveLength(EXPORTED_ORDERS);
  }, 120_000);

  it('exports a filtered list with a federated field to NDJSON, record for record as the list reads, and emits export.completed', async () => {
    const receiver = await startReceiver();
    const endpoint = await createEndpoint(api, { url: receiver.url, event_types: ['export.completed'] });
    const created = await createExport(api, { query: QUERY, variables: { customer: customerId }, format: 'ndjson' });
    expect(created).toMatchObject({ status: 'queued', format: 'ndjson', progress: { rows_written: 0, total_rows: EXPORTED_ORDERS }, download_url: null });

    const ended = await exportEnded(api, created.id);
    expect(ended).toMatchObject({ status: 'completed', error: null, progress: { rows_written: EXPORTED_ORDERS, total_rows: EXPORTED_ORDERS } });
    expect(Date.parse(ended.download_expires_at ?? '')).toBeGreaterThan(Date.now() + 50 * 60_000);

    const { response, text } = await download(ended.download_url ?? '');
    expect(response.headers.get('content-type')).toBe('application/x-ndjson');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${created.id}.ndjson"`);
    expect(Buffer.byteLength(text)).toBe(ended.byte_size);
    expect(text.trimEnd().split('\n').map((line) => JSON.parse(line) as OrderRow)).toEqual(expected);

    const webhook = await eventually(() => receiver.received.find((received) => received.body.includes(created.id)), 20_000, 'export.completed webhook');
    expect(verified(endpoint.secret, webhook)).toMatchObject({ type: 'export.completed', data: { id: created.id, status: 'completed', progress: { rows_written: EXPORTED_ORDERS } } });
  });

  it('exports the same list to CSV: a header of the selected leaves, nested objects flattened, lists as JSON text', async () => {
    const created = await createExport(api, { query: QUERY, variables: { customer: customerId }, format: 'csv' });
    const ended = await exportEnded(api, created.id);
    const { response, text } = await download(ended.download_url ?? '');
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const quoted = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
    const rows = expected.map((order) => [order.id, order.status, quoted(order.customer.name), quoted(JSON.stringify(order.lines))].join(','));
    expect(text).toBe(['id,status,customer.name,lines', ...rows].map((line) => `${line}\r\n`).join(''));
  });

  it('shows progress while it runs and lists exports newest first', async () => {
    const created = await createExport(api, { query: QUERY, variables: { customer: customerId }, format: 'ndjson' });
    const seen = new Set<number>();
    const ended = await eventually(async () => {
      const current = await json<BulkExport>(await api.get(`/v1/bulk/exports/${created.id}`));
      seen.add(current.progress.rows_written);
      return current.status === 'completed' ? current : undefined;
    }, 60_000);
    expect(ended.progress.rows_written).toBe(EXPORTED_ORDERS);
    expect([...seen].every((rows) => rows === 0 || rows === 100 || rows === EXPORTED_ORDERS)).toBe(true);
    const list = await json<List<BulkExport>>(await api.get('/v1/bulk/exports?per_page=2'));
    expect(list.data[0]?.id).toBe(created.id);
  });

  it('refuses a query that is not one paginated list field, naming query (422)', async () => {
    for (const query of ['{ customers { data { id } } orders { data { id } } }', '{ order(id: "x") { id } }', '{ orders(page: 2) { data { id } } }', '{ orders { data { nope } } }', 'mutation { cancel_export(id: "x") { id } }']) {
      const problem = await problemOf(await api.send('POST', '/v1/bulk/exports', { query, format: 'csv' }));
      expect(problem).toMatchObject({ status: 422, code: 'rule_violation', errors: [{ field: 'query' }] });
    }
  });

  it('refuses an export of what the caller may not read, checked by running it as the caller', async () => {
    const bulkOnly = await sandboxClientWithScope(account, 'bulk:write bulk:read crm:read');
    // Order lines' items are the inventory domain's: crm:read alone does not read them.
    const problem = await problemOf(await bulkOnly.send('POST', '/v1/bulk/exports', { query: QUERY, variables: { customer: customerId }, format: 'ndjson' }));
    expect(problem).toMatchObject({ status: 403, code: 'insufficient_scope' });
    const withoutBulk = await sandboxClientWithScope(account, 'crm:read inventory:read');
    expect(await problemOf(await withoutBulk.send('POST', '/v1/bulk/exports', { query: QUERY, format: 'ndjson' }))).toMatchObject({ status: 403, code: 'insufficient_scope', required_scope: 'bulk:write' });
  });

  it('refuses tampered and expired links, and another tenant can neither read nor download an export', async () => {
    const created = await createExport(api, { query: '{ orders { data { id } } }', format: 'ndjson' });
    const ended = await exportEnded(api, created.id);
    const link = new URL(ended.download_url ?? '');
    const token = link.searchParams.get('token') ?? '';
    const [expiry, tenant, mac] = token.split('.') as [string, string, string];

    const tampered = new URL(link);
    tampered.searchParams.set('token', `${Number(expiry) + 86_400}.${tenant}.${mac}`);
    expect(await problemOf(await fetch(tampered))).toMatchObject({ status: 403, code: 'download_link_invalid' });
    const unsigned = new URL(link);
    unsigned.searchParams.delete('token');
    expect(await problemOf(await fetch(unsigned))).toMatchObject({ status: 403, code: 'download_link_invalid' });

    // Signed with the platform's own key (the test platform's secrets key) but past its expiry.
    const key = downloadLinkKey(Buffer.from(TEST_SECRETS_KEY, 'base64'));
    const expired = new URL(link);
    expired.searchParams.set('token', signDownloadToken(key, { tenantId: account.sandboxTenantId, exportId: created.id, expiresAt: new Date(Date.now() - 1000) }));
    expect(await problemOf(await fetch(expired))).toMatchObject({ status: 410, code: 'download_link_expired' });

    const stranger = await createAccount({ scopes: SCOPES });
    const strangerApi = apiClient(await accessToken(stranger.clientId, stranger.clientSecret), stranger.tenantId);
    expect(await problemOf(await strangerApi.get(`/v1/bulk/exports/${created.id}`))).toMatchObject({ status: 404, code: 'not_found' });
    expect((await json<List<BulkExport>>(await strangerApi.get('/v1/bulk/exports'))).data).toEqual([]);
    // A link the stranger's tenant could sign for itself names its own tenant: the export is not there.
    const foreign = new URL(link);
    foreign.searchParams.set('token', signDownloadToken(key, { tenantId: stranger.tenantId, exportId: created.id, expiresAt: new Date(Date.now() + 60_000) }));
    expect(await problemOf(await fetch(foreign))).toMatchObject({ status: 404, code: 'not_found' });
    expect(await problemOf(await strangerApi.send('POST', `/v1/bulk/exports/${created.id}/cancel`, {}))).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('cancels a queued or running export and refuses to cancel an ended one', async () => {
    const created = await createExport(api, { query: QUERY, variables: { customer: customerId }, format: 'csv' });
    const response = await api.send('POST', `/v1/bulk/exports/${created.id}/cancel`, {});
    if (response.status === 200) {
      expect(await json<BulkExport>(response)).toMatchObject({ status: 'cancelled', download_url: null, progress: { rows_written: 0 } });
      // The job finds it cancelled and writes nothing.
      const ended = await exportEnded(api, created.id);
      expect(ended).toMatchObject({ status: 'cancelled', byte_size: 0 });
    } else {
      // It completed first (a fast machine): an ended export cannot be cancelled.
      expect(await problemOf(response)).toMatchObject({ status: 409, code: 'invalid_state' });
    }
    expect(await problemOf(await api.send('POST', `/v1/bulk/exports/${created.id}/cancel`, {}))).toMatchObject({ status: 409, code: 'invalid_state' });
  });
});
