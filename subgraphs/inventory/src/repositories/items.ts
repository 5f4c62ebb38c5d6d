import { type InventoryItem, Prisma, type Db } from '@platform/db';
import type { PageWindow } from '@platform/graphql-kit';

export interface ItemFilter {
  reorder_below?: boolean | null;
  warehouse_id?: string | null;
}

/** Every column of the model (whose fields are named as their columns), as Prisma's findMany returns them. */
const ITEM_COLUMNS = Prisma.join(Object.values(Prisma.InventoryItemScalarFieldEnum).map((column) => Prisma.raw(`"${column}"`)));

/** Every query is scoped to one tenant: the tenant id is a required argument, never optional. */
function itemCondition(tenantId: string, filter: ItemFilter): Prisma.Sql {
  const conditions = [Prisma.sql`tenant_id = ${tenantId}`];
  if (filter.warehouse_id != null) conditions.push(Prisma.sql`warehouse_id = ${filter.warehouse_id}`);
  if (filter.reorder_below === true) conditions.push(Prisma.sql`quantity_on_hand < reorder_point`);
  if (filter.reorder_below === false) conditions.push(Prisma.sql`quantity_on_hand >= reorder_point`);
  return Prisma.join(conditions, ' AND ');
}

/**
 * A page of items and the count of all matching items, in one statement. The hottest read of
 * the platform: as a Prisma count and findMany it cost two Prisma queries (each a good part of
 * the request's CPU time) and two round trips, and Prisma's count wraps the filter in a subquery
 * that makes PostgreSQL do more work per row. One statement also reads the page and the total
 * from the same snapshot. The count comes out in every row; a page past the end is a single row
 * without an item.
 */
export async function listItems(prisma: Db, tenantId: string, filter: ItemFilter, window: PageWindow) {
  const condition = itemCondition(tenantId, filter);
  const rows = await prisma.$queryRaw<Array<{ total: bigint } & (InventoryItem | Record<keyof InventoryItem, null>)>>`
    SELECT counted.total, page.*
    FROM (SELECT COUNT(*) AS total FROM inventory_items WHERE ${condition}) AS counted
    LEFT JOIN LATERAL (
      SELECT ${ITEM_COLUMNS} FROM inventory_items WHERE ${condition} ORDER BY id ASC LIMIT ${window.per_page} OFFSET ${window.skip}
    ) AS page ON true`;
  const data = rows.flatMap(({ total: _total, ...item }) => (item.id === null ? [] : [item as InventoryItem]));
  return { data, meta: { total: Number(rows[0]?.total ?? 0), page: window.page, per_page: window.per_page } };
}

export function findItem<Query extends Omit<Prisma.InventoryItemFindUniqueArgs, 'where'>>(prisma: Db, tenantId: string, id: string, query: Query) {
  return prisma.inventoryItem.findUnique({ ...query, where: { tenant_id_id: { tenant_id: tenantId, id } } });
}

export function createItem<Query extends Omit<Prisma.InventoryItemCreateArgs, 'data'>>(prisma: Db, tenantId: string, data: Omit<Prisma.InventoryItemUncheckedCreateInput, 'tenant_id'>, query: Query) {
  return prisma.inventoryItem.create({ ...query, data: { ...data, tenant_id: tenantId } });
}

export function updateItem<Query extends Omit<Prisma.InventoryItemUpdateArgs, 'data' | 'where'>>(prisma: Db, tenantId: string, id: string, data: Prisma.InventoryItemUncheckedUpdateInput, query: Query) {
  return prisma.inventoryItem.update({ ...query, where: { tenant_id_id: { tenant_id: tenantId, id } }, data });
}
