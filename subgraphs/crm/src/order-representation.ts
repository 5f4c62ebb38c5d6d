import type { OrderLineRecord, OrderRecord } from './records.ts';

/** An order as `GET /v1/crm/orders/:id` shows it: the fields of `Order` that are not GraphQL-only, lines included. */
export interface OrderRepresentation {
  id: string;
  number: string;
  kind: OrderRecord['kind'];
  status: OrderRecord['status'];
  customer_id: string;
  channel: string;
  external_reference: string | null;
  currency: string;
  lines: Array<{ id: string; item_id: string; description: string; quantity: number; unit_price: number; total: number }>;
  subtotal: number;
  total: number;
  notes: string | null;
  confirmed_at: string | null;
  fulfilled_at: string | null;
  received_at: string | null;
  cancelled_at: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

/**
 * The REST representation of an order, for the `data` of its events. Keep it in step with the
 * `Order` and `OrderLine` types (schema/orders.ts): the event-sources contract test compares an
 * event's `data` with the REST answer field by field.
 */
export function orderRepresentation(order: OrderRecord, lines: readonly OrderLineRecord[]): OrderRepresentation {
  return {
    id: order.id,
    number: order.number,
    kind: order.kind,
    status: order.status,
    customer_id: order.customer_id,
    channel: order.channel,
    external_reference: order.external_reference,
    currency: order.currency,
    lines: [...lines]
      .sort((a, b) => a.position - b.position)
      .map((line) => ({ id: line.id, item_id: line.item_id, description: line.description, quantity: line.quantity, unit_price: line.unit_price, total: line.total })),
    subtotal: order.subtotal,
    total: order.total,
    notes: order.notes,
    confirmed_at: iso(order.confirmed_at),
    fulfilled_at: iso(order.fulfilled_at),
    received_at: iso(order.received_at),
    cancelled_at: iso(order.cancelled_at),
    version: order.version,
    created_at: order.created_at.toISOString(),
    updated_at: order.updated_at.toISOString(),
  };
}
