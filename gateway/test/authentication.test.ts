import type { Principal } from '@platform/auth';
import type { PrismaClient } from '@platform/db';
import type { ReportUnexpectedError } from '../src/observability/unexpected-errors.ts';
import { type Plugin, createSchema, createYoga } from 'graphql-yoga';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CredentialAuthenticator } from '../src/edge/credentials.ts';
import { useAuthentication } from '../src/edge/plugins/use-authentication.ts';
import { requestState } from '../src/edge/request-state.ts';
import { type IdentityFixture, apiKeyOf, authenticatorFor, startIdentity, unreachableDatabase } from './support/credentials.ts';

/**
 * The edge's authentication and tenant check, in front of a GraphQL endpoint and a REST base path
 * of a Yoga server, with the gateway's credential authenticator on a real database. What passes
 * the check reaches the next plugin (which answers 200 with the principal the request acts as);
 * what does not is answered here.
 */

let fixture: IdentityFixture;
let unreachable: PrismaClient;

beforeAll(async () => {
  fixture = await startIdentity();
  unreachable = unreachableDatabase();
}, 60_000);

afterAll(async () => {
  await unreachable?.$disconnect();
  await fixture?.dispose();
});

interface Seen {
  principal?: Principal;
  authenticatedAs?: Principal;
}

interface Reported {
  surface: string;
  error: unknown;
  context: Record<string, unknown>;
  message: string;
}

function edge(credentials: CredentialAuthenticator) {
  const seen: Seen[] = [];
  const reported: Reported[] = [];
  const reportUnexpected: ReportUnexpectedError = (surface, error, context, message) => void reported.push({ surface, error, context, message });
  // Stands in for the HTTP listener, which records where the request comes from.
  const clientAddress: Plugin = {
    onRequest({ request }) {
      requestState(request).clientAddress = request.headers.get('x-test-address') ?? undefined;
    },
  };
  // Records what the request acts as, however it was answered.
  const recorder: Plugin = {
    onResponse({ request }) {
      const { principal, authenticatedAs } = requestState(request);
      seen.push({ principal, authenticatedAs });
    },
  };
  // Everything that passed the check but GraphQL operations: answered with what it acts as.
  const passed: Plugin = {
    onRequest({ request, url, endResponse }) {
      if (request.method === 'POST' && url.pathname === '/graphql') return;
      endResponse(Response.json({ passed: true, tenant: requestState(request).principal?.tenantId ?? null }));
    },
  };
  const yoga = createYoga({
    schema: createSchema({ typeDefs: 'type Query { tenant: String }', resolvers: { Query: { tenant: (_root, _args, context: { tenant: string | undefined }) => context.tenant } } }),
    graphqlEndpoint: '/graphql',
    landingPage: false,
    graphiql: false,
    logging: false,
    context: ({ request }) => ({ tenant: requestState(request).principal?.tenantId }),
    plugins: [clientAddress, recorder, useAuthentication({ credentials, graphqlEndpoint: '/graphql', restBasePath: '/v1', reportUnexpected }), passed],
  });
  return { fetch: (path: string, init: RequestInit = {}) => yoga.fetch(`http://platform.test${path}`, init), seen, reported };
}

async function token(tenantId: string): Promise<string> {
  return (await fixture.issuer.issue({ tenantId, clientId: 'cli_edge', scopes: ['inventory:read'] })).token;
}

function headers(credential: string | undefined, tenant: string | undefined, extra: Record<string, string> = {}): Record<string, string> {
  return { ...(credential !== undefined && { authorization: `Bearer ${credential}` }), ...(tenant !== undefined && { 'x-service-tenant': tenant }), ...extra };
}

const graphqlQuery = (init: { headers: Record<string, string> }) => ({ method: 'POST', headers: { ...init.headers, 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ tenant }' }) });

describe('the authentication and tenant check', () => {
  it('lets a valid credential naming its own tenant through, acting as its principal (REST and GraphQL)', async () => {
    const { fetch, seen } = edge(authenticatorFor(fixture));
    const production = fixture.tenants.production.id;
    const response = await fetch('/v1/inventory/items', { headers: headers(await token(production), production) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ passed: true, tenant: production });
    expect(seen[0]?.principal?.tenantId).toBe(production);

    const graphql = await fetch('/graphql', graphqlQuery({ headers: headers(await token(production), production) }));
    expect(await graphql.json()).toEqual({ data: { tenant: production } });

    const key = await apiKeyOf(fixture.prisma, fixture.tenants.sandbox.id);
    const withKey = await fetch('/v1/inventory/items', { headers: headers(key.secret, fixture.tenants.sandbox.id) });
    expect(await withKey.json()).toEqual({ passed: true, tenant: fixture.tenants.sandbox.id });
  });

  it('accepts the scheme name in any case', async () => {
    const { fetch } = edge(authenticatorFor(fixture));
    const production = fixture.tenants.production.id;
    for (const scheme of ['bearer', 'BEARER', 'Bearer']) {
      const response = await fetch('/v1/things', { headers: { authorization: `${scheme} ${await token(production)}`, 'x-service-tenant': production } });
      expect(response.status, scheme).toBe(200);
    }
  });

  it('refuses a request without a credential: 401 unauthenticated with a Bearer challenge', async () => {
    const { fetch, seen } = edge(authenticatorFor(fixture));
    const response = await fetch('/v1/inventory/items', { headers: headers(undefined, fixture.tenants.production.id) });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="platform"');
    expect(await response.json()).toMatchObject({ status: 401, code: 'unauthenticated', detail: 'This endpoint needs a credential: send Authorization: Bearer <access token or API key>.' });
    expect(seen).toEqual([{ principal: undefined, authenticatedAs: undefined }]);
  });

  it('refuses another scheme, a scheme without a token and an invalid token: 401 invalid_token with the error in the challenge', async () => {
    const { fetch } = edge(authenticatorFor(fixture));
    const production = fixture.tenants.production.id;
    const valid = await token(production);
    for (const authorization of [`Basic ${Buffer.from('cli:secret').toString('base64')}`, 'Bearer', 'Bearer ', `Token ${valid}`, `Bearer${valid}`, 'Bearer not-a-token']) {
      const response = await fetch('/v1/inventory/items', { headers: { authorization, 'x-service-tenant': production } });
      expect(response.status, authorization).toBe(401);
      expect(response.headers.get('www-authenticate'), authorization).toBe('Bearer realm="platform", error="invalid_token"');
      expect(response.headers.get('retry-after'), authorization).toBeNull();
      expect(await response.json(), authorization).toMatchObject({ code: 'invalid_token' });
    }
    const malformed = await fetch('/v1/inventory/items', { headers: { authorization: 'Basic abc', 'x-service-tenant': production } });
    expect(await malformed.json()).toMatchObject({ detail: 'The Authorization header must have the form Bearer <token>.' });
  });

  it('refuses a revoked token', async () => {
    const { fetch } = edge(authenticatorFor(fixture));
    const production = fixture.tenants.production.id;
    const issued = await fixture.issuer.issue({ tenantId: production, clientId: 'cli_edge', scopes: [] });
    await fixture.prisma.revokedToken.create({ data: { tenant_id: production, jti: issued.tokenId, expires_at: new Date(Date.now() + 600_000) } });
    const response = await fetch('/v1/inventory/items', { headers: headers(issued.token, production) });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'invalid_token', detail: 'The access token has been revoked.' });
  });

  it('refuses a valid credential without X-Service-Tenant: 400 tenant_header_missing, without a challenge', async () => {
    const { fetch, seen } = edge(authenticatorFor(fixture));
    const production = fixture.tenants.production.id;
    for (const tenant of [undefined, '']) {
      const response = await fetch('/v1/inventory/items', { headers: headers(await token(production), tenant) });
      expect(response.status).toBe(400);
      expect(response.headers.get('www-authenticate')).toBeNull();
      expect(response.headers.get('retry-after')).toBeNull();
      expect(await response.json()).toMatchObject({ code: 'tenant_header_missing', detail: 'Name the tenant in the X-Service-Tenant header.' });
    }
    expect(seen.map((request) => [request.principal, request.authenticatedAs?.tenantId])).toEqual([
      [undefined, production],
      [undefined, production],
    ]);
  });

  it('refuses a credential naming another tenant, its own sandbox included: 403 tenant_mismatch, acting as nobody', async () => {
    const { fetch, seen } = edge(authenticatorFor(fixture));
    const { production, sandbox } = fixture.tenants;
    const key = await apiKeyOf(fixture.prisma, sandbox.id);
    for (const [credential, tenant] of [
      [await token(production.id), sandbox.id],
      [await token(sandbox.id), production.id],
      [key.secret, production.id],
      [await token(production.id), `${production.id} `],
    ]) {
      const response = await fetch('/v1/inventory/items', { headers: headers(credential, tenant) });
      expect(response.status, tenant).toBe(403);
      expect(response.headers.get('retry-after')).toBeNull();
      expect(await response.json()).toMatchObject({ code: 'tenant_mismatch', detail: 'The X-Service-Tenant header names a tenant this credential does not belong to. Sandbox and production are separate tenants with separate credentials.' });
    }
    expect(seen.every((request) => request.principal === undefined && request.authenticatedAs !== undefined)).toBe(true);
  });

  it('answers GraphQL requests as GraphQL errors with the same codes and statuses', async () => {
    const { fetch } = edge(authenticatorFor(fixture));
    const { production, sandbox } = fixture.tenants;
    const cases: Array<[Record<string, string>, number, string]> = [
      [headers(undefined, production.id), 401, 'unauthenticated'],
      [headers('not-a-token', production.id), 401, 'invalid_token'],
      [headers(await token(production.id), undefined), 400, 'tenant_header_missing'],
      [headers(await token(production.id), sandbox.id), 403, 'tenant_mismatch'],
    ];
    for (const [requestHeaders, status, code] of cases) {
      const response = await fetch('/graphql', graphqlQuery({ headers: requestHeaders }));
      expect(response.status, code).toBe(status);
      expect(await response.json(), code).toEqual({ errors: [{ message: expect.any(String), extensions: { code, request_id: expect.any(String) } }] });
    }
    const challenged = await fetch('/graphql', graphqlQuery({ headers: headers('not-a-token', production.id) }));
    expect(challenged.headers.get('www-authenticate')).toBe('Bearer realm="platform", error="invalid_token"');
  });

  it('guards every path under the REST base and the GraphQL endpoint, whatever the method, but the GraphiQL page', async () => {
    const { fetch } = edge(authenticatorFor(fixture));
    for (const [path, init] of [
      ['/v1/inventory/items', { method: 'GET' }],
      ['/v1/a', { method: 'DELETE' }],
      ['/graphql', { method: 'GET', headers: { accept: 'application/json' } }],
      ['/graphql', { method: 'GET' }],
      ['/graphql', { method: 'POST', headers: { accept: 'text/html' } }],
    ] as Array<[string, RequestInit]>) {
      expect((await fetch(path, init)).status, `${init.method} ${path}`).toBe(401);
    }
    // GraphiQL's page is public (its queries are not); so are paths outside both.
    for (const [path, init] of [
      ['/graphql', { method: 'GET', headers: { accept: 'text/html,application/xhtml+xml' } }],
      ['/v1', { method: 'GET' }],
      ['/v10/things', { method: 'GET' }],
      ['/healthz', { method: 'GET' }],
      ['/graphql/other', { method: 'GET' }],
    ] as Array<[string, RequestInit]>) {
      const response = await fetch(path, init);
      expect(response.status, path).toBe(200);
      expect(await response.json(), path).toEqual({ passed: true, tenant: null });
    }
  });

  it('refuses API keys from an address past its failed attempts: 429 with Retry-After', async () => {
    const { fetch } = edge(authenticatorFor(fixture, { perAddress: 2 }));
    const production = fixture.tenants.production.id;
    const key = await apiKeyOf(fixture.prisma, production);
    const from = (credential: string) => ({ headers: headers(credential, production, { 'x-test-address': '203.0.113.5' }) });
    for (let attempt = 0; attempt < 2; attempt++) expect((await fetch('/v1/things', from(`sk_live_${'Z'.repeat(43)}`))).status).toBe(401);
    const response = await fetch('/v1/things', from(key.secret));
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(response.headers.get('www-authenticate')).toBeNull();
    const graphql = await fetch('/graphql', graphqlQuery(from(key.secret)));
    expect(graphql.status).toBe(429);
    expect(Number(graphql.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers 503 database_unavailable, never lets the request through, when the credential cannot be checked', async () => {
    const { fetch, seen } = edge(authenticatorFor(fixture, { prisma: unreachable }));
    const production = fixture.tenants.production.id;
    const response = await fetch('/v1/things', { headers: headers(await token(production), production) });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: 'database_unavailable' });
    expect(response.headers.get('www-authenticate')).toBeNull();
    expect(response.headers.get('retry-after')).toBe('2');
    expect(seen[0]?.principal).toBeUndefined();
  });

  it('answers a defect met while checking the credential with 500 internal_error, reported once with the request id', async () => {
    const { fetch, seen, reported } = edge(authenticatorFor(fixture));
    const production = fixture.tenants.production.id;
    const key = await apiKeyOf(fixture.prisma, production);
    // A real fault under the API-key lookup: its table renamed away (put back whatever happens).
    await fixture.prisma.$executeRawUnsafe('ALTER TABLE api_keys RENAME TO api_keys_away');
    try {
      const response = await fetch('/v1/things', { headers: headers(key.secret, production, { 'x-request-id': 'req_defect_0001' }) });
      expect(response.status).toBe(500);
      expect(await response.json()).toMatchObject({ code: 'internal_error', request_id: 'req_defect_0001' });
      expect(response.headers.get('www-authenticate')).toBeNull();
      expect(response.headers.get('retry-after')).toBeNull();
    } finally {
      await fixture.prisma.$executeRawUnsafe('ALTER TABLE api_keys_away RENAME TO api_keys');
    }
    expect(reported).toEqual([{ surface: 'http', error: expect.objectContaining({ code: 'P2021' }), context: { request_id: 'req_defect_0001' }, message: 'could not authenticate a request' }]);
    expect(seen[0]?.principal).toBeUndefined();
    // Refusals a client can fix are not defects: nothing more is reported.
    await fetch('/v1/things', { headers: headers('not-a-token', production) });
    await fetch('/v1/things', { headers: headers(undefined, production) });
    expect(reported).toHaveLength(1);
  });
});
