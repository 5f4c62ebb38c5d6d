import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { type PrismaClient, createPrismaClient, migrateDatabase } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import { createOAuthClient, createTenantPair } from '@platform/subgraph-identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../support/fixtures.ts';
import { type PlatformProcess, spawnPlatform } from '../support/platform-process.ts';
import { type LiveSubscription, barrier, publish, subscribeSse } from '../support/subscriptions.ts';

/**
 * `npm start` on a machine of several cores: one primary process and WORKERS workers serving the
 * same port, here two, without Redis. What a client sees must not depend on which worker answers:
 * a tenant's rate limit is one limit (the primary keeps the counters), a live event reaches
 * subscribers on every worker, a revoked token is refused by every worker at once, and a worker
 * that dies is replaced while the other serves.
 */
describe('several workers on one machine (WORKERS=2, no Redis)', () => {
  let database: FreshDatabase;
  let prisma: PrismaClient;
  let platform: PlatformProcess;

  beforeAll(async () => {
    database = await freshDatabase({ prefix: 'workers' });
    await migrateDatabase(database.url);
    prisma = createPrismaClient(database.url, 2);
    platform = await spawnPlatform({ DATABASE_URL: database.url, SEED_DEMO: 'false', WORKERS: '2', LOG_LEVEL: 'info', REDIS_URL: undefined });
  }, 180_000);
  afterAll(async () => {
    await platform?.stop();
    await prisma?.$disconnect();
    await database?.dispose();
  });

  async function account(plan: 'launch' | 'enterprise', scopes = ['inventory:read', 'events:read', 'events:write']): Promise<{ api: ApiClient; clientId: string; clientSecret: string }> {
    const { production } = await createTenantPair(prisma, { name: `Workers ${Date.now()}`, plan });
    const client = await createOAuthClient(prisma, { tenantId: production.id, scopes });
    return { api: apiClient(await token(client.client_id, client.client_secret), production.id, platform.url), clientId: client.client_id, clientSecret: client.client_secret };
  }

  async function token(clientId: string, clientSecret: string): Promise<string> {
    const response = await fetch(`${platform.url}/v1/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }) });
    expect(response.status).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  }

  /** The processes that wrote an access-log line for one of `requestIds` (the logs carry the writer's pid). */
  function servedBy(requestIds: string[]): Set<number> {
    const ids = new Set(requestIds);
    const pids = new Set<number>();
    for (const line of platform.output().split('\n')) {
      if (!line.startsWith('{')) continue;
      const entry = JSON.parse(line) as { msg?: string; request_id?: string; pid?: number };
      if (entry.msg === 'request' && entry.request_id && ids.has(entry.request_id) && entry.pid) pids.add(entry.pid);
    }
    return pids;
  }

  /** The workers alive now: the children of the primary that are platform processes. */
  async function workers(): Promise<number[]> {
    const children = (await readFile(`/proc/${platform.child.pid}/task/${platform.child.pid}/children`, 'utf8')).trim().split(/\s+/).filter(Boolean).map(Number);
    return children;
  }

  it('serves every request from one of two worker processes, on one port', async () => {
    const { api } = await account('enterprise');
    const requestIds: string[] = [];
    // New connections each time: connections are what the primary hands out to the workers in turn.
    for (let index = 0; index < 10; index++) {
      const response = await fetch(`${platform.url}/v1/inventory/items`, { headers: { ...api.headers, connection: 'close' } });
      expect(response.status).toBe(200);
      requestIds.push(response.headers.get('x-request-id') as string);
      await response.arrayBuffer();
    }
    await sleep(200);
    const pids = servedBy(requestIds);
    expect(pids.size).toBe(2);
    const alive = await workers();
    expect(alive).toHaveLength(2);
    for (const pid of pids) expect(alive).toContain(pid);
  });

  it('holds one rate limit per tenant across the workers: of 80 requests of a Launch tenant within a minute, at most 59 answered (60 a minute, the token request included), the rest refused', async () => {
    const { api } = await account('launch');
    // Two bursts of 40 a second apart, new connections each: the primary hands them to the workers
    // in turn. However a burst falls across the per-second windows (a busy machine stretches it),
    // the first takes at most 40 and the second only what is left of the minute's 60: 59 in all.
    // Counted per worker, each worker's minute would allow 60.
    const responses: Response[] = [];
    for (let round = 0; round < 2; round++) {
      if (round > 0) await sleep(1100);
      responses.push(...(await Promise.all(Array.from({ length: 40 }, () => fetch(`${platform.url}/v1/inventory/items?per_page=1`, { headers: { ...api.headers, connection: 'close' } })))));
    }
    const statuses = responses.map((response) => response.status);
    const answered = statuses.filter((status) => status === 200).length;
    // Never more than the minute's 59 (per worker it would be up to 80). A second burst that the
    // machine stretches across a per-second window can lose one or two more to that window's
    // limit (seen in CI: 58), never gain any.
    expect(answered, statuses.join(' ')).toBeLessThanOrEqual(59);
    expect(answered, statuses.join(' ')).toBeGreaterThanOrEqual(56);
    expect(statuses.filter((status) => status === 429).length, statuses.join(' ')).toBe(80 - answered);
    await sleep(200);
    expect(servedBy(responses.map((response) => response.headers.get('x-request-id') as string)).size).toBe(2);
    await Promise.all(responses.map((response) => response.arrayBuffer()));
  });

  it('delivers every live event to subscribers on every worker, whichever worker published it', async () => {
    const { api } = await account('enterprise');
    const subscriptions: Array<LiveSubscription<unknown> & { response: Response }> = [];
    try {
      // Subscriptions over SSE until both workers hold at least one (each stream is a connection of its own).
      for (let attempt = 0; attempt < 8 && servedBy(subscriptions.map((subscription) => subscription.response.headers.get('x-request-id') as string)).size < 2; attempt++) {
        subscriptions.push(await subscribeSse(platform.url, api, 'subscription { events(types: ["custom.workers"]) { type data } }'));
        await sleep(200);
      }
      expect(servedBy(subscriptions.map((subscription) => subscription.response.headers.get('x-request-id') as string)).size).toBe(2);
      for (const subscription of subscriptions) await barrier(subscription, api, 'custom.workers');

      // Published through both workers (a new connection each).
      const published = [];
      for (let index = 0; index < 6; index++) published.push(await publish(apiClient(api.headers.authorization?.slice(7) as string, api.headers['x-service-tenant'] as string, platform.url), 'custom.workers', { index }));
      for (const subscription of subscriptions) {
        const received = await barrier(subscription, api, 'custom.workers');
        expect(received.map((result) => (result.data as { events: { data: { index: number } } }).events.data.index)).toEqual([0, 1, 2, 3, 4, 5]);
      }
    } finally {
      for (const subscription of subscriptions) subscription.stop();
    }
  });

  it('refuses a revoked token on every worker at once', async () => {
    const { api, clientId, clientSecret } = await account('enterprise');
    const revoked = await token(clientId, clientSecret);
    const headers = { authorization: `Bearer ${revoked}`, 'x-service-tenant': api.headers['x-service-tenant'] as string, connection: 'close' };
    // Both workers have checked it, and remember it as not revoked.
    for (let index = 0; index < 6; index++) expect((await fetch(`${platform.url}/v1/inventory/items`, { headers })).status).toBe(200);
    const revocation = await fetch(`${platform.url}/v1/oauth/revoke`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: revoked, client_id: clientId, client_secret: clientSecret }) });
    expect(revocation.status).toBe(200);
    for (let index = 0; index < 6; index++) expect((await fetch(`${platform.url}/v1/inventory/items`, { headers })).status).toBe(401);
  });

  it('replaces a worker that dies, while the other keeps serving', { timeout: 60_000 }, async () => {
    const { api } = await account('enterprise');
    const [victim] = await workers();
    process.kill(victim as number, 'SIGKILL');
    // Served all along, by the survivor and then by both (a client retries a connection the dead
    // worker dropped). A connection the primary handed to the worker as it died is never answered
    // nor closed (Node's cluster keeps it until the worker acknowledges it): clients bound their
    // wait, as this one does, and retry.
    const deadline = Date.now() + 30_000;
    let replaced = false;
    while (!replaced) {
      expect(Date.now()).toBeLessThan(deadline);
      const response = await fetch(`${platform.url}/v1/inventory/items`, { headers: { ...api.headers, connection: 'close' }, signal: AbortSignal.timeout(3_000) }).catch(() => undefined);
      if (response) expect(response.status).toBe(200);
      await response?.arrayBuffer();
      const alive = await workers();
      replaced = alive.length === 2 && !alive.includes(victim as number);
      await sleep(100);
    }
    expect(platform.output()).toContain('a worker exited unexpectedly; replacing it');
  });
});
