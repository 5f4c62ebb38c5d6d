import { randomUUID } from 'node:crypto';
import { migrateDatabase } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import { type Platform, startPlatform } from '@platform/gateway';
import { createOAuthClient, createTenantPair } from '@platform/subgraph-identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendUntilAnswered } from '../support/retrying-client.ts';
import { seedSalesHistory } from '../support/sales-history.ts';

/**
 * Cross-subgraph navigation resolves entities in batches: a page of orders with their customers,
 * lines, items (inventory), warehouses, invoices and ledger entries (finance) costs the same number
 * of SQL statements for 10 orders as for 100. The platform runs in this process so that every
 * statement it sends can be counted (`onDatabaseQuery`).
 */
describe('federated queries are batched', () => {
  let database: FreshDatabase;
  let platform: Platform;
  let headers: Record<string, string>;
  let statements: string[] = [];
  let counting = false;

  beforeAll(async () => {
    database = await freshDatabase({ prefix: 'batching' });
    await migrateDatabase(database.url);
    platform = await startPlatform(
      { port: 0, host: '127.0.0.1' },
      { DATABASE_URL: database.url, SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
      {
        onDatabaseQuery: (sql) => {
          if (counting) statements.push(sql);
        },
      },
    );
    const { production } = await createTenantPair(platform.prisma, { name: 'Batching', plan: 'enterprise' });
    const client = await createOAuthClient(platform.prisma, { tenantId: production.id, scopes: ['inventory:read', 'inventory:write', 'crm:read', 'crm:write', 'finance:read', 'finance:write'] });
    const token = (await (await post('/v1/oauth/token', { grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret })).json()) as { access_token: string };
    headers = { authorization: `Bearer ${token.access_token}`, 'x-service-tenant': production.id, 'content-type': 'application/json' };
    await seedSalesHistory(created);
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
    await database?.dispose();
  });

  function post(path: string, body: unknown) {
    return fetch(`${platform.url}${path}`, { method: 'POST', headers: headers ?? { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  }

  /** Seeds as a careful client does: a named 503 of a loaded database is retried, under an Idempotency-Key so nothing is written twice. */
  async function created(path: string, body?: unknown): Promise<{ id: string }> {
    const answer = await sendUntilAnswered(`${platform.url}${path}`, { method: 'POST', headers: { ...headers, 'idempotency-key': randomUUID() }, body: JSON.stringify(body) });
    if (answer.status >= 300) throw new Error(`${path}: ${answer.status} ${answer.body}`);
    return JSON.parse(answer.body) as { id: string };
  }

  /** Runs a query and returns the business-data statements it cost (not authentication or audit). */
  async function statementsFor(query: string, variables: Record<string, unknown>) {
    statements = [];
    counting = true;
    const response = await fetch(`${platform.url}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
    counting = false;
    const body = (await response.json()) as { data?: { orders?: { data: unknown[] }; customers?: { data: unknown[] } }; errors?: unknown };
    expect(body.errors).toBeUndefined();
    const business = statements.filter((sql) => /\b(orders|order_lines|customers|inventory_items|warehouses|stock_levels|invoices|invoice_lines|ledger_entries|ledger_lines)\b/.test(sql));
    return { body, count: business.length };
  }

  const ordersQuery = /* GraphQL */ `
    query Orders($per_page: Int!) {
      orders(per_page: $per_page, kind: sales) {
        data {
          number
          total
          customer { id name }
          lines { quantity item { id name quantity_on_hand warehouse { id name } } }
          invoices { number total ledger_entries { lines { account debit credit } } }
        }
      }
    }`;

  it('reads 100 orders with customers, items, warehouses, invoices and ledger entries in as many statements as 10', async () => {
    const ten = await statementsFor(ordersQuery, { per_page: 10 });
    const hundred = await statementsFor(ordersQuery, { per_page: 100 });
    expect(ten.body.data?.orders?.data).toHaveLength(10);
    expect(hundred.body.data?.orders?.data).toHaveLength(100);
    const first = hundred.body.data?.orders?.data[0] as { customer: { name: string }; lines: Array<{ item: { warehouse: { name: string } } }>; invoices: Array<{ ledger_entries: unknown[] }> };
    expect(first.customer.name).toMatch(/^Customer \d$/);
    expect(first.lines).toHaveLength(3);
    expect(first.lines[0]?.item.warehouse.name).toMatch(/^(East|West)$/);
    expect(first.invoices).toHaveLength(1);
    expect(first.invoices[0]?.ledger_entries).toHaveLength(1);
    expect(hundred.count, `business-data statements: ${ten.count} for 10 orders, ${hundred.count} for 100`).toBe(ten.count);
    // One statement per hop at most: orders (+count), lines, customers, items, warehouses, invoices, ledger entries and their lines.
    expect(hundred.count).toBeLessThanOrEqual(12);
  });

  const customersQuery = /* GraphQL */ `
    query Customers($per_page: Int!) {
      customers(per_page: $per_page) {
        data { name open_balances { currency amount } orders(first: 5) { number lines { item { id } } } }
      }
    }`;

  it("reads customers with their open balances and recent orders in as many statements for 2 customers as for 10", async () => {
    const two = await statementsFor(customersQuery, { per_page: 2 });
    const ten = await statementsFor(customersQuery, { per_page: 10 });
    const customers = ten.body.data?.customers?.data as Array<{ open_balances: Array<{ currency: string; amount: number }>; orders: unknown[] }>;
    expect(customers).toHaveLength(10);
    for (const customer of customers) {
      expect(customer.orders).toHaveLength(5);
      expect(customer.open_balances).toEqual([{ currency: 'EUR', amount: expect.any(Number) }]);
    }
    expect(ten.count, `business-data statements: ${two.count} for 2 customers, ${ten.count} for 10`).toBe(two.count);
  });

  const aggregatesQuery = /* GraphQL */ `
    query CustomerAggregates($per_page: Int!) {
      customers(per_page: $per_page) {
        data {
          id
          orders_aggregate(group_by: "status") { groups { key { status } count total { currency sum } } }
          recent: orders_aggregate(bucket: month, time_zone: "Europe/Paris") { groups { key { bucket_label } count } }
        }
      }
      items: inventory_items(per_page: $per_page) { data { id order_lines_aggregate { groups { quantity { sum } count_distinct { order_id } } } } }
    }`;

  it('reads a page of customers and items with their aggregates in as many statements for 2 as for 10, each aggregate one statement', async () => {
    const two = await statementsFor(aggregatesQuery, { per_page: 2 });
    const ten = await statementsFor(aggregatesQuery, { per_page: 10 });
    const data = ten.body.data as unknown as { customers: { data: Array<{ orders_aggregate: { groups: Array<{ count: number }> } }> }; items: { data: Array<{ order_lines_aggregate: { groups: Array<{ quantity: { sum: number } }> } }> } };
    expect(data.customers.data).toHaveLength(10);
    // The seeded history: 100 confirmed orders over 10 customers, 3 lines each over 20 SKUs.
    for (const customer of data.customers.data) expect(customer.orders_aggregate.groups.reduce((sum, group) => sum + group.count, 0)).toBe(10);
    expect(data.items.data.every((item) => (item.order_lines_aggregate.groups[0]?.quantity.sum ?? 0) > 0)).toBe(true);
    expect(ten.count, `business-data statements: ${two.count} for 2, ${ten.count} for 10`).toBe(two.count);
    // customers (+count), items (+count), and one statement per aggregate field.
    expect(ten.count).toBeLessThanOrEqual(7);
  });

  const nestedPagesQuery = /* GraphQL */ `
    query NestedPages($per_page: Int!) {
      customers(per_page: $per_page) { data { orders(first: 5, offset: 5) { number } } }
      warehouses(per_page: $per_page) { data { id stock_value { currency amount } stock_levels(per_page: 3, page: 2) { item_id quantity_on_hand } } }
      inventory_items(per_page: 100) { data { warehouse_id quantity_on_hand unit_cost } }
    }`;

  it('reads later pages of nested lists (customers’ orders, warehouses’ stock levels) and warehouses’ stock values in as many statements for 1 parent as for 10', async () => {
    const one = await statementsFor(nestedPagesQuery, { per_page: 1 });
    const ten = await statementsFor(nestedPagesQuery, { per_page: 10 });
    const data = ten.body.data as unknown as {
      customers: { data: Array<{ orders: unknown[] }> };
      warehouses: { data: Array<{ id: string; stock_value: Array<{ currency: string; amount: number }>; stock_levels: unknown[] }> };
      inventory_items: { data: Array<{ warehouse_id: string; quantity_on_hand: number; unit_cost: number }> };
    };
    // The seeded history: 10 orders per customer, 10 SKUs per warehouse, every SKU with a cost in EUR.
    expect(data.customers.data.map((customer) => customer.orders.length)).toEqual(Array(10).fill(5));
    expect(data.warehouses.data).toHaveLength(2);
    for (const warehouse of data.warehouses.data) {
      const value = data.inventory_items.data.filter((item) => item.warehouse_id === warehouse.id).reduce((sum, item) => sum + item.quantity_on_hand * item.unit_cost, 0);
      expect(warehouse.stock_value).toEqual([{ currency: 'EUR', amount: value }]);
      expect(warehouse.stock_levels).toHaveLength(3);
    }
    expect(ten.count, `business-data statements: ${one.count} for 1 parent, ${ten.count} for 10`).toBe(one.count);
  });
});
