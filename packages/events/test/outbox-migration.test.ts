import { readdirSync } from 'node:fs';
import { createLogger } from '@platform/config';
import { type PrismaClient, createPrismaClient, migrateDatabase, migrationsDir, newId } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import { createTenantPair } from '@platform/subgraph-identity';
import { runner } from 'node-pg-migrate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JobQueue, startJobQueue } from '../src/queue.ts';

/** The queue of the previous design: one pg-boss job per event to dispatch. */
const LEGACY_DISPATCH_QUEUE = 'event-dispatch';
const OUTBOX_MIGRATION = '0016_event_outbox';

describe('migration 0016: dispatch jobs of the previous design become outbox rows', () => {
  let database: FreshDatabase;
  let prisma: PrismaClient;
  let queue: JobQueue | undefined;

  beforeAll(async () => {
    database = await freshDatabase({ prefix: 'outbox_migration' });
    const before = readdirSync(migrationsDir).filter((file) => file.endsWith('.sql') && file < OUTBOX_MIGRATION).length;
    await runner({ databaseUrl: database.url, dir: migrationsDir, direction: 'up', migrationsTable: 'schema_migrations', count: before, singleTransaction: true, log: () => {} });
    prisma = createPrismaClient(database.url, 2);
  });
  afterAll(async () => {
    await queue?.stop();
    await prisma?.$disconnect();
    await database?.dispose();
  });

  it('moves the queued jobs (not the finished ones) into the outbox, in the order of their events, and deletes the jobs', async () => {
    const { production } = await createTenantPair(prisma, { name: 'Outbox migration', plan: 'enterprise' });
    const eventIds = [newId('evt'), newId('evt'), newId('evt')];
    for (const [index, id] of eventIds.entries()) {
      await prisma.$executeRaw`INSERT INTO events (tenant_id, id, type, data, source, occurred_at) VALUES (${production.id}, ${id}, 'order.created', '{}'::jsonb, '{"type":"platform"}'::jsonb, now() - make_interval(secs => ${10 - index}))`;
    }
    queue = await startJobQueue({ databaseUrl: database.url, logger: createLogger('silent'), queues: [LEGACY_DISPATCH_QUEUE], recoverySeconds: 5 });
    // Queued in the reverse order of their events; the first event's job already ran.
    for (const id of [...eventIds].reverse()) await queue.send(LEGACY_DISPATCH_QUEUE, { tenant_id: production.id, event_id: id });
    await prisma.$executeRaw`UPDATE pgboss.job SET state = 'completed' WHERE name = ${LEGACY_DISPATCH_QUEUE} AND data->>'event_id' = ${eventIds[0]}`;
    await queue.stop();
    queue = undefined;

    expect(await migrateDatabase(database.url)).toContain(OUTBOX_MIGRATION);

    const outbox = await prisma.$queryRaw<Array<{ tenant_id: string; event_id: string }>>`SELECT tenant_id, event_id FROM event_outbox ORDER BY position`;
    expect(outbox).toEqual(eventIds.slice(1).map((id) => ({ tenant_id: production.id, event_id: id })));
    const [{ jobs }] = await prisma.$queryRaw<[{ jobs: bigint }]>`SELECT count(*) AS jobs FROM pgboss.job WHERE name = ${LEGACY_DISPATCH_QUEUE}`;
    expect(jobs).toBe(0n);
  });
});
