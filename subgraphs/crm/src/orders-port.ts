import type { OrdersPort } from '@platform/graphql-kit';
import { customerExists } from './repositories/customers.ts';
import { findOrder, linesOf } from './repositories/orders.ts';

/**
 * What other domains may know of orders (finance draws up an invoice from an order). Read-only,
 * through the caller's client or transaction; an unknown id or another tenant's gives null/false.
 */
export const ordersPort: OrdersPort = {
  async findOrderForInvoicing(db, tenantId, orderId) {
    const order = await findOrder(db, tenantId, orderId);
    if (!order) return null;
    const lines = await linesOf(db, tenantId, [order.id]);
    return {
      id: order.id,
      kind: order.kind,
      status: order.status,
      customer_id: order.customer_id,
      currency: order.currency,
      lines: lines.map((line) => ({ id: line.id, item_id: line.item_id, description: line.description, quantity: line.quantity, unit_price: line.unit_price })),
    };
  },
  customerExists,
};
