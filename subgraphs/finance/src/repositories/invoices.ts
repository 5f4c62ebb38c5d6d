import type { Db, Prisma } from '@platform/db';
import { type ListWindow, type SortKey, instantRange, keysetWhere, listPage, prismaOrderBy, valueRange } from '@platform/graphql-kit';
import { toMinorUnits } from '../money.ts';

export type InvoiceStatus = 'draft' | 'issued' | 'paid' | 'void';
export const INVOICE_STATUSES: readonly InvoiceStatus[] = ['draft', 'issued', 'paid', 'void'];

type InvoiceRow = Prisma.InvoiceGetPayload<object>;
type InvoiceLineRow = Prisma.InvoiceLineGetPayload<object>;

/** An invoice line as the API shows it (money as MinorUnits numbers). */
export interface InvoiceLineRecord {
  id: string;
  invoice_id: string;
  position: number;
  item_id: string | null;
  description: string;
  quantity: number;
  unit_price: number;
  tax_rate: number;
  subtotal: number;
  tax: number;
  total: number;
}

/** An invoice as the API shows it; `lines` is filled when the loader already has them. */
export interface InvoiceRecord {
  id: string;
  number: string | null;
  customer_id: string;
  order_id: string | null;
  currency: string;
  status: InvoiceStatus;
  subtotal: number;
  tax_total: number;
  total: number;
  amount_paid: number;
  amount_due: number;
  payment_terms_days: number;
  /** `YYYY-MM-DD`. */
  due_date: string | null;
  memo: string | null;
  issued_at: Date | null;
  paid_at: Date | null;
  voided_at: Date | null;
  version: number;
  created_at: Date;
  updated_at: Date;
  lines?: InvoiceLineRecord[];
}

/** A `DATE` column as `YYYY-MM-DD` (Prisma reads it as midnight UTC). */
export function formatDate(value: Date): string {
  return value.toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` as the midnight-UTC Date Prisma writes to a `DATE` column. */
export function parseDate(value: string): Date {
  return new Date(`${value}T00:00:00.000Z`);
}

export function toInvoiceRecord(row: InvoiceRow, lines?: InvoiceLineRow[]): InvoiceRecord {
  return {
    id: row.id,
    number: row.number,
    customer_id: row.customer_id,
    order_id: row.order_id,
    currency: row.currency,
    status: row.status,
    subtotal: toMinorUnits(row.subtotal),
    tax_total: toMinorUnits(row.tax_total),
    total: toMinorUnits(row.total),
    amount_paid: toMinorUnits(row.amount_paid),
    amount_due: toMinorUnits(row.amount_due),
    payment_terms_days: row.payment_terms_days,
    due_date: row.due_date ? formatDate(row.due_date) : null,
    memo: row.memo,
    issued_at: row.issued_at,
    paid_at: row.paid_at,
    voided_at: row.voided_at,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
    ...(lines && { lines: lines.map(toLineRecord) }),
  };
}

export function toLineRecord(row: InvoiceLineRow): InvoiceLineRecord {
  return {
    id: row.id,
    invoice_id: row.invoice_id,
    position: row.position,
    item_id: row.item_id,
    description: row.description,
    quantity: row.quantity,
    unit_price: toMinorUnits(row.unit_price),
    tax_rate: row.tax_rate,
    subtotal: toMinorUnits(row.subtotal),
    tax: toMinorUnits(row.tax),
    total: toMinorUnits(row.total),
  };
}

const linesInOrder = { orderBy: { position: 'asc' } } as const;

export async function findInvoice(db: Db, tenantId: string, id: string): Promise<InvoiceRecord | null> {
  const row = await db.invoice.findUnique({ where: { tenant_id_id: { tenant_id: tenantId, id } }, include: { lines: linesInOrder } });
  return row && toInvoiceRecord(row, row.lines);
}

/** Invoices by id (for entity references); lines are loaded separately, batched. */
export async function findInvoices(db: Db, tenantId: string, ids: readonly string[]): Promise<InvoiceRecord[]> {
  const rows = await db.invoice.findMany({ where: { tenant_id: tenantId, id: { in: [...ids] } } });
  return rows.map((row) => toInvoiceRecord(row));
}

/**
 * Locks the invoice row for the rest of the transaction (`SELECT ... FOR UPDATE`) and reads it:
 * every change of an invoice starts here, so concurrent changes of one invoice are serialised
 * and each sees the one before it.
 */
export async function lockInvoice(tx: Prisma.TransactionClient, tenantId: string, id: string): Promise<InvoiceRecord | null> {
  const locked = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM invoices WHERE tenant_id = ${tenantId} AND id = ${id} FOR UPDATE`;
  if (locked.length === 0) return null;
  return findInvoice(tx, tenantId, id);
}

export async function linesOfInvoices(db: Db, tenantId: string, invoiceIds: readonly string[]): Promise<InvoiceLineRecord[]> {
  const rows = await db.invoiceLine.findMany({ where: { tenant_id: tenantId, invoice_id: { in: [...invoiceIds] } }, orderBy: [{ invoice_id: 'asc' }, { position: 'asc' }] });
  return rows.map(toLineRecord);
}

export interface InvoiceFilter {
  status?: InvoiceStatus | null;
  status_in?: readonly InvoiceStatus[] | null;
  customer_id?: string | null;
  order_id?: string | null;
  currency?: string | null;
  created_after?: Date | null;
  created_before?: Date | null;
  issued_after?: Date | null;
  issued_before?: Date | null;
  paid_after?: Date | null;
  paid_before?: Date | null;
  voided_after?: Date | null;
  voided_before?: Date | null;
  /** `YYYY-MM-DD`, inclusive. */
  due_after?: string | null;
  /** `YYYY-MM-DD`, exclusive. */
  due_before?: string | null;
  total_min?: number | null;
  total_max?: number | null;
  amount_due_min?: number | null;
  amount_due_max?: number | null;
  overdue?: boolean | null;
}

/** Today's date in UTC: an invoice is overdue once its due date is before it. */
export function todayUtc(now = new Date()): Date {
  return parseDate(formatDate(now));
}

function invoiceWhere(tenantId: string, filter: InvoiceFilter): Prisma.InvoiceWhereInput {
  const conditions: Prisma.InvoiceWhereInput[] = [{ tenant_id: tenantId }];
  if (filter.status != null) conditions.push({ status: filter.status });
  if (filter.status_in != null) conditions.push({ status: { in: [...filter.status_in] } });
  if (filter.customer_id != null) conditions.push({ customer_id: filter.customer_id });
  if (filter.order_id != null) conditions.push({ order_id: filter.order_id });
  if (filter.currency != null) conditions.push({ currency: filter.currency });
  const amount = (value: number | null | undefined) => (value == null ? value : BigInt(value));
  const date = (value: string | null | undefined) => (value == null ? value : parseDate(value));
  const ranges: Prisma.InvoiceWhereInput = {
    created_at: instantRange(filter.created_after, filter.created_before),
    issued_at: instantRange(filter.issued_after, filter.issued_before),
    paid_at: instantRange(filter.paid_after, filter.paid_before),
    voided_at: instantRange(filter.voided_after, filter.voided_before),
    due_date: instantRange(date(filter.due_after), date(filter.due_before)),
    total: valueRange(amount(filter.total_min), amount(filter.total_max)),
    amount_due: valueRange(amount(filter.amount_due_min), amount(filter.amount_due_max)),
  };
  conditions.push(ranges);
  const overdue: Prisma.InvoiceWhereInput = { status: 'issued', due_date: { lt: todayUtc() } };
  if (filter.overdue === true) conditions.push(overdue);
  if (filter.overdue === false) conditions.push({ NOT: overdue });
  return { AND: conditions };
}

/**
 * The sorts of the invoice list: `number` sorts by its numeric part; drafts (no number, maybe no
 * due date, not issued) come last, as do invoices not paid for `paid_at`. `amount_due` (the open
 * balance) is a column PostgreSQL generates from `total - amount_paid`, so its keyset is a column's.
 */
export const INVOICE_SORT_KEYS = {
  created_at: 'timestamp',
  number: { column: 'sequence', kind: 'integer', nullable: true },
  total: 'bigint',
  due_date: { column: 'due_date', kind: 'timestamp', nullable: true },
  amount_due: 'bigint',
  issued_at: { column: 'issued_at', kind: 'timestamp', nullable: true },
  paid_at: { column: 'paid_at', kind: 'timestamp', nullable: true },
} as const satisfies Record<string, SortKey>;

export async function listInvoices(db: Db, tenantId: string, filter: InvoiceFilter, window: ListWindow) {
  const where = invoiceWhere(tenantId, filter);
  const keyset = keysetWhere(window) as Prisma.InvoiceWhereInput | undefined;
  const [rows, total] = await Promise.all([
    db.invoice.findMany({ where: keyset ? { AND: [where, keyset] } : where, orderBy: prismaOrderBy(window.order) as Prisma.InvoiceOrderByWithRelationInput[], skip: window.skip, take: window.take }),
    window.countTotal ? db.invoice.count({ where }) : null,
  ]);
  const page = listPage(rows, window, total);
  return { ...page, data: page.data.map((row) => toInvoiceRecord(row)) };
}

export interface NewLine {
  id: string;
  item_id: string | null;
  description: string;
  quantity: number;
  unit_price: number;
  tax_rate: number;
  subtotal: bigint;
  tax: bigint;
  total: bigint;
}

export async function insertLines(tx: Prisma.TransactionClient, tenantId: string, invoiceId: string, lines: readonly NewLine[]): Promise<void> {
  if (lines.length === 0) return;
  await tx.invoiceLine.createMany({
    data: lines.map((line, position) => ({
      tenant_id: tenantId,
      invoice_id: invoiceId,
      position,
      id: line.id,
      item_id: line.item_id,
      description: line.description,
      quantity: line.quantity,
      unit_price: BigInt(line.unit_price),
      tax_rate: line.tax_rate,
      subtotal: line.subtotal,
      tax: line.tax,
      total: line.total,
    })),
  });
}

export async function deleteLines(tx: Prisma.TransactionClient, tenantId: string, invoiceId: string): Promise<void> {
  await tx.invoiceLine.deleteMany({ where: { tenant_id: tenantId, invoice_id: invoiceId } });
}

export async function insertInvoice(tx: Prisma.TransactionClient, tenantId: string, data: Omit<Prisma.InvoiceUncheckedCreateInput, 'tenant_id'>): Promise<void> {
  await tx.invoice.create({ data: { ...data, tenant_id: tenantId }, select: { id: true } });
}

/** Writes the changes and increments the version (the row is locked by the caller). */
export async function updateInvoiceRow(tx: Prisma.TransactionClient, tenantId: string, id: string, data: Prisma.InvoiceUncheckedUpdateInput): Promise<void> {
  await tx.invoice.update({ where: { tenant_id_id: { tenant_id: tenantId, id } }, data: { ...data, version: { increment: 1 } }, select: { id: true } });
}

export async function deleteInvoiceRow(tx: Prisma.TransactionClient, tenantId: string, id: string): Promise<void> {
  await tx.invoice.delete({ where: { tenant_id_id: { tenant_id: tenantId, id } }, select: { id: true } });
}

/**
 * The tenant's next invoice number. The counter row stays locked until the transaction ends, so
 * issues are numbered in commit order without gaps: a rolled-back issue gives its number back.
 */
export async function nextInvoiceSequence(tx: Prisma.TransactionClient, tenantId: string): Promise<number> {
  const rows = await tx.$queryRaw<Array<{ last_number: number }>>`
    INSERT INTO invoice_number_counters (tenant_id, last_number) VALUES (${tenantId}, 1)
    ON CONFLICT (tenant_id) DO UPDATE SET last_number = invoice_number_counters.last_number + 1, updated_at = CURRENT_TIMESTAMP
    RETURNING last_number`;
  const next = rows[0]?.last_number;
  if (next === undefined) throw new Error('invoice number counter returned no row');
  return next;
}

export function formatInvoiceNumber(sequence: number): string {
  return `INV-${String(sequence).padStart(6, '0')}`;
}

/**
 * Each customer's invoices, newest first: `first` of them after the `offset` newest, in one
 * statement for any number of customers (a window function numbers each customer's invoices).
 */
export async function invoicesOfCustomers(db: Db, tenantId: string, customerIds: readonly string[], window: { first: number; offset: number }): Promise<InvoiceRecord[]> {
  const rows = await db.$queryRaw<InvoiceRow[]>`
    SELECT * FROM (
      SELECT invoices.*, row_number() OVER (PARTITION BY customer_id ORDER BY created_at DESC, id DESC) AS rank
      FROM invoices WHERE tenant_id = ${tenantId} AND customer_id = ANY(${[...customerIds]}::text[])
    ) AS ranked
    WHERE rank > ${window.offset} AND rank <= ${window.offset + window.first}
    ORDER BY customer_id, rank`;
  return rows.map((row) => toInvoiceRecord(row));
}

/** Every invoice of each order, newest first, in one query. */
export async function invoicesOfOrders(db: Db, tenantId: string, orderIds: readonly string[]): Promise<InvoiceRecord[]> {
  const rows = await db.invoice.findMany({ where: { tenant_id: tenantId, order_id: { in: [...orderIds] } }, orderBy: [{ created_at: 'desc' }, { id: 'desc' }] });
  return rows.map((row) => toInvoiceRecord(row));
}

export interface OpenBalanceRow {
  customer_id: string;
  currency: string;
  amount: number;
}

/** Per customer and currency: the sum of `amount_due` of the issued (unpaid) invoices. */
export async function openBalancesOfCustomers(db: Db, tenantId: string, customerIds: readonly string[]): Promise<OpenBalanceRow[]> {
  const rows = await db.$queryRaw<Array<{ customer_id: string; currency: string; amount: bigint }>>`
    SELECT customer_id, currency, SUM(amount_due)::bigint AS amount
    FROM invoices
    WHERE tenant_id = ${tenantId} AND customer_id = ANY(${[...customerIds]}::text[]) AND status = 'issued'
    GROUP BY customer_id, currency
    ORDER BY customer_id, currency`;
  return rows.map((row) => ({ customer_id: row.customer_id, currency: row.currency, amount: toMinorUnits(row.amount) }));
}
