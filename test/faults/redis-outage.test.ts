import { setTimeout as sleep } from 'node:timers/promises';
import type { Client } from 'graphql-ws';
import { type PrismaClient, createPrismaClient, migrateDatabase } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import { type RedisServer, startRedisServer } from '@platform/rate-limit/testing';
import { createApiKey, createTenantPair } from '@platform/subgraph-identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../support/fixtures.ts';
import { type PlatformProcess, TEST_SECRETS_KEY, spawnPlatform } from '../support/platform-process.ts';
import { barrier, bearerParams, subscribeWs, wsClient } from '../support/subscriptions.ts';

/**
 * Redis hung, lost and back under load, with two platform instances sharing it (rate-limit
 * counters and the live fan-out of events) and one database. While Redis hangs or is down: every
 * request is answered, none with a 5xx, within a bound; rate limits hold per instance; the
 * instances stay up however long it lasts (the landed code died about 11 s into the outage).
 * Once Redis is back: limits are shared again and live events flow again, without a restart.
 */

/** Longer than the ~11 s after which the landed live bus crashed the process (ioredis gave up on its queued publishes). */
const OUTAGE_MS = 15_000;
/** How long Redis hangs (frozen with its connections open) before it is killed. */
const HANG_MS = 6_000;
/** No request may take longer than this, whatever state Redis is in. */
const ANSWER_BOUND_MS = 5_000;
/** Per-minute limit of the tenants whose bursts show where counters live (per second: out of the way). */
const PER_MINUTE = 20;
const BURST = 50;
const LIVE_QUERY = 'subscription { events(types: ["custom.redis"]) { id type data } }';

type Phase = 'before' | 'hang' | 'outage' | 'after';

interface Sample {
  phase: Phase;
  status: number | 'no answer';
  ms: number;
}

describe('Redis hung, lost and back under load (two platform instances)', () => {
  let redis: RedisServer;
  let database: FreshDatabase;
  let prisma: PrismaClient;
  let instances: PlatformProcess[] = [];
  const sockets: Client[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    database = await freshDatabase({ prefix: 'redis_outage' });
    await migrateDatabase(database.url);
    prisma = createPrismaClient(database.url, 2);
    // One service behind one address; info logs show when each instance lost and regained Redis.
    const env = { DATABASE_URL: database.url, REDIS_URL: redis.url, SEED_DEMO: 'false', PUBLIC_URL: 'http://127.0.0.1:4997', SECRETS_KEY: TEST_SECRETS_KEY, LOG_LEVEL: 'info' };
    instances = await Promise.all([spawnPlatform(env), spawnPlatform(env)]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.dispose()));
    await Promise.all(instances.map((instance) => instance.stop()));
    await prisma?.$disconnect();
    await database?.dispose();
    await redis?.stop();
  });

  /** A production tenant with its own limits and an API key; its REST clients of each instance. */
  async function tenant(limits: { perSecond: number; perMinute: number }): Promise<ApiClient[]> {
    const { production } = await createTenantPair(prisma, { name: `Redis outage ${Date.now()}`, plan: 'enterprise' });
    await prisma.tenant.update({ where: { id: production.id }, data: { rate_limit_per_second: limits.perSecond, rate_limit_per_minute: limits.perMinute } });
    const key = await createApiKey(prisma, { tenantId: production.id, name: 'redis outage', scopes: ['inventory:read', 'events:read', 'events:write'], createdBy: 'test' });
    return instances.map((instance) => apiClient(key.secret, production.id, instance.url));
  }

  /** BURST requests at once, alternating between the instances as a round-robin balancer would: how many each instance served. */
  async function servedPerInstance(): Promise<number[]> {
    const apis = await tenant({ perSecond: 10_000, perMinute: PER_MINUTE });
    const responses = await Promise.all(Array.from({ length: BURST }, (_, index) => (apis[index % apis.length] as ApiClient).get('/v1/inventory/items?per_page=1')));
    for (const response of responses) expect([200, 429]).toContain(response.status);
    await Promise.all(responses.map((response) => response.arrayBuffer()));
    return apis.map((_, instance) => responses.filter((response, index) => index % apis.length === instance && response.status === 200).length);
  }

  const logged = (pattern: RegExp) => instances.every((instance) => pattern.test(instance.output()));
  /** The end of what an instance printed, access log lines left out. */
  const lastWords = (instance: PlatformProcess) =>
    instance
      .output()
      .split('\n')
      .filter((line) => !line.includes('"msg":"request"'))
      .slice(-20)
      .join('\n');

  it('answers every request without a 5xx within a bound, limits per instance while Redis hangs or is down, shared again and live events flowing once it is back', async ({ annotate }) => {
    // Live events through Redis: a subscriber on the first instance, events published through the second.
    const [subscriberApi, publisherApi] = (await tenant({ perSecond: 10_000, perMinute: 1_000_000 })) as [ApiClient, ApiClient];
    const subscribe = (instance: PlatformProcess) => {
      const socket = wsClient(instance.url, bearerParams(subscriberApi));
      sockets.push(socket.client);
      return subscribeWs(socket.client, LIVE_QUERY);
    };
    const beforeOutage = subscribe(instances[0] as PlatformProcess);
    await barrier(beforeOutage, publisherApi, 'custom.redis');

    // One tenant shared by both instances.
    expect((await servedPerInstance()).reduce((sum, served) => sum + served, 0)).toBe(PER_MINUTE);

    // The load: reads and event publications (each fanned out live through Redis) on both instances, all along.
    let phase: Phase = 'before';
    let loading = true;
    const samples: Sample[] = [];
    const loadApis = await tenant({ perSecond: 100_000, perMinute: 10_000_000 });
    const loaders = loadApis.flatMap((api) =>
      [0, 1].map(async (loader) => {
        for (let count = 0; loading; count++) {
          const started = performance.now();
          const at = phase;
          let status: Sample['status'] = 'no answer';
          try {
            const request = loader === 0 && count % 2 === 0 ? api.send('POST', '/v1/events', { type: 'custom.load', data: { count } }) : api.get('/v1/inventory/items?per_page=5');
            // Waiting twice the bound at most: a request still unanswered then is a hang.
            const response = await Promise.race([request, sleep(2 * ANSWER_BOUND_MS).then(() => undefined)]);
            if (response) {
              await response.arrayBuffer();
              status = response.status;
            }
          } catch {
            // No answer (the connection was refused or reset): recorded as such.
          }
          samples.push({ phase: at, status, ms: performance.now() - started });
          await sleep(20);
        }
      }),
    );
    await sleep(1000);

    // Redis hangs: connections open, nothing answered. Each instance stops waiting for it after one timed-out command.
    phase = 'hang';
    const hangStarted = Date.now();
    redis.pause();
    expect(await servedPerInstance()).toEqual(instances.map(() => PER_MINUTE));
    await sleep(Math.max(0, HANG_MS - (Date.now() - hangStarted)));

    // Then it is gone.
    phase = 'outage';
    const outageStarted = Date.now();
    await redis.kill();
    await expect.poll(() => logged(/Redis (connection lost|unavailable): rate limits are enforced per instance/), { timeout: 10_000 }).toBe(true);
    // Each instance counts on its own: a balancer spreading a burst over both lets twice the limit through.
    expect(await servedPerInstance()).toEqual(instances.map(() => PER_MINUTE));
    // A subscription started now, on the second instance, is accepted; its events flow once Redis is back.
    const duringOutage = subscribe(instances[1] as PlatformProcess);
    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - outageStarted)));
    for (const instance of instances) expect(instance.child.exitCode, lastWords(instance)).toBeNull();

    redis = await startRedisServer({ port: redis.port });
    await expect.poll(() => logged(/Redis connection restored: rate limits are shared again/), { timeout: 15_000 }).toBe(true);
    phase = 'after';
    expect((await servedPerInstance()).reduce((sum, served) => sum + served, 0)).toBe(PER_MINUTE);
    // Both subscriptions receive live events, published through either instance.
    await barrier(beforeOutage, publisherApi, 'custom.redis');
    await barrier(duringOutage, subscriberApi, 'custom.redis');
    await sleep(1000);
    loading = false;
    await Promise.all(loaders);

    const failures = samples.filter((sample) => sample.status === 'no answer' || sample.status >= 500 || sample.ms > ANSWER_BOUND_MS);
    expect(failures).toEqual([]);
    for (const instance of instances) expect(instance.child.exitCode, lastWords(instance)).toBeNull();
    const byPhase = (wanted: Phase) => samples.filter((sample) => sample.phase === wanted);
    const slowest = (wanted: Phase) => Math.round(Math.max(...byPhase(wanted).map((sample) => sample.ms)));
    await annotate(
      `${samples.length} requests under load (before ${byPhase('before').length}, hang ${byPhase('hang').length}, outage ${byPhase('outage').length}, after ${byPhase('after').length}); ` +
        `slowest ${slowest('before')} / ${slowest('hang')} / ${slowest('outage')} / ${slowest('after')} ms`,
    );
  }, 180_000);
});
