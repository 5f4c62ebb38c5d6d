import { randomUUID } from 'node:crypto';
import type { Principal } from '@platform/auth';
import type { Logger } from '@platform/config';
import { DrainLoop, type Prisma, type PrismaClient, transactionThen } from '@platform/db';
import type { JobQueue } from '@platform/events';
import { type BulkPort, EXPORT_PAGE_SIZE, type EventsPort, type PlatformOperationExecutor, type PlatformOperationResult, asExportPages } from '@platform/graphql-kit';
import type { GraphQLSchema } from 'graphql';
import { signDownloadToken } from '../download-link.ts';
import { META_KEY, pageVariables } from '../export-query.ts';
import { CREATOR_REVOKED, creatorMayAct } from '../repositories/creators.ts';
import { type ExportRecord, appendPage, claimExport, endExport, purgeExpired } from '../repositories/exports.ts';
import { exportView } from '../representation.ts';
import { type PageWriter, csvWriter, ndjsonWriter } from '../writers.ts';

export const BULK_EXPORT_QUEUE = 'bulk-export';
/** How long one queue job exports before handing over to the next (a new queue job), so no job outlives its expiry. */
const SLICE_MS = 60_000;
/** The longest one page may take through the platform before the attempt gives up (the job is retried). */
const PAGE_TIMEOUT_MS = 30_000;
/** What a queue job may take: its slice and the last page. */
export const BULK_EXPORT_SECONDS = (SLICE_MS + PAGE_TIMEOUT_MS) / 1000 + 10;
/** Exports one instance runs at once: each is a page at a time through the platform, like a client. */
const EXPORT_SLOTS = 2;
const PURGE_BATCH = 500;
const PURGE_POLL_MS = 10 * 60_000;
export const DEFAULT_EXPORT_RETENTION_SECONDS = 7 * 24 * 3600;
export const DEFAULT_DOWNLOAD_LINK_SECONDS = 3600;

/** Codes of a page worth another attempt of the job: the platform was busy or briefly unavailable. */
const RETRYABLE_CODES = new Set(['service_unavailable', 'database_unavailable', 'request_timeout', 'internal_error']);

const utf8 = new TextEncoder();
const CANCELLED = Symbol('cancelled');
const STOPPING = Symbol('stopping');

export interface BulkExportEngineOptions {
  prisma: PrismaClient;
  queue: JobQueue;
  events: EventsPort;
  /** Tells the event bus a transaction committed: its events go live, and their dispatch starts. */
  committed(tx: Prisma.TransactionClient): void;
  /** Runs the platform's own GraphQL operations as the export's creator (the edge's executor). */
  execute: PlatformOperationExecutor;
  /** The supergraph's API schema. */
  schema: GraphQLSchema;
  /** Signs download links (downloadLinkKey of the secrets key). */
  downloadKey: Buffer;
  /** Where links point: `<publicUrl>/v1/bulk/exports/{id}/download?token=…`. */
  downloadBaseUrl: string;
  logger: Logger;
  retentionSeconds?: number;
  downloadLinkSeconds?: number;
}

/** A page's outcome the job cannot go past: the export fails with it. */
class ExportFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Runs exports on the platform's job queue. An attempt claims its export with a fresh token (which
 * fences every later write: an attempt taken over writes nothing more), then walks the list page
 * by page (EXPORT_PAGE_SIZE records) through the platform's own GraphQL execution as the export's creator, with the scopes
 * captured at creation, so federated fields, scope checks and tenant isolation apply exactly as
 * for the client. Each page's records become one chunk of the file, written with the export's
 * progress and the next cursor in one transaction: an attempt cut short resumes after the last
 * page it wrote, never writing a record twice, and memory holds one page at a time. After
 * SLICE_MS a job queues the next one and ends. The last page ends the export and emits
 * `export.completed`; a page refused (a scope since revoked, a filter no longer valid) fails it, and
 * so does its creator's credential being revoked (checked before every page).
 */
export class BulkExportEngine {
  readonly port: Omit<BulkPort, 'mutations'>;
  private readonly running = new Map<string, AbortController>();
  private readonly purge: DrainLoop;
  private readonly retentionSeconds: number;
  private readonly linkSeconds: number;

  constructor(private readonly options: BulkExportEngineOptions) {
    this.retentionSeconds = options.retentionSeconds ?? DEFAULT_EXPORT_RETENTION_SECONDS;
    this.linkSeconds = options.downloadLinkSeconds ?? DEFAULT_DOWNLOAD_LINK_SECONDS;
    this.purge = new DrainLoop({
      drainBatch: () => purgeExpired(options.prisma, new Date(), PURGE_BATCH),
      batchSize: PURGE_BATCH,
      pollIntervalMs: PURGE_POLL_MS,
      wakeDelayMs: 0,
      onFailure: (error) => options.logger.warn({ err: error }, 'could not purge expired exports; trying again at the next poll'),
      onRecovery: () => options.logger.info('purging expired exports again'),
    });
    this.port = {
      schema: () => options.schema,
      execute: options.execute,
      queueExport: (tx, tenantId, exportId) => options.queue.sendWithin(tx, BULK_EXPORT_QUEUE, [{ data: { tenant_id: tenantId, export_id: exportId } }]),
      wake: () => options.queue.wake(BULK_EXPORT_QUEUE),
      interrupt: (tenantId, exportId) => this.running.get(`${tenantId}/${exportId}`)?.abort(CANCELLED),
      downloadLink: (tenantId, exportId, purgeAt) => this.downloadLink(tenantId, exportId, purgeAt),
      retentionSeconds: this.retentionSeconds,
    };
  }

  async start(): Promise<void> {
    for (let slot = 0; slot < EXPORT_SLOTS; slot++) {
      await this.options.queue.work<{ tenant_id: string; export_id: string }>(BULK_EXPORT_QUEUE, { batchSize: 1 }, async ([job]) => {
        if (job) await this.run(job.data.tenant_id, job.data.export_id);
      });
    }
    this.purge.start();
  }

  /** Hands the exports under way over at once: each queues its next job, which resumes after its last page written. */
  async stop(): Promise<void> {
    for (const controller of this.running.values()) controller.abort(STOPPING);
    await this.purge.close();
  }

  private downloadLink(tenantId: string, exportId: string, purgeAt: Date): { url: string; expiresAt: Date } {
    const expiresAt = new Date(Math.min(Date.now() + this.linkSeconds * 1000, purgeAt.getTime()));
    const token = signDownloadToken(this.options.downloadKey, { tenantId, exportId, expiresAt });
    return { url: `${this.options.downloadBaseUrl}/${encodeURIComponent(exportId)}/download?token=${encodeURIComponent(token)}`, expiresAt };
  }

  private async run(tenantId: string, exportId: string): Promise<void> {
    const token = randomUUID();
    const claimed = await claimExport(this.options.prisma, tenantId, exportId, token);
    // Cancelled, ended or purged meanwhile: nothing to do.
    if (!claimed) return;
    const key = `${tenantId}/${exportId}`;
    const controller = new AbortController();
    this.running.set(key, controller);
    try {
      await this.exportPages(claimed, token, controller.signal);
    } catch (error) {
      if (error instanceof ExportFailure) return void (await this.end(claimed, token, { status: 'failed', error: { code: error.code, message: error.message } }));
      // Thrown: the queue retries the job, which resumes after the last page written.
      throw error;
    } finally {
      this.running.delete(key);
    }
  }

  private async exportPages(record: ExportRecord, token: string, signal: AbortSignal): Promise<void> {
    const { prisma, queue } = this.options;
    const writer: PageWriter = record.format === 'csv' ? csvWriter(record.columns) : ndjsonWriter;
    const principal: Principal = { tenantId: record.tenant_id, scopes: new Set(record.scopes), credential: { type: record.credential_type as Principal['credential']['type'], id: record.created_by } };
    const variables = (record.variables ?? {}) as Record<string, unknown>;
    const sliceEnds = Date.now() + SLICE_MS;
    let cursor = record.next_cursor;
    let first = record.chunk_count === 0;
    for (;;) {
      if (signal.aborted) {
        // Stopping: the next job resumes (on any instance). Cancelled: the export's status already says so.
        if (signal.reason === STOPPING) await queue.send(BULK_EXPORT_QUEUE, { tenant_id: record.tenant_id, export_id: record.id });
        return;
      }
      if (!(await creatorMayAct(prisma, record.tenant_id, principal.credential))) throw new ExportFailure(CREATOR_REVOKED, 'The credential that created this export was revoked (or expired, or its user deactivated): the export stopped.');
      const page = await this.readPage(principal, record, pageVariables(variables, cursor, EXPORT_PAGE_SIZE, first));
      const text = (first ? writer.preamble : '') + writer.page(page.records);
      const handOver = page.nextCursor !== null && Date.now() >= sliceEnds;
      const written = await prisma.$transaction(async (tx) => {
        if (!(await appendPage(tx, record.tenant_id, record.id, token, { content: utf8.encode(text), rows: page.records.length, nextCursor: page.nextCursor, totalRows: page.total }))) return false;
        if (handOver) await queue.sendWithin(tx, BULK_EXPORT_QUEUE, [{ data: { tenant_id: record.tenant_id, export_id: record.id } }]);
        return true;
      });
      // Cancelled, or taken over by another attempt: this one stops.
      if (!written) return;
      if (page.nextCursor === null) return void (await this.end(record, token, { status: 'completed' }));
      if (handOver) return queue.wake(BULK_EXPORT_QUEUE);
      cursor = page.nextCursor;
      first = false;
    }
  }

  /** One page of the list as the creator would read it; a refusal fails the export, a passing fault retries the job. */
  private async readPage(principal: Principal, record: ExportRecord, variables: Record<string, unknown>): Promise<{ records: unknown[]; nextCursor: string | null; total: number | null }> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`a page of export ${record.id} took longer than ${PAGE_TIMEOUT_MS} ms`)), PAGE_TIMEOUT_MS);
    });
    let result: PlatformOperationResult;
    try {
      result = await Promise.race([asExportPages(() => this.options.execute(principal, { document: record.document, variables, paced: true })), timeout]);
    } finally {
      clearTimeout(timer);
    }
    const error = result.errors?.[0];
    if (error) {
      const code = typeof error.extensions?.code === 'string' ? error.extensions.code : 'internal_error';
      if (RETRYABLE_CODES.has(code)) throw new Error(`a page of export ${record.id} failed with ${code}; retrying`);
      throw new ExportFailure(code, error.message);
    }
    const list = result.data?.[record.list_field] as Record<string, unknown> | undefined;
    const records = list?.[record.data_field];
    const meta = list?.[META_KEY] as { next_cursor?: string | null; total?: number } | undefined;
    if (!Array.isArray(records) || !meta) throw new Error(`a page of export ${record.id} came back without its records`);
    return { records, nextCursor: meta.next_cursor ?? null, total: meta.total ?? null };
  }

  private async end(record: ExportRecord, token: string, end: { status: 'completed' | 'failed'; error?: { code: string; message: string } }): Promise<void> {
    const purgeAt = new Date(Date.now() + this.retentionSeconds * 1000);
    await transactionThen(
      this.options.prisma,
      async (tx) => {
        const ended = await endExport(tx, record.tenant_id, record.id, token, { ...end, purgeAt });
        if (!ended) return;
        const data = JSON.parse(JSON.stringify(exportView(ended))) as unknown;
        await this.options.events.emit(tx, record.tenant_id, { type: 'export.completed', data, resource: { type: 'export', id: record.id } }, { type: 'platform', credential_id: record.created_by });
      },
      this.options.committed,
    );
    if (end.status === 'failed') this.options.logger.info({ tenant_id: record.tenant_id, export_id: record.id, code: end.error?.code }, 'export failed');
  }
}
