// Proves the batching the finance schema promises: a list of customers, orders, invoices or
// entries with their navigation costs a constant number of SQL statements, whatever its length
// (no query per parent), including the entity references the gateway sends for CRM's records.
import type { PrismaClient } from '@platform/db';
import type { EventEmitter, EventsPort, InvoiceableOrder, OrdersPort } from '@platform/graphql-kit';
import { type SubgraphHarness, type TestRequest, startSubgraphHarness } from '@platform/graphql-kit/testing';
import type { GraphQLSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financeSubgraph } from '../src/index.ts';
import { createInvoice, issueInvoice, payInvoice, voidInvoice } from '../src/services/invoices.ts';

const TENANT = 'ten_finance_batching';
const OTHER_TENANT = 'ten_finance_other';
/** One customer with more invoices than `Customer.invoices` returns at once, beside customers with few. */
const BUSY_TENANT = 'ten_finance_busy';
const CUSTOMERS = 20;
const BUSY_INVOICES = 105;

let harness: SubgraphHarness;
let prisma: PrismaClient;
let schema: GraphQLSchema;

/** CRM as finance sees it: every customer exists; `ord_<customer>_<n>` is a confirmed sales order of that customer. */
const orders: OrdersPort = {
  customerExists: () => Promise.resolve(true),
  findOrderForInvoicing: (_db, _tenantId, orderId): Promise<InvoiceableOrder | null> => {
    const customer = /^ord_(cus_\d+)_\d+$/.exec(orderId)?.[1];
    if (!customer) return Promise.resolve(null);
    return Promise.resolve({ id: orderId, kind: 'sales', status: 'confirmed', customer_id: customer, currency: 'EUR', lines: [{ id: 'oln_1', item_id: 'SKU-1', description: 'Widget', quantity: 2, unit_price: 500 }] });
  },
};

/** The seed's invoice events go nowhere: this test counts the statements of reads. */
const emitter: EventEmitter = { events: { emit: () => Promise.resolve({ id: 'evt_seed' }) } as Pick<EventsPort, 'emit'> as EventsPort, source: { type: 'platform' } };

const REQUEST: TestRequest = { tenantId: TENANT, scopes: ['finance:read', 'finance:write'], platform: { orders } };

const run = (query: string, variables?: Record<string, unknown>) => harness.run(schema, query, { request: REQUEST, variables });

async function seed(tenantId: string, customers: number) {
  const write = { tenantId, orders };
  for (let c = 0; c < customers; c++) {
    const customerId = `cus_${c}`;
    const fromOrder = await prisma.$transaction((tx) => createInvoice(tx, write, { order_id: `ord_${customerId}_1`, tax_rate: 2000 }));
    await prisma.$transaction((tx) => issueInvoice(tx, write, fromOrder.id, undefined, emitter));
    await prisma.$transaction((tx) => payInvoice(tx, write, fromOrder.id, 300, undefined, emitter));
    const other = await prisma.$transaction((tx) =>
      createInvoice(tx, write, { customer_id: customerId, currency: c % 2 === 0 ? 'EUR' : 'USD', lines: [{ description: 'Service', quantity: 1, unit_price: 1000 + c, tax_rate: 0 }] }),
    );
    await prisma.$transaction((tx) => issueInvoice(tx, write, other.id, undefined, emitter));
    if (c % 3 === 0) await prisma.$transaction((tx) => voidInvoice(tx, write, other.id, undefined, emitter));
    await prisma.$transaction((tx) => createInvoice(tx, write, { customer_id: customerId, currency: 'EUR', lines: [{ description: 'Draft', quantity: 1, unit_price: 1 }] }));
  }
}

beforeAll(async () => {
  harness = await startSubgraphHarness({ prefix: 'finance_batching' });
  prisma = harness.prisma;
  schema = financeSubgraph.buildSchema();
  await seed(TENANT, CUSTOMERS);
  await seed(OTHER_TENANT, 2);
  await seed(BUSY_TENANT, 3);
  const write = { tenantId: BUSY_TENANT, orders };
  for (let n = 0; n < BUSY_INVOICES; n++) {
    const invoice = await prisma.$transaction((tx) =>
      createInvoice(tx, write, { customer_id: 'cus_busy', currency: 'EUR', due_date: `2026-05-${String(1 + (n % 28)).padStart(2, '0')}`, lines: [{ description: 'Hours', quantity: 1 + n, unit_price: 100, tax_rate: 0 }] }),
    );
    if (n % 2 === 0) await prisma.$transaction((tx) => issueInvoice(tx, write, invoice.id, undefined, emitter));
    if (n % 4 === 0) await prisma.$transaction((tx) => payInvoice(tx, write, invoice.id, 50, undefined, emitter));
  }
}, 120_000);

afterAll(async () => {
  await harness?.stop();
});

const customers = (n: number) => Array.from({ length: n }, (_, c) => ({ __typename: 'Customer', id: `cus_${c}` }));

describe('batched loading', () => {
  it('customers (entity references) with invoices, lines, entries and open balances: the same statements for 2 or 20', async () => {
    const query = `query($representations: [_Any!]!) { _entities(representations: $representations) { ... on Customer { id
      invoices(first: 2) { id number lines { total } ledger_entries { source_type reversed_by_entry_id lines { account debit credit } } }
      open_balances { currency amount } } } }`;
    const small = await run(query, { representations: customers(2) });
    const large = await run(query, { representations: customers(CUSTOMERS) });
    const entities = large.data._entities as Array<{ id: string; invoices: Array<{ lines: unknown[] }>; open_balances: Array<{ currency: string; amount: number }> }>;
    expect(entities).toHaveLength(CUSTOMERS);
    expect(entities.every((customer) => customer.invoices.length === 2)).toBe(true);
    // cus_0: order invoice 1200 - 300 paid; its second invoice is voided. cus_1: + 1001 USD.
    expect(entities[0]?.open_balances).toEqual([{ currency: 'EUR', amount: 900 }]);
    expect(entities[1]?.open_balances).toEqual([{ currency: 'EUR', amount: 900 }, { currency: 'USD', amount: 1_001 }]);
    // invoices (one window query), lines, entries, reversals, entry lines, open balances
    expect(small.statements).toHaveLength(large.statements.length);
    expect(large.statements).toHaveLength(6);
  });

  it('a customer\'s invoices past the first 100 (offset), for a page of customers: one statement per page of each, whatever the offset or the number of customers', async () => {
    const busy: TestRequest = { ...REQUEST, tenantId: BUSY_TENANT };
    const fields = 'id number customer_id status currency total amount_paid amount_due due_date issued_at paid_at created_at';
    const page = (first: number, offset: number, representations: unknown[]) =>
      harness.run(schema, `query($representations: [_Any!]!) { _entities(representations: $representations) { ... on Customer { id invoices(first: ${first}, offset: ${offset}) { ${fields} } } } }`, {
        request: busy,
        variables: { representations },
      });
    const representations = [{ __typename: 'Customer', id: 'cus_busy' }, ...customers(3)];
    const first = await page(100, 0, representations);
    const second = await page(100, 100, representations);
    const alone = await page(100, 100, representations.slice(0, 1));
    const invoicesOf = (result: { data: Record<string, unknown> }) => (result.data._entities as Array<{ id: string; invoices: Array<Record<string, unknown>> }>).map((customer) => [customer.id, customer.invoices]);
    const [busyFirst, ...othersFirst] = invoicesOf(first);
    const [busySecond, ...othersSecond] = invoicesOf(second);
    // The reference: the invoice list of the customer, newest first, with the same fields.
    const list = await harness.run(schema, `{ one: invoices(customer_id: "cus_busy", per_page: 100) { data { ${fields} } } two: invoices(customer_id: "cus_busy", per_page: 100, page: 2) { data { ${fields} } } }`, { request: busy });
    const expected = [...(list.data.one as { data: unknown[] }).data, ...(list.data.two as { data: unknown[] }).data];
    expect(expected).toHaveLength(BUSY_INVOICES);
    expect(busyFirst?.[1]).toHaveLength(100);
    expect([...(busyFirst?.[1] as unknown[]), ...(busySecond?.[1] as unknown[])]).toEqual(expected);
    expect(expected).toContainEqual(expect.objectContaining({ status: 'issued', due_date: '2026-05-05', total: 500, amount_paid: 50, amount_due: 450 }));
    // Customers with 3 invoices: all on the first page, none on the second.
    expect(othersFirst.map(([, invoices]) => (invoices as unknown[]).length)).toEqual([3, 3, 3]);
    expect(othersSecond.map(([, invoices]) => invoices)).toEqual([[], [], []]);
    expect((await page(3, 10, representations.slice(0, 1))).data._entities).toEqual([{ id: 'cus_busy', invoices: expected.slice(10, 13) }]);
    for (const result of [first, second, alone]) expect(result.statements).toHaveLength(1);
  });

  it('refuses a negative offset and more than 100 invoices a page, naming the argument', async () => {
    for (const [args, field] of [['offset: -1', 'offset'], ['first: 101', 'first'], ['first: 0', 'first']] as const) {
      // The harness throws the GraphQL errors, as JSON.
      const errors = await run(`{ _entities(representations: [{ __typename: "Customer", id: "cus_0" }]) { ... on Customer { invoices(${args}) { id } } } }`).then(
        () => [],
        (error: Error) => JSON.parse(error.message) as Array<{ extensions?: unknown }>,
      );
      expect([args, errors[0]?.extensions]).toEqual([args, expect.objectContaining({ code: 'invalid_parameter', errors: [expect.objectContaining({ field })] })]);
    }
  });

  it('orders (entity references) with their invoices: the same statements for 2 or 20', async () => {
    const query = `query($representations: [_Any!]!) { _entities(representations: $representations) { ... on Order { id invoices { id status total customer_id } } } }`;
    const reps = (n: number) => Array.from({ length: n }, (_, c) => ({ __typename: 'Order', id: `ord_cus_${c}_1` }));
    const small = await run(query, { representations: reps(2) });
    const large = await run(query, { representations: reps(CUSTOMERS) });
    const entities = large.data._entities as Array<{ id: string; invoices: Array<{ customer_id: string; total: number }> }>;
    expect(entities.map((order) => order.invoices.length)).toEqual(Array.from({ length: CUSTOMERS }, () => 1));
    expect(entities[5]?.invoices[0]).toMatchObject({ customer_id: 'cus_5', total: 1_200 });
    expect(small.statements).toHaveLength(1);
    expect(large.statements).toHaveLength(1);
  });

  it('a page of invoices with lines, entries and references: the same statements for 2 or 60', async () => {
    const query = `query($n: Int) { invoices(per_page: $n) { data { id lines { total } ledger_entries { id reversed_by_entry_id lines { account } } customer { id } order { id } } meta { total } } }`;
    const small = await run(query, { n: 2 });
    const large = await run(query, { n: 60 });
    expect((large.data.invoices as { data: unknown[]; meta: { total: number } }).meta.total).toBe(CUSTOMERS * 3);
    expect((large.data.invoices as { data: unknown[] }).data).toHaveLength(60);
    // page, count, lines, entries, reversals, entry lines
    expect(small.statements).toHaveLength(6);
    expect(large.statements).toHaveLength(6);
  });

  it('invoice and ledger entry references from the gateway are loaded in one statement per type', async () => {
    const page = await run('{ invoices(per_page: 40) { data { id } } ledger_entries(per_page: 40) { data { id } } }');
    const invoiceIds = (page.data.invoices as { data: Array<{ id: string }> }).data.map(({ id }) => ({ __typename: 'Invoice', id }));
    const entryIds = (page.data.ledger_entries as { data: Array<{ id: string }> }).data.map(({ id }) => ({ __typename: 'LedgerEntry', id }));
    const query = `query($representations: [_Any!]!) { _entities(representations: $representations) { ... on Invoice { id total } ... on LedgerEntry { id currency lines { debit } } } }`;
    const result = await run(query, { representations: [...invoiceIds, ...entryIds, { __typename: 'Invoice', id: 'inv_missing' }] });
    const entities = result.data._entities as Array<{ id: string } | null>;
    expect(entities).toHaveLength(81);
    expect(entities[80]).toBeNull();
    // invoices, entries, entry lines
    expect(result.statements).toHaveLength(3);
  });

  it('never reads another tenant’s rows', async () => {
    const result = await run('{ invoices(per_page: 100) { meta { total } } ledger_balances { currency balance } }');
    expect((result.data.invoices as { meta: { total: number } }).meta.total).toBe(CUSTOMERS * 3);
    for (const currency of ['EUR', 'USD']) {
      const rows = (result.data.ledger_balances as Array<{ currency: string; balance: number }>).filter((row) => row.currency === currency);
      expect(rows.reduce((sum, row) => sum + row.balance, 0)).toBe(0);
    }
  });
});
