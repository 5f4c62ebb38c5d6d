import { Prisma } from '@platform/db';
import {
  type AggregateDeclaration,
  type AggregateFilter,
  type RestRoutes,
  type SubgraphBuilder,
  aggregateRoute,
  atMost,
  atOrAfter,
  before,
  condition,
  defineAggregateField,
  defineEntityAggregateField,
  equalTo,
  filterValuesRule,
  inputRules,
  checkedFilter,
  oneOf,
} from '@platform/graphql-kit';
import { currencyFilter, currencyFilterRules } from './common.ts';
import type { crmEntityRefs } from './crm-extensions.ts';
import { INVOICE_FILTER_DESCRIPTIONS, type defineInvoiceSchema, dueDateFilter, dueDateFilterRules } from './invoices.ts';
import { accountFilter, accountFilterRules, type defineLedgerSchema } from './ledger.ts';

type InvoiceStatusEnum = ReturnType<typeof defineInvoiceSchema>['InvoiceStatus'];
type LedgerSourceTypeEnum = ReturnType<typeof defineLedgerSchema>['LedgerSourceType'];

/** The invoice list's `overdue`: issued, not fully paid, due before today in UTC. */
const OVERDUE = "r.status = 'issued' AND r.due_date < (now() AT TIME ZONE 'UTC')::date";

/** The `currency` filter of the finance lists: its rule checked (a malformed code is refused, not matched against nothing). */
function currencyEqualTo(column: string, description: string): AggregateFilter {
  return condition(
    (arg) => arg.string({ required: false, description, extensions: currencyFilterRules }),
    (value: string) => Prisma.sql`${Prisma.raw(column)} = ${currencyFilter(value)}`,
  );
}

/** `due_after` (on or after) and `due_before` (before): calendar dates, compared as dates. */
function dueDateBound(name: 'due_after' | 'due_before', operator: '>=' | '<'): AggregateFilter {
  return condition(
    (arg) => arg.string({ required: false, description: INVOICE_FILTER_DESCRIPTIONS[name], extensions: dueDateFilterRules }),
    (value: string) => Prisma.sql`r.due_date ${Prisma.raw(operator)} CAST(${dueDateFilter(name, value)} AS date)`,
  );
}

/** Invoices with the filters of `invoices`: billed, paid and due amounts per currency, customer, status and period. */
export function invoiceAggregates(InvoiceStatus: InvoiceStatusEnum): AggregateDeclaration {
  return {
    name: 'invoices',
    typeName: 'Invoice',
    records: 'invoices',
    scope: 'finance:read',
    from: 'invoices r',
    filters: {
      status: equalTo('r.status', (arg) => arg({ type: InvoiceStatus, required: false, description: 'Only invoices with this status.' }), 'invoice_status'),
      status_in: checkedFilter(
        'status_in',
        filterValuesRule,
        oneOf('r.status', (arg) => arg({ type: [InvoiceStatus], required: false, description: INVOICE_FILTER_DESCRIPTIONS.status_in, extensions: inputRules(filterValuesRule) }), 'invoice_status'),
      ),
      customer_id: equalTo('r.customer_id', (arg) => arg.string({ required: false, description: 'Only invoices of this customer.' })),
      order_id: equalTo('r.order_id', (arg) => arg.string({ required: false, description: 'Only invoices of this order.' })),
      currency: currencyEqualTo('r.currency', 'Only invoices in this currency.'),
      created_after: atOrAfter('r.created_at', (arg) => arg({ type: 'DateTime', required: false, description: INVOICE_FILTER_DESCRIPTIONS.created_after })),
      created_before: before('r.created_at', (arg) => arg({ type: 'DateTime', required: false, description: INVOICE_FILTER_DESCRIPTIONS.created_before })),
      issued_after: atOrAfter('r.issued_at', (arg) => arg({ type: 'DateTime', required: false, description: 'Only invoices issued at or after this time.' })),
      issued_before: before('r.issued_at', (arg) => arg({ type: 'DateTime', required: false, description: 'Only invoices issued before this time.' })),
      paid_after: atOrAfter('r.paid_at', (arg) => arg({ type: 'DateTime', required: false, description: INVOICE_FILTER_DESCRIPTIONS.paid_after })),
      paid_before: before('r.paid_at', (arg) => arg({ type: 'DateTime', required: false, description: INVOICE_FILTER_DESCRIPTIONS.paid_before })),
      voided_after: atOrAfter('r.voided_at', (arg) => arg({ type: 'DateTime', required: false, description: INVOICE_FILTER_DESCRIPTIONS.voided_after })),
      voided_before: before('r.voided_at', (arg) => arg({ type: 'DateTime', required: false, description: INVOICE_FILTER_DESCRIPTIONS.voided_before })),
      due_after: dueDateBound('due_after', '>='),
      due_before: dueDateBound('due_before', '<'),
      total_min: atOrAfter('r.total', (arg) => arg({ type: 'MinorUnits', required: false, description: INVOICE_FILTER_DESCRIPTIONS.total_min })),
      total_max: atMost('r.total', (arg) => arg({ type: 'MinorUnits', required: false, description: INVOICE_FILTER_DESCRIPTIONS.total_max })),
      amount_due_min: atOrAfter('r.amount_due', (arg) => arg({ type: 'MinorUnits', required: false, description: INVOICE_FILTER_DESCRIPTIONS.amount_due_min })),
      amount_due_max: atMost('r.amount_due', (arg) => arg({ type: 'MinorUnits', required: false, description: INVOICE_FILTER_DESCRIPTIONS.amount_due_max })),
      overdue: condition(
        (arg) => arg.boolean({ required: false, description: '`true`: only overdue invoices (issued, not fully paid, due date before today in UTC); `false`: only the others.' }),
        (overdue: boolean) => Prisma.raw(overdue ? `(${OVERDUE})` : `NOT (${OVERDUE})`),
      ),
    },
    dimensions: {
      status: { sql: 'r.status', type: InvoiceStatus, description: 'The invoice status.' },
      customer_id: { sql: 'r.customer_id', type: 'String', description: 'The customer.' },
      currency: { sql: 'r.currency', type: 'String', description: 'The currency (ISO 4217).' },
      overdue: { sql: `COALESCE(${OVERDUE}, false)`, type: 'Boolean', description: 'Whether the invoice is overdue (issued, not fully paid, due date before today in UTC).' },
    },
    times: {
      created_at: { sql: 'r.created_at', description: 'Creation.' },
      issued_at: { sql: 'r.issued_at', description: 'Issue (drafts have none).' },
      paid_at: { sql: 'r.paid_at', description: 'Full payment.' },
      voided_at: { sql: 'r.voided_at', description: 'Voiding.' },
      // A date, not an instant: its midnight in UTC (bucket due dates in UTC to keep them on their day).
      due_date: { sql: "(r.due_date::timestamp AT TIME ZONE 'UTC')", description: 'The due date, as its midnight in UTC.' },
    },
    measures: {
      total: { sql: 'r.total', money: true, description: 'Totals (taxes included).' },
      subtotal: { sql: 'r.subtotal', money: true, description: 'Subtotals (before taxes).' },
      tax_total: { sql: 'r.tax_total', money: true, description: 'Taxes.' },
      amount_paid: { sql: 'r.amount_paid', money: true, description: 'Amounts paid.' },
      amount_due: { sql: 'r.amount_due', money: true, description: 'Amounts due (`total - amount_paid`): with `status: issued`, the open balance.' },
      days_to_payment: {
        sql: 'EXTRACT(EPOCH FROM r.paid_at - r.issued_at) / 86400',
        description: 'Days from issue to full payment, for paid invoices (their average is the days sales outstanding of the invoices paid).',
      },
    },
    currency: 'r.currency',
    distinct: { customer_id: { sql: 'r.customer_id', description: 'Customers.' } },
  };
}

/** The filters of `ledger_entries` over the entry aliased `entry` (the entry itself, or a line's entry). */
function entryFilters(entry: string, LedgerSourceType: LedgerSourceTypeEnum): Record<string, AggregateFilter> {
  return {
    account: condition(
      (arg) => arg.string({ required: false, description: 'Only entries with a line on this account.', extensions: accountFilterRules }),
      (account: string) =>
        Prisma.sql`EXISTS (SELECT 1 FROM ledger_lines other WHERE other.tenant_id = ${Prisma.raw(entry)}.tenant_id AND other.entry_id = ${Prisma.raw(entry)}.id AND other.account = ${accountFilter(account)})`,
    ),
    source_type: equalTo(`${entry}.source_type`, (arg) => arg({ type: LedgerSourceType, required: false, description: 'Only entries posted by this kind of source.' }), 'ledger_source_type'),
    source_id: equalTo(`${entry}.source_id`, (arg) => arg.string({ required: false, description: 'Only entries of this source (an invoice id).' })),
    currency: currencyEqualTo(`${entry}.currency`, 'Only entries in this currency.'),
    posted_after: atOrAfter(`${entry}.posted_at`, (arg) => arg({ type: 'DateTime', required: false, description: 'Only entries posted at or after this time.' })),
    posted_before: before(`${entry}.posted_at`, (arg) => arg({ type: 'DateTime', required: false, description: 'Only entries posted before this time.' })),
  };
}

function entryDimensions(entry: string, LedgerSourceType: LedgerSourceTypeEnum): AggregateDeclaration['dimensions'] {
  return {
    source_type: { sql: `${entry}.source_type`, type: LedgerSourceType, description: 'What posted the entry.' },
    currency: { sql: `${entry}.currency`, type: 'String', description: 'The currency (ISO 4217).' },
  };
}

function entryTimes(entry: string): AggregateDeclaration['times'] {
  return { posted_at: { sql: `${entry}.posted_at`, description: 'The accounting date.' }, created_at: { sql: `${entry}.created_at`, description: 'Recording.' } };
}

/** Journal entries with the filters of `ledger_entries`: how many, of which sources, for how much. */
export function ledgerEntryAggregates(LedgerSourceType: LedgerSourceTypeEnum): AggregateDeclaration {
  return {
    name: 'ledger_entries',
    typeName: 'LedgerEntry',
    records: 'journal entries',
    scope: 'finance:read',
    from: 'ledger_entries r',
    filters: entryFilters('r', LedgerSourceType),
    dimensions: entryDimensions('r', LedgerSourceType),
    times: entryTimes('r'),
    measures: {
      // A balanced entry's debits equal its credits: their sum is the amount the entry moves.
      amount: { sql: '(SELECT sum(line.debit) FROM ledger_lines line WHERE line.tenant_id = r.tenant_id AND line.entry_id = r.id)', money: true, description: 'Entry amounts (the sum of the debits, equal to the credits).' },
    },
    currency: 'r.currency',
    distinct: { source_id: { sql: 'r.source_id', description: 'Sources (invoices).' } },
  };
}

/** The lines of journal entries, with their entry's filters: debits, credits and balances per account, currency and period. */
export function ledgerLineAggregates(LedgerSourceType: LedgerSourceTypeEnum): AggregateDeclaration {
  return {
    name: 'ledger_lines',
    typeName: 'LedgerLine',
    records: 'journal entry lines',
    scope: 'finance:read',
    from: 'ledger_lines r JOIN ledger_entries e ON e.tenant_id = r.tenant_id AND e.id = r.entry_id',
    filters: entryFilters('e', LedgerSourceType),
    dimensions: { account: { sql: 'r.account', type: 'String', description: 'The account of the line.' }, ...entryDimensions('e', LedgerSourceType) },
    times: entryTimes('e'),
    measures: {
      debit: { sql: 'r.debit', money: true, description: 'Debits (0 on credit lines).' },
      credit: { sql: 'r.credit', money: true, description: 'Credits (0 on debit lines).' },
      balance: { sql: 'r.debit - r.credit', money: true, description: 'Debit minus credit: its sum per account is the account balance.' },
    },
    currency: 'e.currency',
    distinct: { entry_id: { sql: 'r.entry_id', description: 'Entries.' }, account: { sql: 'r.account', description: 'Accounts.' } },
  };
}

/** Finance's aggregates: `invoices_aggregate`, `ledger_entries_aggregate`, `ledger_lines_aggregate`, and per customer. */
export function defineFinanceAggregates(
  builder: SubgraphBuilder,
  refs: ReturnType<typeof crmEntityRefs> & { InvoiceStatus: InvoiceStatusEnum; LedgerSourceType: LedgerSourceTypeEnum },
): void {
  const invoices = invoiceAggregates(refs.InvoiceStatus);
  defineEntityAggregateField(builder, refs.Customer, 'invoices_aggregate', invoices, { parentColumn: 'r.customer_id', description: "Aggregates of the customer's invoices (finance): billed, paid and open amounts per currency." });
  defineAggregateField(builder, invoices);
  defineAggregateField(builder, ledgerEntryAggregates(refs.LedgerSourceType));
  defineAggregateField(builder, ledgerLineAggregates(refs.LedgerSourceType));
}

export const financeAggregateRestRoutes: RestRoutes = {
  ...aggregateRoute('invoices', '/finance/invoices/aggregate', ['Finance']),
  ...aggregateRoute('ledger_entries', '/finance/ledger-entries/aggregate', ['Finance']),
  ...aggregateRoute('ledger_lines', '/finance/ledger-lines/aggregate', ['Finance']),
};

/** Aggregates as fields of entities: GraphQL only, like the other navigation fields. */
export const financeAggregateGraphqlOnlyFields = ['Customer.invoices_aggregate'];
