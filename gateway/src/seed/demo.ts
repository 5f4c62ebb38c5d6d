import { randomBytes } from 'node:crypto';
import { scopeCatalogue } from '@platform/auth';
import { type PrismaClient, newId } from '@platform/db';
import { type IssuedClient, createOAuthClient, createTenantPair, hashPassword, passwordWeakness } from '@platform/subgraph-identity';

export interface DemoSeed {
  tenantId: string;
  sandboxTenantId: string;
  client: IssuedClient;
  /** The demo person who signs in to the console, an owner in both tenants; the password is shown only at this start. */
  user: { email: string; password: string };
}

export const DEMO_USER_EMAIL = 'demo@example.com';

/** Unit costs in euro cents, so that `stock_value` (items, warehouses) has something to show. */
const DEMO_ITEMS = [
  { id: 'SKU-1001', name: 'Stainless water bottle 750 ml', quantity_on_hand: 240, reorder_point: 50, unit_cost: 640, currency: 'EUR' },
  { id: 'SKU-1002', name: 'Insulated lunch box', quantity_on_hand: 12, reorder_point: 30, unit_cost: 1150, currency: 'EUR' },
  { id: 'SKU-1003', name: 'Bamboo cutlery set', quantity_on_hand: 95, reorder_point: 40, unit_cost: 380, currency: 'EUR' },
  { id: 'SKU-1004', name: 'Glass food container 1 l', quantity_on_hand: 8, reorder_point: 25, unit_cost: 720, currency: 'EUR' },
  { id: 'SKU-2001', name: 'Canvas tote bag', quantity_on_hand: 410, reorder_point: 100, unit_cost: 290, currency: 'EUR' },
  { id: 'SKU-2002', name: 'Recycled notebook A5', quantity_on_hand: 19, reorder_point: 60, unit_cost: 210, currency: 'EUR' },
];

/** The advisory lock seeding holds (one bigint key; the two-key locks of tenant quotas are a separate space). */
const DEMO_SEED_LOCK = 7_250_001n;

/**
 * On first start with an empty database: a demo account (production and sandbox tenants), a
 * client allowed every scope, a person who signs in to the console (`demo@example.com`, owner of
 * both tenants, one random password), two warehouses and a few items with unit costs, some below their reorder point.
 * Returns undefined when the database already has tenants.
 *
 * All of it in one transaction under an advisory lock: edges of a fleet starting together on an
 * empty database seed it once (the others wait for the lock, then find the tenants), and a start
 * that fails half-way leaves no partial account for the next one to mistake for a seeded database.
 */
export async function seedDemoIfEmpty(prisma: PrismaClient): Promise<DemoSeed | undefined> {
  if ((await prisma.tenant.count()) > 0) return undefined;
  // Hashed before the transaction: the hash takes a good part of a second, the lock need not wait for it.
  const password = demoPassword();
  const passwordHash = await hashPassword(password);
  return prisma.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${DEMO_SEED_LOCK})`;
      if ((await tx.tenant.count()) > 0) return undefined;
      const { production, sandbox } = await createTenantPair(tx, { name: 'Demo Company', plan: 'growth' });
      const client = await createOAuthClient(tx, { tenantId: production.id, scopes: Object.keys(scopeCatalogue), name: 'demo' });
      const now = new Date();
      for (const tenant of [production, sandbox]) {
        await tx.user.create({
          data: { tenant_id: tenant.id, id: newId('usr'), email: DEMO_USER_EMAIL, name: 'Demo Owner', role_id: 'role_owner', status: 'active', activated_at: now, password_hash: passwordHash, password_changed_at: now },
        });
        await tx.warehouse.createMany({
          data: [
            { tenant_id: tenant.id, id: 'wh_demo_berlin', name: 'Berlin' },
            { tenant_id: tenant.id, id: 'wh_demo_lyon', name: 'Lyon' },
          ],
        });
        await tx.inventoryItem.createMany({
          data: DEMO_ITEMS.map((item, index) => ({ ...item, tenant_id: tenant.id, warehouse_id: index % 2 === 0 ? 'wh_demo_berlin' : 'wh_demo_lyon', last_synced_at: now })),
        });
      }
      return { tenantId: production.id, sandboxTenantId: sandbox.id, client, user: { email: DEMO_USER_EMAIL, password } };
    },
    // Another edge's seed may hold the lock for a while first.
    { maxWait: 10_000, timeout: 60_000 },
  );
}

/** 96 random bits as 16 characters: strong by every rule the platform applies to passwords (checked, not assumed). */
function demoPassword(): string {
  for (;;) {
    const password = randomBytes(12).toString('base64url');
    if (!passwordWeakness(password, DEMO_USER_EMAIL)) return password;
  }
}
