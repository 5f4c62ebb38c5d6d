import type { Db, Prisma, SyncFailure } from '@platform/db';
import { type ListWindow, prismaListPage } from '@platform/graphql-kit';

export type FailureRecord = SyncFailure;

export async function listFailures(db: Db, tenantId: string, syncJobId: string, filter: { resolved?: boolean | null }, window: ListWindow) {
  const where: Prisma.SyncFailureWhereInput = { tenant_id: tenantId, sync_job_id: syncJobId, ...(filter.resolved != null && { resolved_at: filter.resolved ? { not: null } : null }) };
  return prismaListPage(db.syncFailure, where, window);
}

export function findFailure(db: Db, tenantId: string, id: string): Promise<FailureRecord | null> {
  return db.syncFailure.findUnique({ where: { tenant_id_id: { tenant_id: tenantId, id } } });
}

/** The unresolved failed records of a job, oldest first, `limit` after `after` (a failure id). */
export function unresolvedFailures(db: Db, tenantId: string, syncJobId: string, after: string | undefined, limit: number): Promise<FailureRecord[]> {
  return db.syncFailure.findMany({
    where: { tenant_id: tenantId, sync_job_id: syncJobId, resolved_at: null, ...(after !== undefined && { id: { gt: after } }) },
    orderBy: { id: 'asc' },
    take: limit,
  });
}

export function countUnresolvedFailures(db: Db, tenantId: string, syncJobId: string): Promise<number> {
  return db.syncFailure.count({ where: { tenant_id: tenantId, sync_job_id: syncJobId, resolved_at: null } });
}
