import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  type List,
  type TestAccount,
  accessToken,
  apiClient,
  createAccount,
  database,
  eventually,
  graphqlData,
  graphqlErrors,
  json,
  platformUrl,
  problemOf,
  requestToken,
} from '../support/fixtures.ts';

interface OAuthClient {
  id: string;
  name: string;
  scopes: string[];
  status: 'active' | 'revoked';
  created_at: string;
  revoked_at: string | null;
  previous_secret_expires_at: string | null;
}

interface CreatedClient {
  client: OAuthClient;
  client_secret: string;
}

const CLIENT_FIELDS = ['created_at', 'id', 'name', 'previous_secret_expires_at', 'revoked_at', 'scopes', 'status'];

const grant = (clientId: string, clientSecret: string, scope?: string) => requestToken({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, ...(scope !== undefined && { scope }) });

const introspect = async (by: TestAccount, token: string) =>
  (await (
    await fetch(`${platformUrl}/v1/oauth/introspect`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_id: by.clientId, client_secret: by.clientSecret, token }) })
  ).json()) as { active: boolean };

describe('OAuth clients as a managed resource', () => {
  let account: TestAccount;
  let admin: ApiClient;

  beforeAll(async () => {
    account = await createAccount({ scopes: ['api_keys:read', 'api_keys:write', 'inventory:read', 'inventory:write'] });
    admin = apiClient(await accessToken(account.clientId, account.clientSecret), account.tenantId);
  });

  const create = async (body: Record<string, unknown>, api = admin) => json<CreatedClient>(await api.send('POST', '/v1/auth/clients', body), 201);

  it('creates a client whose secret is shown once, stored hashed, and gets tokens at /v1/oauth/token', async () => {
    const created = await create({ name: 'Reporting job', scopes: ['inventory:read', 'inventory:read'] });
    expect(created.client).toMatchObject({ name: 'Reporting job', scopes: ['inventory:read'], status: 'active', revoked_at: null, previous_secret_expires_at: null });
    expect(Object.keys(created.client).sort()).toEqual(CLIENT_FIELDS);
    expect(created.client.id).toMatch(/^cli_[0-9a-f]{24}$/);
    expect(created.client_secret).toMatch(/^cs_live_[A-Za-z0-9_-]{43}$/);

    const stored = await database().oAuthClient.findUniqueOrThrow({ where: { tenant_id_id: { tenant_id: account.tenantId, id: created.client.id } } });
    expect(JSON.stringify(stored)).not.toContain(created.client_secret);

    // Never again: neither the record nor the list holds a secret or its hash.
    const read = await json<Record<string, unknown>>(await admin.get(`/v1/auth/clients/${created.client.id}`));
    expect(read).toEqual(created.client);
    const listed = await json<List<Record<string, unknown>>>(await admin.get('/v1/auth/clients?per_page=100'));
    expect(listed.data.map((client) => client.id)).toContain(created.client.id);
    expect(listed.data.every((client) => Object.keys(client).sort().join() === CLIENT_FIELDS.join())).toBe(true);

    const token = await json<{ access_token: string; scope: string }>(await grant(created.client.id, created.client_secret));
    expect(token.scope).toBe('inventory:read');
    expect((await apiClient(token.access_token, account.tenantId).get('/v1/inventory/items')).status).toBe(200);
    expect((await grant(created.client.id, created.client_secret, 'inventory:write')).status).toBe(400);
  });

  it('creates sandbox clients with cs_test_ secrets, working only in the sandbox tenant', async () => {
    const sandboxAdmin = apiClient(await accessToken(account.sandboxClientId, account.sandboxClientSecret), account.sandboxTenantId);
    const created = await create({ name: 'Sandbox', scopes: ['inventory:read'] }, sandboxAdmin);
    expect(created.client_secret).toMatch(/^cs_test_[A-Za-z0-9_-]{43}$/);
    const token = await accessToken(created.client.id, created.client_secret);
    expect((await apiClient(token, account.sandboxTenantId).get('/v1/inventory/items')).status).toBe(200);
    expect(await problemOf(await apiClient(token, account.tenantId).get('/v1/inventory/items'))).toMatchObject({ status: 403, code: 'tenant_mismatch' });
  });

  it('grants at most the scopes of the creating credential (422 naming them), and only catalogued scopes (400)', async () => {
    const ungrantable = await problemOf(await admin.send('POST', '/v1/auth/clients', { name: 'x', scopes: ['inventory:read', 'audit:read', 'crm:write'] }));
    expect(ungrantable).toMatchObject({ status: 422, code: 'rule_violation', errors: [{ field: 'scopes', message: expect.stringContaining('audit:read, crm:write') }] });
    // What the token holds counts, not what its client is allowed.
    const narrow = apiClient(await accessToken(account.clientId, account.clientSecret, 'api_keys:write inventory:read'), account.tenantId);
    const beyondToken = await problemOf(await narrow.send('POST', '/v1/auth/clients', { name: 'x', scopes: ['inventory:write'] }));
    expect(beyondToken).toMatchObject({ status: 422, code: 'rule_violation', errors: [{ field: 'scopes', message: expect.stringContaining('inventory:write') }] });
    expect((await create({ name: 'within', scopes: ['inventory:read'] }, narrow)).client.scopes).toEqual(['inventory:read']);

    const unknown = await problemOf(await admin.send('POST', '/v1/auth/clients', { name: 'x', scopes: ['inventory:read', 'nope:read'] }));
    expect(unknown).toMatchObject({ status: 400, code: 'validation_failed', errors: [{ field: 'scopes.1', message: expect.stringContaining('nope:read') }] });
    expect((await problemOf(await admin.send('POST', '/v1/auth/clients', { name: 'x', scopes: [] }))).errors?.[0]?.field).toBe('scopes');
    expect((await problemOf(await admin.send('POST', '/v1/auth/clients', { name: '   ', scopes: ['inventory:read'] }))).errors?.[0]?.field).toBe('name');
    expect((await problemOf(await admin.send('POST', '/v1/auth/clients', { name: 'x'.repeat(101), scopes: ['inventory:read'] }))).errors?.[0]?.field).toBe('name');
    expect((await problemOf(await admin.send('POST', '/v1/auth/clients', { scopes: ['inventory:read'] }))).errors?.[0]?.field).toBe('name');
  });

  it('revokes a client: token requests refused at once, its tokens within the revocation window, audited; not twice', async () => {
    const created = await create({ name: 'To revoke', scopes: ['inventory:read'] });
    const token = await accessToken(created.client.id, created.client_secret);
    const api = apiClient(token, account.tenantId);
    expect((await api.get('/v1/inventory/items')).status).toBe(200);

    const revoked = await json<OAuthClient>(await admin.send('POST', `/v1/auth/clients/${created.client.id}/revoke`, {}));
    expect(revoked).toMatchObject({ id: created.client.id, status: 'revoked', revoked_at: expect.any(String) });
    expect(Object.keys(revoked).sort()).toEqual(CLIENT_FIELDS);

    const refused = await grant(created.client.id, created.client_secret);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: 'invalid_client' });
    // Each instance re-checks a token it has seen at most every 5 seconds (CREDENTIAL_RECHECK_MS).
    await expect.poll(async () => (await api.get('/v1/inventory/items')).status, { timeout: 7000, interval: 250 }).toBe(401);
    expect(await problemOf(await api.get('/v1/inventory/items'))).toMatchObject({ status: 401, code: 'invalid_token' });
    expect(await graphqlErrors(api, '{ inventory_items { data { id } } }')).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'invalid_token' }) })]);
    expect(await introspect(account, token)).toEqual({ active: false });

    expect(await problemOf(await admin.send('POST', `/v1/auth/clients/${created.client.id}/revoke`, {}))).toMatchObject({ status: 409, code: 'invalid_state' });
    expect((await problemOf(await admin.send('POST', `/v1/auth/clients/${created.client.id}/rotate-secret`, {}))).code).toBe('not_found');
    expect((await json<OAuthClient>(await admin.get(`/v1/auth/clients/${created.client.id}`))).status).toBe('revoked');

    const audited = await eventually(
      () => database().auditRecord.findMany({ where: { tenant_id: account.tenantId, resource_id: created.client.id }, select: { action: true, actor_id: true } }).then((records) => (records.length >= 2 ? records : undefined)),
      10_000,
      'the audit records of the client',
    );
    expect(audited.map((record) => record.action).sort()).toEqual(['oauth_client.create', 'oauth_client.revoke']);
    expect(audited.every((record) => record.actor_id === account.clientId)).toBe(true);
  });

  it('lists clients newest first, by status, a page at a time', async () => {
    const own = await createAccount({ scopes: ['api_keys:read', 'api_keys:write', 'inventory:read'] });
    const api = apiClient(await accessToken(own.clientId, own.clientSecret), own.tenantId);
    const first = await create({ name: 'first', scopes: ['inventory:read'] }, api);
    const second = await create({ name: 'second', scopes: ['inventory:read'] }, api);
    const third = await create({ name: 'third', scopes: ['inventory:read'] }, api);
    await json(await api.send('POST', `/v1/auth/clients/${second.client.id}/revoke`, {}));

    const all = await json<List<OAuthClient>>(await api.get('/v1/auth/clients'));
    expect(all.meta.total).toBe(4);
    expect(all.data.map((client) => client.id)).toEqual([third.client.id, second.client.id, first.client.id, own.clientId]);

    const active = await json<List<OAuthClient>>(await api.get('/v1/auth/clients?status=active'));
    expect(active.data.map((client) => client.id)).toEqual([third.client.id, first.client.id, own.clientId]);
    const revoked = await json<List<OAuthClient>>(await api.get('/v1/auth/clients?status=revoked'));
    expect(revoked).toMatchObject({ data: [{ id: second.client.id, status: 'revoked' }], meta: { total: 1 } });

    const page1 = await json<List<OAuthClient>>(await api.get('/v1/auth/clients?per_page=2'));
    expect(page1.meta).toMatchObject({ total: 4, page: 1, per_page: 2, next_cursor: expect.any(String) });
    const page2 = await json<List<OAuthClient>>(await api.get('/v1/auth/clients?per_page=2&page=2'));
    expect([...page1.data, ...page2.data].map((client) => client.id)).toEqual(all.data.map((client) => client.id));
    const after = await json<List<OAuthClient>>(await api.get(`/v1/auth/clients?per_page=2&after=${page1.meta.next_cursor}`));
    expect(after.data.map((client) => client.id)).toEqual(page2.data.map((client) => client.id));
    expect(after.meta.next_cursor).toBeNull();

    expect(await problemOf(await api.get('/v1/auth/clients?status=lost'))).toMatchObject({ status: 400, errors: [{ field: 'status' }] });
    expect(await problemOf(await api.get('/v1/auth/clients?per_page=0'))).toMatchObject({ status: 400, errors: [{ field: 'per_page' }] });
  });

  it('serves the same operations through GraphQL', async () => {
    const created = await graphqlData<{ create_oauth_client: { client: OAuthClient; client_secret: string } }>(
      admin,
      'mutation($input: CreateOAuthClientInput!) { create_oauth_client(input: $input) { client { id name scopes status revoked_at previous_secret_expires_at created_at } client_secret } }',
      { input: { name: 'From GraphQL', scopes: ['inventory:read'] } },
    );
    const { client, client_secret: secret } = created.create_oauth_client;
    expect(client).toMatchObject({ name: 'From GraphQL', status: 'active', revoked_at: null });
    expect(secret).toMatch(/^cs_live_/);
    expect((await grant(client.id, secret)).status).toBe(200);

    const listed = await graphqlData<{ oauth_clients: { data: Array<{ id: string }>; meta: { total: number } } }>(admin, '{ oauth_clients(status: active, per_page: 100) { data { id } meta { total } } }');
    expect(listed.oauth_clients.data.map((entry) => entry.id)).toContain(client.id);
    const read = await graphqlData<{ oauth_client: { name: string } }>(admin, 'query($id: String!) { oauth_client(id: $id) { name } }', { id: client.id });
    expect(read.oauth_client.name).toBe('From GraphQL');

    const revoked = await graphqlData<{ revoke_oauth_client: { status: string } }>(admin, 'mutation($id: String!) { revoke_oauth_client(id: $id) { status } }', { id: client.id });
    expect(revoked.revoke_oauth_client.status).toBe('revoked');
    expect(await graphqlErrors(admin, 'mutation($id: String!) { revoke_oauth_client(id: $id) { status } }', { id: client.id })).toEqual([
      expect.objectContaining({ extensions: expect.objectContaining({ code: 'invalid_state' }) }),
    ]);
    expect((await grant(client.id, secret)).status).toBe(401);
  });

  it('keeps tenants apart: another tenant (or the paired sandbox) can neither see nor revoke a client', async () => {
    const target = await create({ name: 'Private', scopes: ['inventory:read'] });
    const stranger = await createAccount({ scopes: ['api_keys:read', 'api_keys:write', 'inventory:read'] });
    const strangerApi = apiClient(await accessToken(stranger.clientId, stranger.clientSecret), stranger.tenantId);
    const sandboxAdmin = apiClient(await accessToken(account.sandboxClientId, account.sandboxClientSecret), account.sandboxTenantId);
    for (const api of [strangerApi, sandboxAdmin]) {
      expect(await problemOf(await api.get(`/v1/auth/clients/${target.client.id}`))).toMatchObject({ status: 404, code: 'not_found' });
      expect(await problemOf(await api.send('POST', `/v1/auth/clients/${target.client.id}/revoke`, {}))).toMatchObject({ status: 404, code: 'not_found' });
      const listed = await json<List<OAuthClient>>(await api.get('/v1/auth/clients?per_page=100'));
      expect(listed.data.map((client) => client.id)).not.toContain(target.client.id);
      expect(listed.data.map((client) => client.id)).not.toContain(account.clientId);
    }
    expect((await json<OAuthClient>(await admin.get(`/v1/auth/clients/${target.client.id}`))).status).toBe('active');
    expect((await grant(target.client.id, target.client_secret)).status).toBe(200);
  });

  it('needs api_keys:read to list and read, api_keys:write to create and revoke', async () => {
    const inventoryOnly = apiClient(await accessToken(account.clientId, account.clientSecret, 'inventory:read'), account.tenantId);
    expect(await problemOf(await inventoryOnly.get('/v1/auth/clients'))).toMatchObject({ status: 403, code: 'insufficient_scope', required_scope: 'api_keys:read' });
    expect(await problemOf(await inventoryOnly.get(`/v1/auth/clients/${account.clientId}`))).toMatchObject({ status: 403, required_scope: 'api_keys:read' });

    const reader = apiClient(await accessToken(account.clientId, account.clientSecret, 'api_keys:read inventory:read'), account.tenantId);
    expect((await reader.get('/v1/auth/clients')).status).toBe(200);
    expect(await problemOf(await reader.send('POST', '/v1/auth/clients', { name: 'x', scopes: ['inventory:read'] }))).toMatchObject({ status: 403, required_scope: 'api_keys:write' });
    expect(await problemOf(await reader.send('POST', `/v1/auth/clients/${account.clientId}/revoke`, {}))).toMatchObject({ status: 403, required_scope: 'api_keys:write' });
    expect(await graphqlErrors(reader, 'mutation { create_oauth_client(input: { name: "x", scopes: ["inventory:read"] }) { client_secret } }')).toEqual([
      expect.objectContaining({ extensions: expect.objectContaining({ code: 'insufficient_scope', required_scope: 'api_keys:write' }) }),
    ]);
    expect((await json<OAuthClient>(await admin.get(`/v1/auth/clients/${account.clientId}`))).status).toBe('active');
  });
});
