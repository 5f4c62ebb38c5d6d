import { type Db, type InventoryItem, Prisma } from '@platform/db';
import { ApiError } from '@platform/errors';
import type { PageWindow, SortOrder } from '@platform/graphql-kit';

export interface ItemFilter {
  reorder_below?: boolean | null;
  warehouse_id?: string | null;
  archived?: boolean | null;
}

export const ITEM_SORT_FIELDS = ['id', 'name', 'quantity_on_hand', 'created_at', 'updated_at'] as const;
export type ItemSortField = (typeof ITEM_SORT_FIELDS)[number];

/** Every column of the model (whose fields are named as their columns), as Prisma's findMany returns them. */
const ITEM_COLUMNS = Prisma.join(Object.values(Prisma.InventoryItemScalarFieldEnum).map((column) => Prisma.raw(`"${column}"`)));

/** Every query is scoped to one tenant: the tenant id is a required argument, never optional. */
function itemCondition(tenantId: string, filter: ItemFilter): Prisma.Sql {
  const conditions = [Prisma.sql`tenant_id = ${tenantId}`];
  if (filter.warehouse_id != null) conditions.push(Prisma.sql`warehouse_id = ${filter.warehouse_id}`);
  if (filter.reorder_below === true) conditions.push(Prisma.sql`quantity_on_hand < reorder_point`);
  if (filter.reorder_below === false) conditions.push(Prisma.sql`quantity_on_hand >= reorder_point`);
  conditions.push(filter.archived === true ? Prisma.sql`archived_at IS NOT NULL` : Prisma.sql`archived_at IS NULL`);
  return Prisma.join(conditions, ' AND ');
}

/**
 * `ORDER BY` from a parsed `sort`. Only the whitelisted column names of ITEM_SORT_FIELDS reach
 * the SQL text (parseSort refuses anything else), the direction is one of two keywords.
 */
function itemOrder(order: SortOrder<ItemSortField>): Prisma.Sql {
  const terms = order.flatMap((term) =>
    Object.entries(term).map(([column, direction]) => {
      if (!(ITEM_SORT_FIELDS as readonly string[]).includes(column)) throw new Error(`not a sortable item column: ${column}`);
      return Prisma.raw(`"${column}" ${direction === 'desc' ? 'DESC' : 'ASC'}`);
    }),
  );
  return Prisma.join(terms, ', ');
}

/**
 * A page of items and the count of all matching items, in one statement. The hottest read of
 * the platform: as a Prisma count and findMany it cost two Prisma queries (each a good part of
 * the request's CPU time) and two round trips, and Prisma's count wraps the filter in a subquery
 * that makes PostgreSQL do more work per row. One statement also reads the page and the total
 * from the same snapshot. The count comes out in every row; a page past the end is a single row
 * without an item.
 */
export async function listItems(prisma: Db, tenantId: string, filter: ItemFilter, order: SortOrder<ItemSortField>, window: PageWindow) {
  const condition = itemCondition(tenantId, filter);
  const rows = await prisma.$queryRaw<Array<{ total: bigint } & (InventoryItem | Record<keyof InventoryItem, null>)>>`
    SELECT counted.total, page.*
    FROM (SELECT COUNT(*) AS total FROM inventory_items WHERE ${condition}) AS counted
    LEFT JOIN LATERAL (
      SELECT ${ITEM_COLUMNS} FROM inventory_items WHERE ${condition} ORDER BY ${itemOrder(order)} LIMIT ${window.per_page} OFFSET ${window.skip}
    ) AS page ON true`;
  const data = rows.flatMap(({ total: _total, ...item }) => (item.id === null ? [] : [item as InventoryItem]));
  return { data, meta: { total: Number(rows[0]?.total ?? 0), page: window.page, per_page: window.per_page } };
}

export function findItem(prisma: Db, tenantId: string, id: string) {
  return prisma.inventoryItem.findUnique({ where: { tenant_id_id: { tenant_id: tenantId, id } } });
}

export function findItems(prisma: Db, tenantId: string, ids: readonly string[]) {
  return prisma.inventoryItem.findMany({ where: { tenant_id: tenantId, id: { in: [...ids] } } });
}

/** The item, locked for the rest of the transaction (`SELECT ... FOR UPDATE`); `not_found` when the tenant has none. */
export async function lockItem(tx: Prisma.TransactionClient, tenantId: string, id: string): Promise<InventoryItem> {
  const [item] = await tx.$queryRaw<InventoryItem[]>`SELECT * FROM inventory_items WHERE tenant_id = ${tenantId} AND id = ${id} FOR UPDATE`;
  if (!item) throw new ApiError('not_found', `No inventory item ${id} exists in this tenant.`);
  return item;
}

export function createItem(prisma: Db, tenantId: string, data: Omit<Prisma.InventoryItemUncheckedCreateInput, 'tenant_id'>) {
  return prisma.inventoryItem.create({ data: { ...data, tenant_id: tenantId } });
}

export function updateItem(prisma: Db, tenantId: string, id: string, data: Prisma.InventoryItemUncheckedUpdateInput) {
  return prisma.inventoryItem.update({ where: { tenant_id_id: { tenant_id: tenantId, id } }, data });
}

/** The SKUs among `ids` that exist in the tenant and are not archived. */
export async function activeItemIds(prisma: Db, tenantId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await prisma.inventoryItem.findMany({ where: { tenant_id: tenantId, id: { in: [...new Set(ids)] }, archived_at: null }, select: { id: true } });
  return new Set(rows.map((row) => row.id));
}

export type StockLevelRow = Prisma.StockLevelModel;

/** The stock levels of the given items, by item and warehouse. */
export function levelsOfItems(prisma: Db, tenantId: string, itemIds: readonly string[]) {
  return prisma.stockLevel.findMany({ where: { tenant_id: tenantId, item_id: { in: [...itemIds] } }, orderBy: [{ item_id: 'asc' }, { warehouse_id: 'asc' }] });
}
