import type { Prisma } from '@platform/db';
import type { EventEmitter } from '@platform/graphql-kit';
import type { InvoiceRecord, InvoiceStatus } from './repositories/invoices.ts';

/** An invoice as `GET /v1/finance/invoices/:id` shows it: the fields of `Invoice` that are not GraphQL-only, lines included. */
export interface InvoiceRepresentation {
  id: string;
  number: string | null;
  customer_id: string;
  order_id: string | null;
  currency: string;
  status: InvoiceStatus;
  lines: Array<{ id: string; item_id: string | null; description: string; quantity: number; unit_price: number; tax_rate: number; subtotal: number; tax: number; total: number }>;
  subtotal: number;
  tax_total: number;
  total: number;
  amount_paid: number;
  amount_due: number;
  payment_terms_days: number;
  due_date: string | null;
  memo: string | null;
  issued_at: string | null;
  paid_at: string | null;
  voided_at: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

/**
 * The REST representation of an invoice (loaded with its lines), for the `data` of its events.
 * Keep it in step with the `Invoice` and `InvoiceLine` types (schema/invoices.ts): the
 * finance-events contract test compares an event's `data` with the REST answer field by field.
 */
export function invoiceRepresentation(invoice: InvoiceRecord): InvoiceRepresentation {
  if (!invoice.lines) throw new Error(`invoiceRepresentation needs invoice ${invoice.id} with its lines`);
  return {
    id: invoice.id,
    number: invoice.number,
    customer_id: invoice.customer_id,
    order_id: invoice.order_id,
    currency: invoice.currency,
    status: invoice.status,
    lines: [...invoice.lines]
      .sort((a, b) => a.position - b.position)
      .map((line) => ({
        id: line.id,
        item_id: line.item_id,
        description: line.description,
        quantity: line.quantity,
        unit_price: line.unit_price,
        tax_rate: line.tax_rate,
        subtotal: line.subtotal,
        tax: line.tax,
        total: line.total,
      })),
    subtotal: invoice.subtotal,
    tax_total: invoice.tax_total,
    total: invoice.total,
    amount_paid: invoice.amount_paid,
    amount_due: invoice.amount_due,
    payment_terms_days: invoice.payment_terms_days,
    due_date: invoice.due_date,
    memo: invoice.memo,
    issued_at: iso(invoice.issued_at),
    paid_at: iso(invoice.paid_at),
    voided_at: iso(invoice.voided_at),
    version: invoice.version,
    created_at: invoice.created_at.toISOString(),
    updated_at: invoice.updated_at.toISOString(),
  };
}

/** A payment as `invoice.payment_recorded` carries it, beside the invoice. */
export interface PaymentRepresentation {
  /** The payment's ledger entry (`le_…`). */
  id: string;
  amount: number;
  currency: string;
  recorded_at: string;
}

export type InvoiceEventType = 'invoice.issued' | 'invoice.payment_recorded' | 'invoice.paid' | 'invoice.voided';

/**
 * Emits an invoice event in the change's transaction: the invoice as the REST API shows it after
 * the change, about the invoice. `invoice.payment_recorded` also carries the `payment`.
 */
export function emitInvoiceEvent(tx: Prisma.TransactionClient, tenantId: string, emitter: EventEmitter, type: 'invoice.payment_recorded', invoice: InvoiceRecord, payment: PaymentRepresentation): Promise<void>;
export function emitInvoiceEvent(tx: Prisma.TransactionClient, tenantId: string, emitter: EventEmitter, type: Exclude<InvoiceEventType, 'invoice.payment_recorded'>, invoice: InvoiceRecord): Promise<void>;
export async function emitInvoiceEvent(tx: Prisma.TransactionClient, tenantId: string, emitter: EventEmitter, type: InvoiceEventType, invoice: InvoiceRecord, payment?: PaymentRepresentation): Promise<void> {
  const data = payment === undefined ? invoiceRepresentation(invoice) : { ...invoiceRepresentation(invoice), payment };
  await emitter.events.emit(tx, tenantId, { type, data, resource: { type: 'invoice', id: invoice.id } }, emitter.source);
}
