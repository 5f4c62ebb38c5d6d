import { afterEach, describe, expect, it } from 'vitest';
import { PlatformClient, PlatformProblemError } from '../src/index.ts';
import { TENANT, type TestServer, json, sleep, startServer } from './support/server.ts';

let server: TestServer;
afterEach(() => server?.close());

const client = (options: ConstructorParameters<typeof PlatformClient>[1] = {}) =>
  new PlatformClient({ baseUrl: `${server.url}/`, tenantId: TENANT, clientId: 'cli_test', clientSecret: 'secret' }, { baseDelayMs: 1, ...options });

describe('credentials', () => {
  it('exchanges client credentials once, sends the token and the tenant on every request, and renews the token before it expires', async () => {
    server = await startServer((_request, response) => json(response, 200, { id: 'cus_1' }), { expiresIn: 1 });
    const platform = client();
    await Promise.all([platform.rest.GET('/v1/crm/customers/{id}', { params: { path: { id: 'cus_1' } } }), platform.rest.GET('/v1/crm/customers/{id}', { params: { path: { id: 'cus_1' } } })]);
    expect(server.grants).toHaveLength(1);
    expect(JSON.parse(server.grants[0]!.body)).toEqual({ grant_type: 'client_credentials', client_id: 'cli_test', client_secret: 'secret' });
    for (const request of server.requests) {
      expect(request.headers.authorization).toBe(`Bearer ${server.tokens[0]}`);
      expect(request.headers['x-service-tenant']).toBe(TENANT);
    }
    // 80 % of the 1 s lifetime: the next request gets a new token, before the first one expires.
    await sleep(850);
    await platform.rest.GET('/v1/crm/customers/{id}', { params: { path: { id: 'cus_1' } } });
    expect(server.grants).toHaveLength(2);
    expect(server.requests.at(-1)!.headers.authorization).toBe(`Bearer ${server.tokens[1]}`);
    // No request was ever answered 401: every token was used within its lifetime.
    expect(server.requests).toHaveLength(3);
  });

  it('a token the platform refuses (401 invalid_token) is replaced once and the request sent again', async () => {
    server = await startServer((_request, response) => json(response, 200, { ok: true }), { expiresIn: 1 });
    // Renewal after 100 % of the lifetime: the cached token expires first and is refused.
    const platform = client({ tokenRenewAfter: 1.5 });
    await platform.rest.GET('/v1/crm/customers/{id}', { params: { path: { id: 'cus_1' } } });
    await sleep(1_100);
    await platform.rest.GET('/v1/crm/customers/{id}', { params: { path: { id: 'cus_1' } } });
    expect(server.grants).toHaveLength(2);
    expect(server.requests.map((request) => request.headers.authorization)).toEqual([`Bearer ${server.tokens[0]}`, `Bearer ${server.tokens[0]}`, `Bearer ${server.tokens[1]}`]);
  });

  it('a refused grant is a typed error with the OAuth error code', async () => {
    server = await startServer((_request, response) => json(response, 200, {}));
    const platform = new PlatformClient({ baseUrl: server.url, tenantId: TENANT, clientId: 'cli_test', clientSecret: 'wrong' });
    const error = await platform.rest.GET('/v1/crm/customers/{id}', { params: { path: { id: 'x' } } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformProblemError);
    expect(error).toMatchObject({ status: 401, code: 'invalid_client', detail: 'Unknown client or wrong secret.' });
    expect(server.requests).toHaveLength(0);
  });

  it('an API key is sent as the bearer credential, with no token exchange', async () => {
    server = await startServer((_request, response) => json(response, 200, {}));
    const platform = new PlatformClient({ baseUrl: server.url, tenantId: TENANT, apiKey: 'sk_test_abc' });
    await platform.rest.GET('/v1/crm/customers/{id}', { params: { path: { id: 'x' } } });
    expect(server.grants).toHaveLength(0);
    expect(server.requests[0]!.headers.authorization).toBe('Bearer sk_test_abc');
    expect(server.requests[0]!.headers['x-service-tenant']).toBe(TENANT);
  });
});
