import { createHash } from 'node:crypto';
import type { Attributes, Context } from '@opentelemetry/api';
import type { Logger } from '@platform/config';
import { DrainLoop, type Event, type Prisma, type PrismaClient, type SqlRunner, type WebhookEndpoint, newId } from '@platform/db';
import { type EventEnvelope, type EventSource, envelopeOf, sourceOf } from './envelope.ts';
import { newEventId } from './event-ids.ts';
import type { LiveBus } from './live-bus.ts';
import type { JobQueue } from './queue.ts';
import { deleteExpiredEvents } from './retention.ts';
import type { SecretBox } from './secrets.ts';
import { activeTraceContext, outboundRequest, storedTraceContext } from './tracing.ts';
import { type QueuedDelivery, fairPriorities } from './webhooks/fair-order.ts';
import { type AttemptOutcome, postWebhook } from './webhooks/post.ts';
import { DEFAULT_RETRY_SCHEDULE_SECONDS, nextRetryDelaySeconds } from './webhooks/retry-schedule.ts';
import { signatureHeaders } from './webhooks/signing.ts';
import type { UrlPolicy } from './webhooks/url-policy.ts';

export const DELIVERY_QUEUE = 'webhook-delivery';
/** The deliveries of endpoints whose receivers answer slowly (see `slowAttemptMs`). */
export const SLOW_DELIVERY_QUEUE = 'webhook-delivery-slow';
export const RETENTION_QUEUE = 'event-retention';
/** The queues the event bus works on: its job queue must create them all. */
export const EVENT_QUEUES = [DELIVERY_QUEUE, SLOW_DELIVERY_QUEUE, RETENTION_QUEUE];
/** Events dispatched per transaction (their outbox rows claimed, their deliveries created). */
const DISPATCH_BATCH = 100;
/** How often the outbox is looked at without a wake-up: events committed by other instances, or by one that died before dispatching. */
const DISPATCH_POLL_MS = 1_000;
/** A wake-up's wait for the events committing meanwhile, dispatched in the same transaction. */
const DISPATCH_WAKE_DELAY_MS = 5;
/**
 * Delivery attempts an instance makes at once, per lane. Each slot fetches one job at a time, so
 * a slot waiting on a slow receiver holds up no other delivery (a batch would wait for its
 * slowest); and slow receivers have a lane of their own, so they never hold the slots of the
 * others.
 */
const DELIVERY_SLOTS = 16;
const SLOW_DELIVERY_SLOTS = 8;
/** An attempt that takes this long (or half the delivery timeout, if less) marks its endpoint slow. */
const SLOW_ATTEMPT_MS = 2_000;
/** When the event log's retention runs: hourly, at an odd minute (UTC). */
const RETENTION_CRON = '23 * * * *';

export interface NewEvent {
  type: string;
  /** The record as the REST API shows it (or a custom event's payload). */
  data: unknown;
  resource?: { type: string; id: string };
  source: EventSource;
}

export interface EventBusOptions {
  prisma: PrismaClient;
  queue: JobQueue;
  live: LiveBus;
  secrets: SecretBox;
  urlPolicy: UrlPolicy;
  logger: Logger;
  retryScheduleSeconds?: readonly number[];
  deliveryTimeoutMs?: number;
  /** Events older than this many days are deleted (hourly); 0 or absent keeps them forever. */
  eventRetentionDays?: number;
  observer?: WebhookObserver;
}

/**
 * How a delivery job ended: `delivered` (2xx), `retrying` (failed, next attempt scheduled),
 * `gave_up` (failed its last attempt: endpoint disabled), `gone` (410: endpoint disabled),
 * `endpoint_disabled` (no attempt: the endpoint was disabled meanwhile).
 */
export type WebhookOutcome = 'delivered' | 'retrying' | 'gave_up' | 'gone' | 'endpoint_disabled';

/** What the delivery workers report (the platform's metrics; this package depends on no metrics library). */
export interface WebhookObserver {
  /** One delivery job's outcome, with its attempt's duration in seconds (none for `endpoint_disabled`: nothing was sent). */
  webhookDelivery(outcome: WebhookOutcome, attemptSeconds?: number): void;
}

/**
 * Platform code run in the transaction that dispatches events, for the types it takes: an
 * internal subscriber as durable as the outbox (the sync engine asks for the pushes of the
 * connectors that push them; the workflow engine queues the runs the events trigger). Its
 * changes, and the jobs it sends to `queue` within `tx`, commit or roll back with the dispatch.
 */
export interface DispatchConsumer {
  takes(type: string): boolean;
  /** Resolves to whether it gave its workers something to do (queued jobs, say). */
  consume(tx: Prisma.TransactionClient, events: ReadonlyArray<Pick<Event, 'tenant_id' | 'id' | 'type'>>, queue: JobQueue): Promise<boolean>;
  /**
   * Called once a dispatch whose `consume` resolved to true committed (its workers are woken
   * then). Not after the others: every dispatch gives every consumer taking all types its
   * events, and waking idle workers for nothing made each of them fetch from the job queue.
   */
  committed(): void;
}

interface DeliveryJob {
  tenant_id: string;
  delivery_id: string;
}

/**
 * How long a delivery job runs at most while its instance lives: the attempt's timeout, and a
 * margin for recording it. The job queue must not expire (and run again) a job sooner.
 */
export function deliveryRunSeconds(timeoutSeconds: number): Record<string, number> {
  const seconds = timeoutSeconds + 10;
  return { [DELIVERY_QUEUE]: seconds, [SLOW_DELIVERY_QUEUE]: seconds };
}

type Lane = 'fast' | 'slow';
const QUEUE_OF_LANE: Record<Lane, string> = { fast: DELIVERY_QUEUE, slow: SLOW_DELIVERY_QUEUE };

/**
 * The event bus. `emit` writes an event and its outbox row in the caller's transaction (one
 * statement), so an event exists (and will be dispatched) if and only if the change committed;
 * `committed` publishes it to live subscribers once it has, and wakes the dispatch. A dispatch
 * claims a batch of outbox rows (SKIP LOCKED, so instances dispatch side by side) and, in the
 * same transaction, creates one delivery per subscribed webhook endpoint with its delivery job.
 * Delivery jobs make one signed attempt each and schedule the next attempt on failure; every
 * step commits with its successor queued, so a crash at any point is recovered by another
 * instance (at-least-once; receivers deduplicate by `webhook-id`).
 */
export class EventBus {
  private readonly schedule: readonly number[];
  private readonly timeoutMs: number;
  /** The events each open transaction emitted, published live once it commits. */
  private readonly emittedIn = new WeakMap<SqlRunner, EventEnvelope[]>();
  private readonly dispatcher: DrainLoop;
  private readonly consumers: DispatchConsumer[] = [];
  private dispatching = false;

  constructor(private readonly options: EventBusOptions) {
    this.schedule = options.retryScheduleSeconds ?? DEFAULT_RETRY_SCHEDULE_SECONDS;
    this.timeoutMs = options.deliveryTimeoutMs ?? 10_000;
    this.dispatcher = new DrainLoop({
      drainBatch: () => this.dispatchBatch(),
      batchSize: DISPATCH_BATCH,
      pollIntervalMs: DISPATCH_POLL_MS,
      wakeDelayMs: DISPATCH_WAKE_DELAY_MS,
      // The events stay in the outbox, dispatched at the next poll.
      onFailure: (error) => options.logger.error({ err: error }, 'events could not be dispatched; retrying'),
      onRecovery: () => options.logger.warn({}, 'events are being dispatched again'),
    });
  }

  /** Records an event, and its outbox row, within the change's transaction. */
  async emit(tx: SqlRunner, tenantId: string, event: NewEvent): Promise<EventEnvelope> {
    // The deliveries of the event join the trace of the change that emitted it.
    const traceContext = activeTraceContext();
    // Raw, one statement: every change that emits pays for it, and a model call costs a good part of a millisecond more.
    const [row] = await tx.$queryRaw<Event[]>`
      WITH event AS (
        INSERT INTO events (tenant_id, id, type, data, resource_type, resource_id, source, trace_context)
        VALUES (${tenantId}, ${newEventId()}, ${event.type}, ${JSON.stringify(event.data)}::jsonb, ${event.resource?.type ?? null}, ${event.resource?.id ?? null}, ${JSON.stringify(event.source)}::jsonb, ${traceContext ? JSON.stringify(traceContext) : null}::jsonb)
        RETURNING *),
      queued AS (INSERT INTO event_outbox (tenant_id, event_id) SELECT tenant_id, id FROM event)
      SELECT * FROM event`;
    if (!row) throw new Error('the event insert returned no row');
    const envelope = envelopeOf(row);
    const emitted = this.emittedIn.get(tx);
    if (emitted) emitted.push(envelope);
    else this.emittedIn.set(tx, [envelope]);
    return envelope;
  }

  /**
   * Call once `tx` committed: its events go to live subscribers now (on every instance, through the
   * live bus), and their webhook dispatch starts now instead of at the next poll. Live delivery is
   * best effort: events of a transaction whose process dies before this call reach webhooks and
   * the event log, not live subscribers.
   */
  committed(tx: SqlRunner): void {
    const emitted = this.emittedIn.get(tx);
    if (!emitted) return;
    this.emittedIn.delete(tx);
    for (const event of emitted) this.options.live.publish(event);
    // A process without the job workers (a fleet's edge or subgraph service) leaves dispatch to those that have them (they poll every DISPATCH_POLL_MS).
    if (this.dispatching) this.dispatcher.wake();
  }

  /** Adds an internal subscriber to the dispatch (register before the workers start). */
  onDispatch(consumer: DispatchConsumer): void {
    this.consumers.push(consumer);
  }

  /** Starts this instance's dispatch and the workers of every queue, and schedules (or unschedules) the event log's retention. */
  async startWorkers(): Promise<void> {
    const { queue, eventRetentionDays } = this.options;
    this.dispatching = true;
    this.dispatcher.start();
    for (const [lane, slots] of [['fast', DELIVERY_SLOTS], ['slow', SLOW_DELIVERY_SLOTS]] as const) {
      for (let slot = 0; slot < slots; slot++) {
        await queue.work<DeliveryJob>(QUEUE_OF_LANE[lane], { batchSize: 1 }, async ([job]) => {
          if (job) await this.deliver(job.data, lane);
        });
      }
    }
    await queue.work(RETENTION_QUEUE, { batchSize: 1 }, async () => {
      await this.applyRetention();
    });
    if (eventRetentionDays) await queue.schedule(RETENTION_QUEUE, RETENTION_CRON);
    else await queue.unschedule(RETENTION_QUEUE);
  }

  /**
   * Deletes the events older than the retention period (with their deliveries), in bounded
   * batches, keeping every event with a delivery still pending. When a run's batches did not
   * finish, it queues the next run at once. Returns how many events it deleted.
   */
  async applyRetention(): Promise<number> {
    const { prisma, queue, logger, eventRetentionDays } = this.options;
    if (!eventRetentionDays) return 0;
    const { deleted, more } = await deleteExpiredEvents(prisma, { retentionDays: eventRetentionDays });
    if (deleted > 0) logger.info({ deleted, retention_days: eventRetentionDays }, 'event log retention deleted expired events');
    if (more) await queue.send(RETENTION_QUEUE, {});
    return deleted;
  }

  /**
   * Deliveries of an event to one endpoint again (resend) or of a time range of events (replay),
   * in the order given; returns how many were made. The events are locked against the log's
   * retention (FOR KEY SHARE), so one it deleted meanwhile is skipped instead of failing the lot.
   */
  async redeliver(tenantId: string, endpointId: string, events: Array<Pick<Event, 'id'>>, trigger: 'resend' | 'replay'): Promise<number> {
    if (events.length === 0) return 0;
    const created = await this.options.prisma.$transaction(async (tx) => {
      const kept = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM events WHERE tenant_id = ${tenantId} AND id = ANY(${events.map((event) => event.id)}::text[]) FOR KEY SHARE`;
      const keptIds = new Set(kept.map((event) => event.id));
      const deliveries = await tx.webhookDelivery.createManyAndReturn({
        data: events.filter((event) => keptIds.has(event.id)).map((event) => ({ tenant_id: tenantId, id: newId('wd'), endpoint_id: endpointId, event_id: event.id, trigger, next_attempt_at: new Date() })),
        select: { tenant_id: true, id: true, endpoint_id: true, endpoint: { select: { slow_since: true } } },
      });
      await this.queueDeliveries(
        tx,
        deliveries.map(({ endpoint, ...delivery }) => ({ ...delivery, slow: endpoint.slow_since !== null })),
      );
      return deliveries.length;
    });
    this.wakeDelivery();
    return created;
  }

  /**
   * Queues the jobs of deliveries created or rescheduled in `tx`, in the fair order of
   * `fairPriorities`, each in its endpoint's lane.
   */
  private async queueDeliveries(tx: Prisma.TransactionClient, deliveries: Array<QueuedDelivery & { slow: boolean }>, startAfter?: Date): Promise<void> {
    const priorities = await fairPriorities(tx, deliveries);
    for (const lane of ['fast', 'slow'] as const) {
      await this.options.queue.sendWithin(
        tx,
        QUEUE_OF_LANE[lane],
        deliveries
          .filter((delivery) => delivery.slow === (lane === 'slow'))
          .map((delivery) => ({ data: { tenant_id: delivery.tenant_id, delivery_id: delivery.id } satisfies DeliveryJob, priority: priorities.get(delivery.id), ...(startAfter && { startAfter }) })),
      );
    }
  }

  private wakeDelivery(): void {
    this.options.queue.wake(DELIVERY_QUEUE);
    this.options.queue.wake(SLOW_DELIVERY_QUEUE);
  }

  /**
   * A signed test request to an endpoint, sent now, whatever its status and event types; the
   * outcome is returned, not recorded. Its `webhook-id` is fresh, and its type `webhook.ping`
   * (never an event of the log), so receivers can tell it apart.
   */
  async ping(tenantId: string, endpointId: string): Promise<AttemptOutcome | undefined> {
    const endpoint = await this.options.prisma.webhookEndpoint.findUnique({ where: { tenant_id_id: { tenant_id: tenantId, id: endpointId } } });
    if (!endpoint) return undefined;
    const ping: EventEnvelope = { id: newId('evt_ping'), type: 'webhook.ping', tenant_id: tenantId, occurred_at: new Date().toISOString(), data: { endpoint_id: endpoint.id }, resource: null, source: sourceOf({ type: 'platform' }) };
    const body = JSON.stringify(ping);
    return this.attempt(endpoint, { id: ping.id, type: ping.type, body });
  }

  /**
   * One signed request to an endpoint, as a client span (a child of `parent`, or of the active
   * span) whose `traceparent` the request carries.
   */
  private attempt(endpoint: WebhookEndpoint, message: { id: string; type: string; body: string }, parent?: Context, attributes: Attributes = {}): Promise<AttemptOutcome> {
    return outboundRequest(
      'webhook',
      'POST',
      new URL(endpoint.url),
      { parent, attributes: { 'tenant.id': endpoint.tenant_id, 'webhook.endpoint_id': endpoint.id, 'event.id': message.id, 'event.type': message.type, ...attributes } },
      (traceHeaders) => postWebhook(endpoint.url, message.body, { ...traceHeaders, ...signatureHeaders(message.id, message.body, this.signingSecretsOf(endpoint)) }, { ...this.options.urlPolicy, timeoutMs: this.timeoutMs }),
      (outcome) => outcome.status,
    );
  }

  /** The current secret, and during a rotation's overlap the previous one too. */
  private signingSecretsOf(endpoint: WebhookEndpoint): string[] {
    const secrets = [this.options.secrets.open(endpoint.secret_ciphertext)];
    if (endpoint.previous_secret_ciphertext && endpoint.previous_secret_expires_at && endpoint.previous_secret_expires_at > new Date()) secrets.push(this.options.secrets.open(endpoint.previous_secret_ciphertext));
    return secrets;
  }

  /** Stops the dispatch, waiting for the batch under way (the job queue's workers stop with the queue, after this). */
  stop(): Promise<void> {
    return this.dispatcher.close();
  }

  /**
   * Dispatches the oldest batch of the outbox no other instance is dispatching: in one
   * transaction, claims (deletes) its rows, reads their events, and creates the deliveries with
   * their jobs. Returns how many events it took.
   */
  private async dispatchBatch(): Promise<number> {
    let deliveriesCreated = 0;
    const consumed: DispatchConsumer[] = [];
    const dispatched = await this.options.prisma.$transaction(async (tx) => {
      const events = await tx.$queryRaw<Event[]>`
        WITH claimed AS (
          DELETE FROM event_outbox
          WHERE position IN (SELECT position FROM event_outbox ORDER BY position LIMIT ${DISPATCH_BATCH} FOR UPDATE SKIP LOCKED)
          RETURNING tenant_id, event_id)
        SELECT e.* FROM events e JOIN claimed c ON e.tenant_id = c.tenant_id AND e.id = c.event_id
        ORDER BY e.occurred_at, e.id`;
      for (const consumer of this.consumers) {
        const taken = events.filter((event) => consumer.takes(event.type));
        if (taken.length > 0 && (await consumer.consume(tx, taken, this.options.queue))) consumed.push(consumer);
      }
      const tenantIds = [...new Set(events.map((event) => event.tenant_id))];
      const endpoints = tenantIds.length === 0 ? [] : await tx.webhookEndpoint.findMany({ where: { tenant_id: { in: tenantIds }, status: 'enabled' }, select: { tenant_id: true, id: true, event_types: true, slow_since: true } });
      const deliveries = events.flatMap((event) =>
        endpoints
          .filter((endpoint) => endpoint.tenant_id === event.tenant_id && endpoint.event_types.includes(event.type))
          .map((endpoint) => ({ tenant_id: event.tenant_id, id: automaticDeliveryId(event.id, endpoint.id), endpoint_id: endpoint.id, event_id: event.id, next_attempt_at: new Date() })),
      );
      if (deliveries.length > 0) {
        const slowEndpoints = new Set(endpoints.filter((endpoint) => endpoint.slow_since !== null).map((endpoint) => `${endpoint.tenant_id}/${endpoint.id}`));
        const created = await tx.webhookDelivery.createManyAndReturn({ data: deliveries, skipDuplicates: true, select: { tenant_id: true, id: true, endpoint_id: true } });
        await this.queueDeliveries(
          tx,
          created.map((delivery) => ({ ...delivery, slow: slowEndpoints.has(`${delivery.tenant_id}/${delivery.endpoint_id}`) })),
        );
        deliveriesCreated = created.length;
      }
      return events.length;
    });
    if (deliveriesCreated > 0) this.wakeDelivery();
    for (const consumer of consumed) consumer.committed();
    return dispatched;
  }

  private async deliver(job: DeliveryJob, lane: Lane): Promise<void> {
    const { prisma, logger, queue } = this.options;
    const delivery = await prisma.webhookDelivery.findUnique({ where: { tenant_id_id: { tenant_id: job.tenant_id, id: job.delivery_id } }, include: { endpoint: true, event: true } });
    if (!delivery || delivery.status !== 'pending') return;
    const { endpoint } = delivery;
    const where = { tenant_id: job.tenant_id, id: delivery.id, status: 'pending' as const, attempt_count: delivery.attempt_count };
    if (endpoint.status === 'disabled') {
      await prisma.webhookDelivery.updateMany({ where, data: { status: 'failed', failure_reason: `endpoint disabled: ${endpoint.disabled_reason ?? 'by the tenant'}`, completed_at: new Date(), next_attempt_at: null } });
      this.options.observer?.webhookDelivery('endpoint_disabled');
      return;
    }
    // Queued before its endpoint turned slow: moved to the slow lane rather than holding a fast slot.
    if (lane === 'fast' && endpoint.slow_since !== null) {
      await queue.send(SLOW_DELIVERY_QUEUE, job);
      queue.wake(SLOW_DELIVERY_QUEUE);
      return;
    }
    const body = JSON.stringify(envelopeOf(delivery.event));
    // An attempt still running at the slow threshold moves its endpoint to the slow lane at once:
    // the endpoint's next deliveries stop taking fast slots while this one waits for its answer.
    let slow = endpoint.slow_since !== null;
    const markSlow = slow
      ? undefined
      : setTimeout(() => {
          slow = true;
          void this.setLane(endpoint, true);
        }, this.slowAttemptMs());
    const outcome = await this.attempt(endpoint, { id: delivery.event.id, type: delivery.event.type, body }, storedTraceContext(delivery.event.trace_context), { 'webhook.delivery_id': delivery.id, 'webhook.attempt': delivery.attempt_count + 1 });
    clearTimeout(markSlow);
    if (this.isSlow(outcome) !== slow) await this.setLane(endpoint, !slow);

    const attempts = delivery.attempt_count + 1;
    const succeeded = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    const gone = outcome.status === 410;
    const delay = succeeded || gone ? undefined : nextRetryDelaySeconds(attempts, this.schedule);
    // Reported as attempted, before it is recorded: a job run again after a failure to record did call the receiver again.
    this.options.observer?.webhookDelivery(succeeded ? 'delivered' : gone ? 'gone' : delay === undefined ? 'gave_up' : 'retrying', outcome.durationMs / 1000);
    const describe = outcome.status !== null ? `HTTP ${outcome.status}` : (outcome.error ?? 'no response');
    const now = new Date();
    // Every outcome is recorded guarded by the attempt count: a duplicate job (a retried job whose first run was slow) records nothing twice.
    if (succeeded) {
      // The common case in one statement, not a transaction of four round trips: claim the delivery and record its attempt.
      await prisma.$executeRaw`
        WITH claimed AS (
          UPDATE webhook_deliveries SET attempt_count = ${attempts}, status = 'succeeded', completed_at = ${now}, next_attempt_at = NULL
          WHERE tenant_id = ${job.tenant_id} AND id = ${delivery.id} AND status = 'pending' AND attempt_count = ${delivery.attempt_count}
          RETURNING tenant_id, id)
        INSERT INTO webhook_attempts (tenant_id, id, delivery_id, attempted_at, response_status, duration_ms, response_excerpt, error)
        SELECT tenant_id, ${newId('wa')}, id, ${now}::timestamptz, ${outcome.status}::integer, ${outcome.durationMs}::integer, ${outcome.excerpt}::text, NULL FROM claimed`;
      return;
    }
    await prisma.$transaction(async (tx) => {
      const claimed = await tx.webhookDelivery.updateMany({
        where,
        data:
          delay === undefined
            ? { attempt_count: attempts, status: 'failed', completed_at: now, next_attempt_at: null, failure_reason: gone ? 'the endpoint answered 410 Gone' : `gave up after ${attempts} attempts; last: ${describe}` }
            : { attempt_count: attempts, next_attempt_at: new Date(now.getTime() + delay * 1000) },
      });
      if (claimed.count === 0) return;
      await tx.webhookAttempt.create({
        data: { tenant_id: job.tenant_id, id: newId('wa'), delivery_id: delivery.id, attempted_at: now, response_status: outcome.status, duration_ms: outcome.durationMs, response_excerpt: outcome.excerpt, error: outcome.error },
      });
      if (delay === undefined) {
        const reason = gone ? 'The endpoint answered 410 Gone.' : `Deliveries kept failing for ${attempts} attempts (last: ${describe}).`;
        await tx.webhookEndpoint.updateMany({ where: { tenant_id: job.tenant_id, id: endpoint.id, status: 'enabled' }, data: { status: 'disabled', disabled_reason: reason, disabled_at: now, version: { increment: 1 } } });
        logger.warn({ tenant_id: job.tenant_id, endpoint_id: endpoint.id, reason }, 'webhook endpoint disabled');
      } else if (delay !== undefined) {
        await this.queueDeliveries(tx, [{ tenant_id: job.tenant_id, id: delivery.id, endpoint_id: endpoint.id, slow: this.isSlow(outcome) }], new Date(now.getTime() + delay * 1000));
      }
    });
  }

  /** How long an attempt may take before its endpoint counts as slow: SLOW_ATTEMPT_MS, or half the delivery timeout if less. */
  private slowAttemptMs(): number {
    return Math.min(SLOW_ATTEMPT_MS, this.timeoutMs / 2);
  }

  private isSlow(outcome: AttemptOutcome): boolean {
    return outcome.durationMs >= this.slowAttemptMs();
  }

  /**
   * Moves an endpoint's future deliveries to the slow lane, or back. Never throws: a lane not
   * changed now is changed by a later attempt, while a failed delivery job would be run again
   * (and its receiver called twice).
   */
  private async setLane(endpoint: WebhookEndpoint, slow: boolean): Promise<void> {
    const { prisma, logger } = this.options;
    const context = { tenant_id: endpoint.tenant_id, endpoint_id: endpoint.id };
    try {
      // Raw: the endpoint's `updated_at` and `version` are the tenant's, and lanes are not the tenant's change.
      await prisma.$executeRaw`UPDATE webhook_endpoints SET slow_since = ${slow ? new Date() : null} WHERE tenant_id = ${endpoint.tenant_id} AND id = ${endpoint.id}`;
      logger.info(context, slow ? 'webhook endpoint answers slowly: its deliveries go to the slow lane' : 'webhook endpoint answers promptly again');
    } catch (error) {
      logger.warn({ ...context, err: error }, 'could not change the delivery lane of a webhook endpoint');
    }
  }
}

/** The id of the delivery an event's dispatch makes for an endpoint: the same on every retry of the dispatch. */
function automaticDeliveryId(eventId: string, endpointId: string): string {
  return `wd_${createHash('sha256').update(`${eventId}/${endpointId}`).digest('hex').slice(0, 24)}`;
}
