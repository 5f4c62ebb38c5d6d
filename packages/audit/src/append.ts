import { type Db, type Prisma, inTransaction } from '@platform/db';
import { type AuditEntry, type AuditRecordFields, type ChainedAuditRecord, GENESIS_HASH, computeAuditHash, normalizeAuditEntry } from './record.ts';

/** A Prisma interactive transaction, or the client itself (then the append runs in a transaction of its own). */
export type AuditDatabase = Db;

/**
 * Appends records to their tenants' chains. Inside a caller's interactive transaction
 * (`prisma.$transaction(async (tx) => { ...write...; await appendAuditRecords(tx, [...]) })`) the
 * records commit or roll back with the caller's writes. Given the client itself, it opens a
 * transaction of its own.
 *
 * Each tenant's chain head is locked (insert-if-missing, then SELECT ... FOR UPDATE, in tenant
 * order so appenders never deadlock) until the transaction ends: appends to one chain are
 * serialised across transactions and processes. Call it as the last statement of a transaction,
 * so the lock is held only for the commit. Three statements whatever the number of records and
 * tenants. Returns the stored records in the order given.
 */
export async function appendAuditRecords(db: AuditDatabase, entries: readonly AuditEntry[]): Promise<ChainedAuditRecord[]> {
  return appendNormalizedAuditRecords(db, entries.map(normalizeAuditEntry));
}

/** {@link appendAuditRecords} for records already in their stored form (normalizeAuditEntry). */
export async function appendNormalizedAuditRecords(db: AuditDatabase, records: readonly AuditRecordFields[]): Promise<ChainedAuditRecord[]> {
  if (records.length === 0) return [];
  return inTransaction(db, (tx) => appendInTransaction(tx, records));
}

interface HeadRow {
  tenant_id: string;
  last_seq: bigint;
  last_hash: string;
}

async function appendInTransaction(tx: Prisma.TransactionClient, records: readonly AuditRecordFields[]): Promise<ChainedAuditRecord[]> {
  // Code-unit order in JS and COLLATE "C" in SQL: every appender locks heads in the same order.
  const tenants = [...new Set(records.map((record) => record.tenant_id))].sort();
  await tx.$executeRaw`
    INSERT INTO audit_chain_heads (tenant_id, last_seq, last_hash)
    SELECT tenant_id, 0, ${GENESIS_HASH} FROM unnest(${tenants}::text[]) AS t(tenant_id)
    ON CONFLICT (tenant_id) DO NOTHING`;
  const rows = await tx.$queryRaw<HeadRow[]>`
    SELECT tenant_id, last_seq, last_hash FROM audit_chain_heads
    WHERE tenant_id = ANY(${tenants}::text[])
    ORDER BY tenant_id COLLATE "C"
    FOR UPDATE`;
  const heads = new Map(rows.map((row) => [row.tenant_id, { seq: BigInt(row.last_seq), hash: row.last_hash }]));

  const chained = records.map((record): ChainedAuditRecord => {
    const head = heads.get(record.tenant_id);
    if (!head) throw new Error(`audit chain head of ${record.tenant_id} was not found after its insert`);
    const seq = head.seq + 1n;
    const hash = computeAuditHash(head.hash, { ...record, seq });
    const stored = { ...record, seq, prev_hash: head.hash, hash };
    head.seq = seq;
    head.hash = hash;
    return stored;
  });

  const column = <K extends keyof ChainedAuditRecord>(key: K) => chained.map((record) => record[key]);
  const finalHeads = [...heads].map(([tenantId, head]) => ({ tenantId, seq: head.seq.toString(), hash: head.hash }));
  // One statement inserts the records and moves the heads (a data-modifying CTE always runs).
  await tx.$executeRaw`
    WITH inserted AS (
      INSERT INTO audit_records (tenant_id, seq, occurred_at, request_id, surface, action, method, path, operation_name,
                                 status, duration_ms, actor_type, actor_id, credential_id, client_address, resource_id, prev_hash, hash)
      SELECT * FROM unnest(
        ${column('tenant_id')}::text[], ${chained.map((record) => record.seq.toString())}::bigint[],
        ${chained.map((record) => record.occurred_at.toISOString())}::timestamptz[], ${column('request_id')}::text[],
        ${column('surface')}::text[], ${column('action')}::text[], ${column('method')}::text[], ${column('path')}::text[],
        ${column('operation_name')}::text[], ${column('status')}::integer[], ${column('duration_ms')}::double precision[],
        ${column('actor_type')}::text[], ${column('actor_id')}::text[], ${column('credential_id')}::text[],
        ${column('client_address')}::text[], ${column('resource_id')}::text[], ${column('prev_hash')}::text[], ${column('hash')}::text[])
    )
    UPDATE audit_chain_heads AS h SET last_seq = v.last_seq, last_hash = v.last_hash, updated_at = CURRENT_TIMESTAMP
    FROM unnest(${finalHeads.map((head) => head.tenantId)}::text[], ${finalHeads.map((head) => head.seq)}::bigint[], ${finalHeads.map((head) => head.hash)}::text[])
      AS v(tenant_id, last_seq, last_hash)
    WHERE h.tenant_id = v.tenant_id`;
  return chained;
}
