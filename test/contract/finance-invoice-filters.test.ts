import { beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createInvoice, financeAccount, invoiceAction, line } from '../support/finance.ts';
import { type ApiClient, database, graphqlData, graphqlErrors, json, type List, problemOf } from '../support/fixtures.ts';

/**
 * The invoice list's analyst filters and sorts (issue 16): `status_in`, date ranges on every
 * lifecycle instant and on the due date, amount ranges on `total` and `amount_due`, sorting by the
 * open balance (`amount_due`) and the issue and payment instants with cursors both ways, and
 * `invoices_aggregate` counting what the list counts for each of them.
 */

interface Listed { id: string; status: string; currency: string; total: number; amount_due: number; due_date: string | null; created_at: string; issued_at: string | null; paid_at: string | null; voided_at: string | null }

const FIELDS = 'id status currency total amount_due due_date created_at issued_at paid_at voided_at';
const HOUR = 3_600_000;
const BASE = Date.parse('2026-03-01T08:00:00.000Z');
/** Invoice n was created at hour n after BASE, issued half an hour later, paid a day after its issue, voided two days after. */
const createdAt = (n: number) => new Date(BASE + n * HOUR).toISOString();

/** What each seeded invoice is: its one line's price (ties on purpose), currency, due date and what happens to it. */
const SEED: Array<{ price: number; currency: string; due?: string; then: 'draft' | 'issue' | 'pay' | 'pay 500' | 'void' }> = [
  { price: 1000, currency: 'EUR', due: '2026-04-10', then: 'draft' },
  { price: 2500, currency: 'EUR', due: '2026-04-01', then: 'issue' },
  { price: 2500, currency: 'EUR', due: '2026-04-10', then: 'pay 500' },
  { price: 4000, currency: 'USD', due: '2026-04-09', then: 'void' },
  { price: 1000, currency: 'EUR', due: '2026-04-11', then: 'pay' },
  { price: 7000, currency: 'EUR', then: 'draft' },
  { price: 2500, currency: 'USD', due: '2026-04-30', then: 'issue' },
  { price: 500, currency: 'EUR', due: '2026-05-01', then: 'issue' },
  { price: 9000, currency: 'EUR', due: '2026-04-10', then: 'pay' },
  { price: 4000, currency: 'EUR', due: '2026-03-31', then: 'pay 500' },
  { price: 1200, currency: 'USD', due: '2026-04-15', then: 'void' },
  { price: 3000, currency: 'EUR', due: '2026-04-20', then: 'issue' },
  { price: 2000, currency: 'EUR', due: '2026-04-20', then: 'pay' },
  { price: 6000, currency: 'EUR', then: 'draft' },
];

const idsOf = (records: Array<{ id: string }>) => records.map((record) => record.id).sort();

describe('invoice list: analyst filters and sorts', () => {
  let api: ApiClient;
  let invoices: Listed[];

  const list = async (args: string, fields = FIELDS) =>
    (await graphqlData<{ invoices: List<Listed> }>(api, `{ invoices(${args ? `${args}, ` : ''}per_page: 100) { data { ${fields} } meta { total } } }`)).invoices;

  beforeAll(async () => {
    const account = await financeAccount();
    api = account.api;
    const customer = (await createCustomer(api, 'Analyst Ltd')).id;
    const ids: string[] = [];
    for (const spec of SEED) {
      const invoice = await createInvoice(api, { customer_id: customer, currency: spec.currency, ...(spec.due && { due_date: spec.due }), lines: [line({ unit_price: spec.price })] });
      ids.push(invoice.id);
      if (spec.then === 'draft') continue;
      await json(await invoiceAction(api, invoice.id, 'issue'));
      if (spec.then === 'void') await json(await invoiceAction(api, invoice.id, 'void'));
      if (spec.then === 'pay') await json(await invoiceAction(api, invoice.id, 'pay'));
      if (spec.then === 'pay 500') await json(await invoiceAction(api, invoice.id, 'pay', { amount: 500 }));
    }
    // Lifecycle instants an hour apart, so each range boundary can sit exactly on one invoice.
    const db = database();
    for (const [n, id] of ids.entries()) {
      const created = new Date(createdAt(n));
      const issued = new Date(created.getTime() + HOUR / 2);
      await db.$executeRaw`UPDATE invoices SET created_at = ${created}::timestamptz,
        issued_at = CASE WHEN issued_at IS NULL THEN NULL ELSE ${issued}::timestamptz END,
        paid_at = CASE WHEN paid_at IS NULL THEN NULL ELSE ${new Date(issued.getTime() + 24 * HOUR)}::timestamptz END,
        voided_at = CASE WHEN voided_at IS NULL THEN NULL ELSE ${new Date(issued.getTime() + 48 * HOUR)}::timestamptz END
        WHERE tenant_id = ${account.tenantId} AND id = ${id}`;
    }
    invoices = (await list('')).data;
    expect(invoices).toHaveLength(SEED.length);
  }, 120_000);

  const instantOf = (n: number, field: 'created_at' | 'issued_at' | 'paid_at' | 'voided_at') => invoices.find((invoice) => invoice.created_at === createdAt(n))?.[field] as string;
  const at = (value: string | null) => (value === null ? Number.NaN : Date.parse(value));

  /** Each filter (GraphQL arguments, REST query) with the invoices it must keep; every boundary is the value of a seeded invoice. */
  const cases = (): Array<[string, (invoice: Listed) => boolean]> => {
    const paid = instantOf(8, 'paid_at');
    const voided = instantOf(10, 'voided_at');
    return [
      ['status_in: [issued, void]', (invoice) => ['issued', 'void'].includes(invoice.status)],
      ['status_in: [paid], status: paid', (invoice) => invoice.status === 'paid'],
      [`created_after: "${createdAt(5)}"`, (invoice) => at(invoice.created_at) >= at(createdAt(5))],
      [`created_before: "${createdAt(5)}"`, (invoice) => at(invoice.created_at) < at(createdAt(5))],
      [`paid_after: "${paid}"`, (invoice) => at(invoice.paid_at) >= at(paid)],
      [`paid_before: "${paid}"`, (invoice) => at(invoice.paid_at) < at(paid)],
      [`voided_after: "${voided}"`, (invoice) => at(invoice.voided_at) >= at(voided)],
      [`voided_before: "${voided}"`, (invoice) => at(invoice.voided_at) < at(voided)],
      ['due_after: "2026-04-10"', (invoice) => invoice.due_date !== null && invoice.due_date >= '2026-04-10'],
      ['due_before: "2026-04-10"', (invoice) => invoice.due_date !== null && invoice.due_date < '2026-04-10'],
      ['due_after: "2026-04-01", due_before: "2026-05-01"', (invoice) => invoice.due_date !== null && invoice.due_date >= '2026-04-01' && invoice.due_date < '2026-05-01'],
      ['total_min: 2500', (invoice) => invoice.total >= 2500],
      ['total_max: 2500', (invoice) => invoice.total <= 2500],
      ['total_min: 2500, total_max: 2500', (invoice) => invoice.total === 2500],
      ['amount_due_min: 2000, amount_due_max: 3500', (invoice) => invoice.amount_due >= 2000 && invoice.amount_due <= 3500],
      ['amount_due_min: 1, status: issued', (invoice) => invoice.status === 'issued' && invoice.amount_due >= 1],
      ['amount_due_max: 0', (invoice) => invoice.amount_due === 0],
      ['currency: "USD", total_min: 2500', (invoice) => invoice.currency === 'USD' && invoice.total >= 2500],
    ];
  };

  it('keeps exactly the invoices each filter names, bounds inclusive (`_after`, `_min`, `_max`) or exclusive (`_before`) as named', async () => {
    for (const [args, keeps] of cases()) {
      const expected = invoices.filter(keeps);
      // Each filter keeps some invoices and leaves some out.
      expect([args, expected.length > 0 && expected.length < invoices.length]).toEqual([args, true]);
      const page = await list(args);
      expect([args, idsOf(page.data)]).toEqual([args, idsOf(expected)]);
      expect([args, page.meta.total]).toEqual([args, expected.length]);
    }
    // The boundaries sit on seeded invoices: the ones due on 2026-04-10, the totals of 2500.
    expect(invoices.filter((invoice) => invoice.due_date === '2026-04-10').length).toBeGreaterThan(1);
    expect(invoices.filter((invoice) => invoice.total === 2500).length).toBeGreaterThan(1);
  });

  it('counts in invoices_aggregate exactly what the list counts, filter by filter', async () => {
    for (const [args] of cases()) {
      const { invoices: page, invoices_aggregate: aggregate } = await graphqlData<{ invoices: List<unknown>; invoices_aggregate: { groups: Array<{ count: number }> } }>(
        api,
        `{ invoices(${args}) { meta { total } } invoices_aggregate(${args}) { groups { count } } }`,
      );
      expect([args, aggregate.groups[0]?.count]).toEqual([args, page.meta.total]);
    }
  });

  it('takes the same filters as REST query parameters', async () => {
    const rest = await json<List<Listed>>(await api.get('/v1/finance/invoices?total_min=2500&amount_due_max=2500&due_after=2026-04-01&due_before=2026-05-01&per_page=100'));
    expect(idsOf(rest.data)).toEqual(idsOf((await list('total_min: 2500, amount_due_max: 2500, due_after: "2026-04-01", due_before: "2026-05-01"')).data));
    expect(rest.data.length).toBeGreaterThan(0);
    const aggregate = await json<{ groups: Array<{ count: number }> }>(await api.get(`/v1/finance/invoices/aggregate?paid_after=${instantOf(4, 'paid_at')}&total_max=5000`));
    expect(aggregate.groups[0]?.count).toBe(invoices.filter((invoice) => at(invoice.paid_at) >= at(instantOf(4, 'paid_at')) && invoice.total <= 5000).length);
  });

  /** Every page of a sort, following `next_cursor` from the first, then `prev_cursor` back from the last. */
  async function walks(sort: string, perPage: number): Promise<{ forwards: string[]; backwards: string[]; pages: number }> {
    const page = async (query: string) => json<List<Listed>>(await api.get(`/v1/finance/invoices?sort=${sort}&per_page=${perPage}${query}`));
    const forward = [await page('')];
    for (let cursor = forward[0]?.meta.next_cursor; cursor; cursor = forward.at(-1)?.meta.next_cursor) forward.push(await page(`&after=${cursor}`));
    const backward = [forward.at(-1) as List<Listed>];
    for (let cursor = backward[0]?.meta.prev_cursor; cursor; cursor = backward.at(-1)?.meta.prev_cursor) backward.push(await page(`&before=${cursor}`));
    return { forwards: forward.flatMap((each) => each.data.map((invoice) => invoice.id)), backwards: backward.reverse().flatMap((each) => each.data.map((invoice) => invoice.id)), pages: forward.length };
  }

  it('sorts by the open balance (amount_due) and by lifecycle instants, cursors walking every page both ways without loss or repetition', async () => {
    const byId = (a: Listed, b: Listed) => (a.id < b.id ? -1 : 1);
    // Ties (several invoices with 2500 or 0 due) are broken by id, in the direction of the last key.
    const ascending = [...invoices].sort((a, b) => a.amount_due - b.amount_due || byId(a, b)).map((invoice) => invoice.id);
    const descending = [...invoices].sort((a, b) => b.amount_due - a.amount_due || byId(b, a)).map((invoice) => invoice.id);
    expect(new Set(invoices.map((invoice) => invoice.amount_due)).size).toBeLessThan(invoices.length - 2);
    for (const [sort, expected] of [
      ['amount_due', ascending],
      ['-amount_due', descending],
      ['-amount_due,due_date', null],
      ['paid_at', null],
      ['-issued_at', null],
    ] as const) {
      const numbered = (await json<List<Listed>>(await api.get(`/v1/finance/invoices?sort=${sort}&per_page=100`))).data.map((invoice) => invoice.id);
      if (expected) expect([sort, numbered]).toEqual([sort, expected]);
      expect([sort, [...numbered].sort()]).toEqual([sort, idsOf(invoices)]);
      for (const perPage of [3, 4]) {
        const { forwards, backwards, pages } = await walks(sort, perPage);
        expect([sort, perPage, forwards]).toEqual([sort, perPage, numbered]);
        expect([sort, perPage, backwards]).toEqual([sort, perPage, numbered]);
        expect(pages).toBe(Math.ceil(invoices.length / perPage));
      }
    }
    // Invoices never paid sort after the paid ones, in either direction.
    const paidFirst = (await json<List<Listed>>(await api.get('/v1/finance/invoices?sort=-paid_at&per_page=100'))).data.map((invoice) => invoice.paid_at !== null);
    expect(paidFirst).toEqual([...paidFirst].sort((a, b) => Number(b) - Number(a)));
  });

  it('refuses a `_min` above its `_max` with a rule_violation naming both, and accepts them equal', async () => {
    // The list and its aggregate alike (graphql-kit's assertRanges serves both).
    for (const path of ['/v1/finance/invoices', '/v1/finance/invoices/aggregate']) {
      const response = await api.get(`${path}?total_min=5000&total_max=4999`);
      const problem = await problemOf(response);
      expect([path, response.status, problem.code, problem.errors?.map((error) => error.field)]).toEqual([path, 422, 'rule_violation', ['total_min', 'total_max']]);
    }
    const [both] = await graphqlErrors(api, '{ invoices(total_min: 3, total_max: 2, amount_due_min: 10, amount_due_max: 9) { meta { total } } }');
    expect(both?.extensions?.code).toBe('rule_violation');
    expect((both?.extensions?.errors as Array<{ field: string }>).map((error) => error.field).sort()).toEqual(['amount_due_max', 'amount_due_min', 'total_max', 'total_min']);
    expect((await json<List<Listed>>(await api.get('/v1/finance/invoices?amount_due_min=2500&amount_due_max=2500'))).meta.total).toBe(invoices.filter((invoice) => invoice.amount_due === 2500).length);
  });

  it('refuses a malformed due date (400), a date that does not exist (422) and an empty or oversized status_in (400), in the list and its aggregate', async () => {
    for (const path of ['/v1/finance/invoices', '/v1/finance/invoices/aggregate']) {
      for (const [query, status, code, field] of [
        ['due_after=2026-4-1', 400, 'invalid_parameter', 'due_after'],
        ['due_before=2026-02-30', 422, 'rule_violation', 'due_before'],
        ['total_min=1.5', 400, 'invalid_parameter', 'total_min'],
      ] as const) {
        const response = await api.get(`${path}?${query}`);
        const problem = await problemOf(response);
        expect([path, query, response.status, problem.code, problem.errors?.[0]?.field]).toEqual([path, query, status, code, field]);
      }
    }
    for (const field of ['invoices', 'invoices_aggregate']) {
      for (const values of ['[]', `[${Array(51).fill('paid').join(', ')}]`]) {
        const [error] = await graphqlErrors(api, `{ ${field}(status_in: ${values}) { __typename } }`);
        expect([field, values.length, error?.extensions]).toEqual([field, values.length, expect.objectContaining({ code: 'invalid_parameter', errors: [expect.objectContaining({ field: 'status_in' })] })]);
      }
    }
  });
});
