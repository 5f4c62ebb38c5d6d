import { ApiError } from '@platform/errors';
import {
  type RestRoutes,
  type SubgraphBuilder,
  type SubgraphContext,
  inputRules,
  listEnvelope,
  listOrder,
  listWindow,
  paginationArgs,
  parseInput,
  sortArg,
  eventSourceOf,
} from '@platform/graphql-kit';
import { z } from 'zod';
import type { Prisma } from '@platform/db';
import { type ConnectorRecord, lockConnector } from '../repositories/connectors.ts';
import { type FailureRecord, countUnresolvedFailures, findFailure, listFailures } from '../repositories/failures.ts';
import { ACTIVE_STATES, type SyncJobRecord, activeSyncJob, createSyncJob, findSyncJob, listSyncJobs, lockSyncJob, updateSyncJob } from '../repositories/sync-jobs.ts';
import { notFoundSyncJob, validationFailed } from './errors.ts';
import type { MappingErrorRef, RecordErrorShape } from './mappings.ts';
import { CONNECTOR_KINDS, type ConnectorKind } from '../connectors/kinds.ts';
import { findReadyUpload } from '../repositories/uploads.ts';
import { emitSyncEvent } from '../sync/representation.ts';
import { startSyncRules } from './rules.ts';

export const SYNC_SCOPES = ['sync:read', 'sync:write'];
const JOB_SORT_KEYS = { created_at: 'timestamp' } as const;
const FAILURE_SORT_KEYS = { created_at: 'timestamp' } as const;
const DEFAULT_JOB_SORT = '-created_at';
const DEFAULT_FAILURE_SORT = 'created_at';

const replayRules = z.object({ failure_id: z.string().min(1).max(100).nullish() });

/** Sync jobs: start, follow (counters while running), cancel, and the records they could not write, replayed after a fix. */
export function defineSyncJobSchema(builder: SubgraphBuilder, MappingError: MappingErrorRef) {
  const SyncJobStateEnum = builder.enumType('SyncJobState', {
    description: 'Where a sync job is.',
    values: {
      queued: { description: 'Waiting to run: just started, or an attempt failed and the next is due at `next_attempt_at`.' },
      running: { description: 'Reading the source and writing records; the counters move page by page.' },
      succeeded: { description: 'Every record was read and written (or found unchanged).' },
      partially_failed: { description: 'Every record was read; `records_failed` of them could not be written (see the job’s failed records).' },
      failed: { description: 'The source or the platform failed and the retry policy is exhausted (`last_error` says why); `sync.failed` was emitted.' },
      cancelled: { description: 'Cancelled through the API; records written before stay.' },
    } as const,
  });
  const SyncJobTriggerEnum = builder.enumType('SyncJobTrigger', {
    description: 'What started a job.',
    values: {
      manual: { description: 'A client started it (`start_sync`).' },
      schedule: { description: 'The connector’s schedule (`schedule_cron`); it reads incrementally.' },
      webhook: { description: 'A verified webhook of the connector’s system announced a change (Shopify: `POST /v1/connectors/{id}/webhooks/shopify`); it reads incrementally.' },
      replay: { description: 'A client replayed failed records of an earlier job (`replay_sync_failures`).' },
      event: { description: 'An event the connector pushes was recorded (an invoice issued, paid, …): a push of the events since its last push.' },
    } as const,
  });
  const SyncJobDirectionEnum = builder.enumType('SyncJobDirection', {
    description: 'Which way a job moves records.',
    values: {
      inbound: { description: 'Records read from the connector’s system are written to the platform through its own mutations.' },
      outbound: { description: 'A push: the tenant’s events of the types the connector’s `push` rules name are sent to its system, one request each.' },
    } as const,
  });

  const SyncFailure = builder.objectRef<FailureRecord>('SyncFailure').implement({
    description: 'A record a sync could not write, with the source payload as read, the errors and the mapping version used.',
    authScopes: { anyScope: SYNC_SCOPES },
    fields: (t) => ({
      id: t.exposeString('id', { description: 'Failed record identifier (`sfr_…`).' }),
      sync_job_id: t.exposeString('sync_job_id', { description: 'The job that could not write it.' }),
      connector_id: t.exposeString('connector_id', { description: 'The connector.' }),
      stream: t.exposeString('stream', { description: 'The stream it came from.' }),
      external_id: t.exposeString('external_id', { description: 'Its id in the source.' }),
      payload: t.field({ type: 'JSON', resolve: (failure) => failure.payload, description: 'The record as the source sent it.' }),
      errors: t.field({ type: [MappingError], resolve: (failure) => failure.errors as unknown as RecordErrorShape[], description: 'Why it could not be written.' }),
      mapping_version: t.exposeInt('mapping_version', { description: 'The mapping version used.' }),
      resolved_at: t.expose('resolved_at', { type: 'DateTime', nullable: true, description: 'When a replay wrote it (or found it written); null while unresolved.' }),
      resolved_by_job: t.exposeString('resolved_by_job', { nullable: true, description: 'The replay job that resolved it.' }),
      created_at: t.expose('created_at', { type: 'DateTime', description: 'When the failure was recorded.' }),
    }),
  });

  const SyncJob = builder.objectRef<SyncJobRecord>('SyncJob').implement({
    description: 'One run of a connector (or a replay of failed records): its state, its counters (updated page by page while it runs) and its outcome.',
    authScopes: { anyScope: SYNC_SCOPES },
    fields: (t) => ({
      id: t.exposeString('id', { description: 'Sync job identifier (`sync_…`).' }),
      connector_id: t.exposeString('connector_id', { description: 'The connector (`con_…`).' }),
      trigger: t.field({ type: SyncJobTriggerEnum, resolve: (job) => job.trigger, description: '`manual`, `schedule`, `webhook`, `replay` or `event`.' }),
      direction: t.field({ type: SyncJobDirectionEnum, resolve: (job) => job.direction, description: '`inbound` (a sync into the platform) or `outbound` (a push of events to the connector’s system).' }),
      state: t.field({ type: SyncJobStateEnum, resolve: (job) => job.state, description: 'Where the job is.' }),
      full: t.exposeBoolean('full', { description: 'Whether it reads the source from the beginning rather than from where the last sync ended.' }),
      upload_id: t.exposeString('upload_id', { nullable: true, description: 'A CSV import: the uploaded file it reads (`upl_…`).' }),
      since: t.expose('since', { type: 'DateTime', nullable: true, description: 'A re-run of a window: it reads the records changed since this instant.' }),
      replay_of_job_id: t.exposeString('replay_of_job_id', { nullable: true, description: 'A replay: the job whose failed records it writes again.' }),
      replay_failure_id: t.exposeString('replay_failure_id', { nullable: true, description: 'A replay of one failed record: that record.' }),
      mapping_version: t.exposeInt('mapping_version', { description: 'The mapping version it uses (the connector’s current one when it was started).' }),
      attempts: t.exposeInt('attempts', { description: 'Attempts started.' }),
      max_attempts: t.exposeInt('max_attempts', { description: 'Attempts its retry policy allows in all.' }),
      next_attempt_at: t.expose('next_attempt_at', { type: 'DateTime', nullable: true, description: 'When the next attempt is due after a failed one; null otherwise.' }),
      records_seen: t.exposeInt('records_seen', { description: 'Records read so far.' }),
      records_created: t.exposeInt('records_created', { description: 'Records that created a platform record.' }),
      records_updated: t.exposeInt('records_updated', { description: 'Records that changed the platform record they had created.' }),
      records_unchanged: t.exposeInt('records_unchanged', { description: 'Records already written as they are (or skipped by the mapping’s filter).' }),
      records_failed: t.exposeInt('records_failed', { description: 'Records that could not be written: see the job’s failed records.' }),
      last_error: t.exposeString('last_error', { nullable: true, description: 'Why the last attempt failed (never a secret).' }),
      cancel_requested_at: t.expose('cancel_requested_at', { type: 'DateTime', nullable: true, description: 'When cancellation was asked.' }),
      version: t.exposeInt('version', { description: 'Incremented by every change of the job (each page it writes too).' }),
      created_at: t.expose('created_at', { type: 'DateTime', description: 'When it was started.' }),
      started_at: t.expose('started_at', { type: 'DateTime', nullable: true, description: 'When its first attempt began.' }),
      finished_at: t.expose('finished_at', { type: 'DateTime', nullable: true, description: 'When it ended (succeeded, partially failed, failed or cancelled).' }),
    }),
  });

  const SyncJobList = listEnvelope(builder, 'SyncJobList', SyncJob);
  const SyncFailureList = listEnvelope(builder, 'SyncFailureList', SyncFailure);

  const StartSyncInput = builder.inputType('StartSyncInput', {
    extensions: inputRules(startSyncRules),
    description: 'The connector to sync.',
    fields: (t) => ({
      connector_id: t.string({ required: true, description: 'The connector (`con_…`); an inbound job needs its mapping, an outbound one its `push` rules.' }),
      direction: t.field({
        type: SyncJobDirectionEnum,
        required: false,
        description: '`inbound` (default): read the connector’s system into the platform. `outbound`: push the events its `push` rules name, since its last push (from the start of the event log with `full`, from an instant with `since`); events pushed already are not sent again.',
      }),
      full: t.boolean({ required: false, description: 'Read the source from the beginning (default false: from where the last successful sync ended). Records already written are found unchanged, never written twice.' }),
      upload_id: t.string({ required: false, description: 'A csv connector: the upload to import (`upl_…`, from `POST /v1/connectors/{id}/uploads`; whole and not expired). Required for a csv connector, refused for the others.' }),
      since: t.field({
        type: 'DateTime',
        required: false,
        description: 'Re-run a window: read the records changed since this instant (not in the future; not with `full`), whatever the connector’s cursor says. Records found as written are unchanged; the changed ones are written again. For connectors that read change times (Shopify; REST with `incremental`).',
      }),
    }),
  });
  const ReplaySyncFailuresInput = builder.inputType('ReplaySyncFailuresInput', {
    extensions: inputRules(replayRules),
    description: 'Which failed records to replay.',
    fields: (t) => ({ failure_id: t.string({ required: false, description: 'One failed record (`sfr_…`) of the job; default: every unresolved one.' }) }),
  });

  builder.queryFields((t) => ({
    sync_jobs: t.field({
      type: SyncJobList,
      description: 'Sync jobs, newest first by default.',
      authScopes: { scope: 'sync:read' },
      args: {
        connector_id: t.arg.string({ required: false, description: 'Only jobs of this connector.' }),
        state: t.arg({ type: SyncJobStateEnum, required: false, description: 'Only jobs in this state.' }),
        sort: sortArg(t.arg, Object.keys(JOB_SORT_KEYS), DEFAULT_JOB_SORT),
        ...paginationArgs(t),
      },
      resolve: (_root, args, { prisma, principal }, info) => listSyncJobs(prisma, principal.tenantId, args, listWindow(args, 'sync_jobs', listOrder(args.sort, JOB_SORT_KEYS, DEFAULT_JOB_SORT), info)),
    }),
    sync_job: t.field({
      type: SyncJob,
      description: 'One sync job by id, with its counters as of now.',
      authScopes: { scope: 'sync:read' },
      args: { id: t.arg.string({ required: true, description: 'The job id (`sync_…`).' }) },
      resolve: async (_root, { id }, { prisma, principal }) => (await findSyncJob(prisma, principal.tenantId, id)) ?? Promise.reject(notFoundSyncJob(id)),
    }),
    sync_failures: t.field({
      type: SyncFailureList,
      description: 'The records a job could not write, oldest first by default.',
      authScopes: { scope: 'sync:read' },
      args: {
        sync_job_id: t.arg.string({ required: true, description: 'The job (`sync_…`).' }),
        resolved: t.arg.boolean({ required: false, description: 'Only resolved (true) or unresolved (false) ones.' }),
        sort: sortArg(t.arg, Object.keys(FAILURE_SORT_KEYS), DEFAULT_FAILURE_SORT),
        ...paginationArgs(t),
      },
      resolve: async (_root, args, { prisma, principal }, info) => {
        const window = listWindow(args, 'sync_failures', listOrder(args.sort, FAILURE_SORT_KEYS, DEFAULT_FAILURE_SORT), info);
        if (!(await findSyncJob(prisma, principal.tenantId, args.sync_job_id))) throw notFoundSyncJob(args.sync_job_id);
        return listFailures(prisma, principal.tenantId, args.sync_job_id, args, window);
      },
    }),
  }));

  /** Starts a job of a locked connector, refusing while another of its jobs is queued or running (one at a time per connector). */
  async function startJob(
    context: SubgraphContext,
    action: string,
    connectorId: string,
    job: Pick<SyncJobRecord, 'trigger' | 'full' | 'direction'> & Partial<Pick<SyncJobRecord, 'replay_of_job_id' | 'replay_failure_id' | 'upload_id' | 'since'>>,
  ): Promise<SyncJobRecord> {
    const { tenantId } = context.principal;
    return context.audit.recordChange(
      action,
      async (tx) => {
        const connector = await lockConnector(tx, tenantId, connectorId);
        // A reference in the body: another tenant's connector is as unknown as one that does not exist.
        if (!connector) throw validationFailed([{ field: 'connector_id', message: `names no connector of this tenant` }], false);
        if (job.direction === 'outbound') {
          if ((CONNECTOR_KINDS[connector.kind] as ConnectorKind).pushRulesOf(connector.config as object).length === 0) {
            throw validationFailed([{ field: 'direction', message: `connector ${connectorId} pushes no events: give its config push rules first` }], false);
          }
          if (job.upload_id) throw validationFailed([{ field: 'upload_id', message: 'a push reads the event log, not an upload' }], false);
        } else {
          if (connector.mapping_version === 0) throw validationFailed([{ field: 'connector_id', message: `connector ${connectorId} has no field mapping yet: save one first` }], false);
          if (job.trigger !== 'replay') await checkUpload(tx, connector, job.upload_id ?? null);
        }
        // A push's cursor is an event time: a window is its instant.
        const windowCursor = !job.since ? undefined : job.direction === 'outbound' ? job.since.toISOString() : cursorOfWindow(connector, job.since);
        const active = await activeSyncJob(tx, tenantId, connectorId);
        if (active) throw new ApiError('invalid_state', `Sync job ${active.id} of connector ${connectorId} is ${active.state}: one job of a connector runs at a time.`, { current_status: active.state });
        const created = await createSyncJob(tx, connector, { ...job, ...(windowCursor !== undefined && { cursor: windowCursor }) });
        await context.platform.sync.enqueue(tx, tenantId, created.id);
        return created;
      },
      (created) => created.id,
    );
  }

  /** A csv connector imports one of its uploads (whole, unexpired); the other kinds read their system and take none. */
  async function checkUpload(tx: Prisma.TransactionClient, connector: ConnectorRecord, uploadId: string | null): Promise<void> {
    if (connector.kind !== 'csv') {
      if (uploadId !== null) throw validationFailed([{ field: 'upload_id', message: `connector ${connector.id} is of kind ${connector.kind}: only csv connectors import uploads` }], false);
      return;
    }
    if (uploadId === null) throw validationFailed([{ field: 'upload_id', message: `is required: csv connector ${connector.id} imports an uploaded file (POST /v1/connectors/${connector.id}/uploads)` }], false);
    if (!(await findReadyUpload(tx, connector.tenant_id, connector.id, uploadId))) throw validationFailed([{ field: 'upload_id', message: `names no upload of connector ${connector.id} that is whole and not expired` }], false);
  }

  /** The cursor of a window re-run, in the connector kind's own format. */
  function cursorOfWindow(connector: ConnectorRecord, since: Date): string {
    const cursor = (CONNECTOR_KINDS[connector.kind] as ConnectorKind).cursorSince(connector.config as object, since);
    if (cursor === undefined) {
      throw validationFailed([{ field: 'since', message: `connector ${connector.id} reads no change times (a csv connector, or a REST one without incremental): run it in full instead` }], false);
    }
    return cursor;
  }

  builder.mutationFields((t) => ({
    start_sync: t.field({
      type: SyncJob,
      description: 'Starts a sync job of a connector with its current mapping, from where its last successful sync ended (from the beginning with `full`, from an instant with `since`); a csv connector’s job imports the upload named by `upload_id`; `direction: outbound` starts a push of its events instead. One job of a connector runs at a time: while one is queued or running, `invalid_state`.',
      authScopes: { scope: 'sync:write' },
      args: { input: t.arg({ type: StartSyncInput, required: true, description: 'The connector (REST: the JSON body).' }) },
      resolve: (_root, { input }, context) => {
        const data = parseInput(startSyncRules, input);
        return startJob(context, 'sync_job.start', data.connector_id, { trigger: 'manual', direction: data.direction ?? 'inbound', full: data.full ?? false, upload_id: data.upload_id ?? null, since: data.since ?? null });
      },
    }),
    cancel_sync: t.field({
      type: SyncJob,
      description: 'Cancels a queued or running job (any other state: `invalid_state`). A queued job is cancelled at once; a running one stops at its next record, keeping what it wrote.',
      authScopes: { scope: 'sync:write' },
      args: { id: t.arg.string({ required: true, description: 'The job id.' }) },
      resolve: async (_root, { id }, context) => {
        const { tenantId } = context.principal;
        const cancelled = await context.audit.recordChange(
          'sync_job.cancel',
          async (tx) => {
            const job = await lockSyncJob(tx, tenantId, id);
            if (!job) throw notFoundSyncJob(id);
            if (!ACTIVE_STATES.includes(job.state)) throw new ApiError('invalid_state', `Sync job ${id} is ${job.state}; only a queued or running job can be cancelled.`, { current_status: job.state });
            const now = new Date();
            if (job.state === 'running') return updateSyncJob(tx, tenantId, id, { cancel_requested_at: now });
            const cancelled = await updateSyncJob(tx, tenantId, id, { state: 'cancelled', cancel_requested_at: now, finished_at: now, next_attempt_at: null });
            await emitSyncEvent(context.platform.events, tx, 'sync.job.updated', cancelled, eventSourceOf(context));
            return cancelled;
          },
          () => id,
        );
        context.platform.sync.interrupt(tenantId, id);
        return cancelled;
      },
    }),
    replay_sync_failures: t.field({
      type: SyncJob,
      description:
        'Starts a replay job (trigger `replay`) that writes a job’s unresolved failed records again with the connector’s current mapping (after you fixed it), from their stored payloads: every one, or one (`failure_id`). A record already written is found unchanged, never written twice. Each record written is marked resolved; one that fails again is kept as a failure of the replay job.',
      authScopes: { scope: 'sync:write' },
      args: { id: t.arg.string({ required: true, description: 'The job whose failed records to replay.' }), input: t.arg({ type: ReplaySyncFailuresInput, required: false, description: 'Which records (REST: the JSON body, optional).' }) },
      resolve: async (_root, { id, input }, context) => {
        const { failure_id: failureId } = parseInput(replayRules, input ?? {});
        const { prisma, principal } = context;
        const job = await findSyncJob(prisma, principal.tenantId, id);
        if (!job) throw notFoundSyncJob(id);
        if (failureId) {
          const failure = await findFailure(prisma, principal.tenantId, failureId);
          if (failure?.sync_job_id !== id) throw validationFailed([{ field: 'failure_id', message: `names no failed record of job ${id}` }], false);
          if (failure.resolved_at) throw new ApiError('invalid_state', `Failed record ${failureId} was resolved by job ${failure.resolved_by_job}.`, { current_status: 'resolved' });
        } else if ((await countUnresolvedFailures(prisma, principal.tenantId, id)) === 0) {
          throw new ApiError('invalid_state', `Job ${id} has no unresolved failed records to replay.`, { current_status: job.state });
        }
        return startJob(context, 'sync_job.replay', job.connector_id, { trigger: 'replay', direction: job.direction, full: false, replay_of_job_id: id, replay_failure_id: failureId ?? null });
      },
    }),
  }));

  return { SyncJobStateEnum, SyncJobTriggerEnum, SyncJobDirectionEnum };
}

export const syncJobRestRoutes: RestRoutes = {
  'Query.sync_jobs': { method: 'GET', path: '/sync/jobs', tags: ['Sync'] },
  'Mutation.start_sync': { method: 'POST', path: '/sync/jobs', responseStatus: 201, tags: ['Sync'] },
  'Query.sync_job': { method: 'GET', path: '/sync/jobs/:id', tags: ['Sync'] },
  'Mutation.cancel_sync': { method: 'POST', path: '/sync/jobs/:id/cancel', tags: ['Sync'] },
  'Mutation.replay_sync_failures': { method: 'POST', path: '/sync/jobs/:id/replay', responseStatus: 201, tags: ['Sync'] },
  'Query.sync_failures': { method: 'GET', path: '/sync/jobs/:sync_job_id/failures', tags: ['Sync'] },
};
