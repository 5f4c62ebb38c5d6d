import { beforeAll, describe, expect, it } from 'vitest';
import { graphqlData, json } from '../support/fixtures.ts';
import { type InventoryAccount, type StockItem, type Warehouse, action, createItem, createWarehouse, getItem, inventoryAccount, refusal } from '../support/inventory.ts';

interface MoneyAmount {
  currency: string;
  amount: number;
}

/**
 * Item unit costs and stock valuation (issue 16): an item's `stock_value` (on hand × unit cost),
 * a warehouse's `stock_value` per currency, and a warehouse's stock levels, paged and filtered.
 * Expected values are computed here from the quantities and costs the test sets.
 */
describe('inventory valuation', () => {
  let account: InventoryAccount;
  let north: string;
  let south: string;

  beforeAll(async () => {
    account = await inventoryAccount();
    north = await createWarehouse(account.api, 'North');
    south = await createWarehouse(account.api, 'South');
    // North: MUG 100 × 450 EUR, CUP 30 × 120 EUR, LAMP 4 × 2500 USD, BOLT 1000 without a cost.
    await createItem(account.api, { id: 'VAL-MUG', warehouse_id: north, quantity_on_hand: 130, unit_cost: 450, currency: 'EUR' });
    await createItem(account.api, { id: 'VAL-CUP', warehouse_id: north, quantity_on_hand: 30, reorder_point: 50, unit_cost: 120, currency: 'EUR' });
    await createItem(account.api, { id: 'VAL-LAMP', warehouse_id: north, quantity_on_hand: 4, unit_cost: 2500, currency: 'USD' });
    await createItem(account.api, { id: 'VAL-BOLT', warehouse_id: north, quantity_on_hand: 1000 });
    // South: 30 of the mugs, and a backordered item (-5 × 800 EUR).
    await json(await action(account.api, 'VAL-MUG', 'transfer', { quantity: 30, from_warehouse_id: north, to_warehouse_id: south }));
    await createItem(account.api, { id: 'VAL-BACK', warehouse_id: south, quantity_on_hand: 0, allow_backorder: true, unit_cost: 800, currency: 'EUR' });
    await json(await action(account.api, 'VAL-BACK', 'adjust', { quantity: -5 }));
  });

  const warehouseValues = async () =>
    graphqlData<{ warehouses: { data: Array<{ id: string; stock_value: MoneyAmount[] }> } }>(account.api, '{ warehouses(per_page: 100) { data { id stock_value { currency amount } } } }');

  it('keeps an item’s unit cost and currency and values its stock, in REST and GraphQL', async () => {
    const mug = await getItem(account.api, 'VAL-MUG');
    expect(mug).toMatchObject({ unit_cost: 450, currency: 'EUR', quantity_on_hand: 130, stock_value: { currency: 'EUR', amount: 130 * 450 } });
    expect(await getItem(account.api, 'VAL-BOLT')).toMatchObject({ unit_cost: null, currency: null, stock_value: null });
    expect(await getItem(account.api, 'VAL-BACK')).toMatchObject({ quantity_on_hand: -5, stock_value: { currency: 'EUR', amount: -5 * 800 } });
    const data = await graphqlData<{ inventory_item: { unit_cost: number; currency: string; stock_value: MoneyAmount } }>(account.api, '{ inventory_item(id: "VAL-LAMP") { unit_cost currency stock_value { currency amount } } }');
    expect(data.inventory_item).toEqual({ unit_cost: 2500, currency: 'USD', stock_value: { currency: 'USD', amount: 10_000 } });
  });

  it('values each warehouse’s stock per currency, never adding currencies, leaving items without a cost out', async () => {
    const values = new Map((await warehouseValues()).warehouses.data.map((warehouse) => [warehouse.id, warehouse.stock_value]));
    expect(values.get(north)).toEqual([
      { currency: 'EUR', amount: 100 * 450 + 30 * 120 },
      { currency: 'USD', amount: 4 * 2500 },
    ]);
    expect(values.get(south)).toEqual([{ currency: 'EUR', amount: 30 * 450 - 5 * 800 }]);
    // REST shows the same valuation.
    expect((await json<Warehouse>(await account.api.get(`/v1/inventory/warehouses/${north}`))).stock_value).toEqual(values.get(north));
  });

  it('follows a change of cost at once', async () => {
    const updated = await json<StockItem>(await account.api.send('PATCH', '/v1/inventory/items/VAL-CUP', { unit_cost: 150 }));
    expect(updated).toMatchObject({ unit_cost: 150, currency: 'EUR', stock_value: { currency: 'EUR', amount: 30 * 150 } });
    const north_ = (await warehouseValues()).warehouses.data.find((warehouse) => warehouse.id === north);
    expect(north_?.stock_value[0]).toEqual({ currency: 'EUR', amount: 100 * 450 + 30 * 150 });
    await json(await account.api.send('PATCH', '/v1/inventory/items/VAL-CUP', { unit_cost: 120 }));
  });

  it('refuses a cost without a currency, a currency without a cost, and values out of range, naming the field', async () => {
    const create = (body: Record<string, unknown>) => account.api.send('POST', '/v1/inventory/items', { id: 'VAL-BAD', name: 'Bad', quantity_on_hand: 0, reorder_point: 0, warehouse_id: north, ...body });
    await refusal(await create({ unit_cost: 100 }), 422, 'rule_violation', ['currency']);
    await refusal(await create({ currency: 'EUR' }), 422, 'rule_violation', ['unit_cost']);
    await refusal(await create({ unit_cost: -1, currency: 'EUR' }), 400, 'validation_failed', ['unit_cost']);
    await refusal(await create({ unit_cost: 1_000_000_001, currency: 'EUR' }), 400, 'validation_failed', ['unit_cost']);
    await refusal(await create({ unit_cost: 100, currency: 'eur' }), 400, 'validation_failed', ['currency']);
    // An item without a cost gets both at once; either alone is refused.
    await refusal(await account.api.send('PATCH', '/v1/inventory/items/VAL-BOLT', { currency: 'EUR' }), 422, 'rule_violation', ['unit_cost']);
    await refusal(await account.api.send('PATCH', '/v1/inventory/items/VAL-BOLT', { unit_cost: 5 }), 422, 'rule_violation', ['currency']);
    await refusal(await account.api.send('PATCH', '/v1/inventory/items/VAL-BOLT', { unit_cost: null, currency: 'EUR' }), 400, 'validation_failed', ['unit_cost']);
    expect(await getItem(account.api, 'VAL-BOLT')).toMatchObject({ unit_cost: null, currency: null, version: 1 });
  });

  it('lists a warehouse’s stock levels by SKU, one page at a time, and filters the low ones', async () => {
    const query = `query($id: String!, $page: Int, $per_page: Int, $low: Boolean) {
      warehouse(id: $id) { stock_levels(page: $page, per_page: $per_page, reorder_below: $low) { item_id quantity_on_hand item { id reorder_point } } }
    }`;
    const page = async (variables: Record<string, unknown>) => (await graphqlData<{ warehouse: { stock_levels: Array<{ item_id: string; quantity_on_hand: number; item: { id: string } }> } }>(account.api, query, { id: north, ...variables })).warehouse.stock_levels;
    const all = await page({ per_page: 100 });
    expect(all.map((level) => [level.item_id, level.quantity_on_hand])).toEqual([
      ['VAL-BOLT', 1000],
      ['VAL-CUP', 30],
      ['VAL-LAMP', 4],
      ['VAL-MUG', 100],
    ]);
    expect(all.every((level) => level.item.id === level.item_id)).toBe(true);
    const pages = [await page({ per_page: 3, page: 1 }), await page({ per_page: 3, page: 2 }), await page({ per_page: 3, page: 3 })];
    expect(pages.map((levels) => levels.map((level) => level.item_id))).toEqual([['VAL-BOLT', 'VAL-CUP', 'VAL-LAMP'], ['VAL-MUG'], []]);
    expect((await page({ low: true })).map((level) => level.item_id)).toEqual(['VAL-CUP']);
    expect((await page({ low: false })).map((level) => level.item_id)).toEqual(['VAL-BOLT', 'VAL-LAMP', 'VAL-MUG']);
    const refused = (await (await account.api.graphql(query, { id: north, per_page: 101 })).json()) as { errors: Array<{ extensions: { code: string; errors: Array<{ field: string }> } }> };
    expect(refused.errors[0]?.extensions).toMatchObject({ code: 'invalid_parameter', errors: [{ field: 'per_page' }] });
  });

  it('pages an item’s movements beyond the first page', async () => {
    const query = 'query($page: Int) { inventory_item(id: "VAL-MUG") { movements(per_page: 1, page: $page) { kind quantity } } }';
    const movementsOn = async (page: number) => (await graphqlData<{ inventory_item: { movements: Array<{ kind: string; quantity: number }> } }>(account.api, query, { page })).inventory_item.movements;
    // Newest first: the transfer's two halves (in, then out), then the initial receipt.
    expect(await movementsOn(3)).toEqual([{ kind: 'receipt', quantity: 130 }]);
    expect(await movementsOn(4)).toEqual([]);
  });
});
