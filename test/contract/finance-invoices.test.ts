import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientWithScope, graphqlData, graphqlErrors, json, type List, problemOf } from '../support/fixtures.ts';
import { type FinanceAccount, type Invoice, createCustomer, createInvoice, entriesOf, financeAccount, getInvoice, invoiceAction, issuedInvoice, line } from '../support/finance.ts';

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

function utcDate(offsetDays = 0): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + offsetDays);
  return date.toISOString().slice(0, 10);
}

async function listInvoices(api: ApiClient, query = ''): Promise<List<Invoice>> {
  return json<List<Invoice>>(await api.get(`/v1/finance/invoices${query}`), 200);
}

describe('finance invoices: creation and computed amounts', () => {
  let account: FinanceAccount;
  let customerId: string;

  beforeAll(async () => {
    account = await financeAccount();
    customerId = (await createCustomer(account.api)).id;
  });

  it('creates a draft with every documented field, computed by the server', async () => {
    const before = Date.now();
    const invoice = await createInvoice(account.api, {
      customer_id: customerId,
      currency: 'EUR',
      memo: 'Thank you for your business.',
      lines: [
        { item_id: 'SKU-1', description: 'Widget', quantity: 3, unit_price: 1_999, tax_rate: 2_000 },
        { description: 'Installation', quantity: 1, unit_price: 5_000 },
      ],
    });
    expect(invoice).toEqual({
      id: expect.stringMatching(/^inv_[0-9a-f]{24}$/),
      number: null,
      customer_id: customerId,
      order_id: null,
      currency: 'EUR',
      status: 'draft',
      lines: [
        { id: expect.stringMatching(/^inl_[0-9a-f]{24}$/), item_id: 'SKU-1', description: 'Widget', quantity: 3, unit_price: 1_999, tax_rate: 2_000, subtotal: 5_997, tax: 1_199, total: 7_196 },
        { id: expect.stringMatching(/^inl_[0-9a-f]{24}$/), item_id: null, description: 'Installation', quantity: 1, unit_price: 5_000, tax_rate: 0, subtotal: 5_000, tax: 0, total: 5_000 },
      ],
      subtotal: 10_997,
      tax_total: 1_199,
      total: 12_196,
      amount_paid: 0,
      amount_due: 12_196,
      payment_terms_days: 30,
      due_date: null,
      memo: 'Thank you for your business.',
      issued_at: null,
      paid_at: null,
      voided_at: null,
      version: 1,
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
    });
    expect(Date.parse(invoice.created_at)).toBeGreaterThanOrEqual(before - 1000);
    const read = await account.api.get(`/v1/finance/invoices/${invoice.id}`);
    expect(read.headers.get('etag')).toBe('"1"');
    expect(await read.json()).toEqual(invoice);
  });

  it('rounds each line’s tax half up, per line, in exact integer arithmetic', async () => {
    const invoice = await createInvoice(account.api, {
      customer_id: customerId,
      currency: 'EUR',
      lines: [
        line({ quantity: 1, unit_price: 5, tax_rate: 1_000 }), // 0.5 → 1
        line({ quantity: 1, unit_price: 4, tax_rate: 1_000 }), // 0.4 → 0
        line({ quantity: 1, unit_price: 5, tax_rate: 1_000 }), // per line: 1 again (on the sum of 5 + 5 it would be 1 in all)
        line({ quantity: 3, unit_price: 333, tax_rate: 2_000 }), // 199.8 → 200
        line({ quantity: 7, unit_price: 1_429, tax_rate: 1_900 }), // 1900.57 → 1901
        line({ quantity: 2, unit_price: 2_499, tax_rate: 2_500 }), // 1249.5 → 1250
        line({ quantity: 10, unit_price: 0, tax_rate: 2_000 }), // free: 0
        line({ quantity: 1, unit_price: 1, tax_rate: 10_000 }), // 100 %: 1
      ],
    });
    expect(invoice.lines.map((l) => [l.subtotal, l.tax, l.total])).toEqual([
      [5, 1, 6],
      [4, 0, 4],
      [5, 1, 6],
      [999, 200, 1_199],
      [10_003, 1_901, 11_904],
      [4_998, 1_250, 6_248],
      [0, 0, 0],
      [1, 1, 2],
    ]);
    expect(invoice).toMatchObject({ subtotal: 16_015, tax_total: 3_354, total: 19_369, amount_due: 19_369 });
  });

  it('keeps amounts near the MinorUnits limit exact, and refuses totals beyond it', async () => {
    const big = await createInvoice(account.api, { customer_id: customerId, currency: 'JPY', lines: [line({ quantity: 1_000_000, unit_price: 4_503_599_627, tax_rate: 3_333 })] });
    expect(big.lines[0]).toMatchObject({ subtotal: 4_503_599_627_000_000, tax: 1_501_049_755_679_100, total: 6_004_649_382_679_100 });
    expect(big.total).toBe(6_004_649_382_679_100);
    const tooBig = await problemOf(
      await account.api.send('POST', '/v1/finance/invoices', { customer_id: customerId, currency: 'EUR', lines: [line({ quantity: 2, unit_price: Number.MAX_SAFE_INTEGER })] }),
    );
    expect(tooBig).toMatchObject({ status: 422, code: 'rule_violation', errors: [{ field: 'lines.0.unit_price' }] });
    const sumTooBig = await problemOf(
      await account.api.send('POST', '/v1/finance/invoices', { customer_id: customerId, currency: 'EUR', lines: [line({ unit_price: 5_000_000_000_000_000 }), line({ unit_price: 5_000_000_000_000_000 })] }),
    );
    expect(sumTooBig).toMatchObject({ status: 422, code: 'rule_violation', errors: [{ field: 'lines' }] });
  });

  it('names every field at fault and creates nothing', async () => {
    const fresh = await financeAccount();
    const customer = await createCustomer(fresh.api);
    const response = await fresh.api.send('POST', '/v1/finance/invoices', {
      customer_id: customer.id,
      currency: 'euro',
      due_date: '2026-02-30',
      lines: [line({ tax_rate: 10_001 }), line({ quantity: 0 }), line({ unit_price: -1 }), line({ description: ' ' }), line({ item_id: 'bad sku!' })],
    });
    const problem = await problemOf(response);
    expect(problem).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(problem.errors?.map((error) => error.field).sort()).toEqual(
      ['currency', 'due_date', 'lines.0.tax_rate', 'lines.1.quantity', 'lines.2.unit_price', 'lines.3.description', 'lines.4.item_id'].sort(),
    );
    const missing = await problemOf(await fresh.api.send('POST', '/v1/finance/invoices', { lines: [line()], tax_rate: 100 }));
    expect(missing).toMatchObject({ status: 422, code: 'rule_violation' });
    expect(missing.errors?.map((error) => error.field).sort()).toEqual(['currency', 'customer_id', 'tax_rate']);
    const unknownField = await problemOf(await fresh.api.send('POST', '/v1/finance/invoices', { customer_id: customer.id, currency: 'EUR', total: 5 }));
    expect(unknownField).toMatchObject({ status: 400, code: 'validation_failed', errors: [{ field: 'total', message: 'unknown field' }] });
    expect((await listInvoices(fresh.api)).meta.total).toBe(0);
  });

  it('refuses an unknown customer and another tenant’s customer at customer_id', async () => {
    const unknown = await problemOf(await account.api.send('POST', '/v1/finance/invoices', { customer_id: 'cus_000000000000000000000000', currency: 'EUR', lines: [line()] }));
    expect(unknown).toMatchObject({ status: 422, code: 'rule_violation', errors: [{ field: 'customer_id' }] });
    const other = await financeAccount();
    const theirs = await createCustomer(other.api);
    const foreign = await problemOf(await account.api.send('POST', '/v1/finance/invoices', { customer_id: theirs.id, currency: 'EUR', lines: [line()] }));
    expect(foreign).toMatchObject({ status: 422, code: 'rule_violation', errors: [{ field: 'customer_id' }] });
  });

  it('answers 404 for unknown ids and for another tenant’s invoices, on every route', async () => {
    const invoice = await createInvoice(account.api, { customer_id: customerId, currency: 'EUR', lines: [line()] });
    const other = await financeAccount();
    for (const [api, id] of [
      [account.api, 'inv_000000000000000000000000'],
      [other.api, invoice.id],
    ] as const) {
      expect(await problemOf(await api.get(`/v1/finance/invoices/${id}`))).toMatchObject({ status: 404, code: 'not_found' });
      expect(await problemOf(await api.send('PATCH', `/v1/finance/invoices/${id}`, { memo: 'x' }))).toMatchObject({ status: 404, code: 'not_found' });
      expect(await problemOf(await api.send('DELETE', `/v1/finance/invoices/${id}`, undefined))).toMatchObject({ status: 404, code: 'not_found' });
      for (const action of ['issue', 'void'] as const) expect(await problemOf(await invoiceAction(api, id, action))).toMatchObject({ status: 404, code: 'not_found' });
      expect(await problemOf(await invoiceAction(api, id, 'pay', {}))).toMatchObject({ status: 404, code: 'not_found' });
    }
    expect(await getInvoice(account.api, invoice.id)).toEqual(invoice);
    const errors = await graphqlErrors(other.api, `{ invoice(id: "${invoice.id}") { id } }`);
    expect(errors[0]?.extensions?.code).toBe('not_found');
  });
});

describe('finance invoices: changing drafts', () => {
  let account: FinanceAccount;
  let customerId: string;

  beforeAll(async () => {
    account = await financeAccount();
    customerId = (await createCustomer(account.api)).id;
  });

  it('PATCH changes the given fields, replaces the lines and recomputes the totals', async () => {
    const draft = await createInvoice(account.api, { customer_id: customerId, currency: 'EUR', memo: 'old', lines: [line(), line()] });
    const other = await createCustomer(account.api, 'Other Ltd');
    const response = await account.api.send('PATCH', `/v1/finance/invoices/${draft.id}`, {
      customer_id: other.id,
      currency: 'USD',
      due_date: '2030-01-31',
      payment_terms_days: 14,
      lines: [line({ description: 'Audit', quantity: 2, unit_price: 2_500, tax_rate: 1_000 })],
      version: 1,
    });
    const updated = await json<Invoice>(response, 200);
    expect(response.headers.get('etag')).toBe('"2"');
    expect(updated).toMatchObject({
      id: draft.id,
      customer_id: other.id,
      currency: 'USD',
      due_date: '2030-01-31',
      payment_terms_days: 14,
      memo: 'old',
      subtotal: 5_000,
      tax_total: 500,
      total: 5_500,
      amount_due: 5_500,
      status: 'draft',
      version: 2,
      created_at: draft.created_at,
    });
    expect(updated.lines).toEqual([{ id: expect.stringMatching(/^inl_/), item_id: null, description: 'Audit', quantity: 2, unit_price: 2_500, tax_rate: 1_000, subtotal: 5_000, tax: 500, total: 5_500 }]);
    expect(draft.lines.map((l) => l.id)).not.toContain(updated.lines[0]?.id);
    expect(Date.parse(updated.updated_at)).toBeGreaterThanOrEqual(Date.parse(draft.updated_at));
    // An empty memo clears it; other fields stay.
    const cleared = await json<Invoice>(await account.api.send('PATCH', `/v1/finance/invoices/${draft.id}`, { memo: '' }), 200);
    expect(cleared).toMatchObject({ memo: null, currency: 'USD', total: 5_500, version: 3 });
  });

  it('refuses invalid changes, naming the field, and changes nothing', async () => {
    const draft = await createInvoice(account.api, { customer_id: customerId, currency: 'EUR', lines: [line()] });
    const cases: Array<[Record<string, unknown>, string, number?]> = [
      [{ customer_id: 'cus_000000000000000000000000' }, 'customer_id', 422],
      [{ currency: 'EU' }, 'currency'],
      [{ lines: [line(), line({ tax_rate: -1 })] }, 'lines.1.tax_rate'],
      [{ memo: null }, 'memo'],
      [{ order_id: 'ord_1' }, 'order_id'],
      [{ payment_terms_days: 4000 }, 'payment_terms_days'],
    ];
    for (const [body, field, status = 400] of cases) {
      const problem = await problemOf(await account.api.send('PATCH', `/v1/finance/invoices/${draft.id}`, body));
      expect(problem, JSON.stringify(body)).toMatchObject({ status, code: status === 400 ? 'validation_failed' : 'rule_violation' });
      expect(problem.errors?.map((error) => error.field)).toContain(field);
    }
    expect(await problemOf(await account.api.send('PATCH', `/v1/finance/invoices/${draft.id}`, {}))).toMatchObject({ status: 422, code: 'rule_violation' });
    expect(await getInvoice(account.api, draft.id)).toEqual(draft);
  });

  it('refuses a stale version with 409 version_conflict and a stale If-Match with 412, changing nothing', async () => {
    const draft = await createInvoice(account.api, { customer_id: customerId, currency: 'EUR', lines: [line()] });
    await json(await account.api.send('PATCH', `/v1/finance/invoices/${draft.id}`, { memo: 'v2' }), 200);
    const current = await getInvoice(account.api, draft.id);

    const stale = await problemOf(await account.api.send('PATCH', `/v1/finance/invoices/${draft.id}`, { memo: 'lost update', version: 1 }));
    expect(stale).toMatchObject({ status: 409, code: 'version_conflict', current_version: 2, errors: [{ field: 'version' }] });
    expect(await getInvoice(account.api, draft.id)).toEqual(current);

    const ifMatch = await account.api.send('PATCH', `/v1/finance/invoices/${draft.id}`, { memo: 'lost update' }, { 'if-match': '"1"' });
    expect(await problemOf(ifMatch)).toMatchObject({ status: 412, code: 'precondition_failed' });
    expect(await getInvoice(account.api, draft.id)).toEqual(current);

    // Actions check versions too: a stale If-Match or version on issue, pay and delete changes nothing.
    expect(await problemOf(await account.api.send('POST', `/v1/finance/invoices/${draft.id}/issue`, {}, { 'if-match': '"1"' }))).toMatchObject({ status: 412, code: 'precondition_failed' });
    expect(await problemOf(await account.api.send('POST', `/v1/finance/invoices/${draft.id}/issue`, { version: 1 }))).toMatchObject({ status: 409, code: 'version_conflict' });
    // An action takes its version in the body, never in the query.
    expect(await problemOf(await account.api.send('POST', `/v1/finance/invoices/${draft.id}/issue?version=1`, {}))).toMatchObject({ status: 400, code: 'unknown_parameter', errors: [{ field: 'version' }] });
    expect(await problemOf(await account.api.send('DELETE', `/v1/finance/invoices/${draft.id}`, undefined, { 'if-match': '"1"' }))).toMatchObject({ status: 412, code: 'precondition_failed' });
    expect(await getInvoice(account.api, draft.id)).toEqual(current);

    const ok = await account.api.send('PATCH', `/v1/finance/invoices/${draft.id}`, { memo: 'v3' }, { 'if-match': '"2"' });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('etag')).toBe('"3"');
    const issued = await json<Invoice>(await account.api.send('POST', `/v1/finance/invoices/${draft.id}/issue`, { version: 3 }), 200);
    expect(issued).toMatchObject({ status: 'issued', version: 4 });
    const payStale = await problemOf(await invoiceAction(account.api, draft.id, 'pay', { version: 3 }));
    expect(payStale).toMatchObject({ status: 409, code: 'version_conflict', current_version: 4 });
    expect(await problemOf(await account.api.send('POST', `/v1/finance/invoices/${draft.id}/pay`, {}, { 'if-match': '"3"' }))).toMatchObject({ status: 412 });
    expect(await getInvoice(account.api, draft.id)).toEqual(issued);
    expect((await entriesOf(account.api, draft.id)).map((entry) => entry.source_type)).toEqual(['invoice']);
  });

  it('deletes drafts only', async () => {
    const draft = await createInvoice(account.api, { customer_id: customerId, currency: 'EUR', lines: [line()] });
    const deleted = await json<Invoice>(await account.api.send('DELETE', `/v1/finance/invoices/${draft.id}`, undefined), 200);
    expect(deleted).toEqual(draft);
    expect(await problemOf(await account.api.get(`/v1/finance/invoices/${draft.id}`))).toMatchObject({ status: 404 });

    const issued = await issuedInvoice(account.api, customerId);
    const refused = await problemOf(await account.api.send('DELETE', `/v1/finance/invoices/${issued.id}`, undefined));
    expect(refused).toMatchObject({ status: 409, code: 'invalid_transition', current_status: 'issued', allowed_actions: ['pay', 'void'] });
    const patch = await problemOf(await account.api.send('PATCH', `/v1/finance/invoices/${issued.id}`, { memo: 'too late' }));
    expect(patch).toMatchObject({ status: 409, code: 'invalid_transition', current_status: 'issued' });
    expect(await getInvoice(account.api, issued.id)).toEqual(issued);
  });
});

describe('finance invoices: lifecycle', () => {
  let account: FinanceAccount;
  let customerId: string;

  beforeAll(async () => {
    account = await financeAccount();
    customerId = (await createCustomer(account.api)).id;
  });

  it('issues with the next gapless number, the default due date and the issue entry', async () => {
    const fresh = await financeAccount();
    const customer = await createCustomer(fresh.api);
    const empty = await createInvoice(fresh.api, { customer_id: customer.id, currency: 'EUR' });
    // An invoice without lines cannot be issued, and the refusal uses no number.
    expect(await problemOf(await invoiceAction(fresh.api, empty.id, 'issue'))).toMatchObject({ status: 409, code: 'invalid_state', errors: [{ field: 'lines' }] });
    expect(await getInvoice(fresh.api, empty.id)).toEqual(empty);

    const draft = await createInvoice(fresh.api, { customer_id: customer.id, currency: 'EUR', lines: [line({ quantity: 2, unit_price: 5_000, tax_rate: 1_900 })] });
    const before = Date.now();
    const issued = await json<Invoice>(await invoiceAction(fresh.api, draft.id, 'issue'), 200);
    expect(issued).toMatchObject({ status: 'issued', number: 'INV-000001', due_date: utcDate(30), subtotal: 10_000, tax_total: 1_900, total: 11_900, amount_due: 11_900, version: 2, paid_at: null });
    expect(Date.parse(issued.issued_at ?? '')).toBeGreaterThanOrEqual(before - 1000);

    const second = await issuedInvoice(fresh.api, customer.id, { payment_terms_days: 14 });
    expect(second).toMatchObject({ number: 'INV-000002', due_date: utcDate(14) });
    const third = await issuedInvoice(fresh.api, customer.id, { due_date: '2031-05-01' });
    expect(third).toMatchObject({ number: 'INV-000003', due_date: '2031-05-01' });

    const [entry, ...others] = await entriesOf(fresh.api, issued.id);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      currency: 'EUR',
      source_type: 'invoice',
      source_id: issued.id,
      reverses_entry_id: null,
      posted_at: issued.issued_at,
      lines: [
        { account: 'accounts_receivable', debit: 11_900, credit: 0 },
        { account: 'revenue', debit: 0, credit: 10_000 },
        { account: 'tax_payable', debit: 0, credit: 1_900 },
      ],
    });
    // Without tax there is no tax_payable line.
    expect((await entriesOf(fresh.api, second.id))[0]?.lines).toEqual([
      { account: 'accounts_receivable', debit: 10_000, credit: 0 },
      { account: 'revenue', debit: 0, credit: 10_000 },
    ]);
  });

  it('numbers invoices issued concurrently without gaps or duplicates', async () => {
    const fresh = await financeAccount();
    const customer = await createCustomer(fresh.api);
    const drafts = await Promise.all(Array.from({ length: 8 }, () => createInvoice(fresh.api, { customer_id: customer.id, currency: 'EUR', lines: [line()] })));
    const issued = await Promise.all(drafts.map(async (draft) => json<Invoice>(await invoiceAction(fresh.api, draft.id, 'issue'), 200)));
    expect(issued.map((invoice) => invoice.number).sort()).toEqual(Array.from({ length: 8 }, (_, index) => `INV-${String(index + 1).padStart(6, '0')}`));
  });

  it('refuses to issue twice and to pay a draft, naming the status and the allowed actions', async () => {
    const draft = await createInvoice(account.api, { customer_id: customerId, currency: 'EUR', lines: [line()] });
    expect(await problemOf(await invoiceAction(account.api, draft.id, 'pay', {}))).toMatchObject({ status: 409, code: 'invalid_transition', current_status: 'draft', allowed_actions: ['issue', 'void'] });
    await json(await invoiceAction(account.api, draft.id, 'issue'), 200);
    expect(await problemOf(await invoiceAction(account.api, draft.id, 'issue'))).toMatchObject({ status: 409, code: 'invalid_transition', current_status: 'issued', allowed_actions: ['pay', 'void'] });
  });

  it('pays in full by default: paid, nothing due, Dr cash / Cr accounts_receivable', async () => {
    const issued = await issuedInvoice(account.api, customerId, { lines: [line({ unit_price: 4_000, tax_rate: 2_500 })] });
    const before = Date.now();
    const paid = await json<Invoice>(await invoiceAction(account.api, issued.id, 'pay', {}), 200);
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 5_000, amount_due: 0, total: 5_000, version: issued.version + 1 });
    expect(Date.parse(paid.paid_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    const entries = await entriesOf(account.api, issued.id);
    expect(entries.map((entry) => [entry.source_type, entry.lines])).toEqual([
      [
        'invoice',
        [
          { account: 'accounts_receivable', debit: 5_000, credit: 0 },
          { account: 'revenue', debit: 0, credit: 4_000 },
          { account: 'tax_payable', debit: 0, credit: 1_000 },
        ],
      ],
      [
        'payment',
        [
          { account: 'cash', debit: 5_000, credit: 0 },
          { account: 'accounts_receivable', debit: 0, credit: 5_000 },
        ],
      ],
    ]);
    for (const action of ['pay', 'void'] as const) {
      const refused = await problemOf(await account.api.send('POST', `/v1/finance/invoices/${issued.id}/${action}`, {}));
      expect(refused).toMatchObject({ status: 409, code: 'invalid_transition', current_status: 'paid', allowed_actions: [] });
    }
    expect(await getInvoice(account.api, issued.id)).toEqual(paid);
  });

  it('takes partial payments until nothing is due; refuses paying more than is due', async () => {
    const issued = await issuedInvoice(account.api, customerId); // 10000
    const partial = await json<Invoice>(await invoiceAction(account.api, issued.id, 'pay', { amount: 3_000 }), 200);
    expect(partial).toMatchObject({ status: 'issued', amount_paid: 3_000, amount_due: 7_000, paid_at: null });
    const over = await problemOf(await invoiceAction(account.api, issued.id, 'pay', { amount: 7_001 }));
    expect(over).toMatchObject({ status: 422, code: 'rule_violation', errors: [{ field: 'amount' }] });
    expect(await problemOf(await invoiceAction(account.api, issued.id, 'pay', { amount: 0 }))).toMatchObject({ status: 400, errors: [{ field: 'amount' }] });
    expect(await problemOf(await invoiceAction(account.api, issued.id, 'pay', { amount: -5 }))).toMatchObject({ status: 400, errors: [{ field: 'amount' }] });
    expect(await getInvoice(account.api, issued.id)).toEqual(partial);
    // Once paid in part, it can no longer be voided.
    const voidRefused = await problemOf(await invoiceAction(account.api, issued.id, 'void'));
    expect(voidRefused).toMatchObject({ status: 409, code: 'invalid_transition', current_status: 'issued', allowed_actions: ['pay'] });
    const rest = await json<Invoice>(await invoiceAction(account.api, issued.id, 'pay', { amount: 7_000 }), 200);
    expect(rest).toMatchObject({ status: 'paid', amount_paid: 10_000, amount_due: 0 });
    const payments = (await entriesOf(account.api, issued.id)).filter((entry) => entry.source_type === 'payment');
    expect(payments.map((entry) => entry.lines[0]?.debit)).toEqual([3_000, 7_000]);
  });

  it('voids a draft without entries, and an issued invoice by reversing its issue entry', async () => {
    const draft = await createInvoice(account.api, { customer_id: customerId, currency: 'EUR', lines: [line()] });
    const voidedDraft = await json<Invoice>(await invoiceAction(account.api, draft.id, 'void'), 200);
    expect(voidedDraft).toMatchObject({ status: 'void', number: null, issued_at: null, version: 2 });
    expect(voidedDraft.voided_at).toMatch(TIMESTAMP);
    expect(await entriesOf(account.api, draft.id)).toEqual([]);

    const issued = await issuedInvoice(account.api, customerId, { lines: [line({ unit_price: 8_000, tax_rate: 2_000 })] });
    const voided = await json<Invoice>(await invoiceAction(account.api, issued.id, 'void'), 200);
    expect(voided).toMatchObject({ status: 'void', number: issued.number, amount_due: 9_600, amount_paid: 0 });
    const [issueEntry, reversal, ...rest] = await entriesOf(account.api, issued.id);
    expect(rest).toEqual([]);
    expect(reversal).toMatchObject({
      source_type: 'reversal',
      source_id: issued.id,
      reverses_entry_id: issueEntry?.id,
      lines: [
        { account: 'accounts_receivable', debit: 0, credit: 9_600 },
        { account: 'revenue', debit: 8_000, credit: 0 },
        { account: 'tax_payable', debit: 1_600, credit: 0 },
      ],
    });
    expect(issueEntry?.reversed_by_entry_id).toBe(reversal?.id);
    // The invoice's entries change only with the invoice.
    expect(await problemOf(await account.api.send('POST', `/v1/finance/ledger-entries/${issueEntry?.id}/reverse`, {}))).toMatchObject({ status: 409, code: 'invalid_state' });
    for (const action of ['issue', 'pay', 'void'] as const) {
      expect(await problemOf(await account.api.send('POST', `/v1/finance/invoices/${issued.id}/${action}`, {}))).toMatchObject({ status: 409, code: 'invalid_transition', current_status: 'void' });
    }
  });

  it('issues an invoice whose total is 0 straight to paid, without entries', async () => {
    const issued = await issuedInvoice(account.api, customerId, { lines: [line({ unit_price: 0, tax_rate: 2_000 })] });
    expect(issued).toMatchObject({ status: 'paid', total: 0, amount_due: 0, number: expect.stringMatching(/^INV-\d{6}$/) });
    expect(issued.paid_at).toBe(issued.issued_at);
    expect(await entriesOf(account.api, issued.id)).toEqual([]);
  });

  it('runs the lifecycle through GraphQL', async () => {
    const created = await graphqlData<{ create_invoice: { id: string; status: string; total: number } }>(
      account.api,
      `mutation($input: CreateInvoiceInput!) { create_invoice(input: $input) { id status total } }`,
      { input: { customer_id: customerId, currency: 'EUR', lines: [{ description: 'Support', quantity: 4, unit_price: 2_500, tax_rate: 2_000 }] } },
    );
    expect(created.create_invoice).toMatchObject({ status: 'draft', total: 12_000 });
    const id = created.create_invoice.id;
    const updated = await graphqlData<{ update_invoice: { memo: string; version: number } }>(account.api, `mutation($id: String!) { update_invoice(id: $id, input: { memo: "PO 42", version: 1 }) { memo version } }`, { id });
    expect(updated.update_invoice).toEqual({ memo: 'PO 42', version: 2 });
    const conflict = await graphqlErrors(account.api, `mutation($id: String!) { issue_invoice(id: $id, version: 1) { id } }`, { id });
    expect(conflict[0]?.extensions).toMatchObject({ code: 'version_conflict', current_version: 2 });
    const issued = await graphqlData<{ issue_invoice: { status: string; number: string } }>(account.api, `mutation($id: String!) { issue_invoice(id: $id, version: 2) { status number } }`, { id });
    expect(issued.issue_invoice.status).toBe('issued');
    const paid = await graphqlData<{ pay_invoice: { status: string; amount_due: number } }>(account.api, `mutation($id: String!) { pay_invoice(id: $id, input: { amount: 12000 }) { status amount_due } }`, { id });
    expect(paid.pay_invoice).toEqual({ status: 'paid', amount_due: 0 });
    const refused = await graphqlErrors(account.api, `mutation($id: String!) { void_invoice(id: $id) { id } }`, { id });
    expect(refused[0]?.extensions).toMatchObject({ code: 'invalid_transition', current_status: 'paid' });

    const draft = await graphqlData<{ create_invoice: { id: string } }>(account.api, `mutation($c: String!) { create_invoice(input: { customer_id: $c, currency: "EUR" }) { id } }`, { c: customerId });
    const deleted = await graphqlData<{ delete_invoice: { id: string; status: string } }>(account.api, `mutation($id: String!) { delete_invoice(id: $id) { id status } }`, { id: draft.create_invoice.id });
    expect(deleted.delete_invoice).toEqual({ id: draft.create_invoice.id, status: 'draft' });
  });
});

describe('finance invoices: lists', () => {
  let account: FinanceAccount;
  let alice: string;
  let bob: string;
  const invoices: Record<string, Invoice> = {};

  beforeAll(async () => {
    account = await financeAccount();
    alice = (await createCustomer(account.api, 'Alice')).id;
    bob = (await createCustomer(account.api, 'Bob')).id;
    // Created in this order (so -created_at lists them in reverse).
    invoices.draft = await createInvoice(account.api, { customer_id: alice, currency: 'EUR', lines: [line({ unit_price: 300 })] });
    invoices.overdue = await issuedInvoice(account.api, alice, { due_date: '2020-01-31', lines: [line({ unit_price: 500 })] });
    invoices.dueLater = await issuedInvoice(account.api, bob, { lines: [line({ unit_price: 100 })] });
    invoices.usd = await issuedInvoice(account.api, bob, { currency: 'USD', due_date: '2020-06-30', lines: [line({ unit_price: 400 })] });
    invoices.paid = await issuedInvoice(account.api, alice, { due_date: '2020-02-29', lines: [line({ unit_price: 200 })] });
    invoices.paid = await json<Invoice>(await invoiceAction(account.api, invoices.paid.id, 'pay', {}), 200);
  });

  const ids = async (query: string) => (await listInvoices(account.api, query)).data.map((invoice) => invoice.id);
  const idsOf = (...names: string[]) => names.map((name) => invoices[name]?.id);

  it('lists newest first by default, with the lines, in the list envelope', async () => {
    const page = await listInvoices(account.api);
    expect(page.meta).toEqual({ total: 5, page: 1, per_page: 25, next_cursor: null, prev_cursor: null });
    expect(page.data.map((invoice) => invoice.id)).toEqual(idsOf('paid', 'usd', 'dueLater', 'overdue', 'draft'));
    expect(page.data[4]).toEqual(invoices.draft);
  });

  it('sorts by number, total and due date, either way', async () => {
    expect(await ids('?sort=number')).toEqual(idsOf('overdue', 'dueLater', 'usd', 'paid', 'draft'));
    expect(await ids('?sort=-number')).toEqual(idsOf('paid', 'usd', 'dueLater', 'overdue', 'draft'));
    expect(await ids('?sort=total')).toEqual(idsOf('dueLater', 'paid', 'draft', 'usd', 'overdue'));
    expect(await ids('?sort=-total')).toEqual(idsOf('overdue', 'usd', 'draft', 'paid', 'dueLater'));
    expect(await ids('?sort=due_date')).toEqual(idsOf('overdue', 'paid', 'usd', 'dueLater', 'draft'));
    expect(await ids('?sort=created_at')).toEqual(idsOf('draft', 'overdue', 'dueLater', 'usd', 'paid'));
    expect(await problemOf(await account.api.get('/v1/finance/invoices?sort=customer'))).toMatchObject({ status: 400, code: 'invalid_parameter', errors: [{ field: 'sort' }] });
  });

  it('filters by status, customer, currency, issue time and overdue', async () => {
    expect(await ids('?status=issued&sort=created_at')).toEqual(idsOf('overdue', 'dueLater', 'usd'));
    expect(await ids('?status=draft')).toEqual(idsOf('draft'));
    expect(await ids(`?customer_id=${bob}&sort=created_at`)).toEqual(idsOf('dueLater', 'usd'));
    expect(await ids('?currency=USD')).toEqual(idsOf('usd'));
    expect(await ids('?overdue=true&sort=created_at')).toEqual(idsOf('overdue', 'usd'));
    expect(await ids('?overdue=false&sort=created_at')).toEqual(idsOf('draft', 'dueLater', 'paid'));
    expect(await ids(`?overdue=true&customer_id=${alice}`)).toEqual(idsOf('overdue'));
    const dueLaterIssuedAt = invoices.dueLater?.issued_at ?? '';
    expect(await ids(`?issued_after=${dueLaterIssuedAt}&sort=created_at`)).toEqual(idsOf('dueLater', 'usd', 'paid'));
    expect(await ids(`?issued_before=${dueLaterIssuedAt}&sort=created_at`)).toEqual(idsOf('overdue'));
    expect(await ids('?order_id=ord_none')).toEqual([]);
    expect(await problemOf(await account.api.get('/v1/finance/invoices?status=sent'))).toMatchObject({ status: 400, code: 'invalid_parameter', errors: [{ field: 'status' }] });
    expect(await problemOf(await account.api.get('/v1/finance/invoices?overdue=yes'))).toMatchObject({ status: 400, code: 'invalid_parameter', errors: [{ field: 'overdue' }] });
    expect(await problemOf(await account.api.get('/v1/finance/invoices?currency=eur'))).toMatchObject({ status: 400, code: 'invalid_parameter', errors: [{ field: 'currency' }] });
  });

  it('paginates', async () => {
    const first = await listInvoices(account.api, '?sort=created_at&per_page=2');
    const third = await listInvoices(account.api, '?sort=created_at&per_page=2&page=3');
    expect(first.data.map((invoice) => invoice.id)).toEqual(idsOf('draft', 'overdue'));
    expect(first.meta).toEqual({ total: 5, page: 1, per_page: 2, next_cursor: expect.any(String), prev_cursor: null });
    expect(third.data.map((invoice) => invoice.id)).toEqual(idsOf('paid'));
    expect((await listInvoices(account.api, '?page=4&per_page=2')).data).toEqual([]);
    expect(await problemOf(await account.api.get('/v1/finance/invoices?page=0'))).toMatchObject({ status: 400, code: 'invalid_parameter' });
  });

  it('lists through GraphQL with the same filters', async () => {
    const data = await graphqlData<{ invoices: { data: Array<{ id: string; status: string; lines: Array<{ total: number }> }>; meta: { total: number } } }>(
      account.api,
      `{ invoices(overdue: true, sort: "due_date", per_page: 1) { data { id status lines { total } } meta { total } } }`,
    );
    expect(data.invoices).toEqual({ data: [{ id: invoices.overdue?.id, status: 'issued', lines: [{ total: 500 }] }], meta: { total: 2 } });
  });
});

describe('finance invoices: scopes', () => {
  it('finance:read reads but every write is 403 (REST and GraphQL); other scopes cannot read', async () => {
    const account = await financeAccount();
    const customer = await createCustomer(account.api);
    const draft = await createInvoice(account.api, { customer_id: customer.id, currency: 'EUR', lines: [line()] });
    const reader = await clientWithScope(account, 'finance:read');
    expect((await reader.get('/v1/finance/invoices')).status).toBe(200);
    expect((await reader.get(`/v1/finance/invoices/${draft.id}`)).status).toBe(200);
    const writes: Array<[string, string, unknown]> = [
      ['POST', '/v1/finance/invoices', { customer_id: customer.id, currency: 'EUR' }],
      ['PATCH', `/v1/finance/invoices/${draft.id}`, { memo: 'x' }],
      ['DELETE', `/v1/finance/invoices/${draft.id}`, undefined],
      ['POST', `/v1/finance/invoices/${draft.id}/issue`, {}],
      ['POST', `/v1/finance/invoices/${draft.id}/pay`, {}],
      ['POST', `/v1/finance/invoices/${draft.id}/void`, {}],
    ];
    for (const [method, path, body] of writes) {
      expect(await problemOf(await reader.send(method, path, body)), `${method} ${path}`).toMatchObject({ status: 403, code: 'insufficient_scope', required_scope: 'finance:write' });
    }
    for (const mutation of [`issue_invoice(id: "${draft.id}")`, `void_invoice(id: "${draft.id}")`, `create_invoice(input: { customer_id: "${customer.id}", currency: "EUR" })`]) {
      const errors = await graphqlErrors(reader, `mutation { ${mutation} { id } }`);
      expect(errors[0]?.extensions, mutation).toMatchObject({ code: 'insufficient_scope', required_scope: 'finance:write' });
    }
    expect(await getInvoice(account.api, draft.id)).toEqual(draft);

    const writer = await clientWithScope(account, 'finance:write');
    // A write-only client gets back the record it wrote, but cannot list.
    expect((await json<Invoice>(await writer.send('PATCH', `/v1/finance/invoices/${draft.id}`, { memo: 'ok' }), 200)).memo).toBe('ok');
    expect(await problemOf(await writer.get('/v1/finance/invoices'))).toMatchObject({ status: 403, required_scope: 'finance:read' });
    const crm = await clientWithScope(account, 'crm:read');
    expect(await problemOf(await crm.get(`/v1/finance/invoices/${draft.id}`))).toMatchObject({ status: 403, code: 'insufficient_scope', required_scope: 'finance:read' });
    expect((await graphqlErrors(crm, '{ invoices { meta { total } } }'))[0]?.extensions).toMatchObject({ code: 'insufficient_scope', required_scope: 'finance:read' });
  });
});
