import { setTimeout as sleep } from 'node:timers/promises';
import { type PrismaClient, createPrismaClient, migrateDatabase } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import { type RedisServer, startRedisServer } from '@platform/rate-limit/testing';
import { createOAuthClient, createTenantPair } from '@platform/subgraph-identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlatformProcess, spawnPlatform } from '../support/platform-process.ts';

/**
 * Two platform instances behind one address enforce one limit per tenant: two real platform
 * processes share a real redis-server (started here) through REDIS_URL, and a burst of 40
 * requests of one Launch tenant (30 per second), alternating between the instances as a
 * round-robin load balancer would, gets exactly 30 answers and 10 refusals.
 */
describe('rate limits across two platform instances', () => {
  let redis: RedisServer;
  let database: FreshDatabase;
  let prisma: PrismaClient;
  let instances: PlatformProcess[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    database = await freshDatabase({ prefix: 'ratelimit' });
    await migrateDatabase(database.url);
    prisma = createPrismaClient(database.url, 2);
    // Both instances are one service behind one address: they issue and accept the same tokens.
    const env = { DATABASE_URL: database.url, REDIS_URL: redis.url, SEED_DEMO: 'false', PUBLIC_URL: 'http://127.0.0.1:4999' };
    instances = await Promise.all([spawnPlatform(env), spawnPlatform(env)]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await prisma?.$disconnect();
    await database?.dispose();
    await redis?.stop();
  });

  /** A production Launch tenant with a client and a token from the first instance. */
  async function launchTenant(): Promise<Record<string, string>> {
    const { production } = await createTenantPair(prisma, { name: `Rate limit ${Date.now()}`, plan: 'launch' });
    const client = await createOAuthClient(prisma, { tenantId: production.id, scopes: ['inventory:read'] });
    const response = await fetch(`${instances[0]?.url}/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret }),
    });
    expect(response.status).toBe(200);
    const { access_token } = (await response.json()) as { access_token: string };
    return { authorization: `Bearer ${access_token}`, 'x-service-tenant': production.id };
  }

  const listItems = (instance: PlatformProcess | undefined, headers: Record<string, string>) => fetch(`${instance?.url}/v1/inventory/items?per_page=1`, { headers });

  it('answers 30 of 40 requests in one second of one Launch tenant and refuses 10, whichever instance they reach', async () => {
    // Warm both instances up with another tenant, so the burst below is not slowed by first-request work.
    const warmUp = await launchTenant();
    for (const instance of instances) {
      for (let index = 0; index < 3; index++) expect((await listItems(instance, warmUp)).status).toBe(200);
    }

    const headers = await launchTenant();
    // The token request counted in the tenant's current second: start the burst in a fresh one.
    await sleep(1100);
    const started = performance.now();
    const responses = await Promise.all(Array.from({ length: 40 }, (_, index) => listItems(instances[index % 2], headers)));
    const elapsed = Math.round(performance.now() - started);
    const statuses = responses.map((response) => response.status);
    const summary = `statuses ${statuses.join(' ')} in ${elapsed} ms`;

    expect(statuses.filter((status) => status === 200).length, summary).toBe(30);
    expect(statuses.filter((status) => status === 429).length, summary).toBe(10);

    const served = responses.filter((response) => response.status === 200);
    for (const response of served) expect(response.headers.get('ratelimit-limit')).toBe('30');
    // One counter for both instances: each served request saw a different count.
    const remaining = served.map((response) => Number(response.headers.get('ratelimit-remaining'))).sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: 30 }, (_, index) => index));

    for (const response of responses.filter((response) => response.status === 429)) {
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(response.headers.get('retry-after')).toBe('1');
      expect(response.headers.get('ratelimit-limit')).toBe('30');
      expect(response.headers.get('ratelimit-remaining')).toBe('0');
      expect(response.headers.get('ratelimit-reset')).toBe('1');
      const problem = (await response.json()) as { code: string; status: number; request_id: string };
      expect(problem).toMatchObject({ code: 'rate_limited', status: 429 });
      expect(problem.request_id).toBe(response.headers.get('x-request-id'));
    }
    await Promise.all(served.map((response) => response.arrayBuffer()));

    // Once the second is over, the tenant is served again on both instances.
    await sleep(1100);
    for (const instance of instances) {
      const response = await listItems(instance, headers);
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-limit')).not.toBeNull();
      await response.arrayBuffer();
    }
  });
});
