import { type Db, type Prisma, newId } from '@platform/db';
import { ApiError, fieldErrors } from '@platform/errors';
import { type EventEmitter, type OrdersPort, assertCurrentVersion, defineLifecycle } from '@platform/graphql-kit';
import { emitInvoiceEvent } from '../invoice-representation.ts';
import { invoiceAmounts } from '../money.ts';
import {
  type InvoiceRecord,
  type InvoiceStatus,
  deleteInvoiceRow,
  deleteLines,
  findInvoice,
  formatDate,
  formatInvoiceNumber,
  insertInvoice,
  insertLines,
  lockInvoice,
  nextInvoiceSequence,
  parseDate,
  updateInvoiceRow,
} from '../repositories/invoices.ts';
import { issueEntryOf } from '../repositories/ledger.ts';
import { ACCOUNTS, type EntryLine, postEntry, postReversal } from './ledger.ts';

/**
 * The invoice lifecycle. `pay` leads to `paid` once nothing is due; a partial payment leaves the
 * invoice `issued`. `void` of an issued invoice is refused once any payment was recorded.
 */
export const invoiceLifecycle = defineLifecycle<InvoiceStatus, 'issue' | 'pay' | 'void'>('an invoice', {
  issue: { from: ['draft'], to: 'issued' },
  pay: { from: ['issued'], to: 'paid' },
  void: { from: ['draft', 'issued'], to: 'void' },
});

/** Statuses of a sales order that can be invoiced. */
export const INVOICEABLE_ORDER_STATUSES = ['confirmed', 'fulfilled'];

export const DEFAULT_PAYMENT_TERMS_DAYS = 30;

export interface LineInput {
  item_id?: string | null;
  description: string;
  quantity: number;
  unit_price: number;
  tax_rate?: number | null;
}

export interface CreateInvoiceData {
  customer_id?: string;
  order_id?: string;
  currency?: string;
  lines?: LineInput[];
  tax_rate?: number;
  due_date?: string;
  payment_terms_days?: number;
  memo?: string;
}

export interface UpdateInvoiceData {
  customer_id?: string;
  currency?: string;
  lines?: LineInput[];
  due_date?: string;
  payment_terms_days?: number;
  memo?: string;
}

/** What an invoice write needs of the request. */
export interface InvoiceWriteContext {
  tenantId: string;
  orders: OrdersPort;
  /** The REST `If-Match` version, if any (see assertCurrentVersion). */
  ifMatchVersion?: number | undefined;
}

function computeLines(lines: readonly LineInput[]) {
  const amounts = invoiceAmounts(lines.map((line) => ({ ...line, tax_rate: line.tax_rate ?? 0 })));
  return {
    totals: { subtotal: amounts.subtotal, tax_total: amounts.tax_total, total: amounts.total },
    lines: amounts.lines.map((line) => ({
      id: newId('inl'),
      item_id: line.item_id ?? null,
      description: line.description,
      quantity: line.quantity,
      unit_price: line.unit_price,
      tax_rate: line.tax_rate,
      subtotal: line.subtotal,
      tax: line.tax,
      total: line.total,
    })),
  };
}

async function requireCustomer(tx: Db, context: InvoiceWriteContext, customerId: string): Promise<void> {
  if (!(await context.orders.customerExists(tx, context.tenantId, customerId))) {
    throw fieldErrors('rule_violation', 'customer_id', `No customer ${customerId} exists in this tenant.`);
  }
}

async function reload(tx: Db, tenantId: string, id: string): Promise<InvoiceRecord> {
  const invoice = await findInvoice(tx, tenantId, id);
  if (!invoice) throw new Error(`invoice ${id} vanished inside its own transaction`);
  return invoice;
}

async function lockForChange(tx: Prisma.TransactionClient, context: InvoiceWriteContext, id: string, inputVersion: number | null | undefined): Promise<InvoiceRecord> {
  const invoice = await lockInvoice(tx, context.tenantId, id);
  if (!invoice) throw new ApiError('not_found', `No invoice ${id} exists in this tenant.`);
  assertCurrentVersion(context, inputVersion, invoice);
  return invoice;
}

/** Changing or deleting is for drafts only; like a refused action, it names the actions the status allows. */
function assertDraft(invoice: InvoiceRecord, doing: string): void {
  if (invoice.status !== 'draft') {
    const allowed = invoiceLifecycle.allowedActions(invoice.status).filter((action) => action !== 'void' || invoice.amount_paid === 0);
    throw new ApiError('invalid_transition', `Invoice ${invoice.id} is ${invoice.status}; only draft invoices can be ${doing}.`, { current_status: invoice.status, allowed_actions: allowed });
  }
}

/**
 * Creates a draft invoice, either from the client's lines or from a sales order (`order_id`):
 * then the order's customer, currency and lines are copied (with `tax_rate` on every line).
 */
export async function createInvoice(tx: Prisma.TransactionClient, context: InvoiceWriteContext, data: CreateInvoiceData): Promise<InvoiceRecord> {
  let customerId: string;
  let currency: string;
  let lines: LineInput[];
  if (data.order_id !== undefined) {
    const order = await context.orders.findOrderForInvoicing(tx, context.tenantId, data.order_id);
    if (!order) throw fieldErrors('rule_violation', 'order_id', `No order ${data.order_id} exists in this tenant.`);
    if (order.kind !== 'sales') throw fieldErrors('rule_violation', 'order_id', `Order ${order.id} is a ${order.kind} order; only sales orders are invoiced to customers.`);
    if (!INVOICEABLE_ORDER_STATUSES.includes(order.status)) {
      throw new ApiError('invalid_state', `Order ${order.id} is ${order.status}; only confirmed or fulfilled sales orders can be invoiced.`, {
        order_status: order.status,
        errors: [{ field: 'order_id', message: `the order is ${order.status}; it must be confirmed or fulfilled` }],
      });
    }
    customerId = order.customer_id;
    currency = order.currency;
    lines = order.lines.map((line) => ({
      item_id: line.item_id,
      description: line.description.trim() === '' ? line.item_id : line.description,
      quantity: line.quantity,
      unit_price: line.unit_price,
      tax_rate: data.tax_rate ?? 0,
    }));
  } else {
    // The input rules require both when there is no order.
    customerId = data.customer_id as string;
    currency = data.currency as string;
    lines = data.lines ?? [];
    await requireCustomer(tx, context, customerId);
  }
  const computed = computeLines(lines);
  const id = newId('inv');
  await insertInvoice(tx, context.tenantId, {
    id,
    customer_id: customerId,
    order_id: data.order_id ?? null,
    currency,
    status: 'draft',
    ...computed.totals,
    payment_terms_days: data.payment_terms_days ?? DEFAULT_PAYMENT_TERMS_DAYS,
    due_date: data.due_date !== undefined ? parseDate(data.due_date) : null,
    memo: data.memo === undefined || data.memo === '' ? null : data.memo,
  });
  await insertLines(tx, context.tenantId, id, computed.lines);
  return reload(tx, context.tenantId, id);
}

/** Changes a draft: absent fields keep their value; `lines` replaces every line. */
export async function updateInvoice(tx: Prisma.TransactionClient, context: InvoiceWriteContext, id: string, changes: UpdateInvoiceData, inputVersion: number | undefined): Promise<InvoiceRecord> {
  const invoice = await lockForChange(tx, context, id, inputVersion);
  assertDraft(invoice, 'changed');
  if (changes.customer_id !== undefined) await requireCustomer(tx, context, changes.customer_id);
  const data: Prisma.InvoiceUncheckedUpdateInput = {};
  if (changes.customer_id !== undefined) data.customer_id = changes.customer_id;
  if (changes.currency !== undefined) data.currency = changes.currency;
  if (changes.due_date !== undefined) data.due_date = parseDate(changes.due_date);
  if (changes.payment_terms_days !== undefined) data.payment_terms_days = changes.payment_terms_days;
  if (changes.memo !== undefined) data.memo = changes.memo === '' ? null : changes.memo;
  if (changes.lines !== undefined) {
    const computed = computeLines(changes.lines);
    Object.assign(data, computed.totals);
    await deleteLines(tx, context.tenantId, id);
    await insertLines(tx, context.tenantId, id, computed.lines);
  }
  await updateInvoiceRow(tx, context.tenantId, id, data);
  return reload(tx, context.tenantId, id);
}

/** Deletes a draft invoice (and its lines); returns it as it was. */
export async function deleteInvoice(tx: Prisma.TransactionClient, context: InvoiceWriteContext, id: string, inputVersion: number | undefined): Promise<InvoiceRecord> {
  const invoice = await lockForChange(tx, context, id, inputVersion);
  assertDraft(invoice, 'deleted (void an issued invoice instead)');
  await deleteInvoiceRow(tx, context.tenantId, id);
  return invoice;
}

function addDays(date: Date, days: number): Date {
  const result = new Date(date.getTime());
  result.setUTCDate(result.getUTCDate() + days);
  return result;
}

/**
 * Issues a draft: assigns the next invoice number, fixes the due date (when none was given: the
 * issue date plus `payment_terms_days`) and posts the issue entry — Dr accounts_receivable
 * total, Cr revenue subtotal, Cr tax_payable tax_total (the tax line only when there is tax).
 * An invoice whose total is 0 has nothing to collect: it is issued straight to `paid`, without
 * an entry (Stripe does the same).
 *
 * Emits `invoice.issued` (then `invoice.paid` for a total of 0) in the same transaction, through
 * `emitter`: required, so that no path can issue an invoice without its events.
 */
export async function issueInvoice(tx: Prisma.TransactionClient, context: InvoiceWriteContext, id: string, inputVersion: number | undefined, emitter: EventEmitter): Promise<InvoiceRecord> {
  const invoice = await lockForChange(tx, context, id, inputVersion);
  invoiceLifecycle.transition('issue', invoice.status);
  if (!invoice.lines || invoice.lines.length === 0) {
    throw new ApiError('invalid_state', `Invoice ${id} has no lines; an invoice needs at least one line to be issued.`, { errors: [{ field: 'lines', message: 'at least one line is required to issue' }] });
  }
  await requireCustomer(tx, context, invoice.customer_id);
  const now = new Date();
  const sequence = await nextInvoiceSequence(tx, context.tenantId);
  const number = formatInvoiceNumber(sequence);
  const dueDate = invoice.due_date !== null ? parseDate(invoice.due_date) : addDays(parseDate(formatDate(now)), invoice.payment_terms_days);
  const nothingDue = invoice.total === 0;
  if (!nothingDue) {
    const lines: EntryLine[] = [
      { account: ACCOUNTS.receivable, debit: invoice.total, credit: 0 },
      { account: ACCOUNTS.revenue, debit: 0, credit: invoice.subtotal },
    ];
    if (invoice.tax_total > 0) lines.push({ account: ACCOUNTS.taxPayable, debit: 0, credit: invoice.tax_total });
    await postEntry(tx, context.tenantId, {
      currency: invoice.currency,
      description: `Invoice ${number} issued`,
      posted_at: now,
      source_type: 'invoice',
      source_id: id,
      reverses_entry_id: null,
      lines: lines.filter((line) => line.debit > 0 || line.credit > 0),
    });
  }
  await updateInvoiceRow(tx, context.tenantId, id, {
    status: nothingDue ? 'paid' : 'issued',
    number,
    sequence,
    issued_at: now,
    due_date: dueDate,
    ...(nothingDue && { paid_at: now }),
  });
  const issued = await reload(tx, context.tenantId, id);
  await emitInvoiceEvent(tx, context.tenantId, emitter, 'invoice.issued', issued);
  if (nothingDue) await emitInvoiceEvent(tx, context.tenantId, emitter, 'invoice.paid', issued);
  return issued;
}

/**
 * Records a payment of `amount` (default: everything due): Dr cash, Cr accounts_receivable.
 * Partial payments are allowed; the invoice becomes `paid` when nothing is due any more. Paying
 * more than is due is refused (`rule_violation` at `amount`).
 *
 * Emits `invoice.payment_recorded` (the invoice after the payment, and the payment: its ledger
 * entry's id, amount, currency and time), then `invoice.paid` when nothing is due any more, in the
 * same transaction, through `emitter`.
 */
export async function payInvoice(tx: Prisma.TransactionClient, context: InvoiceWriteContext, id: string, amount: number | undefined, inputVersion: number | undefined, emitter: EventEmitter): Promise<InvoiceRecord> {
  const invoice = await lockForChange(tx, context, id, inputVersion);
  invoiceLifecycle.transition('pay', invoice.status);
  const paying = amount ?? invoice.amount_due;
  if (paying > invoice.amount_due) {
    throw fieldErrors('rule_violation', 'amount', `The payment (${paying}) exceeds the amount due (${invoice.amount_due} ${invoice.currency}).`);
  }
  const now = new Date();
  const entry = await postEntry(tx, context.tenantId, {
    currency: invoice.currency,
    description: `Payment of invoice ${invoice.number}`,
    posted_at: now,
    source_type: 'payment',
    source_id: id,
    reverses_entry_id: null,
    lines: [
      { account: ACCOUNTS.cash, debit: paying, credit: 0 },
      { account: ACCOUNTS.receivable, debit: 0, credit: paying },
    ],
  });
  const settled = paying === invoice.amount_due;
  await updateInvoiceRow(tx, context.tenantId, id, {
    amount_paid: { increment: BigInt(paying) },
    ...(settled && { status: 'paid', paid_at: now }),
  });
  const paid = await reload(tx, context.tenantId, id);
  await emitInvoiceEvent(tx, context.tenantId, emitter, 'invoice.payment_recorded', paid, { id: entry.id, amount: paying, currency: entry.currency, recorded_at: entry.posted_at.toISOString() });
  if (settled) await emitInvoiceEvent(tx, context.tenantId, emitter, 'invoice.paid', paid);
  return paid;
}

/**
 * Voids an invoice. A draft is voided without any entry; an issued invoice without payments is
 * voided by posting the reversal of its issue entry. Once a payment exists, void is refused
 * (`invalid_transition`): the money received must be refunded first.
 *
 * Emits `invoice.voided` in the same transaction, through `emitter`.
 */
export async function voidInvoice(tx: Prisma.TransactionClient, context: InvoiceWriteContext, id: string, inputVersion: number | undefined, emitter: EventEmitter): Promise<InvoiceRecord> {
  const invoice = await lockForChange(tx, context, id, inputVersion);
  if (invoice.status === 'issued' && invoice.amount_paid > 0) {
    throw new ApiError('invalid_transition', `Cannot void invoice ${id}: ${invoice.amount_paid} ${invoice.currency} of it has been paid; allowed: pay.`, {
      current_status: invoice.status,
      allowed_actions: invoiceLifecycle.allowedActions(invoice.status).filter((action) => action !== 'void'),
    });
  }
  invoiceLifecycle.transition('void', invoice.status);
  if (invoice.status === 'issued') {
    const issueEntry = await issueEntryOf(tx, context.tenantId, id);
    if (issueEntry) await postReversal(tx, context.tenantId, issueEntry, `Invoice ${invoice.number} voided`);
  }
  await updateInvoiceRow(tx, context.tenantId, id, { status: 'void', voided_at: new Date() });
  const voided = await reload(tx, context.tenantId, id);
  await emitInvoiceEvent(tx, context.tenantId, emitter, 'invoice.voided', voided);
  return voided;
}
