import { beforeAll, describe, expect, it } from 'vitest';
import { type TestAccount, accessToken, apiClient, createAccount, platformUrl, problemOf, requestToken } from '../support/fixtures.ts';

const post = (path: string, body: Record<string, unknown>) => fetch(`${platformUrl}/v1/oauth/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('OAuth token revocation (RFC 7009), introspection (RFC 7662) and client secret rotation', () => {
  let account: TestAccount;
  let credentials: { client_id: string; client_secret: string };

  beforeAll(async () => {
    account = await createAccount({ scopes: ['inventory:read', 'api_keys:read', 'api_keys:write'] });
    credentials = { client_id: account.clientId, client_secret: account.clientSecret };
  });

  it('introspects an active token of its own tenant, and reports others as inactive', async () => {
    const token = await accessToken(account.clientId, account.clientSecret, 'inventory:read');
    const active = (await (await post('introspect', { ...credentials, token })).json()) as Record<string, unknown>;
    expect(active).toMatchObject({ active: true, token_type: 'Bearer', scope: 'inventory:read', client_id: account.clientId, tenant_id: account.tenantId, aud: 'platform-api' });
    expect(typeof active.exp).toBe('number');

    const stranger = await createAccount({ scopes: ['inventory:read'] });
    const foreign = await accessToken(stranger.clientId, stranger.clientSecret);
    expect(await (await post('introspect', { ...credentials, token: foreign })).json()).toEqual({ active: false });
    expect(await (await post('introspect', { ...credentials, token: 'garbage' })).json()).toEqual({ active: false });
  });

  it('revokes a token: refused at once afterwards, inactive on introspection', async () => {
    const token = await accessToken(account.clientId, account.clientSecret, 'inventory:read');
    const api = apiClient(token, account.tenantId);
    expect((await api.get('/v1/inventory/items')).status).toBe(200);
    const revoked = await post('revoke', { ...credentials, token });
    expect(revoked.status).toBe(200);
    expect(await problemOf(await api.get('/v1/inventory/items'))).toMatchObject({ status: 401, code: 'invalid_token' });
    expect(await (await post('introspect', { ...credentials, token })).json()).toEqual({ active: false });
    // Revoking again, or revoking garbage, is not an error (RFC 7009 section 2.2).
    expect((await post('revoke', { ...credentials, token })).status).toBe(200);
    expect((await post('revoke', { ...credentials, token: 'garbage' })).status).toBe(200);
  });

  it('does not let one client revoke another client’s token', async () => {
    const other = await createAccount({ scopes: ['inventory:read'] });
    const token = await accessToken(other.clientId, other.clientSecret);
    expect((await post('revoke', { ...credentials, token })).status).toBe(200);
    expect((await apiClient(token, other.tenantId).get('/v1/inventory/items')).status).toBe(200);
  });

  it('needs client authentication for revocation and introspection', async () => {
    const token = await accessToken(account.clientId, account.clientSecret);
    for (const path of ['revoke', 'introspect']) {
      const response = await post(path, { client_id: account.clientId, client_secret: 'wrong', token });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error: string }).error).toBe('invalid_client');
      const missing = await post(path, credentials);
      expect(((await missing.json()) as { error: string }).error).toBe('invalid_request');
    }
  });

  it('rotates a client secret with an overlap during which both secrets work', async () => {
    const rotating = await createAccount({ scopes: ['inventory:read', 'api_keys:write'] });
    const api = apiClient(await accessToken(rotating.clientId, rotating.clientSecret), rotating.tenantId);
    const response = await api.send('POST', `/v1/auth/clients/${rotating.clientId}/rotate-secret`, { overlap_seconds: 2 });
    expect(response.status).toBe(200);
    const rotated = (await response.json()) as { client_id: string; client_secret: string; previous_secret_expires_at: string };
    expect(rotated.client_secret).toMatch(/^cs_live_/);
    const grant = (secret: string) => requestToken({ grant_type: 'client_credentials', client_id: rotating.clientId, client_secret: secret });
    expect((await grant(rotated.client_secret)).status).toBe(200);
    expect((await grant(rotating.clientSecret)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2200));
    expect((await grant(rotating.clientSecret)).status).toBe(401);
    expect((await grant(rotated.client_secret)).status).toBe(200);
    expect((await problemOf(await api.send('POST', `/v1/auth/clients/${account.clientId}/rotate-secret`, {}))).code).toBe('not_found');
  });

  it('publishes the scope catalogue', async () => {
    const api = apiClient(await accessToken(account.clientId, account.clientSecret), account.tenantId);
    const scopes = (await (await api.get('/v1/auth/scopes')).json()) as Array<{ scope: string; description: string }>;
    expect(scopes.map((entry) => entry.scope)).toEqual(expect.arrayContaining(['inventory:read', 'crm:write', 'api_keys:write', 'audit:read']));
    expect(scopes.every((entry) => entry.description.length > 10)).toBe(true);
  });
});
