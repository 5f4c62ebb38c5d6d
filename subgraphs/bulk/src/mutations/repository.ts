import { type BulkMutation, type BulkMutationStatus, type Db, type Prisma, newId } from '@platform/db';
import { type ListWindow, prismaListPage } from '@platform/graphql-kit';
import { appendLines } from './files.ts';

/** Every function takes the tenant id as a required argument: no query spans tenants. */

export type BulkMutationRecord = BulkMutation;

/** Statuses of a bulk mutation that is not over (the ones the per-tenant bound counts). */
export const ACTIVE_BULK_MUTATION_STATUSES: BulkMutationStatus[] = ['queued', 'running'];

export function listBulkMutations(db: Db, tenantId: string, filter: { status?: BulkMutationStatus | null }, window: ListWindow) {
  return prismaListPage(db.bulkMutation, { tenant_id: tenantId, ...(filter.status != null && { status: filter.status }) }, window);
}

export function findBulkMutation(db: Db, tenantId: string, id: string): Promise<BulkMutationRecord | null> {
  return db.bulkMutation.findUnique({ where: { tenant_id_id: { tenant_id: tenantId, id } } });
}

export function countActiveBulkMutations(db: Db, tenantId: string): Promise<number> {
  return db.bulkMutation.count({ where: { tenant_id: tenantId, status: { in: ACTIVE_BULK_MUTATION_STATUSES } } });
}

export interface NewBulkMutation {
  tenant_id: string;
  mutation: string;
  root_field: string;
  upload_id: string;
  result_file_id: string;
  created_by: string;
  credential_type: string;
  scopes: string[];
  lines_total: number;
  purge_at: Date;
}

export function createBulkMutation(tx: Prisma.TransactionClient, fields: NewBulkMutation): Promise<BulkMutationRecord> {
  return tx.bulkMutation.create({ data: { ...fields, id: newId('bmu') } });
}

/** Locks the bulk mutation's row for the rest of the transaction and returns it. */
export async function lockBulkMutation(tx: Prisma.TransactionClient, tenantId: string, id: string): Promise<BulkMutationRecord | null> {
  const locked = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM bulk_mutations WHERE tenant_id = ${tenantId} AND id = ${id} FOR UPDATE`;
  return locked.length === 0 ? null : findBulkMutation(tx, tenantId, id);
}

/** Claims a queued or running bulk mutation for the attempt holding `token`: the attempt before it, if any, records nothing more. */
export async function claimBulkMutation(db: Db, tenantId: string, id: string, token: string): Promise<BulkMutationRecord | null> {
  const claimed = await db.bulkMutation.updateManyAndReturn({
    where: { tenant_id: tenantId, id, status: { in: ACTIVE_BULK_MUTATION_STATUSES } },
    data: { status: 'running', attempt_token: token },
  });
  const record = claimed[0];
  if (record && record.started_at === null) return db.bulkMutation.update({ where: { tenant_id_id: { tenant_id: tenantId, id } }, data: { started_at: new Date() } });
  return record ?? null;
}

/**
 * Records the outcomes of the next lines: appended to the result file and counted in the progress,
 * in the caller's transaction, fenced by the attempt's token. Also when the bulk mutation was
 * cancelled meanwhile (a cancel keeps the token): the lines of the batch under way did run, and
 * the result file must say so. Returns the status after the write (`cancelled` tells the attempt
 * to stop), or null when the attempt lost the bulk mutation (nothing written).
 */
export async function recordOutcomes(tx: Prisma.TransactionClient, tenantId: string, id: string, token: string, outcomes: { lines: string[]; failed: number }): Promise<BulkMutationStatus | null> {
  const moved = await tx.$queryRaw<Array<{ status: BulkMutationStatus; result_file_id: string }>>`
    UPDATE bulk_mutations SET lines_done = lines_done + ${outcomes.lines.length}, lines_failed = lines_failed + ${outcomes.failed}
    WHERE tenant_id = ${tenantId} AND id = ${id} AND status IN ('running', 'cancelled') AND attempt_token = ${token}
    RETURNING status, result_file_id`;
  const row = moved[0];
  if (!row) return null;
  if (!(await appendLines(tx, tenantId, row.result_file_id, outcomes.lines))) throw new Error(`the result file of bulk mutation ${id} is gone`);
  return row.status;
}

/** Ends the bulk mutation (completed or failed) if this attempt still holds it; null otherwise. Its result file is kept as long as it is. */
export async function endBulkMutation(
  tx: Prisma.TransactionClient,
  tenantId: string,
  id: string,
  token: string,
  end: { status: 'completed' | 'failed'; error?: { code: string; message: string }; purgeAt: Date },
): Promise<BulkMutationRecord | null> {
  const ended = await tx.bulkMutation.updateManyAndReturn({
    where: { tenant_id: tenantId, id, status: 'running', attempt_token: token },
    data: { status: end.status, ...(end.error && { error: end.error }), completed_at: new Date(), purge_at: end.purgeAt, attempt_token: null },
  });
  const record = ended[0];
  if (record) await keepFileUntil(tx, tenantId, record.result_file_id, end.purgeAt);
  return record ?? null;
}

/** Keeps a file at least until `until` (an upload while its bulk mutation may read it; a result file while its bulk mutation is kept). */
export function keepFileUntil(db: Db, tenantId: string, fileId: string, until: Date) {
  return db.$executeRaw`UPDATE bulk_files SET expires_at = GREATEST(expires_at, ${until}) WHERE tenant_id = ${tenantId} AND id = ${fileId}`;
}

/** Deletes up to `limit` bulk mutations past their retention, in every tenant (their files expire with them); how many. */
export function purgeExpiredBulkMutations(db: Db, now: Date, limit: number): Promise<number> {
  return db.$executeRaw`DELETE FROM bulk_mutations WHERE (tenant_id, id) IN (SELECT tenant_id, id FROM bulk_mutations WHERE purge_at <= ${now} LIMIT ${limit})`;
}
