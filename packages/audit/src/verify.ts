import type { PrismaClient } from '@platform/db';
import { GENESIS_HASH, computeAuditHash } from './record.ts';

export interface AuditChainProblem {
  /** The record at fault, or the first of a missing range. */
  seq: number;
  /**
   * `edited`: the record's fields no longer match its hash. `missing`: records of the chain are
   * gone (a gap, or a deleted tail behind the chain head). `broken_link`: the record does not
   * follow its predecessor (its predecessor was replaced and rehashed, or it was inserted past
   * the chain head), or the chain head does not end at the last record.
   */
  kind: 'edited' | 'missing' | 'broken_link';
  detail: string;
}

export interface AuditChainReport {
  tenantId: string;
  /** Records read. */
  records: number;
  ok: boolean;
  problems: AuditChainProblem[];
  /** The chain head: its last sequence number and hash (0 and null when the tenant has no chain). */
  lastSeq: number;
  lastHash: string | null;
}

const PAGE_SIZE = 2000;

/**
 * Walks each tenant's chain (one tenant, or every tenant with records or a chain head) and
 * recomputes every hash. Finds edited records, deleted records (gaps, and a deleted tail through
 * the head's `last_seq`) and records that do not link to their predecessor. A full rewrite of a
 * chain's tail, hashes and head included, is not detectable from the database alone: compare
 * `lastHash` with a value recorded earlier elsewhere to rule it out.
 */
export async function verifyAuditChain(prisma: PrismaClient, tenantId?: string): Promise<AuditChainReport[]> {
  const tenants = tenantId !== undefined ? [tenantId] : await chainTenants(prisma);
  const reports: AuditChainReport[] = [];
  for (const tenant of tenants) reports.push(await verifyTenant(prisma, tenant));
  return reports;
}

async function chainTenants(prisma: PrismaClient): Promise<string[]> {
  const rows = await prisma.$queryRaw<{ tenant_id: string }[]>`
    SELECT tenant_id FROM audit_chain_heads UNION SELECT DISTINCT tenant_id FROM audit_records ORDER BY 1`;
  return rows.map((row) => row.tenant_id);
}

function range(first: bigint, last: bigint): string {
  return first === last ? `record ${first} is missing` : `records ${first} to ${last} are missing`;
}

async function verifyTenant(prisma: PrismaClient, tenantId: string): Promise<AuditChainReport> {
  const head = await prisma.auditChainHead.findUnique({ where: { tenant_id: tenantId } });
  const problems: { seq: bigint; kind: AuditChainProblem['kind']; detail: string }[] = [];
  let count = 0;
  let expected = 1n;
  let previousHash = GENESIS_HASH;

  for (;;) {
    const page = await prisma.auditRecord.findMany({ where: { tenant_id: tenantId, seq: { gte: expected } }, orderBy: { seq: 'asc' }, take: PAGE_SIZE });
    for (const record of page) {
      count += 1;
      if (record.seq > expected) {
        problems.push({ seq: expected, kind: 'missing', detail: `${range(expected, record.seq - 1n)} (deleted from the middle of the chain)` });
      } else if (record.prev_hash !== previousHash) {
        problems.push({
          seq: record.seq,
          kind: 'broken_link',
          detail: record.seq === 1n ? 'prev_hash of the first record is not the genesis hash' : `prev_hash does not match the hash of record ${record.seq - 1n}: that record was replaced or rehashed`,
        });
      }
      if (computeAuditHash(record.prev_hash, record) !== record.hash) {
        problems.push({ seq: record.seq, kind: 'edited', detail: 'the stored fields do not match the record hash: the record was changed after it was written' });
      }
      if (head && record.seq > head.last_seq) {
        problems.push({ seq: record.seq, kind: 'broken_link', detail: `the record lies past the chain head (last_seq ${head.last_seq}): it was not appended through the chain` });
      }
      previousHash = record.hash;
      expected = record.seq + 1n;
    }
    if (page.length < PAGE_SIZE) break;
  }

  const lastSeen = expected - 1n;
  if (head) {
    if (head.last_seq > lastSeen) {
      problems.push({ seq: lastSeen + 1n, kind: 'missing', detail: `${range(lastSeen + 1n, head.last_seq)} (deleted from the end of the chain; the head is at ${head.last_seq})` });
    } else if (head.last_seq === lastSeen && head.last_hash !== previousHash) {
      problems.push({ seq: lastSeen, kind: 'broken_link', detail: 'the chain head hash does not match the hash of the last record' });
    }
  } else if (count > 0) {
    problems.push({ seq: lastSeen, kind: 'broken_link', detail: 'the tenant has records but no chain head: the head was deleted' });
  }

  problems.sort((a, b) => (a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0));
  return {
    tenantId,
    records: count,
    ok: problems.length === 0,
    problems: problems.map((problem) => ({ seq: Number(problem.seq), kind: problem.kind, detail: problem.detail })),
    lastSeq: Number(head?.last_seq ?? 0n),
    lastHash: head && head.last_seq > 0n ? head.last_hash : null,
  };
}
