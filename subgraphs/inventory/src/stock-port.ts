import type { StockChange, StockPort } from '@platform/graphql-kit';
import { ApiError, type FieldError } from '@platform/errors';
import { activeItemIds } from './repositories/items.ts';
import { applyStockOperations } from './repositories/stock.ts';

/**
 * Inventory's side of the stock port: other domains (CRM fulfilling a sales order, receiving a
 * purchase order) move stock through it, in their own transaction, and never touch the
 * inventory tables. Changes go through the same function, locks and rules as the inventory
 * actions; each movement keeps the order (`source_type`, `source_id`, `source_line_id`) that
 * caused it.
 */
export const stockPort: StockPort = {
  async applyStockChanges(tx, tenantId, changes, emitter) {
    const invalid: FieldError[] = [];
    for (const change of changes) {
      if (!Number.isSafeInteger(change.quantity)) invalid.push({ field: change.field, message: 'must be an integer' });
      else if (change.kind === 'receipt' && change.quantity < 0) invalid.push({ field: change.field, message: 'a receipt adds stock: its quantity must be positive' });
      else if (change.kind === 'fulfilment' && change.quantity > 0) invalid.push({ field: change.field, message: 'a fulfilment takes stock out: its quantity must be negative' });
    }
    if (invalid.length > 0) throw new ApiError('validation_failed', invalid.map((error) => `${error.field}: ${error.message}`).join('; '), { errors: invalid });
    await applyStockOperations(
      tx,
      tenantId,
      changes.map((change: StockChange) => ({
        item_id: change.item_id,
        warehouse_id: change.warehouse_id,
        quantity: change.quantity,
        kind: change.kind,
        source: change.source,
        field: change.field,
      })),
      emitter,
    );
  },
  existingItemIds: (db, tenantId, ids) => activeItemIds(db, tenantId, ids),
};
