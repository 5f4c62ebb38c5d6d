import { ApiError } from '@platform/errors';
import { type RestRoutes, type SubgraphBuilder, inputRules, omittable, listEnvelope, listOrder, listWindow, paginationArgs, parseArgument, parseInput, requiredText, sortArg } from '@platform/graphql-kit';
import { z } from 'zod';
import { MAX_MINOR_UNITS } from '../money.ts';
import { LEDGER_SOURCE_TYPES, type LedgerBalanceRecord, type LedgerEntryRecord, type LedgerLineRecord, findEntry, ledgerBalances, listEntries } from '../repositories/ledger.ts';
import { ACCOUNT_CODE, postEntry, reverseManualEntry } from '../services/ledger.ts';
import { ANY_FINANCE_SCOPE, READ, WRITE, currency, currencyFilter, currencyFilterRules } from './common.ts';
import { loaders } from './loaders.ts';

const accountMessage = 'must be an account code: a lower-case letter, then up to 63 lower-case letters, digits, "_", ".", ":" or "-"';
const account = z.string().regex(ACCOUNT_CODE, accountMessage);
const amount = z.number().int().min(0, 'must be 0 or more');

const ledgerLineRules = z
  .object({ account, debit: amount, credit: amount })
  .superRefine((line, context) => {
    if ((line.debit > 0) === (line.credit > 0)) context.addIssue({ code: 'custom', path: ['debit'], message: 'exactly one of debit and credit must be greater than 0' });
  });

const postEntryRules = z
  .object({
    currency,
    description: requiredText(500),
    posted_at: omittable(z.date().refine((date) => date.getTime() <= Date.now(), 'must not be in the future')),
    lines: z.array(ledgerLineRules).min(2, 'an entry needs at least 2 lines').max(100, 'an entry has at most 100 lines'),
  })
  .superRefine((entry, context) => {
    const debits = entry.lines.reduce((sum, line) => sum + BigInt(line.debit), 0n);
    if (debits > MAX_MINOR_UNITS) context.addIssue({ code: 'custom', path: ['lines'], message: `the debits total more than ${MAX_MINOR_UNITS} minor units` });
  });

const LEDGER_SORT_KEYS = { posted_at: 'timestamp' } as const;
const DEFAULT_LEDGER_SORT = '-posted_at';

const accountFilterRule = account.nullish();
export const accountFilterRules = inputRules(accountFilterRule);

export function accountFilter(value: string | null | undefined): string | null | undefined {
  return parseArgument('account', accountFilterRule, value);
}

/**
 * The general ledger: double-entry journal entries (append-only; corrected by reversal) and the
 * balances they add up to.
 */
export function defineLedgerSchema(builder: SubgraphBuilder) {
  const LedgerSourceType = builder.enumType('LedgerEntrySourceType', {
    description: 'What posted a journal entry.',
    values: {
      invoice: { description: 'Issuing an invoice (`source_id`: the invoice): Dr accounts_receivable, Cr revenue and tax_payable.' },
      payment: { description: 'A payment of an invoice (`source_id`: the invoice): Dr cash, Cr accounts_receivable.' },
      manual: { description: 'Posted by a client through `post_ledger_entry` (`source_id` is null).' },
      reversal: { description: 'The mirror of another entry (`reverses_entry_id`); `source_id` is that entry’s source (the invoice of a voided invoice).' },
    } as const,
  });

  const LedgerLine = builder.objectRef<LedgerLineRecord>('LedgerLine').implement({
    description: 'One side of a journal entry: an amount debited or credited to an account. Exactly one of `debit` and `credit` is greater than 0.',
    authScopes: ANY_FINANCE_SCOPE,
    fields: (t) => ({
      account: t.exposeString('account', { description: 'Account code (`accounts_receivable`, `revenue`, `tax_payable`, `cash`, or any code of a manual entry).' }),
      debit: t.expose('debit', { type: 'MinorUnits', description: 'Amount debited, in minor units of the entry’s currency; 0 on a credit line.' }),
      credit: t.expose('credit', { type: 'MinorUnits', description: 'Amount credited, in minor units of the entry’s currency; 0 on a debit line.' }),
    }),
  });

  const LedgerEntry = builder.objectRef<LedgerEntryRecord>('LedgerEntry').implement({
    description: 'A double-entry journal entry: its debits equal its credits. Entries are never changed or deleted; a manual entry is corrected by its reversal, an invoice’s entries by voiding the invoice.',
    authScopes: ANY_FINANCE_SCOPE,
    fields: (t) => ({
      id: t.exposeString('id', { description: 'Entry identifier (`le_…`), assigned by the platform.' }),
      currency: t.exposeString('currency', { description: 'ISO 4217 currency code of every amount of the entry.' }),
      description: t.exposeString('description', { description: 'What the entry records.' }),
      posted_at: t.expose('posted_at', { type: 'DateTime', description: 'Accounting time of the entry (balances `as_of` a time include entries posted at or before it).' }),
      source_type: t.expose('source_type', { type: LedgerSourceType, description: 'What posted the entry.' }),
      source_id: t.exposeString('source_id', { nullable: true, description: 'The invoice of `invoice`, `payment` and invoice `reversal` entries; null for manual entries and their reversals.' }),
      reverses_entry_id: t.exposeString('reverses_entry_id', { nullable: true, description: 'The entry this one reverses (only for `reversal` entries).' }),
      reversed_by_entry_id: t.string({
        nullable: true,
        description: 'The reversal of this entry, once reversed (an entry is reversed at most once).',
        resolve: async (entry, _args, context) => (await loaders.reversalOf(context).load(entry.id))?.id ?? null,
      }),
      lines: t.field({
        type: [LedgerLine],
        description: 'The debit and credit lines, at least two, in the order posted.',
        resolve: (entry, _args, context) => entry.lines ?? loaders.entryLines(context).load(entry.id),
      }),
      created_at: t.expose('created_at', { type: 'DateTime', description: 'When the entry was recorded.' }),
    }),
  });

  builder.asEntity(LedgerEntry, {
    key: builder.selection<{ id: string }>('id'),
    resolveReference: ({ id }, context) => loaders.entry(context).load(id),
  });

  const LedgerBalance = builder.objectRef<LedgerBalanceRecord>('LedgerBalance').implement({
    description: 'The totals of one account in one currency. Over all accounts of a currency the balances sum to 0 (the trial balance), because every entry balances.',
    authScopes: ANY_FINANCE_SCOPE,
    fields: (t) => ({
      account: t.exposeString('account', { description: 'Account code.' }),
      currency: t.exposeString('currency', { description: 'ISO 4217 currency code.' }),
      debit_total: t.expose('debit_total', { type: 'MinorUnits', description: 'Sum of the debits to the account.' }),
      credit_total: t.expose('credit_total', { type: 'MinorUnits', description: 'Sum of the credits to the account.' }),
      balance: t.expose('balance', {
        type: 'MinorUnits',
        description: '`debit_total - credit_total`: positive for a debit balance (assets such as cash and accounts_receivable), negative for a credit balance (revenue, tax_payable).',
      }),
    }),
  });

  const LedgerEntryList = listEnvelope(builder, 'LedgerEntryList', LedgerEntry);

  const LedgerLineInput = builder.inputType('LedgerLineInput', {
    extensions: inputRules(ledgerLineRules),
    description: 'One line of a manual entry: exactly one of `debit` and `credit` greater than 0.',
    fields: (t) => ({
      account: t.string({ required: true, description: 'Account code: a lower-case letter, then up to 63 lower-case letters, digits, `_`, `.`, `:` or `-`.' }),
      debit: t.field({ type: 'MinorUnits', required: false, defaultValue: 0, description: 'Amount debited, 0 or more. Default 0.' }),
      credit: t.field({ type: 'MinorUnits', required: false, defaultValue: 0, description: 'Amount credited, 0 or more. Default 0.' }),
    }),
  });
  const PostLedgerEntryInput = builder.inputType('PostLedgerEntryInput', {
    extensions: inputRules(postEntryRules),
    description: 'A manual journal entry.',
    fields: (t) => ({
      currency: t.string({ required: true, description: 'ISO 4217 currency code, 3 upper-case letters.' }),
      description: t.string({ required: true, description: 'What the entry records, 1 to 500 characters.' }),
      posted_at: t.field({ type: 'DateTime', required: false, description: 'Accounting time; default now; not in the future.' }),
      lines: t.field({ type: [LedgerLineInput], required: true, description: 'At least 2 (at most 100) lines; total debits must equal total credits (else 422 `unbalanced_entry`).' }),
    }),
  });

  builder.queryFields((t) => ({
    ledger_entries: t.field({
      type: LedgerEntryList,
      description: 'Journal entries, newest posting first by default.',
      authScopes: READ,
      args: {
        account: t.arg.string({ required: false, description: 'Only entries with a line on this account.', extensions: accountFilterRules }),
        source_type: t.arg({ type: LedgerSourceType, required: false, description: 'Only entries posted by this kind of source.' }),
        source_id: t.arg.string({ required: false, description: 'Only entries of this source (an invoice id).' }),
        currency: t.arg.string({ required: false, description: 'Only entries in this currency.', extensions: currencyFilterRules }),
        posted_after: t.arg({ type: 'DateTime', required: false, description: 'Only entries posted at or after this time.' }),
        posted_before: t.arg({ type: 'DateTime', required: false, description: 'Only entries posted before this time.' }),
        sort: sortArg(t.arg, Object.keys(LEDGER_SORT_KEYS), DEFAULT_LEDGER_SORT),
        ...paginationArgs(t),
      },
      resolve: (_root, args, context, info) => {
        const window = listWindow(args, 'ledger_entries', listOrder(args.sort, LEDGER_SORT_KEYS, DEFAULT_LEDGER_SORT), info);
        const filter = { ...args, account: accountFilter(args.account), currency: currencyFilter(args.currency) };
        return listEntries(context.prisma, context.principal.tenantId, filter, window);
      },
    }),
    ledger_entry: t.field({
      type: LedgerEntry,
      description: 'One journal entry by id.',
      authScopes: READ,
      args: { id: t.arg.string({ required: true, description: 'The entry id (`le_…`).' }) },
      resolve: async (_root, { id }, context) => {
        const entry = await findEntry(context.prisma, context.principal.tenantId, id);
        if (!entry) throw new ApiError('not_found', `No ledger entry ${id} exists in this tenant.`);
        return entry;
      },
    }),
    ledger_balances: t.field({
      type: [LedgerBalance],
      description: 'The trial balance: per account and currency, the totals of debits and credits and the balance, ordered by currency then account. Not paginated (one row per account and currency).',
      authScopes: READ,
      args: {
        as_of: t.arg({ type: 'DateTime', required: false, description: 'Only entries posted at or before this time. Default: all entries.' }),
        account: t.arg.string({ required: false, description: 'Only this account.', extensions: accountFilterRules }),
        currency: t.arg.string({ required: false, description: 'Only this currency.', extensions: currencyFilterRules }),
      },
      resolve: (_root, args, context) => ledgerBalances(context.prisma, context.principal.tenantId, { as_of: args.as_of, account: accountFilter(args.account), currency: currencyFilter(args.currency) }),
    }),
  }));

  builder.mutationFields((t) => ({
    post_ledger_entry: t.field({
      type: LedgerEntry,
      description: 'Posts a manual journal entry (`source_type: manual`). Refused with 422 `unbalanced_entry` when debits and credits differ.',
      authScopes: WRITE,
      args: { input: t.arg({ type: PostLedgerEntryInput, required: true, description: 'The entry (the REST body).' }) },
      resolve: (_root, { input }, context) => {
        const entry = parseInput(postEntryRules, input);
        return context.audit.recordChange(
          'ledger_entry.post',
          (tx) =>
            postEntry(tx, context.principal.tenantId, {
              currency: entry.currency,
              description: entry.description,
              posted_at: entry.posted_at ?? new Date(),
              source_type: 'manual',
              source_id: null,
              reverses_entry_id: null,
              lines: entry.lines,
            }),
          (posted) => posted.id,
        );
      },
    }),
    reverse_ledger_entry: t.field({
      type: LedgerEntry,
      description:
        'Posts the reversal of a manual entry (every debit becomes a credit of the same account and amount) and returns it. An entry is reversed at most once and a reversal cannot be reversed (`invalid_state`); entries of invoices change only with their invoice (`void_invoice`).',
      authScopes: WRITE,
      args: { id: t.arg.string({ required: true, description: 'The entry to reverse.' }) },
      resolve: (_root, { id }, context) => context.audit.recordChange('ledger_entry.reverse', (tx) => reverseManualEntry(tx, context.principal.tenantId, id), (reversal) => reversal.id),
    }),
  }));

  return { LedgerEntry, LedgerSourceType, LEDGER_SOURCE_TYPES };
}

export const ledgerRestRoutes: RestRoutes = {
  'Query.ledger_entries': { method: 'GET', path: '/finance/ledger-entries', tags: ['Finance'] },
  'Query.ledger_entry': { method: 'GET', path: '/finance/ledger-entries/:id', tags: ['Finance'] },
  'Mutation.post_ledger_entry': { method: 'POST', path: '/finance/ledger-entries', responseStatus: 201, tags: ['Finance'] },
  'Mutation.reverse_ledger_entry': { method: 'POST', path: '/finance/ledger-entries/:id/reverse', responseStatus: 201, tags: ['Finance'] },
  'Query.ledger_balances': { method: 'GET', path: '/finance/ledger-balances', tags: ['Finance'] },
};
