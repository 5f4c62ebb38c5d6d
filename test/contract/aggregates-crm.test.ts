import { beforeAll, describe, expect, it } from 'vitest';
import { type Order, action, createCustomer, createItem, createOrder, crmAccount } from '../support/crm.ts';
import { type MoneyStatistics, bucketLabel, groupBy, moneyStatistics } from '../support/aggregates.ts';
import { type ApiClient, clientWithScope, database, graphqlData, graphqlErrors, json, type List, problemOf } from '../support/fixtures.ts';

/**
 * Aggregates of orders and order lines, checked against figures computed here from the seeded
 * records themselves: every statistic, grouping, time bucket (around a month boundary in two time
 * zones), money in two currencies, empty answers, `having`, sorting and limits, REST and GraphQL.
 */

interface Group { key: Record<string, string | null>; count: number; count_distinct: { customer_id: number }; total: MoneyStatistics[] }
interface Aggregate { groups: Group[]; truncated: boolean }
interface SeededOrder { id: string; status: string; kind: string; channel: string; currency: string; customer_id: string; total: number; created_at: Date; confirmed_at: Date | null; fulfilled_at: Date | null; received_at: Date | null; cancelled_at: Date | null }

const STATUS_ORDER = ['draft', 'confirmed', 'fulfilled', 'received', 'cancelled'];
const GROUP_FIELDS = 'key { status kind channel customer_id currency bucket bucket_label } count count_distinct { customer_id } total { currency count sum avg min max }';

/** Instants around the end of October 2026: 2026-10-31T23:30Z is already November in Paris (UTC+1). */
const INSTANTS = ['2026-09-15T10:00:00Z', '2026-10-01T00:30:00Z', '2026-10-31T22:59:00Z', '2026-10-31T23:30:00Z', '2026-11-02T08:00:00Z', '2026-12-31T23:30:00Z', '2027-01-04T12:00:00Z'];

/** Money statistics of orders' totals, per currency, computed here. */
const orderTotals = (orders: SeededOrder[]): MoneyStatistics[] => moneyStatistics(orders, (order) => order.total, (order) => order.currency);

describe('aggregates of orders and order lines', () => {
  let account: Awaited<ReturnType<typeof crmAccount>>;
  let api: ApiClient;
  let tenantId: string;
  let orders: SeededOrder[];
  let customers: string[];

  const aggregate = async (args: string, fields = GROUP_FIELDS): Promise<Aggregate> =>
    (await graphqlData<{ orders_aggregate: Aggregate }>(api, `{ orders_aggregate${args ? `(${args})` : ''} { groups { ${fields} } truncated } }`)).orders_aggregate;

  beforeAll(async () => {
    account = await crmAccount();
    api = account.api;
    tenantId = account.tenantId;
    await createItem(api, account.warehouseId, 'MUG', 1000);
    await createItem(api, account.warehouseId, 'CAP', 1000);
    customers = [(await createCustomer(api, { name: 'Euro Buyer', currency: 'EUR' })).id, (await createCustomer(api, { name: 'Dollar Buyer', currency: 'USD' })).id, (await createCustomer(api, { name: 'Second Euro Buyer', currency: 'EUR' })).id];
    const created: Order[] = [];
    for (let index = 0; index < 21; index++) {
      const customer = customers[index % 3] as string;
      const order = await createOrder(api, {
        kind: index % 7 === 6 ? 'purchase' : 'sales',
        customer_id: customer,
        currency: index % 3 === 1 ? 'USD' : 'EUR',
        lines: [{ item_id: index % 2 === 0 ? 'MUG' : 'CAP', quantity: 1 + (index % 4), unit_price: 250 + 100 * index }, ...(index % 5 === 0 ? [{ item_id: 'MUG', quantity: 2, unit_price: 999 }] : [])],
      });
      if (index % 3 !== 2) await json(await action(api, order.id, 'confirm'));
      if (index % 4 === 0 && order.kind === 'sales' && index % 3 !== 2) await json(await action(api, order.id, 'fulfil'));
      if (order.kind === 'purchase' && index % 3 !== 2) await json(await action(api, order.id, 'receive'));
      if (index % 4 === 3 && order.kind === 'sales') await json(await action(api, order.id, 'cancel'));
      created.push(order);
    }
    // Creation instants chosen around month, quarter and year boundaries; one channel of a connector.
    const db = database();
    for (const [index, order] of created.entries()) {
      await db.$executeRaw`UPDATE orders SET created_at = ${new Date(INSTANTS[index % INSTANTS.length] as string)}, channel = ${index % 5 === 4 ? 'con_shop' : 'api'} WHERE tenant_id = ${tenantId} AND id = ${order.id}`;
    }
    const rows = await db.$queryRaw<Array<Omit<SeededOrder, 'total'> & { total: bigint }>>`SELECT id, status::text AS status, kind::text AS kind, channel, currency, customer_id, total, created_at, confirmed_at, fulfilled_at, received_at, cancelled_at FROM orders WHERE tenant_id = ${tenantId}`;
    orders = rows.map((row) => ({ ...row, total: Number(row.total) }));
    expect(orders).toHaveLength(21);
  }, 120_000);

  it('without grouping: one group of every order, money per currency, distinct customers', async () => {
    const { groups, truncated } = await aggregate('');
    expect(truncated).toBe(false);
    expect(groups).toEqual([{ key: expect.objectContaining({ status: null, bucket: null }), count: 21, count_distinct: { customer_id: 3 }, total: orderTotals(orders) }]);
    expect(groups[0]?.total.map((entry) => entry.currency)).toEqual(['EUR', 'USD']);
  });

  it('groups by several fields, with the list\'s filters', async () => {
    const { groups } = await aggregate('group_by: "status,currency", kind: sales');
    const sales = orders.filter((order) => order.kind === 'sales');
    const expected = [...groupBy(sales, (order) => `${order.status}|${order.currency}`)].map(([key, members]) => {
      const [status, currency] = key.split('|');
      return { status, currency, count: members.length, distinct: new Set(members.map((order) => order.customer_id)).size, total: orderTotals(members) };
    });
    expect(groups.map((group) => ({ status: group.key.status, currency: group.key.currency, count: group.count, distinct: group.count_distinct.customer_id, total: group.total }))).toEqual(
      // Enumerations sort in their declared order (an order's lifecycle), then text alphabetically.
      expected.sort((a, b) => STATUS_ORDER.indexOf(a.status as string) - STATUS_ORDER.indexOf(b.status as string) || (a.currency as string).localeCompare(b.currency as string)),
    );
  });

  it.each(['day', 'week', 'month', 'quarter', 'year'])('buckets by %s in two time zones around a month boundary', async (unit) => {
    for (const timeZone of ['UTC', 'Europe/Paris', 'America/New_York']) {
      const { groups } = await aggregate(`bucket: ${unit}, time_zone: "${timeZone}"`);
      const expected = [...groupBy(orders, (order) => bucketLabel(order.created_at, unit, timeZone))].map(([label, members]) => ({ label, count: members.length, total: orderTotals(members) }));
      expect(groups.map((group) => ({ label: group.key.bucket_label, count: group.count, total: group.total }))).toEqual(expected.sort((a, b) => a.label.localeCompare(b.label)));
    }
  });

  it('puts an order created at 23:30 UTC on 31 October in October in UTC and in November in Paris, with the bucket start as an instant', async () => {
    const filters = 'created_after: "2026-10-31T23:00:00Z", created_before: "2026-11-01T00:00:00Z"';
    const utc = await aggregate(`bucket: month, ${filters}`);
    const paris = await aggregate(`bucket: month, time_zone: "Europe/Paris", ${filters}`);
    expect(utc.groups.map((group) => [group.key.bucket_label, group.key.bucket])).toEqual([['2026-10', '2026-10-01T00:00:00.000Z']]);
    expect(paris.groups.map((group) => [group.key.bucket_label, group.key.bucket])).toEqual([['2026-11', '2026-10-31T23:00:00.000Z']]);
  });

  it('buckets by another instant, leaving out orders without it', async () => {
    const { groups } = await aggregate('bucket: year, bucket_by: "fulfilled_at"');
    expect(groups.reduce((sum, group) => sum + group.count, 0)).toBe(orders.filter((order) => order.fulfilled_at).length);
  });

  it('filters groups with having, sorts by aggregates and limits, saying when it cut', async () => {
    const byCustomer = [...groupBy(orders, (order) => order.customer_id)].map(([customer, members]) => ({ customer, count: members.length }));
    const { groups } = await aggregate('group_by: "customer_id", having: "count:gte:7", sort: "-count,customer_id"');
    expect(groups.map((group) => [group.key.customer_id, group.count])).toEqual(
      byCustomer.filter((entry) => entry.count >= 7).sort((a, b) => b.count - a.count || a.customer.localeCompare(b.customer)).map((entry) => [entry.customer, entry.count]),
    );
    const limited = await aggregate('group_by: "customer_id,status", limit: 2');
    expect(limited.groups).toHaveLength(2);
    expect(limited.truncated).toBe(true);
  });

  it('sorts by a money statistic only with currency grouped: amounts in two currencies are never compared', async () => {
    const refused = await graphqlErrors(api, '{ orders_aggregate(group_by: "customer_id", sort: "-total.sum") { groups { count } } }');
    expect(refused[0]?.extensions).toMatchObject({ code: 'rule_violation', errors: [{ field: 'sort' }] });
    const { groups } = await aggregate('group_by: "customer_id,currency", sort: "-total.sum", limit: 1');
    const top = [...groupBy(orders, (order) => `${order.customer_id}|${order.currency}`)].map(([, members]) => orderTotals(members)[0] as MoneyStatistics).sort((a, b) => b.sum - a.sum)[0];
    expect(groups[0]?.total).toEqual([top]);
  });

  it('answers an empty selection with one group of zero, and an empty grouping with no group', async () => {
    expect((await aggregate('customer_id: "cus_none"')).groups).toEqual([{ key: expect.objectContaining({ status: null }), count: 0, count_distinct: { customer_id: 0 }, total: [] }]);
    expect((await aggregate('customer_id: "cus_none", group_by: "status"')).groups).toEqual([]);
  });

  it('counts exactly what the list counts, filter by filter', async () => {
    const filters: Array<[string, string]> = [
      ['kind: purchase', 'kind=purchase'],
      ['status: confirmed', 'status=confirmed'],
      [`customer_id: "${customers[1]}"`, `customer_id=${customers[1]}`],
      ['item_id: "MUG"', 'item_id=MUG'],
      ['channel: "con_shop"', 'channel=con_shop'],
      ['created_after: "2026-10-31T23:00:00Z"', 'created_after=2026-10-31T23:00:00Z'],
      ['created_before: "2026-10-31T23:00:00Z"', 'created_before=2026-10-31T23:00:00Z'],
    ];
    for (const [graphql, query] of filters) {
      const list = await json<List<unknown>>(await api.get(`/v1/crm/orders?${query}`));
      expect([graphql, (await aggregate(graphql, 'count')).groups[0]?.count]).toEqual([graphql, list.meta.total]);
    }
  });

  it('counts exactly what the list counts for the analysts\' filters, and order lines take them too', async () => {
    /** An instant in the middle of the orders that have it: the bound falls on one of them. */
    const middle = (instant: keyof SeededOrder) => {
      const instants = orders.flatMap((order) => (order[instant] instanceof Date ? [(order[instant] as Date).toISOString()] : [])).sort();
      expect(instants.length, `orders with ${instant}`).toBeGreaterThan(0);
      return instants[Math.floor(instants.length / 2)] as string;
    };
    const totals = orders.map((order) => order.total).sort((a, b) => a - b);
    const filters: string[] = [
      ...['confirmed', 'fulfilled', 'received', 'cancelled'].flatMap((name) => [`${name}_after: "${middle(`${name}_at` as keyof SeededOrder)}"`, `${name}_before: "${middle(`${name}_at` as keyof SeededOrder)}"`]),
      `total_min: ${totals[5]}`,
      `total_max: ${totals[5]}`,
      `total_min: ${totals[3]}, total_max: ${totals[12]}`,
      'q: "so-00001"',
      'q: "PO-"',
      'status_in: [confirmed, cancelled]',
      'status_in: [fulfilled, received], kind: sales',
    ];
    for (const graphql of filters) {
      const { orders: list } = await graphqlData<{ orders: { meta: { total: number } } }>(api, `{ orders(${graphql}) { meta { total } } }`);
      expect([graphql, (await aggregate(graphql, 'count')).groups[0]?.count]).toEqual([graphql, list.meta.total]);
      // Every order has lines: the orders their lines belong to are the list's.
      const { order_lines_aggregate } = await graphqlData<{ order_lines_aggregate: { groups: Array<{ count_distinct: { order_id: number } }> } }>(api, `{ order_lines_aggregate(${graphql}) { groups { count_distinct { order_id } } } }`);
      expect([graphql, order_lines_aggregate.groups[0]?.count_distinct.order_id]).toEqual([graphql, list.meta.total]);
    }
    // Over REST too, for a range and the search.
    for (const query of [`total_min=${totals[3]}&total_max=${totals[12]}`, 'q=so-00001']) {
      const list = await json<List<unknown>>(await api.get(`/v1/crm/orders?${query}`));
      const rest = await json<Aggregate>(await api.get(`/v1/crm/orders/aggregate?${query}`));
      expect([query, rest.groups[0]?.count]).toEqual([query, list.meta.total]);
    }
    // The list's rules for each value: an empty list of statuses, an empty search.
    for (const [field, args] of [['status_in', 'status_in: []'], ['q', 'q: ""']]) {
      for (const aggregateField of ['orders_aggregate', 'order_lines_aggregate']) {
        const errors = await graphqlErrors(api, `{ ${aggregateField}(${args}) { groups { count } } }`);
        expect([aggregateField, errors[0]?.extensions]).toMatchObject([aggregateField, { code: 'invalid_parameter', errors: [{ field }] }]);
      }
    }
  });

  it('serves the same answer over REST, and refuses what it cannot compute with the argument at fault', async () => {
    const rest = await json<Aggregate>(await api.get('/v1/crm/orders/aggregate?group_by=status&bucket=quarter&time_zone=Europe%2FParis&sort=-count'));
    const graphql = await aggregate('group_by: "status", bucket: quarter, time_zone: "Europe/Paris", sort: "-count"');
    expect(rest.groups.map((group) => [group.key.status, group.key.bucket_label, group.count, group.total])).toEqual(graphql.groups.map((group) => [group.key.status, group.key.bucket_label, group.count, group.total]));
    for (const [query, code, field] of [
      ['group_by=status,nonsense', 'invalid_parameter', 'group_by'],
      ['group_by=status,status', 'rule_violation', 'group_by'],
      ['time_zone=Mars%2FOlympus&bucket=day', 'rule_violation', 'time_zone'],
      ['time_zone=UTC', 'rule_violation', 'time_zone'],
      ['sort=status', 'rule_violation', 'sort'],
      ['having=count:about:3', 'invalid_parameter', 'having'],
      ['limit=1001', 'invalid_parameter', 'limit'],
    ] as const) {
      const response = await api.get(`/v1/crm/orders/aggregate?${query}`);
      const problem = await problemOf(response);
      expect([query, response.status, problem.code, problem.errors?.[0]?.field]).toEqual([query, code === 'rule_violation' ? 422 : 400, code, field]);
    }
  });

  it('aggregates order lines by SKU, and per customer and per SKU as fields of those entities', async () => {
    const lines = await database().$queryRaw<Array<{ item_id: string; quantity: number; total: bigint; currency: string; customer_id: string }>>`
      SELECT l.item_id, l.quantity, l.total, o.currency, o.customer_id FROM order_lines l JOIN orders o ON o.tenant_id = l.tenant_id AND o.id = l.order_id WHERE l.tenant_id = ${tenantId}`;
    const { order_lines_aggregate } = await graphqlData<{ order_lines_aggregate: { groups: Array<{ key: { item_id: string }; quantity: { sum: number }; count_distinct: { order_id: number } }> } }>(
      api,
      '{ order_lines_aggregate(group_by: "item_id") { groups { key { item_id } quantity { sum } count_distinct { order_id } } } }',
    );
    expect(order_lines_aggregate.groups.map((group) => [group.key.item_id, group.quantity.sum])).toEqual(
      ['CAP', 'MUG'].map((sku) => [sku, lines.filter((line) => line.item_id === sku).reduce((sum, line) => sum + line.quantity, 0)]),
    );
    const { customers: page } = await graphqlData<{ customers: { data: Array<{ id: string; orders_aggregate: Aggregate }> } }>(
      api,
      '{ customers(per_page: 10) { data { id orders_aggregate(group_by: "currency") { groups { key { currency } count total { currency sum } } truncated } } } }',
    );
    for (const customer of page.data) {
      const mine = orders.filter((order) => order.customer_id === customer.id);
      expect(customer.orders_aggregate.groups).toEqual([...groupBy(mine, (order) => order.currency)].map(([currency, members]) => ({ key: { currency }, count: members.length, total: [{ currency, sum: orderTotals(members)[0]?.sum }] })));
    }
  });

  it('needs the list\'s scope, over GraphQL and REST', async () => {
    const inventoryOnly = await clientWithScope(account, 'inventory:read');
    const errors = await graphqlErrors(inventoryOnly, '{ orders_aggregate { groups { count } } }');
    expect(errors[0]?.extensions).toMatchObject({ code: 'insufficient_scope', required_scope: 'crm:read' });
    const response = await inventoryOnly.get('/v1/crm/orders/aggregate');
    expect([response.status, (await problemOf(response)).code]).toEqual([403, 'insufficient_scope']);
  });
});
