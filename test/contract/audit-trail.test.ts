import { describe, expect, it } from 'vitest';
import { type ApiClient, accessToken, apiClient, createAccount, database, platformUrl, problemOf } from '../support/fixtures.ts';

interface AuditRecord {
  seq: string;
  occurred_at: string;
  request_id: string | null;
  surface: string;
  action: string;
  method: string | null;
  path: string | null;
  operation_name: string | null;
  status: number | null;
  duration_ms: number | null;
  actor_type: string;
  actor_id: string | null;
  credential_id: string | null;
  client_address: string | null;
  resource_id: string | null;
}

const SCOPES = ['inventory:read', 'inventory:write', 'audit:read'];

async function auditedAccount() {
  const account = await createAccount({ scopes: SCOPES });
  const api = apiClient(await accessToken(account.clientId, account.clientSecret), account.tenantId);
  return { ...account, api };
}

/** The records of one request, once the batched recorder has written them. */
async function recordsOf(api: ApiClient, requestId: string): Promise<AuditRecord[]> {
  let records: AuditRecord[] = [];
  await expect
    .poll(
      async () => {
        const list = (await (await api.get('/v1/audit/records?per_page=100')).json()) as { data: AuditRecord[] };
        records = list.data.filter((record) => record.request_id === requestId);
        return records.length;
      },
      { timeout: 5000, interval: 100 },
    )
    .toBeGreaterThan(0);
  return records;
}

describe('audit trail', () => {
  it('records every request of a tenant whatever its outcome: 200, 400, 403, 404', async () => {
    const { api, clientId } = await auditedAccount();
    const outcomes = [
      await api.get('/v1/inventory/items'),
      await api.get('/v1/inventory/items?per_page=1000'),
      await api.send('POST', '/v1/auth/api-keys', { name: 'x', scopes: ['inventory:read'] }),
      await api.get('/v1/inventory/items/NOPE'),
      await api.graphql('query Stock { inventory_items { meta { total } } }'),
    ];
    expect(outcomes.map((response) => response.status)).toEqual([200, 400, 403, 404, 200]);
    for (const response of outcomes) {
      const [record] = await recordsOf(api, response.headers.get('x-request-id') as string);
      expect(record).toMatchObject({ status: response.status, actor_type: 'oauth_client', actor_id: clientId, client_address: expect.stringMatching(/127\.0\.0\.1/) });
      expect(record?.duration_ms).toBeGreaterThan(0);
    }
    const [rest] = await recordsOf(api, outcomes[3]?.headers.get('x-request-id') as string);
    expect(rest).toMatchObject({ surface: 'rest', method: 'GET', path: '/v1/inventory/items/NOPE', action: 'GET /v1/inventory/items/:id' });
    const [graphql] = await recordsOf(api, outcomes[4]?.headers.get('x-request-id') as string);
    expect(graphql).toMatchObject({ surface: 'graphql', action: 'graphql Stock', operation_name: 'Stock' });
  });

  it('records requests refused by the rate limit (429)', async () => {
    const account = await createAccount({ scopes: SCOPES, plan: 'launch' });
    const api = apiClient(await accessToken(account.clientId, account.clientSecret), account.tenantId);
    const burst = await Promise.all(Array.from({ length: 35 }, () => api.get('/v1/inventory/items')));
    const refused = burst.find((response) => response.status === 429);
    expect(refused).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await recordsOf(api, refused?.headers.get('x-request-id') as string))[0]).toMatchObject({ status: 429, actor_id: account.clientId });
  });

  it('records a refused credential under its own tenant, never under the tenant it named', async () => {
    const owner = await auditedAccount();
    const intruder = await auditedAccount();
    const response = await fetch(`${platformUrl}/v1/inventory/items`, { headers: { authorization: `Bearer ${await accessToken(intruder.clientId, intruder.clientSecret)}`, 'x-service-tenant': owner.tenantId } });
    expect(response.status).toBe(403);
    const requestId = response.headers.get('x-request-id') as string;
    expect((await recordsOf(intruder.api, requestId))[0]).toMatchObject({ status: 403, actor_id: intruder.clientId });
    const ownerRecords = (await (await owner.api.get('/v1/audit/records?per_page=100')).json()) as { data: AuditRecord[] };
    expect(ownerRecords.data.some((record) => record.request_id === requestId)).toBe(false);
  });

  it('records unauthenticated requests outside every tenant', async () => {
    const response = await fetch(`${platformUrl}/v1/inventory/items`);
    expect(response.status).toBe(401);
    const requestId = response.headers.get('x-request-id') as string;
    await expect.poll(async () => database().auditRecord.count({ where: { request_id: requestId, tenant_id: '_platform', status: 401 } }), { timeout: 5000 }).toBe(1);
  });

  it('records a data change atomically with it, and a refused change as a request only', async () => {
    const { api } = await auditedAccount();
    const created = await api.send('POST', '/v1/inventory/warehouses', { name: 'Audited' });
    expect(created.status).toBe(201);
    const warehouse = (await created.json()) as { id: string };
    const [change] = await recordsOf(api, created.headers.get('x-request-id') as string);
    expect(change).toMatchObject({ action: 'warehouse.create', resource_id: warehouse.id, status: null, surface: 'rest' });

    const refused = await api.send('POST', '/v1/inventory/items', { id: 'A-1', name: 'x', quantity_on_hand: 1, reorder_point: 1, warehouse_id: 'wh_unknown' });
    expect(refused.status).toBe(422);
    const records = await recordsOf(api, refused.headers.get('x-request-id') as string);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ action: 'POST /v1/inventory/items', status: 422 });
  });

  it('filters by actor, action, status and time range, newest first', async () => {
    const { api, clientId } = await auditedAccount();
    const before = new Date(Date.now() - 1000).toISOString();
    await api.send('POST', '/v1/inventory/warehouses', { name: 'W' });
    const notFound = await api.get('/v1/inventory/warehouses/wh_nope');
    await recordsOf(api, notFound.headers.get('x-request-id') as string);
    const list = async (query: string) => ((await (await api.get(`/v1/audit/records?${query}`)).json()) as { data: AuditRecord[]; meta: { total: number } });
    expect((await list('action=warehouse.create')).data.map((record) => record.action)).toEqual(['warehouse.create']);
    expect((await list('status=404')).data.every((record) => record.status === 404)).toBe(true);
    expect((await list(`actor_id=${clientId}`)).meta.total).toBeGreaterThanOrEqual(3);
    expect((await list('actor_id=cli_other')).meta.total).toBe(0);
    const window = await list(`from=${encodeURIComponent(before)}&to=${encodeURIComponent(new Date(Date.now() + 1000).toISOString())}`);
    expect(window.meta.total).toBeGreaterThanOrEqual(2);
    const times = window.data.map((record) => Date.parse(record.occurred_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await problemOf(await api.get(`/v1/audit/records?from=${encodeURIComponent(new Date().toISOString())}&to=${encodeURIComponent(before)}`))).errors?.[0]?.field).toBe('from');
    expect(await problemOf(await api.get('/v1/audit/records?from=yesterday'))).toMatchObject({ status: 400, code: 'invalid_parameter', errors: [{ field: 'from' }] });
  });

  it('needs audit:read', async () => {
    const account = await createAccount({ scopes: SCOPES });
    const reader = apiClient(await accessToken(account.clientId, account.clientSecret, 'inventory:read'), account.tenantId);
    expect(await problemOf(await reader.get('/v1/audit/records'))).toMatchObject({ status: 403, required_scope: 'audit:read' });
  });
});
