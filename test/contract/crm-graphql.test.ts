import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/fixtures.ts';
import { type Customer, type Order, action, createCustomer, createItem, createOrder, crmAccount } from '../support/crm.ts';
import { graphqlData, graphqlErrors, json } from '../support/fixtures.ts';

describe('CRM over GraphQL: navigation across customers, orders and inventory', () => {
  let api: ApiClient;
  let buyer: Customer;
  let supplier: Customer;
  let orders: Order[];

  beforeAll(async () => {
    const account = await crmAccount();
    api = account.api;
    await createItem(api, account.warehouseId, 'NAV-A', 40);
    await createItem(api, account.warehouseId, 'NAV-B', 7);
    buyer = await createCustomer(api, { name: 'Nav Buyer', currency: 'EUR' });
    supplier = await createCustomer(api, { name: 'Nav Supplier', currency: 'EUR' });
    orders = [];
    const plan: Array<[string, string, Array<[string, number]>]> = [
      ['sales', buyer.id, [['NAV-A', 2]]],
      ['purchase', supplier.id, [['NAV-A', 10], ['NAV-B', 5]]],
      ['purchase', supplier.id, [['NAV-B', 1]]],
      ['sales', buyer.id, [['NAV-B', 1], ['NAV-A', 1]]],
      ['purchase', supplier.id, [['NAV-A', 3]]],
      ['purchase', buyer.id, [['NAV-A', 4]]],
    ];
    for (const [kind, customer_id, lines] of plan) {
      orders.push(await createOrder(api, { kind, customer_id, lines: lines.map(([item_id, quantity]) => ({ item_id, quantity, unit_price: 100 })) }));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // PO-000002 confirmed (still open), PO-000003 received (closed), PO-000004 cancelled (closed).
    await json(await action(api, (orders[2] as Order).id, 'confirm'), 200);
    await json(await action(api, (orders[4] as Order).id, 'confirm'), 200);
    await json(await action(api, (orders[4] as Order).id, 'receive'), 200);
    await json(await action(api, (orders[5] as Order).id, 'cancel'), 200);
  });

  it('order { customer { name } lines { item { id quantity_on_hand } } }', async () => {
    const data = await graphqlData<{ order: { number: string; customer: { name: string }; lines: Array<{ quantity: number; item: { id: string; quantity_on_hand: number } }> } }>(
      api,
      'query($id: String!) { order(id: $id) { number customer { name } lines { quantity item { id quantity_on_hand } } } }',
      { id: (orders[1] as Order).id },
    );
    expect(data.order).toEqual({
      number: 'PO-000001',
      customer: { name: 'Nav Supplier' },
      lines: [
        { quantity: 10, item: { id: 'NAV-A', quantity_on_hand: 43 } },
        { quantity: 5, item: { id: 'NAV-B', quantity_on_hand: 7 } },
      ],
    });
  });

  it('a list of orders with their customers and items', async () => {
    const data = await graphqlData<{ orders: { data: Array<{ number: string; customer: { id: string }; lines: Array<{ item: { id: string } }> }> } }>(
      api,
      '{ orders(sort: "number") { data { number customer { id } lines { item { id } } } } }',
    );
    expect(data.orders.data).toEqual([
      { number: 'PO-000001', customer: { id: supplier.id }, lines: [{ item: { id: 'NAV-A' } }, { item: { id: 'NAV-B' } }] },
      { number: 'PO-000002', customer: { id: supplier.id }, lines: [{ item: { id: 'NAV-B' } }] },
      { number: 'PO-000003', customer: { id: supplier.id }, lines: [{ item: { id: 'NAV-A' } }] },
      { number: 'PO-000004', customer: { id: buyer.id }, lines: [{ item: { id: 'NAV-A' } }] },
      { number: 'SO-000001', customer: { id: buyer.id }, lines: [{ item: { id: 'NAV-A' } }] },
      { number: 'SO-000002', customer: { id: buyer.id }, lines: [{ item: { id: 'NAV-B' } }, { item: { id: 'NAV-A' } }] },
    ]);
  });

  it('inventory_item { open_purchase_orders { number } }: draft and confirmed purchase orders with a line for the SKU, newest first', async () => {
    const data = await graphqlData<{ a: { open_purchase_orders: Array<{ number: string }> }; b: { open_purchase_orders: Array<{ number: string; status: string }> } }>(
      api,
      '{ a: inventory_item(id: "NAV-A") { open_purchase_orders { number } } b: inventory_item(id: "NAV-B") { open_purchase_orders { number status } } }',
    );
    expect(data.a.open_purchase_orders).toEqual([{ number: 'PO-000001' }]);
    expect(data.b.open_purchase_orders).toEqual([
      { number: 'PO-000002', status: 'confirmed' },
      { number: 'PO-000001', status: 'draft' },
    ]);
    const list = await graphqlData<{ inventory_items: { data: Array<{ id: string; open_purchase_orders: Array<{ number: string }> }> } }>(
      api,
      '{ inventory_items { data { id open_purchase_orders { number } } } }',
    );
    expect(list.inventory_items.data).toEqual([
      { id: 'NAV-A', open_purchase_orders: [{ number: 'PO-000001' }] },
      { id: 'NAV-B', open_purchase_orders: [{ number: 'PO-000002' }, { number: 'PO-000001' }] },
    ]);
  });

  it('Customer.orders: newest first, filtered by kind and status, limited by first', async () => {
    const data = await graphqlData<{ customers: { data: Array<{ name: string; all: Array<{ number: string }>; sales: Array<{ number: string }>; one: Array<{ number: string }>; cancelled: Array<{ number: string }> }> } }>(
      api,
      '{ customers(sort: "name") { data { name all: orders { number } sales: orders(kind: sales) { number } one: orders(first: 1) { number } cancelled: orders(status: cancelled) { number } } } }',
    );
    expect(data.customers.data).toEqual([
      { name: 'Nav Buyer', all: [{ number: 'PO-000004' }, { number: 'SO-000002' }, { number: 'SO-000001' }], sales: [{ number: 'SO-000002' }, { number: 'SO-000001' }], one: [{ number: 'PO-000004' }], cancelled: [{ number: 'PO-000004' }] },
      { name: 'Nav Supplier', all: [{ number: 'PO-000003' }, { number: 'PO-000002' }, { number: 'PO-000001' }], sales: [], one: [{ number: 'PO-000003' }], cancelled: [] },
    ]);
    const errors = await graphqlErrors(api, '{ customers { data { orders(first: 101) { id } } } }');
    expect(errors[0]?.extensions).toMatchObject({ code: 'invalid_parameter' });
  });

  it('nests across subgraphs both ways: inventory → CRM orders → customer, lines → inventory items', async () => {
    const data = await graphqlData<{ inventory_item: { open_purchase_orders: Array<{ customer: { name: string; contacts: unknown[] }; lines: Array<{ item: { name: string } }> }> } }>(
      api,
      '{ inventory_item(id: "NAV-B") { open_purchase_orders { customer { name contacts { id } } lines { item { name } } } } }',
    );
    expect(data.inventory_item.open_purchase_orders).toEqual([
      { customer: { name: 'Nav Supplier', contacts: [] }, lines: [{ item: { name: 'Item NAV-B' } }] },
      { customer: { name: 'Nav Supplier', contacts: [] }, lines: [{ item: { name: 'Item NAV-A' } }, { item: { name: 'Item NAV-B' } }] },
    ]);
  });

  it('REST returns flat records: no navigation fields', async () => {
    const order = await json<Record<string, unknown>>(await api.get(`/v1/crm/orders/${(orders[0] as Order).id}`), 200);
    expect(order).not.toHaveProperty('customer');
    expect((order.lines as Array<Record<string, unknown>>)[0]).not.toHaveProperty('item');
    const customer = await json<Record<string, unknown>>(await api.get(`/v1/crm/customers/${buyer.id}`), 200);
    expect(customer).not.toHaveProperty('orders');
    const item = await json<Record<string, unknown>>(await api.get('/v1/inventory/items/NAV-A'), 200);
    expect(item).not.toHaveProperty('open_purchase_orders');
  });
});
