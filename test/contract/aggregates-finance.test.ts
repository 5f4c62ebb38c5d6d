import { beforeAll, describe, expect, it } from 'vitest';
import { MONEY_FIELDS, type MoneyStatistics, NUMBER_FIELDS, type NumberStatistics, bucketLabel, groupBy, moneyStatistics } from '../support/aggregates.ts';
import { type FinanceAccount, type LedgerBalance, balances, createCustomer, createInvoice, financeAccount, invoiceAction, line } from '../support/finance.ts';
import { type ApiClient, clientWithScope, database, graphqlData, graphqlErrors, json, type List, problemOf } from '../support/fixtures.ts';

/**
 * Aggregates of invoices, journal entries and their lines, checked against figures computed here
 * from the seeded records: every money statistic per currency (two currencies), days to payment,
 * groupings (the open balance per customer), time buckets in three time zones, the lists'
 * filters, the aggregate per customer through federation, the trial balance, REST, scopes.
 */

interface SeededInvoice { id: string; customer_id: string; order_id: string | null; currency: string; status: string; subtotal: number; tax_total: number; total: number; amount_paid: number; issued_at: Date | null; paid_at: Date | null; due_date: Date | null; overdue: boolean }
interface SeededLine { entry_id: string; account: string; debit: number; credit: number; currency: string; source_type: string; posted_at: Date }
type Key = Record<string, string | boolean | null>;
interface InvoiceGroup { key: Key; count: number; count_distinct: { customer_id: number }; total: MoneyStatistics[]; subtotal: MoneyStatistics[]; tax_total: MoneyStatistics[]; amount_paid: MoneyStatistics[]; amount_due: MoneyStatistics[]; days_to_payment: NumberStatistics }
interface Aggregate<Group> { groups: Group[]; truncated: boolean }

const MONEY_MEASURES = ['total', 'subtotal', 'tax_total', 'amount_paid', 'amount_due'] as const;
const INVOICE_GROUP = `key { status customer_id currency overdue bucket_label } count count_distinct { customer_id } ${MONEY_MEASURES.map((measure) => `${measure} ${MONEY_FIELDS}`).join(' ')} days_to_payment ${NUMBER_FIELDS}`;
const STATUS_ORDER = ['draft', 'issued', 'paid', 'void'];
const SOURCE_ORDER = ['invoice', 'payment', 'manual', 'reversal'];
/** Issue instants around the end of October 2026: 23:30Z on the 31st is November in Paris, still October in New York. */
const INSTANTS = ['2026-09-30T23:30:00Z', '2026-10-01T03:00:00Z', '2026-10-31T23:30:00Z', '2026-11-01T02:00:00Z', '2026-12-31T23:30:00Z'];
const DAY = 86_400_000;

const byText = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);
const amountDue = (invoice: SeededInvoice) => invoice.total - invoice.amount_paid;

/** The figures the API computes for a group of invoices (but days to payment: floating point, compared apart). */
function invoiceFigures(invoices: SeededInvoice[]): Omit<InvoiceGroup, 'key' | 'days_to_payment'> {
  const money = (amountOf: (invoice: SeededInvoice) => number) => moneyStatistics(invoices, amountOf, (invoice) => invoice.currency);
  return {
    count: invoices.length,
    count_distinct: { customer_id: new Set(invoices.map((invoice) => invoice.customer_id)).size },
    total: money((invoice) => invoice.total),
    subtotal: money((invoice) => invoice.subtotal),
    tax_total: money((invoice) => invoice.tax_total),
    amount_paid: money((invoice) => invoice.amount_paid),
    amount_due: money(amountDue),
  };
}

function expectDaysToPayment(actual: NumberStatistics, invoices: SeededInvoice[]): void {
  const days = invoices.flatMap((invoice) => (invoice.paid_at && invoice.issued_at ? [(invoice.paid_at.getTime() - invoice.issued_at.getTime()) / DAY] : []));
  if (days.length === 0) return void expect(actual).toEqual({ sum: null, avg: null, min: null, max: null });
  const sum = days.reduce((a, b) => a + b, 0);
  for (const [name, value] of Object.entries({ sum, avg: sum / days.length, min: Math.min(...days), max: Math.max(...days) })) expect([name, actual[name as keyof NumberStatistics]]).toEqual([name, expect.closeTo(value, 6)]);
}

function withoutDays({ days_to_payment: _days, ...group }: InvoiceGroup) {
  return group;
}

describe('aggregates of invoices and of the general ledger', () => {
  let account: FinanceAccount;
  let api: ApiClient;
  let customers: string[];
  let invoices: SeededInvoice[];
  let lines: SeededLine[];

  const invoiceAggregate = async (args: string, fields = INVOICE_GROUP): Promise<Aggregate<InvoiceGroup>> =>
    (await graphqlData<{ invoices_aggregate: Aggregate<InvoiceGroup> }>(api, `{ invoices_aggregate${args ? `(${args})` : ''} { groups { ${fields} } truncated } }`)).invoices_aggregate;

  beforeAll(async () => {
    account = await financeAccount();
    api = account.api;
    customers = [(await createCustomer(api, 'Alpha')).id, (await createCustomer(api, 'Beta')).id, (await createCustomer(api, 'Gamma')).id];
    const ids: string[] = [];
    for (let index = 0; index < 12; index++) {
      const invoice = await createInvoice(api, {
        customer_id: customers[index % 3],
        currency: index % 4 === 3 ? 'USD' : 'EUR',
        lines: [line({ quantity: 1 + (index % 3), unit_price: 1000 + 250 * index, tax_rate: index % 2 === 1 ? 2000 : 0 }), ...(index % 5 === 0 ? [line({ description: 'Travel', unit_price: 333 })] : [])],
      });
      ids.push(invoice.id);
      if (index % 4 === 0) continue; // stays a draft
      await json(await invoiceAction(api, invoice.id, 'issue'));
      if (index === 2) await json(await invoiceAction(api, invoice.id, 'void'));
      else if (index % 3 === 0) await json(await invoiceAction(api, invoice.id, 'pay'));
      else if (index % 5 === 1) await json(await invoiceAction(api, invoice.id, 'pay', { amount: 500 }));
    }
    await json(await api.send('POST', '/v1/finance/ledger-entries', { currency: 'USD', description: 'Capital', lines: [{ account: 'cash', debit: 50_000, credit: 0 }, { account: 'equity', debit: 0, credit: 50_000 }] }), 201);
    // Issue and payment instants around month and year boundaries; two open invoices past due.
    const db = database();
    for (const [index, id] of ids.entries()) {
      const issued = new Date(INSTANTS[index % INSTANTS.length] as string);
      await db.$executeRaw`UPDATE invoices SET issued_at = CASE WHEN issued_at IS NULL THEN NULL ELSE ${issued}::timestamptz END, paid_at = CASE WHEN paid_at IS NULL THEN NULL ELSE ${new Date(issued.getTime() + (index + 1.5) * DAY)}::timestamptz END,
        due_date = CASE WHEN status = 'issued' AND ${index % 2 === 1} THEN DATE '2026-10-31' ELSE due_date END WHERE tenant_id = ${account.tenantId} AND id = ${id}`;
    }
    const rows = await db.$queryRaw<Array<Omit<SeededInvoice, 'subtotal' | 'tax_total' | 'total' | 'amount_paid'> & Record<'subtotal' | 'tax_total' | 'total' | 'amount_paid', bigint>>>`
      SELECT id, customer_id, order_id, currency, status::text AS status, subtotal, tax_total, total, amount_paid, issued_at, paid_at, due_date::timestamp AT TIME ZONE 'UTC' AS due_date,
        (status = 'issued' AND due_date < (now() AT TIME ZONE 'UTC')::date) AS overdue
      FROM invoices WHERE tenant_id = ${account.tenantId}`;
    invoices = rows.map((row) => ({ ...row, subtotal: Number(row.subtotal), tax_total: Number(row.tax_total), total: Number(row.total), amount_paid: Number(row.amount_paid) }));
    const lineRows = await db.$queryRaw<Array<Omit<SeededLine, 'debit' | 'credit'> & { debit: bigint; credit: bigint }>>`
      SELECT l.entry_id, l.account, l.debit, l.credit, e.currency, e.source_type::text AS source_type, e.posted_at FROM ledger_lines l JOIN ledger_entries e ON e.tenant_id = l.tenant_id AND e.id = l.entry_id WHERE l.tenant_id = ${account.tenantId}`;
    lines = lineRows.map((row) => ({ ...row, debit: Number(row.debit), credit: Number(row.credit) }));
    expect(new Set(invoices.map((invoice) => invoice.status))).toEqual(new Set(STATUS_ORDER));
    expect(invoices.filter((invoice) => invoice.overdue).length).toBeGreaterThan(0);
  }, 120_000);

  it('without grouping: every money statistic per currency, distinct customers, days to payment', async () => {
    const { groups, truncated } = await invoiceAggregate('');
    expect(truncated).toBe(false);
    expect(groups.map(withoutDays)).toEqual([{ key: expect.objectContaining({ status: null, bucket_label: null }), ...invoiceFigures(invoices) }]);
    expect(groups[0]?.total.map((entry) => entry.currency)).toEqual(['EUR', 'USD']);
    expectDaysToPayment(groups[0]?.days_to_payment as NumberStatistics, invoices);
  });

  it('groups by status, and by customer and currency: the top customers by open balance', async () => {
    const { groups } = await invoiceAggregate('group_by: "status"');
    const expected = [...groupBy(invoices, (invoice) => invoice.status)].map(([status, members]) => ({ key: { status }, ...invoiceFigures(members) })).sort((a, b) => STATUS_ORDER.indexOf(a.key.status) - STATUS_ORDER.indexOf(b.key.status));
    expect(groups.map((group) => ({ ...withoutDays(group), key: { status: group.key.status } }))).toEqual(expected);
    for (const group of groups) expectDaysToPayment(group.days_to_payment, invoices.filter((invoice) => invoice.status === group.key.status));

    const top = await invoiceAggregate('status: issued, group_by: "customer_id,currency", sort: "-amount_due.sum,customer_id", limit: 2', 'key { customer_id currency } amount_due { currency sum }');
    const open = [...groupBy(invoices.filter((invoice) => invoice.status === 'issued'), (invoice) => `${invoice.customer_id}|${invoice.currency}`)]
      .map(([key, members]) => ({ customer_id: key.split('|')[0] as string, due: moneyStatistics(members, amountDue, (invoice) => invoice.currency)[0] as MoneyStatistics }))
      .sort((a, b) => b.due.sum - a.due.sum || byText(a.customer_id, b.customer_id));
    expect(top.groups.map((group) => [group.key.customer_id, group.amount_due])).toEqual(open.slice(0, 2).map((entry) => [entry.customer_id, [{ currency: entry.due.currency, sum: entry.due.sum }]]));
    expect(top.truncated).toBe(open.length > 2);
  });

  it.each(['day', 'week', 'month', 'quarter', 'year'])('buckets invoices by issue %s in three time zones, leaving out drafts', async (unit) => {
    for (const timeZone of ['UTC', 'Europe/Paris', 'America/New_York']) {
      const { groups } = await invoiceAggregate(`bucket: ${unit}, bucket_by: "issued_at", time_zone: "${timeZone}"`, `key { bucket_label } count total ${MONEY_FIELDS}`);
      const issued = invoices.filter((invoice) => invoice.issued_at !== null);
      const expected = [...groupBy(issued, (invoice) => bucketLabel(invoice.issued_at as Date, unit, timeZone))].map(([label, members]) => ({ label, count: members.length, total: invoiceFigures(members).total }));
      expect(groups.map((group) => ({ label: group.key.bucket_label, count: group.count, total: group.total }))).toEqual(expected.sort((a, b) => byText(a.label, b.label)));
    }
  });

  it('buckets by payment and by due date, and groups by overdue', async () => {
    const paid = await invoiceAggregate('bucket: month, bucket_by: "paid_at"', 'key { bucket_label } count amount_paid { currency sum }');
    const expectedPaid = [...groupBy(invoices.filter((invoice) => invoice.paid_at), (invoice) => bucketLabel(invoice.paid_at as Date, 'month', 'UTC'))]
      .map(([label, members]) => ({ label, count: members.length, amount_paid: invoiceFigures(members).amount_paid.map(({ currency, sum }) => ({ currency, sum })) }))
      .sort((a, b) => byText(a.label, b.label));
    expect(paid.groups.map((group) => ({ label: group.key.bucket_label, count: group.count, amount_paid: group.amount_paid }))).toEqual(expectedPaid);
    const due = await invoiceAggregate('bucket: day, bucket_by: "due_date"', 'key { bucket_label } count');
    expect(due.groups.map((group) => [group.key.bucket_label, group.count])).toEqual(
      [...groupBy(invoices.filter((invoice) => invoice.due_date), (invoice) => (invoice.due_date as Date).toISOString().slice(0, 10))].map(([label, members]) => [label, members.length]).sort(([a], [b]) => byText(a as string, b as string)),
    );
    const overdue = await invoiceAggregate('group_by: "overdue"', 'key { overdue } count amount_due { currency sum }');
    expect(overdue.groups.map((group) => [group.key.overdue, group.count])).toEqual([false, true].map((flag) => [flag, invoices.filter((invoice) => invoice.overdue === flag).length]));
  });

  it('counts exactly what the invoice list counts, filter by filter', async () => {
    const filters: Array<[string, string]> = [
      ['status: issued', 'status=issued'],
      [`customer_id: "${customers[1]}"`, `customer_id=${customers[1]}`],
      ['order_id: "ord_none"', 'order_id=ord_none'],
      ['currency: "USD"', 'currency=USD'],
      ['issued_after: "2026-10-31T23:30:00Z"', 'issued_after=2026-10-31T23:30:00Z'],
      ['issued_before: "2026-10-31T23:30:00Z"', 'issued_before=2026-10-31T23:30:00Z'],
      ['overdue: true', 'overdue=true'],
      ['overdue: false', 'overdue=false'],
    ];
    for (const [graphql, query] of filters) {
      const list = await json<List<unknown>>(await api.get(`/v1/finance/invoices?${query}`));
      expect([graphql, (await invoiceAggregate(graphql, 'count')).groups[0]?.count]).toEqual([graphql, list.meta.total]);
    }
  });

  it('aggregates each customer\'s invoices as a field of the CRM\'s customers, through federation', async () => {
    const { customers: page } = await graphqlData<{ customers: { data: Array<{ id: string; invoices_aggregate: Aggregate<InvoiceGroup> }> } }>(
      api,
      `{ customers(per_page: 10) { data { id invoices_aggregate(group_by: "currency", status: issued) { groups { key { currency } count amount_due ${MONEY_FIELDS} } truncated } } } }`,
    );
    expect(page.data.map((customer) => customer.id).sort()).toEqual([...customers].sort());
    for (const customer of page.data) {
      const open = invoices.filter((invoice) => invoice.customer_id === customer.id && invoice.status === 'issued');
      const expected = [...groupBy(open, (invoice) => invoice.currency)].map(([currency, members]) => ({ key: { currency }, count: members.length, amount_due: invoiceFigures(members).amount_due })).sort((a, b) => byText(a.key.currency, b.key.currency));
      expect(customer.invoices_aggregate).toEqual({ groups: expected, truncated: false });
    }
  });

  it('sums journal lines per account and currency: the trial balance', async () => {
    const { ledger_lines_aggregate } = await graphqlData<{ ledger_lines_aggregate: Aggregate<{ key: Key; count: number; debit: MoneyStatistics[]; credit: MoneyStatistics[]; balance: MoneyStatistics[] }> }>(
      api,
      `{ ledger_lines_aggregate(group_by: "currency,account") { groups { key { currency account } count debit ${MONEY_FIELDS} credit ${MONEY_FIELDS} balance ${MONEY_FIELDS} } } }`,
    );
    const money = (members: SeededLine[], amountOf: (line: SeededLine) => number) => moneyStatistics(members, amountOf, (entry) => entry.currency);
    const expected = [...groupBy(lines, (entry) => `${entry.currency}|${entry.account}`)]
      .map(([key, members]) => {
        const [currency, account] = key.split('|') as [string, string];
        return { key: { currency, account }, count: members.length, debit: money(members, (entry) => entry.debit), credit: money(members, (entry) => entry.credit), balance: money(members, (entry) => entry.debit - entry.credit) };
      })
      .sort((a, b) => byText(a.key.currency, b.key.currency) || byText(a.key.account, b.key.account));
    expect(ledger_lines_aggregate.groups).toEqual(expected);
    // The same sums as the trial balance.
    const trial: LedgerBalance[] = await balances(api);
    expect(ledger_lines_aggregate.groups.map((group) => ({ account: group.key.account, currency: group.key.currency, debit_total: group.debit[0]?.sum, credit_total: group.credit[0]?.sum, balance: group.balance[0]?.sum }))).toEqual(trial);
  });

  it('aggregates journal entries by source, and counts exactly what the entry list counts, filter by filter', async () => {
    const { ledger_entries_aggregate } = await graphqlData<{ ledger_entries_aggregate: Aggregate<{ key: Key; count: number; count_distinct: { source_id: number }; amount: MoneyStatistics[] }> }>(
      api,
      `{ ledger_entries_aggregate(group_by: "source_type") { groups { key { source_type } count count_distinct { source_id } amount ${MONEY_FIELDS} } } }`,
    );
    const entries = [...groupBy(lines, (entry) => entry.entry_id)].map(([, entryLines]) => ({ ...(entryLines[0] as SeededLine), amount: entryLines.reduce((sum, entry) => sum + entry.debit, 0) }));
    const expected = [...groupBy(entries, (entry) => entry.source_type)]
      .map(([source_type, members]) => ({ source_type, count: members.length, amount: moneyStatistics(members, (entry) => entry.amount, (entry) => entry.currency) }))
      .sort((a, b) => SOURCE_ORDER.indexOf(a.source_type) - SOURCE_ORDER.indexOf(b.source_type));
    expect(ledger_entries_aggregate.groups.map((group) => ({ source_type: group.key.source_type, count: group.count, amount: group.amount }))).toEqual(expected);

    const invoiceId = invoices.find((invoice) => invoice.status === 'paid')?.id as string;
    const middle = [...entries].sort((a, b) => a.posted_at.getTime() - b.posted_at.getTime())[4]?.posted_at.toISOString() as string;
    const filters: Array<[string, string]> = [
      ['account: "cash"', 'account=cash'],
      ['source_type: payment', 'source_type=payment'],
      [`source_id: "${invoiceId}"`, `source_id=${invoiceId}`],
      ['currency: "USD"', 'currency=USD'],
      [`posted_after: "${middle}"`, `posted_after=${middle}`],
      [`posted_before: "${middle}"`, `posted_before=${middle}`],
    ];
    for (const [graphql, query] of filters) {
      const list = await json<List<unknown>>(await api.get(`/v1/finance/ledger-entries?${query}`));
      const { ledger_entries_aggregate: counted } = await graphqlData<{ ledger_entries_aggregate: Aggregate<{ count: number; count_distinct: { source_id: number } }> }>(api, `{ ledger_entries_aggregate(${graphql}) { groups { count } } }`);
      expect([graphql, counted.groups[0]?.count]).toEqual([graphql, list.meta.total]);
      // The lines aggregated with the entries' filter are the lines of exactly those entries.
      const { ledger_lines_aggregate: lineCount } = await graphqlData<{ ledger_lines_aggregate: Aggregate<{ count_distinct: { entry_id: number } }> }>(api, `{ ledger_lines_aggregate(${graphql}) { groups { count_distinct { entry_id } } } }`);
      expect([graphql, lineCount.groups[0]?.count_distinct.entry_id]).toEqual([graphql, list.meta.total]);
    }
  });

  it('serves the same answers over REST, and refuses what it cannot compute with the argument at fault', async () => {
    const rest = await json<Aggregate<InvoiceGroup>>(await api.get('/v1/finance/invoices/aggregate?group_by=customer_id,currency&status=issued&sort=-amount_due.sum'));
    const graphql = await invoiceAggregate('group_by: "customer_id,currency", status: issued, sort: "-amount_due.sum"');
    expect(rest.groups.map((group) => [group.key.customer_id, group.key.currency, group.count, group.amount_due])).toEqual(graphql.groups.map((group) => [group.key.customer_id, group.key.currency, group.count, group.amount_due]));
    const trial = await json<Aggregate<{ key: Key; balance: MoneyStatistics[] }>>(await api.get('/v1/finance/ledger-lines/aggregate?group_by=account&currency=USD'));
    expect(trial.groups.map((group) => [group.key.account, group.balance[0]?.sum])).toEqual((await balances(api, '?currency=USD')).map((row) => [row.account, row.balance]));
    expect((await json<Aggregate<{ count: number }>>(await api.get('/v1/finance/ledger-entries/aggregate?source_type=manual'))).groups[0]?.count).toBe(1);
    for (const [path, status, code, field] of [
      ['/v1/finance/invoices/aggregate?currency=eur', 400, 'invalid_parameter', 'currency'],
      ['/v1/finance/invoices/aggregate?group_by=customer_id&sort=-total.sum', 422, 'rule_violation', 'sort'],
      ['/v1/finance/invoices/aggregate?bucket=month&bucket_by=posted_at', 400, 'invalid_parameter', 'bucket_by'],
      ['/v1/finance/ledger-lines/aggregate?account=Cash', 400, 'invalid_parameter', 'account'],
      ['/v1/finance/ledger-entries/aggregate?group_by=account', 400, 'invalid_parameter', 'group_by'],
    ] as const) {
      const response = await api.get(path);
      const problem = await problemOf(response);
      expect([path, response.status, problem.code, problem.errors?.[0]?.field]).toEqual([path, status, code, field]);
    }
  });

  it('needs finance:read, over GraphQL, REST and the customer field', async () => {
    const crmOnly = await clientWithScope(account, 'crm:read');
    for (const query of ['{ invoices_aggregate { groups { count } } }', '{ ledger_entries_aggregate { groups { count } } }', '{ ledger_lines_aggregate { groups { count } } }', '{ customers { data { invoices_aggregate { groups { count } } } } }']) {
      const errors = await graphqlErrors(crmOnly, query);
      expect([query, errors[0]?.extensions]).toEqual([query, expect.objectContaining({ code: 'insufficient_scope', required_scope: 'finance:read' })]);
    }
    for (const path of ['/v1/finance/invoices/aggregate', '/v1/finance/ledger-entries/aggregate', '/v1/finance/ledger-lines/aggregate']) {
      const response = await crmOnly.get(path);
      expect([path, response.status, (await problemOf(response)).code]).toEqual([path, 403, 'insufficient_scope']);
    }
  });
});
