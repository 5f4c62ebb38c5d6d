import { randomUUID } from 'node:crypto';
import type { Principal } from '@platform/auth';
import type { Logger } from '@platform/config';
import { DrainLoop, type Prisma, type PrismaClient, transactionThen } from '@platform/db';
import { type Problem, problemFromError } from '@platform/errors';
import type { BulkPort, EventsPort, PlatformOperationExecutor, PlatformOperationResult } from '@platform/graphql-kit';
import type { JobQueue } from '@platform/events';
import { signDownloadToken } from '../download-link.ts';
import { CREATOR_REVOKED, creatorMayAct } from '../repositories/creators.ts';
import { type StoredLine, purgeExpiredFiles, readLines } from './files.ts';
import { type BulkMutationRecord, claimBulkMutation, endBulkMutation, purgeExpiredBulkMutations, recordOutcomes } from './repository.ts';
import { bulkMutationView } from './representation.ts';

export const BULK_MUTATION_QUEUE = 'bulk-mutation';
/** How long one queue job runs lines before handing over to the next (a new queue job), so no job outlives its expiry. */
const SLICE_MS = 60_000;
/** The longest one line may take through the platform before the attempt gives up (the job is retried; the line replays by its key). */
const LINE_TIMEOUT_MS = 30_000;
/** What a queue job may take: its slice and the last batch. */
export const BULK_MUTATION_SECONDS = (SLICE_MS + LINE_TIMEOUT_MS) / 1000 + 10;
/** Lines whose outcomes are recorded together (one transaction: result chunk and progress). */
export const BATCH_LINES = 100;
/** Lines of a batch run at once: a few, so one bulk mutation cannot take the instance's database connections. */
const LINE_CONCURRENCY = 4;
/** Bulk mutations one instance runs at once. */
const MUTATION_SLOTS = 2;
/** Bulk mutations a tenant may have queued or running at once (creating one more is a 409 `quota_exceeded`). */
export const MAX_ACTIVE_BULK_MUTATIONS = 3;
const PURGE_BATCH = 500;
const PURGE_POLL_MS = 10 * 60_000;
export const DEFAULT_BULK_MUTATION_RETENTION_SECONDS = 7 * 24 * 3600;
const DEFAULT_RESULT_LINK_SECONDS = 3600;

/**
 * Codes of a line worth another attempt of the job rather than an outcome: the platform was busy or
 * briefly unavailable, or the line's key is still held by an attempt that died (its lease lapses).
 */
const RETRYABLE_CODES = new Set(['service_unavailable', 'database_unavailable', 'request_timeout', 'idempotency_key_in_use']);

const CANCELLED = Symbol('cancelled');
const STOPPING = Symbol('stopping');

export interface BulkMutationEngineOptions {
  prisma: PrismaClient;
  queue: JobQueue;
  events: EventsPort;
  /** Tells the event bus a transaction committed: its events go live, and their dispatch starts. */
  committed(tx: Prisma.TransactionClient): void;
  /** Runs the platform's own GraphQL operations as the bulk mutation's creator (the edge's executor). */
  execute: PlatformOperationExecutor;
  /** Signs result links (the export download key: the same links, the same check). */
  downloadKey: Buffer;
  /** Where links point: `<publicUrl>/v1/bulk/mutations/{id}/results?token=…`. */
  resultBaseUrl: string;
  /** The scopes each root field requires (the supergraph's): a bulk mutation's is checked at creation. */
  rootFieldScopes: ReadonlyMap<string, readonly string[]>;
  logger: Logger;
  retentionSeconds?: number;
  resultLinkSeconds?: number;
}

/** A line's outcome as its line of the result file. */
export type LineOutcome = { line: number; ok: true; data: unknown } | { line: number; ok: false; problem: Omit<Problem, 'instance' | 'request_id'>; data?: unknown };

/** The bulk mutation cannot go on (its upload is gone): it fails with this. */
class BulkMutationFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Runs bulk mutations on the platform's job queue. An attempt claims its bulk mutation with a fresh
 * token (fencing every later write), then reads the upload a chunk at a time from the first line
 * without an outcome and runs the lines in batches, a few at a time, each through the platform's
 * own GraphQL execution as the creator with the scopes captured at creation (so rules, scopes,
 * events and audit apply as to the creator's own request), with the `Idempotency-Key`
 * `<id>:<line>` and paced (the lines do not count against the tenant's rate limit: creating the
 * bulk mutation was the request). Each batch's outcomes are appended to the result file, in line
 * order, with the progress in one transaction. An attempt cut short (a crash, a timeout) leaves
 * the lines after the last recorded batch to the next attempt, which runs them again under the
 * same keys: a line whose write had committed gets its first outcome back instead of running
 * twice (the edge's idempotency journal). After SLICE_MS a job queues the next one and ends.
 */
export class BulkMutationEngine {
  readonly port: BulkPort['mutations'];
  private readonly running = new Map<string, AbortController>();
  private readonly purge: DrainLoop;
  private readonly retentionSeconds: number;
  private readonly linkSeconds: number;

  constructor(private readonly options: BulkMutationEngineOptions) {
    this.retentionSeconds = options.retentionSeconds ?? DEFAULT_BULK_MUTATION_RETENTION_SECONDS;
    this.linkSeconds = options.resultLinkSeconds ?? DEFAULT_RESULT_LINK_SECONDS;
    this.purge = new DrainLoop({
      drainBatch: async () => (await purgeExpiredBulkMutations(options.prisma, new Date(), PURGE_BATCH)) + (await purgeExpiredFiles(options.prisma, new Date(), PURGE_BATCH)),
      batchSize: PURGE_BATCH,
      pollIntervalMs: PURGE_POLL_MS,
      wakeDelayMs: 0,
      onFailure: (error) => options.logger.warn({ err: error }, 'could not purge expired bulk mutations and files; trying again at the next poll'),
      onRecovery: () => options.logger.info('purging expired bulk mutations and files again'),
    });
    this.port = {
      queue: (tx, tenantId, id) => options.queue.sendWithin(tx, BULK_MUTATION_QUEUE, [{ data: { tenant_id: tenantId, bulk_mutation_id: id } }]),
      wake: () => options.queue.wake(BULK_MUTATION_QUEUE),
      interrupt: (tenantId, id) => this.running.get(`${tenantId}/${id}`)?.abort(CANCELLED),
      resultLink: (tenantId, id, purgeAt) => this.resultLink(tenantId, id, purgeAt),
      maxActive: MAX_ACTIVE_BULK_MUTATIONS,
      rootFieldScopes: options.rootFieldScopes,
      retentionSeconds: this.retentionSeconds,
    };
  }

  async start(): Promise<void> {
    for (let slot = 0; slot < MUTATION_SLOTS; slot++) {
      await this.options.queue.work<{ tenant_id: string; bulk_mutation_id: string }>(BULK_MUTATION_QUEUE, { batchSize: 1 }, async ([job]) => {
        if (job) await this.run(job.data.tenant_id, job.data.bulk_mutation_id);
      });
    }
    this.purge.start();
  }

  /** Hands the bulk mutations under way over at once: each queues its next job, which resumes after its last recorded batch. */
  async stop(): Promise<void> {
    for (const controller of this.running.values()) controller.abort(STOPPING);
    await this.purge.close();
  }

  private resultLink(tenantId: string, id: string, purgeAt: Date): { url: string; expiresAt: Date } {
    const expiresAt = new Date(Math.min(Date.now() + this.linkSeconds * 1000, purgeAt.getTime()));
    const token = signDownloadToken(this.options.downloadKey, { tenantId, exportId: id, expiresAt });
    return { url: `${this.options.resultBaseUrl}/${encodeURIComponent(id)}/results?token=${encodeURIComponent(token)}`, expiresAt };
  }

  /** One job: claims the bulk mutation and runs its lines from the first without an outcome. */
  async run(tenantId: string, id: string): Promise<void> {
    const token = randomUUID();
    const claimed = await claimBulkMutation(this.options.prisma, tenantId, id, token);
    // Cancelled, ended or purged meanwhile: nothing to do.
    if (!claimed) return;
    const key = `${tenantId}/${id}`;
    const controller = new AbortController();
    this.running.set(key, controller);
    try {
      await this.runLines(claimed, token, controller.signal);
    } catch (error) {
      if (error instanceof BulkMutationFailure) return void (await this.end(claimed, token, { status: 'failed', error: { code: error.code, message: error.message } }));
      // Thrown: the queue retries the job, which resumes after the last batch recorded.
      throw error;
    } finally {
      this.running.delete(key);
    }
  }

  private async runLines(record: BulkMutationRecord, token: string, signal: AbortSignal): Promise<void> {
    const { prisma, queue } = this.options;
    const principal: Principal = { tenantId: record.tenant_id, scopes: new Set(record.scopes), credential: { type: record.credential_type as Principal['credential']['type'], id: record.created_by } };
    const sliceEnds = Date.now() + SLICE_MS;
    let done = record.lines_done;
    let chunk: StoredLine[] = [];
    while (done < record.lines_total) {
      if (signal.aborted) {
        // Stopping: the next job resumes (on any instance). Cancelled: the status already says so.
        if (signal.reason === STOPPING) await queue.send(BULK_MUTATION_QUEUE, { tenant_id: record.tenant_id, bulk_mutation_id: record.id });
        return;
      }
      if (chunk.length === 0) chunk = await readLines(prisma, record.tenant_id, record.upload_id, done + 1);
      if (chunk[0]?.line !== done + 1) throw new BulkMutationFailure('not_found', `The upload ${record.upload_id} no longer holds line ${done + 1} (it expired); ${done} of ${record.lines_total} lines ran.`);
      if (!(await creatorMayAct(prisma, record.tenant_id, principal.credential))) {
        throw new BulkMutationFailure(CREATOR_REVOKED, `The credential that created this bulk mutation was revoked (or expired, or its user deactivated): it stopped after ${done} of ${record.lines_total} lines.`);
      }
      const batch = chunk.splice(0, BATCH_LINES);
      const outcomes = await mapInOrder(batch, LINE_CONCURRENCY, (line) => this.runLine(principal, record, line));
      const handOver = done + batch.length < record.lines_total && Date.now() >= sliceEnds;
      const status = await prisma.$transaction(async (tx) => {
        const recorded = await recordOutcomes(tx, record.tenant_id, record.id, token, { lines: outcomes.map((outcome) => JSON.stringify(outcome)), failed: outcomes.filter((outcome) => !outcome.ok).length });
        if (recorded === 'running' && handOver) await queue.sendWithin(tx, BULK_MUTATION_QUEUE, [{ data: { tenant_id: record.tenant_id, bulk_mutation_id: record.id } }]);
        return recorded;
      });
      // Cancelled (this batch's outcomes recorded), or taken over by another attempt: this one stops.
      if (status !== 'running') return;
      done += batch.length;
      if (handOver) return queue.wake(BULK_MUTATION_QUEUE);
    }
    await this.end(record, token, { status: 'completed' });
  }

  /** One line run as the creator; its refusal is its outcome, a passing fault retries the job. */
  private async runLine(principal: Principal, record: BulkMutationRecord, line: StoredLine): Promise<LineOutcome> {
    const variables = JSON.parse(line.text) as Record<string, unknown>;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`line ${line.line} of bulk mutation ${record.id} took longer than ${LINE_TIMEOUT_MS} ms`)), LINE_TIMEOUT_MS);
    });
    let result: PlatformOperationResult;
    try {
      result = await Promise.race([this.options.execute(principal, { document: record.mutation, variables, idempotencyKey: `${record.id}:${line.line}`, paced: true }), timeout]);
    } finally {
      clearTimeout(timer);
    }
    return lineOutcome(line.line, record.root_field, result);
  }

  private async end(record: BulkMutationRecord, token: string, end: { status: 'completed' | 'failed'; error?: { code: string; message: string } }): Promise<void> {
    const purgeAt = new Date(Date.now() + this.retentionSeconds * 1000);
    await transactionThen(
      this.options.prisma,
      async (tx) => {
        const ended = await endBulkMutation(tx, record.tenant_id, record.id, token, { ...end, purgeAt });
        if (!ended) return;
        const data = JSON.parse(JSON.stringify(bulkMutationView(ended))) as unknown;
        await this.options.events.emit(tx, record.tenant_id, { type: 'bulk_mutation.completed', data, resource: { type: 'bulk_mutation', id: record.id } }, { type: 'platform', credential_id: record.created_by });
      },
      this.options.committed,
    );
    if (end.status === 'failed') this.options.logger.info({ tenant_id: record.tenant_id, bulk_mutation_id: record.id, code: end.error?.code }, 'bulk mutation failed');
  }
}

/**
 * A line's result as its outcome: ok with the root field's result, or its first error as an RFC 9457
 * problem (type, title, status, detail, code and the error's details: `errors` naming each field at
 * fault, `required_scope`, …), with what data came back. A passing fault is thrown instead.
 */
export function lineOutcome(line: number, rootField: string, result: PlatformOperationResult): LineOutcome {
  const data = result.data?.[rootField];
  const error = result.errors?.[0];
  if (!error) return { line, ok: true, data: data ?? null };
  // The problem a REST client would get for it, less what names the request (there is none per line).
  const { instance: _instance, request_id: _requestId, ...problem } = problemFromError(error, '', '');
  if (RETRYABLE_CODES.has(problem.code)) throw new Error(`line ${line} failed with ${problem.code}; retrying`);
  return data === undefined || data === null ? { line, ok: false, problem } : { line, ok: false, problem, data };
}

/** `work` over `items`, at most `concurrency` at once, the results in the items' order. */
async function mapInOrder<Item, Result>(items: readonly Item[], concurrency: number, work: (item: Item) => Promise<Result>): Promise<Result[]> {
  const results = new Array<Result>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as Item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
