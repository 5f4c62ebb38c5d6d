import { type Db, Prisma } from '@platform/db';
import type { PageWindow } from '@platform/graphql-kit';
import type { StockLevelRow } from './items.ts';

export interface WarehouseStockFilter {
  /** `true`: only levels of items whose total stock is below their reorder point; `false`: only the others. */
  reorder_below?: boolean | null;
}

/**
 * One page of the stock levels of each warehouse (by item id), for any number of warehouses in
 * one statement: the levels are numbered per warehouse (ROW_NUMBER) and each warehouse keeps its
 * rows `skip + 1` to `skip + per_page`. The low-stock filter is the item list's (`reorder_below`):
 * the item's total `quantity_on_hand` against its `reorder_point`, archived items excluded.
 */
export function stockLevelsOfWarehouses(db: Db, tenantId: string, warehouseIds: readonly string[], filter: WarehouseStockFilter, window: PageWindow): Promise<StockLevelRow[]> {
  const conditions = [Prisma.sql`level.tenant_id = ${tenantId}`, Prisma.sql`level.warehouse_id = ANY(${[...warehouseIds]}::text[])`];
  if (filter.reorder_below != null) {
    const below = Prisma.sql`item.archived_at IS NULL AND item.quantity_on_hand < item.reorder_point`;
    conditions.push(filter.reorder_below ? below : Prisma.sql`NOT (${below})`);
  }
  return db.$queryRaw<StockLevelRow[]>`
    SELECT tenant_id, item_id, warehouse_id, quantity_on_hand, created_at, updated_at
    FROM (
      SELECT level.*, ROW_NUMBER() OVER (PARTITION BY level.warehouse_id ORDER BY level.item_id) AS position
      FROM stock_levels AS level
      JOIN inventory_items AS item ON item.tenant_id = level.tenant_id AND item.id = level.item_id
      WHERE ${Prisma.join(conditions, ' AND ')}
    ) AS numbered
    WHERE position > ${window.skip} AND position <= ${window.skip + window.per_page}
    ORDER BY warehouse_id, item_id`;
}

export interface WarehouseStockValueRow {
  warehouse_id: string;
  currency: string;
  amount: number;
}

/**
 * The value of each warehouse's stock per currency (each level's quantity × its item's unit
 * cost, summed), for any number of warehouses in one statement. Items without a cost are left
 * out; amounts of different currencies are never added together.
 */
export async function stockValueOfWarehouses(db: Db, tenantId: string, warehouseIds: readonly string[]): Promise<WarehouseStockValueRow[]> {
  const rows = await db.$queryRaw<Array<{ warehouse_id: string; currency: string; amount: Prisma.Decimal }>>`
    SELECT level.warehouse_id, item.currency, SUM(level.quantity_on_hand::bigint * item.unit_cost) AS amount
    FROM stock_levels AS level
    JOIN inventory_items AS item ON item.tenant_id = level.tenant_id AND item.id = level.item_id
    WHERE level.tenant_id = ${tenantId} AND level.warehouse_id = ANY(${[...warehouseIds]}::text[]) AND item.unit_cost IS NOT NULL
    GROUP BY level.warehouse_id, item.currency
    ORDER BY level.warehouse_id, item.currency`;
  return rows.map((row) => ({ warehouse_id: row.warehouse_id, currency: row.currency, amount: Number(row.amount) }));
}
