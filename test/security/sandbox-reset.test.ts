import { describe, expect, it } from 'vitest';
import { type ApiClient, accessToken, apiClient, createAccount, problemOf } from '../support/fixtures.ts';

const SCOPES = ['inventory:read', 'inventory:write', 'tenants:read', 'tenants:write'];

async function stockTenant(api: ApiClient, sku: string): Promise<void> {
  const warehouse = (await (await api.send('POST', '/v1/inventory/warehouses', { name: 'W' })).json()) as { id: string };
  expect((await api.send('POST', '/v1/inventory/items', { id: sku, name: 'Item', quantity_on_hand: 5, reorder_point: 1, warehouse_id: warehouse.id })).status).toBe(201);
}

const totalOf = async (api: ApiClient, path: string) => ((await (await api.get(path)).json()) as { meta: { total: number } }).meta.total;

describe('sandbox reset', () => {
  it('deletes the sandbox data and leaves production, credentials and other tenants untouched', async () => {
    const account = await createAccount({ scopes: SCOPES });
    const production = apiClient(await accessToken(account.clientId, account.clientSecret), account.tenantId);
    const sandbox = apiClient(await accessToken(account.sandboxClientId, account.sandboxClientSecret), account.sandboxTenantId);
    await stockTenant(production, 'SKU-PROD');
    await stockTenant(sandbox, 'SKU-TEST');

    const reset = await sandbox.send('POST', '/v1/tenants/current/reset', {});
    expect(reset.status).toBe(200);
    expect(await reset.json()).toMatchObject({ id: account.sandboxTenantId, environment: 'sandbox' });

    expect(await totalOf(sandbox, '/v1/inventory/items')).toBe(0);
    expect(await totalOf(sandbox, '/v1/inventory/warehouses')).toBe(0);
    expect(await totalOf(production, '/v1/inventory/items')).toBe(1);
    expect(await totalOf(production, '/v1/inventory/warehouses')).toBe(1);
    // The sandbox credential still works after the reset.
    expect((await sandbox.get('/v1/inventory/items')).status).toBe(200);
  });

  it('refuses to reset a production tenant', async () => {
    const account = await createAccount({ scopes: SCOPES });
    const production = apiClient(await accessToken(account.clientId, account.clientSecret), account.tenantId);
    await stockTenant(production, 'SKU-KEEP');
    expect(await problemOf(await production.send('POST', '/v1/tenants/current/reset', {}))).toMatchObject({ status: 409, code: 'invalid_state' });
    expect(await totalOf(production, '/v1/inventory/items')).toBe(1);
  });

  it('needs the tenants:write scope', async () => {
    const account = await createAccount({ scopes: SCOPES });
    const reader = apiClient(await accessToken(account.sandboxClientId, account.sandboxClientSecret, 'inventory:read tenants:read'), account.sandboxTenantId);
    expect(await problemOf(await reader.send('POST', '/v1/tenants/current/reset', {}))).toMatchObject({ status: 403, required_scope: 'tenants:write' });
  });
});
