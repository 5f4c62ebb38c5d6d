import { timingSafeEqual } from 'node:crypto';
import { type PoolCounts, poolCounts } from '@platform/db';
import { errorCatalogue } from '@platform/errors';
import type { JobObserver, JobQueue, WebhookObserver, WebhookOutcome } from '@platform/events';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Where an unexpected failure was met: the label of `platform_unexpected_errors_total`. */
/** `process`: a promise that failed with nothing awaiting it (see main.ts). */
export type FailureSurface = 'http' | 'oauth' | 'rest' | 'graphql' | 'subgraph' | 'subscription' | 'process';

/** Who answered with an error code: the HTTP listener itself (before or around the edge), the edge's REST or GraphQL side, or its graphql-ws server. */
export type ErrorSurface = 'http' | 'rest' | 'graphql' | 'subscription';

/** The limit that refused a request: a tenant's requests per second or minute, or failed authentications per client id or address. */
export type RateLimitKind = 'requests' | 'failed_authentications';

/**
 * Distinct GraphQL operation names given a series of their own; names met after these (and names
 * longer than MAX_OPERATION_NAME_LENGTH) count as OTHER_OPERATION. Names are the client's choice:
 * the bound keeps a client sending a new name per request from growing the series without end.
 */
const MAX_OPERATION_NAMES = 100;
const MAX_OPERATION_NAME_LENGTH = 100;
/** Not GraphQL names (which cannot hold parentheses), so no operation's own name can be taken for them. */
export const ANONYMOUS_OPERATION = '(anonymous)';
export const OTHER_OPERATION = '(other)';

/** Jobs counted per queue and state at most: the count's query reads no further (a backlog past it shows as this). */
export const QUEUE_DEPTH_CAP = 10_000;
/** A scrape does not wait longer for the queue depths (they are left out of that scrape instead). */
const QUEUE_DEPTH_TIMEOUT_MS = 2_000;

const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const JOB_WAIT_BUCKETS = [0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600];
const JOB_RUN_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900];
const WEBHOOK_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The platform's Prometheus metrics (prom-client), served at `/metrics` to a scraper presenting
 * `METRICS_TOKEN` as a bearer token; without the setting the endpoint does not exist. Every label
 * takes a bounded set of values (docs/reliability.md, "Metrics", lists them): routes are
 * templates, never raw paths; operation names are capped; codes come from the error catalogue.
 * It observes the job queue and the webhook deliveries of packages/events through their observer
 * interfaces, and reads the queue depths and database pools when scraped.
 */
export class PlatformMetrics implements JobObserver, WebhookObserver {
  readonly registry = new Registry();
  readonly responses = new Counter({
    name: 'platform_http_responses_total',
    help: 'HTTP responses sent, by method and status.',
    labelNames: ['method', 'status'] as const,
    registers: [this.registry],
  });
  readonly requestDuration = new Histogram({
    name: 'platform_http_request_duration_seconds',
    help: 'Time from a request’s arrival to the end of its response (event streams excepted), by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [this.registry],
  });
  readonly unexpectedErrors = new Counter({
    name: 'platform_unexpected_errors_total',
    help: 'Failures answered as internal_error (a defect; each is logged at error level with its cause and request id), by surface.',
    labelNames: ['surface'] as const,
    registers: [this.registry],
  });
  readonly errors = new Counter({
    name: 'platform_errors_total',
    help: 'Answers carrying an error code (a problem’s code, each distinct extensions.code of a GraphQL answer), by code and surface.',
    labelNames: ['code', 'surface'] as const,
    registers: [this.registry],
  });
  readonly rateLimitRefusals = new Counter({
    name: 'platform_rate_limit_refusals_total',
    help: 'Requests refused by a rate limit, by the kind of limit.',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  readonly graphqlOperations = new Counter({
    name: 'platform_graphql_operations_total',
    help: 'GraphQL operations received at /graphql, by type and (capped) name.',
    labelNames: ['operation_type', 'operation_name'] as const,
    registers: [this.registry],
  });
  readonly graphqlOperationDuration = new Histogram({
    name: 'platform_graphql_operation_duration_seconds',
    help: 'Time from a GraphQL request’s arrival to its response (a subscription: to its stream’s start), by operation type and (capped) name.',
    labelNames: ['operation_type', 'operation_name'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [this.registry],
  });
  readonly queueDepth = new Gauge({
    name: 'platform_job_queue_depth',
    help: `Jobs waiting in each queue (the same in every instance: the queue is shared), due now (waiting) or later (deferred: retries, delayed starts); counted up to ${QUEUE_DEPTH_CAP}.`,
    labelNames: ['queue', 'state'] as const,
    registers: [this.registry],
    collect: () => this.collectQueueDepths(),
  });
  readonly jobsRunning = new Gauge({
    name: 'platform_jobs_running',
    help: 'Jobs this instance is running now, by queue.',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });
  readonly jobWait = new Histogram({
    name: 'platform_job_wait_seconds',
    help: 'Time from when a job was due (created, or its delayed start) to when a worker started it, by queue.',
    labelNames: ['queue'] as const,
    buckets: JOB_WAIT_BUCKETS,
    registers: [this.registry],
  });
  readonly jobRun = new Histogram({
    name: 'platform_job_run_seconds',
    help: 'Time a job ran on this instance, by queue and outcome (completed, or failed: to be retried).',
    labelNames: ['queue', 'outcome'] as const,
    buckets: JOB_RUN_BUCKETS,
    registers: [this.registry],
  });
  readonly webhookDeliveries = new Counter({
    name: 'platform_webhook_deliveries_total',
    help: 'Webhook delivery jobs by outcome: delivered, retrying, gave_up and gone (the endpoint disabled), endpoint_disabled (nothing sent).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly webhookDeliveryDuration = new Histogram({
    name: 'platform_webhook_delivery_duration_seconds',
    help: 'Duration of webhook delivery attempts (the receiver’s answer, or the failure), by outcome.',
    labelNames: ['outcome'] as const,
    buckets: WEBHOOK_BUCKETS,
    registers: [this.registry],
  });
  readonly poolConnections = poolGauge(this.registry, 'platform_db_pool_connections', 'Open connections of each database pool of this instance (busy or idle).', (pool) => pool.total);
  readonly poolIdleConnections = poolGauge(this.registry, 'platform_db_pool_idle_connections', 'Idle connections of each database pool of this instance.', (pool) => pool.idle);
  readonly poolWaiting = poolGauge(this.registry, 'platform_db_pool_waiting', 'Statements and transactions waiting for a connection of each database pool of this instance.', (pool) => pool.waiting);
  readonly poolMaxConnections = poolGauge(this.registry, 'platform_db_pool_max_connections', 'The most connections each database pool of this instance opens.', (pool) => pool.max);

  private readonly operationNames = new Set<string>();
  private jobQueue: Pick<JobQueue, 'depths'> | undefined;

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'platform_' });
  }

  /** Whether `authorization` carries the operator's metrics token (compared in constant time). */
  static authorized(authorization: string | undefined, token: string): boolean {
    const presented = Buffer.from(authorization?.replace(/^Bearer /i, '') ?? '');
    const expected = Buffer.from(token);
    return presented.length === expected.length && timingSafeEqual(presented, expected);
  }

  /** The job queue whose depths each scrape reads. */
  watchJobQueue(queue: Pick<JobQueue, 'depths'>): void {
    this.jobQueue = queue;
  }

  /** Counts an answer's error code; a code outside the catalogue (none should reach a client) counts as `unknown`. */
  countError(code: string, surface: ErrorSurface): void {
    this.errors.inc({ code: code in errorCatalogue ? code : 'unknown', surface });
  }

  /** Counts one GraphQL operation and its duration. */
  observeOperation(type: string, name: string | undefined, seconds: number): void {
    const labels = { operation_type: type, operation_name: this.operationLabel(name) };
    this.graphqlOperations.inc(labels);
    this.graphqlOperationDuration.observe(labels, seconds);
  }

  jobStarted(queue: string, waitSeconds: number): void {
    this.jobsRunning.inc({ queue });
    this.jobWait.observe({ queue }, waitSeconds);
  }

  jobEnded(queue: string, runSeconds: number, failed: boolean): void {
    this.jobsRunning.dec({ queue });
    this.jobRun.observe({ queue, outcome: failed ? 'failed' : 'completed' }, runSeconds);
  }

  webhookDelivery(outcome: WebhookOutcome, attemptSeconds?: number): void {
    this.webhookDeliveries.inc({ outcome });
    if (attemptSeconds !== undefined) this.webhookDeliveryDuration.observe({ outcome }, attemptSeconds);
  }

  private operationLabel(name: string | undefined): string {
    if (!name) return ANONYMOUS_OPERATION;
    if (this.operationNames.has(name)) return name;
    if (this.operationNames.size >= MAX_OPERATION_NAMES || name.length > MAX_OPERATION_NAME_LENGTH) return OTHER_OPERATION;
    this.operationNames.add(name);
    return name;
  }

  private async collectQueueDepths(): Promise<void> {
    this.queueDepth.reset();
    if (!this.jobQueue) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the queue depths took too long')), QUEUE_DEPTH_TIMEOUT_MS);
    });
    try {
      for (const { queue, waiting, deferred } of await Promise.race([this.jobQueue.depths(QUEUE_DEPTH_CAP), timeout])) {
        this.queueDepth.set({ queue, state: 'waiting' }, waiting);
        this.queueDepth.set({ queue, state: 'deferred' }, deferred);
      }
    } catch {
      // The database is unavailable or slow: this scrape goes without the depths (their absence is
      // the signal, with platform_db_pool_waiting and readiness), and the rest is still served.
    } finally {
      clearTimeout(timer);
    }
  }
}

/** A gauge of one count of every database pool, read at scrape time; pools of one name (two platforms in one process, in tests) add up. */
function poolGauge(registry: Registry, name: string, help: string, count: (pool: PoolCounts) => number): Gauge<'pool'> {
  return new Gauge({
    name,
    help,
    labelNames: ['pool'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const pool of poolCounts()) this.inc({ pool: pool.name }, count(pool));
    },
  });
}
