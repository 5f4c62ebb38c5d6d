import type { PrismaClient } from '@platform/db';
import { appendNormalizedAuditRecords } from './append.ts';
import { type AuditEntry, type AuditRecordFields, normalizeAuditEntry } from './record.ts';

/** The part of a pino logger the recorder uses. */
export interface AuditLogger {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface AuditRecorderOptions {
  /** Where flush failures are reported. Default: silent. */
  logger?: AuditLogger;
  /** Most records written per transaction. Default 500. */
  batchSize?: number;
  /** How long a record may wait for companions before it is written. Default 50 ms. */
  flushIntervalMs?: number;
  /** Queue length from which `record` makes its caller wait. Default 10,000. */
  highWaterMark?: number;
  /** Queue length at which waiting callers resume. Default half the high-water mark. */
  lowWaterMark?: number;
  /** Longest a caller waits past the high-water mark before it goes on anyway. Default 1,000 ms. */
  maxWaitMs?: number;
  /** Queue length at which further records are dropped (counted, logged) to bound memory. Default 100,000. */
  maxQueued?: number;
  /** First delay before a failed write is retried; it doubles up to `maxRetryDelayMs`. Default 100 ms. */
  retryDelayMs?: number;
  /** Default 5,000 ms. */
  maxRetryDelayMs?: number;
}

const RESOLVED: Promise<void> = Promise.resolve();
const SILENT: AuditLogger = { error: () => {}, warn: () => {} };

/**
 * Records requests in the audit trail off the request path. `record` validates the entry, puts
 * it in a queue and returns at once; one background writer appends the queue in batches (up to
 * `batchSize` records, every tenant of the batch in one transaction), as soon as a batch is full
 * or `flushIntervalMs` after the first waiting record, and keeps writing while records arrive,
 * so batches grow with the load.
 *
 * A failed write is logged and retried (with backoff) until it succeeds, records keeping their
 * order. Past `highWaterMark` queued records, `record` still queues the entry but returns a
 * promise that settles when the queue is back under `lowWaterMark`, or after `maxWaitMs`:
 * callers that await it slow down to the database's pace instead of growing the queue, and never
 * hang on a database that is down. Only when the database stays unavailable so long that
 * `maxQueued` records wait are further records dropped, each counted in `dropped` and logged, so
 * an outage cannot exhaust memory. (Records of data changes are not queued here: they commit with
 * the change.)
 *
 * Records are at least once: a write whose commit succeeded but whose answer was lost (the
 * connection dropped) is retried and recorded twice. Records still queued when the process dies
 * are lost; call `close()` on shutdown, after the server has stopped taking requests.
 */
export class AuditRecorder {
  readonly #prisma: PrismaClient;
  readonly #logger: AuditLogger;
  readonly #batchSize: number;
  readonly #flushIntervalMs: number;
  readonly #highWaterMark: number;
  readonly #lowWaterMark: number;
  readonly #maxWaitMs: number;
  readonly #maxQueued: number;
  readonly #retryDelayMs: number;
  readonly #maxRetryDelayMs: number;

  #queue: AuditRecordFields[] = [];
  #enqueued = 0;
  #written = 0;
  #dropped = 0;
  #droppedUnreported = 0;
  #timer: NodeJS.Timeout | undefined;
  #writer: Promise<void> | undefined;
  #closed = false;
  #flushWaiters: { target: number; resolve: () => void }[] = [];
  #drainWaiters: (() => void)[] = [];

  constructor(prisma: PrismaClient, options: AuditRecorderOptions = {}) {
    this.#prisma = prisma;
    this.#logger = options.logger ?? SILENT;
    this.#batchSize = positive(options.batchSize ?? 500, 'batchSize');
    this.#flushIntervalMs = Math.max(0, options.flushIntervalMs ?? 50);
    this.#highWaterMark = positive(options.highWaterMark ?? 10_000, 'highWaterMark');
    this.#lowWaterMark = Math.min(options.lowWaterMark ?? Math.floor(this.#highWaterMark / 2), this.#highWaterMark - 1);
    this.#maxWaitMs = Math.max(0, options.maxWaitMs ?? 1_000);
    this.#maxQueued = Math.max(this.#highWaterMark, options.maxQueued ?? 100_000);
    this.#retryDelayMs = positive(options.retryDelayMs ?? 100, 'retryDelayMs');
    this.#maxRetryDelayMs = Math.max(this.#retryDelayMs, options.maxRetryDelayMs ?? 5_000);
  }

  /** Records waiting to be written. */
  get pending(): number {
    return this.#queue.length;
  }

  /** Records written since the recorder was created. */
  get written(): number {
    return this.#written;
  }

  /** Records dropped because `maxQueued` records were waiting. */
  get dropped(): number {
    return this.#dropped;
  }

  /**
   * Queues one record. Resolves at once while the queue is under the high-water mark, else when
   * it has drained to the low-water mark or after `maxWaitMs`; the record is queued either way,
   * unless `maxQueued` records already wait (then it is dropped and counted). Throws a TypeError
   * for an invalid entry (see normalizeAuditEntry); rejects after `close()`.
   */
  record(entry: AuditEntry): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('The audit recorder is closed.'));
    const record = normalizeAuditEntry(entry);
    if (this.#queue.length >= this.#maxQueued) {
      if (this.#droppedUnreported === 0) this.#logger.error({ pending: this.#queue.length }, 'audit queue full (the database has not taken records for long): dropping request records until it does');
      this.#dropped += 1;
      this.#droppedUnreported += 1;
      return RESOLVED;
    }
    this.#queue.push(record);
    this.#enqueued += 1;
    if (this.#queue.length >= this.#batchSize) this.#startWriter();
    else this.#scheduleWriter();
    if (this.#queue.length < this.#highWaterMark) return RESOLVED;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#drainWaiters = this.#drainWaiters.filter((waiter) => waiter !== resume);
        resolve();
      }, this.#maxWaitMs);
      const resume = () => {
        clearTimeout(timer);
        resolve();
      };
      this.#drainWaiters.push(resume);
    });
  }

  /** Resolves when every record queued before the call is written (retrying failures meanwhile). */
  flush(): Promise<void> {
    const target = this.#enqueued;
    if (this.#written >= target) return RESOLVED;
    const done = new Promise<void>((resolve) => this.#flushWaiters.push({ target, resolve }));
    this.#startWriter();
    return done;
  }

  /** Refuses further records and resolves when everything queued is written. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.flush();
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #scheduleWriter(): void {
    if (this.#writer || this.#timer) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#startWriter();
    }, this.#flushIntervalMs);
  }

  #startWriter(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#writer) return;
    this.#writer = this.#writeQueue().finally(() => {
      this.#writer = undefined;
      if (this.#queue.length > 0) this.#scheduleWriter();
    });
  }

  /** Writes batches until the queue is empty; records that arrive meanwhile join the next batch. */
  async #writeQueue(): Promise<void> {
    let delay = this.#retryDelayMs;
    let failures = 0;
    while (this.#queue.length > 0) {
      const batch = this.#queue.slice(0, this.#batchSize);
      try {
        await this.#prisma.$transaction((tx) => appendNormalizedAuditRecords(tx, batch), { maxWait: 10_000, timeout: 30_000 });
      } catch (error) {
        failures += 1;
        this.#logger.error({ err: error, records: batch.length, pending: this.#queue.length, attempt: failures, retry_in_ms: delay }, 'audit records could not be written; retrying');
        await sleep(delay);
        delay = Math.min(delay * 2, this.#maxRetryDelayMs);
        continue;
      }
      if (failures > 0) this.#logger.warn({ records: batch.length, attempts: failures + 1 }, 'audit records written after retrying');
      if (this.#droppedUnreported > 0) {
        this.#logger.error({ dropped: this.#droppedUnreported }, 'audit records were dropped while the queue was full');
        this.#droppedUnreported = 0;
      }
      failures = 0;
      delay = this.#retryDelayMs;
      this.#queue.splice(0, batch.length);
      this.#written += batch.length;
      this.#notify();
    }
  }

  #notify(): void {
    if (this.#flushWaiters.length > 0) {
      const waiting: { target: number; resolve: () => void }[] = [];
      for (const waiter of this.#flushWaiters) {
        if (waiter.target <= this.#written) waiter.resolve();
        else waiting.push(waiter);
      }
      this.#flushWaiters = waiting;
    }
    if (this.#drainWaiters.length > 0 && this.#queue.length <= this.#lowWaterMark) {
      const waiting = this.#drainWaiters;
      this.#drainWaiters = [];
      for (const resolve of waiting) resolve();
    }
  }
}

function positive(value: number, name: string): number {
  if (!(Number.isInteger(value) && value > 0)) throw new RangeError(`AuditRecorder: ${name} must be a positive integer; got ${value}`);
  return value;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
