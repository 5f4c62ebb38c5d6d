import { randomUUID } from 'node:crypto';
import type { Principal } from '@platform/auth';
import type { Logger } from '@platform/config';
import { DrainLoop, type Prisma, type PrismaClient, newId, transactionThen } from '@platform/db';
import { type DispatchConsumer, type JobQueue, type SecretBox, scopeToReceive } from '@platform/events';
import type { EventsPort, PlatformOperationExecutor, SyncPort } from '@platform/graphql-kit';
import type { GraphQLInputObjectType } from 'graphql';
import pMap from 'p-map';
import type { OutboundHttp } from '../connectors/http.ts';
import { CONNECTOR_KINDS, type ConnectorKind } from '../connectors/kinds.ts';
import { PUSHABLE_EVENT_TYPES, createRestPush, restSourceConfigSchema } from '../connectors/rest/index.ts';
import { shopifyCredentialsSchema, verifyShopifyWebhook } from '../connectors/shopify/index.ts';
import { SourceError, type SourcePage, type SourceRecord } from '../connectors/source.ts';
import { type ConnectorRecord, findConnector, lockConnector } from '../repositories/connectors.ts';
import { unresolvedFailures } from '../repositories/failures.ts';
import { findMapping } from '../repositories/mappings.ts';
import { handledEvents } from '../repositories/push-records.ts';
import { latestReadyUpload, sweepExpiredUploads, uploadBytes } from '../repositories/uploads.ts';
import { ACTIVE_STATES, type SyncJobRecord, activeSyncJob, createSyncJob, findSyncJob, lockSyncJob, updateSyncJob } from '../repositories/sync-jobs.ts';
import { compileConnectorMapping, connectorMappingSchema, scopesOfMapping } from './mapping-definition.ts';
import { eventLogPages } from './event-log.ts';
import { compilePushRules, pushRecord } from './push-writer.ts';
import { PlatformFault, type RecordError, type WriteOutcome, writeRecord } from './record-writer.ts';
import { nextScheduledTime } from '@platform/automation';
import { emitSyncEvent } from './representation.ts';
import { type UploadLimits, receiveUpload } from './uploads.ts';

export const SYNC_QUEUE = 'sync-run';
/** How long one run of a job holds it before handing over to a fresh run (a new queue job) at a page boundary. */
export const DEFAULT_SLICE_SECONDS = 60;
/** How long a run's hold on its job outlives its last checkpoint: after that, a run of another instance may take the job over. */
export const DEFAULT_LEASE_SECONDS = 60;
/** What a queue job of a sync may run beyond its slice: the last page it reads and writes. */
export const PAGE_ALLOWANCE_SECONDS = 60;
const REPLAY_PAGE = 100;
const RECOVERY_BATCH = 100;
const SCHEDULE_BATCH = 100;
const DEFAULT_SCHEDULE_POLL_SECONDS = 5;
const TEST_TIMEOUT_MS = 30_000;

/** Records of a page written at once; records of one external id always one after the other. */
const RECORD_CONCURRENCY = 4;
/** Slices (of different jobs) one instance runs at once. */
const SLOTS = 4;

/** Why a run was stopped before its source ended. */
const CANCELLED = Symbol('cancelled');
const STOPPING = Symbol('stopping');

export interface SyncEngineOptions {
  prisma: PrismaClient;
  queue: JobQueue;
  secrets: SecretBox;
  http: OutboundHttp;
  events: EventsPort;
  /** Tells the event bus a transaction committed: its events go to live subscribers, and their dispatch starts. */
  committed(tx: Prisma.TransactionClient): void;
  /** Runs the platform's own GraphQL operations as the connector (the edge's executor). */
  execute: PlatformOperationExecutor;
  inputType(name: string): GraphQLInputObjectType | undefined;
  logger: Logger;
  sliceSeconds?: number;
  leaseSeconds?: number;
  /** Connectors one tenant may hold. */
  maxConnectors: number;
  /** Files uploaded to CSV connectors. */
  uploads: UploadLimits;
  /** How often due schedules are looked for. */
  schedulePollSeconds?: number;
}

interface Tally {
  seen: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
}

/** A page of a job's records: from the source, or (a replay) failed records with their ids. */
interface JobPage extends SourcePage {
  failureIds?: string[];
}

/** What a job reads and how it writes each record: a sync into the platform, or a push out of it. */
interface JobPlan {
  pages: AsyncIterable<JobPage>;
  write(record: SourceRecord): Promise<WriteOutcome>;
  /** Records of one key are written one after the other, in the page's order (the same external record; the same platform record pushed). */
  orderKey(record: SourceRecord): string;
}

/**
 * Runs sync jobs on the platform's job queue. A job runs in slices: each claims the job with a
 * lease (a random token; every write of the slice is fenced by it), reads the source page after
 * page from the job's cursor, writes each record through the platform's own mutations, and
 * commits the page's counters, failed records and cursor in one transaction. After
 * `sliceSeconds` it hands over to a new queue job at a page boundary, so no queue job runs long
 * and an instance that dies (SIGKILL) costs at most a page: once its lease lapses, a poll of any
 * instance queues the job again (recoverLapsed) and it resumes from the last committed cursor;
 * links make the re-read page's records `unchanged` rather than written twice.
 *
 * A failure of the source or the platform ends the attempt; the connector's retry policy queues
 * the next after a doubling delay while attempts remain, else the job fails and `sync.failed` is
 * emitted in that same transaction: once per job, never before the policy is exhausted.
 */
export class SyncEngine {
  readonly port: SyncPort;
  private readonly running = new Map<string, AbortController>();
  private readonly sliceMs: number;
  private readonly leaseMs: number;
  private readonly recovery: DrainLoop;
  private readonly scheduler: DrainLoop;

  constructor(private readonly options: SyncEngineOptions) {
    this.sliceMs = (options.sliceSeconds ?? DEFAULT_SLICE_SECONDS) * 1000;
    this.leaseMs = (options.leaseSeconds ?? DEFAULT_LEASE_SECONDS) * 1000;
    // Housekeeping: jobs whose run died, and uploads that expired.
    this.recovery = new DrainLoop({
      drainBatch: async () => (await this.recoverLapsed()) + (await this.transaction((tx) => sweepExpiredUploads(tx, RECOVERY_BATCH))),
      batchSize: RECOVERY_BATCH,
      pollIntervalMs: Math.max(1000, this.leaseMs / 2),
      wakeDelayMs: 0,
      onFailure: (error) => options.logger.warn({ err: error }, 'could not look for sync jobs to resume; looking again at the next poll'),
      onRecovery: () => options.logger.info('looking for sync jobs to resume again'),
    });
    this.scheduler = new DrainLoop({
      drainBatch: () => this.startScheduled(),
      batchSize: SCHEDULE_BATCH,
      pollIntervalMs: (options.schedulePollSeconds ?? DEFAULT_SCHEDULE_POLL_SECONDS) * 1000,
      wakeDelayMs: 0,
      onFailure: (error) => options.logger.warn({ err: error }, 'could not start scheduled syncs; trying again at the next poll'),
      onRecovery: () => options.logger.info('starting scheduled syncs again'),
    });
    this.port = {
      enqueue: (tx, tenantId, jobId) => this.enqueue(tx, tenantId, jobId),
      interrupt: (tenantId, jobId) => this.running.get(`${tenantId}/${jobId}`)?.abort(CANCELLED),
      maxConnectors: options.maxConnectors,
      inputType: (name) => options.inputType(name),
      sealCredentials: (credentials) => options.secrets.seal(JSON.stringify(credentials)),
      testConnector: (tenantId, connectorId) => this.test(tenantId, connectorId),
      receiveWebhook: (connectorId, webhook) => this.receiveWebhook(connectorId, webhook),
      receiveUpload: (tenantId, connectorId, request) => receiveUpload(options.prisma, options.uploads, tenantId, connectorId, request),
    };
  }

  /** Looks for due schedules and requested pushes now. */
  wake(): void {
    this.scheduler.wake();
  }

  async start(): Promise<void> {
    // Several slots, each a queue worker taking one job at a time: one long sync does not hold up the others.
    for (let slot = 0; slot < SLOTS; slot++) {
      await this.options.queue.work<{ tenant_id: string; job_id: string }>(SYNC_QUEUE, { batchSize: 1 }, async ([job]) => {
        if (job) await this.runSlice(job.data.tenant_id, job.data.job_id);
      });
    }
    this.recovery.start();
    this.scheduler.start();
  }

  /** Hands every run of this instance over at once (their jobs resume on another instance, or after a restart). */
  async stop(): Promise<void> {
    for (const controller of this.running.values()) controller.abort(STOPPING);
    await this.recovery.close();
    await this.scheduler.close();
  }

  /**
   * Connectors whose next scheduled sync is due: each gets its next time and, unless one of its
   * jobs is under way (that time is skipped) or it has no mapping, a job (trigger `schedule`), in
   * one transaction; SKIP LOCKED, so each due time starts one job whichever instances poll.
   */
  private async startScheduled(): Promise<number> {
    return (await this.startCronJobs()) + (await this.startPushes());
  }

  private async startCronJobs(): Promise<number> {
    return this.transaction(async (tx) => {
      const due = await tx.$queryRaw<Array<{ tenant_id: string; id: string }>>`
        SELECT tenant_id, id FROM connectors WHERE next_scheduled_sync_at <= now()
        ORDER BY next_scheduled_sync_at LIMIT ${SCHEDULE_BATCH} FOR UPDATE SKIP LOCKED`;
      const now = new Date();
      for (const { tenant_id: tenantId, id } of due) {
        const connector = await findConnector(tx, tenantId, id);
        if (!connector?.schedule_cron) continue;
        const next = nextScheduledTime({ cron: connector.schedule_cron, timeZone: connector.schedule_time_zone }, now);
        await tx.connector.update({ where: { tenant_id_id: { tenant_id: tenantId, id } }, data: { next_scheduled_sync_at: next } });
        if (connector.mapping_version === 0 || (await activeSyncJob(tx, tenantId, id))) continue;
        await this.enqueue(tx, tenantId, (await createSyncJob(tx, connector, { trigger: 'schedule', full: false })).id);
      }
      return due.length;
    });
  }

  /**
   * Connectors asked to push (an event they push was dispatched): each idle one gets a push job
   * (trigger `event`), reading the event log from its push cursor, and its request is cleared; a
   * busy one keeps its request for a later poll. Answers how many jobs it started.
   */
  private async startPushes(): Promise<number> {
    return this.transaction(async (tx) => {
      const requested = await tx.$queryRaw<Array<{ tenant_id: string; id: string }>>`
        SELECT tenant_id, id FROM connectors WHERE push_requested_at IS NOT NULL
        ORDER BY push_requested_at LIMIT ${SCHEDULE_BATCH} FOR UPDATE SKIP LOCKED`;
      let started = 0;
      for (const { tenant_id: tenantId, id } of requested) {
        if (await activeSyncJob(tx, tenantId, id)) continue;
        const connector = await tx.connector.update({ where: { tenant_id_id: { tenant_id: tenantId, id } }, data: { push_requested_at: null } });
        if ((CONNECTOR_KINDS[connector.kind] as ConnectorKind).pushRulesOf(connector.config as object).length === 0) continue;
        await this.enqueue(tx, tenantId, (await createSyncJob(tx, connector, { trigger: 'event', direction: 'outbound', full: false })).id);
        started++;
      }
      return started;
    });
  }

  /**
   * Running jobs whose lease lapsed (the instance running them died, or lost its database for
   * longer than the lease): the lease is dropped and a queue job sent, in one transaction, so the
   * job resumes from its last committed page on whichever instance takes the queue job. A run that
   * was only slow finds itself fenced out at its next checkpoint.
   */
  private async recoverLapsed(): Promise<number> {
    return this.transaction(async (tx) => {
      const lapsed = await tx.$queryRaw<Array<{ tenant_id: string; id: string }>>`
        UPDATE sync_jobs SET lease_token = NULL, lease_expires_at = NULL, version = version + 1
        WHERE (tenant_id, id) IN (
          SELECT tenant_id, id FROM sync_jobs WHERE state = 'running' AND lease_expires_at < now()
          ORDER BY lease_expires_at LIMIT ${RECOVERY_BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING tenant_id, id`;
      for (const job of lapsed) await this.enqueue(tx, job.tenant_id, job.id);
      if (lapsed.length > 0) this.options.logger.warn({ sync_jobs: lapsed.map((job) => job.id) }, 'resuming sync jobs whose run died');
      return lapsed.length;
    });
  }

  private enqueue(tx: Prisma.TransactionClient, tenantId: string, jobId: string, startAfter?: Date): Promise<void> {
    return this.options.queue.sendWithin(tx, SYNC_QUEUE, [{ data: { tenant_id: tenantId, job_id: jobId }, ...(startAfter && { startAfter }) }]);
  }

  private async test(tenantId: string, connectorId: string): Promise<{ ok: boolean; detail: string }> {
    const connector = await findConnector(this.options.prisma, tenantId, connectorId);
    if (!connector) throw new Error(`no connector ${connectorId} in tenant ${tenantId}`);
    // A CSV connector is checked against its latest upload (its header row and first row).
    const upload = connector.kind === 'csv' ? await latestReadyUpload(this.options.prisma, tenantId, connectorId) : null;
    const check = await this.open(connector, upload?.id ?? null).test(AbortSignal.timeout(TEST_TIMEOUT_MS));
    return check.ok ? { ok: true, detail: check.detail ?? 'Connected.' } : { ok: false, detail: check.error };
  }

  private async receiveWebhook(connectorId: string, webhook: { signature: string | undefined; body: Buffer }) {
    // Connector ids are unguessable and unique across tenants: the URL names the connector, the signature proves the sender.
    const connector = await this.options.prisma.connector.findFirst({ where: { id: connectorId } });
    const secret = connector?.kind === 'shopify' && connector.credentials_ciphertext ? shopifyCredentialsSchema.parse(JSON.parse(this.options.secrets.open(connector.credentials_ciphertext))).webhook_secret : undefined;
    if (!connector || !secret || connector.mapping_version === 0) return { outcome: 'unknown' as const };
    if (!verifyShopifyWebhook(webhook.body, webhook.signature, secret)) return { outcome: 'refused' as const };
    await this.transaction(async (tx) => {
      const locked = await lockConnector(tx, connector.tenant_id, connector.id);
      if (!locked) return;
      // A job under way may have read past the change already: one more follows it (finish).
      if (await activeSyncJob(tx, locked.tenant_id, locked.id)) await tx.connector.update({ where: { tenant_id_id: { tenant_id: locked.tenant_id, id: locked.id } }, data: { resync_requested_at: new Date() } });
      else await this.enqueue(tx, locked.tenant_id, (await createSyncJob(tx, locked, { trigger: 'webhook', full: false })).id);
    });
    return { outcome: 'accepted' as const, tenantId: connector.tenant_id };
  }

  /** The connector's source, reading `uploadId`'s file when it is a CSV import. */
  private open(connector: ConnectorRecord, uploadId: string | null) {
    const kind: ConnectorKind = CONNECTOR_KINDS[connector.kind];
    const { prisma, http } = this.options;
    return kind.open(connector.config as object, this.credentialsOf(connector), { http, ...(uploadId !== null && { upload: () => uploadBytes(prisma, connector.tenant_id, uploadId) }) });
  }

  private credentialsOf(connector: ConnectorRecord): object {
    return connector.credentials_ciphertext ? (JSON.parse(this.options.secrets.open(connector.credentials_ciphertext)) as object) : {};
  }

  private async runSlice(tenantId: string, jobId: string): Promise<void> {
    const token = randomUUID();
    const claimed = await this.claim(tenantId, jobId, token);
    if (!claimed) return;
    const { job, connector } = claimed;
    const controller = new AbortController();
    const key = `${tenantId}/${jobId}`;
    this.running.set(key, controller);
    try {
      await this.process(job, connector, token, controller.signal);
    } catch (error) {
      if (controller.signal.reason === CANCELLED) await this.finish(job, token, 'cancelled');
      else if (controller.signal.reason === STOPPING) await this.handOver(job, token);
      else await this.failAttempt(job, connector, token, error);
    } finally {
      this.running.delete(key);
    }
  }

  /**
   * Takes the job for this run, under the connector's row lock: a job that is over, cancelled, or
   * held by a live run of another instance is left alone. A queued job starts an attempt; a
   * running one (handed over, or its instance died) resumes the attempt from its cursor.
   */
  private claim(tenantId: string, jobId: string, token: string): Promise<{ job: SyncJobRecord; connector: ConnectorRecord } | undefined> {
    return this.transaction(async (tx) => {
      const job = await lockSyncJob(tx, tenantId, jobId);
      if (!job || !ACTIVE_STATES.includes(job.state)) return undefined;
      const now = new Date();
      if (job.cancel_requested_at) {
        await updateSyncJob(tx, tenantId, jobId, { state: 'cancelled', finished_at: now, lease_token: null, lease_expires_at: null, next_attempt_at: null });
        return undefined;
      }
      // Held by a live run (a run that died is recovered once its lease lapses: recoverLapsed).
      if (job.lease_expires_at && job.lease_expires_at > now) return undefined;
      const connector = await findConnector(tx, tenantId, job.connector_id);
      if (!connector) return undefined;
      const claimedJob = await updateSyncJob(tx, tenantId, jobId, {
        state: 'running',
        lease_token: token,
        lease_expires_at: new Date(now.getTime() + this.leaseMs),
        started_at: job.started_at ?? now,
        next_attempt_at: null,
        ...(job.state === 'queued' && { attempts: { increment: 1 } }),
      });
      if (job.state === 'queued') await this.emitUpdated(tx, claimedJob);
      return { job: claimedJob, connector };
    });
  }

  private async process(job: SyncJobRecord, connector: ConnectorRecord, token: string, signal: AbortSignal): Promise<void> {
    const plan = job.direction === 'outbound' ? this.pushPlan(job, connector, signal) : await this.syncPlan(job, connector, signal);
    const handOverAt = Date.now() + this.sliceMs;
    for await (const page of plan.pages) {
      const tally: Tally = { seen: 0, created: 0, updated: 0, unchanged: 0, failed: 0 };
      const failures: Array<{ record: SourceRecord; errors: RecordError[] }> = [];
      const resolved: string[] = [];
      const outcomes = await writeConcurrently(page.records, signal, plan);
      for (const [index, outcome] of outcomes.entries()) {
        tally.seen++;
        if (typeof outcome === 'string') {
          tally[outcome]++;
          const failureId = page.failureIds?.[index];
          if (failureId) resolved.push(failureId);
        } else {
          tally.failed++;
          failures.push({ record: page.records[index] as SourceRecord, errors: outcome.errors });
        }
      }
      const current = await this.checkpoint(job, token, { tally, failures, resolved, cursor: page.cursor });
      if (!current) return;
      if (current.cancel_requested_at) return this.finish(job, token, 'cancelled');
      if (Date.now() >= handOverAt) return this.handOver(job, token);
    }
    await this.finish(job, token, 'done');
  }

  /** An inbound job: records of the connector's source (or a replay's failed records) through its mapping into the platform's own mutations. */
  private async syncPlan(job: SyncJobRecord, connector: ConnectorRecord, signal: AbortSignal): Promise<JobPlan> {
    const { tenant_id: tenantId } = job;
    const mapping = await findMapping(this.options.prisma, tenantId, connector.id, job.mapping_version);
    const definition = connectorMappingSchema.safeParse(mapping?.definition);
    if (!definition.success) throw new SourceError(`Mapping version ${job.mapping_version} of the connector cannot be read.`, false);
    const kind: ConnectorKind = CONNECTOR_KINDS[connector.kind];
    const compiled = compileConnectorMapping(definition.data, kind.streamsOf(connector.config as object), this.options.inputType);
    if (!compiled.ok) throw new SourceError(`Mapping version ${job.mapping_version} no longer fits the platform's input types: ${compiled.errors.map((error) => `${error.field}: ${error.message}`).join('; ')}`, false);
    const principal: Principal = { tenantId, scopes: new Set(scopesOfMapping(definition.data)), credential: { type: 'connector', id: connector.id } };
    const writer = { prisma: this.options.prisma, execute: this.options.execute, principal, inputType: this.options.inputType };
    return {
      pages: job.trigger === 'replay' ? this.failedRecords(job, signal) : this.open(connector, job.upload_id).read({ streams: [...compiled.compiled.keys()], ...(job.cursor !== null && { cursor: job.cursor }), signal }),
      write: (record) => {
        const stream = compiled.compiled.get(record.stream);
        return stream ? writeRecord(writer, stream, record) : Promise.resolve({ errors: [{ field: 'stream', code: 'stream_unmapped', message: `the mapping maps no stream "${record.stream}"` }] });
      },
      orderKey: (record) => JSON.stringify([record.stream, record.external_id]),
    };
  }

  /**
   * An outbound job (a push): the tenant's events of the types the connector pushes, read from the
   * event log after its push cursor as the connector (`events:read` and the scopes receiving those
   * types, nothing more), each sent to its API by the connector's push rule; a replay sends its
   * failed events again. Events about one platform record are pushed in their order.
   */
  private pushPlan(job: SyncJobRecord, connector: ConnectorRecord, signal: AbortSignal): JobPlan {
    const config = connector.kind === 'rest' ? restSourceConfigSchema.parse(connector.config) : undefined;
    if (!config?.push) throw new SourceError('The connector pushes no events (its config has no push rules).', false);
    const rules = compilePushRules(config.push);
    const { prisma, execute } = this.options;
    const { tenant_id: tenantId } = job;
    const scopes = new Set(['events:read', ...[...rules.keys()].map((type) => scopeToReceive(type) ?? 'events:read')]);
    const principal: Principal = { tenantId, scopes, credential: { type: 'connector', id: connector.id } };
    const target = createRestPush(config, this.credentialsOf(connector) as never, this.options.http);
    return {
      pages:
        job.trigger === 'replay'
          ? this.failedRecords(job, signal)
          : eventLogPages({ execute, principal, cursor: job.cursor, types: PUSHABLE_EVENT_TYPES.filter((type) => rules.has(type)), handled: (ids) => handledEvents(prisma, tenantId, connector.id, ids), signal }),
      write: (record) => pushRecord({ prisma, tenantId, connectorId: connector.id, jobId: job.id, rules, target, signal }, record),
      orderKey: (record) => JSON.stringify((record.data as { resource?: { id?: string } | null }).resource?.id ?? record.external_id),
    };
  }

  /** A replay's records: the job's failed records not yet resolved, oldest first, after the job's cursor (a failure id). */
  private async *failedRecords(job: SyncJobRecord, signal: AbortSignal): AsyncIterable<JobPage> {
    if (!job.replay_of_job_id) return;
    let after = job.cursor ?? undefined;
    for (;;) {
      signal.throwIfAborted();
      const failures = (await unresolvedFailures(this.options.prisma, job.tenant_id, job.replay_of_job_id, after, REPLAY_PAGE)).filter((failure) => !job.replay_failure_id || failure.id === job.replay_failure_id);
      if (failures.length === 0) return;
      after = failures.at(-1)?.id;
      yield {
        records: failures.map((failure) => ({ stream: failure.stream, external_id: failure.external_id, data: failure.payload as Record<string, unknown> })),
        failureIds: failures.map((failure) => failure.id),
        ...(after !== undefined && { cursor: after }),
      };
      if (job.replay_failure_id) return;
    }
  }

  /**
   * A page's outcome, in one transaction fenced by the run's token: the counters, the failed
   * records, the resolved ones (a replay) and the cursor. Answers the job as it now is, or
   * undefined when the run lost its lease (another run took the job over).
   */
  private checkpoint(job: SyncJobRecord, token: string, page: { tally: Tally; failures: Array<{ record: SourceRecord; errors: RecordError[] }>; resolved: string[]; cursor?: string | undefined }): Promise<SyncJobRecord | undefined> {
    const { tenant_id: tenantId, id } = job;
    return this.transaction(async (tx) => {
      const { count } = await tx.syncJob.updateMany({
        where: { tenant_id: tenantId, id, lease_token: token },
        data: {
          records_seen: { increment: page.tally.seen },
          records_created: { increment: page.tally.created },
          records_updated: { increment: page.tally.updated },
          records_unchanged: { increment: page.tally.unchanged },
          records_failed: { increment: page.tally.failed },
          ...(page.cursor !== undefined && { cursor: page.cursor }),
          lease_expires_at: new Date(Date.now() + this.leaseMs),
          version: { increment: 1 },
        },
      });
      if (count === 0) return undefined;
      if (page.failures.length > 0) {
        await tx.syncFailure.createMany({
          data: page.failures.map(({ record, errors }) => ({
            tenant_id: tenantId,
            id: newId('sfr'),
            sync_job_id: id,
            connector_id: job.connector_id,
            stream: record.stream,
            external_id: record.external_id,
            payload: record.data as Prisma.InputJsonValue,
            errors: errors as unknown as Prisma.InputJsonValue,
            mapping_version: job.mapping_version,
          })),
        });
      }
      if (page.resolved.length > 0) await tx.syncFailure.updateMany({ where: { tenant_id: tenantId, id: { in: page.resolved } }, data: { resolved_at: new Date(), resolved_by_job: id } });
      const current = await findSyncJob(tx, tenantId, id);
      // An empty page (the end of a paginated read) moves no counter.
      if (current && page.tally.seen > 0) await this.emitUpdated(tx, current);
      return current ?? undefined;
    });
  }

  /** Ends the slice at a page boundary and queues the next run of the job at once. */
  private async handOver(job: SyncJobRecord, token: string): Promise<void> {
    await this.transaction(async (tx) => {
      const { count } = await tx.syncJob.updateMany({ where: { tenant_id: job.tenant_id, id: job.id, lease_token: token }, data: { lease_token: null, lease_expires_at: null } });
      if (count > 0) await this.enqueue(tx, job.tenant_id, job.id);
    });
  }

  /** The job's end: every page read (`succeeded`, or `partially_failed` with failed records), or cancelled. Pushes asked for meanwhile may start now. */
  private async finish(job: SyncJobRecord, token: string, how: 'done' | 'cancelled'): Promise<void> {
    await this.finishJob(job, token, how);
    this.scheduler.wake();
  }

  private async finishJob(job: SyncJobRecord, token: string, how: 'done' | 'cancelled'): Promise<void> {
    await this.transaction(async (tx) => {
      const current = await this.fenced(tx, job, token);
      if (!current) return;
      const state = how === 'cancelled' ? 'cancelled' : current.records_failed > 0 ? 'partially_failed' : 'succeeded';
      await this.emitUpdated(tx, await updateSyncJob(tx, job.tenant_id, job.id, { state, finished_at: new Date(), lease_token: null, lease_expires_at: null }));
      const connector = await lockConnector(tx, job.tenant_id, job.connector_id);
      if (!connector) return;
      // The next incremental sync (or push) starts where this one ended; a replay reads no source, an import one file.
      const ended = how === 'done' && current.trigger !== 'replay' && current.upload_id === null && current.cursor !== null ? current.cursor : undefined;
      if (current.direction === 'outbound') {
        if (ended !== undefined) await tx.connector.update({ where: { tenant_id_id: { tenant_id: job.tenant_id, id: job.connector_id } }, data: { push_cursor: ended } });
        return;
      }
      const syncCursor = ended ?? connector.sync_cursor;
      const resync = how === 'done' && connector.resync_requested_at !== null;
      if (resync) {
        // Webhooks arrived while this job ran: an incremental job reads what they announced.
        const next = await createSyncJob(tx, { ...connector, sync_cursor: syncCursor }, { trigger: 'webhook', full: false });
        await this.enqueue(tx, job.tenant_id, next.id);
      }
      await tx.connector.update({ where: { tenant_id_id: { tenant_id: job.tenant_id, id: job.connector_id } }, data: { sync_cursor: syncCursor, ...(resync && { resync_requested_at: null }) } });
    });
  }

  /**
   * An attempt failed. While the retry policy allows another (a retryable failure, attempts left),
   * the job is queued again after `retry_delay_seconds` doubled for each attempt made; otherwise it
   * fails and `sync.failed` is emitted with it, in one transaction.
   */
  private async failAttempt(job: SyncJobRecord, connector: ConnectorRecord, token: string, error: unknown): Promise<void> {
    const retryable = error instanceof SourceError ? error.retryable : true;
    const message = error instanceof SourceError || error instanceof PlatformFault ? error.message : 'An unexpected error ended the attempt.';
    if (!(error instanceof SourceError)) this.options.logger.error({ err: error, tenant_id: job.tenant_id, sync_job_id: job.id }, 'sync attempt failed');
    await this.transaction(async (tx) => {
      const current = await this.fenced(tx, job, token);
      if (!current) return;
      if (retryable && current.attempts < current.max_attempts) {
        const nextAttemptAt = new Date(Date.now() + connector.retry_delay_seconds * 1000 * 2 ** (current.attempts - 1));
        await this.emitUpdated(tx, await updateSyncJob(tx, job.tenant_id, job.id, { state: 'queued', next_attempt_at: nextAttemptAt, last_error: message, lease_token: null, lease_expires_at: null }));
        await this.enqueue(tx, job.tenant_id, job.id, nextAttemptAt);
        return;
      }
      const failed = await updateSyncJob(tx, job.tenant_id, job.id, { state: 'failed', finished_at: new Date(), last_error: message, lease_token: null, lease_expires_at: null });
      await this.emitUpdated(tx, failed);
      await emitSyncEvent(this.options.events, tx, 'sync.failed', failed, { type: 'connector', credential_id: job.connector_id });
    });
  }

  /** `sync.job.updated`, in the transaction of the change: live progress for subscribers (and webhooks). */
  private emitUpdated(tx: Prisma.TransactionClient, job: SyncJobRecord): Promise<unknown> {
    return emitSyncEvent(this.options.events, tx, 'sync.job.updated', job, { type: 'connector', credential_id: job.connector_id });
  }

  /** A transaction of the engine; once it commits, the events it emitted go live and their dispatch starts. */
  private transaction<T>(work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
    return transactionThen(this.options.prisma, work, (tx) => this.options.committed(tx));
  }

  /** The job locked for this transaction, if this run still holds it. */
  private async fenced(tx: Prisma.TransactionClient, job: SyncJobRecord, token: string): Promise<SyncJobRecord | undefined> {
    const current = await lockSyncJob(tx, job.tenant_id, job.id);
    return current?.lease_token === token ? current : undefined;
  }
}

/**
 * Writes a page's records RECORD_CONCURRENCY at a time, the records of one order key one after
 * the other (the same record twice in a page must not race its own link), and answers the
 * outcomes in the page's order. A failure of the platform stops starting new writes and is
 * rethrown; writes already under way finish (they are idempotent, and the page is not
 * checkpointed). Cancellation is checked before each write.
 */
async function writeConcurrently(records: readonly SourceRecord[], signal: AbortSignal, { write, orderKey }: Pick<JobPlan, 'write' | 'orderKey'>): Promise<WriteOutcome[]> {
  const groups = new Map<string, number[]>();
  for (const [index, record] of records.entries()) {
    const key = orderKey(record);
    groups.set(key, [...(groups.get(key) ?? []), index]);
  }
  const outcomes: WriteOutcome[] = [];
  await pMap(
    groups.values(),
    async (indices) => {
      for (const index of indices) {
        signal.throwIfAborted();
        outcomes[index] = await write(records[index] as SourceRecord);
      }
    },
    { concurrency: RECORD_CONCURRENCY, signal },
  );
  return outcomes;
}

/**
 * For the event bus's dispatch (registered before it starts, so no dispatched event is missed):
 * in the dispatch's transaction, the connectors of the events' tenants that push one of their
 * types are asked to push; once it commits, `wake` (the engine's scheduler) starts those pushes.
 */
export function pushRequestConsumer(wake: () => void): DispatchConsumer {
  const pushable = new Set<string>(PUSHABLE_EVENT_TYPES);
  return { takes: (type) => pushable.has(type), consume: requestPushes, committed: wake };
}

/** The connectors pushing these events' types are asked to push (a request already standing is kept as it is); whether any was asked now. */
async function requestPushes(tx: Prisma.TransactionClient, events: ReadonlyArray<{ tenant_id: string; type: string }>): Promise<boolean> {
  const pairs = new Map(events.map((event) => [JSON.stringify([event.tenant_id, event.type]), event]));
  let requested = 0;
  for (const { tenant_id: tenantId, type } of pairs.values()) {
    requested += await tx.$executeRaw`
      UPDATE connectors SET push_requested_at = now()
      WHERE tenant_id = ${tenantId} AND push_requested_at IS NULL AND kind = 'rest'
        AND config->'push' @> jsonb_build_array(jsonb_build_object('event_type', ${type}::text))`;
  }
  return requested > 0;
}
