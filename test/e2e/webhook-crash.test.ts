import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { type PrismaClient, createPrismaClient, migrateDatabase } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import { createSecretBox, generateSigningSecret } from '@platform/events';
import { createOAuthClient, createTenantPair } from '@platform/subgraph-identity';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlatformProcess, TEST_SECRETS_KEY, accessTokenFrom, spawnPlatform } from '../support/platform-process.ts';
import { type Recorder, startRecorder } from '../support/http-recorder.ts';
import { sendUntilAnswered } from '../support/retrying-client.ts';

/**
 * At-least-once delivery across a crash: a platform process is killed with SIGKILL in the middle
 * of a burst of order creations (with webhook deliveries in flight), a new one is started on the
 * same database, and every `order.created` event that exists is delivered, signed, to the
 * receiver; receivers deduplicate by `webhook-id`, so duplicates are allowed and counted. The
 * outbox holds across the crash too: every order that exists has exactly one event.
 */

const ORDERS = 60;
const CONCURRENCY = 10;
/** The platform is killed when this many orders were answered, with the next ones in flight. */
const KILL_AFTER = 30;

async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs: number, what: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not met within ${timeoutMs} ms: ${what()}`);
    await sleep(200);
  }
}

describe('webhook delivery across a crash (SIGKILL mid-burst)', () => {
  let database: FreshDatabase;
  let prisma: PrismaClient;
  let receiver: Recorder;
  const instances: PlatformProcess[] = [];
  const env = (url: string) => ({
    DATABASE_URL: url,
    SEED_DEMO: 'false',
    WEBHOOK_ALLOWED_PRIVATE_NETWORKS: '127.0.0.0/8',
    JOB_RECOVERY_SECONDS: '3',
    SECRETS_KEY: TEST_SECRETS_KEY,
    WEBHOOK_RETRY_SCHEDULE: '1,1,1,1,1',
  });

  beforeAll(async () => {
    database = await freshDatabase({ prefix: 'webhook_crash' });
    await migrateDatabase(database.url);
    prisma = createPrismaClient(database.url, 2);
    // Answering after 300 ms, so the deliveries of the latest orders are in flight when the platform dies.
    receiver = await startRecorder('ok', { delayMs: 300 });
    instances.push(await spawnPlatform(env(database.url)));
  }, 180_000);
  afterAll(async () => {
    for (const instance of instances) await instance.stop();
    await receiver?.close();
    await prisma?.$disconnect();
    await database?.dispose();
  });

  async function headersFor(instance: PlatformProcess, client: { client_id: string; client_secret: string }, tenantId: string): Promise<Record<string, string>> {
    return { authorization: `Bearer ${await accessTokenFrom(instance, client)}`, 'x-service-tenant': tenantId, 'content-type': 'application/json' };
  }

  /**
   * The tenant's webhook endpoint for `order.created`: registered through the API when the
   * events subgraph serves `POST /v1/events/webhook-endpoints`, else written with Prisma and a
   * secret sealed with the platform's key, as the API would.
   */
  async function registerEndpoint(instance: PlatformProcess, headers: Record<string, string>, tenantId: string): Promise<string> {
    const response = await fetch(`${instance.url}/v1/events/webhook-endpoints`, { method: 'POST', headers, body: JSON.stringify({ url: receiver.url, event_types: ['order.created'] }) });
    if (response.status !== 404) {
      const body = (await response.json()) as { secret?: unknown };
      expect(response.status, JSON.stringify(body)).toBe(201);
      expect(typeof body.secret).toBe('string');
      return body.secret as string;
    }
    const secret = generateSigningSecret();
    const box = createSecretBox(Buffer.from(TEST_SECRETS_KEY, 'base64'));
    await prisma.webhookEndpoint.create({ data: { tenant_id: tenantId, id: 'we_crash_test', url: receiver.url, event_types: ['order.created'], secret_ciphertext: box.seal(secret) } });
    return secret;
  }

  it('delivers every order.created that exists after a restart, each order with exactly one event', async ({ annotate }) => {
    const first = instances[0] as PlatformProcess;
    // A sandbox tenant: production tenants need HTTPS endpoints, the receiver is plain HTTP on loopback.
    const { sandbox } = await createTenantPair(prisma, { name: 'Crash test', plan: 'enterprise' });
    const tenantId = sandbox.id;
    const client = await createOAuthClient(prisma, { tenantId, scopes: ['crm:read', 'crm:write', 'inventory:read', 'inventory:write', 'webhooks:read', 'webhooks:write', 'events:read'] });
    const headers = await headersFor(first, client, tenantId);
    const post = (instance: PlatformProcess, path: string, body: unknown) => fetch(`${instance.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });

    const secret = await registerEndpoint(first, headers, tenantId);
    const warehouse = (await (await post(first, '/v1/inventory/warehouses', { name: 'Main' })).json()) as { id: string };
    expect((await post(first, '/v1/inventory/items', { id: 'CRASH-1', name: 'Crash item', quantity_on_hand: 1000, reorder_point: 0, warehouse_id: warehouse.id })).status).toBe(201);
    const customer = (await (await post(first, '/v1/crm/customers', { name: 'Crash Corp', currency: 'EUR' })).json()) as { id: string };
    const orderBody = (index: number) => ({ kind: index % 2 === 0 ? 'sales' : 'purchase', customer_id: customer.id, external_reference: `CRASH-${index}`, lines: [{ item_id: 'CRASH-1', quantity: 1 + (index % 5), unit_price: 100 }] });
    const createOrder = (instance: PlatformProcess, index: number) => post(instance, '/v1/crm/orders', orderBody(index));

    // The burst: CONCURRENCY requests in flight at all times. When the KILL_AFTER-th order is
    // answered, the platform is killed with the others in flight: some not yet begun, some within
    // their transaction, some committed but not yet answered.
    const answered: string[] = [];
    let failedRequests = 0;
    let next = 0;
    let killing: Promise<{ events: number; succeeded: number; received: number }> | undefined;
    const kill = async () => {
      const exited = once(first.child, 'exit');
      first.child.kill('SIGKILL'); // no graceful stop: no draining of requests or jobs
      await exited;
      return {
        events: await prisma.event.count({ where: { tenant_id: tenantId } }),
        succeeded: await prisma.webhookDelivery.count({ where: { tenant_id: tenantId, status: 'succeeded' } }),
        received: new Set(receiver.received.map((hook) => hook.headers['webhook-id'])).size,
      };
    };
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < ORDERS && !killing) {
          const index = next++;
          try {
            const response = await createOrder(first, index);
            if (response.status === 201) answered.push(((await response.json()) as { id: string }).id);
            else failedRequests++;
          } catch {
            failedRequests++;
          }
          if (answered.length >= KILL_AFTER && !killing) killing = kill();
        }
      }),
    );
    expect(killing, 'the platform was killed during the burst').toBeDefined();
    const atKill = await (killing as Promise<{ events: number; succeeded: number; received: number }>);
    // The crash interrupted work: requests in flight, and events committed whose delivery had not succeeded.
    expect(failedRequests).toBeGreaterThan(0);
    expect(atKill.succeeded).toBeLessThan(atKill.events);

    // A new instance on the same database picks up the queued and the interrupted jobs; the rest of the burst goes to it.
    const second = await spawnPlatform(env(database.url));
    instances.push(second);
    const secondHeaders = await headersFor(second, client, tenantId);
    // Retried while the new instance names a fault (503), with an Idempotency-Key so a retried order is created once.
    const rest = Array.from({ length: ORDERS - next }, (_, offset) => next + offset);
    const answers = await Promise.all(
      rest.map((index) => sendUntilAnswered(`${second.url}/v1/crm/orders`, { method: 'POST', headers: { ...secondHeaders, 'idempotency-key': `crash-rest-${index}` }, body: JSON.stringify(orderBody(index)) })),
    );
    for (const answer of answers) {
      expect(answer.status, answer.body).toBe(201);
      answered.push((JSON.parse(answer.body) as { id: string }).id);
    }

    // Atomicity across the crash: every order that exists has exactly one event, and no event is without its order.
    const orders = await prisma.order.findMany({ where: { tenant_id: tenantId }, select: { id: true } });
    const events = await prisma.event.findMany({ where: { tenant_id: tenantId }, select: { id: true, type: true, resource_id: true } });
    expect(events.every((event) => event.type === 'order.created')).toBe(true);
    expect(events.map((event) => event.resource_id).sort()).toEqual(orders.map((order) => order.id).sort());
    // Every order answered 201 committed.
    expect(orders.map((order) => order.id)).toEqual(expect.arrayContaining(answered));
    expect(orders.length).toBeGreaterThanOrEqual(answered.length);
    expect(orders.length).toBeLessThanOrEqual(ORDERS);

    // Every event is received at least once, each delivery verified as a receiver would.
    const eventIds = new Set(events.map((event) => event.id));
    const receivedIds = () => new Set(receiver.received.map((hook) => hook.headers['webhook-id'] as string));
    await eventually(
      async () => ([...eventIds].every((id) => receivedIds().has(id)) ? true : undefined),
      90_000,
      () => `received ${[...eventIds].filter((id) => receivedIds().has(id)).length} of ${eventIds.size} events`,
    );
    const webhook = new Webhook(secret);
    const resourceOf = new Map(events.map((event) => [event.id, event.resource_id]));
    for (const hook of receiver.received) {
      const payload = webhook.verify(hook.body, hook.headers as Record<string, string>) as { id: string; type: string; tenant_id: string; data: { id: string } };
      expect(payload.id).toBe(hook.headers['webhook-id']);
      expect(payload.type).toBe('order.created');
      expect(payload.tenant_id).toBe(tenantId);
      // Nothing arrived that is not an event of the log.
      expect(eventIds.has(payload.id)).toBe(true);
      expect(payload.data.id).toBe(resourceOf.get(payload.id));
    }
    // Every delivery ends succeeded (the interrupted ones included), none failed.
    await eventually(
      async () => ((await prisma.webhookDelivery.count({ where: { tenant_id: tenantId, status: { not: 'succeeded' } } })) === 0 ? true : undefined),
      60_000,
      () => 'deliveries still pending',
    );
    expect(await prisma.webhookDelivery.count({ where: { tenant_id: tenantId } })).toBe(eventIds.size);

    const counts = new Map<string, number>();
    for (const hook of receiver.received) counts.set(hook.headers['webhook-id'] as string, (counts.get(hook.headers['webhook-id'] as string) ?? 0) + 1);
    const duplicated = [...counts.values()].filter((count) => count > 1).length;
    await annotate(
      `${eventIds.size} events (${orders.length} orders of ${ORDERS} requested, ${answered.length} answered 201, ${failedRequests} requests lost in the crash, ${orders.length - answered.length} of them committed); at the kill ${atKill.events} events existed, ${atKill.succeeded} deliveries had succeeded and ${atKill.received} events were received; ` +
        `${receiver.received.length} deliveries received, ${duplicated} events received more than once`,
    );
  }, 240_000);
});
