import { migrateDatabase } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import { type Platform, startPlatform } from '@platform/gateway';
import { createOAuthClient, createTenantPair } from '@platform/subgraph-identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  async function created(path: string, body?: unknown): Promise<{ id: string }> {
    const response = await post(path, body);
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: string };
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
});
