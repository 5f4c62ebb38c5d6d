// Proves the batching the CRM schema promises: a page of records with its navigation costs a
// constant number of SQL statements, whatever the page size (no query per order, line or customer).
import type { PrismaClient } from '@platform/db';
import { type SubgraphHarness, type TestRequest, startSubgraphHarness } from '@platform/graphql-kit/testing';
import type { GraphQLSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmSubgraph } from '../src/index.ts';

const TENANT = 'ten_querycount';
const OTHER_TENANT = 'ten_other';
const REQUEST: TestRequest = { tenantId: TENANT, scopes: ['crm:read', 'crm:write'], platform: { orders: crmSubgraph.provides!.orders! } };

let harness: SubgraphHarness;
let prisma: PrismaClient;
let schema: GraphQLSchema;

const run = (query: string, variables?: Record<string, unknown>) => harness.run(schema, query, { request: REQUEST, variables });

async function seed(tenantId: string, customers: number, ordersPerCustomer: number) {
  for (let c = 0; c < customers; c++) {
    const customerId = `cus_${tenantId}_${c}`;
    await prisma.customer.create({ data: { tenant_id: tenantId, id: customerId, name: `Customer ${c}`, currency: 'EUR' } });
    await prisma.customerContact.create({ data: { tenant_id: tenantId, id: `cct_${tenantId}_${c}`, customer_id: customerId, position: 0, name: 'Contact', is_primary: true } });
    for (let o = 0; o < ordersPerCustomer; o++) {
      const id = `ord_${tenantId}_${c}_${o}`;
      const kind = o % 2 === 0 ? 'sales' : 'purchase';
      await prisma.order.create({
        data: { tenant_id: tenantId, id, number: `${kind === 'sales' ? 'SO' : 'PO'}-${c}-${o}`, kind, customer_id: customerId, channel: 'api', currency: 'EUR', subtotal: 300, total: 300, created_at: new Date(Date.UTC(2026, 0, 1, 0, c, o)) },
      });
      await prisma.orderLine.createMany({
        data: [0, 1].map((position) => ({ tenant_id: tenantId, id: `oln_${id}_${position}`, order_id: id, position, item_id: `SKU-${position}`, description: 'x', quantity: 1, unit_price: 150, total: 150 })),
      });
    }
  }
}

beforeAll(async () => {
  harness = await startSubgraphHarness({ prefix: 'crm_batching' });
  prisma = harness.prisma;
  schema = crmSubgraph.buildSchema();
  await seed(TENANT, 10, 5);
  await seed(OTHER_TENANT, 2, 2);
});

afterAll(async () => {
  await harness?.stop();
});

describe('batched loading', () => {
  it('a page of orders with customers and lines: the same statements for 2 or 50 orders', async () => {
    const query = 'query($n: Int) { orders(per_page: $n) { data { number customer { name contacts { name } } lines { item_id total } } } }';
    const small = await run(query, { n: 2 });
    const large = await run(query, { n: 50 });
    expect((large.data.orders as { data: unknown[] }).data).toHaveLength(50);
    // page, lines, customers, contacts (no count: the query does not select meta.total)
    expect(small.statements).toHaveLength(4);
    expect(large.statements).toHaveLength(4);
    const counted = await run('query($n: Int) { orders(per_page: $n) { data { number } meta { total } } }', { n: 2 });
    expect(counted.data.orders).toMatchObject({ meta: { total: 50 } });
    expect(counted.statements).toHaveLength(2);
    const first = (large.data.orders as { data: Array<{ customer: { name: string }; lines: unknown[] }> }).data[0];
    expect(first?.lines).toEqual([{ item_id: 'SKU-0', total: 150 }, { item_id: 'SKU-1', total: 150 }]);
  });

  it('Customer.orders for a page of customers is one statement (ROW_NUMBER per customer)', async () => {
    const { data, statements: sql } = await run('{ customers(per_page: 10, sort: "name") { data { name orders(first: 2, kind: sales) { number lines { item_id } } } } }');
    const customers = (data.customers as { data: Array<{ name: string; orders: Array<{ number: string }> }> }).data;
    expect(customers).toHaveLength(10);
    expect(customers[0]?.orders.map((order) => order.number)).toEqual(['SO-0-4', 'SO-0-2']);
    // page, orders of every customer, lines of every order
    expect(sql).toHaveLength(3);
  });

  it('entity references (Customer, Order, InventoryItem.open_purchase_orders) load in one statement per type', async () => {
    const representations = [
      ...Array.from({ length: 10 }, (_, c) => ({ __typename: 'Customer', id: `cus_${TENANT}_${c}` })),
      ...Array.from({ length: 10 }, (_, c) => ({ __typename: 'Order', id: `ord_${TENANT}_${c}_1` })),
      { __typename: 'Order', id: `ord_${OTHER_TENANT}_0_0` },
      { __typename: 'InventoryItem', id: 'SKU-0' },
      { __typename: 'InventoryItem', id: 'SKU-1' },
    ];
    const { data, statements: sql } = await run(
      'query($r: [_Any!]!) { _entities(representations: $r) { ... on Customer { name } ... on Order { number } ... on InventoryItem { open_purchase_orders { number } } } }',
      { r: representations },
    );
    const entities = data._entities as Array<Record<string, unknown> | null>;
    expect(entities[0]).toEqual({ name: 'Customer 0' });
    expect(entities[10]).toEqual({ number: 'PO-0-1' });
    // Another tenant's order is not found.
    expect(entities[20]).toBeNull();
    const open = (entities[21] as { open_purchase_orders: Array<{ number: string }> }).open_purchase_orders;
    expect(open).toHaveLength(20);
    expect(open[0]?.number).toBe('PO-9-3');
    // customers, orders, open purchase orders and their matching lines (Prisma loads the relation in a second statement)
    expect(sql).toHaveLength(4);
  });
});

describe('OrdersPort (used by finance)', () => {
  const port = () => crmSubgraph.provides!.orders!;

  it('findOrderForInvoicing returns the order with its lines in order, and null for unknown or other tenants’ ids', async () => {
    const order = await port().findOrderForInvoicing(prisma, TENANT, `ord_${TENANT}_3_2`);
    expect(order).toEqual({
      id: `ord_${TENANT}_3_2`,
      kind: 'sales',
      status: 'draft',
      customer_id: `cus_${TENANT}_3`,
      currency: 'EUR',
      lines: [
        { id: `oln_ord_${TENANT}_3_2_0`, item_id: 'SKU-0', description: 'x', quantity: 1, unit_price: 150 },
        { id: `oln_ord_${TENANT}_3_2_1`, item_id: 'SKU-1', description: 'x', quantity: 1, unit_price: 150 },
      ],
    });
    expect(await port().findOrderForInvoicing(prisma, TENANT, 'ord_unknown')).toBeNull();
    expect(await port().findOrderForInvoicing(prisma, TENANT, `ord_${OTHER_TENANT}_0_0`)).toBeNull();
  });

  it('customerExists is true for the tenant’s customers (archived too) and false otherwise', async () => {
    await prisma.customer.update({ where: { tenant_id_id: { tenant_id: TENANT, id: `cus_${TENANT}_9` } }, data: { archived_at: new Date() } });
    expect(await port().customerExists(prisma, TENANT, `cus_${TENANT}_0`)).toBe(true);
    expect(await port().customerExists(prisma, TENANT, `cus_${TENANT}_9`)).toBe(true);
    expect(await port().customerExists(prisma, TENANT, `cus_${OTHER_TENANT}_0`)).toBe(false);
    expect(await port().customerExists(prisma, TENANT, 'cus_unknown')).toBe(false);
  });
});
