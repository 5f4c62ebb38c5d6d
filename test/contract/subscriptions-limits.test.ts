import { setTimeout as sleep } from 'node:timers/promises';
import { type PrismaClient, createPrismaClient, migrateDatabase } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import { createApiKey, createTenantPair } from '@platform/subgraph-identity';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient, eventually } from '../support/fixtures.ts';
import { type PlatformProcess, TEST_SECRETS_KEY, spawnPlatform } from '../support/platform-process.ts';
import { type LiveSubscription, type WsConnection, barrier, bearerParams, subscribeSse, subscribeWs, wsClient } from '../support/subscriptions.ts';

/**
 * Limits of live subscriptions, on a platform of their own with small ones
 * (SUBSCRIPTIONS_PER_CONNECTION=3, SUBSCRIPTIONS_PER_TENANT=5): one more over a connection's limit
 * is an `error` message on that subscription and the socket stays open; over the tenant's limit
 * (graphql-ws and SSE together) the same over graphql-ws, a 429 with Retry-After over SSE. Every
 * way a subscription ends gives its place back.
 */

const PER_CONNECTION = 3;
const PER_TENANT = 5;
const SCOPES = ['events:read', 'events:write'];

type Live = { events: { type: string; data: Record<string, unknown> } };
type Refusal = Array<{ message: string; extensions: Record<string, unknown> }>;

describe('limits of live subscriptions', () => {
  let database: FreshDatabase;
  let prisma: PrismaClient;
  let platform: PlatformProcess;
  const clients: Client[] = [];
  const streams: LiveSubscription<unknown>[] = [];

  beforeAll(async () => {
    database = await freshDatabase({ prefix: 'sublimits' });
    await migrateDatabase(database.url);
    prisma = createPrismaClient(database.url, 2);
    platform = await spawnPlatform({ DATABASE_URL: database.url, SEED_DEMO: 'false', SECRETS_KEY: TEST_SECRETS_KEY, SUBSCRIPTIONS_PER_CONNECTION: String(PER_CONNECTION), SUBSCRIPTIONS_PER_TENANT: String(PER_TENANT) });
  }, 120_000);
  afterAll(async () => {
    for (const stream of streams) stream.stop();
    await Promise.all(clients.map((client) => client.dispose()));
    await platform?.stop();
    await prisma?.$disconnect();
    await database?.dispose();
  });

  /** A tenant of this platform and a client of it (an API key: this platform's token endpoint is not the suite's). */
  async function tenant(): Promise<ApiClient> {
    const { production } = await createTenantPair(prisma, { name: `Limits ${Date.now()}`, plan: 'enterprise' });
    const { secret } = await createApiKey(prisma, { tenantId: production.id, name: 'limits', scopes: SCOPES, createdBy: 'test' });
    return apiClient(secret, production.id, platform.url);
  }

  function connect(api: ApiClient): WsConnection {
    const connection = wsClient(platform.url, bearerParams(api));
    clients.push(connection.client);
    return connection;
  }

  const query = (type: string) => `subscription { events(types: ["${type}"]) { type data } }`;

  /** Subscribes over graphql-ws; resolves once the subscription is live (a marker of `type` reached it). */
  async function live(connection: WsConnection, api: ApiClient, type: string): Promise<LiveSubscription<Live>> {
    const subscription = subscribeWs<Live>(connection.client, query(type));
    expect(await barrier(subscription, api, type)).toEqual([]);
    return subscription;
  }

  async function liveSse(api: ApiClient, type: string): Promise<LiveSubscription<Live> & { response: Response }> {
    const subscription = await subscribeSse<Live>(platform.url, api, query(type));
    streams.push(subscription as LiveSubscription<unknown>);
    expect(subscription.response.status).toBe(200);
    expect(await barrier(subscription, api, type)).toEqual([]);
    return subscription;
  }

  /** A subscription over graphql-ws that must be refused: its `error` message. */
  async function refused(connection: WsConnection, type: string): Promise<Refusal> {
    const subscription = subscribeWs<Live>(connection.client, query(type));
    return (await Promise.race([subscription.failed, sleep(10_000).then(() => 'not refused within 10 s')])) as Refusal;
  }

  it(`refuses a connection's subscription number ${PER_CONNECTION + 1} with too_many_subscriptions per_connection, keeps the socket open, and accepts one again once one ends`, async () => {
    const api = await tenant();
    const connection = connect(api);
    const subscriptions = [];
    for (let index = 0; index < PER_CONNECTION; index++) subscriptions.push(await live(connection, api, `custom.c${index}`));

    expect(await refused(connection, 'custom.over')).toEqual([
      {
        message: `This connection already holds ${PER_CONNECTION} live subscriptions, the most one connection may hold. Complete one first, or open another connection.`,
        extensions: expect.objectContaining({ code: 'too_many_subscriptions', limit: 'per_connection', maximum: PER_CONNECTION, retry_after: 5, request_id: expect.stringMatching(/^req_/) }),
      },
    ]);
    // The socket and its subscriptions go on.
    expect(await barrier(subscriptions[0] as LiveSubscription<Live>, api, 'custom.c0')).toEqual([]);

    // Completing one gives its place back (the server learns of it asynchronously: retried briefly).
    subscriptions[1]?.stop();
    const again = await eventually(async () => {
      const subscription = subscribeWs<Live>(connection.client, query('custom.again'));
      // A refusal comes at once; no refusal within half a second is an accepted subscription (the barrier below proves it live).
      const outcome = await Promise.race([subscription.failed.then(() => 'refused'), sleep(500).then(() => 'accepted')]);
      return outcome === 'accepted' ? subscription : undefined;
    }, 10_000, 'a subscription accepted after one completed');
    expect(await barrier(again, api, 'custom.again')).toEqual([]);
  });

  it(`counts a tenant's subscriptions over graphql-ws and SSE together: number ${PER_TENANT + 1} is refused over either (SSE: 429 with Retry-After), other tenants are not, and closing gives the places back`, async () => {
    const api = await tenant();
    const full = connect(api);
    for (let index = 0; index < PER_CONNECTION; index++) await live(full, api, `custom.t${index}`);
    const second = connect(api);
    await live(second, api, 'custom.t3');
    const stream = await liveSse(api, 'custom.t4');

    expect(await refused(second, 'custom.over')).toEqual([
      expect.objectContaining({ extensions: expect.objectContaining({ code: 'too_many_subscriptions', limit: 'per_tenant', maximum: PER_TENANT, retry_after: 5 }) }),
    ]);
    const overSse = await fetch(`${platform.url}/graphql`, { method: 'POST', headers: { ...api.headers, 'content-type': 'application/json', accept: 'text/event-stream' }, body: JSON.stringify({ query: query('custom.over') }), signal: AbortSignal.timeout(10_000) });
    expect(overSse.status).toBe(429);
    expect(overSse.headers.get('retry-after')).toBe('5');
    expect(await overSse.json()).toEqual({
      errors: [{ message: `This tenant already holds ${PER_TENANT} live subscriptions, the most it may hold. End one first.`, extensions: { code: 'too_many_subscriptions', limit: 'per_tenant', maximum: PER_TENANT, request_id: overSse.headers.get('x-request-id') } }],
    });

    // Another tenant has places of its own.
    const other = await tenant();
    await live(connect(other), other, 'custom.other');

    // Closing a socket gives back its places, and so does ending an SSE stream: a full set again.
    await full.client.dispose();
    stream.stop();
    await eventually(async () => {
      const subscription = await subscribeSse<Live>(platform.url, api, query('custom.back'));
      streams.push(subscription as LiveSubscription<unknown>);
      if (subscription.response.status === 200) return subscription;
      subscription.stop();
      return undefined;
    }, 10_000, 'an SSE subscription accepted after the socket closed');
    const reopened = connect(api);
    for (let index = 0; index < PER_CONNECTION; index++) await live(reopened, api, `custom.r${index}`);
    expect(await refused(second, 'custom.over')).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ limit: 'per_tenant' }) })]);
  });
});
