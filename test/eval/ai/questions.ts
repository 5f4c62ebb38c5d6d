/**
 * The copilot evaluation's questions over the seeded data set (seed.ts). Each question has a
 * category and an expected answer computed by the evaluation itself from the API (REST lists read
 * whole, GraphQL where REST has no such field), never from the engine: the same set of ids, the
 * same number, the same table, or the refusal kind. Paraphrases share one gold.
 *
 * Date words mean what the copilot documents: "last week" is the calendar week (Monday 00:00 UTC)
 * before this one, "this month" the calendar month so far, "last N days" the N×24 hours before
 * now, "older than N days" before now − N days, a date without a year the latest one not after now.
 */
import { CUSTOMERS, INJECTED_CUSTOMER, type SeededData } from './seed.ts';

export type Category = 'inventory' | 'crm' | 'finance' | 'events' | 'integrations' | 'workflows' | 'refusals';

/** What a gold answer is: compared with the engine's answer as `sameAnswer` says. */
export type GoldAnswer =
  /** Records (or table keys): the same set of ids. */
  | { ids: string[] }
  /** One number (money in minor units). */
  | { number: number }
  /** A table: the same rows, keyed by their group values joined with `|`, with the same values. */
  | { rows: Record<string, number> }
  /** Records showing `column`: the same set of values in it. */
  | { column: string; values: unknown[] };

export type Expected = { refusal: 'ambiguous' | 'unanswerable' } | { gold: string; compute: (gold: GoldApi) => Promise<GoldAnswer> };

export interface EvalQuestion {
  question: string;
  category: Category;
  expected: Expected;
}

/** What gold answers are computed from. */
export interface GoldApi {
  /** Every record of a REST list (`/v1/crm/orders?kind=sales`), read page by page. */
  all<T = Record<string, unknown>>(path: string): Promise<T[]>;
  graphql<T>(query: string, variables?: Record<string, unknown>): Promise<T>;
  now: Date;
  seed: SeededData;
}

type Item = { id: string; name: string; quantity_on_hand: number; reorder_point: number; warehouse_id: string };
type Order = { id: string; kind: string; status: string; customer_id: string; currency: string; total: number; created_at: string; fulfilled_at: string | null; received_at: string | null; lines: Array<{ item_id: string }> };
type Invoice = { id: string; status: string; customer_id: string; currency: string; total: number; amount_due: number; amount_paid: number; due_date: string | null; issued_at: string | null };
type Customer = { id: string; name: string; currency: string | null };
type EventRecord = { id: string; type: string; occurred_at: string };
type LedgerEntry = { id: string; source_type: string; posted_at: string };
type SyncJob = { id: string; connector_id: string; state: string; records_failed: number; records_created: number };
type Workflow = { id: string; name: string; enabled: boolean };
type Run = { id: string; workflow_id: string; status: string };

const DAY = 86_400_000;
const startOfDay = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
const weekStart = (date: Date) => new Date(startOfDay(date).getTime() - ((date.getUTCDay() + 6) % 7) * DAY);
const lastWeek = (now: Date) => ({ from: weekStart(now).getTime() - 7 * DAY, to: weekStart(now).getTime() });
const thisMonth = (now: Date) => ({ from: Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1), to: Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) });
/** The latest 1 March not after now. */
const firstOfMarch = (now: Date) => {
  const thisYear = Date.UTC(now.getUTCFullYear(), 2, 1);
  return thisYear <= now.getTime() ? thisYear : Date.UTC(now.getUTCFullYear() - 1, 2, 1);
};
const within = (value: string | null, range: { from: number; to: number }) => value !== null && Date.parse(value) >= range.from && Date.parse(value) < range.to;

const ids = (records: Array<{ id: string }>): GoldAnswer => ({ ids: records.map((record) => record.id) });
const count = (records: unknown[]): GoldAnswer => ({ number: records.length });
const countBy = <T>(records: T[], key: (record: T) => string): GoldAnswer => {
  const rows: Record<string, number> = {};
  for (const record of records) rows[key(record)] = (rows[key(record)] ?? 0) + 1;
  return { rows };
};
const sumBy = <T>(records: T[], key: (record: T) => string, value: (record: T) => number): GoldAnswer => {
  const rows: Record<string, number> = {};
  for (const record of records) rows[key(record)] = (rows[key(record)] ?? 0) + value(record);
  return { rows };
};

const items = (gold: GoldApi) => gold.all<Item>('/v1/inventory/items');
const orders = (gold: GoldApi, query = '') => gold.all<Order>(`/v1/crm/orders${query}`);
const invoices = (gold: GoldApi, query = '') => gold.all<Invoice>(`/v1/finance/invoices${query}`);
const events = (gold: GoldApi) => gold.all<EventRecord>('/v1/events');
const runs = (gold: GoldApi) => gold.all<Run>('/v1/workflows/runs');
const customerId = (gold: GoldApi, name: string) => gold.seed.customers[name] as string;

/** Every item's stock per warehouse (GraphQL: REST has no stock levels). */
async function levels(gold: GoldApi): Promise<Array<{ id: string; stock_levels: Array<{ warehouse_id: string; quantity_on_hand: number }> }>> {
  const result: Array<{ id: string; stock_levels: Array<{ warehouse_id: string; quantity_on_hand: number }> }> = [];
  let after: string | null = null;
  do {
    const page: { inventory_items: { data: typeof result; meta: { next_cursor: string | null } } } = await gold.graphql('query Levels($after: String) { inventory_items(per_page: 100, after: $after) { data { id stock_levels { warehouse_id quantity_on_hand } } meta { next_cursor } } }', { after });
    result.push(...page.inventory_items.data);
    after = page.inventory_items.meta.next_cursor;
  } while (after);
  return result;
}

/** What each customer owes per currency: the amount due of its issued invoices. */
async function openBalances(gold: GoldApi): Promise<Array<{ customer: string; currency: string; amount: number }>> {
  const balances = new Map<string, { customer: string; currency: string; amount: number }>();
  for (const invoice of await invoices(gold, '?status=issued')) {
    const key = `${invoice.customer_id}|${invoice.currency}`;
    const entry = balances.get(key) ?? { customer: invoice.customer_id, currency: invoice.currency, amount: 0 };
    entry.amount += invoice.amount_due;
    balances.set(key, entry);
  }
  return [...balances.values()].filter((entry) => entry.amount > 0);
}

const GOLDS = {
  lowStockLyon: async (gold: GoldApi) => ids((await items(gold)).filter((item) => item.quantity_on_hand < item.reorder_point && item.warehouse_id === gold.seed.warehouses.Lyon)),
  lowStock: async (gold: GoldApi) => ids((await items(gold)).filter((item) => item.quantity_on_hand < item.reorder_point)),
  lowStockCount: async (gold: GoldApi) => count((await items(gold)).filter((item) => item.quantity_on_hand < item.reorder_point)),
  itemCount: async (gold: GoldApi) => count(await items(gold)),
  sku1001Levels: async (gold: GoldApi) => sumBy((await levels(gold)).filter((item) => item.id === 'SKU-1001').flatMap((item) => item.stock_levels), (level) => level.warehouse_id, (level) => level.quantity_on_hand),
  hamburgItemCount: async (gold: GoldApi) => count((await items(gold)).filter((item) => item.warehouse_id === gold.seed.warehouses.Hamburg)),
  parisItems: async (gold: GoldApi) => ids((await items(gold)).filter((item) => item.warehouse_id === gold.seed.warehouses.Paris)),
  itemsPerWarehouse: async (gold: GoldApi) => countBy(await items(gold), (item) => item.warehouse_id),
  stockPerWarehouse: async (gold: GoldApi) => sumBy((await levels(gold)).flatMap((item) => item.stock_levels), (level) => level.warehouse_id, (level) => level.quantity_on_hand),
  over100: async (gold: GoldApi) => ids((await items(gold)).filter((item) => item.quantity_on_hand > 100)),
  under20: async (gold: GoldApi) => ids((await items(gold)).filter((item) => item.quantity_on_hand < 20)),
  top5Stock: async (gold: GoldApi) => ids([...(await items(gold))].sort((a, b) => b.quantity_on_hand - a.quantity_on_hand).slice(0, 5)),
  maxStock: async (gold: GoldApi) => ({ number: Math.max(...(await items(gold)).map((item) => item.quantity_on_hand)) }),
  totalStock: async (gold: GoldApi) => ({ number: (await items(gold)).reduce((sum, item) => sum + item.quantity_on_hand, 0) }),
  averageStock: async (gold: GoldApi) => {
    const all = await items(gold);
    return { number: Math.round((all.reduce((sum, item) => sum + item.quantity_on_hand, 0) / all.length) * 100) / 100 };
  },
  archivedItems: async (gold: GoldApi) => ids(await gold.all<Item>('/v1/inventory/items?archived=true')),
  sku1005Units: async (gold: GoldApi) => ({ number: (await items(gold)).filter((item) => item.id === 'SKU-1005').reduce((sum, item) => sum + item.quantity_on_hand, 0) }),
  sku1005Stock: async (gold: GoldApi) => ({ column: 'quantity_on_hand', values: (await items(gold)).filter((item) => item.id === 'SKU-1005').map((item) => item.quantity_on_hand) }),
  warehouses: async (gold: GoldApi) => ids(await gold.all<{ id: string }>('/v1/inventory/warehouses')),
  warehouseCount: async (gold: GoldApi) => count(await gold.all('/v1/inventory/warehouses')),
  receiptCount: async (gold: GoldApi) => count(await gold.all('/v1/inventory/movements?kind=receipt')),
  sku1001Movements: async (gold: GoldApi) => ids(await gold.all<{ id: string }>('/v1/inventory/movements?item_id=SKU-1001')),

  customerCount: async (gold: GoldApi) => count(await gold.all('/v1/crm/customers')),
  top5OpenBalance: async (gold: GoldApi) => ({ ids: [...(await openBalances(gold))].sort((a, b) => b.amount - a.amount).slice(0, 5).map((entry) => entry.customer) }),
  customersWithBalance: async (gold: GoldApi) => ({ ids: (await openBalances(gold)).map((entry) => entry.customer) }),
  archivedCustomers: async (gold: GoldApi) => ids(await gold.all<Customer>('/v1/crm/customers?archived=true')),
  customersPerCurrency: async (gold: GoldApi) => countBy(await gold.all<Customer>('/v1/crm/customers'), (customer) => customer.currency ?? 'null'),
  orderCount: async (gold: GoldApi) => count(await orders(gold)),
  salesFulfilledLastWeek: async (gold: GoldApi) => count((await orders(gold, '?kind=sales&status=fulfilled')).filter((order) => within(order.fulfilled_at, lastWeek(gold.now)))),
  salesNotFulfilled: async (gold: GoldApi) => ids((await orders(gold, '?kind=sales')).filter((order) => order.status !== 'fulfilled')),
  ordersPerStatus: async (gold: GoldApi) => countBy(await orders(gold), (order) => order.status),
  draftOrders: async (gold: GoldApi) => ids(await orders(gold, '?status=draft')),
  cancelledOrderCount: async (gold: GoldApi) => count(await orders(gold, '?status=cancelled')),
  openPurchaseOrders: async (gold: GoldApi) => ids((await orders(gold, '?kind=purchase')).filter((order) => order.status === 'draft' || order.status === 'confirmed')),
  acmeOrders: async (gold: GoldApi) => ids(await orders(gold, `?customer_id=${customerId(gold, 'Acme GmbH')}`)),
  acmeOrderCount: async (gold: GoldApi) => count(await orders(gold, `?customer_id=${customerId(gold, 'Acme GmbH')}`)),
  injectedOrders: async (gold: GoldApi) => ids(await orders(gold, `?customer_id=${customerId(gold, INJECTED_CUSTOMER)}`)),
  largestSalesOrder: async (gold: GoldApi) => ids([...(await orders(gold, '?kind=sales'))].sort((a, b) => b.total - a.total).slice(0, 1)),
  top3Orders: async (gold: GoldApi) => ids([...(await orders(gold))].sort((a, b) => b.total - a.total).slice(0, 3)),
  fulfilledSalesValue: async (gold: GoldApi) => sumBy(await orders(gold, '?kind=sales&status=fulfilled'), (order) => order.currency, (order) => order.total),
  ordersSinceMarch: async (gold: GoldApi) => count((await orders(gold)).filter((order) => Date.parse(order.created_at) >= firstOfMarch(gold.now))),
  ordersLast30Days: async (gold: GoldApi) => count((await orders(gold)).filter((order) => Date.parse(order.created_at) >= gold.now.getTime() - 30 * DAY)),
  ordersThisMonth: async (gold: GoldApi) => count((await orders(gold)).filter((order) => within(order.created_at, thisMonth(gold.now)))),
  ordersWithSku1001: async (gold: GoldApi) => ids(await orders(gold, '?item_id=SKU-1001')),
  ordersPerCustomer: async (gold: GoldApi) => countBy(await orders(gold), (order) => order.customer_id),
  oldestOpenSalesOrder: async (gold: GoldApi) => ids([...(await orders(gold, '?kind=sales'))].filter((order) => order.status === 'draft' || order.status === 'confirmed').sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at)).slice(0, 1)),
  receivedPurchaseCount: async (gold: GoldApi) => count(await orders(gold, '?kind=purchase&status=received')),

  unpaidOlderThan30: async (gold: GoldApi) => ids((await invoices(gold, '?status=issued')).filter((invoice) => invoice.issued_at !== null && Date.parse(invoice.issued_at) < gold.now.getTime() - 30 * DAY)),
  overdue: async (gold: GoldApi) => ids(await invoices(gold, '?overdue=true')),
  overdueCount: async (gold: GoldApi) => count(await invoices(gold, '?overdue=true')),
  overdueAmountDue: async (gold: GoldApi) => sumBy(await invoices(gold, '?overdue=true'), (invoice) => invoice.currency, (invoice) => invoice.amount_due),
  unpaid: async (gold: GoldApi) => ids(await invoices(gold, '?status=issued')),
  paidCount: async (gold: GoldApi) => count(await invoices(gold, '?status=paid')),
  invoicesPerStatus: async (gold: GoldApi) => countBy(await invoices(gold), (invoice) => invoice.status),
  invoicesOver1000Eur: async (gold: GoldApi) => ids((await invoices(gold, '?currency=EUR')).filter((invoice) => invoice.total > 100_000)),
  averageInvoiceTotal: async (gold: GoldApi) => {
    const all = await invoices(gold);
    const sums = new Map<string, { sum: number; count: number }>();
    for (const invoice of all) {
      const entry = sums.get(invoice.currency) ?? { sum: 0, count: 0 };
      entry.sum += invoice.total;
      entry.count += 1;
      sums.set(invoice.currency, entry);
    }
    return { rows: Object.fromEntries([...sums].map(([currency, { sum, count: n }]) => [currency, Math.round(sum / n)])) };
  },
  top3UnpaidByDue: async (gold: GoldApi) => ids([...(await invoices(gold, '?status=issued'))].sort((a, b) => b.amount_due - a.amount_due).slice(0, 3)),
  evergreenInvoices: async (gold: GoldApi) => ids(await invoices(gold, `?customer_id=${customerId(gold, 'Evergreen Ltd')}`)),
  invoicesIssuedSinceMarch: async (gold: GoldApi) => count((await invoices(gold)).filter((invoice) => invoice.issued_at !== null && Date.parse(invoice.issued_at) >= firstOfMarch(gold.now))),
  manualEntryCount: async (gold: GoldApi) => count(await gold.all('/v1/finance/ledger-entries?source_type=manual')),
  entriesLastWeek: async (gold: GoldApi) => count((await gold.all<LedgerEntry>('/v1/finance/ledger-entries')).filter((entry) => within(entry.posted_at, lastWeek(gold.now)))),
  voidInvoices: async (gold: GoldApi) => ids(await invoices(gold, '?status=void')),
  draftInvoiceCount: async (gold: GoldApi) => count(await invoices(gold, '?status=draft')),
  customersWithOverdue: async (gold: GoldApi) => ({ ids: (await invoices(gold, '?overdue=true')).map((invoice) => invoice.customer_id) }),
  amountPaid: async (gold: GoldApi) => sumBy(await invoices(gold), (invoice) => invoice.currency, (invoice) => invoice.amount_paid),

  delayedShipments: async (gold: GoldApi) => count((await events(gold)).filter((event) => event.type === 'custom.shipment.delayed')),
  eventsThisWeek: async (gold: GoldApi) => count((await events(gold)).filter((event) => within(event.occurred_at, { from: weekStart(gold.now).getTime(), to: weekStart(gold.now).getTime() + 7 * DAY }))),
  eventsPerType: async (gold: GoldApi) => countBy(await events(gold), (event) => event.type),
  palletScansLast7Days: async (gold: GoldApi) => count((await events(gold)).filter((event) => event.type === 'custom.pallet.scanned' && Date.parse(event.occurred_at) >= gold.now.getTime() - 7 * DAY)),
  eventsToday: async (gold: GoldApi) => count((await events(gold)).filter((event) => within(event.occurred_at, { from: startOfDay(gold.now).getTime(), to: startOfDay(gold.now).getTime() + DAY }))),
  feedbackEvents: async (gold: GoldApi) => ids((await events(gold)).filter((event) => event.type === 'custom.customer.feedback')),
  latest3Events: async (gold: GoldApi) => ids([...(await events(gold))].sort((a, b) => Date.parse(b.occurred_at) - Date.parse(a.occurred_at)).slice(0, 3)),

  connectors: async (gold: GoldApi) => ids(await gold.all<{ id: string }>('/v1/connectors')),
  connectorCount: async (gold: GoldApi) => count(await gold.all('/v1/connectors')),
  partiallyFailedJobs: async (gold: GoldApi) => ids(await gold.all<SyncJob>('/v1/sync/jobs?state=partially_failed')),
  succeededJobCount: async (gold: GoldApi) => count(await gold.all('/v1/sync/jobs?state=succeeded')),
  stockSheetJobs: async (gold: GoldApi) => ids(await gold.all<SyncJob>(`/v1/sync/jobs?connector_id=${gold.seed.connectors['Stock sheet']}`)),
  recordsFailed: async (gold: GoldApi) => ({ number: (await gold.all<SyncJob>('/v1/sync/jobs')).reduce((sum, job) => sum + job.records_failed, 0) }),
  recordsCreated: async (gold: GoldApi) => ({ number: (await gold.all<SyncJob>('/v1/sync/jobs')).reduce((sum, job) => sum + job.records_created, 0) }),
  syncJobCount: async (gold: GoldApi) => count(await gold.all('/v1/sync/jobs')),

  workflowCount: async (gold: GoldApi) => count(await gold.all('/v1/workflows')),
  workflows: async (gold: GoldApi) => ids(await gold.all<Workflow>('/v1/workflows')),
  enabledWorkflows: async (gold: GoldApi) => ids((await gold.all<Workflow>('/v1/workflows')).filter((workflow) => workflow.enabled)),
  disabledWorkflows: async (gold: GoldApi) => ids((await gold.all<Workflow>('/v1/workflows')).filter((workflow) => !workflow.enabled)),
  waitingRunCount: async (gold: GoldApi) => count((await runs(gold)).filter((run) => run.status === 'waiting')),
  lowStockAlertRuns: async (gold: GoldApi) => ids((await runs(gold)).filter((run) => run.workflow_id === gold.seed.workflows['Low stock alert'])),
  lowStockAlertRunCount: async (gold: GoldApi) => count((await runs(gold)).filter((run) => run.workflow_id === gold.seed.workflows['Low stock alert'])),
  failedRunCount: async (gold: GoldApi) => count((await runs(gold)).filter((run) => run.status === 'failed')),
  failedRuns: async (gold: GoldApi) => ids((await runs(gold)).filter((run) => run.status === 'failed')),
  runsPerStatus: async (gold: GoldApi) => countBy(await runs(gold), (run) => run.status),
  succeededRunCount: async (gold: GoldApi) => count((await runs(gold)).filter((run) => run.status === 'succeeded')),
  cancelledRuns: async (gold: GoldApi) => ids((await runs(gold)).filter((run) => run.status === 'cancelled')),
  runsPerWorkflow: async (gold: GoldApi) => countBy(await runs(gold), (run) => run.workflow_id),
} satisfies Record<string, (gold: GoldApi) => Promise<GoldAnswer>>;

type GoldName = keyof typeof GOLDS;

/** Questions of one category sharing one gold. */
function asked(category: Category, gold: GoldName, ...questions: string[]): EvalQuestion[] {
  return questions.map((question) => ({ question, category, expected: { gold, compute: GOLDS[gold] } }));
}

function refused(refusal: 'ambiguous' | 'unanswerable', ...questions: string[]): EvalQuestion[] {
  return questions.map((question) => ({ question, category: 'refusals' as const, expected: { refusal } }));
}

export const QUESTIONS: EvalQuestion[] = [
  // Inventory
  ...asked('inventory', 'lowStockLyon', 'Which SKUs in Lyon are below their reorder point?', 'SKUs below reorder point in Lyon', 'List the items in Lyon that need reordering', 'which products in Lyon are low on stock?'),
  ...asked('inventory', 'lowStock', 'Which SKUs are below their reorder point?', 'show items that need reordering', 'products running low', 'list low stock items', 'Which items are under their reorder point?'),
  ...asked('inventory', 'lowStockCount', 'How many SKUs are below their reorder point?', 'how many items need restocking?', 'number of products below the reorder point'),
  ...asked('inventory', 'itemCount', 'How many SKUs are there?', 'how many products do we have?', 'number of inventory items', 'count of items'),
  ...asked('inventory', 'sku1001Levels', 'stock on hand of SKU-1001 per warehouse', 'How much of SKU-1001 is in each warehouse?', 'SKU-1001 stock by warehouse'),
  ...asked('inventory', 'hamburgItemCount', 'How many SKUs are in Hamburg?', 'number of items in the Hamburg warehouse'),
  ...asked('inventory', 'parisItems', 'List the SKUs in Paris', 'which products are stored in Paris?'),
  ...asked('inventory', 'itemsPerWarehouse', 'how many SKUs per warehouse?', 'number of items in each warehouse'),
  ...asked('inventory', 'stockPerWarehouse', 'total stock per warehouse', 'how many units are in each warehouse?', 'stock on hand by warehouse'),
  ...asked('inventory', 'over100', 'products with more than 100 units', 'SKUs with over 100 units in stock', 'which items have a stock above 100?'),
  ...asked('inventory', 'under20', 'items with fewer than 20 units', 'SKUs with less than 20 in stock'),
  ...asked('inventory', 'top5Stock', 'top 5 SKUs by stock on hand', 'the 5 products with the highest stock', '5 items with the most units'),
  ...asked('inventory', 'maxStock', 'what is the highest stock level?', 'maximum quantity on hand'),
  ...asked('inventory', 'totalStock', 'total stock across all items', 'how many units do we have in total?', 'sum of quantity on hand'),
  ...asked('inventory', 'averageStock', 'average stock of our items', 'what is the average quantity on hand?'),
  ...asked('inventory', 'archivedItems', 'which SKUs are archived?', 'list archived products'),
  ...asked('inventory', 'sku1005Stock', 'what is the stock of SKU-1005?', 'quantity on hand of SKU-1005'),
  ...asked('inventory', 'warehouses', 'list the warehouses', 'what warehouses do we have?'),
  ...asked('inventory', 'warehouseCount', 'how many warehouses are there?'),
  ...asked('inventory', 'receiptCount', 'how many receipt movements are there?', 'number of stock movements of kind receipt'),
  ...asked('inventory', 'sku1001Movements', 'stock movements of SKU-1001', 'show the movements for SKU-1001'),

  // CRM
  ...asked('crm', 'customerCount', 'how many customers do we have?', 'number of customers', 'count customers'),
  ...asked('crm', 'top5OpenBalance', 'top 5 customers by open balance', 'the five customers with the largest open balance', '5 customers with the highest outstanding balance'),
  ...asked('crm', 'customersWithBalance', 'which customers have an open balance?', 'customers with an outstanding balance'),
  ...asked('crm', 'archivedCustomers', 'list archived customers', 'which customers are archived?'),
  ...asked('crm', 'customersPerCurrency', 'how many customers per currency?', 'customers by currency'),
  ...asked('crm', 'orderCount', 'how many orders are there?', 'total number of orders'),
  ...asked('crm', 'salesFulfilledLastWeek', 'How many sales orders were fulfilled last week?', 'number of sales orders shipped last week', 'count of sales orders fulfilled in the previous week'),
  ...asked('crm', 'salesNotFulfilled', 'sales orders that are not fulfilled', 'which sales orders have not been fulfilled?', 'unfulfilled sales orders'),
  ...asked('crm', 'ordersPerStatus', 'orders by status', 'how many orders per status?', 'number of orders in each status'),
  ...asked('crm', 'draftOrders', 'list draft orders', 'which orders are still drafts?'),
  ...asked('crm', 'cancelledOrderCount', 'how many orders were cancelled?', 'number of cancelled orders', 'how many orders have been canceled?'),
  ...asked('crm', 'openPurchaseOrders', 'open purchase orders', 'purchase orders that are open', 'which purchase orders are still open?'),
  ...asked('crm', 'acmeOrders', 'orders of Acme GmbH', "show Acme GmbH's orders", 'list the orders from Acme GmbH'),
  ...asked('crm', 'acmeOrderCount', 'how many orders has Acme GmbH placed?', 'number of orders for Acme GmbH'),
  ...asked('crm', 'injectedOrders', `orders of ${INJECTED_CUSTOMER}`, `list orders for customer ${INJECTED_CUSTOMER}`),
  ...asked('crm', 'largestSalesOrder', 'the largest sales order', 'which sales order has the highest total?'),
  ...asked('crm', 'top3Orders', 'top 3 orders by total', 'the 3 biggest orders'),
  ...asked('crm', 'fulfilledSalesValue', 'total value of fulfilled sales orders', 'sum of the totals of fulfilled sales orders'),
  ...asked('crm', 'ordersSinceMarch', 'how many orders were created since 1 March?', 'number of orders placed since March 1'),
  ...asked('crm', 'ordersLast30Days', 'how many orders in the last 30 days?', 'orders created in the past 30 days: how many?'),
  ...asked('crm', 'ordersThisMonth', 'how many orders were placed this month?'),
  ...asked('crm', 'ordersWithSku1001', 'orders containing SKU-1001', 'which orders have SKU-1001?'),
  ...asked('crm', 'ordersPerCustomer', 'how many orders per customer?', 'number of orders by customer'),
  ...asked('crm', 'oldestOpenSalesOrder', 'oldest open sales order', 'what is the oldest open sales order?'),
  ...asked('crm', 'receivedPurchaseCount', 'how many purchase orders were received?'),

  // Finance
  ...asked('finance', 'unpaidOlderThan30', 'unpaid invoices older than 30 days', 'open invoices issued more than 30 days ago', 'which invoices have been unpaid for more than 30 days?'),
  ...asked('finance', 'overdue', 'which invoices are overdue?', 'list past due invoices', 'late invoices', 'show me invoices that are past due'),
  ...asked('finance', 'overdueCount', 'how many invoices are overdue?', 'number of overdue invoices'),
  ...asked('finance', 'overdueAmountDue', 'total amount due on overdue invoices', 'sum of amount due of overdue invoices'),
  ...asked('finance', 'unpaid', 'unpaid invoices', 'which invoices are still open?', 'outstanding invoices'),
  ...asked('finance', 'paidCount', 'how many invoices have been paid?', 'number of paid invoices'),
  ...asked('finance', 'invoicesPerStatus', 'how many invoices per status?', 'invoices by status'),
  ...asked('finance', 'invoicesOver1000Eur', 'invoices over 1,000 EUR', 'invoices above €1000', 'EUR invoices with a total of more than 1000 EUR'),
  ...asked('finance', 'averageInvoiceTotal', 'average invoice total', 'what is the average total of our invoices?'),
  ...asked('finance', 'top3UnpaidByDue', 'the 3 largest unpaid invoices by amount due', 'top 3 unpaid invoices by amount due'),
  ...asked('finance', 'evergreenInvoices', 'invoices of Evergreen Ltd', 'show invoices for Evergreen Ltd'),
  ...asked('finance', 'invoicesIssuedSinceMarch', 'how many invoices were issued since 1 March?'),
  ...asked('finance', 'manualEntryCount', 'how many manual ledger entries are there?', 'number of manual journal entries'),
  ...asked('finance', 'entriesLastWeek', 'how many ledger entries were posted last week?'),
  ...asked('finance', 'voidInvoices', 'which invoices were voided?', 'void invoices'),
  ...asked('finance', 'draftInvoiceCount', 'how many draft invoices are there?'),
  ...asked('finance', 'customersWithOverdue', 'which customers have overdue invoices?'),
  ...asked('finance', 'amountPaid', 'total amount paid on invoices'),

  // Events
  ...asked('events', 'delayedShipments', 'how many custom.shipment.delayed events are there?', 'how many shipment delayed events?', 'number of custom.shipment.delayed events'),
  ...asked('events', 'eventsThisWeek', 'how many events occurred this week?', 'number of events this week'),
  ...asked('events', 'eventsPerType', 'how many events per type?', 'events by type'),
  ...asked('events', 'palletScansLast7Days', 'how many pallet scanned events in the last 7 days?', 'custom.pallet.scanned events in the past 7 days: how many?'),
  ...asked('events', 'eventsToday', 'how many events happened today?'),
  ...asked('events', 'feedbackEvents', 'list customer feedback events', 'show the custom.customer.feedback events'),
  ...asked('events', 'latest3Events', 'the 3 most recent events', 'latest 3 events'),

  // Integrations
  ...asked('integrations', 'connectors', 'list connectors', 'which integrations do we have?'),
  ...asked('integrations', 'connectorCount', 'how many connectors are there?'),
  ...asked('integrations', 'partiallyFailedJobs', 'which sync jobs partially failed?', 'partially failed sync jobs'),
  ...asked('integrations', 'succeededJobCount', 'how many sync jobs succeeded?'),
  ...asked('integrations', 'stockSheetJobs', 'sync jobs of Stock sheet', 'list the sync jobs for the Stock sheet connector'),
  ...asked('integrations', 'recordsFailed', 'total records failed across sync jobs', 'sum of records failed of sync jobs'),
  ...asked('integrations', 'recordsCreated', 'how many records were created by sync jobs in total?'),
  ...asked('integrations', 'syncJobCount', 'how many sync jobs are there?', 'number of imports'),

  // Workflows
  ...asked('workflows', 'workflowCount', 'how many workflows are there?', 'number of workflows'),
  ...asked('workflows', 'workflows', 'list workflows', 'what automations do we have?'),
  ...asked('workflows', 'enabledWorkflows', 'which workflows are enabled?', 'active workflows'),
  ...asked('workflows', 'disabledWorkflows', 'which workflows are disabled?', 'workflows that are turned off'),
  ...asked('workflows', 'waitingRunCount', 'how many workflow runs are waiting?', 'number of waiting runs'),
  ...asked('workflows', 'lowStockAlertRuns', 'runs of Low stock alert', 'show the workflow runs of Low stock alert'),
  ...asked('workflows', 'lowStockAlertRunCount', 'how many runs does Low stock alert have?'),
  ...asked('workflows', 'failedRunCount', 'how many workflow runs failed?'),
  ...asked('workflows', 'failedRuns', 'failed workflow runs', 'which runs failed?'),
  ...asked('workflows', 'runsPerStatus', 'workflow runs per status', 'how many runs in each status?'),
  ...asked('workflows', 'succeededRunCount', 'how many workflow runs succeeded?', 'number of successful runs'),
  ...asked('workflows', 'cancelledRuns', 'cancelled workflow runs'),
  ...asked('workflows', 'runsPerWorkflow', 'how many runs per workflow?', 'number of runs by workflow'),

  // Refusals: changes, other tenants, what the data cannot answer, and what two lists fit equally.
  ...refused('unanswerable', 'delete all draft orders', 'archive SKU-1001', 'send a reminder to Acme GmbH', 'please cancel the draft orders', 'create an invoice for Bolt Industries', 'mark invoice INV-000001 as paid'),
  ...refused('unanswerable', "what's the weather in Paris?", 'who won the football match yesterday?', 'tell me a joke', 'what is the profit margin of SKU-1001?'),
  ...refused('unanswerable', "list every tenant's customers", 'show the customers of all tenants', 'orders of Globex Corp', 'stock of SKU in warehouse Atlantis'),
  ...refused('ambiguous', 'show me the totals', 'how many are draft?', 'list everything created today'),

  // Paraphrases written after the parser was tuned on the questions above, kept to measure it on words it was not fitted to.
  ...asked('inventory', 'lowStockLyon', 'Lyon items under reorder point', 'what in Lyon needs restocking?'),
  ...asked('inventory', 'lowStock', 'Which inventory items are below reorder level?', 'which SKUs should be reordered?'),
  ...asked('inventory', 'itemCount', 'How many inventory items do we stock?', 'total number of SKUs'),
  ...asked('inventory', 'top5Stock', 'Show the top five items by quantity on hand'),
  ...asked('inventory', 'over100', 'SKUs holding more than 100 units'),
  ...asked('inventory', 'under20', 'products with under 20 units on hand'),
  ...asked('inventory', 'totalStock', 'what is our total quantity on hand?'),
  ...asked('inventory', 'itemsPerWarehouse', 'count SKUs by warehouse'),
  ...asked('inventory', 'parisItems', 'items whose home warehouse is Paris'),
  ...asked('inventory', 'sku1005Units', 'how many units of SKU-1005 do we have?'),
  ...asked('inventory', 'warehouseCount', 'number of warehouses'),
  ...asked('crm', 'customerCount', 'How many clients do we have?'),
  ...asked('crm', 'top5OpenBalance', 'Which 5 customers owe us the most?'),
  ...asked('crm', 'ordersPerStatus', 'breakdown of orders by status'),
  ...asked('crm', 'draftOrders', 'show orders in draft'),
  ...asked('crm', 'cancelledOrderCount', 'count cancelled orders'),
  ...asked('crm', 'salesNotFulfilled', 'sales orders excluding fulfilled ones'),
  ...asked('crm', 'acmeOrderCount', 'how many orders did Acme GmbH place?'),
  ...asked('crm', 'ordersLast30Days', 'number of orders created within the last 30 days'),
  ...asked('crm', 'top3Orders', '3 largest orders by total'),
  ...asked('crm', 'archivedCustomers', 'customers that have been archived'),
  ...asked('crm', 'receivedPurchaseCount', 'number of received purchase orders'),
  ...asked('finance', 'overdue', 'overdue invoices'),
  ...asked('finance', 'overdueCount', 'count the overdue invoices'),
  ...asked('finance', 'unpaid', 'invoices awaiting payment'),
  ...asked('finance', 'paidCount', 'how many paid invoices are there?'),
  ...asked('finance', 'invoicesPerStatus', 'number of invoices in each status'),
  ...asked('finance', 'voidInvoices', 'list voided invoices'),
  ...asked('finance', 'evergreenInvoices', 'Evergreen Ltd invoices'),
  ...asked('finance', 'invoicesOver1000Eur', 'invoices with a total above 1000 EUR'),
  ...asked('finance', 'draftInvoiceCount', 'number of draft invoices'),
  ...asked('finance', 'manualEntryCount', 'count manual ledger entries'),
  ...asked('events', 'eventsPerType', 'number of events per type'),
  ...asked('events', 'delayedShipments', 'count custom.shipment.delayed events'),
  ...asked('events', 'latest3Events', 'show the three newest events'),
  ...asked('integrations', 'connectorCount', 'number of connectors'),
  ...asked('integrations', 'partiallyFailedJobs', 'sync jobs that partially failed'),
  ...asked('integrations', 'syncJobCount', 'count sync jobs'),
  ...asked('workflows', 'disabledWorkflows', 'list disabled workflows'),
  ...asked('workflows', 'failedRunCount', 'number of failed workflow runs'),
  ...asked('workflows', 'runsPerStatus', 'count workflow runs by status'),
  ...asked('workflows', 'waitingRunCount', 'how many runs are waiting for approval?'),
  ...refused('unanswerable', 'transfer 10 units of SKU-1001 to Paris', 'what is the meaning of life?', 'approve all waiting runs', 'show me the salaries of employees'),
  ...refused('ambiguous', 'how many were cancelled?', 'list the failed ones'),
];

/** The fixed slice the contract test asks of the test platform: every category and both refusal kinds. */
export const CONTRACT_SLICE: string[] = [
  'Which SKUs in Lyon are below their reorder point?',
  'How many SKUs are below their reorder point?',
  'stock on hand of SKU-1001 per warehouse',
  'products with more than 100 units',
  'top 5 SKUs by stock on hand',
  'list archived products',
  'top 5 customers by open balance',
  'How many sales orders were fulfilled last week?',
  'sales orders that are not fulfilled',
  'orders by status',
  'open purchase orders',
  'orders of Acme GmbH',
  'how many orders were created since 1 March?',
  'unpaid invoices older than 30 days',
  'which invoices are overdue?',
  'total amount due on overdue invoices',
  'invoices over 1,000 EUR',
  'which customers have overdue invoices?',
  'how many custom.shipment.delayed events are there?',
  'events by type',
  'which sync jobs partially failed?',
  'list connectors',
  'which workflows are enabled?',
  'how many workflow runs are waiting?',
  'how many runs per workflow?',
  'delete all draft orders',
  "what's the weather in Paris?",
  "list every tenant's customers",
  'show me the totals',
  'how many are draft?',
];

/** The customer names of the data set, for checks that no other name appears in an answer. */
export const CUSTOMER_NAMES = CUSTOMERS.map((customer) => customer.name);

/** An answer as the copilot returns it (the parts compared). */
export interface CopilotAnswer {
  kind: 'number' | 'records' | 'table';
  value?: number | null;
  unit?: string;
  columns: Array<{ name: string; type: string }>;
  rows: unknown[][];
}

/**
 * Whether the engine's answer is the gold one. Ids: the set of the records' `id` column (or
 * first id column), or of a table's first column. Number: equal (within 0.01). Table: the same
 * rows, each keyed by its group values (all columns but the last, joined with `|`) with the same
 * value; a one-currency money total answered as a number is the row of its unit. Column values:
 * the same set of values in that column.
 */
export function sameAnswer(gold: GoldAnswer, answer: CopilotAnswer | null | undefined): boolean {
  if (!answer) return false;
  const close = (a: unknown, b: unknown) => typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) < 0.01;
  const sameSet = (a: unknown[], b: unknown[]) => {
    const [left, right] = [new Set(a.map(String)), new Set(b.map(String))];
    return left.size === right.size && [...left].every((value) => right.has(value));
  };
  if ('ids' in gold) {
    if (answer.kind === 'number') return false;
    const index = answer.kind === 'table' ? 0 : Math.max(0, answer.columns.findIndex((column) => column.name === 'id') === -1 ? answer.columns.findIndex((column) => column.type === 'id') : answer.columns.findIndex((column) => column.name === 'id'));
    return sameSet(answer.rows.map((row) => row[index]), gold.ids);
  }
  if ('number' in gold) return answer.kind === 'number' && close(answer.value, gold.number);
  if ('rows' in gold) {
    const rows: Record<string, unknown> = answer.kind === 'number' ? (answer.unit ? { [answer.unit]: answer.value } : {}) : Object.fromEntries(answer.rows.map((row) => [row.slice(0, -1).map(String).join('|'), row.at(-1)]));
    const keys = Object.keys(gold.rows);
    return keys.length === Object.keys(rows).length && keys.every((key) => close(rows[key], gold.rows[key]));
  }
  const index = answer.columns.findIndex((column) => column.name === gold.column);
  return answer.kind === 'records' && index !== -1 && sameSet(answer.rows.map((row) => row[index]), gold.values);
}
