import type { Prisma } from '@platform/db';
import type { EventSource, EventsPort } from '@platform/graphql-kit';
import type { SyncJobRecord } from '../repositories/sync-jobs.ts';

/** A sync job as the REST API shows it: the data of its `sync.failed` event. */
export function syncJobRepresentation(job: SyncJobRecord) {
  return {
    id: job.id,
    connector_id: job.connector_id,
    trigger: job.trigger,
    direction: job.direction,
    state: job.state,
    full: job.full,
    replay_of_job_id: job.replay_of_job_id,
    replay_failure_id: job.replay_failure_id,
    mapping_version: job.mapping_version,
    attempts: job.attempts,
    max_attempts: job.max_attempts,
    next_attempt_at: job.next_attempt_at?.toISOString() ?? null,
    records_seen: job.records_seen,
    records_created: job.records_created,
    records_updated: job.records_updated,
    records_unchanged: job.records_unchanged,
    records_failed: job.records_failed,
    last_error: job.last_error,
    cancel_requested_at: job.cancel_requested_at?.toISOString() ?? null,
    version: job.version,
    created_at: job.created_at.toISOString(),
    started_at: job.started_at?.toISOString() ?? null,
    finished_at: job.finished_at?.toISOString() ?? null,
  };
}

/** An event about a sync job (`sync.job.updated`, `sync.failed`), the job as data, in the transaction of the change. */
export function emitSyncEvent(events: EventsPort, tx: Prisma.TransactionClient, type: 'sync.job.updated' | 'sync.failed', job: SyncJobRecord, source: EventSource): Promise<{ id: string }> {
  return events.emit(tx, job.tenant_id, { type, data: syncJobRepresentation(job), resource: { type: 'sync_job', id: job.id } }, source);
}
