import { beforeAll, describe, expect, it } from 'vitest';
import { accessToken, apiClient, clientWithScope, createAccount, graphqlData, graphqlErrors, json, type List, problemOf } from '../support/fixtures.ts';
import { FINANCE_SCOPES, type FinanceAccount, type Invoice, balanceOf, balances, createCustomer, createInvoice, createOrder, financeAccount, invoiceAction, issuedInvoice, line, orderAction, stockItems } from '../support/finance.ts';

describe('finance invoices from CRM orders', () => {
  let account: FinanceAccount;
  let customerId: string;

  const orderLines = [
    { item_id: 'SKU-A', description: 'Blue widget', quantity: 3, unit_price: 1_250 },
    { item_id: 'SKU-B', quantity: 1, unit_price: 9_999 },
  ];

  beforeAll(async () => {
    account = await financeAccount();
    customerId = (await createCustomer(account.api)).id;
    await stockItems(account.api, ['SKU-A', 'SKU-B']);
  });

  async function salesOrder(status: 'draft' | 'confirmed' | 'fulfilled' | 'cancelled') {
    const order = await createOrder(account.api, { kind: 'sales', customer_id: customerId, currency: 'EUR', lines: orderLines });
    if (status !== 'draft') await orderAction(account.api, order.id, status === 'cancelled' ? 'cancel' : 'confirm');
    if (status === 'fulfilled') await orderAction(account.api, order.id, 'fulfil');
    return order;
  }

  it('copies a confirmed sales order’s customer, currency and lines, with the given tax rate', async () => {
    const order = await salesOrder('confirmed');
    const invoice = await createInvoice(account.api, { order_id: order.id, tax_rate: 2_000, memo: 'From the order' });
    expect(invoice).toMatchObject({ status: 'draft', order_id: order.id, customer_id: customerId, currency: 'EUR', memo: 'From the order', subtotal: 13_749, tax_total: 2_750, total: 16_499 });
    expect(invoice.lines).toEqual([
      { id: expect.stringMatching(/^inl_/), item_id: 'SKU-A', description: 'Blue widget', quantity: 3, unit_price: 1_250, tax_rate: 2_000, subtotal: 3_750, tax: 750, total: 4_500 },
      { id: expect.stringMatching(/^inl_/), item_id: 'SKU-B', description: expect.any(String), quantity: 1, unit_price: 9_999, tax_rate: 2_000, subtotal: 9_999, tax: 2_000, total: 11_999 },
    ]);
    expect(invoice.lines[1]?.description.length).toBeGreaterThan(0);
    const listed = await json<List<Invoice>>(await account.api.get(`/v1/finance/invoices?order_id=${order.id}`), 200);
    expect(listed.data.map((i) => i.id)).toEqual([invoice.id]);
  });

  it('invoices fulfilled orders too; without tax_rate the lines carry no tax', async () => {
    const order = await salesOrder('fulfilled');
    const invoice = await createInvoice(account.api, { order_id: order.id });
    expect(invoice).toMatchObject({ order_id: order.id, subtotal: 13_749, tax_total: 0, total: 13_749 });
    expect(invoice.lines.map((l) => l.tax_rate)).toEqual([0, 0]);
    const issued = await json<Invoice>(await invoiceAction(account.api, invoice.id, 'issue'), 200);
    expect(issued.status).toBe('issued');
  });

  it('refuses draft and cancelled orders (invalid_state), purchase and unknown orders (rule_violation), and creates nothing', async () => {
    const before = (await json<List<Invoice>>(await account.api.get('/v1/finance/invoices'), 200)).meta.total;
    for (const status of ['draft', 'cancelled'] as const) {
      const order = await salesOrder(status);
      const problem = await problemOf(await account.api.send('POST', '/v1/finance/invoices', { order_id: order.id }));
      expect(problem, status).toMatchObject({ status: 409, code: 'invalid_state', errors: [{ field: 'order_id' }] });
      expect(problem.detail).toContain(status);
      expect(problem.detail).toContain('confirmed or fulfilled');
    }
    const purchase = await createOrder(account.api, { kind: 'purchase', customer_id: customerId, currency: 'EUR', lines: orderLines });
    await orderAction(account.api, purchase.id, 'confirm');
    const notSales = await problemOf(await account.api.send('POST', '/v1/finance/invoices', { order_id: purchase.id }));
    expect(notSales).toMatchObject({ status: 422, code: 'rule_violation', errors: [{ field: 'order_id' }] });
    expect(notSales.detail).toContain('purchase');
    expect(await problemOf(await account.api.send('POST', '/v1/finance/invoices', { order_id: 'ord_000000000000000000000000' }))).toMatchObject({ status: 422, code: 'rule_violation', errors: [{ field: 'order_id' }] });
    const other = await financeAccount();
    expect(await problemOf(await other.api.send('POST', '/v1/finance/invoices', { order_id: purchase.id }))).toMatchObject({ status: 422, code: 'rule_violation', errors: [{ field: 'order_id' }] });
    const confirmed = await salesOrder('confirmed');
    const mixed = await problemOf(await account.api.send('POST', '/v1/finance/invoices', { order_id: confirmed.id, customer_id: customerId, lines: [line()] }));
    expect(mixed.errors?.map((error) => error.field).sort()).toEqual(['customer_id', 'lines']);
    expect((await json<List<Invoice>>(await account.api.get('/v1/finance/invoices'), 200)).meta.total).toBe(before);
  });
});

describe('finance GraphQL navigation across subgraphs', () => {
  let account: FinanceAccount;
  let alice: { id: string; name: string };
  let bob: { id: string; name: string };
  let order: { id: string; number: string };
  let fromOrder: Invoice;

  beforeAll(async () => {
    account = await financeAccount();
    alice = await createCustomer(account.api, 'Alice AG');
    bob = await createCustomer(account.api, 'Bob Ltd');
    await stockItems(account.api, ['SKU-N']);
    order = await createOrder(account.api, { kind: 'sales', customer_id: alice.id, currency: 'EUR', lines: [{ item_id: 'SKU-N', quantity: 2, unit_price: 5_000 }] });
    await orderAction(account.api, order.id, 'confirm');
    fromOrder = await createInvoice(account.api, { order_id: order.id, tax_rate: 1_000 });
    fromOrder = await json<Invoice>(await invoiceAction(account.api, fromOrder.id, 'issue'), 200); // 11000 due
    const partly = await issuedInvoice(account.api, alice.id, { lines: [line({ unit_price: 5_000 })] });
    await json(await invoiceAction(account.api, partly.id, 'pay', { amount: 2_000 }), 200); // 3000 due
    await issuedInvoice(account.api, alice.id, { currency: 'USD', lines: [line({ unit_price: 700 })] }); // 700 USD due
    const paid = await issuedInvoice(account.api, alice.id, { lines: [line({ unit_price: 100 })] });
    await json(await invoiceAction(account.api, paid.id, 'pay', {}), 200);
    const voided = await issuedInvoice(account.api, alice.id, { lines: [line({ unit_price: 100 })] });
    await json(await invoiceAction(account.api, voided.id, 'void'), 200);
    await createInvoice(account.api, { customer_id: alice.id, currency: 'EUR', lines: [line({ unit_price: 100 })] }); // a draft
    await issuedInvoice(account.api, bob.id, { currency: 'GBP', lines: [line({ unit_price: 42 })] });
  });

  it('navigates from an invoice to its customer, its order and its ledger entries', async () => {
    const data = await graphqlData<{ invoice: { number: string; customer: { id: string; name: string }; order: { id: string; number: string }; ledger_entries: Array<{ source_type: string; lines: unknown[] }> } }>(
      account.api,
      `query($id: String!) { invoice(id: $id) { number customer { id name } order { id number } ledger_entries { source_type lines { account debit credit } } } }`,
      { id: fromOrder.id },
    );
    expect(data.invoice).toEqual({
      number: fromOrder.number,
      customer: { id: alice.id, name: 'Alice AG' },
      order: { id: order.id, number: order.number },
      ledger_entries: [
        {
          source_type: 'invoice',
          lines: [
            { account: 'accounts_receivable', debit: 11_000, credit: 0 },
            { account: 'revenue', debit: 0, credit: 10_000 },
            { account: 'tax_payable', debit: 0, credit: 1_000 },
          ],
        },
      ],
    });
    const withoutOrder = await graphqlData<{ invoices: { data: Array<{ order: null | { id: string } }> } }>(account.api, `{ invoices(customer_id: "${bob.id}") { data { order { id } } } }`);
    expect(withoutOrder.invoices.data).toEqual([{ order: null }]);
  });

  it('gives a customer its open balances per currency and its newest invoices', async () => {
    const data = await graphqlData<{ customer: { name: string; open_balances: Array<{ currency: string; amount: number }>; invoices: Array<{ id: string }>; all: Array<{ id: string; status: string }> } }>(
      account.api,
      `query($id: String!) { customer(id: $id) { name open_balances { currency amount } invoices(first: 2) { id } all: invoices(first: 100) { id status } } }`,
      { id: alice.id },
    );
    expect(data.customer.open_balances).toEqual([
      { currency: 'EUR', amount: 11_000 + 3_000 },
      { currency: 'USD', amount: 700 },
    ]);
    const rest = await json<List<Invoice>>(await account.api.get(`/v1/finance/invoices?customer_id=${alice.id}&per_page=100`), 200);
    expect(data.customer.all.map((invoice) => invoice.id)).toEqual(rest.data.map((invoice) => invoice.id));
    expect(data.customer.all).toHaveLength(6);
    expect(data.customer.invoices).toEqual(data.customer.all.slice(0, 2).map(({ id }) => ({ id })));
    // The open balances agree with the ledger's receivables.
    const rows = await balances(account.api);
    expect(balanceOf(rows, 'accounts_receivable', 'EUR')).toBe(14_000);
    expect(balanceOf(rows, 'accounts_receivable', 'USD')).toBe(700);
    expect(balanceOf(rows, 'accounts_receivable', 'GBP')).toBe(42);
  });

  it('resolves the navigation for every customer and order of a list (batched per field)', async () => {
    const data = await graphqlData<{ customers: { data: Array<{ id: string; open_balances: Array<{ currency: string; amount: number }>; invoices: Array<{ customer_id: string }> }> } }>(
      account.api,
      `{ customers(per_page: 100) { data { id open_balances { currency amount } invoices(first: 1) { customer_id } } } }`,
    );
    const byId = new Map(data.customers.data.map((customer) => [customer.id, customer]));
    expect(byId.get(alice.id)?.open_balances).toEqual([{ currency: 'EUR', amount: 14_000 }, { currency: 'USD', amount: 700 }]);
    expect(byId.get(bob.id)?.open_balances).toEqual([{ currency: 'GBP', amount: 42 }]);
    expect(byId.get(alice.id)?.invoices).toEqual([{ customer_id: alice.id }]);
    expect(byId.get(bob.id)?.invoices).toEqual([{ customer_id: bob.id }]);
    const orders = await graphqlData<{ order: { invoices: Array<{ id: string; status: string }> } }>(account.api, `query($id: String!) { order(id: $id) { invoices { id status } } }`, { id: order.id });
    expect(orders.order.invoices).toEqual([{ id: fromOrder.id, status: 'issued' }]);
    const badFirst = await graphqlErrors(account.api, `query($id: String!) { customer(id: $id) { invoices(first: 101) { id } } }`, { id: alice.id });
    expect(badFirst[0]?.extensions?.code).toBe('invalid_parameter');
  });

  it('keeps REST records flat: no navigation fields on invoices or on CRM customers and orders', async () => {
    const invoice = await json<Record<string, unknown>>(await account.api.get(`/v1/finance/invoices/${fromOrder.id}`), 200);
    for (const field of ['customer', 'order', 'ledger_entries']) expect(invoice).not.toHaveProperty(field);
    const customer = await json<Record<string, unknown>>(await account.api.get(`/v1/crm/customers/${alice.id}`), 200);
    for (const field of ['invoices', 'open_balances']) expect(customer).not.toHaveProperty(field);
    const crmOrder = await json<Record<string, unknown>>(await account.api.get(`/v1/crm/orders/${order.id}`), 200);
    expect(crmOrder).not.toHaveProperty('invoices');
  });

  it('needs finance scopes for finance fields on CRM records, and CRM scopes for CRM fields on invoices', async () => {
    const crmReader = await clientWithScope(account, 'crm:read');
    const body = (await (await crmReader.graphql(`query($id: String!) { customer(id: $id) { name open_balances { amount } } }`, { id: alice.id })).json()) as {
      data: { customer: { name: string } | null } | null;
      errors: Array<{ extensions: { code: string; required_scope?: string } }>;
    };
    expect(body.errors[0]?.extensions).toMatchObject({ code: 'insufficient_scope' });
    expect(body.errors[0]?.extensions.required_scope).toContain('finance:');
    const financeReader = await clientWithScope(account, 'finance:read');
    const errors = await graphqlErrors(financeReader, `query($id: String!) { invoice(id: $id) { customer { name } } }`, { id: fromOrder.id });
    expect(errors[0]?.extensions).toMatchObject({ code: 'insufficient_scope' });
  });
});

describe('finance sandbox reset', () => {
  it('deletes the sandbox invoices and restarts their numbering; production keeps its own', async () => {
    const account = await createAccount({ scopes: [...FINANCE_SCOPES, 'tenants:read', 'tenants:write'] });
    const production = apiClient(await accessToken(account.clientId, account.clientSecret), account.tenantId);
    const sandbox = apiClient(await accessToken(account.sandboxClientId, account.sandboxClientSecret), account.sandboxTenantId);
    const prodCustomer = await createCustomer(production);
    const sandboxCustomer = await createCustomer(sandbox);
    await issuedInvoice(production, prodCustomer.id);
    const paid = await issuedInvoice(sandbox, sandboxCustomer.id);
    await json(await invoiceAction(sandbox, paid.id, 'pay', {}), 200);
    await issuedInvoice(sandbox, sandboxCustomer.id);
    await createInvoice(sandbox, { customer_id: sandboxCustomer.id, currency: 'EUR', lines: [line()] });

    expect((await sandbox.send('POST', '/v1/tenants/current/reset', {})).status).toBe(200);
    expect((await json<List<Invoice>>(await sandbox.get('/v1/finance/invoices'), 200)).meta.total).toBe(0);
    expect(await balances(sandbox)).toEqual([]);
    expect((await json<List<Invoice>>(await production.get('/v1/finance/invoices'), 200)).meta.total).toBe(1);
    expect(balanceOf(await balances(production), 'accounts_receivable')).toBe(10_000);

    const customer = await createCustomer(sandbox);
    expect((await issuedInvoice(sandbox, customer.id)).number).toBe('INV-000001');
    expect((await issuedInvoice(production, prodCustomer.id)).number).toBe('INV-000002');
  });
});
