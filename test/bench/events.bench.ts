/**
 * Benchmark: event throughput from a change to its consumers. N orders are created through the
 * REST API (each commits its `order.created` in the order's transaction); a webhook receiver on
 * loopback and a GraphQL subscriber (graphql-ws, `subscription { events(types: ["order.created"]) }`)
 * record when each event reaches them. Prints, for each consumer, events per second (events ÷
 * the time from the first creation request to the last receipt) and the latency of each event
 * (receipt time − its `occurred_at`) at p50, p95, p99 and max; and, to tell the creation's own
 * time from the delivery's, the time from the creator's 201 to the receipt (negative when the
 * event arrived before the answer).
 *
 * Run on demand, never by the test suite:   npm run bench:events
 *
 * Environment knobs:
 *   BENCH_ORDERS       orders created (default 2000)
 *   BENCH_CONCURRENCY  creation requests in flight at once (default 20)
 *   BENCH_RATE         orders per second to create, paced (default: as fast as BENCH_CONCURRENCY
 *                      clients go); the creations then keep their schedule whatever the answers
 *   BENCH_SLOW_RECEIVER 1: a second endpoint receives every order.created too, from a receiver
 *                      answering after 5 s (the latencies printed are the prompt receiver's)
 *   BENCH_WARMUP_ORDERS orders created the same way before the measurement, not measured (default 200)
 *   BENCH_WORKERS      the platform's WORKERS (default: the machine's cores)
 *   BENCH_SUBSCRIBER   0: no GraphQL subscriber, webhooks only (default 1)
 *   BENCH_PROFILE      a folder: the platform's processes write V8 CPU profiles there (--cpu-prof)
 *   DATABASE_URL       create the bench database on this PostgreSQL server instead of an
 *                      embedded one in a temp folder (it is dropped afterwards)
 *
 * The platform runs as its own process (as `npm start`); the load generator, the receiver and
 * the subscriber share this process. `occurred_at` is the time of the order's transaction on the
 * database clock (the same machine). Webhook signatures are verified as a receiver would.
 */
import { type IncomingHttpHeaders, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { createPrismaClient, migrateDatabase } from '@platform/db';
import { freshDatabase } from '@platform/db/testing';
import { createSecretBox, generateSigningSecret } from '@platform/events';
import { createOAuthClient, createTenantPair } from '@platform/subgraph-identity';
import { createClient } from 'graphql-ws';
import { Webhook } from 'standardwebhooks';
import WebSocket from 'ws';
import { TEST_SECRETS_KEY, spawnPlatform } from '../support/platform-process.ts';
import { cpuProfileOptions, positiveInteger } from './knobs.ts';

const ORDERS = positiveInteger('BENCH_ORDERS', 2000);
const CONCURRENCY = positiveInteger('BENCH_CONCURRENCY', 20);
const SUBSCRIBER = process.env.BENCH_SUBSCRIBER !== '0';
const RATE = process.env.BENCH_RATE ? positiveInteger('BENCH_RATE', 1) : undefined;
const SLOW_RECEIVER = process.env.BENCH_SLOW_RECEIVER === '1';
const WORKERS = positiveInteger('BENCH_WORKERS', availableParallelism());
const SLOW_ANSWER_MS = 5_000;
const WARMUP_ORDERS = positiveInteger('BENCH_WARMUP_ORDERS', 200);
const DEADLINE_MS = 300_000;


interface Arrival {
  at: number;
  occurredAt: number;
  /** The order the event is about. */
  orderId: string;
}

/** The first arrival of each event id, and how many arrived in all. */
class Arrivals {
  readonly first = new Map<string, Arrival>();
  total = 0;
  record(id: string, occurredAt: string, orderId: string, at: number): void {
    this.total++;
    if (!this.first.has(id)) this.first.set(id, { at, occurredAt: Date.parse(occurredAt), orderId });
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

let platformOutput = () => '(the platform did not start)';

async function main(): Promise<void> {
  const database = await freshDatabase({ prefix: 'bench_events' });
  const cleanups: Array<() => Promise<unknown>> = [() => database.dispose()];
  try {
    await migrateDatabase(database.url);
    const prisma = createPrismaClient(database.url, 2);
    cleanups.push(() => prisma.$disconnect());
    const platform = await spawnPlatform({ DATABASE_URL: database.url, SEED_DEMO: 'false', WEBHOOK_ALLOWED_PRIVATE_NETWORKS: '127.0.0.0/8', SECRETS_KEY: TEST_SECRETS_KEY, LOG_LEVEL: 'warn', WORKERS: String(WORKERS) }, { nodeOptions: cpuProfileOptions() });
    cleanups.push(() => platform.stop());
    platformOutput = () => platform.output();

    // A sandbox tenant: production tenants need HTTPS endpoints, the receiver is plain HTTP on loopback.
    const { sandbox } = await createTenantPair(prisma, { name: 'Events bench', plan: 'enterprise' });
    const tenantId = sandbox.id;
    // Limits far above what the machine can serve: the bench measures events, not refusals.
    await prisma.tenant.update({ where: { id: tenantId }, data: { rate_limit_per_second: 1_000_000, rate_limit_per_minute: 60_000_000 } });
    const client = await createOAuthClient(prisma, { tenantId, scopes: ['crm:read', 'crm:write', 'inventory:read', 'inventory:write', 'events:read', 'webhooks:read', 'webhooks:write'] });
    const tokenResponse = await fetch(`${platform.url}/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret }),
    });
    const { access_token } = (await tokenResponse.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${access_token}`, 'x-service-tenant': tenantId, 'content-type': 'application/json' };
    const post = async (path: string, body: unknown, expected = 201) => {
      const response = await fetch(`${platform.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      const text = await response.text();
      if (response.status !== expected) throw new Error(`POST ${path}: ${response.status} ${text}`);
      return JSON.parse(text) as Record<string, unknown>;
    };

    // The webhook receiver: verifies each delivery, records its first arrival.
    const webhooks = new Arrivals();
    let verifier: Webhook | undefined;
    let badSignatures = 0;
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const at = Date.now();
        const body = Buffer.concat(chunks).toString('utf8');
        try {
          const event = verifier?.verify(body, request.headers as IncomingHttpHeaders as Record<string, string>) as { id: string; occurred_at: string; data: { id: string } };
          webhooks.record(event.id, event.occurred_at, event.data.id, at);
        } catch {
          badSignatures++;
        }
        response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;

    const registration = await fetch(`${platform.url}/v1/events/webhook-endpoints`, { method: 'POST', headers, body: JSON.stringify({ url: receiverUrl, event_types: ['order.created'] }) });
    let endpointVia = 'the API';
    if (registration.status === 201) {
      verifier = new Webhook(((await registration.json()) as { secret: string }).secret);
    } else if (registration.status === 404) {
      endpointVia = 'Prisma (POST /v1/events/webhook-endpoints is not served)';
      const secret = generateSigningSecret();
      await prisma.webhookEndpoint.create({ data: { tenant_id: tenantId, id: 'we_bench', url: receiverUrl, event_types: ['order.created'], secret_ciphertext: createSecretBox(Buffer.from(TEST_SECRETS_KEY, 'base64')).seal(secret) } });
      verifier = new Webhook(secret);
    } else {
      throw new Error(`registering the endpoint: ${registration.status} ${await registration.text()}`);
    }

    // A receiver answering after 5 s, when asked for: its endpoint must not delay the other's deliveries.
    let slowReceived = 0;
    if (SLOW_RECEIVER) {
      const slowServer = createServer((request, response) => {
        request.resume();
        request.on('end', () => {
          slowReceived++;
          setTimeout(() => response.writeHead(200).end('ok'), SLOW_ANSWER_MS);
        });
      });
      await new Promise<void>((resolve) => slowServer.listen(0, '127.0.0.1', resolve));
      cleanups.push(() => new Promise<void>((resolve) => (slowServer.closeAllConnections(), slowServer.close(() => resolve()))));
      const slowUrl = `http://127.0.0.1:${(slowServer.address() as AddressInfo).port}/slow`;
      const slowEndpoint = await fetch(`${platform.url}/v1/events/webhook-endpoints`, { method: 'POST', headers, body: JSON.stringify({ url: slowUrl, event_types: ['order.created'] }) });
      if (slowEndpoint.status !== 201) throw new Error(`registering the slow endpoint: ${slowEndpoint.status} ${await slowEndpoint.text()}`);
    }

    // The GraphQL subscriber.
    const live = new Arrivals();
    let subscriberError: unknown = SUBSCRIBER ? undefined : 'not started (BENCH_SUBSCRIBER=0)';
    const ws = createClient({
      url: `${platform.url.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { Authorization: headers.authorization, 'X-Service-Tenant': tenantId },
      retryAttempts: 0,
      lazy: !SUBSCRIBER,
      onNonLazyError: (error) => (subscriberError = error),
    });
    cleanups.push(async () => ws.dispose());
    if (SUBSCRIBER) ws.subscribe<{ events: { id: string; occurred_at: string; resource: { id: string } } }>(
      { query: 'subscription { events(types: ["order.created"]) { id occurred_at resource { id } } }' },
      {
        next: (result) => {
          const at = Date.now();
          if (result.data?.events) live.record(result.data.events.id, result.data.events.occurred_at, result.data.events.resource.id, at);
          else subscriberError = result.errors;
        },
        error: (error) => (subscriberError = error),
        complete: () => {},
      },
    );

    const warehouse = await post('/v1/inventory/warehouses', { name: 'Bench' });
    await post('/v1/inventory/items', { id: 'BENCH-1', name: 'Bench item', quantity_on_hand: 1_000_000, reorder_point: 0, warehouse_id: warehouse.id });
    const customer = await post('/v1/crm/customers', { name: 'Bench Customer', currency: 'EUR' });
    /** When the creator got each order's 201, by order id. */
    const answeredAt = new Map<string, number>();
    const createOrder = async (index: number): Promise<void> => {
      const order = await post('/v1/crm/orders', { kind: index % 4 === 0 ? 'purchase' : 'sales', customer_id: customer.id, lines: [{ item_id: 'BENCH-1', quantity: 1 + (index % 7), unit_price: 1999 }] });
      answeredAt.set(order.id as string, Date.now());
    };

    /** Creates orders first..first+count-1 as the measurement does: paced at RATE, or CONCURRENCY at a time. */
    const createOrders = async (first: number, count: number): Promise<void> => {
      const begun = Date.now();
      if (RATE) {
        // Paced: creation i starts at its time, whatever the earlier ones are doing (a sustained load).
        const inFlight: Array<Promise<void>> = [];
        for (let index = 0; index < count; index++) {
          const wait = begun + (index * 1000) / RATE - Date.now();
          if (wait > 0) await sleep(wait);
          const creation = createOrder(first + index);
          // Handled by the Promise.all below; a failure before it must not end the process unhandled (and leave the platform running).
          creation.catch(() => {});
          inFlight.push(creation);
        }
        await Promise.all(inFlight);
      } else {
        let next = first;
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (next < first + count) await createOrder(next++);
          }),
        );
      }
    };

    // Warm-up under the measurement's own load (the JIT, the pools and the job workers reach their
    // steady state), then until both consumers received every warm-up event: its backlog drains
    // before the measurement starts.
    await createOrders(0, WARMUP_ORDERS);
    const warmupDeadline = Date.now() + 60_000;
    while ((webhooks.first.size < WARMUP_ORDERS || (subscriberError === undefined && live.first.size < WARMUP_ORDERS)) && Date.now() < warmupDeadline) await sleep(50);
    const subscriberWorks = subscriberError === undefined && live.first.size >= WARMUP_ORDERS;
    if (webhooks.first.size < WARMUP_ORDERS) throw new Error(`warm-up: only ${webhooks.first.size} of ${WARMUP_ORDERS} webhooks arrived`);
    const warmupIds = new Set([...webhooks.first.keys(), ...live.first.keys()]);

    console.log(
      `Events bench: ${ORDERS} orders after ${WARMUP_ORDERS} to warm up, ${RATE ? `paced at ${RATE}/s` : `${CONCURRENCY} creation requests in flight`}, platform WORKERS=${WORKERS}, endpoint registered through ${endpointVia}` +
        (SLOW_RECEIVER ? `, and a second endpoint whose receiver answers after ${SLOW_ANSWER_MS / 1000} s` : ''),
    );
    if (!subscriberWorks) console.log(`The GraphQL subscriber received ${live.first.size} of ${WARMUP_ORDERS} warm-up events (${JSON.stringify(subscriberError) ?? 'no error'}); measuring webhooks only.`);

    const started = Date.now();
    await createOrders(WARMUP_ORDERS, ORDERS);
    const created = Date.now();
    const expected = WARMUP_ORDERS + ORDERS;
    const deadline = Date.now() + DEADLINE_MS;
    while ((webhooks.first.size < expected || (subscriberWorks && live.first.size < expected)) && Date.now() < deadline) await sleep(20);

    const measured = await prisma.event.findMany({ where: { tenant_id: tenantId, type: 'order.created' }, select: { id: true } });
    const measuredIds = measured.map((event) => event.id).filter((id) => !warmupIds.has(id));
    console.log(`Created ${ORDERS} orders in ${((created - started) / 1000).toFixed(2)} s: ${(ORDERS / ((created - started) / 1000)).toFixed(0)} orders/s (${measuredIds.length} order.created events)`);
    const report = (name: string, arrivals: Arrivals) => {
      const got = measuredIds.flatMap((id) => arrivals.first.get(id) ?? []);
      const lastAt = Math.max(...got.map((arrival) => arrival.at));
      const latencies = got.map((arrival) => arrival.at - arrival.occurredAt).sort((a, b) => a - b);
      // A backlog that grows shows as later events waiting longer: p95 of the first and the last half, by occurrence.
      const byOccurrence = [...got].sort((a, b) => a.occurredAt - b.occurredAt);
      const half = (part: Arrival[]) => percentile(part.map((arrival) => arrival.at - arrival.occurredAt).sort((a, b) => a - b), 95);
      console.log(
        `${name.padEnd(11)} received ${got.length}/${measuredIds.length}` +
          `  ${(got.length / ((lastAt - started) / 1000)).toFixed(0)} events/s (first request to last receipt ${((lastAt - started) / 1000).toFixed(2)} s)` +
          `  latency p50 ${percentile(latencies, 50)} ms  p95 ${percentile(latencies, 95)} ms  p99 ${percentile(latencies, 99)} ms  max ${percentile(latencies, 100)} ms` +
          `  (p95 first half ${half(byOccurrence.slice(0, byOccurrence.length / 2))} ms, second half ${half(byOccurrence.slice(byOccurrence.length / 2))} ms)`,
      );
      const afterAnswer = got
        .map((arrival) => arrival.at - (answeredAt.get(arrival.orderId) ?? Number.NaN))
        .filter((wait) => !Number.isNaN(wait))
        .sort((a, b) => a - b);
      console.log(`${''.padEnd(11)} after the creator's 201: p50 ${percentile(afterAnswer, 50)} ms  p95 ${percentile(afterAnswer, 95)} ms  p99 ${percentile(afterAnswer, 99)} ms`);
    };
    // A creation's time in the platform, from its transaction's start (the event's occurred_at) to the creator's 201.
    const answerTimes = measuredIds
      .flatMap((id) => webhooks.first.get(id) ?? [])
      .map((arrival) => (answeredAt.get(arrival.orderId) ?? Number.NaN) - arrival.occurredAt)
      .filter((time) => !Number.isNaN(time))
      .sort((a, b) => a - b);
    console.log(`creations  occurred_at to the creator's 201: p50 ${percentile(answerTimes, 50)} ms  p95 ${percentile(answerTimes, 95)} ms  p99 ${percentile(answerTimes, 99)} ms`);
    report('webhooks', webhooks);
    console.log(`            ${webhooks.total - webhooks.first.size} duplicate deliveries, ${badSignatures} failed signature checks`);
    if (subscriberWorks) report('subscriber', live);
    if (SLOW_RECEIVER) console.log(`slow receiver: ${slowReceived} requests received during the run (it answers each after ${SLOW_ANSWER_MS / 1000} s)`);
  } catch (error) {
    console.error(`The bench failed; the platform's last output:\n${platformOutput().slice(-4000)}`);
    throw error;
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error('cleanup failed:', error));
  }
}

await main();
