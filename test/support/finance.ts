import { expect } from 'vitest';
import { type ApiClient, json, type List, signedInAccount, type TestAccount } from './fixtures.ts';

/** Helpers of the finance contract tests: records as REST returns them and ways to arrange them. */

export const FINANCE_SCOPES = ['finance:read', 'finance:write', 'crm:read', 'crm:write', 'inventory:read', 'inventory:write'];

export interface InvoiceLine {
  id: string;
  item_id: string | null;
  description: string;
  quantity: number;
  unit_price: number;
  tax_rate: number;
  subtotal: number;
  tax: number;
  total: number;
}

export interface Invoice {
  id: string;
  number: string | null;
  customer_id: string;
  order_id: string | null;
  currency: string;
  status: 'draft' | 'issued' | 'paid' | 'void';
  lines: InvoiceLine[];
  subtotal: number;
  tax_total: number;
  total: number;
  amount_paid: number;
  amount_due: number;
  payment_terms_days: number;
  due_date: string | null;
  memo: string | null;
  issued_at: string | null;
  paid_at: string | null;
  voided_at: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface LedgerLine {
  account: string;
  debit: number;
  credit: number;
}

export interface LedgerEntry {
  id: string;
  currency: string;
  description: string;
  posted_at: string;
  source_type: 'invoice' | 'payment' | 'manual' | 'reversal';
  source_id: string | null;
  reverses_entry_id: string | null;
  reversed_by_entry_id: string | null;
  lines: LedgerLine[];
  created_at: string;
}

export interface LedgerBalance {
  account: string;
  currency: string;
  debit_total: number;
  credit_total: number;
  balance: number;
}


export type FinanceAccount = TestAccount & { api: ApiClient };

/** An account whose client holds every finance, CRM and inventory scope. */
export function financeAccount(scopes: string[] = FINANCE_SCOPES): Promise<FinanceAccount> {
  return signedInAccount(scopes);
}






// --- CRM records finance needs (created through CRM's REST API) ---------------------------------

export async function createCustomer(api: ApiClient, name = 'Acme GmbH'): Promise<{ id: string; name: string }> {
  return json(await api.send('POST', '/v1/crm/customers', { name, currency: 'EUR' }), 201);
}

/** A warehouse and the SKUs, each with `stock` units, so orders can be confirmed and fulfilled. */
export async function stockItems(api: ApiClient, skus: string[], stock = 1000): Promise<void> {
  const warehouse = await json<{ id: string }>(await api.send('POST', '/v1/inventory/warehouses', { name: 'Main' }), 201);
  for (const sku of skus) {
    await json(await api.send('POST', '/v1/inventory/items', { id: sku, name: `Item ${sku}`, quantity_on_hand: stock, reorder_point: 0, warehouse_id: warehouse.id }), 201);
  }
}

export interface OrderLineInput {
  item_id: string;
  description?: string;
  quantity: number;
  unit_price: number;
}

export async function createOrder(api: ApiClient, body: { kind: 'sales' | 'purchase'; customer_id: string; currency?: string; lines: OrderLineInput[] }): Promise<{ id: string; number: string; status: string }> {
  return json(await api.send('POST', '/v1/crm/orders', body), 201);
}

export async function orderAction(api: ApiClient, orderId: string, action: 'confirm' | 'fulfil' | 'receive' | 'cancel'): Promise<void> {
  await json(await api.send('POST', `/v1/crm/orders/${orderId}/${action}`, {}), 200);
}

// --- Finance -------------------------------------------------------------------------------------

export const line = (overrides: Partial<Omit<InvoiceLine, 'id' | 'subtotal' | 'tax' | 'total'>> = {}) => ({ description: 'Consulting', quantity: 1, unit_price: 10_000, tax_rate: 0, ...overrides });

export async function createInvoice(api: ApiClient, body: Record<string, unknown>): Promise<Invoice> {
  return json<Invoice>(await api.send('POST', '/v1/finance/invoices', body), 201);
}

export async function getInvoice(api: ApiClient, id: string): Promise<Invoice> {
  return json<Invoice>(await api.get(`/v1/finance/invoices/${id}`), 200);
}

export function invoiceAction(api: ApiClient, id: string, action: 'issue' | 'void'): Promise<Response>;
export function invoiceAction(api: ApiClient, id: string, action: 'pay', body?: Record<string, unknown>): Promise<Response>;
export function invoiceAction(api: ApiClient, id: string, action: 'issue' | 'pay' | 'void', body: Record<string, unknown> = {}): Promise<Response> {
  return api.send('POST', `/v1/finance/invoices/${id}/${action}`, body);
}

/** A customer's invoice created and issued: `lines` default to one line of 100.00 without tax. */
export async function issuedInvoice(api: ApiClient, customerId: string, body: Record<string, unknown> = {}): Promise<Invoice> {
  const draft = await createInvoice(api, { customer_id: customerId, currency: 'EUR', lines: [line()], ...body });
  return json<Invoice>(await invoiceAction(api, draft.id, 'issue'), 200);
}

export async function entriesOf(api: ApiClient, invoiceId: string): Promise<LedgerEntry[]> {
  const list = await json<List<LedgerEntry>>(await api.get(`/v1/finance/ledger-entries?source_id=${invoiceId}&sort=posted_at&per_page=100`), 200);
  return list.data;
}

export async function balances(api: ApiClient, query = ''): Promise<LedgerBalance[]> {
  return json<LedgerBalance[]>(await api.get(`/v1/finance/ledger-balances${query}`), 200);
}

export function balanceOf(rows: LedgerBalance[], account: string, currency = 'EUR'): number {
  return rows.find((row) => row.account === account && row.currency === currency)?.balance ?? 0;
}

export function expectBalanced(entry: { lines: LedgerLine[] }): void {
  const debits = entry.lines.reduce((sum, l) => sum + l.debit, 0);
  const credits = entry.lines.reduce((sum, l) => sum + l.credit, 0);
  expect(debits).toBe(credits);
  for (const l of entry.lines) expect((l.debit > 0) !== (l.credit > 0)).toBe(true);
}
