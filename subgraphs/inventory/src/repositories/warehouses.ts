import { type Prisma, newId, type Db } from '@platform/db';
import type { PageWindow } from '@platform/graphql-kit';

export async function listWarehouses<Query extends Prisma.WarehouseFindManyArgs>(prisma: Db, tenantId: string, window: PageWindow, query: Query) {
  const where = { tenant_id: tenantId };
  const [total, data] = await Promise.all([
    prisma.warehouse.count({ where }),
    prisma.warehouse.findMany({ ...query, where, orderBy: [{ created_at: 'asc' }, { id: 'asc' }], skip: window.skip, take: window.per_page }),
  ]);
  return { data, meta: { total, page: window.page, per_page: window.per_page } };
}

export function findWarehouse<Query extends Omit<Prisma.WarehouseFindUniqueArgs, 'where'>>(prisma: Db, tenantId: string, id: string, query: Query) {
  return prisma.warehouse.findUnique({ ...query, where: { tenant_id_id: { tenant_id: tenantId, id } } });
}

export async function warehouseExists(prisma: Db, tenantId: string, id: string): Promise<boolean> {
  return (await prisma.warehouse.count({ where: { tenant_id: tenantId, id } })) > 0;
}

export function createWarehouse<Query extends Omit<Prisma.WarehouseCreateArgs, 'data'>>(prisma: Db, tenantId: string, data: { name: string }, query: Query) {
  return prisma.warehouse.create({ ...query, data: { tenant_id: tenantId, id: newId('wh'), name: data.name } });
}
