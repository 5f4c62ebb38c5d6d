import { beforeAll, describe, expect, it } from 'vitest';
import { type TestAccount, accessToken, apiClient, createAccount, platformUrl, problemOf } from '../support/fixtures.ts';

const SCOPES = ['inventory:read', 'inventory:write', 'api_keys:read', 'api_keys:write', 'users:read', 'users:write', 'roles:read', 'audit:read', 'tenants:read'];

/**
 * Sandbox and production are separate tenants: no credential, record or reference of one works
 * in the other, on any surface (REST, GraphQL, OAuth endpoints).
 */
describe('sandbox and production never cross', () => {
  let account: TestAccount;
  let productionToken: string;
  let sandboxToken: string;

  beforeAll(async () => {
    account = await createAccount({ scopes: SCOPES });
    productionToken = await accessToken(account.clientId, account.clientSecret);
    sandboxToken = await accessToken(account.sandboxClientId, account.sandboxClientSecret);
  });

  it('refuses each environment’s access tokens and API keys in the other, in REST and GraphQL', async () => {
    const sandboxKey = (await (await apiClient(sandboxToken, account.sandboxTenantId).send('POST', '/v1/auth/api-keys', { name: 'k', scopes: ['inventory:read'] })).json()) as { secret: string };
    const productionKey = (await (await apiClient(productionToken, account.tenantId).send('POST', '/v1/auth/api-keys', { name: 'k', scopes: ['inventory:read'] })).json()) as { secret: string };
    for (const [credential, tenant] of [
      [sandboxToken, account.tenantId],
      [sandboxKey.secret, account.tenantId],
      [productionToken, account.sandboxTenantId],
      [productionKey.secret, account.sandboxTenantId],
    ] as const) {
      const api = apiClient(credential, tenant);
      expect(await problemOf(await api.get('/v1/inventory/items'))).toMatchObject({ status: 403, code: 'tenant_mismatch' });
      const graphql = (await (await api.graphql('{ inventory_items { meta { total } } }')).json()) as { errors: Array<{ extensions: { code: string } }> };
      expect(graphql.errors[0]?.extensions.code).toBe('tenant_mismatch');
    }
  });

  it('keeps records apart: what one environment creates, the other cannot see or change by id', async () => {
    const production = apiClient(productionToken, account.tenantId);
    const sandbox = apiClient(sandboxToken, account.sandboxTenantId);
    const warehouse = (await (await production.send('POST', '/v1/inventory/warehouses', { name: 'Prod' })).json()) as { id: string };
    const user = (await (await production.send('POST', '/v1/tenants/users', { email: `p${Date.now()}@example.com`, role_id: 'role_viewer' })).json()) as { id: string };
    const key = (await (await production.send('POST', '/v1/auth/api-keys', { name: 'p', scopes: ['inventory:read'] })).json()) as { id: string };
    expect((await problemOf(await sandbox.get(`/v1/inventory/warehouses/${warehouse.id}`))).code).toBe('not_found');
    expect((await problemOf(await sandbox.get(`/v1/tenants/users/${user.id}`))).code).toBe('not_found');
    expect((await problemOf(await sandbox.send('POST', `/v1/auth/api-keys/${key.id}/revoke`, {}))).code).toBe('not_found');
    expect((await problemOf(await sandbox.send('POST', '/v1/inventory/items', { id: 'X', name: 'x', quantity_on_hand: 1, reorder_point: 1, warehouse_id: warehouse.id }))).errors?.[0]?.field).toBe('warehouse_id');
    const sandboxAudit = (await (await sandbox.get('/v1/audit/records?per_page=100')).json()) as { data: Array<{ actor_id: string | null }> };
    expect(sandboxAudit.data.every((record) => record.actor_id !== account.clientId)).toBe(true);
  });

  it('lets no client introspect, revoke or use the other environment’s credentials through the OAuth endpoints', async () => {
    const post = (path: string, body: Record<string, unknown>) => fetch(`${platformUrl}/v1/oauth/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const production = { client_id: account.clientId, client_secret: account.clientSecret };
    expect(await (await post('introspect', { ...production, token: sandboxToken })).json()).toEqual({ active: false });
    expect((await post('revoke', { ...production, token: sandboxToken })).status).toBe(200);
    expect((await apiClient(sandboxToken, account.sandboxTenantId).get('/v1/inventory/items')).status).toBe(200);
    // A client secret of one environment never authenticates the other's client.
    const crossed = await post('token', { grant_type: 'client_credentials', client_id: account.sandboxClientId, client_secret: account.clientSecret });
    expect(crossed.status).toBe(401);
  });
});
