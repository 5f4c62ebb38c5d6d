// Audit records of data changes queued in their transactions and chained afterwards, on a real
// PostgreSQL: durable with the commit, gone with a rollback, never waiting on another writer of
// the tenant, each chained exactly once even with several chainers at work.
import { createPrismaClient, migrateDatabase, type PrismaClient } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEntry, AuditChainer, queueAuditRecords, verifyAuditChain } from '../src/index.ts';

let database: FreshDatabase;
let prisma: PrismaClient;

function change(tenantId: string, index: number): AuditEntry {
  return { tenantId, requestId: `req_${index}`, surface: 'rest', action: 'order.create', resourceId: `ord_${index}`, actor: { type: 'oauth_client', id: 'cli_test', credentialId: 'jti_test' } };
}

async function chained(tenantId: string): Promise<Array<{ seq: number; resource_id: string | null }>> {
  const rows = await prisma.auditRecord.findMany({ where: { tenant_id: tenantId }, select: { seq: true, resource_id: true }, orderBy: { seq: 'asc' } });
  return rows.map((row) => ({ seq: Number(row.seq), resource_id: row.resource_id }));
}

const queued = async () => prisma.auditPendingRecord.count();

beforeAll(async () => {
  database = await freshDatabase({ prefix: 'audit_chainer' });
  await migrateDatabase(database.url);
  prisma = createPrismaClient(database.url, 25);
});

afterAll(async () => {
  await prisma?.$disconnect();
  await database?.dispose();
});

describe('queueAuditRecords', () => {
  it('makes a record durable with its transaction: queued on commit, absent after a rollback, chained by a chainer started later', async () => {
    const tenant = 'ten_durable';
    await prisma.$transaction((tx) => queueAuditRecords(tx, [change(tenant, 1)]));
    await expect(
      prisma.$transaction(async (tx) => {
        await queueAuditRecords(tx, [change(tenant, 2)]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await queued()).toBe(1);
    expect(await chained(tenant)).toEqual([]);

    // A chainer of an instance started afterwards (the first one died) chains what was committed.
    const chainer = new AuditChainer(prisma);
    chainer.start();
    await chainer.flush();
    await chainer.close();
    expect(await chained(tenant)).toEqual([{ seq: 1, resource_id: 'ord_1' }]);
    expect(await queued()).toBe(0);
    expect((await verifyAuditChain(prisma, tenant))[0]?.ok).toBe(true);
  });

  it('never waits on another transaction of the same tenant that has queued a record and not committed', async () => {
    const tenant = 'ten_no_lock';
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let queuedFirst: () => void = () => {};
    const firstQueued = new Promise<void>((resolve) => (queuedFirst = resolve));
    const first = prisma.$transaction(
      async (tx) => {
        await queueAuditRecords(tx, [change(tenant, 1)]);
        queuedFirst();
        await held;
      },
      { timeout: 30_000 },
    );
    await firstQueued;
    // The second transaction commits while the first still holds everything it took.
    await prisma.$transaction((tx) => queueAuditRecords(tx, [change(tenant, 2)]), { maxWait: 2_000, timeout: 2_000 });
    release();
    await first;
    expect(await prisma.auditPendingRecord.count({ where: { tenant_id: tenant } })).toBe(2);
  });

  it('refuses to change a queued record', async () => {
    await prisma.$transaction((tx) => queueAuditRecords(tx, [change('ten_frozen', 1)]));
    await expect(prisma.$executeRawUnsafe(`UPDATE audit_pending_records SET action = 'forged' WHERE tenant_id = 'ten_frozen'`)).rejects.toThrow(/cannot be changed/);
    const chainer = new AuditChainer(prisma);
    await chainer.flush();
    expect((await prisma.auditRecord.findFirstOrThrow({ where: { tenant_id: 'ten_frozen' } })).action).toBe('order.create');
  });
});

describe('AuditChainer', () => {
  it('chains 2,000 records queued by 40 concurrent writers of one tenant, with three chainers at work, each record exactly once in one gapless chain', async () => {
    const tenant = 'ten_busy';
    const chainers = [new AuditChainer(prisma, { batchSize: 100, pollIntervalMs: 50 }), new AuditChainer(prisma, { batchSize: 100, pollIntervalMs: 50 }), new AuditChainer(prisma, { batchSize: 100, pollIntervalMs: 50 })];
    for (const chainer of chainers) chainer.start();
    await Promise.all(
      Array.from({ length: 40 }, async (_, writer) => {
        for (let i = 0; i < 50; i++) {
          const index = writer * 50 + i;
          await prisma.$transaction((tx) => queueAuditRecords(tx, [change(tenant, index)]));
          chainers[index % 3]?.wake();
        }
      }),
    );
    await chainers[0]?.flush();
    await Promise.all(chainers.map((chainer) => chainer.close()));

    const records = await chained(tenant);
    expect(records.map((record) => record.seq)).toEqual(Array.from({ length: 2000 }, (_, i) => i + 1));
    expect(new Set(records.map((record) => record.resource_id)).size).toBe(2000);
    expect(await queued()).toBe(0);
    expect(await verifyAuditChain(prisma, tenant)).toMatchObject([{ ok: true, records: 2000 }]);
  });

  it('keeps records queued while it cannot chain them, and chains them once it can', async () => {
    const tenant = 'ten_outage';
    await prisma.$transaction((tx) => queueAuditRecords(tx, [change(tenant, 1), change(tenant, 2)]));
    // A chain head that refuses to move (a trigger, as a broken database would) fails every pass.
    await prisma.$executeRawUnsafe(`CREATE FUNCTION refuse_head() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'head refused'; END $$`);
    await prisma.$executeRawUnsafe('CREATE TRIGGER refuse_head BEFORE INSERT ON audit_chain_heads FOR EACH ROW EXECUTE FUNCTION refuse_head()');
    const errors: string[] = [];
    const chainer = new AuditChainer(prisma, { pollIntervalMs: 50, logger: { error: (_details, message) => errors.push(message), warn: () => {} } });
    chainer.start();
    await expect(chainer.flush(500)).rejects.toThrow(/not chained/);
    expect(await prisma.auditPendingRecord.count({ where: { tenant_id: tenant } })).toBe(2);
    // Reported once, not at every poll.
    expect(errors).toEqual(['queued audit records could not be chained; retrying']);

    await prisma.$executeRawUnsafe('DROP TRIGGER refuse_head ON audit_chain_heads');
    await prisma.$executeRawUnsafe('DROP FUNCTION refuse_head()');
    await chainer.flush();
    await chainer.close();
    expect((await chained(tenant)).map((record) => record.resource_id)).toEqual(['ord_1', 'ord_2']);
  });
});
