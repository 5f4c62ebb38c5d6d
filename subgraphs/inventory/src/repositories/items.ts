import type { Prisma, PrismaClient } from '@platform/db';
import type { PageWindow } from '@platform/graphql-kit';

export interface ItemFilter {
  reorder_below?: boolean | null;
  warehouse_id?: string | null;
}

/** Every query is scoped to one tenant: the tenant id is a required argument, never optional. */
function itemWhere(prisma: PrismaClient, tenantId: string, filter: ItemFilter): Prisma.InventoryItemWhereInput {
  const reorderPoint = prisma.inventoryItem.fields.reorder_point;
  return {
    tenant_id: tenantId,
    ...(filter.warehouse_id != null && { warehouse_id: filter.warehouse_id }),
    ...(filter.reorder_below === true && { quantity_on_hand: { lt: reorderPoint } }),
    ...(filter.reorder_below === false && { quantity_on_hand: { gte: reorderPoint } }),
  };
}

export async function listItems<Query extends Prisma.InventoryItemFindManyArgs>(prisma: PrismaClient, tenantId: string, filter: ItemFilter, window: PageWindow, query: Query) {
  const where = itemWhere(prisma, tenantId, filter);
  const [total, data] = await Promise.all([
    prisma.inventoryItem.count({ where }),
    prisma.inventoryItem.findMany({ ...query, where, orderBy: { id: 'asc' }, skip: window.skip, take: window.per_page }),
  ]);
  return { data, meta: { total, page: window.page, per_page: window.per_page } };
}

export function findItem<Query extends Omit<Prisma.InventoryItemFindUniqueArgs, 'where'>>(prisma: PrismaClient, tenantId: string, id: string, query: Query) {
  return prisma.inventoryItem.findUnique({ ...query, where: { tenant_id_id: { tenant_id: tenantId, id } } });
}

export function createItem<Query extends Omit<Prisma.InventoryItemCreateArgs, 'data'>>(prisma: PrismaClient, tenantId: string, data: Omit<Prisma.InventoryItemUncheckedCreateInput, 'tenant_id'>, query: Query) {
  return prisma.inventoryItem.create({ ...query, data: { ...data, tenant_id: tenantId } });
}

export function updateItem<Query extends Omit<Prisma.InventoryItemUpdateArgs, 'data' | 'where'>>(prisma: PrismaClient, tenantId: string, id: string, data: Prisma.InventoryItemUncheckedUpdateInput, query: Query) {
  return prisma.inventoryItem.update({ ...query, where: { tenant_id_id: { tenant_id: tenantId, id } }, data });
}
