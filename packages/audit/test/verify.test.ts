// Tamper detection. The append-only trigger refuses UPDATE and DELETE, so each tampering first does
// what only the table's owner or a superuser can: disable the trigger (and re-enable it before the
// tampering commits, so other tests see the trigger in force).
import { createPrismaClient, migrateDatabase, type PrismaClient } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEntry, appendAuditRecords, verifyAuditChain } from '../src/index.ts';

let database: FreshDatabase;
let prisma: PrismaClient;

function entry(tenantId: string, index: number): AuditEntry {
  return {
    tenantId,
    requestId: `req_${index}`,
    surface: 'rest',
    action: 'PATCH /v1/inventory/items/:id',
    method: 'PATCH',
    path: `/v1/inventory/items/SKU-${index}`,
    status: 200,
    durationMs: 3.5,
    actor: { type: 'api_key', id: 'key_1', credentialId: 'key_1' },
    clientAddress: '10.0.0.7',
  };
}

/** Ten records for a fresh tenant. */
async function chain(tenantId: string): Promise<void> {
  await appendAuditRecords(prisma, Array.from({ length: 10 }, (_, i) => entry(tenantId, i + 1)));
  expect((await verifyAuditChain(prisma, tenantId))[0]!.ok).toBe(true);
}

/** Runs SQL with the append-only trigger disabled, as an attacker holding the table owner's role could. */
async function tamper(sql: string, values: unknown[]): Promise<number> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('ALTER TABLE audit_records DISABLE TRIGGER audit_records_append_only');
    const result = await client.query(sql, values);
    await client.query('ALTER TABLE audit_records ENABLE TRIGGER audit_records_append_only');
    await client.query('COMMIT');
    return result.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  database = await freshDatabase({ prefix: 'audit_verify' });
  await migrateDatabase(database.url);
  prisma = createPrismaClient(database.url, 5);
});

afterAll(async () => {
  await prisma?.$disconnect();
  await database?.dispose();
});

describe('verifyAuditChain', () => {
  it('reports an intact chain, and a tenant without records as intact and empty', async () => {
    await chain('ten_intact');
    expect(await verifyAuditChain(prisma, 'ten_intact')).toEqual([{ tenantId: 'ten_intact', records: 10, ok: true, problems: [], lastSeq: 10, lastHash: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    expect(await verifyAuditChain(prisma, 'ten_nobody')).toEqual([{ tenantId: 'ten_nobody', records: 0, ok: true, problems: [], lastSeq: 0, lastHash: null }]);
  });

  it('finds a record whose field was edited', async () => {
    await chain('ten_edited');
    expect(await tamper('UPDATE audit_records SET status = 204 WHERE tenant_id = $1 AND seq = 5', ['ten_edited'])).toBe(1);
    const [report] = await verifyAuditChain(prisma, 'ten_edited');
    expect(report).toMatchObject({ records: 10, ok: false });
    expect(report!.problems).toEqual([{ seq: 5, kind: 'edited', detail: expect.stringContaining('do not match the record hash') }]);
  });

  it('finds an edited record whose hash was recomputed by the next record’s link', async () => {
    await chain('ten_rehashed');
    // The attacker changes record 4 and stores a new (valid-looking) hash for it; record 5 still names the old one.
    await tamper("UPDATE audit_records SET actor_id = 'key_innocent', hash = repeat('a', 64) WHERE tenant_id = $1 AND seq = 4", ['ten_rehashed']);
    const [report] = await verifyAuditChain(prisma, 'ten_rehashed');
    expect(report!.ok).toBe(false);
    expect(report!.problems.map(({ seq, kind }) => ({ seq, kind }))).toEqual([
      { seq: 4, kind: 'edited' },
      { seq: 5, kind: 'broken_link' },
    ]);
  });

  it('finds a record deleted from the middle of the chain', async () => {
    await chain('ten_gap');
    expect(await tamper('DELETE FROM audit_records WHERE tenant_id = $1 AND seq = 6', ['ten_gap'])).toBe(1);
    const [report] = await verifyAuditChain(prisma, 'ten_gap');
    expect(report).toMatchObject({ records: 9, ok: false });
    expect(report!.problems).toEqual([{ seq: 6, kind: 'missing', detail: expect.stringContaining('record 6 is missing') }]);
  });

  it('finds the first record deleted', async () => {
    await chain('ten_first');
    await tamper('DELETE FROM audit_records WHERE tenant_id = $1 AND seq = 1', ['ten_first']);
    const [report] = await verifyAuditChain(prisma, 'ten_first');
    expect(report!.problems).toEqual([{ seq: 1, kind: 'missing', detail: expect.stringContaining('record 1 is missing') }]);
  });

  it('finds the last records deleted, through the chain head', async () => {
    await chain('ten_tail');
    expect(await tamper('DELETE FROM audit_records WHERE tenant_id = $1 AND seq >= 9', ['ten_tail'])).toBe(2);
    const [report] = await verifyAuditChain(prisma, 'ten_tail');
    expect(report).toMatchObject({ records: 8, ok: false, lastSeq: 10 });
    expect(report!.problems).toEqual([{ seq: 9, kind: 'missing', detail: expect.stringContaining('records 9 to 10 are missing (deleted from the end of the chain') }]);
  });

  it('finds a whole chain deleted', async () => {
    await chain('ten_wiped');
    await tamper('DELETE FROM audit_records WHERE tenant_id = $1', ['ten_wiped']);
    const [report] = await verifyAuditChain(prisma, 'ten_wiped');
    expect(report).toMatchObject({ records: 0, ok: false, problems: [{ seq: 1, kind: 'missing' }] });
  });

  it('finds a record inserted past the chain head', async () => {
    await chain('ten_forged');
    const last = await prisma.auditRecord.findFirstOrThrow({ where: { tenant_id: 'ten_forged', seq: 10 } });
    await tamper(
      `INSERT INTO audit_records (tenant_id, seq, occurred_at, surface, action, actor_type, prev_hash, hash)
       VALUES ($1, 11, now(), 'rest', 'GET /v1/forged', 'anonymous', $2, repeat('b', 64))`,
      ['ten_forged', last.hash],
    );
    const [report] = await verifyAuditChain(prisma, 'ten_forged');
    expect(report!.problems.map(({ seq, kind }) => ({ seq, kind }))).toEqual([
      { seq: 11, kind: 'edited' },
      { seq: 11, kind: 'broken_link' },
    ]);
  });

  it('verifies every tenant when none is named, each report on its own', async () => {
    const reports = await verifyAuditChain(prisma);
    const byTenant = new Map(reports.map((report) => [report.tenantId, report.ok]));
    expect(byTenant.get('ten_intact')).toBe(true);
    expect(byTenant.get('ten_edited')).toBe(false);
    expect(byTenant.get('ten_gap')).toBe(false);
    expect(byTenant.get('ten_tail')).toBe(false);
    expect(byTenant.get('ten_wiped')).toBe(false);
    expect(reports.map((report) => report.tenantId)).toEqual([...reports.map((report) => report.tenantId)].sort());
  });
});
