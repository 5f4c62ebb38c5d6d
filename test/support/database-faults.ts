import { randomUUID } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PrismaClient } from '@platform/db';
import { createOAuthClient, createTenantPair } from '@platform/subgraph-identity';
import { expect } from 'vitest';
import type { Receiver } from './events.ts';
import { eventually, json } from './fixtures.ts';

/**
 * Helpers of the database fault tests (`test/faults/database-*.test.ts`): a tenant that takes
 * orders, a load of reads and writes recording every outcome, and the processes of a PostgreSQL
 * server to stop and continue.
 */

export const ORDER_SCOPES = ['crm:read', 'crm:write', 'inventory:read', 'inventory:write', 'webhooks:write'];

/** Settings of the platforms under test: webhooks to loopback, quick retries, jobs of a lost attempt taken up again after 5 s. */
/** How long one request may take while the database is down or frozen (the promise under test). */
export const ANSWER_WITHIN_MS = 5_000;
/** A request unanswered after this long is recorded as a hang. */
export const HANG_MS = 15_000;
/** Concurrent clients of the fault tests' load. */
export const LOAD_CLIENTS = 6;
export const FAULT_PLATFORM_ENV = { SEED_DEMO: 'false', WEBHOOK_ALLOWED_PRIVATE_NETWORKS: '127.0.0.0/8', WEBHOOK_RETRY_SCHEDULE: '1,1,1,1,1', JOB_RECOVERY_SECONDS: '5' };

export interface OrderingTenant {
  tenantId: string;
  /** Its OAuth client's credentials. */
  client: { client_id: string; client_secret: string };
  /** Authorization, tenant and content type headers of its requests. */
  headers: Record<string, string>;
  customerId: string;
  itemId: string;
}

/**
 * A (sandbox) tenant with a client holding ORDER_SCOPES, a customer and a well-stocked item:
 * enough to create orders; its `order.created` events go to a webhook endpoint at `webhookUrl`.
 */
export async function orderingTenant(baseUrl: string, prisma: PrismaClient, webhookUrl: string): Promise<OrderingTenant> {
  // A sandbox tenant: production tenants need HTTPS endpoints, the test's receiver is plain HTTP.
  const { sandbox } = await createTenantPair(prisma, { name: 'Database faults', plan: 'enterprise' });
  // Limits of its own, far above what the load sends: refusals are the database's, never the rate limit's.
  await prisma.tenant.update({ where: { id: sandbox.id }, data: { rate_limit_per_second: 100_000, rate_limit_per_minute: 1_000_000 } });
  const client = await createOAuthClient(prisma, { tenantId: sandbox.id, scopes: ORDER_SCOPES });
  const token = await json<{ access_token: string }>(
    await fetch(`${baseUrl}/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret }),
    }),
  );
  const headers = { authorization: `Bearer ${token.access_token}`, 'x-service-tenant': sandbox.id, 'content-type': 'application/json' };
  const post = async <T>(path: string, body: unknown) => json<T>(await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }), 201);
  const warehouse = await post<{ id: string }>('/v1/inventory/warehouses', { name: 'Faults' });
  await post('/v1/inventory/items', { id: 'FAULT-1', name: 'Fault item', quantity_on_hand: 1_000_000, reorder_point: 0, warehouse_id: warehouse.id });
  const customer = await post<{ id: string }>('/v1/crm/customers', { name: 'Fault customer', currency: 'EUR' });
  await post('/v1/events/webhook-endpoints', { url: webhookUrl, event_types: ['order.created'] });
  return { tenantId: sandbox.id, client: { client_id: client.client_id, client_secret: client.client_secret }, headers, customerId: customer.id, itemId: 'FAULT-1' };
}

/** What the load sends, each client in turn: a REST list, a GraphQL list, an order (with an Idempotency-Key), an access token. */
const REQUEST_KINDS = ['rest list', 'graphql list', 'order', 'token'] as const;

/** One request of the load and what came of it. */
export interface Outcome {
  kind: (typeof REQUEST_KINDS)[number];
  /** When it was sent, in ms since the load started. */
  sentAt: number;
  durationMs: number;
  /** HTTP status; 0 when no response came within the load's timeout (a hang) or the connection failed. */
  status: number;
  /** `code` of a problem, or the first GraphQL error's `extensions.code`. */
  code?: string;
  retryAfter: string | null;
  requestId: string | null;
  /** The order a 201 created. */
  orderId?: string;
  /** What a request without a response met (`TimeoutError`, `ECONNRESET`, …). */
  failure?: string;
}

/** A refused client pauses before its next request, as a polite one would (less than Retry-After, to see the outage closely). */
const REFUSAL_PAUSE_MS = 100;

export interface Load {
  outcomes: Outcome[];
  /** Milliseconds since the load started. */
  elapsed(): number;
  /** Resolves once `predicate` holds for the outcomes, or rejects after `timeoutMs`. */
  until(predicate: (outcomes: Outcome[]) => boolean, timeoutMs: number, what: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * `clients` concurrent clients, each sending REQUEST_KINDS in turn, as fast as they are answered
 * (after a refusal, 100 ms later), until stopped. A request without a response after `timeoutMs`
 * is abandoned and recorded with status 0: that is a hang.
 */
export function startLoad(baseUrl: string, tenant: OrderingTenant, options: { clients: number; timeoutMs: number }): Load {
  const outcomes: Outcome[] = [];
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let stopping = false;
  const requests: Array<{ kind: Outcome['kind']; path: string; init: () => RequestInit }> = [
    { kind: 'rest list', path: '/v1/crm/orders?per_page=5', init: () => ({ headers: tenant.headers }) },
    {
      kind: 'graphql list',
      path: '/graphql',
      init: () => ({ method: 'POST', headers: tenant.headers, body: JSON.stringify({ query: '{ inventory_items(per_page: 5) { data { id quantity_on_hand } } }' }) }),
    },
    {
      kind: 'order',
      path: '/v1/crm/orders',
      // Each with a key of its own: the key's claim and stored outcome meet the fault too.
      init: () => ({
        method: 'POST',
        headers: { ...tenant.headers, 'idempotency-key': randomUUID() },
        body: JSON.stringify({ kind: 'sales', customer_id: tenant.customerId, lines: [{ item_id: tenant.itemId, quantity: 1, unit_price: 100 }] }),
      }),
    },
    {
      kind: 'token',
      path: '/v1/oauth/token',
      init: () => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'client_credentials', ...tenant.client }) }),
    },
  ];
  const send = async (request: (typeof requests)[number]): Promise<Outcome> => {
    const sentAt = elapsed();
    try {
      const response = await fetch(`${baseUrl}${request.path}`, { ...request.init(), signal: AbortSignal.timeout(options.timeoutMs) });
      const text = await response.text();
      const body = parse(text);
      return {
        kind: request.kind,
        sentAt,
        durationMs: elapsed() - sentAt,
        status: response.status,
        code: body?.code ?? body?.errors?.[0]?.extensions?.code,
        retryAfter: response.headers.get('retry-after'),
        requestId: response.headers.get('x-request-id'),
        ...(request.kind === 'order' && response.status === 201 && { orderId: body?.id }),
      };
    } catch (error) {
      const cause = (error as { cause?: { code?: unknown } }).cause;
      return { kind: request.kind, sentAt, durationMs: elapsed() - sentAt, status: 0, retryAfter: null, requestId: null, failure: typeof cause?.code === 'string' ? cause.code : (error as Error).name };
    }
  };
  const clients = Array.from({ length: options.clients }, async (_, client) => {
    for (let turn = client; !stopping; turn++) {
      const outcome = await send(requests[turn % requests.length] as (typeof requests)[number]);
      outcomes.push(outcome);
      if (outcome.status >= 500) await sleep(REFUSAL_PAUSE_MS);
    }
  });
  return {
    outcomes,
    elapsed,
    async until(predicate, timeoutMs, what) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(outcomes)) {
        if (Date.now() > deadline) throw new Error(`not seen within ${timeoutMs} ms: ${what}; last outcomes: ${JSON.stringify(outcomes.slice(-5))}`);
        await sleep(50);
      }
    },
    async stop() {
      stopping = true;
      await Promise.all(clients);
    },
  };
}

/**
 * Checks the answers to requests sent from `since` (ms of the load) on, while the database was
 * failing and after: each is a success or a 503 `database_unavailable` with `Retry-After`, and
 * each came within `withinMs`. Returns the refusals.
 */
export function expectFaultAnswers(load: Load, since: number, withinMs: number): Outcome[] {
  const during = load.outcomes.filter((outcome) => outcome.sentAt >= since);
  const refusals = during.filter((outcome) => outcome.status !== 200 && outcome.status !== 201);
  expect(refusals.filter((outcome) => outcome.status !== 503 || outcome.code !== 'database_unavailable' || outcome.retryAfter === null), 'every failure is a 503 database_unavailable with Retry-After').toEqual([]);
  expect(during.filter((outcome) => outcome.durationMs > withinMs), `every answer within ${withinMs} ms`).toEqual([]);
  return refusals;
}

/** The chainer polls every second once the database answers again; a few polls' time. */
const CHAINED_WITHIN_MS = 10_000;

/** Resolves, with the load's time, once every kind of request was refused after `since` and then succeeded again. */
export async function untilRecovered(load: Load, since: number, timeoutMs: number): Promise<number> {
  let recoveredAt = 0;
  await load.until(
    (outcomes) => {
      const firstRefusal = outcomes.find((outcome) => outcome.sentAt >= since && outcome.status === 503);
      if (!firstRefusal) return false;
      const served = new Set(outcomes.filter((outcome) => outcome.sentAt > firstRefusal.sentAt && (outcome.status === 200 || outcome.status === 201)).map((outcome) => outcome.kind));
      recoveredAt = load.elapsed();
      return served.size === REQUEST_KINDS.length;
    },
    timeoutMs,
    'refusals, then successes of every kind of request',
  );
  return recoveredAt;
}

/**
 * Every order the load got a 201 for has its audit record (of that request) in the tenant's hash
 * chain, and its `order.created` event. Returns their number. A change's record is durable with
 * the change and chained soon after (by a chainer that retries while the database is away): it
 * is looked for once the queue of records to chain has drained, within `CHAINED_WITHIN_MS`.
 */
export async function expectWritesRecorded(prisma: PrismaClient, tenant: OrderingTenant, load: Load): Promise<number> {
  const acknowledged = load.outcomes.filter((outcome) => outcome.kind === 'order' && outcome.status === 201);
  const orderIds = acknowledged.map((outcome) => outcome.orderId as string);
  for (const deadline = Date.now() + CHAINED_WITHIN_MS; (await prisma.auditPendingRecord.count({ where: { tenant_id: tenant.tenantId } })) > 0; await sleep(100)) {
    if (Date.now() > deadline) throw new Error(`audit records of the tenant were still waiting to be chained ${CHAINED_WITHIN_MS} ms after the load`);
  }
  const audited = await prisma.auditRecord.findMany({ where: { tenant_id: tenant.tenantId, resource_id: { in: orderIds } }, select: { resource_id: true, request_id: true } });
  const events = await prisma.event.findMany({ where: { tenant_id: tenant.tenantId, type: 'order.created', resource_id: { in: orderIds } }, select: { resource_id: true } });
  const auditedRequests = new Set(audited.map((record) => `${record.resource_id} ${record.request_id}`));
  const evented = new Set(events.map((event) => event.resource_id));
  expect(acknowledged.filter((outcome) => !auditedRequests.has(`${outcome.orderId} ${outcome.requestId}`)), 'acknowledged writes without their audit record').toEqual([]);
  expect(orderIds.filter((id) => !evented.has(id)), 'acknowledged writes without their order.created event').toEqual([]);
  expect(events).toHaveLength(orderIds.length);
  return acknowledged.length;
}

/**
 * Every order the load got a 201 for reaches the webhook receiver (the outbox's dispatch and the job queue's
 * delivery outlived the fault); resolves with how long after the call the last one arrived.
 */
export async function expectWebhooksDelivered(receiver: Receiver, load: Load, timeoutMs: number): Promise<number> {
  const started = performance.now();
  const orderIds = load.outcomes.filter((outcome) => outcome.kind === 'order' && outcome.status === 201).map((outcome) => outcome.orderId as string);
  const delivered = () => new Set(receiver.received.map((webhook) => (parse(webhook.body) as { resource?: { id?: string } } | undefined)?.resource?.id));
  await eventually(() => (orderIds.every((id) => delivered().has(id)) ? true : undefined), timeoutMs, 'a webhook for every acknowledged order').catch((error: unknown) => {
    throw new Error(`${(error as Error).message}: missing ${orderIds.filter((id) => !delivered().has(id)).join(', ')}`);
  });
  return Math.round(performance.now() - started);
}

function parse(text: string): { code?: string; id?: string; errors?: Array<{ extensions?: { code?: string } }> } | undefined {
  try {
    return JSON.parse(text) as never;
  } catch {
    return undefined;
  }
}

/** A PostgreSQL server's processes: the postmaster and its children (backends, checkpointer, WAL writer, …). */
export async function serverProcesses(postmasterPid: number): Promise<number[]> {
  const children: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    // /proc/<pid>/stat: "pid (command) state ppid …"; the command may hold spaces, the last ')' ends it.
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const parentPid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parentPid === postmasterPid) children.push(Number(entry));
  }
  return [postmasterPid, ...children];
}

/** Sends `signal` to every process in `pids` that still exists. */
export function signalAll(pids: number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
  }
}
