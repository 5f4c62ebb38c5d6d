import { type Prisma, newId } from '@platform/db';
import { ApiError } from '@platform/errors';
import { type LedgerEntryRecord, type NewEntry, insertEntry, lockEntry, reversalsOf } from '../repositories/ledger.ts';

/** The accounts invoices post to (a minimal chart of accounts; manual entries may use any code). */
export const ACCOUNTS = {
  /** Asset: what customers owe. Debited when an invoice is issued, credited when it is paid. */
  receivable: 'accounts_receivable',
  /** Income: credited with an invoice's subtotal when it is issued. */
  revenue: 'revenue',
  /** Liability: tax collected for the authorities, credited with an invoice's tax when it is issued. */
  taxPayable: 'tax_payable',
  /** Asset: money received, debited by each payment. */
  cash: 'cash',
} as const;

export const ACCOUNT_CODE = /^[a-z][a-z0-9_.:-]{0,63}$/;

export interface EntryLine {
  account: string;
  debit: number;
  credit: number;
}

/**
 * Refuses an entry whose debits and credits differ (422 `unbalanced_entry`). The database checks
 * the same at commit (a deferred constraint trigger), so no path can store an unbalanced entry.
 */
export function assertBalanced(lines: readonly EntryLine[]): void {
  let debits = 0n;
  let credits = 0n;
  for (const line of lines) {
    debits += BigInt(line.debit);
    credits += BigInt(line.credit);
  }
  if (debits !== credits) {
    const message = `debits total ${debits} and credits total ${credits}; they must be equal`;
    throw new ApiError('unbalanced_entry', `The entry does not balance: ${message}.`, {
      debit_total: Number(debits),
      credit_total: Number(credits),
      errors: [{ field: 'lines', message }],
    });
  }
}

/** Posts a balanced journal entry in the caller's transaction. */
export async function postEntry(tx: Prisma.TransactionClient, tenantId: string, entry: Omit<NewEntry, 'id'>): Promise<LedgerEntryRecord> {
  assertBalanced(entry.lines);
  return insertEntry(tx, tenantId, { ...entry, id: newId('le') });
}

/** The mirror of an entry's lines: each debit becomes a credit of the same account and amount. */
export function mirrorLines(lines: readonly EntryLine[]): EntryLine[] {
  return lines.map((line) => ({ account: line.account, debit: line.credit, credit: line.debit }));
}

/**
 * Posts the reversal of `entry` (locked by the caller, lines loaded): the mirror entry, linked by
 * `reverses_entry_id`. An entry is reversed at most once and a reversal is never reversed
 * (`invalid_state`); the unique index on `reverses_entry_id` backs the first rule.
 */
export async function postReversal(tx: Prisma.TransactionClient, tenantId: string, entry: LedgerEntryRecord, description: string): Promise<LedgerEntryRecord> {
  if (entry.source_type === 'reversal') throw new ApiError('invalid_state', `Ledger entry ${entry.id} is a reversal; a reversal cannot be reversed (post a new entry instead).`);
  const [existing] = await reversalsOf(tx, tenantId, [entry.id]);
  if (existing) throw new ApiError('invalid_state', `Ledger entry ${entry.id} is already reversed by ${existing.id}; an entry can be reversed once.`, { reversed_by_entry_id: existing.id });
  if (!entry.lines) throw new Error('postReversal needs the entry with its lines');
  return postEntry(tx, tenantId, {
    currency: entry.currency,
    description,
    posted_at: new Date(),
    source_type: 'reversal',
    source_id: entry.source_id,
    reverses_entry_id: entry.id,
    lines: mirrorLines(entry.lines),
  });
}

/** `POST /finance/ledger-entries/:id/reverse`: reverses a manual entry. */
export async function reverseManualEntry(tx: Prisma.TransactionClient, tenantId: string, id: string): Promise<LedgerEntryRecord> {
  const entry = await lockEntry(tx, tenantId, id);
  if (!entry) throw new ApiError('not_found', `No ledger entry ${id} exists in this tenant.`);
  if (entry.source_type === 'invoice' || entry.source_type === 'payment') {
    throw new ApiError('invalid_state', `Ledger entry ${id} was posted by invoice ${entry.source_id}; it changes only with the invoice (void the invoice to reverse its issue entry).`);
  }
  return postReversal(tx, tenantId, entry, `Reversal of ${entry.id}: ${entry.description}`);
}
