import { beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createOrder, crmAccount } from '../support/crm.ts';
import { type ApiClient, graphqlData, graphqlErrors } from '../support/fixtures.ts';

const ORDERS_OF_BUSY_CUSTOMER = 105;

/**
 * `Customer.orders` past its first 100 (issue 16): `offset` skips the newest, so a page of
 * customers can walk each customer's orders in pages of up to 100.
 */
describe('paging a customer’s orders', () => {
  let api: ApiClient;
  let busy: string;
  let quiet: string;
  /** The busy customer's order numbers, newest first. */
  let busyNumbers: string[];

  beforeAll(async () => {
    ({ api } = await crmAccount());
    busy = (await createCustomer(api, { name: 'Busy' })).id;
    quiet = (await createCustomer(api, { name: 'Quiet' })).id;
    const created: string[] = [];
    for (let index = 0; index < ORDERS_OF_BUSY_CUSTOMER; index += 5) {
      const batch = await Promise.all([0, 1, 2, 3, 4].map(() => createOrder(api, { kind: 'sales', customer_id: busy })));
      created.push(...batch.map((order) => order.id));
    }
    await createOrder(api, { kind: 'sales', customer_id: quiet });
    // The order list, newest first, is the reference.
    const list = await graphqlData<{ first: { data: Array<{ number: string }> }; second: { data: Array<{ number: string }> } }>(
      api,
      `{ first: orders(customer_id: "${busy}", per_page: 100) { data { number } } second: orders(customer_id: "${busy}", per_page: 100, page: 2) { data { number } } }`,
    );
    busyNumbers = [...list.first.data, ...list.second.data].map((order) => order.number);
    expect(busyNumbers).toHaveLength(created.length);
  });

  const query = `query($first: Int, $offset: Int) {
    customers(per_page: 100, sort: "name") { data { name orders(first: $first, offset: $offset) { number } } }
  }`;
  const ordersByCustomer = async (variables: Record<string, unknown>) =>
    Object.fromEntries((await graphqlData<{ customers: { data: Array<{ name: string; orders: Array<{ number: string }> }> } }>(api, query, variables)).customers.data.map((customer) => [customer.name, customer.orders.map((order) => order.number)]));

  it('walks every order of each customer of a page, newest first, in pages of 100, with nothing lost or repeated', async () => {
    const first = await ordersByCustomer({ first: 100 });
    const second = await ordersByCustomer({ first: 100, offset: 100 });
    expect(first.Busy).toHaveLength(100);
    expect(second.Busy).toHaveLength(ORDERS_OF_BUSY_CUSTOMER - 100);
    expect([...(first.Busy ?? []), ...(second.Busy ?? [])]).toEqual(busyNumbers);
    expect(first.Quiet).toHaveLength(1);
    expect(second.Quiet).toEqual([]);
    // Any window: the 3 orders after the 10 newest.
    expect((await ordersByCustomer({ first: 3, offset: 10 })).Busy).toEqual(busyNumbers.slice(10, 13));
  });

  it('refuses a negative offset and a page over 100, naming the argument', async () => {
    const [negative] = await graphqlErrors(api, query, { first: 10, offset: -1 });
    expect(negative?.extensions).toMatchObject({ code: 'invalid_parameter', errors: [{ field: 'offset' }] });
    const [tooMany] = await graphqlErrors(api, query, { first: 101 });
    expect(tooMany?.extensions).toMatchObject({ code: 'invalid_parameter', errors: [{ field: 'first' }] });
  });
});
