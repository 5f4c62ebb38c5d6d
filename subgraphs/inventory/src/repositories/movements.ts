import type { Db, Prisma } from '@platform/db';
import { type ListWindow, type PageWindow, prismaListPage } from '@platform/graphql-kit';
import type { MovementKind } from './stock.ts';

export type StockMovementRow = Prisma.StockMovementModel;

export interface MovementFilter {
  item_id?: string | null;
  warehouse_id?: string | null;
  kind?: MovementKind | null;
  source_id?: string | null;
  /** Inclusive. */
  created_after?: Date | null;
  /** Exclusive. */
  created_before?: Date | null;
  /** Inclusive, of the signed quantity. */
  quantity_min?: number | null;
  /** Inclusive, of the signed quantity. */
  quantity_max?: number | null;
}

/** `created_at` order; `seq` (insertion order) breaks ties between movements of the same instant, such as a transfer's two rows. */
export async function listMovements(prisma: Db, tenantId: string, filter: MovementFilter, window: ListWindow) {
  const where: Prisma.StockMovementWhereInput = { tenant_id: tenantId };
  if (filter.item_id != null) where.item_id = filter.item_id;
  if (filter.warehouse_id != null) where.warehouse_id = filter.warehouse_id;
  if (filter.kind != null) where.kind = filter.kind;
  if (filter.source_id != null) where.source_id = filter.source_id;
  if (filter.created_after != null || filter.created_before != null) {
    where.created_at = { ...(filter.created_after != null && { gte: filter.created_after }), ...(filter.created_before != null && { lt: filter.created_before }) };
  }
  if (filter.quantity_min != null || filter.quantity_max != null) {
    where.quantity = { ...(filter.quantity_min != null && { gte: filter.quantity_min }), ...(filter.quantity_max != null && { lte: filter.quantity_max }) };
  }
  return prismaListPage(prisma.stockMovement, where, window);
}

export function findMovement(prisma: Db, tenantId: string, id: string) {
  return prisma.stockMovement.findUnique({ where: { tenant_id_id: { tenant_id: tenantId, id } } });
}

/** One page of each item's movements, newest first: one statement for any number of items. */
export function latestMovementsOfItems(prisma: Db, tenantId: string, itemIds: readonly string[], window: PageWindow) {
  return prisma.$queryRaw<StockMovementRow[]>`
    SELECT tenant_id, id, seq, item_id, warehouse_id, kind::text AS kind, quantity, quantity_after, reason, source_type, source_id, source_line_id, transfer_id, created_at
    FROM (
      SELECT movement.*, row_number() OVER (PARTITION BY item_id ORDER BY created_at DESC, seq DESC) AS position
      FROM stock_movements AS movement
      WHERE tenant_id = ${tenantId} AND item_id = ANY(${[...itemIds]}::text[])
    ) AS ranked
    WHERE position > ${window.skip} AND position <= ${window.skip + window.per_page}
    ORDER BY item_id, created_at DESC, seq DESC`;
}
