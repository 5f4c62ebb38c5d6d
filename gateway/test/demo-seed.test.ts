// The demo seed on a real PostgreSQL: edges of a fleet starting together on an empty database
// seed it once, and a seed that fails half-way leaves nothing behind.
import { createPrismaClient, migrateDatabase, type PrismaClient } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_USER_EMAIL, seedDemoIfEmpty } from '../src/seed/demo.ts';

let database: FreshDatabase;
/** One client per simulated process: each has a pool of its own, as separate edges would. */
let processes: PrismaClient[] = [];

async function counts(prisma: PrismaClient) {
  const [tenants, users, clients, warehouses, items] = await Promise.all([
    prisma.tenant.count(),
    prisma.user.count({ where: { email: DEMO_USER_EMAIL } }),
    prisma.oAuthClient.count(),
    prisma.warehouse.count(),
    prisma.inventoryItem.count(),
  ]);
  return { tenants, users, clients, warehouses, items };
}

beforeEach(async () => {
  await Promise.all(processes.map((prisma) => prisma.$disconnect()));
  await database?.dispose();
  database = await freshDatabase({ prefix: 'demo_seed' });
  await migrateDatabase(database.url);
  processes = [0, 1, 2].map(() => createPrismaClient(database.url, 2));
});

afterAll(async () => {
  await Promise.all(processes.map((prisma) => prisma.$disconnect()));
  await database?.dispose();
});

describe('seedDemoIfEmpty', () => {
  it('seeds an empty database once when three edges start together', async () => {
    const seeds = await Promise.all(processes.map((prisma) => seedDemoIfEmpty(prisma)));

    expect(seeds.filter(Boolean)).toHaveLength(1);
    expect(await counts(processes[0] as PrismaClient)).toEqual({ tenants: 2, users: 2, clients: 1, warehouses: 4, items: 12 });
    expect(await seedDemoIfEmpty(processes[1] as PrismaClient)).toBeUndefined();
  });

  it('leaves no partial account when the seed fails half-way, and seeds on the next start', async () => {
    const prisma = processes[0] as PrismaClient;
    // The items are written last: a failure there comes after the tenants, client, users and warehouses.
    await prisma.$executeRawUnsafe(`CREATE FUNCTION refuse_item() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full (simulated)'; END $$`);
    await prisma.$executeRawUnsafe('CREATE TRIGGER refuse_item BEFORE INSERT ON inventory_items FOR EACH ROW EXECUTE FUNCTION refuse_item()');

    await expect(seedDemoIfEmpty(prisma)).rejects.toThrow(/disk full \(simulated\)/);
    expect(await counts(prisma)).toEqual({ tenants: 0, users: 0, clients: 0, warehouses: 0, items: 0 });

    await prisma.$executeRawUnsafe('DROP TRIGGER refuse_item ON inventory_items');
    const seed = await seedDemoIfEmpty(prisma);
    expect(seed?.user.email).toBe(DEMO_USER_EMAIL);
    expect(await counts(prisma)).toEqual({ tenants: 2, users: 2, clients: 1, warehouses: 4, items: 12 });
  });
});
