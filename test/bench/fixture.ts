// Bench fixture: one tenant pair, an OAuth client, a few warehouses and many inventory items in
// the production tenant, loaded straight through Prisma (createMany in chunks) for speed.
import type { PrismaClient } from '@platform/db';
import { createOAuthClient, createTenantPair } from '@platform/subgraph-identity';
import { inventorySubgraph } from '@platform/subgraph-inventory';

export interface Fixture {
  tenantId: string;
  sandboxTenantId: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
  warehouseIds: string[];
  items: number;
  belowReorderPoint: number;
}

const SCOPES = ['inventory:read', 'inventory:write'];
const WAREHOUSES = ['Berlin', 'Lyon', 'Porto'];
const CHUNK = 2_000;
/** One item in five is below its reorder point. */
const BELOW_EVERY = 5;

export async function createFixture(prisma: PrismaClient, itemCount: number): Promise<Fixture> {
  const { production, sandbox } = await createTenantPair(prisma, { name: 'Bench Company', plan: 'enterprise' });
  // An enterprise tenant with limits far above what the machine can serve: the bench measures
  // the request path (rate limiting included), not refusals.
  await prisma.tenant.update({ where: { id: production.id }, data: { rate_limit_per_second: 1_000_000, rate_limit_per_minute: 60_000_000 } });
  const client = await createOAuthClient(prisma, { tenantId: production.id, scopes: SCOPES, name: 'bench' });
  const warehouseIds = await createWarehouses(prisma, production.id);
  const belowReorderPoint = await createItems(prisma, production.id, warehouseIds, itemCount);
  await refreshStatistics(prisma);
  return {
    tenantId: production.id,
    sandboxTenantId: sandbox.id,
    clientId: client.client_id,
    clientSecret: client.client_secret,
    scopes: client.scopes,
    warehouseIds,
    items: await prisma.inventoryItem.count({ where: { tenant_id: production.id } }),
    belowReorderPoint,
  };
}

/** Removes what createFixture created; used on an external DATABASE_URL, which outlives the bench. */
export async function removeFixture(prisma: PrismaClient, fixture: Fixture): Promise<void> {
  const tenantIds = [fixture.tenantId, fixture.sandboxTenantId];
  // Stock movements are append-only except for a tenant purge, which inventory's own reset performs.
  await prisma.$transaction(async (tx) => {
    for (const tenantId of tenantIds) await inventorySubgraph.deleteTenantData?.(tx, tenantId);
    await tx.oAuthClient.deleteMany({ where: { tenant_id: { in: tenantIds } } });
    await tx.tenant.deleteMany({ where: { id: { in: tenantIds } } });
  }, { timeout: 120_000 });
}

async function createWarehouses(prisma: PrismaClient, tenantId: string): Promise<string[]> {
  const data = WAREHOUSES.map((name) => ({ tenant_id: tenantId, id: `wh_bench_${name.toLowerCase()}`, name }));
  await prisma.warehouse.createMany({ data });
  return data.map((warehouse) => warehouse.id);
}

/** Loads `count` items with SKUs SKU-00000.. and returns how many are below their reorder point. */
async function createItems(prisma: PrismaClient, tenantId: string, warehouseIds: string[], count: number): Promise<number> {
  const now = new Date();
  let below = 0;
  for (let start = 0; start < count; start += CHUNK) {
    const data = [];
    for (let index = start; index < Math.min(start + CHUNK, count); index++) {
      const item = itemAt(index, warehouseIds);
      if (item.quantity_on_hand < item.reorder_point) below++;
      data.push({ ...item, tenant_id: tenantId, last_synced_at: now });
    }
    await prisma.inventoryItem.createMany({ data });
  }
  return below;
}

function itemAt(index: number, warehouseIds: string[]) {
  const reorderPoint = 20 + (index % 7) * 10;
  const quantity = index % BELOW_EVERY === 0 ? (index * 7) % reorderPoint : reorderPoint + ((index * 13) % 500);
  return {
    id: `SKU-${String(index).padStart(5, '0')}`,
    name: `Bench item ${index}`,
    quantity_on_hand: quantity,
    reorder_point: reorderPoint,
    warehouse_id: warehouseIds[index % warehouseIds.length] as string,
  };
}

/**
 * Right after a bulk load the planner still believes the table nearly empty (until autovacuum
 * gets to it, up to a minute later, i.e. in the middle of a run) and sorts the whole tenant for
 * every page instead of walking the primary key. Vacuum and analyze now so that every run
 * measures the plans a settled database uses.
 */
async function refreshStatistics(prisma: PrismaClient): Promise<void> {
  await prisma.$executeRawUnsafe('VACUUM (ANALYZE) warehouses, inventory_items');
}

/** A client-credentials token over real HTTP, as an API client would get one. */
export async function fetchToken(baseUrl: string, fixture: Fixture): Promise<string> {
  const response = await fetch(`${baseUrl}/v1/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: fixture.clientId, client_secret: fixture.clientSecret, scope: fixture.scopes.join(' ') }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!response.ok || !body.access_token) throw new Error(`Token request failed (${response.status}): ${JSON.stringify(body)}`);
  return body.access_token;
}
