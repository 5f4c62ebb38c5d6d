import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type PrismaClient, createPrismaClient, migrateDatabase } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import { createOAuthClient, createTenantPair } from '@platform/subgraph-identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Delivery, EVENT_SCOPES, type EndpointWithSecret, type EventRecord } from '../support/events.ts';
import { eventually, json } from '../support/fixtures.ts';
import { type PlatformProcess, TEST_SECRETS_KEY, spawnPlatform } from '../support/platform-process.ts';

/**
 * Slow webhook receivers hold up nobody else. A platform of its own (delivery timeout 2 s, one
 * retry after 1 s, then one after 5 minutes) delivers to one tenant's endpoint whose receiver
 * never answers, with 2,000 deliveries pending (a replay), while another endpoint of the same
 * tenant and another tenant's endpoint answer at once: their events arrive within 10 s (a bound
 * five times the timeout, not a measure of speed), while the backlog is still there. Receivers that
 * answer after the timeout, trickle their answer, or stream a huge one cost each attempt at most
 * the timeout, and only the first 1,000 bytes of a body are read. Before deliveries were ranked
 * fairly, the fast endpoints waited behind the whole backlog: 2,000 × 2 s / 20 slots = 200 s.
 */

const TIMEOUT_MS = 2000;
const RETRY_SCHEDULE_MS = [1000, 300_000];
const BACKLOG_EVENTS = 100;
const BACKLOG_REPLAYS = 19;
const BACKLOG = BACKLOG_EVENTS * (1 + BACKLOG_REPLAYS);
const PROMPTLY_MS = 10_000;
/** What an attempt may take beyond the timeout: recording it, a busy machine. */
const ATTEMPT_SLACK_MS = 1500;

interface Received {
  webhookId: string;
  at: number;
}

/** A receiver on loopback; `respond` decides what each request gets. Every open connection is cut on close. */
async function startReceiver(respond: (request: IncomingMessage, response: ServerResponse) => void): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    response.on('error', () => {}); // the platform hangs up after its excerpt or its timeout
    request.resume();
    request.on('end', () => {
      received.push({ webhookId: String(request.headers['webhook-id']), at: Date.now() });
      respond(request, response);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Writes `size` bytes of `byte` as fast as the client reads, until it hangs up. */
function stream(response: ServerResponse, size: number, byte: string): void {
  const chunk = byte.repeat(64 * 1024);
  let left = Math.ceil(size / chunk.length);
  const write = () => {
    while (left > 0 && !response.destroyed) {
      left--;
      if (!response.write(chunk)) return void response.once('drain', write);
    }
    response.end();
  };
  write();
}

const receivers = {
  fast: () => startReceiver((_request, response) => response.writeHead(204).end()),
  silent: () => startReceiver(() => {}),
  late: () => startReceiver((_request, response) => setTimeout(() => response.writeHead(200).end('too late'), TIMEOUT_MS + 1000)),
  huge: () =>
    startReceiver((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      stream(response, 64 * 1024 * 1024, 'h');
    }),
  trickling: () =>
    startReceiver((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '10000000' });
      const timer = setInterval(() => (response.destroyed ? clearInterval(timer) : response.write('t')), 100);
    }),
};

describe('slow webhook receivers: no head-of-line blocking, every attempt bounded by the timeout', () => {
  let database: FreshDatabase;
  let prisma: PrismaClient;
  let platform: PlatformProcess;
  const closers: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    database = await freshDatabase({ prefix: 'webhook_receivers' });
    await migrateDatabase(database.url);
    prisma = createPrismaClient(database.url, 2);
    platform = await spawnPlatform({
      DATABASE_URL: database.url,
      SEED_DEMO: 'false',
      WEBHOOK_ALLOWED_PRIVATE_NETWORKS: '127.0.0.0/8',
      WEBHOOK_TIMEOUT_SECONDS: String(TIMEOUT_MS / 1000),
      WEBHOOK_RETRY_SCHEDULE: RETRY_SCHEDULE_MS.map((delay) => delay / 1000).join(','),
      SECRETS_KEY: TEST_SECRETS_KEY,
    });
  }, 120_000);
  afterAll(async () => {
    await platform?.stop();
    for (const close of closers) await close();
    await prisma?.$disconnect();
    await database?.dispose();
  });

  /** A sandbox tenant (plain HTTP endpoints on loopback are allowed there) and a function sending its requests. */
  async function tenant(name: string) {
    const { sandbox } = await createTenantPair(prisma, { name, plan: 'enterprise' });
    const client = await createOAuthClient(prisma, { tenantId: sandbox.id, scopes: EVENT_SCOPES });
    const token = await json<{ access_token: string }>(
      await fetch(`${platform.url}/v1/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret }) }),
    );
    const headers = { authorization: `Bearer ${token.access_token}`, 'x-service-tenant': sandbox.id, 'content-type': 'application/json' };
    const send = (method: string, path: string, body?: unknown) => fetch(`${platform.url}${path}`, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
    return {
      publish: async (type: string) => json<EventRecord>(await send('POST', '/v1/events', { type, data: { at: Date.now() } }), 201),
      endpoint: async (receiver: { url: string; close(): Promise<void> }, type: string) => {
        closers.push(() => receiver.close());
        return json<EndpointWithSecret>(await send('POST', '/v1/events/webhook-endpoints', { url: receiver.url, event_types: [type] }), 201);
      },
      replay: async (endpointId: string, range: { occurred_after: string; occurred_before: string }) => json<{ deliveries: number }>(await send('POST', `/v1/events/webhook-endpoints/${endpointId}/replay`, range)),
      deliveries: async (endpointId: string, query = '') => (await json<{ data: Delivery[]; meta: { total: number } }>(await send('GET', `/v1/events/webhook-endpoints/${endpointId}/deliveries${query}`))),
    };
  }

  it(`delivers to other endpoints within ${PROMPTLY_MS / 1000} s while one endpoint of a tenant has ${BACKLOG} deliveries pending to a receiver that never answers`, async () => {
    const flooded = await tenant('Flooded');
    const other = await tenant('Other');
    const silent = await receivers.silent();
    const fast = await receivers.fast();
    const slowEndpoint = await flooded.endpoint(silent, 'custom.flood');
    await flooded.endpoint(fast, 'custom.signal');
    await other.endpoint(fast, 'custom.signal');

    // The backlog: 100 events to the silent receiver, then 19 replays of them.
    const floodStarted = new Date(Date.now() - 1000).toISOString();
    for (let index = 0; index < BACKLOG_EVENTS; index++) await flooded.publish('custom.flood');
    const range = { occurred_after: floodStarted, occurred_before: new Date(Date.now() + 1000).toISOString() };
    for (let replay = 0; replay < BACKLOG_REPLAYS; replay++) expect(await flooded.replay(slowEndpoint.id, range)).toEqual({ deliveries: BACKLOG_EVENTS });
    await eventually(() => (silent.received.length >= 10 ? true : undefined), 20_000, 'the delivery slots busy with the silent receiver');

    const latencies: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (const publisher of [flooded, other]) {
        const event = await publisher.publish('custom.signal');
        const sent = Date.parse(event.occurred_at);
        const received = await eventually(() => fast.received.find((request) => request.webhookId === event.id), PROMPTLY_MS, `delivery of ${event.id} beside the backlog`);
        latencies.push(received.at - sent);
      }
    }
    const stillPending = (await flooded.deliveries(slowEndpoint.id, '?status=pending&per_page=1')).meta.total;
    process.stdout.write(`webhook receivers: ${latencies.length} deliveries beside a backlog of ${BACKLOG} (${stillPending} still pending) received after ${latencies.join(', ')} ms\n`);
    expect(stillPending).toBeGreaterThan(BACKLOG / 2);

    // The silent receiver's attempts each ended at the timeout, and the next is scheduled per the schedule (1 s, then 300 s).
    const timedOut = await eventually(async () => {
      const deliveries = (await flooded.deliveries(slowEndpoint.id, '?status=pending&sort=created_at&per_page=100')).data.filter((delivery) => delivery.attempt_count > 0);
      return deliveries.length > 0 ? deliveries : undefined;
    });
    for (const delivery of timedOut) {
      for (const attempt of delivery.attempts) {
        expect(attempt).toMatchObject({ response_status: null, error: `no response within ${TIMEOUT_MS} ms` });
        expect(attempt.duration_ms).toBeLessThan(TIMEOUT_MS + ATTEMPT_SLACK_MS);
      }
      const last = delivery.attempts.at(-1);
      expect(Date.parse(delivery.next_attempt_at ?? '') - Date.parse(last?.attempted_at ?? '')).toBe(RETRY_SCHEDULE_MS[delivery.attempt_count - 1]);
    }
  });

  it('bounds each attempt by the timeout when the receiver answers too late, trickles its answer or streams a huge one, and retries per the schedule', async () => {
    const receiving = await tenant('Receivers');
    const late = await receiving.endpoint(await receivers.late(), 'custom.late');
    const huge = await receiving.endpoint(await receivers.huge(), 'custom.huge');
    const trickling = await receiving.endpoint(await receivers.trickling(), 'custom.trickle');
    for (const type of ['custom.late', 'custom.huge', 'custom.trickle']) await receiving.publish(type);

    // Too late: a timeout, then the retry 1 s later, which times out too (the next is due in 5 minutes).
    const [lateDelivery] = await eventually(async () => {
      const deliveries = (await receiving.deliveries(late.id)).data;
      return deliveries[0]?.attempt_count === 2 ? deliveries : undefined;
    }, 30_000, 'two attempts to the late receiver');
    expect(lateDelivery).toMatchObject({ status: 'pending', attempt_count: 2 });
    const [first, second] = lateDelivery?.attempts ?? [];
    for (const attempt of [first, second]) {
      expect(attempt).toMatchObject({ response_status: null, error: `no response within ${TIMEOUT_MS} ms` });
      expect(attempt?.duration_ms).toBeLessThan(TIMEOUT_MS + ATTEMPT_SLACK_MS);
    }
    expect(Date.parse(second?.attempted_at ?? '') - Date.parse(first?.attempted_at ?? '')).toBeGreaterThanOrEqual(1000);

    // A huge answer: its status counts, 1,000 bytes of it are kept, the rest is never read.
    const [hugeDelivery] = await eventually(async () => {
      const deliveries = (await receiving.deliveries(huge.id)).data;
      return deliveries[0]?.status === 'succeeded' ? deliveries : undefined;
    }, 30_000, 'the huge answer recorded');
    expect(hugeDelivery?.attempts[0]).toMatchObject({ response_status: 200, response_excerpt: 'h'.repeat(1000), error: null });

    // A trickled answer: the status arrived in time, the body is cut at the timeout.
    const [trickledDelivery] = await eventually(async () => {
      const deliveries = (await receiving.deliveries(trickling.id)).data;
      return deliveries[0]?.status === 'succeeded' ? deliveries : undefined;
    }, 30_000, 'the trickled answer recorded');
    expect(trickledDelivery?.attempts[0]).toMatchObject({ response_status: 200, response_excerpt: expect.stringMatching(/^t+$/), error: null });
    expect(trickledDelivery?.attempts[0]?.duration_ms).toBeLessThan(TIMEOUT_MS + ATTEMPT_SLACK_MS);
  });
});
