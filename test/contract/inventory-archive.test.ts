import { beforeAll, describe, expect, it } from 'vitest';
import { type InventoryApi, type StockItem, type Warehouse, action, createItem, createWarehouse, expectConsistentStock, getItem, inventoryAccount, refusal } from '../support/inventory.ts';
import { type List, json } from '../support/fixtures.ts';

describe('archiving items and warehouses, warehouse changes, item sorting', () => {
  let api: InventoryApi;
  let reader: InventoryApi;
  let home: string;
  let other: string;

  beforeAll(async () => {
    ({ api, reader } = await inventoryAccount());
    home = await createWarehouse(api, 'Home');
    other = await createWarehouse(api, 'Other');
  });

  const items = async (query = '') => json<List<StockItem>>(await api.get(`/v1/inventory/items${query}`));

  describe('items', () => {
    it('archives an item: out of the default list, in archived=true, readable by id; unarchive brings it back', async () => {
      await createItem(api, { id: 'ARC-1', warehouse_id: home, quantity_on_hand: 5 });
      const archived = await json<StockItem>(await api.request('POST', '/v1/inventory/items/ARC-1/archive'));
      expect(archived).toMatchObject({ id: 'ARC-1', version: 2, quantity_on_hand: 5 });
      expect(archived.archived_at).toMatch(/Z$/);
      expect((await items()).data.map((item) => item.id)).not.toContain('ARC-1');
      expect((await items('?archived=true')).data.map((item) => item.id)).toEqual(['ARC-1']);
      expect(await getItem(api, 'ARC-1')).toEqual(archived);
      await refusal(await api.request('POST', '/v1/inventory/items/ARC-1/archive'), 409, 'invalid_state');

      const restored = await json<StockItem>(await api.request('POST', '/v1/inventory/items/ARC-1/unarchive'));
      expect(restored).toMatchObject({ archived_at: null, version: 3 });
      expect((await items()).data.map((item) => item.id)).toContain('ARC-1');
      await refusal(await api.request('POST', '/v1/inventory/items/ARC-1/unarchive'), 409, 'invalid_state');
      expect((await getItem(api, 'ARC-1')).version).toBe(3);
    });

    it('an archived item takes adjustments (and PATCHes of quantity_on_hand) but no receipts or transfers', async () => {
      await createItem(api, { id: 'ARC-2', warehouse_id: home, quantity_on_hand: 5 });
      await json(await api.request('POST', '/v1/inventory/items/ARC-2/archive'));
      await refusal(await action(api, 'ARC-2', 'receive', { quantity: 1 }), 409, 'invalid_state');
      await refusal(await action(api, 'ARC-2', 'transfer', { quantity: 1, from_warehouse_id: home, to_warehouse_id: other }), 409, 'invalid_state');
      expect((await json<StockItem>(await action(api, 'ARC-2', 'adjust', { quantity: -5, reason: 'written off' }))).quantity_on_hand).toBe(0);
      expect((await json<StockItem>(await api.send('PATCH', '/v1/inventory/items/ARC-2', { quantity_on_hand: 1 }))).quantity_on_hand).toBe(1);
      expect(await expectConsistentStock(api, 'ARC-2')).toEqual({ [home]: 1 });
    });

    it('archive and unarchive answer 404 for unknown and other tenants’ SKUs, and need inventory:write', async () => {
      await refusal(await api.request('POST', '/v1/inventory/items/NOPE/archive'), 404, 'not_found');
      await refusal(await api.request('POST', '/v1/inventory/items/NOPE/unarchive'), 404, 'not_found');
      const stranger = await inventoryAccount();
      await createItem(stranger.api, { id: 'STRANGER-1', warehouse_id: await createWarehouse(stranger.api, 'W') });
      await refusal(await api.request('POST', '/v1/inventory/items/STRANGER-1/archive'), 404, 'not_found');
      expect((await getItem(stranger.api, 'STRANGER-1')).archived_at).toBeNull();
      await createItem(api, { id: 'ARC-SCOPE', warehouse_id: home });
      await refusal(await reader.request('POST', '/v1/inventory/items/ARC-SCOPE/archive'), 403, 'insufficient_scope');
      expect((await getItem(api, 'ARC-SCOPE')).archived_at).toBeNull();
    });

    it('offers archive and unarchive in GraphQL', async () => {
      await createItem(api, { id: 'ARC-GQL', warehouse_id: home });
      const archived = await json<{ data: { archive_inventory_item: { archived_at: string | null; version: number } } }>(await api.graphql('mutation { archive_inventory_item(id: "ARC-GQL") { archived_at version } }'));
      expect(archived.data.archive_inventory_item.version).toBe(2);
      const restored = await json<{ data: { unarchive_inventory_item: { archived_at: string | null } } }>(await api.graphql('mutation { unarchive_inventory_item(id: "ARC-GQL") { archived_at } }'));
      expect(restored.data.unarchive_inventory_item.archived_at).toBeNull();
    });
  });

  describe('warehouses', () => {
    it('renames a warehouse with PATCH, incrementing its version, and refuses stale versions', async () => {
      const id = await createWarehouse(api, 'Before');
      const created = await json<Warehouse>(await api.get(`/v1/inventory/warehouses/${id}`));
      expect(created).toMatchObject({ name: 'Before', version: 1, archived_at: null });
      expect(Object.keys(created).sort()).toEqual(['archived_at', 'created_at', 'id', 'name', 'stock_value', 'updated_at', 'version']);
      const renamed = await json<Warehouse>(await api.send('PATCH', `/v1/inventory/warehouses/${id}`, { name: 'After', version: 1 }));
      expect(renamed).toMatchObject({ id, name: 'After', version: 2 });
      await refusal(await api.send('PATCH', `/v1/inventory/warehouses/${id}`, { name: 'Stale', version: 1 }), 409, 'version_conflict', ['version']);
      await refusal(await api.request('PATCH', `/v1/inventory/warehouses/${id}`, { name: 'Stale' }, { 'if-match': '"1"' }), 412, 'precondition_failed');
      await refusal(await api.send('PATCH', `/v1/inventory/warehouses/${id}`, { name: '' }), 400, 'validation_failed', ['name']);
      await refusal(await api.send('PATCH', `/v1/inventory/warehouses/${id}`, {}), 422, 'rule_violation', ['']);
      await refusal(await api.send('PATCH', `/v1/inventory/warehouses/${id}`, { name: null }), 400, 'validation_failed', ['name']);
      expect(await json<Warehouse>(await api.get(`/v1/inventory/warehouses/${id}`))).toEqual(renamed);
      await refusal(await api.send('PATCH', '/v1/inventory/warehouses/wh_unknown', { name: 'x' }), 404, 'not_found');
      await refusal(await reader.send('PATCH', `/v1/inventory/warehouses/${id}`, { name: 'x' }), 403, 'insufficient_scope');
    });

    it('refuses to archive a warehouse holding stock or serving as an active item’s home, with invalid_state', async () => {
      const depot = await createWarehouse(api, 'Depot');
      await createItem(api, { id: 'WH-HOME', warehouse_id: depot, quantity_on_hand: 2 });
      const home409 = await refusal(await api.request('POST', `/v1/inventory/warehouses/${depot}/archive`), 409, 'invalid_state');
      expect(home409.detail).toContain('home');
      // Another home, but the stock is still there.
      await json(await api.send('PATCH', '/v1/inventory/items/WH-HOME', { warehouse_id: home }));
      const stock409 = await refusal(await api.request('POST', `/v1/inventory/warehouses/${depot}/archive`), 409, 'invalid_state');
      expect(stock409.detail).toContain('stock');
      // Moved out: now it can go.
      await json(await action(api, 'WH-HOME', 'transfer', { quantity: 2, from_warehouse_id: depot, to_warehouse_id: home }));
      const archived = await json<Warehouse>(await api.request('POST', `/v1/inventory/warehouses/${depot}/archive`));
      expect(archived).toMatchObject({ id: depot, version: 2 });
      expect(archived.archived_at).toMatch(/Z$/);
      await refusal(await api.request('POST', `/v1/inventory/warehouses/${depot}/archive`), 409, 'invalid_state');

      // An archived warehouse takes no stock and no items.
      await refusal(await action(api, 'WH-HOME', 'receive', { quantity: 1, warehouse_id: depot }), 422, 'rule_violation', ['warehouse_id']);
      await refusal(await action(api, 'WH-HOME', 'transfer', { quantity: 1, from_warehouse_id: home, to_warehouse_id: depot }), 422, 'rule_violation', ['to_warehouse_id']);
      await refusal(await api.send('PATCH', '/v1/inventory/items/WH-HOME', { warehouse_id: depot }), 422, 'rule_violation', ['warehouse_id']);
      await refusal(await api.send('POST', '/v1/inventory/items', { id: 'WH-NEW', name: 'n', quantity_on_hand: 0, reorder_point: 0, warehouse_id: depot }), 422, 'rule_violation', ['warehouse_id']);
      expect(await expectConsistentStock(api, 'WH-HOME')).toEqual({ [depot]: 0, [home]: 2 });
    });

    it('an archived item at home in a warehouse does not keep it from being archived, but cannot be unarchived there', async () => {
      const shed = await createWarehouse(api, 'Shed');
      await createItem(api, { id: 'SHED-1', warehouse_id: shed });
      await json(await api.request('POST', '/v1/inventory/items/SHED-1/archive'));
      await json(await api.request('POST', `/v1/inventory/warehouses/${shed}/archive`));
      await refusal(await api.request('POST', '/v1/inventory/items/SHED-1/unarchive'), 409, 'invalid_state');
      await json(await api.send('PATCH', '/v1/inventory/items/SHED-1', { warehouse_id: home }));
      expect((await json<StockItem>(await api.request('POST', '/v1/inventory/items/SHED-1/unarchive'))).archived_at).toBeNull();
    });

    it('lists active warehouses by default and archived ones with archived=true', async () => {
      const active = await json<List<Warehouse>>(await api.get('/v1/inventory/warehouses?per_page=100'));
      expect(active.data.every((warehouse) => warehouse.archived_at === null)).toBe(true);
      expect(active.data.map((warehouse) => warehouse.id)).toContain(home);
      const archived = await json<List<Warehouse>>(await api.get('/v1/inventory/warehouses?archived=true'));
      expect(archived.meta.total).toBe(2);
      expect(archived.data.map((warehouse) => warehouse.name)).toEqual(['Depot', 'Shed']);
      await refusal(await api.get('/v1/inventory/warehouses?archived=yes'), 400, 'invalid_parameter', ['archived']);
    });

    it('archive answers 404 for another tenant’s warehouse and needs inventory:write', async () => {
      const stranger = await inventoryAccount();
      const theirs = await createWarehouse(stranger.api, 'Theirs');
      await refusal(await api.request('POST', `/v1/inventory/warehouses/${theirs}/archive`), 404, 'not_found');
      await refusal(await api.send('PATCH', `/v1/inventory/warehouses/${theirs}`, { name: 'Mine' }), 404, 'not_found');
      await refusal(await reader.request('POST', `/v1/inventory/warehouses/${other}/archive`), 403, 'insufficient_scope');
      expect((await json<Warehouse>(await stranger.api.get(`/v1/inventory/warehouses/${theirs}`))).archived_at).toBeNull();
    });
  });

  describe('item list sorting', () => {
    let sorted: InventoryApi;
    beforeAll(async () => {
      ({ api: sorted } = await inventoryAccount());
      const warehouse = await createWarehouse(sorted, 'W');
      for (const [id, name, quantity] of [
        ['S-2', 'banana', 30],
        ['S-1', 'cherry', 10],
        ['S-3', 'apple', 20],
      ] as const) {
        await createItem(sorted, { id, name, warehouse_id: warehouse, quantity_on_hand: quantity });
        await new Promise((resolve) => setTimeout(resolve, 3)); // distinct created_at instants
      }
      await json(await sorted.send('PATCH', '/v1/inventory/items/S-2', { reorder_point: 1 }));
    });

    it.each([
      ['', ['S-1', 'S-2', 'S-3']],
      ['?sort=id', ['S-1', 'S-2', 'S-3']],
      ['?sort=-id', ['S-3', 'S-2', 'S-1']],
      ['?sort=name', ['S-3', 'S-2', 'S-1']],
      ['?sort=-name', ['S-1', 'S-2', 'S-3']],
      ['?sort=quantity_on_hand', ['S-1', 'S-3', 'S-2']],
      ['?sort=-quantity_on_hand', ['S-2', 'S-3', 'S-1']],
      ['?sort=created_at', ['S-2', 'S-1', 'S-3']],
      ['?sort=-created_at', ['S-3', 'S-1', 'S-2']],
      ['?sort=-updated_at', ['S-2', 'S-3', 'S-1']],
      ['?sort=updated_at&per_page=2&page=2', ['S-2']],
    ])('sorts %s', async (query, ids) => {
      const body = await json<List<StockItem>>(await sorted.get(`/v1/inventory/items${query}`));
      expect(body.data.map((item) => item.id)).toEqual(ids);
    });

    it.each(['reorder_point', 'warehouse_id', 'id;DROP TABLE inventory_items', '--id'])('refuses sort=%s with 400 invalid_parameter', async (sort) => {
      await refusal(await sorted.get(`/v1/inventory/items?sort=${encodeURIComponent(sort)}`), 400, 'invalid_parameter', ['sort']);
    });
  });
});
