import { type Db, type InventoryItem, Prisma, type SqlRunner } from '@platform/db';
import { ApiError } from '@platform/errors';
import { type KeyKind, type ListWindow, escapeLike, keysetSql, listPage, orderBySql } from '@platform/graphql-kit';

export interface ItemFilter {
  reorder_below?: boolean | null;
  warehouse_id?: string | null;
  archived?: boolean | null;
  /** Contained in the SKU or the name, ignoring case. */
  q?: string | null;
  quantity_on_hand_min?: number | null;
  quantity_on_hand_max?: number | null;
  reorder_point_min?: number | null;
  reorder_point_max?: number | null;
  unit_cost_min?: number | null;
  unit_cost_max?: number | null;
}

/** The columns of the item list's ranges (`<column>_min` / `<column>_max`, both inclusive). */
const RANGE_COLUMNS = ['quantity_on_hand', 'reorder_point', 'unit_cost'] as const;

/** The sortable fields of the item list and the kind of their values (in cursors); ties are broken by the SKU. */
export const ITEM_SORT_KEYS = { id: 'text', name: 'text', quantity_on_hand: 'integer', created_at: 'timestamp', updated_at: 'timestamp' } as const satisfies Record<string, KeyKind>;
export type ItemSortField = keyof typeof ITEM_SORT_KEYS;

/** Every column of the model (whose fields are named as their columns), as Prisma's findMany returns them. */
const ITEM_COLUMNS = Prisma.join(Object.values(Prisma.InventoryItemScalarFieldEnum).map((column) => Prisma.raw(`"${column}"`)));

/**
 * Every query is scoped to one tenant: the tenant id is a required argument, never optional.
 * The conditions are written as the partial indexes of migration 0015 state them
 * (`archived_at IS NULL AND quantity_on_hand < reorder_point`), so the planner can use them.
 */
function itemCondition(tenantId: string, filter: ItemFilter): Prisma.Sql {
  const conditions = [Prisma.sql`tenant_id = ${tenantId}`];
  conditions.push(filter.archived === true ? Prisma.sql`archived_at IS NOT NULL` : Prisma.sql`archived_at IS NULL`);
  if (filter.reorder_below === true) conditions.push(Prisma.sql`quantity_on_hand < reorder_point`);
  if (filter.reorder_below === false) conditions.push(Prisma.sql`NOT (quantity_on_hand < reorder_point)`);
  if (filter.warehouse_id != null) conditions.push(Prisma.sql`warehouse_id = ${filter.warehouse_id}`);
  for (const column of RANGE_COLUMNS) {
    const [min, max] = [filter[`${column}_min`], filter[`${column}_max`]];
    if (min != null) conditions.push(Prisma.sql`${Prisma.raw(column)} >= ${min}`);
    if (max != null) conditions.push(Prisma.sql`${Prisma.raw(column)} <= ${max}`);
  }
  if (filter.q != null) {
    // Literal text: LIKE's wildcards and escape character escaped. Served by the trigram index of migration 0027.
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(Prisma.sql`(id ILIKE ${pattern} OR name ILIKE ${pattern})`);
  }
  return Prisma.join(conditions, ' AND ');
}

/** Whether the counters answer the filter's total: they are kept per home warehouse, reorder state and archiving only. */
function counted(filter: ItemFilter): boolean {
  return filter.q == null && RANGE_COLUMNS.every((column) => filter[`${column}_min`] == null && filter[`${column}_max`] == null);
}

/** The same filter over `inventory_item_counts`, whose buckets are the filter's dimensions. */
function countCondition(tenantId: string, filter: ItemFilter): Prisma.Sql {
  const conditions = [Prisma.sql`tenant_id = ${tenantId}`, Prisma.sql`archived = ${filter.archived === true}`];
  if (filter.reorder_below != null) conditions.push(Prisma.sql`below_reorder_point = ${filter.reorder_below}`);
  if (filter.warehouse_id != null) conditions.push(Prisma.sql`warehouse_id = ${filter.warehouse_id}`);
  return Prisma.join(conditions, ' AND ');
}

/**
 * Compaction threshold: counter rows a tenant's buckets may hold beyond two per bucket before a
 * list folds them into one per bucket.
 */
const COUNTER_ROWS_SLACK = 64;

/**
 * A page of items and, when asked, the count of all matching items, in one statement (one
 * snapshot). The hottest read of the platform; the statement is written so that every filter and
 * sort is one index range scan of `per_page + 1` rows, on page 1 and after a cursor alike
 * (`(sort key, id) > (cursor)`); only numbered pages far from the start pay for the rows they
 * skip (OFFSET).
 *
 * The total is not counted from the items: counting a million rows takes a quarter of a second.
 * `inventory_item_counts` holds, per tenant, signed counts of items per home warehouse, below the
 * reorder point or not, archived or not, written by triggers in the transaction of every change
 * to an item (migration 0015); the sum of the buckets a filter selects is the exact count of the
 * items it matches, in the same snapshot as the page. The triggers only append (no row is
 * updated, so concurrent writers never wait for each other); when a tenant's rows pile up, the
 * list folds them (`compactItemCounts`). A search (`q`) or a range is not among the buckets: its
 * total counts the items it matches, which costs what matching them costs.
 */
export async function listItems(prisma: Db, tenantId: string, filter: ItemFilter, window: ListWindow) {
  const condition = itemCondition(tenantId, filter);
  const keyset = keysetSql(window);
  const page = Prisma.sql`
    SELECT ${ITEM_COLUMNS} FROM inventory_items
    WHERE ${condition}${keyset ? Prisma.sql` AND ${keyset}` : Prisma.empty}
    ORDER BY ${orderBySql(window.order)} LIMIT ${window.take} OFFSET ${window.skip}`;
  if (!window.countTotal) return listPage(await prisma.$queryRaw<InventoryItem[]>(page), window, null);

  const count = counted(filter)
    ? Prisma.sql`
      SELECT COALESCE(SUM(items), 0)::bigint AS total, COUNT(*) AS counter_rows, COUNT(DISTINCT (warehouse_id, below_reorder_point)) AS buckets
      FROM inventory_item_counts WHERE ${countCondition(tenantId, filter)}`
    : Prisma.sql`SELECT COUNT(*) AS total, 0::bigint AS counter_rows, 0::bigint AS buckets FROM inventory_items WHERE ${condition}`;
  const rows = await prisma.$queryRaw<Array<{ total: bigint; counter_rows: bigint; buckets: bigint } & (InventoryItem | Record<keyof InventoryItem, null>)>>`
    SELECT counted.total, counted.counter_rows, counted.buckets, page.*
    FROM (${count}) AS counted
    LEFT JOIN LATERAL (${page}) AS page ON true`;
  const first = rows[0];
  if (first && first.counter_rows > 2n * first.buckets + BigInt(COUNTER_ROWS_SLACK)) await compactItemCounts(prisma, tenantId);
  const items = rows.flatMap(({ total: _total, counter_rows: _rows, buckets: _buckets, ...item }) => (item.id === null ? [] : [item as InventoryItem]));
  return listPage(items, window, Number(first?.total ?? 0));
}

/** An arbitrary constant naming the counter compaction locks among PostgreSQL advisory locks (the second key is the tenant's hash). */
const COMPACTION_LOCK = 7_340_223;

/**
 * Folds a tenant's item counter rows into one row per bucket, in one statement: the rows it
 * deletes and the sums it inserts commit together, so every snapshot sums to the same counts.
 * Rows a concurrent transaction appends meanwhile are not seen, hence kept. One compaction of a
 * tenant at a time (a transaction-level advisory lock; another one skips). A failure is
 * harmless (the rows stay as they were; a later list folds them), so it is not reported.
 */
export async function compactItemCounts(prisma: Db, tenantId: string): Promise<void> {
  try {
    await prisma.$executeRaw`
      WITH locked AS (SELECT pg_try_advisory_xact_lock(${COMPACTION_LOCK}, hashtext(${tenantId})) AS granted),
      folded AS (
        DELETE FROM inventory_item_counts AS counts USING locked
        WHERE locked.granted AND counts.tenant_id = ${tenantId}
        RETURNING counts.warehouse_id, counts.below_reorder_point, counts.archived, counts.items
      )
      INSERT INTO inventory_item_counts (tenant_id, warehouse_id, below_reorder_point, archived, items)
      SELECT ${tenantId}, warehouse_id, below_reorder_point, archived, SUM(items) FROM folded
      GROUP BY warehouse_id, below_reorder_point, archived HAVING SUM(items) <> 0`;
  } catch {
    // Left as it was: the counts are exact either way, only the number of rows to sum stays.
  }
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
export async function activeItemIds(db: SqlRunner, tenantId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  // Raw: order creation checks its lines' items with it inside its SqlTransaction.
  const rows = await db.$queryRaw<Array<{ id: string }>>`
    SELECT id FROM inventory_items WHERE tenant_id = ${tenantId} AND id = ANY(${[...new Set(ids)]}::text[]) AND archived_at IS NULL`;
  return new Set(rows.map((row) => row.id));
}

export type StockLevelRow = Prisma.StockLevelModel;

/** The stock levels of the given items, by item and warehouse. */
export function levelsOfItems(prisma: Db, tenantId: string, itemIds: readonly string[]) {
  return prisma.stockLevel.findMany({ where: { tenant_id: tenantId, item_id: { in: [...itemIds] } }, orderBy: [{ item_id: 'asc' }, { warehouse_id: 'asc' }] });
}
