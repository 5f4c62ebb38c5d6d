import { DrainLoop, type PrismaClient, type SqlRunner } from '@platform/db';
import { appendNormalizedAuditRecords } from './append.ts';
import { type AuditEntry, type AuditRecordFields, normalizeAuditEntry } from './record.ts';
import type { AuditLogger } from './recorder.ts';

/**
 * Queues the audit records of a data change inside the change's transaction: they are durable
 * exactly when the change commits, and the statement takes no lock another writer of the tenant
 * waits for (appending to the chain here would hold the tenant's chain head until the commit,
 * serialising every write of the tenant). The AuditChainer chains them once committed.
 */
export async function queueAuditRecords(db: SqlRunner, entries: readonly AuditEntry[]): Promise<void> {
  const records = entries.map(normalizeAuditEntry);
  if (records.length === 0) return;
  const column = <K extends keyof AuditRecordFields>(key: K) => records.map((record) => record[key]);
  await db.$executeRaw`
    INSERT INTO audit_pending_records (tenant_id, occurred_at, request_id, surface, action, method, path, operation_name,
                                       status, duration_ms, actor_type, actor_id, credential_id, client_address, resource_id)
    SELECT * FROM unnest(
      ${column('tenant_id')}::text[], ${records.map((record) => record.occurred_at.toISOString())}::timestamptz[], ${column('request_id')}::text[],
      ${column('surface')}::text[], ${column('action')}::text[], ${column('method')}::text[], ${column('path')}::text[],
      ${column('operation_name')}::text[], ${column('status')}::integer[], ${column('duration_ms')}::double precision[],
      ${column('actor_type')}::text[], ${column('actor_id')}::text[], ${column('credential_id')}::text[],
      ${column('client_address')}::text[], ${column('resource_id')}::text[])`;
}

export interface AuditChainerOptions {
  logger?: AuditLogger;
  /** Records chained per transaction. Default 1,000. */
  batchSize?: number;
  /**
   * How often queued records are looked for without a wake-up (records committed by another
   * instance, or left by one that died). Default 1,000 ms.
   */
  pollIntervalMs?: number;
}

/** Held (per transaction) by the one chainer at work across every instance sharing the database. */
const CHAINER_LOCK = 'platform.audit_chainer';
/** How long a wake-up waits for more changes to commit before the pass. */
const WAKE_DELAY_MS = 10;
const CHAIN_TRANSACTION = { maxWait: 10_000, timeout: 30_000 };
const SILENT: AuditLogger = { error: () => {}, warn: () => {} };

interface PendingRow extends AuditRecordFields {
  id: bigint;
}

/**
 * The one ordered chainer of queued audit records (queueAuditRecords): it takes committed
 * records in `id` order, appends them to their tenants' hash chains and deletes them from the
 * queue, in one transaction per batch, so a record is chained exactly once or stays queued.
 * Every instance runs one; a transaction-level advisory lock lets one chain at a time (the others
 * find the lock taken and leave the work to it), so chains grow in one order. Woken after each
 * change commits; polls as well, so records of an instance that died are chained by another.
 */
export class AuditChainer {
  readonly #prisma: PrismaClient;
  readonly #batchSize: number;
  readonly #loop: DrainLoop;

  constructor(prisma: PrismaClient, options: AuditChainerOptions = {}) {
    this.#prisma = prisma;
    this.#batchSize = options.batchSize ?? 1000;
    const logger = options.logger ?? SILENT;
    this.#loop = new DrainLoop({
      drainBatch: () => this.#chainBatch(),
      batchSize: this.#batchSize,
      pollIntervalMs: options.pollIntervalMs ?? 1000,
      wakeDelayMs: WAKE_DELAY_MS,
      // Retried at the next poll; the records stay queued meanwhile.
      onFailure: (error) => logger.error({ err: error }, 'queued audit records could not be chained; retrying'),
      onRecovery: () => logger.warn({}, 'queued audit records are being chained again'),
    });
  }

  /** Starts polling (and chains what is already queued). */
  start(): void {
    this.#loop.start();
  }

  /**
   * Chains what is queued, within WAKE_DELAY_MS: the changes committing meanwhile are chained in the
   * same pass (under load, one pass per few milliseconds instead of one per change).
   */
  wake(): void {
    this.#loop.wake();
  }

  /**
   * Resolves once every record queued (and committed) before the call is chained, by this
   * instance or another; rejects after `timeoutMs`.
   */
  async flush(timeoutMs = 10_000): Promise<void> {
    const [{ last }] = await this.#prisma.$queryRaw<[{ last: bigint | null }]>`SELECT max(id) AS last FROM audit_pending_records`;
    if (last === null) return;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.#loop.pass();
      const [{ waiting }] = await this.#prisma.$queryRaw<[{ waiting: boolean }]>`SELECT EXISTS (SELECT 1 FROM audit_pending_records WHERE id <= ${last}) AS waiting`;
      if (!waiting) return;
      if (Date.now() > deadline) throw new Error(`queued audit records were not chained within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Stops polling and waits for the pass under way. Records still queued stay durable for the next chainer. */
  close(): Promise<void> {
    return this.#loop.close();
  }

  /** Chains one batch; returns how many records it took (0 also when another chainer is at work). */
  #chainBatch(): Promise<number> {
    return this.#prisma.$transaction(async (tx) => {
      const [{ locked }] = await tx.$queryRaw<[{ locked: boolean }]>`SELECT pg_try_advisory_xact_lock(hashtext(${CHAINER_LOCK})) AS locked`;
      if (!locked) return 0;
      const rows = await tx.$queryRaw<PendingRow[]>`
        DELETE FROM audit_pending_records
        WHERE id IN (SELECT id FROM audit_pending_records ORDER BY id LIMIT ${this.#batchSize})
        RETURNING *`;
      rows.sort((a, b) => (a.id < b.id ? -1 : 1));
      await appendNormalizedAuditRecords(
        tx,
        rows.map(({ id: _id, ...record }) => record),
      );
      return rows.length;
    }, CHAIN_TRANSACTION);
  }
}
