import { describe, expect, it } from 'vitest';
import { json, type List, problemOf } from '../support/fixtures.ts';
import { type Invoice, type LedgerEntry, balanceOf, balances, createCustomer, createInvoice, entriesOf, expectBalanced, financeAccount, getInvoice, invoiceAction, issuedInvoice, line } from '../support/finance.ts';

describe('finance payments under concurrency', () => {
  it('two concurrent full payments: exactly one succeeds, the other is invalid_transition', async () => {
    const { api } = await financeAccount();
    const customer = await createCustomer(api);
    const invoice = await issuedInvoice(api, customer.id, { lines: [line({ unit_price: 9_999, tax_rate: 2_000 })] });
    const responses = await Promise.all([invoiceAction(api, invoice.id, 'pay', {}), invoiceAction(api, invoice.id, 'pay', {})]);
    const ok = responses.filter((response) => response.status === 200);
    const refused = responses.filter((response) => response.status !== 200);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(await problemOf(refused[0] as Response)).toMatchObject({ status: 409, code: 'invalid_transition', current_status: 'paid' });
    const paid = await getInvoice(api, invoice.id);
    expect(paid).toMatchObject({ status: 'paid', total: 11_999, amount_paid: 11_999, amount_due: 0 });
    expect((await entriesOf(api, invoice.id)).filter((entry) => entry.source_type === 'payment')).toHaveLength(1);
    expect(balanceOf(await balances(api), 'accounts_receivable')).toBe(0);
    expect(balanceOf(await balances(api), 'cash')).toBe(11_999);
  });

  it('five concurrent partial payments of 20 on 100 all succeed and leave it paid', async () => {
    const { api } = await financeAccount();
    const customer = await createCustomer(api);
    const invoice = await issuedInvoice(api, customer.id, { lines: [line({ unit_price: 100 })] });
    const responses = await Promise.all(Array.from({ length: 5 }, () => invoiceAction(api, invoice.id, 'pay', { amount: 20 })));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    const results = await Promise.all(responses.map((response) => response.json() as Promise<Invoice>));
    // Each payment saw the one before it: the amounts paid are 20, 40, ... 100 in some order.
    expect(results.map((result) => result.amount_paid).sort((a, b) => a - b)).toEqual([20, 40, 60, 80, 100]);
    expect(results.filter((result) => result.status === 'paid')).toHaveLength(1);
    expect(await getInvoice(api, invoice.id)).toMatchObject({ status: 'paid', amount_paid: 100, amount_due: 0, version: invoice.version + 5 });
    const payments = (await entriesOf(api, invoice.id)).filter((entry) => entry.source_type === 'payment');
    expect(payments.map((entry) => entry.lines)).toEqual(Array.from({ length: 5 }, () => [{ account: 'cash', debit: 20, credit: 0 }, { account: 'accounts_receivable', debit: 0, credit: 20 }]));
  });

  it('six concurrent payments of 20 on 100: five succeed, one is refused, nothing is overpaid', async () => {
    const { api } = await financeAccount();
    const customer = await createCustomer(api);
    const invoice = await issuedInvoice(api, customer.id, { lines: [line({ unit_price: 100 })] });
    const responses = await Promise.all(Array.from({ length: 6 }, () => invoiceAction(api, invoice.id, 'pay', { amount: 20 })));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(5);
    const refused = responses.filter((response) => response.status !== 200);
    expect(refused).toHaveLength(1);
    expect(await problemOf(refused[0] as Response)).toMatchObject({ status: 409, code: 'invalid_transition', current_status: 'paid' });
    expect(await getInvoice(api, invoice.id)).toMatchObject({ status: 'paid', amount_paid: 100 });
    expect(balanceOf(await balances(api), 'cash')).toBe(100);
  });

  it('a payment racing a void: exactly one wins and the ledger agrees with the invoice', async () => {
    const { api } = await financeAccount();
    const customer = await createCustomer(api);
    const invoice = await issuedInvoice(api, customer.id, { lines: [line({ unit_price: 700 })] });
    const [pay, voided] = await Promise.all([invoiceAction(api, invoice.id, 'pay', {}), invoiceAction(api, invoice.id, 'void')]);
    expect([pay.status, voided.status].sort()).toEqual([200, 409]);
    const final = await getInvoice(api, invoice.id);
    const entries = await entriesOf(api, invoice.id);
    const rows = await balances(api);
    if (final.status === 'paid') {
      expect(entries.map((entry) => entry.source_type)).toEqual(['invoice', 'payment']);
      expect(balanceOf(rows, 'cash')).toBe(700);
    } else {
      expect(final.status).toBe('void');
      expect(entries.map((entry) => entry.source_type)).toEqual(['invoice', 'reversal']);
      expect(balanceOf(rows, 'revenue')).toBe(0);
    }
    expect(balanceOf(rows, 'accounts_receivable')).toBe(0);
  });
});

describe('finance ledger consistency', () => {
  it('after a mix of operations every entry balances, the trial balance is zero and receivables equal what is due', async () => {
    const { api } = await financeAccount();
    const alice = await createCustomer(api, 'Alice');
    const bob = await createCustomer(api, 'Bob');
    const mk = (customerId: string, extra: Record<string, unknown>) => issuedInvoice(api, customerId, extra);

    const a1 = await mk(alice.id, { lines: [line({ quantity: 3, unit_price: 1_999, tax_rate: 2_000 }), line({ unit_price: 5 , tax_rate: 1_000 })] }); // 5997+1199 + 5+1 = 7202
    const a2 = await mk(alice.id, { lines: [line({ unit_price: 10_000, tax_rate: 700 })] }); // 10700
    const b1 = await mk(bob.id, { lines: [line({ quantity: 2, unit_price: 2_499, tax_rate: 2_500 })] }); // 4998+1250 = 6248
    const b2 = await mk(bob.id, { lines: [line({ unit_price: 3_000 })] }); // 3000, voided
    const u1 = await mk(bob.id, { currency: 'USD', lines: [line({ unit_price: 800, tax_rate: 1_000 })] }); // 880
    await createInvoice(api, { customer_id: alice.id, currency: 'EUR', lines: [line({ unit_price: 999_999 })] }); // a draft: not in the ledger

    await json(await invoiceAction(api, a1.id, 'pay', { amount: 2_202 }), 200);
    await json(await invoiceAction(api, a2.id, 'pay', {}), 200);
    await json(await invoiceAction(api, b1.id, 'pay', { amount: 1 }), 200);
    await json(await invoiceAction(api, b2.id, 'void'), 200);
    await json(await invoiceAction(api, u1.id, 'pay', { amount: 80 }), 200);
    const manual = await json<LedgerEntry>(
      await api.send('POST', '/v1/finance/ledger-entries', { currency: 'EUR', description: 'Bank fee', lines: [{ account: 'bank_fees', debit: 350 }, { account: 'cash', credit: 350 }] }),
      201,
    );
    await json(await api.send('POST', `/v1/finance/ledger-entries/${manual.id}/reverse`, {}), 201);

    const entries = (await json<List<LedgerEntry>>(await api.get('/v1/finance/ledger-entries?per_page=100'), 200)).data;
    // 5 issues, 4 payments, 1 void reversal, 1 manual entry and its reversal.
    expect(entries).toHaveLength(12);
    for (const entry of entries) expectBalanced(entry);

    const rows = await balances(api);
    for (const currency of ['EUR', 'USD']) expect(rows.filter((row) => row.currency === currency).reduce((sum, row) => sum + row.balance, 0)).toBe(0);

    const invoices = (await json<List<Invoice>>(await api.get('/v1/finance/invoices?per_page=100'), 200)).data;
    const dueIn = (currency: string) => invoices.filter((invoice) => invoice.status === 'issued' && invoice.currency === currency).reduce((sum, invoice) => sum + invoice.amount_due, 0);
    expect(dueIn('EUR')).toBe(5_000 + 6_247);
    expect(balanceOf(rows, 'accounts_receivable', 'EUR')).toBe(dueIn('EUR'));
    expect(balanceOf(rows, 'accounts_receivable', 'USD')).toBe(dueIn('USD'));
    expect(balanceOf(rows, 'accounts_receivable', 'USD')).toBe(800);
    expect(balanceOf(rows, 'cash', 'EUR')).toBe(2_202 + 10_700 + 1);
    expect(balanceOf(rows, 'revenue', 'EUR')).toBe(-(5_997 + 5 + 10_000 + 4_998));
    expect(balanceOf(rows, 'tax_payable', 'EUR')).toBe(-(1_199 + 1 + 700 + 1_250));
    expect(rows.find((row) => row.account === 'bank_fees')).toEqual({ account: 'bank_fees', currency: 'EUR', debit_total: 350, credit_total: 350, balance: 0 });
  });
});
