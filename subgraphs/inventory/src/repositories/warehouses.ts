import { type Db, type Prisma, type Warehouse, newId } from '@platform/db';
import { ApiError } from '@platform/errors';
import { ID_KEY, type ListWindow, fixedOrder, prismaListPage } from '@platform/graphql-kit';

/** Warehouses are listed oldest first. */
export const WAREHOUSE_ORDER = fixedOrder([{ column: 'created_at', kind: 'timestamp' }, ID_KEY]);

export async function listWarehouses(prisma: Db, tenantId: string, filter: { archived?: boolean | null }, window: ListWindow) {
  const where: Prisma.WarehouseWhereInput = { tenant_id: tenantId, archived_at: filter.archived === true ? { not: null } : null };
  return prismaListPage(prisma.warehouse, where, window);
}

export function findWarehouse(prisma: Db, tenantId: string, id: string) {
  return prisma.warehouse.findUnique({ where: { tenant_id_id: { tenant_id: tenantId, id } } });
}

export function findWarehouses(prisma: Db, tenantId: string, ids: readonly string[]) {
  return prisma.warehouse.findMany({ where: { tenant_id: tenantId, id: { in: [...ids] } } });
}

/**
 * The warehouse, share-locked for the rest of the transaction, so that it cannot be archived
 * before the transaction that makes it an item's home (or moves stock into it) commits. Null
 * when the tenant has none.
 */
export async function shareLockWarehouse(tx: Prisma.TransactionClient, tenantId: string, id: string): Promise<Pick<Warehouse, 'id' | 'archived_at'> | undefined> {
  const [warehouse] = await tx.$queryRaw<Array<Pick<Warehouse, 'id' | 'archived_at'>>>`SELECT id, archived_at FROM warehouses WHERE tenant_id = ${tenantId} AND id = ${id} FOR SHARE`;
  return warehouse;
}

/** The warehouse, locked for the rest of the transaction (`SELECT ... FOR UPDATE`); `not_found` when the tenant has none. */
export async function lockWarehouse(tx: Prisma.TransactionClient, tenantId: string, id: string): Promise<Warehouse> {
  const [warehouse] = await tx.$queryRaw<Warehouse[]>`SELECT * FROM warehouses WHERE tenant_id = ${tenantId} AND id = ${id} FOR UPDATE`;
  if (!warehouse) throw new ApiError('not_found', `No warehouse ${id} exists in this tenant.`);
  return warehouse;
}

export function createWarehouse(prisma: Db, tenantId: string, data: { name: string }) {
  return prisma.warehouse.create({ data: { tenant_id: tenantId, id: newId('wh'), name: data.name } });
}

export function updateWarehouse(prisma: Db, tenantId: string, id: string, data: Prisma.WarehouseUncheckedUpdateInput) {
  return prisma.warehouse.update({ where: { tenant_id_id: { tenant_id: tenantId, id } }, data });
}

/** Why a warehouse cannot be archived now: stock still in it, or active items at home there. */
export async function warehouseInUse(tx: Prisma.TransactionClient, tenantId: string, id: string): Promise<string | undefined> {
  const [stocked, homed] = await Promise.all([
    tx.stockLevel.count({ where: { tenant_id: tenantId, warehouse_id: id, quantity_on_hand: { not: 0 } } }),
    tx.inventoryItem.count({ where: { tenant_id: tenantId, warehouse_id: id, archived_at: null } }),
  ]);
  const reasons = [];
  if (stocked > 0) reasons.push(`${stocked} item(s) still have stock in it (transfer or adjust it to zero first)`);
  if (homed > 0) reasons.push(`${homed} active item(s) have it as their home warehouse (change their warehouse_id or archive them first)`);
  return reasons.length > 0 ? reasons.join('; ') : undefined;
}
