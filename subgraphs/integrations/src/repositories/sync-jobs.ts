import { type Connector, type Db, type Prisma, type SyncJob, type SyncJobState, newId } from '@platform/db';
import { type ListWindow, prismaListPage } from '@platform/graphql-kit';

export type SyncJobRecord = SyncJob;

/** States of a job that is not over. */
export const ACTIVE_STATES: SyncJobState[] = ['queued', 'running'];

export async function listSyncJobs(db: Db, tenantId: string, filter: { connector_id?: string | null; state?: SyncJobState | null }, window: ListWindow) {
  const where: Prisma.SyncJobWhereInput = { tenant_id: tenantId, ...(filter.connector_id != null && { connector_id: filter.connector_id }), ...(filter.state != null && { state: filter.state }) };
  return prismaListPage(db.syncJob, where, window);
}

export function findSyncJob(db: Db, tenantId: string, id: string): Promise<SyncJobRecord | null> {
  return db.syncJob.findUnique({ where: { tenant_id_id: { tenant_id: tenantId, id } } });
}

/** Locks the job row for the rest of the transaction (`SELECT … FOR UPDATE`) and returns it. */
export async function lockSyncJob(tx: Prisma.TransactionClient, tenantId: string, id: string): Promise<SyncJobRecord | null> {
  const locked = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM sync_jobs WHERE tenant_id = ${tenantId} AND id = ${id} FOR UPDATE`;
  if (locked.length === 0) return null;
  return findSyncJob(tx, tenantId, id);
}

/** The connector's job that is queued or running, if any (at most one is, see the sync resolvers). */
export function activeSyncJob(db: Db, tenantId: string, connectorId: string): Promise<SyncJobRecord | null> {
  return db.syncJob.findFirst({ where: { tenant_id: tenantId, connector_id: connectorId, state: { in: ACTIVE_STATES } } });
}

/**
 * A new job of a connector, with the connector's current mapping version and retry policy. An
 * inbound job reads from where its last sync ended, an outbound one (a push) from where its last
 * push ended; from the beginning when `full`, from `cursor` when given (a window re-run); a replay
 * reads no source, an import its upload.
 */
export function createSyncJob(
  tx: Prisma.TransactionClient,
  connector: Pick<Connector, 'tenant_id' | 'id' | 'mapping_version' | 'retry_max_attempts' | 'sync_cursor' | 'push_cursor'>,
  job: Pick<SyncJob, 'trigger' | 'full'> & Partial<Pick<SyncJob, 'direction' | 'replay_of_job_id' | 'replay_failure_id' | 'upload_id' | 'since' | 'cursor'>>,
): Promise<SyncJobRecord> {
  const connectorCursor = job.direction === 'outbound' ? connector.push_cursor : connector.sync_cursor;
  return tx.syncJob.create({
    data: {
      tenant_id: connector.tenant_id,
      id: newId('sync'),
      connector_id: connector.id,
      ...job,
      mapping_version: connector.mapping_version,
      max_attempts: connector.retry_max_attempts,
      // A replay reads failed records, an import its file from the start, a window re-run from its own cursor.
      cursor: job.trigger === 'replay' || job.full || job.upload_id ? null : (job.cursor ?? connectorCursor),
    },
  });
}

/** Applies `changes` and increments the version. */
export function updateSyncJob(tx: Prisma.TransactionClient, tenantId: string, id: string, changes: Prisma.SyncJobUncheckedUpdateInput): Promise<SyncJobRecord> {
  return tx.syncJob.update({ where: { tenant_id_id: { tenant_id: tenantId, id } }, data: { ...changes, version: { increment: 1 } } });
}
