import { type PrismaClient, createPrismaClient, migrateDatabase } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import { createApiKey, createOAuthClient, createTenantPair } from '@platform/subgraph-identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlatformProcess, spawnPlatform } from '../support/platform-process.ts';
import { wsClient } from '../support/subscriptions.ts';

/** What a failure's cause says (PostgreSQL, Prisma, the injected message) and must never reach a client. */
const INTERNALS = /broken|injected|does not exist|relation|prisma|invocation|postgres|select |insert |\.ts\b|\/srv\/|node_modules|\bat \S+:\d+|stack/i;
const METRICS_TOKEN = 'metrics-token-of-the-error-boundary-test';
/** The message of the faults raised by the injected trigger: SQL, a path and a "secret", as a careless error would carry. */
const INJECTED_MESSAGE = 'injected fault: SELECT secret FROM pg_authid at /srv/platform/secret.ts:42';

interface Outcome {
  /** HTTP status, or the close code of a WebSocket. */
  status: number;
  /** Everything the client received. */
  body: string;
  /** The request id the client was told (header or body), used to find the log lines. */
  requestId: string | undefined;
}

interface Account {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  token: string;
}

/**
 * The error boundary of every edge route, on a platform of its own: for each route a real fault is
 * injected into the database under it (its table renamed, or a trigger raising an error whose
 * message carries SQL and a file path), and the route is called once. Each must answer with
 * `internal_error` and the request id only (no stack, path, SQL or library message), log the
 * failure exactly once at error level with its cause and the request id, write the access log line
 * with the status, and count it in `platform_unexpected_errors_total`. Once the fault is removed the
 * route serves again. The public documents (OpenAPI, the reference, the JWKS) read nothing at
 * request time (built at start, where a failure stops the start), so there is nothing to inject
 * under them; the HTTP listener's own boundary is tested in gateway/test/http-listener.test.ts.
 */
describe('error boundary of every edge route', () => {
  let database: FreshDatabase;
  let prisma: PrismaClient;
  let platform: PlatformProcess;
  let account: Account;

  beforeAll(async () => {
    database = await freshDatabase({ prefix: 'boundary' });
    await migrateDatabase(database.url);
    prisma = createPrismaClient(database.url, 2);
    platform = await spawnPlatform({ DATABASE_URL: database.url, SEED_DEMO: 'false', LOG_LEVEL: 'info', METRICS_TOKEN });
    const { production } = await createTenantPair(prisma, { name: 'Boundary', plan: 'enterprise' });
    const client = await createOAuthClient(prisma, { tenantId: production.id, scopes: ['inventory:read', 'inventory:write', 'events:read'] });
    const tokenResponse = await fetch(`${platform.url}/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret }),
    });
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
    account = { tenantId: production.id, clientId: client.client_id, clientSecret: client.client_secret, token };
  }, 120_000);
  afterAll(async () => {
    await platform?.stop();
    await prisma?.$disconnect();
    await database?.dispose();
  });

  async function freshToken(): Promise<string> {
    const response = await post('/v1/oauth/token', { grant_type: 'client_credentials', client_id: account.clientId, client_secret: account.clientSecret });
    return (JSON.parse(response.body) as { access_token: string }).access_token;
  }
  const headers = (credential = account.token) => ({ authorization: `Bearer ${credential}`, 'x-service-tenant': account.tenantId });
  /** A fresh API key: keys a process has seen are remembered for a few seconds, a new one is looked up. */
  const freshApiKey = async () => (await createApiKey(prisma, { tenantId: account.tenantId, name: `boundary ${Date.now()}`, scopes: ['inventory:read', 'events:read'], createdBy: 'test' })).secret;

  async function outcomeOf(response: Response): Promise<Outcome> {
    const body = await response.text();
    return { status: response.status, body, requestId: response.headers.get('x-request-id') ?? undefined };
  }
  const post = (path: string, body: unknown, extra: Record<string, string> = {}) =>
    fetch(`${platform.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...extra }, body: JSON.stringify(body) }).then(outcomeOf);
  const graphql = (query: string, extra: Record<string, string> = {}) => post('/graphql', { query }, { ...headers(), ...extra });

  /** Renames `table` away for the duration of `work`: every statement on it fails as PostgreSQL's undefined_table. */
  async function withoutTable<T>(table: string, work: () => Promise<T>): Promise<T> {
    await prisma.$executeRawUnsafe(`ALTER TABLE ${table} RENAME TO ${table}_broken`);
    try {
      return await work();
    } finally {
      await prisma.$executeRawUnsafe(`ALTER TABLE ${table}_broken RENAME TO ${table}`);
    }
  }
  /** Makes every insert into `table` raise INJECTED_MESSAGE for the duration of `work`. */
  async function withFailingInserts<T>(table: string, work: () => Promise<T>): Promise<T> {
    await prisma.$executeRawUnsafe(`CREATE FUNCTION injected_fault() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION '${INJECTED_MESSAGE}'; END $$`);
    await prisma.$executeRawUnsafe(`CREATE TRIGGER injected_fault BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION injected_fault()`);
    try {
      return await work();
    } finally {
      await prisma.$executeRawUnsafe(`DROP TRIGGER injected_fault ON ${table}`);
      await prisma.$executeRawUnsafe('DROP FUNCTION injected_fault()');
    }
  }

  async function unexpectedErrors(): Promise<number> {
    const text = await (await fetch(`${platform.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    return [...text.matchAll(/^platform_unexpected_errors_total\{[^}]*\} (\d+)$/gm)].reduce((sum, match) => sum + Number(match[1]), 0);
  }

  /** The platform's log lines (JSON) written while `work` ran, once the platform had time to write them. */
  async function loggedDuring<T>(work: () => Promise<T>): Promise<{ result: T; lines: Array<Record<string, unknown>> }> {
    const from = platform.output().length;
    const result = await work();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const lines = platform
      .output()
      .slice(from)
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    return { result, lines };
  }

  interface Route {
    name: string;
    /** Injects the fault around the call. */
    inject: <T>(work: () => Promise<T>) => Promise<T>;
    /** What the call needs that must be made before the fault (a fresh API key). */
    prepare?: () => Promise<string>;
    call: (prepared: string) => Promise<Outcome>;
    /** What the client gets: status (or WebSocket close code) and the platform code. */
    expected: { status: number };
    /** The same call succeeds again once the fault is gone. */
    healthy: (outcome: Outcome) => boolean;
  }

  const routes: Route[] = [
    {
      name: 'POST /v1/oauth/token',
      inject: (work) => withoutTable('oauth_clients', work),
      call: () => post('/v1/oauth/token', { grant_type: 'client_credentials', client_id: account.clientId, client_secret: account.clientSecret }),
      expected: { status: 500 },
      healthy: (outcome) => outcome.status === 200,
    },
    {
      name: 'POST /v1/oauth/revoke',
      inject: (work) => withoutTable('revoked_tokens', work),
      // A token of its own: the healthy call revokes it.
      prepare: freshToken,
      call: (token) => post('/v1/oauth/revoke', { token, client_id: account.clientId, client_secret: account.clientSecret }),
      expected: { status: 500 },
      healthy: (outcome) => outcome.status === 200,
    },
    {
      name: 'POST /v1/oauth/introspect',
      inject: (work) => withoutTable('oauth_clients', work),
      call: () => post('/v1/oauth/introspect', { token: 'anything', client_id: account.clientId, client_secret: account.clientSecret }),
      expected: { status: 500 },
      healthy: (outcome) => outcome.status === 200,
    },
    {
      name: 'authentication with an API key',
      inject: (work) => withoutTable('api_keys', work),
      prepare: freshApiKey,
      call: async (key) => {
        return outcomeOf(await fetch(`${platform.url}/v1/inventory/items`, { headers: headers(key) }));
      },
      expected: { status: 500 },
      healthy: (outcome) => outcome.status === 200,
    },
    {
      name: 'GET /v1/inventory/items (REST read)',
      inject: (work) => withoutTable('inventory_items', work),
      call: async () => outcomeOf(await fetch(`${platform.url}/v1/inventory/items`, { headers: headers() })),
      expected: { status: 500 },
      healthy: (outcome) => outcome.status === 200,
    },
    {
      name: 'POST /v1/inventory/warehouses (REST write)',
      inject: (work) => withFailingInserts('warehouses', work),
      call: () => post('/v1/inventory/warehouses', { name: 'Boundary' }, headers()),
      expected: { status: 500 },
      healthy: (outcome) => outcome.status === 201,
    },
    {
      name: 'a write with an Idempotency-Key (the key claim)',
      inject: (work) => withoutTable('idempotency_keys', work),
      call: () => post('/v1/inventory/warehouses', { name: 'Keyed' }, { ...headers(), 'idempotency-key': `boundary-${Date.now()}-${Math.random()}` }),
      expected: { status: 500 },
      healthy: (outcome) => outcome.status === 201,
    },
    {
      name: 'POST /graphql (query)',
      inject: (work) => withoutTable('inventory_items', work),
      call: () => graphql('{ inventory_items { data { id } meta { total } } }'),
      // A GraphQL response that executed: 200 with the error in `errors` (GraphQL over HTTP).
      expected: { status: 200 },
      healthy: (outcome) => outcome.status === 200 && !outcome.body.includes('"errors"'),
    },
    {
      name: 'POST /graphql (mutation)',
      inject: (work) => withFailingInserts('warehouses', work),
      call: () => graphql('mutation { create_warehouse(input: { name: "Boundary GraphQL" }) { id } }'),
      expected: { status: 200 },
      healthy: (outcome) => outcome.status === 200 && !outcome.body.includes('"errors"'),
    },
    {
      name: 'POST /graphql subscription over SSE',
      inject: (work) => withoutTable('api_keys', work),
      prepare: freshApiKey,
      call: async (key) => {
        const abort = new AbortController();
        const response = await fetch(`${platform.url}/graphql`, {
          method: 'POST',
          headers: { ...headers(key), 'content-type': 'application/json', accept: 'text/event-stream' },
          body: JSON.stringify({ query: 'subscription { events { id } }' }),
          signal: abort.signal,
        });
        if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
          abort.abort();
          return { status: response.status, body: '(stream)', requestId: response.headers.get('x-request-id') ?? undefined };
        }
        return outcomeOf(response);
      },
      expected: { status: 500 },
      healthy: (outcome) => outcome.status === 200 && outcome.body === '(stream)',
    },
    {
      name: 'graphql-ws connection',
      inject: (work) => withoutTable('api_keys', work),
      prepare: freshApiKey,
      call: async (key) => {
        const connection = wsClient(platform.url, { Authorization: `Bearer ${key}`, 'X-Service-Tenant': account.tenantId });
        const outcome = await Promise.race([
          connection.closed.then(({ code, reason }) => ({ status: code, body: reason })),
          // Accepted: the server acknowledged the connection and keeps it open.
          new Promise<{ status: number; body: string }>((resolve) => setTimeout(() => resolve({ status: 0, body: '(open)' }), 2000)),
        ]);
        void connection.client.dispose();
        return { ...outcome, requestId: undefined };
      },
      expected: { status: 4500 },
      healthy: (outcome) => outcome.status === 0,
    },
  ];

  for (const route of routes) {
    it(`${route.name}: internal_error with the request id only, logged once, counted, and serving again after`, async () => {
      const countedBefore = await unexpectedErrors();
      const prepared = (await route.prepare?.()) ?? '';
      const { result: outcome, lines } = await loggedDuring(() => route.inject(() => route.call(prepared)));

      expect(outcome.status, outcome.body).toBe(route.expected.status);
      expect(outcome.body).toContain('internal_error');
      expect(outcome.body).not.toMatch(INTERNALS);
      const errors = lines.filter((line) => line.level === 50);
      expect(errors, JSON.stringify(lines)).toHaveLength(1);
      const [error] = errors as [Record<string, unknown>];
      // The cause is in the log (and only there), with the request id the client was given.
      expect(JSON.stringify(error)).toMatch(/does not exist|injected fault/);
      if (outcome.requestId) {
        expect(outcome.body).toContain(outcome.requestId);
        expect(error.request_id).toBe(outcome.requestId);
        expect(lines.some((line) => line.msg === 'request' && line.request_id === outcome.requestId && line.status === route.expected.status)).toBe(true);
      } else {
        expect(error.request_id).toEqual(expect.any(String));
      }
      expect(await unexpectedErrors()).toBe(countedBefore + 1);

      expect(route.healthy(await route.call((await route.prepare?.()) ?? ''))).toBe(true);
    });
  }
});
