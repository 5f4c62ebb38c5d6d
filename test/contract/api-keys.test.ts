import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type TestAccount, accessToken, apiClient, createAccount, database, platformUrl, problemOf } from '../support/fixtures.ts';

interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  secret: string | null;
  scopes: string[];
  status: 'active' | 'expired' | 'revoked';
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  rotated_from_id: string | null;
}

describe('API keys', () => {
  let account: TestAccount;
  let admin: ApiClient;

  beforeAll(async () => {
    account = await createAccount({ scopes: ['api_keys:read', 'api_keys:write', 'inventory:read', 'inventory:write'] });
    admin = apiClient(await accessToken(account.clientId, account.clientSecret), account.tenantId);
  });

  const create = async (body: Record<string, unknown>, client = admin) => {
    const response = await client.send('POST', '/v1/auth/api-keys', body);
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as ApiKey;
  };
  const withKey = (secret: string, tenantId = account.tenantId) => apiClient(secret, tenantId);

  it('issues a key whose secret is shown once, stored hashed, and accepted as a bearer credential', async () => {
    const key = await create({ name: 'reporting', scopes: ['inventory:read'] });
    expect(key).toMatchObject({ name: 'reporting', scopes: ['inventory:read'], status: 'active', expires_at: null, revoked_at: null, last_used_at: null });
    expect(key.id).toMatch(/^key_[0-9a-f]{24}$/);
    expect(key.secret).toMatch(/^sk_live_[A-Za-z0-9_-]{43}$/);
    expect(key.secret?.startsWith(key.prefix)).toBe(true);

    const stored = await database().apiKey.findUniqueOrThrow({ where: { tenant_id_id: { tenant_id: account.tenantId, id: key.id } } });
    expect(JSON.stringify(stored)).not.toContain(key.secret);

    const read = (await (await admin.get(`/v1/auth/api-keys/${key.id}`)).json()) as ApiKey;
    expect(read.secret).toBeNull();
    const list = (await (await admin.get('/v1/auth/api-keys')).json()) as { data: ApiKey[] };
    expect(list.data.every((listed) => listed.secret === null)).toBe(true);

    const response = await withKey(key.secret as string).get('/v1/inventory/items');
    expect(response.status).toBe(200);
    await expect.poll(async () => ((await (await admin.get(`/v1/auth/api-keys/${key.id}`)).json()) as ApiKey).last_used_at).not.toBeNull();
  });

  it('enforces the key scopes', async () => {
    const key = await create({ name: 'read only', scopes: ['inventory:read'] });
    const problem = await problemOf(await withKey(key.secret as string).send('POST', '/v1/inventory/warehouses', { name: 'W' }));
    expect(problem).toMatchObject({ status: 403, code: 'insufficient_scope', required_scope: 'inventory:write' });
  });

  it('refuses unknown scopes (400: the document lists the catalogue) and scopes the creating credential does not hold (422)', async () => {
    const unknown = await problemOf(await admin.send('POST', '/v1/auth/api-keys', { name: 'x', scopes: ['inventory:read', 'nope:read'] }));
    expect(unknown).toMatchObject({ status: 400, code: 'validation_failed', errors: [{ field: 'scopes.1', message: expect.stringContaining('nope:read') }] });
    const ungrantable = await problemOf(await admin.send('POST', '/v1/auth/api-keys', { name: 'x', scopes: ['inventory:read', 'audit:read'] }));
    expect(ungrantable).toMatchObject({ status: 422, code: 'rule_violation', errors: [{ field: 'scopes', message: expect.stringContaining('audit:read') }] });
    expect((await problemOf(await admin.send('POST', '/v1/auth/api-keys', { name: 'x', scopes: [] }))).errors?.[0]?.field).toBe('scopes');
    expect((await problemOf(await admin.send('POST', '/v1/auth/api-keys', { name: 'x', scopes: ['inventory:read'], expires_at: '2000-01-01T00:00:00Z' }))).errors?.[0]?.field).toBe('expires_at');
  });

  it('stops accepting a revoked key within seconds, and refuses to revoke it twice', async () => {
    const key = await create({ name: 'to revoke', scopes: ['inventory:read'] });
    expect((await withKey(key.secret as string).get('/v1/inventory/items')).status).toBe(200);
    const revoked = await admin.send('POST', `/v1/auth/api-keys/${key.id}/revoke`, {});
    expect(revoked.status).toBe(200);
    expect(((await revoked.json()) as ApiKey).status).toBe('revoked');
    // Each instance re-checks a key it has seen at most every 5 seconds (CREDENTIAL_RECHECK_MS).
    await expect.poll(async () => (await withKey(key.secret as string).get('/v1/inventory/items')).status, { timeout: 7000, interval: 250 }).toBe(401);
    expect(await problemOf(await withKey(key.secret as string).get('/v1/inventory/items'))).toMatchObject({ status: 401, code: 'invalid_token' });
    expect(await problemOf(await admin.send('POST', `/v1/auth/api-keys/${key.id}/revoke`, {}))).toMatchObject({ status: 409, code: 'invalid_state' });
  });

  it('stops accepting an expired key', async () => {
    const key = await create({ name: 'short', scopes: ['inventory:read'], expires_at: new Date(Date.now() + 1500).toISOString() });
    expect((await withKey(key.secret as string).get('/v1/inventory/items')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect(await problemOf(await withKey(key.secret as string).get('/v1/inventory/items'))).toMatchObject({ status: 401, code: 'invalid_token' });
    expect(((await (await admin.get(`/v1/auth/api-keys/${key.id}`)).json()) as ApiKey).status).toBe('expired');
  });

  it('rotates a key: a new secret at once, the old one until the overlap ends', async () => {
    const old = await create({ name: 'rotating', scopes: ['inventory:read'] });
    const response = await admin.send('POST', `/v1/auth/api-keys/${old.id}/rotate`, { overlap_seconds: 2 });
    expect(response.status).toBe(201);
    const rotated = (await response.json()) as ApiKey;
    expect(rotated).toMatchObject({ name: 'rotating', scopes: ['inventory:read'], rotated_from_id: old.id, status: 'active' });
    expect(rotated.secret).not.toBe(old.secret);
    expect((await withKey(rotated.secret as string).get('/v1/inventory/items')).status).toBe(200);
    expect((await withKey(old.secret as string).get('/v1/inventory/items')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2200));
    expect((await withKey(old.secret as string).get('/v1/inventory/items')).status).toBe(401);
    expect((await withKey(rotated.secret as string).get('/v1/inventory/items')).status).toBe(200);
    const invalid = await problemOf(await admin.send('POST', `/v1/auth/api-keys/${rotated.id}/rotate`, { overlap_seconds: 10_000_000 }));
    expect(invalid.errors?.[0]?.field).toBe('overlap_seconds');
  });

  it('lists keys by status, newest first', async () => {
    const list = (await (await admin.get('/v1/auth/api-keys?status=revoked')).json()) as { data: ApiKey[]; meta: { total: number } };
    expect(list.meta.total).toBeGreaterThan(0);
    expect(list.data.every((key) => key.status === 'revoked')).toBe(true);
    expect((await problemOf(await admin.get('/v1/auth/api-keys?status=lost'))).errors?.[0]?.field).toBe('status');
  });

  it('tells sandbox keys from production keys, and never accepts one in the other environment', async () => {
    const sandboxAdmin = apiClient(await accessToken(account.sandboxClientId, account.sandboxClientSecret), account.sandboxTenantId);
    const sandboxKey = await create({ name: 'sandbox', scopes: ['inventory:read'] }, sandboxAdmin);
    expect(sandboxKey.secret).toMatch(/^sk_test_/);
    expect(await problemOf(await withKey(sandboxKey.secret as string, account.tenantId).get('/v1/inventory/items'))).toMatchObject({ status: 403, code: 'tenant_mismatch' });
    expect((await withKey(sandboxKey.secret as string, account.sandboxTenantId).get('/v1/inventory/items')).status).toBe(200);
    expect((await problemOf(await admin.get(`/v1/auth/api-keys/${sandboxKey.id}`))).code).toBe('not_found');
    expect((await problemOf(await admin.send('POST', `/v1/auth/api-keys/${sandboxKey.id}/revoke`, {}))).code).toBe('not_found');
  });

  it('needs api_keys scopes to manage keys', async () => {
    const reader = apiClient(await accessToken(account.clientId, account.clientSecret, 'inventory:read'), account.tenantId);
    expect(await problemOf(await reader.get('/v1/auth/api-keys'))).toMatchObject({ status: 403, required_scope: 'api_keys:read' });
    expect(await problemOf(await reader.send('POST', '/v1/auth/api-keys', { name: 'x', scopes: ['inventory:read'] }))).toMatchObject({ status: 403, required_scope: 'api_keys:write' });
  });

  it('refuses malformed keys like any invalid credential', async () => {
    for (const secret of ['sk_live_short', `sk_live_${'a'.repeat(43)}`, `sk_test_${'b'.repeat(43)}`]) {
      const response = await fetch(`${platformUrl}/v1/inventory/items`, { headers: { authorization: `Bearer ${secret}`, 'x-service-tenant': account.tenantId } });
      expect(await problemOf(response)).toMatchObject({ status: 401, code: 'invalid_token' });
    }
  });
});
