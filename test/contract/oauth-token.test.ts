import { decodeJwt, decodeProtectedHeader } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestAccount, createAccount, database, platformUrl, requestToken } from '../support/fixtures.ts';

describe('POST /v1/oauth/token', () => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await createAccount({ scopes: ['inventory:read', 'inventory:write'] });
  });
  const credentials = () => ({ grant_type: 'client_credentials', client_id: account.clientId, client_secret: account.clientSecret });

  it('grants the requested scopes as a Bearer token with the spec fields and types', async () => {
    const response = await requestToken({ ...credentials(), scope: 'inventory:read' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'scope', 'token_type']);
    expect(body).toMatchObject({ token_type: 'Bearer', scope: 'inventory:read', expires_in: 3600 });
    expect(typeof body.access_token).toBe('string');
    expect(Number.isInteger(body.expires_in)).toBe(true);
  });

  it('issues an ES256 JWT naming the key, issuer, audience, tenant, scopes, expiry and token id', async () => {
    const body = (await (await requestToken({ ...credentials(), scope: 'inventory:write inventory:read' })).json()) as { access_token: string; scope: string };
    expect(body.scope).toBe('inventory:write inventory:read');
    const header = decodeProtectedHeader(body.access_token);
    expect(header).toMatchObject({ alg: 'ES256', typ: 'at+jwt' });
    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({ aud: 'platform-api', tenant_id: account.tenantId, scope: 'inventory:write inventory:read', sub: account.clientId });
    expect(typeof claims.iss).toBe('string');
    expect(typeof claims.jti).toBe('string');
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);

    const jwks = (await (await fetch(`${platformUrl}/.well-known/jwks.json`)).json()) as { keys: Array<Record<string, unknown>> };
    const key = jwks.keys.find((candidate) => candidate.kid === header.kid);
    expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(key).not.toHaveProperty('d');
  });

  it('grants every allowed scope when scope is omitted', async () => {
    const body = (await (await requestToken(credentials())).json()) as { scope: string };
    expect(body.scope.split(' ').sort()).toEqual(['inventory:read', 'inventory:write']);
  });

  it('accepts application/x-www-form-urlencoded bodies and HTTP Basic client authentication (RFC 6749)', async () => {
    const form = await fetch(`${platformUrl}/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...credentials(), scope: 'inventory:read' }),
    });
    expect(form.status).toBe(200);
    const basic = await fetch(`${platformUrl}/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${account.clientId}:${account.clientSecret}`).toString('base64')}` },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'inventory:read' }),
    });
    expect(basic.status).toBe(200);
  });

  const oauthError = async (response: Response, status: number, error: string) => {
    expect(response.status).toBe(status);
    const body = (await response.json()) as { error: string; error_description: string };
    expect(body.error).toBe(error);
    expect(body.error_description.length).toBeGreaterThan(0);
    return body;
  };

  it('refuses a wrong secret, an unknown client and a revoked client with 401 invalid_client', async () => {
    await oauthError(await requestToken({ ...credentials(), client_secret: `${account.clientSecret}x` }), 401, 'invalid_client');
    await oauthError(await requestToken({ ...credentials(), client_id: 'cli_unknown' }), 401, 'invalid_client');
    const revoked = await createAccount({ scopes: ['inventory:read'] });
    await database().oAuthClient.update({ where: { id: revoked.clientId }, data: { revoked_at: new Date() } });
    await oauthError(await requestToken({ grant_type: 'client_credentials', client_id: revoked.clientId, client_secret: revoked.clientSecret }), 401, 'invalid_client');
  });

  it('refuses scopes the client is not allowed, and unknown scopes, with 400 invalid_scope', async () => {
    const notAllowed = await oauthError(await requestToken({ ...credentials(), scope: 'inventory:read crm:write' }), 400, 'invalid_scope');
    expect(notAllowed.error_description).toContain('crm:write');
    await oauthError(await requestToken({ ...credentials(), scope: 'warp:drive' }), 400, 'invalid_scope');
  });

  it('refuses other grant types with 400 unsupported_grant_type', async () => {
    await oauthError(await requestToken({ ...credentials(), grant_type: 'password' }), 400, 'unsupported_grant_type');
  });

  it('refuses missing parameters, malformed JSON and other media types with 400 invalid_request', async () => {
    await oauthError(await requestToken({ client_id: account.clientId, client_secret: account.clientSecret }), 400, 'invalid_request');
    await oauthError(await requestToken({ grant_type: 'client_credentials', client_id: account.clientId }), 400, 'invalid_request');
    await oauthError(await requestToken({ ...credentials(), scope: ['inventory:read'] }), 400, 'invalid_request');
    await oauthError(await fetch(`${platformUrl}/v1/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"grant_type":' }), 400, 'invalid_request');
    await oauthError(await fetch(`${platformUrl}/v1/oauth/token`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' }), 400, 'invalid_request');
  });

  it('never returns the client secret or its hash', async () => {
    const text = await (await requestToken({ ...credentials(), client_secret: 'wrong' })).text();
    expect(text).not.toContain(account.clientSecret);
    const client = await database().oAuthClient.findUniqueOrThrow({ where: { id: account.clientId } });
    expect(client.secret_hash).not.toContain(account.clientSecret);
    expect(client.secret_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
