import { type Db, type Export, type ExportFormat, type ExportStatus, type Prisma, newId } from '@platform/db';
import { type ListWindow, prismaListPage } from '@platform/graphql-kit';

/** Every function takes the tenant id as a required argument: no query spans tenants. */

export type ExportRecord = Export;

/** Statuses of an export that is not over. */
export const ACTIVE_EXPORT_STATUSES: ExportStatus[] = ['queued', 'running'];

export function listExports(db: Db, tenantId: string, filter: { status?: ExportStatus | null }, window: ListWindow) {
  return prismaListPage(db.export, { tenant_id: tenantId, ...(filter.status != null && { status: filter.status }) }, window);
}

export function findExport(db: Db, tenantId: string, id: string): Promise<ExportRecord | null> {
  return db.export.findUnique({ where: { tenant_id_id: { tenant_id: tenantId, id } } });
}

export interface NewExport {
  tenant_id: string;
  format: ExportFormat;
  query: string;
  variables: Record<string, unknown>;
  document: string;
  list_field: string;
  data_field: string;
  columns: string[];
  created_by: string;
  credential_type: string;
  scopes: string[];
  total_rows: number | null;
  purge_at: Date;
}

export function createExport(tx: Prisma.TransactionClient, fields: NewExport): Promise<ExportRecord> {
  return tx.export.create({ data: { ...fields, id: newId('exp'), variables: fields.variables as Prisma.InputJsonValue } });
}

/** Locks the export row for the rest of the transaction (`SELECT … FOR UPDATE`) and returns it. */
export async function lockExport(tx: Prisma.TransactionClient, tenantId: string, id: string): Promise<ExportRecord | null> {
  const locked = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM exports WHERE tenant_id = ${tenantId} AND id = ${id} FOR UPDATE`;
  return locked.length === 0 ? null : findExport(tx, tenantId, id);
}

/** Claims a queued or running export for the attempt holding `token`: the attempt before it, if any, writes nothing more. */
export async function claimExport(db: Db, tenantId: string, id: string, token: string): Promise<ExportRecord | null> {
  const claimed = await db.export.updateManyAndReturn({
    where: { tenant_id: tenantId, id, status: { in: ACTIVE_EXPORT_STATUSES } },
    data: { status: 'running', attempt_token: token },
  });
  const record = claimed[0];
  if (record && record.started_at === null) return db.export.update({ where: { tenant_id_id: { tenant_id: tenantId, id } }, data: { started_at: new Date() } });
  return record ?? null;
}

export interface PageWritten {
  content: Uint8Array<ArrayBuffer>;
  rows: number;
  nextCursor: string | null;
  totalRows: number | null;
}

/**
 * Appends a page's chunk and moves the export's progress past it, in one transaction, fenced by the
 * attempt's token: false (nothing written) when the export is no longer this attempt's (cancelled,
 * or taken over after this attempt was thought dead).
 */
export async function appendPage(tx: Prisma.TransactionClient, tenantId: string, id: string, token: string, page: PageWritten): Promise<boolean> {
  const moved = await tx.$queryRaw<Array<{ seq: number }>>`
    UPDATE exports SET rows_written = rows_written + ${page.rows}, byte_size = byte_size + ${page.content.length}, chunk_count = chunk_count + 1,
      next_cursor = ${page.nextCursor}, total_rows = COALESCE(total_rows, ${page.totalRows}::integer)
    WHERE tenant_id = ${tenantId} AND id = ${id} AND status = 'running' AND attempt_token = ${token}
    RETURNING chunk_count - 1 AS seq`;
  const seq = moved[0]?.seq;
  if (seq === undefined) return false;
  await tx.exportChunk.create({ data: { tenant_id: tenantId, export_id: id, seq, content: page.content } });
  return true;
}

/** Ends the export (completed or failed) if this attempt still holds it; null otherwise. */
export async function endExport(tx: Prisma.TransactionClient, tenantId: string, id: string, token: string, end: { status: 'completed' | 'failed'; error?: { code: string; message: string }; purgeAt: Date }): Promise<ExportRecord | null> {
  const ended = await tx.export.updateManyAndReturn({
    where: { tenant_id: tenantId, id, status: 'running', attempt_token: token },
    data: { status: end.status, ...(end.error && { error: end.error }), completed_at: new Date(), purge_at: end.purgeAt, next_cursor: null, attempt_token: null },
  });
  return ended[0] ?? null;
}

/** Reads `count` chunks of an export's file from `fromSeq` on, in order. */
export function readChunks(db: Db, tenantId: string, exportId: string, fromSeq: number, count: number): Promise<Array<{ seq: number; content: Uint8Array }>> {
  return db.exportChunk.findMany({ where: { tenant_id: tenantId, export_id: exportId, seq: { gte: fromSeq, lt: fromSeq + count } }, orderBy: { seq: 'asc' }, select: { seq: true, content: true } });
}

/** Deletes up to `limit` exports (their chunks cascade) whose retention has passed, in every tenant; how many. */
export async function purgeExpired(db: Db, now: Date, limit: number): Promise<number> {
  return db.$executeRaw`DELETE FROM exports WHERE (tenant_id, id) IN (SELECT tenant_id, id FROM exports WHERE purge_at <= ${now} LIMIT ${limit})`;
}
