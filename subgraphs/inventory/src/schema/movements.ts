import { ApiError } from '@platform/errors';
import { type SubgraphBuilder, listEnvelope, listOrder, listWindow, paginationArgs, sortArg, assertRanges } from '@platform/graphql-kit';
import { findMovement, listMovements } from '../repositories/movements.ts';
import type { InventoryTypes } from './types.ts';

const MOVEMENT_SORT_KEYS = { created_at: 'timestamp' } as const;
/** Movements of the same instant (a transfer's two rows) are ordered by insertion. */
const SEQ_KEY = { column: 'seq', kind: 'bigint' } as const;

/** The stock movement history: read-only (movements are written by the stock changes themselves). */
export function defineMovementSchema(builder: SubgraphBuilder, { StockMovement, StockMovementKind }: InventoryTypes): void {
  const StockMovementList = listEnvelope(builder, 'StockMovementList', StockMovement);

  builder.queryFields((t) => ({
    stock_movements: t.field({
      type: StockMovementList,
      description: 'The stock movement history, newest first by default.',
      authScopes: { scope: 'inventory:read' },
      args: {
        item_id: t.arg.string({ required: false, description: 'Only movements of this SKU.' }),
        warehouse_id: t.arg.string({ required: false, description: 'Only movements in this warehouse.' }),
        kind: t.arg({ type: StockMovementKind, required: false, description: 'Only movements of this kind.' }),
        source_id: t.arg.string({ required: false, description: 'Only movements caused by this order.' }),
        created_after: t.arg({ type: 'DateTime', required: false, description: 'Only movements recorded at or after this instant.' }),
        created_before: t.arg({ type: 'DateTime', required: false, description: 'Only movements recorded before this instant.' }),
        quantity_min: t.arg.int({ required: false, description: 'Only movements whose signed `quantity` is at least this (`1`: stock in only).' }),
        quantity_max: t.arg.int({ required: false, description: 'Only movements whose signed `quantity` is at most this (`-1`: stock out only).' }),
        sort: sortArg(t.arg, Object.keys(MOVEMENT_SORT_KEYS), '-created_at'),
        ...paginationArgs(t),
      },
      resolve: (_root, args, { prisma, principal }, info) => {
        assertRanges(args);
        return listMovements(prisma, principal.tenantId, args, listWindow(args, 'stock_movements', listOrder(args.sort, MOVEMENT_SORT_KEYS, '-created_at', SEQ_KEY), info));
      },
    }),
    stock_movement: t.field({
      type: StockMovement,
      description: 'One stock movement by id.',
      authScopes: { scope: 'inventory:read' },
      args: { id: t.arg.string({ required: true, description: 'The movement id (`mov_…`).' }) },
      resolve: async (_root, { id }, { prisma, principal }) => {
        const movement = await findMovement(prisma, principal.tenantId, id);
        if (!movement) throw new ApiError('not_found', `No stock movement ${id} exists in this tenant.`);
        return movement;
      },
    }),
  }));
}
