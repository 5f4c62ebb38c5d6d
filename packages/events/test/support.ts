import { randomBytes } from 'node:crypto';
import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger } from '@platform/config';
import { type Prisma, type PrismaClient, createPrismaClient, migrateDatabase } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import { createTenantPair } from '@platform/subgraph-identity';
import { type DispatchConsumer, EVENT_QUEUES, EventBus, type NewEvent, deliveryRunSeconds } from '../src/bus.ts';
import type { EventEnvelope } from '../src/envelope.ts';
import { createLiveBus, type LiveBus } from '../src/live-bus.ts';
import { type JobQueue, startJobQueue } from '../src/queue.ts';
import { type SecretBox, createSecretBox } from '../src/secrets.ts';
import { generateSigningSecret } from '../src/webhooks/signing.ts';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** A webhook receiver on loopback answering with the statuses it is told, then 200. */
export interface Receiver {
  url: string;
  received: ReceivedWebhook[];
  /** Statuses of the next responses, in order. */
  respondWith(...statuses: number[]): void;
  /** From now on, answers this long after a request arrived (0: at once). */
  answerAfter(ms: number): void;
  /** The most requests it has held unanswered at once. */
  maxConcurrent(): number;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: ReceivedWebhook[] = [];
  const statuses: number[] = [];
  let delayMs = 0;
  let concurrent = 0;
  let maxConcurrent = 0;
  const server: Server = createServer((request, response) => {
    maxConcurrent = Math.max(maxConcurrent, ++concurrent);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const status = statuses.shift() ?? 200;
      setTimeout(() => {
        // Answered: no longer held (counted now, not at the connection's close, which comes later).
        concurrent--;
        response.writeHead(status, { 'content-type': 'text/plain' }).end(`answered ${status}`);
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    respondWith: (...next) => statuses.push(...next),
    answerAfter: (ms) => (delayMs = ms),
    maxConcurrent: () => maxConcurrent,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A webhook receiver on loopback that accepts every request and never answers it: each attempt to it times out. */
export interface SilentReceiver {
  url: string;
  /** Requests received so far. */
  requests(): number;
  close(): Promise<void>;
}

export async function startSilentReceiver(): Promise<SilentReceiver> {
  let requests = 0;
  const server: Server = createServer((request) => {
    requests++;
    request.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    requests: () => requests,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export interface BusHarness {
  prisma: PrismaClient;
  bus: EventBus;
  queue: JobQueue;
  live: LiveBus;
  secrets: SecretBox;
  tenantId: string;
  /** Registers an endpoint for `types` (in the harness's tenant unless another is named) and returns its id and plaintext secret. */
  endpoint(url: string, types: string[], tenantId?: string): Promise<{ id: string; secret: string }>;
  stop(): Promise<void>;
}

/**
 * Emits one event in its own committed transaction, then tells the bus it committed, as a domain
 * change does: through the harness's bus in its tenant, unless another bus or tenant is given.
 */
export async function emitCommitted(harness: BusHarness, event: NewEvent, { bus = harness.bus, tenantId = harness.tenantId }: { bus?: EventBus; tenantId?: string } = {}): Promise<EventEnvelope> {
  let transaction: Prisma.TransactionClient | undefined;
  const envelope = await harness.prisma.$transaction((tx) => {
    transaction = tx;
    return bus.emit(tx, tenantId, event);
  });
  if (transaction) bus.committed(transaction);
  return envelope;
}

/** A real database, job queue and event bus (retries after 1 s and 1 s, so 3 attempts), private loopback allowed. */
export async function startBus(options: { retryScheduleSeconds?: number[]; deliveryTimeoutMs?: number; eventRetentionDays?: number; dispatchConsumers?: DispatchConsumer[] } = {}): Promise<BusHarness> {
  const database: FreshDatabase = await freshDatabase({ prefix: 'events' });
  await migrateDatabase(database.url);
  const prisma = createPrismaClient(database.url, 4);
  const logger = createLogger('silent');
  const deliveryTimeoutMs = options.deliveryTimeoutMs ?? 2000;
  const queue = await startJobQueue({ databaseUrl: database.url, logger, queues: EVENT_QUEUES, recoverySeconds: 5, runSeconds: deliveryRunSeconds(deliveryTimeoutMs / 1000), pollingIntervalSeconds: 0.5 });
  const live = createLiveBus({});
  const secrets = createSecretBox(randomBytes(32));
  const bus = new EventBus({ prisma, queue, live, secrets, urlPolicy: { allowedPrivateNetworks: ['127.0.0.0/8'] }, logger, retryScheduleSeconds: options.retryScheduleSeconds ?? [1, 1], deliveryTimeoutMs, eventRetentionDays: options.eventRetentionDays });
  for (const consumer of options.dispatchConsumers ?? []) bus.onDispatch(consumer);
  await bus.startWorkers();
  const { production } = await createTenantPair(prisma, { name: 'Events', plan: 'enterprise' });
  let endpoints = 0;
  return {
    prisma,
    bus,
    queue,
    live,
    secrets,
    tenantId: production.id,
    async endpoint(url, types, tenantId = production.id) {
      const secret = generateSigningSecret();
      const id = `we_test_${++endpoints}`;
      await prisma.webhookEndpoint.create({ data: { tenant_id: tenantId, id, url, event_types: types, secret_ciphertext: secrets.seal(secret) } });
      return { id, secret };
    },
    async stop() {
      await bus.stop();
      await queue.stop();
      await live.close();
      await prisma.$disconnect();
      await database.dispose();
    },
  };
}

/** Polls `check` until it returns a value other than undefined (or fails after `timeoutMs`). */
export async function eventually<T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(100);
  }
}
