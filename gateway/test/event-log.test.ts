// The event log's read for live subscriptions on a real PostgreSQL: what it returns before and
// after the settled horizon, and the order that makes it exact (the events are read in a snapshot
// taken after the horizon).
import { createPrismaClient, migrateDatabase, newId, type PrismaClient } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import { createTenantPair } from '@platform/subgraph-identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLog } from '../src/subscriptions/event-log.ts';

let database: FreshDatabase;
let prisma: PrismaClient;
let tenantId: string;

beforeAll(async () => {
  database = await freshDatabase({ prefix: 'event_log' });
  await migrateDatabase(database.url);
  prisma = createPrismaClient(database.url, 4);
  tenantId = (await createTenantPair(prisma, { name: 'Event log', plan: 'enterprise' })).sandbox.id;
});

afterAll(async () => {
  await prisma?.$disconnect();
  await database?.dispose();
});

const insertEvent = (db: { $executeRaw: PrismaClient['$executeRaw'] }, id: string, type = 'order.created') =>
  db.$executeRaw`INSERT INTO events (tenant_id, id, type, data, source) VALUES (${tenantId}, ${id}, ${type}, '{}'::jsonb, '{"type":"api"}'::jsonb)`;

/** A transaction that has written an event and stays open until `commit` is called. */
async function openTransactionWithEvent(id: string): Promise<{ commit: () => Promise<void> }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let written = () => {};
  const wrote = new Promise<void>((resolve) => (written = resolve));
  const transaction = prisma.$transaction(async (tx) => {
    await insertEvent(tx, id);
    written();
    await held;
  });
  await Promise.race([wrote, transaction]);
  return {
    commit: async () => {
      release();
      await transaction;
    },
  };
}

describe('readLog', () => {
  it('returns the settled events after the position, of the types asked for, oldest first, with the horizon', async () => {
    const start = { at: new Date(Date.now() - 60_000), id: '' };
    const ids = [newId('evt'), newId('evt'), newId('evt')];
    for (const [index, id] of ids.entries()) await insertEvent(prisma, id, index === 1 ? 'invoice.issued' : 'order.created');
    // Past the horizon's margin below the read's own start.
    await new Promise((resolve) => setTimeout(resolve, 20));

    const all = await readLog(prisma, tenantId, start, undefined);
    expect(all.events.map((event) => event.id)).toEqual(ids);
    expect(all.events[0]).toMatchObject({ tenant_id: tenantId, type: 'order.created', data: {}, resource: null, source: { type: 'api' } });
    expect(all.horizon.getTime()).toBeGreaterThan(Date.parse(all.events[2]?.occurred_at ?? ''));

    const orders = await readLog(prisma, tenantId, start, new Set(['order.created']));
    expect(orders.events.map((event) => event.id)).toEqual([ids[0], ids[2]]);
    const after = await readLog(prisma, tenantId, { at: new Date(all.events[0]?.occurred_at ?? ''), id: ids[0] as string }, undefined);
    expect(after.events.map((event) => event.id)).toEqual(ids.slice(1));
    const otherTenant = await readLog(prisma, (await createTenantPair(prisma, { name: 'Other', plan: 'enterprise' })).sandbox.id, start, undefined);
    expect(otherTenant.events).toEqual([]);
  });

  it('holds back the events of a transaction still open, and every event after its start', async () => {
    const start = { at: new Date(Date.now() - 1_000), id: '' };
    const openId = newId('evt');
    const open = await openTransactionWithEvent(openId);
    const laterId = newId('evt');
    await insertEvent(prisma, laterId);

    const during = await readLog(prisma, tenantId, start, undefined);
    expect(during.events.map((event) => event.id)).not.toContain(laterId);
    await open.commit();
    const afterCommit = await readLog(prisma, tenantId, start, undefined);
    expect(afterCommit.events.map((event) => event.id).slice(-2)).toEqual([openId, laterId]);
  });

  it('reads the events in a snapshot taken after the horizon: a transaction that commits while the read waits is not skipped', async () => {
    // The transaction writes its event, then the read starts (its statement's snapshot sees the
    // transaction open) and sleeps before calling event_log_read; the transaction commits during the
    // sleep. The horizon then lies after the event, so a read in the statement's snapshot would skip it.
    const start = { at: new Date(Date.now() - 1_000), id: '' };
    const eventId = newId('evt');
    const open = await openTransactionWithEvent(eventId);
    // The read's own transaction must begin past the horizon's margin after the event.
    await new Promise((resolve) => setTimeout(resolve, 20));
    // A Prisma query runs once awaited: Promise.resolve starts it now.
    const read = Promise.resolve(prisma.$queryRaw<Array<{ id: string | null; horizon: Date }>>`
      SELECT log.id, log.horizon FROM (SELECT 100 AS page FROM pg_sleep(0.5)) pause, LATERAL event_log_read(${tenantId}, ${start.at}, '', NULL::text[], pause.page, interval '5 ms', interval '10 s') log`);
    // The read's statement has begun (its snapshot taken) once its backend shows sleeping.
    const sleeping = () => prisma.$queryRaw<unknown[]>`SELECT 1 FROM pg_stat_activity WHERE state = 'active' AND wait_event = 'PgSleep' AND query LIKE '%event_log_read%'`;
    while ((await sleeping()).length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await open.commit();
    const rows = await read;
    expect(rows.map((row) => row.id)).toContain(eventId);
  });
});
