import type { Db, Prisma } from '@platform/db';

/**
 * Cross-domain operations. A subgraph never reads or writes another domain's tables; when a
 * change in one domain must change another in the same transaction (fulfilling a sales order
 * takes stock out of inventory), the owning domain implements a port and the platform hands it
 * to every subgraph's resolvers as `context.platform`.
 */

/** What moved stock; kept on every movement so history explains itself. */
export interface StockMovementSource {
  type: 'sales_order' | 'purchase_order';
  id: string;
  /** The order line that moved the stock. */
  line_id?: string;
}

export interface StockChange {
  /** The SKU. */
  item_id: string;
  /** Default: the item's own warehouse (`warehouse_id`). */
  warehouse_id?: string;
  /** Signed: positive adds stock (receipt), negative takes it out (fulfilment). */
  quantity: number;
  kind: 'receipt' | 'fulfilment';
  source: StockMovementSource;
  /** Field path reported when this change is refused, e.g. `lines.2.quantity`. */
  field: string;
}

/** Implemented by the inventory subgraph. */
export interface StockPort {
  /**
   * Appends one movement per change and updates the stock levels, in the caller's transaction.
   * Refuses the whole set (nothing written) with `insufficient_stock` when a level would fall below
   * zero for an item that does not allow backorders, or `validation_failed` for an unknown SKU
   * or warehouse; each error names the change's `field`.
   */
  applyStockChanges(tx: Prisma.TransactionClient, tenantId: string, changes: StockChange[]): Promise<void>;
  /** The SKUs among `ids` that exist (and are not archived) in the tenant. */
  existingItemIds(db: Db, tenantId: string, ids: readonly string[]): Promise<Set<string>>;
}

/** A sales order as finance needs it to draw up an invoice. */
export interface InvoiceableOrder {
  id: string;
  kind: 'sales' | 'purchase';
  status: string;
  customer_id: string;
  currency: string;
  lines: Array<{ id: string; item_id: string; description: string; quantity: number; unit_price: number }>;
}

/** Implemented by the CRM subgraph. */
export interface OrdersPort {
  findOrderForInvoicing(db: Db, tenantId: string, orderId: string): Promise<InvoiceableOrder | null>;
  /** Whether a customer exists in the tenant (archived ones included). */
  customerExists(db: Db, tenantId: string, customerId: string): Promise<boolean>;
}
