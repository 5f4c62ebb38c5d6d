import type { Client } from 'graphql-ws';
import { type PrismaClient, createPrismaClient, migrateDatabase } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import { type RedisServer, startRedisServer } from '@platform/rate-limit/testing';
import { createOAuthClient, createTenantPair } from '@platform/subgraph-identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../support/fixtures.ts';
import { type PlatformProcess, TEST_SECRETS_KEY, spawnPlatform } from '../support/platform-process.ts';
import { type LiveSubscription, barrier, bearerParams, publish, subscribeWs, wsClient } from '../support/subscriptions.ts';

/**
 * Live events across instances: two real platform processes share a database and a real
 * redis-server (REDIS_URL). A graphql-ws subscriber on each instance receives every event
 * published through the first. Each event is dispatched once, by whichever instance's worker
 * takes its job, so every event reached at least one of the two subscribers from the other
 * instance: through Redis.
 */
describe('live events across two platform instances', () => {
  let redis: RedisServer;
  let database: FreshDatabase;
  let prisma: PrismaClient;
  let instances: PlatformProcess[] = [];
  const clients: Client[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    database = await freshDatabase({ prefix: 'liveevents' });
    await migrateDatabase(database.url);
    prisma = createPrismaClient(database.url, 2);
    // One service behind one address: the same tokens, the same secrets key.
    const env = { DATABASE_URL: database.url, REDIS_URL: redis.url, SEED_DEMO: 'false', PUBLIC_URL: 'http://127.0.0.1:4998', SECRETS_KEY: TEST_SECRETS_KEY };
    instances = await Promise.all([spawnPlatform(env), spawnPlatform(env)]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.dispose()));
    await Promise.all(instances.map((instance) => instance.stop()));
    await prisma?.$disconnect();
    await database?.dispose();
    await redis?.stop();
  });

  /** A REST client of one instance. */
  function apiOf(instance: PlatformProcess, token: string, tenantId: string): ApiClient {
    return apiClient(token, tenantId, instance.url);
  }

  type Live = { events: { id: string; type: string; data: { n?: number; marker?: string } } };

  /** Reads until every id in `ids` arrived (in any order: two instances dispatch in parallel); returns the non-marker events read. */
  async function collect(subscription: LiveSubscription<Live>, ids: string[]): Promise<Array<Live['events']>> {
    const received: Array<Live['events']> = [];
    while (!ids.every((id) => received.some((event) => event.id === id))) {
      const result = await subscription.results.next(20_000);
      expect(result.errors).toBeUndefined();
      const event = result.data?.events as Live['events'];
      if (event.data.marker === undefined) received.push(event);
    }
    return received;
  }

  it('delivers every event published through instance A to a subscriber on A and to one on B', async () => {
    const [instanceA, instanceB] = instances as [PlatformProcess, PlatformProcess];
    const { production } = await createTenantPair(prisma, { name: `Live events ${Date.now()}`, plan: 'enterprise' });
    const client = await createOAuthClient(prisma, { tenantId: production.id, scopes: ['events:read', 'events:write'] });
    const tokenResponse = await fetch(`${instanceA.url}/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret }),
    });
    expect(tokenResponse.status).toBe(200);
    const { access_token } = (await tokenResponse.json()) as { access_token: string };
    const apiA = apiOf(instanceA, access_token, production.id);

    const query = 'subscription { events(types: ["custom.cluster"]) { id type data } }';
    const subscriptions = [instanceA, instanceB].map((instance) => {
      const connection = wsClient(instance.url, bearerParams(apiA));
      clients.push(connection.client);
      return subscribeWs<Live>(connection.client, query);
    });
    // Both live: a marker published through A reached each.
    for (const subscription of subscriptions) await barrier(subscription, apiA, 'custom.cluster');

    const published = [];
    for (let n = 1; n <= 5; n++) published.push(await publish(apiA, 'custom.cluster', { n }));
    const ids = published.map((event) => event.id);

    for (const subscription of subscriptions) {
      const received = await collect(subscription, ids);
      // Exactly the five, each once (markers of the barriers aside).
      expect(received.map((event) => event.id).sort()).toEqual([...ids].sort());
      expect(received.map((event) => event.data.n).sort()).toEqual([1, 2, 3, 4, 5]);
    }
  });
});
