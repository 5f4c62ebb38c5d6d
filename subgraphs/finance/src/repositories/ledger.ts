import { type Db, Prisma } from '@platform/db';
import { type ListWindow, keysetWhere, listPage, prismaOrderBy } from '@platform/graphql-kit';
import { toMinorUnits } from '../money.ts';

export type LedgerSourceType = 'invoice' | 'payment' | 'manual' | 'reversal';
export const LEDGER_SOURCE_TYPES: readonly LedgerSourceType[] = ['invoice', 'payment', 'manual', 'reversal'];

type LedgerEntryRow = Prisma.LedgerEntryGetPayload<object>;
type LedgerLineRow = Prisma.LedgerLineGetPayload<object>;

export interface LedgerLineRecord {
  entry_id: string;
  position: number;
  account: string;
  debit: number;
  credit: number;
}

export interface LedgerEntryRecord {
  id: string;
  currency: string;
  description: string;
  posted_at: Date;
  source_type: LedgerSourceType;
  source_id: string | null;
  reverses_entry_id: string | null;
  created_at: Date;
  /** Filled when already loaded; otherwise the field loads them, batched. */
  lines?: LedgerLineRecord[];
}

export function toEntryRecord(row: LedgerEntryRow, lines?: LedgerLineRow[]): LedgerEntryRecord {
  return {
    id: row.id,
    currency: row.currency,
    description: row.description,
    posted_at: row.posted_at,
    source_type: row.source_type,
    source_id: row.source_id,
    reverses_entry_id: row.reverses_entry_id,
    created_at: row.created_at,
    ...(lines && { lines: lines.map(toLedgerLineRecord) }),
  };
}

function toLedgerLineRecord(row: LedgerLineRow): LedgerLineRecord {
  return { entry_id: row.entry_id, position: row.position, account: row.account, debit: toMinorUnits(row.debit), credit: toMinorUnits(row.credit) };
}

/** Entries of one source (an invoice) in posting order. */
const postingOrder: Prisma.LedgerEntryOrderByWithRelationInput[] = [{ posted_at: 'asc' }, { created_at: 'asc' }, { id: 'asc' }];

export async function findEntry(db: Db, tenantId: string, id: string): Promise<LedgerEntryRecord | null> {
  const row = await db.ledgerEntry.findUnique({ where: { tenant_id_id: { tenant_id: tenantId, id } }, include: { lines: { orderBy: { position: 'asc' } } } });
  return row && toEntryRecord(row, row.lines);
}

export async function findEntries(db: Db, tenantId: string, ids: readonly string[]): Promise<LedgerEntryRecord[]> {
  const rows = await db.ledgerEntry.findMany({ where: { tenant_id: tenantId, id: { in: [...ids] } } });
  return rows.map((row) => toEntryRecord(row));
}

/** Locks the entry row for the transaction (a reversal locks the entry it reverses). */
export async function lockEntry(tx: Prisma.TransactionClient, tenantId: string, id: string): Promise<LedgerEntryRecord | null> {
  const locked = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM ledger_entries WHERE tenant_id = ${tenantId} AND id = ${id} FOR UPDATE`;
  if (locked.length === 0) return null;
  return findEntry(tx, tenantId, id);
}

export async function linesOfEntries(db: Db, tenantId: string, entryIds: readonly string[]): Promise<LedgerLineRecord[]> {
  const rows = await db.ledgerLine.findMany({ where: { tenant_id: tenantId, entry_id: { in: [...entryIds] } }, orderBy: [{ entry_id: 'asc' }, { position: 'asc' }] });
  return rows.map(toLedgerLineRecord);
}

export async function entriesOfSources(db: Db, tenantId: string, sourceIds: readonly string[]): Promise<LedgerEntryRecord[]> {
  const rows = await db.ledgerEntry.findMany({ where: { tenant_id: tenantId, source_id: { in: [...sourceIds] } }, orderBy: postingOrder });
  return rows.map((row) => toEntryRecord(row));
}

/** The reversals of the given entries (at most one each). */
export async function reversalsOf(db: Db, tenantId: string, entryIds: readonly string[]): Promise<LedgerEntryRecord[]> {
  const rows = await db.ledgerEntry.findMany({ where: { tenant_id: tenantId, reverses_entry_id: { in: [...entryIds] } } });
  return rows.map((row) => toEntryRecord(row));
}

/** The entry that issuing an invoice posted. */
export async function issueEntryOf(tx: Prisma.TransactionClient, tenantId: string, invoiceId: string): Promise<LedgerEntryRecord | null> {
  const row = await tx.ledgerEntry.findFirst({ where: { tenant_id: tenantId, source_type: 'invoice', source_id: invoiceId }, include: { lines: { orderBy: { position: 'asc' } } } });
  return row && toEntryRecord(row, row.lines);
}

export interface NewEntry {
  id: string;
  currency: string;
  description: string;
  posted_at: Date;
  source_type: LedgerSourceType;
  source_id: string | null;
  reverses_entry_id: string | null;
  lines: Array<{ account: string; debit: number; credit: number }>;
}

export async function insertEntry(tx: Prisma.TransactionClient, tenantId: string, entry: NewEntry): Promise<LedgerEntryRecord> {
  const { lines, ...fields } = entry;
  const row = await tx.ledgerEntry.create({ data: { ...fields, tenant_id: tenantId } });
  await tx.ledgerLine.createMany({
    data: lines.map((line, position) => ({ tenant_id: tenantId, entry_id: entry.id, position, account: line.account, debit: BigInt(line.debit), credit: BigInt(line.credit) })),
  });
  return { ...toEntryRecord(row), lines: lines.map((line, position) => ({ entry_id: entry.id, position, ...line })) };
}

export interface LedgerEntryFilter {
  account?: string | null;
  source_type?: LedgerSourceType | null;
  source_id?: string | null;
  currency?: string | null;
  posted_after?: Date | null;
  posted_before?: Date | null;
}

export async function listEntries(db: Db, tenantId: string, filter: LedgerEntryFilter, window: ListWindow) {
  const conditions: Prisma.LedgerEntryWhereInput[] = [{ tenant_id: tenantId }];
  if (filter.account != null) conditions.push({ lines: { some: { account: filter.account } } });
  if (filter.source_type != null) conditions.push({ source_type: filter.source_type });
  if (filter.source_id != null) conditions.push({ source_id: filter.source_id });
  if (filter.currency != null) conditions.push({ currency: filter.currency });
  if (filter.posted_after != null) conditions.push({ posted_at: { gte: filter.posted_after } });
  if (filter.posted_before != null) conditions.push({ posted_at: { lt: filter.posted_before } });
  const where = { AND: conditions };
  const keyset = keysetWhere(window) as Prisma.LedgerEntryWhereInput | undefined;
  const [rows, total] = await Promise.all([
    db.ledgerEntry.findMany({ where: keyset ? { AND: [...conditions, keyset] } : where, orderBy: prismaOrderBy(window.order), skip: window.skip, take: window.take }),
    window.countTotal ? db.ledgerEntry.count({ where }) : null,
  ]);
  const page = listPage(rows, window, total);
  return { ...page, data: page.data.map((row) => toEntryRecord(row)) };
}

export interface LedgerBalanceRecord {
  account: string;
  currency: string;
  debit_total: number;
  credit_total: number;
  balance: number;
}

/** Per account and currency: the sums of debits and credits of the entries posted up to `as_of`. */
export async function ledgerBalances(db: Db, tenantId: string, filter: { as_of?: Date | null; account?: string | null; currency?: string | null }): Promise<LedgerBalanceRecord[]> {
  const conditions = [Prisma.sql`l.tenant_id = ${tenantId}`];
  if (filter.as_of != null) conditions.push(Prisma.sql`e.posted_at <= ${filter.as_of}`);
  if (filter.account != null) conditions.push(Prisma.sql`l.account = ${filter.account}`);
  if (filter.currency != null) conditions.push(Prisma.sql`e.currency = ${filter.currency}`);
  const rows = await db.$queryRaw<Array<{ account: string; currency: string; debit_total: bigint; credit_total: bigint }>>`
    SELECT l.account, e.currency, SUM(l.debit)::bigint AS debit_total, SUM(l.credit)::bigint AS credit_total
    FROM ledger_lines l JOIN ledger_entries e ON e.tenant_id = l.tenant_id AND e.id = l.entry_id
    WHERE ${Prisma.join(conditions, ' AND ')}
    GROUP BY e.currency, l.account
    ORDER BY e.currency, l.account`;
  return rows.map((row) => ({
    account: row.account,
    currency: row.currency,
    debit_total: toMinorUnits(row.debit_total),
    credit_total: toMinorUnits(row.credit_total),
    balance: toMinorUnits(row.debit_total - row.credit_total),
  }));
}
