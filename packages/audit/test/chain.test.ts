// The hash chain on a real PostgreSQL: concurrent appenders, atomicity with the caller's writes,
// the append-only triggers, and the stored form of odd values.
import type { Principal } from '@platform/auth';
import { createPrismaClient, migrateDatabase, type PrismaClient } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEntry, GENESIS_HASH, PLATFORM_TENANT, actorFromPrincipal, appendAuditRecords, computeAuditHash, normalizeAuditEntry, verifyAuditChain } from '../src/index.ts';

let database: FreshDatabase;
let prisma: PrismaClient;

function entry(tenantId: string | null, index: number, extra: Partial<AuditEntry> = {}): AuditEntry {
  return {
    tenantId,
    requestId: `req_${index}`,
    surface: 'rest',
    action: 'GET /v1/inventory/items',
    method: 'GET',
    path: '/v1/inventory/items',
    status: 200,
    durationMs: 1.25,
    actor: { type: 'oauth_client', id: 'cli_test', credentialId: 'jti_test' },
    clientAddress: '127.0.0.1',
    ...extra,
  };
}

async function seqs(tenantId: string): Promise<number[]> {
  const rows = await prisma.auditRecord.findMany({ where: { tenant_id: tenantId }, select: { seq: true }, orderBy: { seq: 'asc' } });
  return rows.map((row) => Number(row.seq));
}

beforeAll(async () => {
  database = await freshDatabase({ prefix: 'audit_chain' });
  await migrateDatabase(database.url);
  prisma = createPrismaClient(database.url, 25);
});

afterAll(async () => {
  await prisma?.$disconnect();
  await database?.dispose();
});

/** Appenders of one tenant queue on its chain head; on a busy machine the wait can pass Prisma's 5 s default. */
const CONTENDED = { maxWait: 30_000, timeout: 30_000 };

describe('appendAuditRecords', () => {
  it('keeps one gapless chain under 20 concurrent appenders of 25 one-record transactions each', async () => {
    const tenant = 'ten_concurrent';
    await Promise.all(
      Array.from({ length: 20 }, async (_, appender) => {
        for (let i = 0; i < 25; i += 1) {
          await prisma.$transaction((tx) => appendAuditRecords(tx, [entry(tenant, appender * 100 + i)]), CONTENDED);
        }
      }),
    );
    expect(await seqs(tenant)).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
    const [report] = await verifyAuditChain(prisma, tenant);
    expect(report).toMatchObject({ tenantId: tenant, records: 500, ok: true, problems: [], lastSeq: 500 });
  });

  it('keeps per-tenant chains when concurrent transactions append to several tenants in different orders', async () => {
    const tenants = ['ten_multi_a', 'ten_multi_b', 'ten_multi_c'];
    await Promise.all(
      Array.from({ length: 10 }, async (_, appender) => {
        for (let i = 0; i < 10; i += 1) {
          const order = appender % 2 === 0 ? tenants : [...tenants].reverse();
          await prisma.$transaction((tx) => appendAuditRecords(tx, order.map((tenant) => entry(tenant, i))), CONTENDED);
        }
      }),
    );
    for (const tenant of tenants) expect(await seqs(tenant)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    const reports = await verifyAuditChain(prisma);
    expect(reports.filter((report) => tenants.includes(report.tenantId)).every((report) => report.ok && report.records === 100)).toBe(true);
  });

  it('links each record to its predecessor, from the genesis hash', async () => {
    const tenant = 'ten_links';
    const stored = await appendAuditRecords(prisma, [entry(tenant, 1), entry(tenant, 2), entry(tenant, 3)]);
    expect(stored.map((record) => record.seq)).toEqual([1n, 2n, 3n]);
    expect(stored[0]!.prev_hash).toBe(GENESIS_HASH);
    expect(stored[1]!.prev_hash).toBe(stored[0]!.hash);
    expect(stored[2]!.prev_hash).toBe(stored[1]!.hash);
    const rows = await prisma.auditRecord.findMany({ where: { tenant_id: tenant }, orderBy: { seq: 'asc' } });
    for (const row of rows) expect(computeAuditHash(row.prev_hash, row)).toBe(row.hash);
    const head = await prisma.auditChainHead.findUniqueOrThrow({ where: { tenant_id: tenant } });
    expect(head.last_seq).toBe(3n);
    expect(head.last_hash).toBe(stored[2]!.hash);
  });

  it('commits and rolls back with the caller’s transaction', async () => {
    const tenant = 'ten_atomic';
    await expect(
      prisma.$transaction(async (tx) => {
        await tx.warehouse.create({ data: { tenant_id: tenant, id: 'wh_rolled_back', name: 'Gone' } });
        await appendAuditRecords(tx, [entry(tenant, 1, { action: 'warehouse.create', resourceId: 'wh_rolled_back', status: null, durationMs: null })]);
        throw new Error('the write fails after the audit record');
      }),
    ).rejects.toThrow('the write fails');
    expect(await prisma.warehouse.count({ where: { tenant_id: tenant } })).toBe(0);
    expect(await seqs(tenant)).toEqual([]);

    await prisma.$transaction(async (tx) => {
      await tx.warehouse.create({ data: { tenant_id: tenant, id: 'wh_kept', name: 'Kept' } });
      await appendAuditRecords(tx, [entry(tenant, 2, { action: 'warehouse.create', resourceId: 'wh_kept', status: null, durationMs: null })]);
    });
    expect(await prisma.warehouse.count({ where: { tenant_id: tenant } })).toBe(1);
    const [record] = await prisma.auditRecord.findMany({ where: { tenant_id: tenant } });
    expect(record).toMatchObject({ seq: 1n, action: 'warehouse.create', resource_id: 'wh_kept', status: null, duration_ms: null });
    expect((await verifyAuditChain(prisma, tenant))[0]!.ok).toBe(true);
  });

  it('records requests without a tenant under _platform, with an anonymous actor', async () => {
    const [stored] = await appendAuditRecords(prisma, [entry(null, 1, { status: 401, actor: actorFromPrincipal(undefined) })]);
    expect(stored).toMatchObject({ tenant_id: PLATFORM_TENANT, actor_type: 'anonymous', actor_id: null, credential_id: null, status: 401 });
  });

  it('stores odd values exactly as hashed, so they verify', async () => {
    const tenant = 'ten_odd';
    const odd = 'bad \u0000 nul, lone \uD800 surrogate, emoji 😀';
    await appendAuditRecords(prisma, [
      entry(tenant, 1, { surface: 'graphql', action: 'graphql query Odd', path: '/graphql', operationName: odd, durationMs: 0.1 + 0.2, status: 500 }),
      entry(tenant, 2, { path: `/v1/${'x'.repeat(5000)}`, durationMs: 123456.789123, clientAddress: '::ffff:10.0.0.1' }),
    ]);
    const rows = await prisma.auditRecord.findMany({ where: { tenant_id: tenant }, orderBy: { seq: 'asc' } });
    expect(rows[0]!.operation_name).toBe('bad \uFFFD nul, lone \uFFFD surrogate, emoji 😀');
    expect(rows[0]!.duration_ms).toBe(0.3);
    expect(rows[1]!.path).toHaveLength(2048);
    expect(rows[1]!.duration_ms).toBe(123456.79);
    expect((await verifyAuditChain(prisma, tenant))[0]!.ok).toBe(true);
  });

  it('derives the actor from the edge principal', () => {
    const client: Principal = { tenantId: 't', scopes: new Set(), credential: { type: 'oauth_client', id: 'cli_1' }, tokenId: 'jti_1' };
    const key: Principal = { tenantId: 't', scopes: new Set(), credential: { type: 'api_key', id: 'key_1' } };
    expect(actorFromPrincipal(client)).toEqual({ type: 'oauth_client', id: 'cli_1', credentialId: 'jti_1' });
    expect(actorFromPrincipal(key)).toEqual({ type: 'api_key', id: 'key_1', credentialId: 'key_1' });
    expect(actorFromPrincipal(undefined)).toEqual({ type: 'anonymous', id: null, credentialId: null });
  });

  it('refuses invalid entries before anything is written', () => {
    expect(() => normalizeAuditEntry({ ...entry('t', 1), surface: 'ftp' as never })).toThrow(TypeError);
    expect(() => normalizeAuditEntry({ ...entry('t', 1), actor: { type: 'robot' as never } })).toThrow(TypeError);
    expect(() => normalizeAuditEntry({ ...entry('t', 1), status: 200.5 })).toThrow(TypeError);
    expect(() => normalizeAuditEntry({ ...entry('t', 1), occurredAt: new Date(Number.NaN) })).toThrow(TypeError);
    expect(() => normalizeAuditEntry({ ...entry('t', 1), action: '' })).toThrow(TypeError);
  });
});

describe('append-only storage', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of audit records', async () => {
    const tenant = 'ten_append_only';
    await appendAuditRecords(prisma, [entry(tenant, 1), entry(tenant, 2)]);
    await expect(prisma.$executeRaw`UPDATE audit_records SET status = 201 WHERE tenant_id = ${tenant} AND seq = 1`).rejects.toThrow(/append-only/);
    await expect(prisma.$executeRaw`DELETE FROM audit_records WHERE tenant_id = ${tenant}`).rejects.toThrow(/append-only/);
    await expect(prisma.$executeRaw`TRUNCATE audit_records`).rejects.toThrow(/append-only/);
    expect(await seqs(tenant)).toEqual([1, 2]);
  });

  it('lets a chain head only move forward', async () => {
    const tenant = 'ten_head_forward';
    await appendAuditRecords(prisma, [entry(tenant, 1), entry(tenant, 2)]);
    await expect(prisma.$executeRaw`UPDATE audit_chain_heads SET last_seq = 1 WHERE tenant_id = ${tenant}`).rejects.toThrow(/only move forward/);
    await expect(prisma.$executeRaw`DELETE FROM audit_chain_heads WHERE tenant_id = ${tenant}`).rejects.toThrow(/cannot be removed/);
    expect((await prisma.auditChainHead.findUniqueOrThrow({ where: { tenant_id: tenant } })).last_seq).toBe(2n);
  });
});
