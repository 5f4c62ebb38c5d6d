import { beforeAll, describe, expect, it } from 'vitest';
import { MONEY_FIELDS, type MoneyStatistics, NUMBER_FIELDS, type NumberStatistics, bucketLabel, groupBy, moneyStatistics, numberStatistics } from '../support/aggregates.ts';
import { type ApiClient, clientWithScope, database, graphqlData, graphqlErrors, json, type List, problemOf, signedInAccount, type TestAccount } from '../support/fixtures.ts';
import { INVENTORY_SCOPES, action, createItem, createWarehouse } from '../support/inventory.ts';

/**
 * Aggregates of inventory items and stock movements, checked against figures computed here from
 * the seeded records: every statistic, stock value per currency, groupings, time buckets in three
 * time zones, the list's filters (and its default: archived items left out), the aggregates per
 * warehouse and per item, REST and GraphQL, scopes.
 */

interface SeededItem { id: string; warehouse_id: string; quantity_on_hand: number; reorder_point: number; allow_backorder: boolean; unit_cost: number | null; currency: string | null; created_at: Date; archived_at: Date | null }
interface SeededMovement { id: string; item_id: string; warehouse_id: string; kind: string; quantity: number; source_id: string | null; created_at: Date }
type Key = Record<string, string | boolean | null>;
interface ItemGroup { key: Key; count: number; count_distinct: { warehouse_id: number; currency: number }; quantity_on_hand: NumberStatistics; reorder_point: NumberStatistics; unit_cost: MoneyStatistics[]; stock_value: MoneyStatistics[] }
interface MovementGroup { key: Key; count: number; count_distinct: { item_id: number; warehouse_id: number }; quantity: NumberStatistics }
interface Aggregate<Group> { groups: Group[]; truncated: boolean }

const ITEM_GROUP = `key { warehouse_id below_reorder_point allow_backorder archived currency bucket_label } count count_distinct { warehouse_id currency } quantity_on_hand ${NUMBER_FIELDS} reorder_point ${NUMBER_FIELDS} unit_cost ${MONEY_FIELDS} stock_value ${MONEY_FIELDS}`;
const MOVEMENT_GROUP = `key { item_id warehouse_id kind source_type bucket_label } count count_distinct { item_id warehouse_id } quantity ${NUMBER_FIELDS}`;
/** Creation instants around the end of October 2026: 23:30Z on the 31st is November in Paris, 20:30 on the 31st in New York. */
const INSTANTS = ['2026-09-30T23:30:00Z', '2026-10-01T03:00:00Z', '2026-10-31T23:30:00Z', '2026-11-01T02:00:00Z', '2026-12-31T23:30:00Z', '2027-01-01T06:00:00Z'];

/** The figures the API computes for a group of items, computed here. */
function itemFigures(items: SeededItem[]): Omit<ItemGroup, 'key'> {
  return {
    count: items.length,
    count_distinct: { warehouse_id: new Set(items.map((item) => item.warehouse_id)).size, currency: new Set(items.flatMap((item) => (item.currency ? [item.currency] : []))).size },
    quantity_on_hand: numberStatistics(items.map((item) => item.quantity_on_hand)),
    reorder_point: numberStatistics(items.map((item) => item.reorder_point)),
    unit_cost: moneyStatistics(items, (item) => item.unit_cost, (item) => item.currency),
    stock_value: moneyStatistics(items, (item) => (item.unit_cost === null ? null : item.unit_cost * item.quantity_on_hand), (item) => item.currency),
  };
}

function movementFigures(movements: SeededMovement[]): Omit<MovementGroup, 'key'> {
  return {
    count: movements.length,
    count_distinct: { item_id: new Set(movements.map((movement) => movement.item_id)).size, warehouse_id: new Set(movements.map((movement) => movement.warehouse_id)).size },
    quantity: numberStatistics(movements.map((movement) => movement.quantity)),
  };
}

const byText = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);

describe('aggregates of inventory items and stock movements', () => {
  let account: TestAccount & { api: ApiClient };
  let api: ApiClient;
  let warehouses: [string, string];
  let items: SeededItem[];
  let movements: SeededMovement[];
  const active = () => items.filter((item) => item.archived_at === null);

  const itemAggregate = async (args: string, fields = ITEM_GROUP): Promise<Aggregate<ItemGroup>> =>
    (await graphqlData<{ inventory_items_aggregate: Aggregate<ItemGroup> }>(api, `{ inventory_items_aggregate${args ? `(${args})` : ''} { groups { ${fields} } truncated } }`)).inventory_items_aggregate;
  const movementAggregate = async (args: string, fields = MOVEMENT_GROUP): Promise<Aggregate<MovementGroup>> =>
    (await graphqlData<{ stock_movements_aggregate: Aggregate<MovementGroup> }>(api, `{ stock_movements_aggregate${args ? `(${args})` : ''} { groups { ${fields} } truncated } }`)).stock_movements_aggregate;

  beforeAll(async () => {
    account = await signedInAccount([...INVENTORY_SCOPES, 'crm:read']);
    api = account.api;
    warehouses = [await createWarehouse(api, 'Berlin'), await createWarehouse(api, 'Lyon')];
    const [berlin, lyon] = warehouses;
    const seeds = [
      { id: 'MUG', warehouse_id: berlin, quantity_on_hand: 240, reorder_point: 50, unit_cost: 450, currency: 'EUR' },
      { id: 'CAP', warehouse_id: berlin, quantity_on_hand: 10, reorder_point: 20, unit_cost: 1200, currency: 'EUR' },
      { id: 'PEN', warehouse_id: lyon, quantity_on_hand: 500, reorder_point: 100, unit_cost: 99, currency: 'USD' },
      { id: 'INK', warehouse_id: lyon, quantity_on_hand: 3, reorder_point: 5 },
      { id: 'BAG', warehouse_id: berlin, quantity_on_hand: 0, reorder_point: 0, unit_cost: 2500, currency: 'USD', allow_backorder: true },
      { id: 'OLD', warehouse_id: lyon, quantity_on_hand: 7, reorder_point: 10, unit_cost: 300, currency: 'EUR' },
    ];
    for (const seed of seeds) await createItem(api, seed);
    await json(await action(api, 'MUG', 'receive', { quantity: 60, warehouse_id: lyon }));
    await json(await action(api, 'CAP', 'transfer', { quantity: 5, from_warehouse_id: berlin, to_warehouse_id: lyon }));
    await json(await action(api, 'PEN', 'adjust', { quantity: -20, reason: 'Count' }));
    await json(await action(api, 'BAG', 'adjust', { quantity: -4, reason: 'Backordered' }));
    await json(await action(api, 'INK', 'receive', { quantity: 1 }));
    await json(await api.send('POST', '/v1/inventory/items/OLD/archive', {}));
    const db = database();
    for (const [index, seed] of seeds.entries()) {
      await db.$executeRaw`UPDATE inventory_items SET created_at = ${new Date(INSTANTS[index] as string)} WHERE tenant_id = ${account.tenantId} AND id = ${seed.id}`;
    }
    const itemRows = await db.$queryRaw<Array<Omit<SeededItem, 'unit_cost'> & { unit_cost: bigint | null }>>`
      SELECT id, warehouse_id, quantity_on_hand, reorder_point, allow_backorder, unit_cost, currency, created_at, archived_at FROM inventory_items WHERE tenant_id = ${account.tenantId}`;
    items = itemRows.map((row) => ({ ...row, unit_cost: row.unit_cost === null ? null : Number(row.unit_cost) }));
    movements = await db.$queryRaw<SeededMovement[]>`SELECT id, item_id, warehouse_id, kind::text AS kind, quantity, source_id, created_at FROM stock_movements WHERE tenant_id = ${account.tenantId}`;
    expect([items.length, active().length, movements.length]).toEqual([6, 5, 11]);
  }, 120_000);

  it('without grouping: the active items (the list\'s default), every statistic, stock value per currency', async () => {
    const { groups, truncated } = await itemAggregate('');
    expect(truncated).toBe(false);
    expect(groups).toEqual([{ key: expect.objectContaining({ warehouse_id: null, bucket_label: null }), ...itemFigures(active()) }]);
    // Two currencies, never added together; the item without a cost is left out of both.
    expect(groups[0]?.stock_value.map((entry) => [entry.currency, entry.count])).toEqual([['EUR', 2], ['USD', 2]]);
    expect((await itemAggregate('archived: true')).groups).toEqual([{ key: expect.anything(), ...itemFigures(items.filter((item) => item.archived_at !== null)) }]);
  });

  it('groups by warehouse, reorder state and currency, in key order', async () => {
    const { groups } = await itemAggregate('group_by: "warehouse_id,below_reorder_point,currency"');
    const expected = [...groupBy(active(), (item) => JSON.stringify([item.warehouse_id, item.quantity_on_hand < item.reorder_point, item.currency]))]
      .map(([key, members]) => {
        const [warehouse_id, below_reorder_point, currency] = JSON.parse(key) as [string, boolean, string | null];
        return { key: { warehouse_id, below_reorder_point, currency }, ...itemFigures(members) };
      })
      .sort((a, b) => byText(a.key.warehouse_id, b.key.warehouse_id) || Number(a.key.below_reorder_point) - Number(b.key.below_reorder_point) || byText(a.key.currency, b.key.currency));
    expect(groups.map(({ key, ...figures }) => ({ key: { warehouse_id: key.warehouse_id, below_reorder_point: key.below_reorder_point, currency: key.currency }, ...figures }))).toEqual(expected);
  });

  it.each(['month', 'quarter', 'year'])('buckets items by creation %s in three time zones', async (unit) => {
    for (const timeZone of ['UTC', 'Europe/Paris', 'America/New_York']) {
      const { groups } = await itemAggregate(`bucket: ${unit}, time_zone: "${timeZone}", archived: true`, 'key { bucket_label } count quantity_on_hand { sum }');
      const archived = items.filter((item) => item.archived_at !== null);
      const expected = [...groupBy(archived, (item) => bucketLabel(item.created_at, unit, timeZone))].map(([label, members]) => ({ label, count: members.length, sum: numberStatistics(members.map((item) => item.quantity_on_hand)).sum }));
      expect(groups.map((group) => ({ label: group.key.bucket_label, count: group.count, sum: group.quantity_on_hand.sum }))).toEqual(expected.sort((a, b) => byText(a.label, b.label)));
      const all = await itemAggregate(`bucket: ${unit}, time_zone: "${timeZone}"`, 'key { bucket_label } count');
      expect(all.groups.map((group) => [group.key.bucket_label, group.count])).toEqual(
        [...groupBy(active(), (item) => bucketLabel(item.created_at, unit, timeZone))].map(([label, members]) => [label, members.length]).sort(([a], [b]) => byText(a as string, b as string)),
      );
    }
  });

  it('counts exactly what the item list counts, filter by filter', async () => {
    const filters: Array<[string, string]> = [
      ['', ''],
      ['reorder_below: true', 'reorder_below=true'],
      ['reorder_below: false', 'reorder_below=false'],
      [`warehouse_id: "${warehouses[1]}"`, `warehouse_id=${warehouses[1]}`],
      ['archived: true', 'archived=true'],
      ['archived: false', 'archived=false'],
      [`archived: true, warehouse_id: "${warehouses[1]}", reorder_below: true`, `archived=true&warehouse_id=${warehouses[1]}&reorder_below=true`],
      ['q: "a"', 'q=a'],
      ['q: "mu", archived: true', 'q=mu&archived=true'],
      ['quantity_on_hand_min: 6', 'quantity_on_hand_min=6'],
      ['quantity_on_hand_max: 6', 'quantity_on_hand_max=6'],
      ['quantity_on_hand_min: -4, quantity_on_hand_max: 4', 'quantity_on_hand_min=-4&quantity_on_hand_max=4'],
      ['reorder_point_min: 20', 'reorder_point_min=20'],
      ['reorder_point_max: 20, reorder_below: true', 'reorder_point_max=20&reorder_below=true'],
      ['unit_cost_min: 450', 'unit_cost_min=450'],
      ['unit_cost_max: 450', 'unit_cost_max=450'],
      [`unit_cost_min: 0, archived: true, warehouse_id: "${warehouses[1]}"`, `unit_cost_min=0&archived=true&warehouse_id=${warehouses[1]}`],
    ];
    for (const [graphql, query] of filters) {
      const list = await json<List<unknown>>(await api.get(`/v1/inventory/items?${query}`));
      expect([graphql, (await itemAggregate(graphql, 'count')).groups[0]?.count]).toEqual([graphql, list.meta.total]);
    }
    // The list's rule for the search: 1 to 200 characters.
    const refused = await graphqlErrors(api, `{ inventory_items_aggregate(q: "${'x'.repeat(201)}") { groups { count } } }`);
    expect(refused[0]?.extensions).toMatchObject({ code: 'invalid_parameter', errors: [{ field: 'q' }] });
  });

  it('sorts by a money statistic with currency grouped, and refuses it without', async () => {
    const { groups } = await itemAggregate('group_by: "warehouse_id,currency", sort: "-stock_value.sum", having: "stock_value.sum:gt:0", limit: 1', 'key { warehouse_id currency } stock_value { currency sum }');
    const values = [...groupBy(active().filter((item) => item.unit_cost !== null), (item) => `${item.warehouse_id}|${item.currency}`)]
      .map(([, members]) => moneyStatistics(members, (item) => (item.unit_cost as number) * item.quantity_on_hand, (item) => item.currency)[0] as MoneyStatistics)
      .filter((entry) => entry.sum > 0)
      .sort((a, b) => b.sum - a.sum);
    expect(groups.map((group) => group.stock_value)).toEqual([[{ currency: values[0]?.currency, sum: values[0]?.sum }]]);
    const refused = await graphqlErrors(api, '{ inventory_items_aggregate(group_by: "warehouse_id", sort: "-stock_value.sum") { groups { count } } }');
    expect(refused[0]?.extensions).toMatchObject({ code: 'rule_violation', errors: [{ field: 'sort' }] });
  });

  it('sums the signed movements per item and warehouse: the stock levels', async () => {
    const { groups } = await movementAggregate('group_by: "item_id,warehouse_id"');
    const expected = [...groupBy(movements, (movement) => `${movement.item_id}|${movement.warehouse_id}`)]
      .map(([key, members]) => {
        const [item_id, warehouse_id] = key.split('|') as [string, string];
        return { item_id, warehouse_id, ...movementFigures(members) };
      })
      .sort((a, b) => byText(a.item_id, b.item_id) || byText(a.warehouse_id, b.warehouse_id));
    expect(groups.map(({ key, ...figures }) => ({ item_id: key.item_id, warehouse_id: key.warehouse_id, ...figures }))).toEqual(expected);
    // Per item, over all warehouses: the item's quantity_on_hand.
    const perItem = await movementAggregate('group_by: "item_id"', 'key { item_id } quantity { sum }');
    expect(perItem.groups.map((group) => [group.key.item_id, group.quantity.sum])).toEqual([...items].sort((a, b) => byText(a.id, b.id)).map((item) => [item.id, item.quantity_on_hand]));
  });

  it('groups movements by kind with having, sort and limit, and buckets them by day in two time zones', async () => {
    const byKind = [...groupBy(movements, (movement) => movement.kind)].map(([kind, members]) => ({ kind, ...movementFigures(members) }));
    const { groups, truncated } = await movementAggregate('group_by: "kind", having: "count:gte:2", sort: "-count,kind", limit: 2', 'key { kind } count');
    const kept = byKind.filter((entry) => entry.count >= 2);
    expect(groups.map((group) => [group.key.kind, group.count])).toEqual(kept.sort((a, b) => b.count - a.count || byText(a.kind, b.kind)).slice(0, 2).map((entry) => [entry.kind, entry.count]));
    expect(truncated).toBe(kept.length > 2);
    for (const timeZone of ['UTC', 'Pacific/Kiritimati']) {
      const days = await movementAggregate(`bucket: day, time_zone: "${timeZone}"`, `key { bucket_label } count quantity ${NUMBER_FIELDS}`);
      const expected = [...groupBy(movements, (movement) => bucketLabel(movement.created_at, 'day', timeZone))].map(([label, members]) => ({ label, count: members.length, quantity: numberStatistics(members.map((movement) => movement.quantity)) }));
      expect(days.groups.map((group) => ({ label: group.key.bucket_label, count: group.count, quantity: group.quantity }))).toEqual(expected.sort((a, b) => byText(a.label, b.label)));
    }
  });

  it('counts exactly what the movement list counts, filter by filter', async () => {
    const first = [...movements].sort((a, b) => a.created_at.getTime() - b.created_at.getTime())[5] as SeededMovement;
    const filters: Array<[string, string]> = [
      ['item_id: "CAP"', 'item_id=CAP'],
      [`warehouse_id: "${warehouses[1]}"`, `warehouse_id=${warehouses[1]}`],
      ['kind: adjustment', 'kind=adjustment'],
      ['source_id: "ord_none"', 'source_id=ord_none'],
      [`created_after: "${first.created_at.toISOString()}"`, `created_after=${first.created_at.toISOString()}`],
      [`created_before: "${first.created_at.toISOString()}"`, `created_before=${first.created_at.toISOString()}`],
      ['quantity_min: 1', 'quantity_min=1'],
      ['quantity_max: -1', 'quantity_max=-1'],
      ['quantity_min: -3, quantity_max: 5', 'quantity_min=-3&quantity_max=5'],
    ];
    for (const [graphql, query] of filters) {
      const list = await json<List<unknown>>(await api.get(`/v1/inventory/movements?${query}`));
      expect([graphql, (await movementAggregate(graphql, 'count')).groups[0]?.count]).toEqual([graphql, list.meta.total]);
    }
  });

  it('aggregates per warehouse and per item as fields of those entities', async () => {
    const { warehouses: page } = await graphqlData<{ warehouses: { data: Array<{ id: string; items_aggregate: Aggregate<ItemGroup> }> } }>(
      api,
      `{ warehouses { data { id items_aggregate(group_by: "currency") { groups { key { currency } count quantity_on_hand { sum } stock_value ${MONEY_FIELDS} } truncated } } } }`,
    );
    expect(page.data.map((warehouse) => warehouse.id).sort()).toEqual([...warehouses].sort());
    for (const warehouse of page.data) {
      const home = active().filter((item) => item.warehouse_id === warehouse.id);
      const expected = [...groupBy(home, (item) => String(item.currency))]
        .map(([, members]) => ({ key: { currency: members[0]?.currency ?? null }, count: members.length, quantity_on_hand: { sum: numberStatistics(members.map((item) => item.quantity_on_hand)).sum }, stock_value: itemFigures(members).stock_value }))
        .sort((a, b) => byText(a.key.currency, b.key.currency));
      expect(warehouse.items_aggregate).toEqual({ groups: expected, truncated: false });
    }
    const { inventory_items } = await graphqlData<{ inventory_items: { data: Array<{ id: string; movements_aggregate: Aggregate<MovementGroup> }> } }>(
      api,
      '{ inventory_items(per_page: 100) { data { id movements_aggregate(group_by: "kind") { groups { key { kind } count quantity { sum } } truncated } } } }',
    );
    expect(inventory_items.data).toHaveLength(active().length);
    for (const item of inventory_items.data) {
      const mine = movements.filter((movement) => movement.item_id === item.id);
      const expected = [...groupBy(mine, (movement) => movement.kind)].map(([kind, members]) => ({ kind, count: members.length, sum: numberStatistics(members.map((movement) => movement.quantity)).sum }));
      const kindOrder = ['receipt', 'adjustment', 'transfer_out', 'transfer_in', 'fulfilment'];
      expect(item.movements_aggregate.groups.map((group) => ({ kind: group.key.kind, count: group.count, sum: group.quantity.sum }))).toEqual(expected.sort((a, b) => kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind)));
    }
  });

  it('serves the same answers over REST, and refuses what it cannot compute with the argument at fault', async () => {
    const rest = await json<Aggregate<ItemGroup>>(await api.get('/v1/inventory/items/aggregate?group_by=warehouse_id&archived=false&sort=-quantity_on_hand.sum'));
    expect(rest).toEqual(await itemAggregate('group_by: "warehouse_id", archived: false, sort: "-quantity_on_hand.sum"', 'key { warehouse_id below_reorder_point allow_backorder archived currency bucket bucket_label } count count_distinct { warehouse_id currency } quantity_on_hand { sum avg min max } reorder_point { sum avg min max } unit_cost { currency count sum avg min max } stock_value { currency count sum avg min max }'));
    const movementsRest = await json<Aggregate<MovementGroup>>(await api.get('/v1/inventory/movements/aggregate?group_by=kind&item_id=CAP'));
    expect(movementsRest.groups.map((group) => [group.key.kind, group.quantity.sum])).toEqual([['receipt', 10], ['transfer_out', -5], ['transfer_in', 5]]);
    for (const [path, status, code, field] of [
      ['/v1/inventory/items/aggregate?group_by=name', 400, 'invalid_parameter', 'group_by'],
      ['/v1/inventory/items/aggregate?reorder_below=maybe', 400, 'invalid_parameter', 'reorder_below'],
      ['/v1/inventory/items/aggregate?having=unit_cost.max:gt:5', 422, 'rule_violation', 'having'],
      ['/v1/inventory/movements/aggregate?bucket=day&bucket_by=updated_at', 400, 'invalid_parameter', 'bucket_by'],
      ['/v1/inventory/movements/aggregate?kind=theft', 400, 'invalid_parameter', 'kind'],
    ] as const) {
      const response = await api.get(path);
      const problem = await problemOf(response);
      expect([path, response.status, problem.code, problem.errors?.[0]?.field]).toEqual([path, status, code, field]);
    }
  });

  it('needs the lists\' scope, over GraphQL and REST', async () => {
    const crmOnly = await clientWithScope(account, 'crm:read');
    for (const field of ['inventory_items_aggregate', 'stock_movements_aggregate']) {
      const errors = await graphqlErrors(crmOnly, `{ ${field} { groups { count } } }`);
      expect(errors[0]?.extensions).toMatchObject({ code: 'insufficient_scope', required_scope: 'inventory:read' });
    }
    for (const path of ['/v1/inventory/items/aggregate', '/v1/inventory/movements/aggregate']) {
      const response = await crmOnly.get(path);
      expect([path, response.status, (await problemOf(response)).code]).toEqual([path, 403, 'insufficient_scope']);
    }
  });
});
