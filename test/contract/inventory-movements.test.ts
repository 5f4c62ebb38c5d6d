import { beforeAll, describe, expect, it } from 'vitest';
import { type InventoryApi, type Movement, action, createItem, createWarehouse, inventoryAccount, refusal } from '../support/inventory.ts';
import { type List, json } from '../support/fixtures.ts';

/**
 * GET /v1/inventory/movements against a tenant with a known history:
 *   A: receipt 10 (north), adjustment -2 (north), transfer 3 north→south (out + in)
 *   B: receipt 5 (south), receipt 4 (north), adjustment +1 (south)
 * 7 movements in all, recorded in this order.
 */
describe('GET /v1/inventory/movements', () => {
  let api: InventoryApi;
  let north: string;
  let south: string;
  let all: Movement[];
  let middle: string;

  const list = async (query = '') => json<List<Movement>>(await api.get(`/v1/inventory/movements${query}`));

  beforeAll(async () => {
    ({ api } = await inventoryAccount());
    north = await createWarehouse(api, 'North');
    south = await createWarehouse(api, 'South');
    await createItem(api, { id: 'MOV-A', warehouse_id: north, quantity_on_hand: 10 });
    await json(await action(api, 'MOV-A', 'adjust', { quantity: -2, reason: 'broken' }));
    await json(await action(api, 'MOV-A', 'transfer', { quantity: 3, from_warehouse_id: north, to_warehouse_id: south }));
    await new Promise((resolve) => setTimeout(resolve, 5)); // a distinct instant for the created_after / created_before bounds
    middle = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await createItem(api, { id: 'MOV-B', warehouse_id: south, quantity_on_hand: 5 });
    await json(await action(api, 'MOV-B', 'receive', { quantity: 4, warehouse_id: north }));
    await json(await action(api, 'MOV-B', 'adjust', { quantity: 1 }));
    all = (await list('?per_page=100')).data;
  });

  it('lists every movement, newest first, in the list envelope, with every field', async () => {
    const body = await list();
    expect(Object.keys(body).sort()).toEqual(['data', 'meta']);
    expect(body.meta).toEqual({ total: 7, page: 1, per_page: 25, next_cursor: null, prev_cursor: null });
    expect(body.data.map(({ item_id, kind, quantity }) => `${item_id} ${kind} ${quantity}`)).toEqual([
      'MOV-B adjustment 1',
      'MOV-B receipt 4',
      'MOV-B receipt 5',
      'MOV-A transfer_in 3',
      'MOV-A transfer_out -3',
      'MOV-A adjustment -2',
      'MOV-A receipt 10',
    ]);
    for (const movement of body.data) {
      expect(Object.keys(movement).sort()).toEqual(['created_at', 'id', 'item_id', 'kind', 'quantity', 'quantity_after', 'reason', 'source_id', 'source_line_id', 'source_type', 'transfer_id', 'warehouse_id']);
      expect(movement.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
    expect(body.data[0]).toMatchObject({ item_id: 'MOV-B', kind: 'adjustment', quantity: 1, quantity_after: 6, warehouse_id: south, reason: null, source_type: null, transfer_id: null });
  });

  it('sorts by created_at ascending or descending; ties (a transfer’s two rows) keep their recording order', async () => {
    const ascending = (await list('?sort=created_at&per_page=100')).data;
    expect(ascending.map((movement) => movement.id)).toEqual([...all].reverse().map((movement) => movement.id));
    expect(ascending.slice(0, 4).map((movement) => movement.kind)).toEqual(['receipt', 'adjustment', 'transfer_out', 'transfer_in']);
    expect((await list('?sort=-created_at&per_page=100')).data).toEqual(all);
  });

  it.each([
    ['item_id=MOV-A', 4, (movement: Movement) => movement.item_id === 'MOV-A'],
    ['kind=receipt', 3, (movement: Movement) => movement.kind === 'receipt'],
    ['kind=transfer_out', 1, (movement: Movement) => movement.kind === 'transfer_out'],
    ['item_id=MOV-B&kind=adjustment', 1, (movement: Movement) => movement.item_id === 'MOV-B' && movement.kind === 'adjustment'],
    ['item_id=NOPE', 0, () => false],
    ['source_id=ord_none', 0, () => false],
    ['quantity_min=1', 5, (movement: Movement) => movement.quantity >= 1],
    ['quantity_max=-1', 2, (movement: Movement) => movement.quantity <= -1],
    ['quantity_min=-2&quantity_max=4', 4, (movement: Movement) => movement.quantity >= -2 && movement.quantity <= 4],
    ['quantity_min=4&quantity_max=4&item_id=MOV-B', 1, (movement: Movement) => movement.quantity === 4],
  ])('filters by %s', async (query, total, predicate) => {
    const body = await list(`?${query}&per_page=100`);
    expect(body.meta.total).toBe(total);
    expect(body.data).toEqual(all.filter(predicate));
  });

  it('filters by warehouse', async () => {
    const inNorth = await list(`?warehouse_id=${north}&per_page=100`);
    expect(inNorth.data).toEqual(all.filter((movement) => movement.warehouse_id === north));
    expect(inNorth.meta.total).toBe(4);
    expect((await list(`?warehouse_id=${south}`)).meta.total).toBe(3);
  });

  it('filters by created_after (inclusive) and created_before (exclusive)', async () => {
    const after = await list(`?created_after=${middle}&per_page=100`);
    expect(after.data.map((movement) => movement.item_id)).toEqual(['MOV-B', 'MOV-B', 'MOV-B']);
    const before = await list(`?created_before=${middle}&per_page=100`);
    expect(before.data.map((movement) => movement.item_id)).toEqual(['MOV-A', 'MOV-A', 'MOV-A', 'MOV-A']);
    const first = all.at(-1) as Movement;
    expect((await list(`?created_after=${first.created_at}&created_before=${first.created_at}`)).meta.total).toBe(0);
    expect((await list(`?created_after=${first.created_at}&item_id=MOV-A`)).meta.total).toBe(4);
    expect((await list(`?created_before=${first.created_at}`)).meta.total).toBe(0);
  });

  it('refuses a quantity_min above quantity_max with 422 naming both', async () => {
    await refusal(await api.get('/v1/inventory/movements?quantity_min=1&quantity_max=-1'), 422, 'rule_violation', ['quantity_min', 'quantity_max']);
  });

  it('paginates, with an empty page past the end', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((page) => list(`?per_page=3&page=${page}`)));
    expect(pages.map((page) => page.data.length)).toEqual([3, 3, 1, 0]);
    for (const [index, page] of pages.entries()) expect(page.meta).toEqual({ total: 7, page: index + 1, per_page: 3, next_cursor: index < 2 ? expect.any(String) : null, prev_cursor: index === 1 || index === 2 ? expect.any(String) : null });
    expect(pages.flatMap((page) => page.data)).toEqual(all);
  });

  it.each([
    ['kind=moved', 'invalid_parameter', 'kind'],
    ['sort=quantity', 'invalid_parameter', 'sort'],
    ['sort=id', 'invalid_parameter', 'sort'],
    ['created_after=yesterday', 'invalid_parameter', 'created_after'],
    ['created_before=2026-01-01', 'invalid_parameter', 'created_before'],
    ['per_page=101', 'invalid_parameter', 'per_page'],
    ['page=0', 'invalid_parameter', 'page'],
    ['type=receipt', 'unknown_parameter', 'type'],
  ])('refuses %s with 400 %s naming %s', async (query, code, field) => {
    await refusal(await api.get(`/v1/inventory/movements?${query}`), 400, code, [field]);
  });

  it('GET /v1/inventory/movements/{id} returns one movement; unknown and other tenants’ ids are 404', async () => {
    const movement = all[3] as Movement;
    expect(await json(await api.get(`/v1/inventory/movements/${movement.id}`))).toEqual(movement);
    await refusal(await api.get('/v1/inventory/movements/mov_000000000000000000000000'), 404, 'not_found');
    const other = await inventoryAccount();
    await refusal(await other.api.get(`/v1/inventory/movements/${movement.id}`), 404, 'not_found');
    expect((await json<List<Movement>>(await other.api.get('/v1/inventory/movements'))).meta.total).toBe(0);
  });

  it('needs inventory:read', async () => {
    const { reader } = await inventoryAccount();
    expect((await reader.get('/v1/inventory/movements')).status).toBe(200);
  });

  it('serves the same list and record in GraphQL', async () => {
    const query = `query($item: String, $kind: StockMovementKind, $sort: String, $perPage: Int) {
      stock_movements(item_id: $item, kind: $kind, sort: $sort, per_page: $perPage) {
        data { id item_id warehouse_id kind quantity quantity_after reason source_type source_id source_line_id transfer_id created_at }
        meta { total page per_page next_cursor prev_cursor }
      }
    }`;
    for (const [variables, rest] of [
      [{}, ''],
      [{ item: 'MOV-A', kind: 'adjustment' }, '?item_id=MOV-A&kind=adjustment'],
      [{ sort: 'created_at', perPage: 2 }, '?sort=created_at&per_page=2'],
    ] as const) {
      const body = await json<{ data: { stock_movements: List<Movement> } }>(await api.graphql(query, variables));
      expect(body.data.stock_movements).toEqual(await list(rest));
    }
    const one = await json<{ data: { stock_movement: { id: string; kind: string } } }>(await api.graphql(`{ stock_movement(id: "${all[0]?.id}") { id kind } }`));
    expect(one.data.stock_movement).toEqual({ id: all[0]?.id, kind: 'adjustment' });
  });
});
