import { beforeAll, describe, expect, it } from 'vitest';
import { type InventoryApi, type Movement, type StockItem, action, createItem, createWarehouse, expectConsistentStock, getItem, inventoryAccount, levelsOf, movementsOf, refusal } from '../support/inventory.ts';
import { type List, json } from '../support/fixtures.ts';

/** Stock levels per warehouse, movements, and the adjust / receive / transfer actions. */
let counter = 0;

describe('inventory stock', () => {
  let api: InventoryApi;
  let reader: InventoryApi;
  let north: string;
  let south: string;

  beforeAll(async () => {
    ({ api, reader } = await inventoryAccount());
    north = await createWarehouse(api, 'North');
    south = await createWarehouse(api, 'South');
  });

  describe('creating and patching items', () => {
    it('records the initial stock of a new item as a receipt into its home warehouse, at version 1', async () => {
      const item = await createItem(api, { id: 'INIT-1', warehouse_id: north, quantity_on_hand: 12, reorder_point: 3 });
      expect(item).toMatchObject({ quantity_on_hand: 12, version: 1, allow_backorder: false, archived_at: null });
      const [movement, ...rest] = await movementsOf(api, 'INIT-1');
      expect(rest).toEqual([]);
      expect(movement).toMatchObject({ item_id: 'INIT-1', warehouse_id: north, kind: 'receipt', quantity: 12, quantity_after: 12, reason: 'Initial stock', source_type: null, source_id: null, source_line_id: null, transfer_id: null });
      expect(movement?.id).toMatch(/^mov_[0-9a-f]{24}$/);
      expect(await levelsOf(api, 'INIT-1')).toEqual({ [north]: 12 });
    });

    it('records no movement for an item created with no stock', async () => {
      await createItem(api, { id: 'INIT-0', warehouse_id: north });
      expect(await movementsOf(api, 'INIT-0')).toEqual([]);
      expect(await levelsOf(api, 'INIT-0')).toEqual({ [north]: 0 });
    });

    it('accepts allow_backorder on creation and in a PATCH', async () => {
      expect((await createItem(api, { id: 'BO-FLAG', warehouse_id: north, allow_backorder: true })).allow_backorder).toBe(true);
      const patched = await json<StockItem>(await api.send('PATCH', '/v1/inventory/items/BO-FLAG', { allow_backorder: false }));
      expect(patched).toMatchObject({ allow_backorder: false, version: 2 });
    });

    it('records a PATCH of quantity_on_hand as an adjustment of the difference in the home warehouse', async () => {
      await createItem(api, { id: 'PATCH-Q', warehouse_id: north, quantity_on_hand: 10 });
      const patched = await json<StockItem>(await api.send('PATCH', '/v1/inventory/items/PATCH-Q', { quantity_on_hand: 4, name: 'Renamed' }));
      expect(patched).toMatchObject({ quantity_on_hand: 4, name: 'Renamed', version: 2 });
      expect((await movementsOf(api, 'PATCH-Q')).map(({ kind, quantity, quantity_after, warehouse_id }) => ({ kind, quantity, quantity_after, warehouse_id }))).toEqual([
        { kind: 'receipt', quantity: 10, quantity_after: 10, warehouse_id: north },
        { kind: 'adjustment', quantity: -6, quantity_after: 4, warehouse_id: north },
      ]);
      // The same total again changes nothing.
      expect(await json<StockItem>(await api.send('PATCH', '/v1/inventory/items/PATCH-Q', { quantity_on_hand: 4 }))).toEqual(patched);
      await expectConsistentStock(api, 'PATCH-Q');
    });

    it('refuses a PATCH that would take the home warehouse below zero, although the item total allows it', async () => {
      await createItem(api, { id: 'PATCH-SPLIT', warehouse_id: north, quantity_on_hand: 2 });
      await json(await action(api, 'PATCH-SPLIT', 'receive', { quantity: 8, warehouse_id: south }));
      const before = await getItem(api, 'PATCH-SPLIT');
      await refusal(await api.send('PATCH', '/v1/inventory/items/PATCH-SPLIT', { quantity_on_hand: 5 }), 409, 'insufficient_stock', ['quantity_on_hand']);
      expect(await getItem(api, 'PATCH-SPLIT')).toEqual(before);
    });

    it('changing the home warehouse moves no stock', async () => {
      await createItem(api, { id: 'REHOME', warehouse_id: north, quantity_on_hand: 5 });
      const moved = await json<StockItem>(await api.send('PATCH', '/v1/inventory/items/REHOME', { warehouse_id: south }));
      expect(moved).toMatchObject({ warehouse_id: south, quantity_on_hand: 5 });
      expect(await levelsOf(api, 'REHOME')).toEqual({ [north]: 5 });
      // Adjustments now default to the new home.
      await json(await action(api, 'REHOME', 'adjust', { quantity: 3 }));
      expect(await expectConsistentStock(api, 'REHOME')).toEqual({ [north]: 5, [south]: 3 });
    });
  });

  describe('POST /v1/inventory/items/{id}/adjust', () => {
    it('adds or removes stock in the home warehouse by default, or in the warehouse named, with a reason', async () => {
      const created = await createItem(api, { id: 'ADJ-1', warehouse_id: north, quantity_on_hand: 10 });
      const down = await json<StockItem>(await action(api, 'ADJ-1', 'adjust', { quantity: -3, reason: 'damaged' }));
      expect(down).toMatchObject({ id: 'ADJ-1', quantity_on_hand: 7, version: 2 });
      expect(Date.parse(down.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.updated_at));
      const up = await json<StockItem>(await action(api, 'ADJ-1', 'adjust', { quantity: 4, warehouse_id: south }));
      expect(up).toMatchObject({ quantity_on_hand: 11, version: 3 });
      const movements = await movementsOf(api, 'ADJ-1');
      expect(movements.slice(1).map(({ kind, quantity, quantity_after, warehouse_id, reason }) => ({ kind, quantity, quantity_after, warehouse_id, reason }))).toEqual([
        { kind: 'adjustment', quantity: -3, quantity_after: 7, warehouse_id: north, reason: 'damaged' },
        { kind: 'adjustment', quantity: 4, quantity_after: 4, warehouse_id: south, reason: null },
      ]);
      expect(await expectConsistentStock(api, 'ADJ-1')).toEqual({ [north]: 7, [south]: 4 });
    });

    it('refuses to take a level below zero with 409 insufficient_stock naming quantity, changing nothing', async () => {
      await createItem(api, { id: 'ADJ-SHORT', warehouse_id: north, quantity_on_hand: 2 });
      const problem = await refusal(await action(api, 'ADJ-SHORT', 'adjust', { quantity: -3 }), 409, 'insufficient_stock', ['quantity']);
      expect(problem.detail).toContain('ADJ-SHORT');
      // The stock of another warehouse does not count.
      await refusal(await action(api, 'ADJ-SHORT', 'adjust', { quantity: -1, warehouse_id: south }), 409, 'insufficient_stock', ['quantity']);
      expect(await getItem(api, 'ADJ-SHORT')).toMatchObject({ quantity_on_hand: 2, version: 1 });
      expect(await movementsOf(api, 'ADJ-SHORT')).toHaveLength(1);
      // Down to exactly zero is allowed.
      expect((await json<StockItem>(await action(api, 'ADJ-SHORT', 'adjust', { quantity: -2 }))).quantity_on_hand).toBe(0);
    });

    // 400: the body breaks the published schema; 422: a zero change or an unknown warehouse, rules the schema cannot state.
    it.each([
      ['a zero quantity', { quantity: 0 }, ['quantity'], 422],
      ['a missing quantity', {}, ['quantity'], 400],
      ['a fractional quantity', { quantity: 1.5 }, ['quantity'], 400],
      ['a quantity over a billion', { quantity: -1_000_000_001 }, ['quantity'], 400],
      ['an unknown warehouse', { quantity: 1, warehouse_id: 'wh_unknown' }, ['warehouse_id'], 422],
      ['a reason over 500 characters', { quantity: 1, reason: 'x'.repeat(501) }, ['reason'], 400],
      ['an unknown field', { quantity: 1, kind: 'receipt' }, ['kind'], 400],
      ['a version of 0', { quantity: 1, version: 0 }, ['version'], 400],
    ])('refuses %s with %s naming the field, changing nothing', async (_label, body, fields, status) => {
      const before = await createItem(api, { id: `ADJ-BAD-${++counter}`, warehouse_id: north, quantity_on_hand: 5 });
      await refusal(await action(api, before.id, 'adjust', body), status, status === 400 ? 'validation_failed' : 'rule_violation', fields);
      expect(await getItem(api, before.id)).toEqual(before);
      expect(await movementsOf(api, before.id)).toHaveLength(1);
    });

    it('answers 404 for an unknown SKU and for another tenant’s SKU', async () => {
      await refusal(await action(api, 'NOPE', 'adjust', { quantity: 1 }), 404, 'not_found');
      const other = await inventoryAccount();
      const theirs = await createWarehouse(other.api, 'Theirs');
      await createItem(other.api, { id: 'THEIRS-1', warehouse_id: theirs, quantity_on_hand: 4 });
      for (const [verb, body] of [
        ['adjust', { quantity: -1 }],
        ['receive', { quantity: 1 }],
        ['transfer', { quantity: 1, from_warehouse_id: north, to_warehouse_id: south }],
      ] as const) {
        await refusal(await action(api, 'THEIRS-1', verb, body), 404, 'not_found');
      }
      await refusal(await api.get('/v1/inventory/items/THEIRS-1'), 404, 'not_found');
      // Nor can one move stock into another tenant's warehouse.
      await createItem(api, { id: 'MINE-1', warehouse_id: north, quantity_on_hand: 1 });
      await refusal(await action(api, 'MINE-1', 'receive', { quantity: 1, warehouse_id: theirs }), 422, 'rule_violation', ['warehouse_id']);
      expect(await getItem(other.api, 'THEIRS-1')).toMatchObject({ quantity_on_hand: 4, version: 1 });
    });
  });

  describe('POST /v1/inventory/items/{id}/receive', () => {
    it('adds stock as a receipt, into the home warehouse by default', async () => {
      await createItem(api, { id: 'RCV-1', warehouse_id: north });
      expect((await json<StockItem>(await action(api, 'RCV-1', 'receive', { quantity: 6, reason: 'PO 17' }))).quantity_on_hand).toBe(6);
      expect((await json<StockItem>(await action(api, 'RCV-1', 'receive', { quantity: 2, warehouse_id: south }))).quantity_on_hand).toBe(8);
      expect((await movementsOf(api, 'RCV-1')).map(({ kind, quantity, warehouse_id, reason }) => ({ kind, quantity, warehouse_id, reason }))).toEqual([
        { kind: 'receipt', quantity: 6, warehouse_id: north, reason: 'PO 17' },
        { kind: 'receipt', quantity: 2, warehouse_id: south, reason: null },
      ]);
      await expectConsistentStock(api, 'RCV-1');
    });

    it.each([
      [{ quantity: 0 }, ['quantity'], 400],
      [{ quantity: -4 }, ['quantity'], 400],
      [{ quantity: 'four' }, ['quantity'], 400],
      [{ quantity: 1, warehouse_id: 'wh_unknown' }, ['warehouse_id'], 422],
      [{ quantity: 0, reason: 'y'.repeat(501) }, ['quantity', 'reason'], 400],
    ])('refuses %j with %s', async (body, fields, status) => {
      const id = `RCV-BAD-${++counter}`;
      await createItem(api, { id, warehouse_id: north, quantity_on_hand: 1 });
      await refusal(await action(api, id, 'receive', body), status, status === 400 ? 'validation_failed' : 'rule_violation', fields);
      expect(await expectConsistentStock(api, id)).toEqual({ [north]: 1 });
    });
  });

  it('refuses a receipt that would take a level or the total past 2147483647, changing nothing', async () => {
    await createItem(api, { id: 'RCV-HUGE', warehouse_id: north, quantity_on_hand: 1_000_000_000 });
    await json(await action(api, 'RCV-HUGE', 'receive', { quantity: 1_000_000_000 }));
    await refusal(await action(api, 'RCV-HUGE', 'receive', { quantity: 1_000_000_000 }), 422, 'rule_violation', ['quantity']);
    await refusal(await action(api, 'RCV-HUGE', 'receive', { quantity: 200_000_000, warehouse_id: south }), 422, 'rule_violation', ['quantity']);
    expect(await expectConsistentStock(api, 'RCV-HUGE')).toEqual({ [north]: 2_000_000_000 });
  });

  describe('POST /v1/inventory/items/{id}/transfer', () => {
    it('moves stock between warehouses as a transfer_out and a transfer_in sharing a transfer_id; the total stays', async () => {
      await createItem(api, { id: 'TRF-1', warehouse_id: north, quantity_on_hand: 10 });
      const moved = await json<StockItem>(await action(api, 'TRF-1', 'transfer', { quantity: 4, from_warehouse_id: north, to_warehouse_id: south, reason: 'rebalance' }));
      expect(moved).toMatchObject({ quantity_on_hand: 10, version: 2 });
      const [, out, into] = await movementsOf(api, 'TRF-1');
      expect(out).toMatchObject({ kind: 'transfer_out', warehouse_id: north, quantity: -4, quantity_after: 6, reason: 'rebalance' });
      expect(into).toMatchObject({ kind: 'transfer_in', warehouse_id: south, quantity: 4, quantity_after: 4, reason: 'rebalance' });
      expect(out?.transfer_id).toMatch(/^trf_[0-9a-f]{24}$/);
      expect(into?.transfer_id).toBe(out?.transfer_id);
      expect(await expectConsistentStock(api, 'TRF-1')).toEqual({ [north]: 6, [south]: 4 });
    });

    it('refuses to move more than the source warehouse holds, changing nothing', async () => {
      await createItem(api, { id: 'TRF-SHORT', warehouse_id: north, quantity_on_hand: 3 });
      await json(await action(api, 'TRF-SHORT', 'receive', { quantity: 50, warehouse_id: south }));
      await refusal(await action(api, 'TRF-SHORT', 'transfer', { quantity: 4, from_warehouse_id: north, to_warehouse_id: south }), 409, 'insufficient_stock', ['quantity']);
      expect(await expectConsistentStock(api, 'TRF-SHORT')).toEqual({ [north]: 3, [south]: 50 });
    });

    it.each([
      [{ quantity: 1, from_warehouse_id: 'SAME', to_warehouse_id: 'SAME' }, ['to_warehouse_id'], 422],
      [{ quantity: 0, from_warehouse_id: 'N', to_warehouse_id: 'S' }, ['quantity'], 400],
      [{ quantity: 1, to_warehouse_id: 'S' }, ['from_warehouse_id'], 400],
      [{ quantity: 1, from_warehouse_id: 'N', to_warehouse_id: 'wh_unknown' }, ['to_warehouse_id'], 422],
      [{ quantity: 1, from_warehouse_id: 'wh_unknown', to_warehouse_id: 'S' }, ['from_warehouse_id'], 422],
    ])('refuses %j with %s', async (template, fields, status) => {
      const fill = (value: unknown) => (value === 'N' ? north : value === 'S' ? south : value === 'SAME' ? north : value);
      const body = Object.fromEntries(Object.entries(template).map(([key, value]) => [key, fill(value)]));
      const id = `TRF-BAD-${++counter}`;
      await createItem(api, { id, warehouse_id: north, quantity_on_hand: 5 });
      await refusal(await action(api, id, 'transfer', body), status, status === 400 ? 'validation_failed' : 'rule_violation', fields);
      expect(await expectConsistentStock(api, id)).toEqual({ [north]: 5 });
    });
  });

  describe('backorders', () => {
    it('lets an item with allow_backorder go below zero, and receipts bring it back', async () => {
      await createItem(api, { id: 'BO-1', warehouse_id: north, quantity_on_hand: 2, allow_backorder: true });
      expect((await json<StockItem>(await action(api, 'BO-1', 'adjust', { quantity: -5 }))).quantity_on_hand).toBe(-3);
      expect((await json<StockItem>(await action(api, 'BO-1', 'transfer', { quantity: 2, from_warehouse_id: south, to_warehouse_id: north }))).quantity_on_hand).toBe(-3);
      expect(await expectConsistentStock(api, 'BO-1')).toEqual({ [north]: -1, [south]: -2 });
      // Backorders turned off: negative levels stay, may only rise, and no further decrease is taken.
      await json(await api.send('PATCH', '/v1/inventory/items/BO-1', { allow_backorder: false }));
      await refusal(await action(api, 'BO-1', 'adjust', { quantity: -1 }), 409, 'insufficient_stock', ['quantity']);
      expect((await json<StockItem>(await action(api, 'BO-1', 'receive', { quantity: 1 }))).quantity_on_hand).toBe(-2);
      expect(await expectConsistentStock(api, 'BO-1')).toEqual({ [north]: 0, [south]: -2 });
    });
  });

  describe('versions', () => {
    it('refuses a stale body version with 409 version_conflict and applies the current one', async () => {
      const item = await createItem(api, { id: 'VER-1', warehouse_id: north, quantity_on_hand: 5 });
      const adjusted = await json<StockItem>(await action(api, 'VER-1', 'adjust', { quantity: 1, version: item.version }));
      expect(adjusted.version).toBe(2);
      for (const [verb, body] of [
        ['adjust', { quantity: 1, version: 1 }],
        ['receive', { quantity: 1, version: 1 }],
        ['transfer', { quantity: 1, from_warehouse_id: north, to_warehouse_id: south, version: 1 }],
      ] as const) {
        const problem = await refusal(await action(api, 'VER-1', verb, body), 409, 'version_conflict', ['version']);
        expect(problem.current_version).toBe(2);
      }
      await refusal(await api.send('PATCH', '/v1/inventory/items/VER-1', { name: 'x', version: 1 }), 409, 'version_conflict', ['version']);
      expect(await getItem(api, 'VER-1')).toEqual(adjusted);
      expect((await json<StockItem>(await api.send('PATCH', '/v1/inventory/items/VER-1', { name: 'y', version: 2 }))).version).toBe(3);
    });

    // The edge's If-Match handling is being built by the lead at the time of writing.
    it('refuses a stale If-Match with 412 precondition_failed and answers with an ETag', async () => {
      await createItem(api, { id: 'VER-2', warehouse_id: north, quantity_on_hand: 5 });
      const read = await api.get('/v1/inventory/items/VER-2');
      expect(read.headers.get('etag')).toBe('"1"');
      const adjusted = await api.request('POST', '/v1/inventory/items/VER-2/adjust', { quantity: -1 }, { 'if-match': '"1"' });
      expect(adjusted.status).toBe(200);
      expect(adjusted.headers.get('etag')).toBe('"2"');
      for (const [method, path, body] of [
        ['POST', '/v1/inventory/items/VER-2/adjust', { quantity: -1 }],
        ['POST', '/v1/inventory/items/VER-2/receive', { quantity: 1 }],
        ['POST', '/v1/inventory/items/VER-2/transfer', { quantity: 1, from_warehouse_id: north, to_warehouse_id: south }],
        ['PATCH', '/v1/inventory/items/VER-2', { name: 'stale' }],
        ['POST', '/v1/inventory/items/VER-2/archive', undefined],
      ] as const) {
        await refusal(await api.request(method, path, body, { 'if-match': '"1"' }), 412, 'precondition_failed');
      }
      expect(await getItem(api, 'VER-2')).toMatchObject({ quantity_on_hand: 4, version: 2, name: 'Item VER-2', archived_at: null });
    });
  });

  describe('scopes', () => {
    it('refuses every stock action to a token holding only inventory:read, in REST and GraphQL', async () => {
      await createItem(api, { id: 'SCOPE-1', warehouse_id: north, quantity_on_hand: 3 });
      for (const [verb, body] of [
        ['adjust', { quantity: 1 }],
        ['receive', { quantity: 1 }],
        ['transfer', { quantity: 1, from_warehouse_id: north, to_warehouse_id: south }],
        ['archive', undefined],
        ['unarchive', undefined],
      ] as const) {
        const problem = await refusal(await reader.request('POST', `/v1/inventory/items/SCOPE-1/${verb}`, body), 403, 'insufficient_scope');
        expect(problem.required_scope).toBe('inventory:write');
      }
      const graphql = await json<{ errors: Array<{ extensions: { code: string; required_scope: string } }> }>(await reader.graphql('mutation { adjust_inventory_item(id: "SCOPE-1", input: { quantity: 1 }) { id } }'));
      expect(graphql.errors[0]?.extensions).toMatchObject({ code: 'insufficient_scope', required_scope: 'inventory:write' });
      expect(await getItem(reader, 'SCOPE-1')).toMatchObject({ quantity_on_hand: 3, version: 1 });
      // Reading the history needs inventory:read only.
      expect((await json<List<Movement>>(await reader.get('/v1/inventory/movements?item_id=SCOPE-1'))).meta.total).toBe(1);
    });
  });

  describe('the invariant after a mix of operations', () => {
    it('keeps quantity_on_hand = sum of levels = sum of movements', async () => {
      const east = await createWarehouse(api, 'East');
      await createItem(api, { id: 'MIX-1', warehouse_id: north, quantity_on_hand: 20 });
      const steps: Array<[string, string, unknown]> = [
        ['POST', 'receive', { quantity: 7, warehouse_id: east }],
        ['POST', 'transfer', { quantity: 9, from_warehouse_id: north, to_warehouse_id: south }],
        ['POST', 'adjust', { quantity: -2, warehouse_id: south }],
        ['PATCH', '', { quantity_on_hand: 30 }],
        ['POST', 'transfer', { quantity: 7, from_warehouse_id: east, to_warehouse_id: north }],
        ['POST', 'adjust', { quantity: -100 }],
        ['POST', 'receive', { quantity: 1 }],
      ];
      for (const [method, verb, body] of steps) {
        const response = await api.send(method, `/v1/inventory/items/MIX-1${verb ? `/${verb}` : ''}`, body);
        expect([200, 409]).toContain(response.status);
        await response.body?.cancel();
      }
      // north 20, east 7 | north 11, south 9 | south 7 | PATCH total 25 -> 30: north 16 | east 0, north 23 | refused | north 24
      expect(await expectConsistentStock(api, 'MIX-1')).toEqual({ [north]: 24, [south]: 7, [east]: 0 });
      expect((await getItem(api, 'MIX-1')).quantity_on_hand).toBe(31);
    });
  });

  describe('concurrency', () => {
    it('20 concurrent adjustments of -1 on 10 in stock: exactly 10 succeed, 10 are refused, none oversold', async () => {
      await createItem(api, { id: 'RACE-1', warehouse_id: north, quantity_on_hand: 10 });
      const responses = await Promise.all(Array.from({ length: 20 }, () => action(api, 'RACE-1', 'adjust', { quantity: -1 })));
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(10);
      expect(statuses.filter((status) => status === 409)).toHaveLength(10);
      for (const response of responses.filter((candidate) => candidate.status === 409)) expect((await response.json()) as { code: string }).toMatchObject({ code: 'insufficient_stock' });
      expect(await getItem(api, 'RACE-1')).toMatchObject({ quantity_on_hand: 0, version: 11 });
      const movements = await movementsOf(api, 'RACE-1');
      expect(movements.filter((movement) => movement.kind === 'adjustment')).toHaveLength(10);
      expect(movements.map((movement) => movement.quantity_after)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
      await expectConsistentStock(api, 'RACE-1');
    });

    it('concurrent transfers in opposite directions complete without deadlock and conserve the total', async () => {
      await createItem(api, { id: 'RACE-2', warehouse_id: north, quantity_on_hand: 50 });
      await json(await action(api, 'RACE-2', 'receive', { quantity: 50, warehouse_id: south }));
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          action(api, 'RACE-2', 'transfer', index % 2 === 0 ? { quantity: 3, from_warehouse_id: north, to_warehouse_id: south } : { quantity: 2, from_warehouse_id: south, to_warehouse_id: north }),
        ),
      );
      expect(responses.map((response) => response.status)).toEqual(Array.from({ length: 30 }, () => 200));
      // 15 × 3 north→south, 15 × 2 south→north.
      expect(await expectConsistentStock(api, 'RACE-2')).toEqual({ [north]: 50 - 45 + 30, [south]: 50 + 45 - 30 });
      expect((await getItem(api, 'RACE-2')).quantity_on_hand).toBe(100);
      expect((await movementsOf(api, 'RACE-2')).filter((movement) => movement.transfer_id !== null)).toHaveLength(60);
    });

    it('concurrent transfers of two items between the same warehouses in opposite directions do not deadlock', async () => {
      await createItem(api, { id: 'RACE-3A', warehouse_id: north, quantity_on_hand: 40 });
      await createItem(api, { id: 'RACE-3B', warehouse_id: south, quantity_on_hand: 40 });
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          index % 2 === 0
            ? action(api, 'RACE-3A', 'transfer', { quantity: 1, from_warehouse_id: north, to_warehouse_id: south })
            : action(api, 'RACE-3B', 'transfer', { quantity: 1, from_warehouse_id: south, to_warehouse_id: north }),
        ),
      );
      expect(responses.map((response) => response.status)).toEqual(Array.from({ length: 20 }, () => 200));
      expect(await expectConsistentStock(api, 'RACE-3A')).toEqual({ [north]: 30, [south]: 10 });
      expect(await expectConsistentStock(api, 'RACE-3B')).toEqual({ [south]: 30, [north]: 10 });
    });
  });

  describe('GraphQL', () => {
    it('offers the actions as mutations and the levels and latest movements as fields', async () => {
      await createItem(api, { id: 'GQL-STOCK', warehouse_id: north, quantity_on_hand: 8 });
      const mutation = `mutation($id: String!) {
        receive_inventory_item(id: $id, input: { quantity: 2, warehouse_id: "${south}" }) { quantity_on_hand }
      }`;
      expect(await json(await api.graphql(mutation, { id: 'GQL-STOCK' }))).toMatchObject({ data: { receive_inventory_item: { quantity_on_hand: 10 } } });
      const transfer = await json<{ data: { transfer_inventory_item: { quantity_on_hand: number; version: number } } }>(
        await api.graphql(`mutation { transfer_inventory_item(id: "GQL-STOCK", input: { quantity: 3, from_warehouse_id: "${north}", to_warehouse_id: "${south}", version: 2 }) { quantity_on_hand version } }`),
      );
      expect(transfer.data.transfer_inventory_item).toEqual({ quantity_on_hand: 10, version: 3 });
      const adjust = await json<{ data: { adjust_inventory_item: { quantity_on_hand: number } } }>(await api.graphql('mutation { adjust_inventory_item(id: "GQL-STOCK", input: { quantity: -1, reason: "count" }) { quantity_on_hand } }'));
      expect(adjust.data.adjust_inventory_item.quantity_on_hand).toBe(9);

      const read = await json<{
        data: { inventory_item: { stock_levels: Array<{ warehouse_id: string; quantity_on_hand: number; warehouse: { name: string } }>; movements: Array<{ kind: string; quantity: number; quantity_after: number }>; latest: Array<{ kind: string }> } };
      }>(
        await api.graphql(`{ inventory_item(id: "GQL-STOCK") {
          stock_levels { warehouse_id quantity_on_hand warehouse { name } }
          movements { kind quantity quantity_after }
          latest: movements(per_page: 1) { kind }
        } }`),
      );
      const levels = [...read.data.inventory_item.stock_levels].sort((a, b) => a.warehouse.name.localeCompare(b.warehouse.name));
      expect(levels).toEqual([
        { warehouse_id: north, quantity_on_hand: 4, warehouse: { name: 'North' } },
        { warehouse_id: south, quantity_on_hand: 5, warehouse: { name: 'South' } },
      ]);
      expect(read.data.inventory_item.movements).toEqual([
        { kind: 'adjustment', quantity: -1, quantity_after: 4 },
        { kind: 'transfer_in', quantity: 3, quantity_after: 5 },
        { kind: 'transfer_out', quantity: -3, quantity_after: 5 },
        { kind: 'receipt', quantity: 2, quantity_after: 2 },
        { kind: 'receipt', quantity: 8, quantity_after: 8 },
      ]);
      expect(read.data.inventory_item.latest).toEqual([{ kind: 'adjustment' }]);
    });

    it('resolves levels and movements for a whole page of items', async () => {
      const page = await json<{ data: { inventory_items: { data: Array<{ id: string; quantity_on_hand: number; stock_levels: Array<{ quantity_on_hand: number; warehouse: { id: string } }>; movements: Array<{ quantity: number }> }> } } }>(
        await api.graphql('{ inventory_items(per_page: 100) { data { id quantity_on_hand stock_levels { quantity_on_hand warehouse { id } } movements(per_page: 100) { quantity } } } }'),
      );
      expect(page.data.inventory_items.data.length).toBeGreaterThan(20);
      for (const item of page.data.inventory_items.data) {
        const levels = item.stock_levels.reduce((total, level) => total + level.quantity_on_hand, 0);
        const movements = item.movements.reduce((total, movement) => total + movement.quantity, 0);
        expect({ id: item.id, levels, movements }).toEqual({ id: item.id, levels: item.quantity_on_hand, movements: item.quantity_on_hand });
      }
    });

    it('reports refusals with the same codes and fields', async () => {
      await createItem(api, { id: 'GQL-REFUSE', warehouse_id: north, quantity_on_hand: 1 });
      const body = await json<{ errors: Array<{ extensions: { code: string; errors: Array<{ field: string }> } }> }>(await api.graphql('mutation { adjust_inventory_item(id: "GQL-REFUSE", input: { quantity: -2 }) { id } }'));
      expect(body.errors[0]?.extensions).toMatchObject({ code: 'insufficient_stock', errors: [{ field: 'quantity' }] });
      const perPage = await json<{ errors: Array<{ extensions: { code: string } }> }>(await api.graphql('{ inventory_item(id: "GQL-REFUSE") { movements(per_page: 101) { id } } }'));
      expect(perPage.errors[0]?.extensions.code).toBe('invalid_parameter');
    });
  });
});
