import { createRequire } from 'node:module';
import type { Logger } from '@platform/config';
import { DEFAULT_DATABASE_TIMEOUTS, type DatabaseTimeouts, type Prisma, createBoundedPool } from '@platform/db';
import PgBoss from 'pg-boss';
import pg from 'pg';

/**
 * The platform's job queue: pg-boss, in the platform's own PostgreSQL (schema `pgboss`, created
 * and migrated by pg-boss at start). Jobs survive crashes: a job whose instance died while
 * working on it expires after `recoverySeconds` and is retried by any instance. Jobs can be
 * enqueued inside a Prisma transaction, so a job exists if and only if the change that caused it
 * committed (the outbox pattern without a relay).
 */
export interface JobQueue {
  /** Enqueues jobs within `tx`: they become visible when it commits. Higher `priority` (default 0) is fetched first, then older. */
  sendWithin(tx: Prisma.TransactionClient, queue: string, jobs: Array<{ data: object; startAfter?: Date; priority?: number }>): Promise<void>;
  send(queue: string, data: object, options?: { startAfter?: Date }): Promise<void>;
  /** Runs `handler` for the queue's jobs, `batchSize` at a time; a thrown error retries the batch's jobs. */
  work<Data extends object>(queue: string, options: { batchSize: number }, handler: (jobs: Array<{ id: string; data: Data }>) => Promise<void>): Promise<void>;
  /** Asks this instance's workers of a queue to fetch now rather than at their next poll. */
  wake(queue: string): void;
  /** Sends a job to the queue on a cron schedule (UTC), once per due time across all instances; replaces the queue's previous schedule. */
  schedule(queue: string, cron: string): Promise<void>;
  unschedule(queue: string): Promise<void>;
  /** How many jobs of each queue wait: due now, and deferred (a retry's backoff, a later start); each count stops at `cap`. */
  depths(cap: number): Promise<QueueDepth[]>;
  stop(): Promise<void>;
}

export interface QueueDepth {
  queue: string;
  waiting: number;
  deferred: number;
}

/**
 * What the queue's workers report as they work (the platform's metrics; this package depends on
 * no metrics library). Times are in seconds.
 */
export interface JobObserver {
  /** A job started, `waitSeconds` after it was due (created, or its delayed start or retry reached). */
  jobStarted(queue: string, waitSeconds: number): void;
  /** A job ended, after `runSeconds`; `failed` when its handler threw (the job is retried). */
  jobEnded(queue: string, runSeconds: number, failed: boolean): void;
}

export interface JobQueueOptions {
  databaseUrl: string;
  logger: Logger;
  queues: string[];
  /** After how long a job of a dead instance is retried (its expiry, and the maintenance interval). */
  recoverySeconds: number;
  /**
   * The longest a job of a queue may run while its instance is alive (a webhook attempt: the
   * delivery timeout). Its expiry is that plus `recoverySeconds`: a job must not expire, and run a
   * second time beside the first, while it is still at work.
   */
  runSeconds?: Partial<Record<string, number>>;
  /** How often idle workers look for jobs; `wake` makes this instance's look at once. */
  pollingIntervalSeconds?: number;
  /** Bounds on every wait for the database (boundedPoolConfig's defaults when absent). */
  timeouts?: DatabaseTimeouts;
  observer?: JobObserver;
}

const SCHEMA = 'pgboss';
const JOB_STATEMENT_TIMEOUT_MS = 30_000;

export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const logger = options.logger.child({ component: 'jobs' });
  const timeouts = options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
  const database = jobDatabase(options.databaseUrl, timeouts, logger);
  const boss = new PgBoss({
    db: database.db,
    schema: SCHEMA,
    // pg-boss's cron (periodic jobs such as the event log's retention): one job per due time, whichever instance sends it.
    schedule: true,
    supervise: true,
    maintenanceIntervalSeconds: Math.max(1, Math.ceil(options.recoverySeconds / 2)),
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  // Instances starting together on a fresh database deadlock in pg-boss's schema and queue creation:
  // one at a time, under an advisory lock held on a connection of its own.
  await underSetupLock(options.databaseUrl, timeouts, async () => {
    await boss.start();
    for (const queue of options.queues) {
      const settings = { name: queue, retryLimit: 20, retryDelay: 1, retryBackoff: true, expireInSeconds: options.recoverySeconds + Math.ceil(options.runSeconds?.[queue] ?? 0) };
      // Creating keeps an existing queue as it was: its settings are updated to the configuration of this start.
      await boss.createQueue(queue, settings);
      await boss.updateQueue(queue, settings);
    }
  });
  const workers = new Map<string, string[]>();
  const polling = options.pollingIntervalSeconds ?? 2;

  return {
    async sendWithin(tx, queue, jobs) {
      if (jobs.length === 0) return;
      const executeSql = async (text: string, values: unknown[]) => ({ rows: await tx.$queryRawUnsafe<unknown[]>(text, ...values.map((value) => value ?? null)) });
      await boss.insert(
        jobs.map((job) => ({ name: queue, data: job.data, ...(job.startAfter && { startAfter: job.startAfter.toISOString() }), ...(job.priority !== undefined && { priority: job.priority }) })) as PgBoss.JobInsert[],
        { db: { executeSql } },
      );
    },
    async send(queue, data, sendOptions = {}) {
      await boss.send(queue, data, sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {});
    },
    async work(queue, workOptions, handler) {
      let id = '';
      // With their metadata: when each job was due and when it started, for the observer.
      id = await boss.work<object>(queue, { batchSize: workOptions.batchSize, pollingIntervalSeconds: polling, includeMetadata: true }, async (jobs) => {
        await observed(options.observer, queue, jobs, () => handler(jobs.map((job) => ({ id: job.id, data: job.data as never }))));
        // A full batch: there may be more waiting, fetch again at once rather than after the polling interval.
        if (jobs.length === workOptions.batchSize) boss.notifyWorker(id);
      });
      workers.set(queue, [...(workers.get(queue) ?? []), id]);
    },
    wake(queue) {
      for (const id of workers.get(queue) ?? []) boss.notifyWorker(id);
    },
    async schedule(queue, cron) {
      await boss.schedule(queue, cron);
    },
    async unschedule(queue) {
      await boss.unschedule(queue);
    },
    async depths(cap) {
      const { rows } = await database.db.executeSql(DEPTHS_SQL, [options.queues, cap]);
      return (rows as Array<{ queue: string; waiting: number; deferred: number }>).map((row) => ({ queue: row.queue, waiting: row.waiting, deferred: row.deferred }));
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      await database.close();
    },
  };
}

/**
 * Both counts of each queue through pg-boss's fetch index (`name, start_after` over jobs not yet
 * active), each stopping at the cap ($2): bounded work whatever the backlog.
 */
const DEPTHS_SQL = `
  SELECT q.name AS queue,
    (SELECT count(*) FROM (SELECT 1 FROM ${SCHEMA}.job j WHERE j.name = q.name AND j.state < 'active' AND j.start_after <= now() LIMIT $2) due)::int AS waiting,
    (SELECT count(*) FROM (SELECT 1 FROM ${SCHEMA}.job j WHERE j.name = q.name AND j.state < 'active' AND j.start_after > now() LIMIT $2) later)::int AS deferred
  FROM unnest($1::text[]) AS q(name)`;

/** Runs a batch's handler, reporting each job's wait and the batch's run time (for each of its jobs) to `observer`. */
async function observed(observer: JobObserver | undefined, queue: string, jobs: PgBoss.JobWithMetadata[], run: () => Promise<void>): Promise<void> {
  if (!observer) return run();
  // Both instants are the database's: no clock skew between the instance that sent and this one.
  for (const job of jobs) observer.jobStarted(queue, Math.max(0, (job.startedOn.getTime() - job.startAfter.getTime()) / 1000));
  const startedAt = performance.now();
  let failed = true;
  try {
    await run();
    failed = false;
  } finally {
    const runSeconds = (performance.now() - startedAt) / 1000;
    jobs.forEach(() => observer.jobEnded(queue, runSeconds, failed));
  }
}

/** An arbitrary constant naming the job queue's set-up lock among PostgreSQL advisory locks. */
const SETUP_LOCK_KEY = 7_340_221;

async function underSetupLock(databaseUrl: string, timeouts: DatabaseTimeouts, work: () => Promise<void>): Promise<void> {
  // Connecting is bounded; waiting for the lock is not: another instance may take a while setting up.
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'platform-jobs-setup', connectionTimeoutMillis: timeouts.connectMs });
  // The lock's connection lost while the set-up runs (a server restarting) is an 'error' event,
  // which heard by nobody would end the process; the server released the lock with the session.
  let lost = false;
  client.on('error', () => {
    lost = true;
  });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [SETUP_LOCK_KEY]);
    try {
      await work();
    } finally {
      if (!lost) await client.query('SELECT pg_advisory_unlock($1)', [SETUP_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

/** pg-boss's own SQL recording a batch's outcome: the statements its workers send without awaiting them. */
const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as { completeJobs(schema: string): string; failJobsById(schema: string): string };
const OUTCOME_STATEMENTS = new Set([plans.completeJobs(SCHEMA), plans.failJobsById(SCHEMA)]);

/**
 * pg-boss's database: a bounded pool of its own (createBoundedPool) that reconnects when the
 * database comes back. pg-boss 10 records a batch's completion or failure
 * without awaiting it, so a database unavailable at that moment would be an unhandled rejection
 * ending the process: those two statements are logged and answered "no job changed" instead. The
 * jobs stay active, expire after `recoverySeconds` and run again (at-least-once, as after a crash).
 */
function jobDatabase(databaseUrl: string, timeouts: DatabaseTimeouts, logger: Logger): { db: PgBoss.Db; close(): Promise<void> } {
  // Off the request path, statements may take longer: pg-boss's maintenance over a large job table, for one.
  const bounds = { connectMs: timeouts.connectMs, statementMs: Math.max(timeouts.statementMs, JOB_STATEMENT_TIMEOUT_MS) };
  const pool = createBoundedPool(databaseUrl, bounds, { max: 4, applicationName: 'platform-jobs' });
  return {
    db: {
      async executeSql(text, values) {
        if (!OUTCOME_STATEMENTS.has(text)) return pool.query(text, values);
        try {
          return await pool.query(text, values);
        } catch (error) {
          logger.warn({ err: error }, 'could not record the outcome of jobs; they run again once they expire');
          return { rows: [{ count: '0' }] };
        }
      },
    },
    close: () => pool.end(),
  };
}
