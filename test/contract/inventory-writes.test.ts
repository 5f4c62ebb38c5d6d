import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type InventoryItem as Item, problemOf, signedInAccount } from '../support/fixtures.ts';


describe('inventory writes: items and warehouses', () => {
  let api: ApiClient;
  let warehouseId: string;
  const newItem = (id: string, overrides: Record<string, unknown> = {}) => ({ id, name: `Item ${id}`, quantity_on_hand: 20, reorder_point: 5, warehouse_id: warehouseId, ...overrides });

  beforeAll(async () => {
    ({ api } = await signedInAccount(['inventory:read', 'inventory:write']));
    const response = await api.send('POST', '/v1/inventory/warehouses', { name: 'Main' });
    expect(response.status).toBe(201);
    warehouseId = ((await response.json()) as { id: string }).id;
  });

  describe('warehouses', () => {
    it('creates a warehouse, assigning its id, and lists and reads it', async () => {
      const created = (await (await api.send('POST', '/v1/inventory/warehouses', { name: 'Overflow' })).json()) as { id: string; name: string; created_at: string };
      expect(created).toMatchObject({ name: 'Overflow' });
      expect(created.id).toMatch(/^wh_[0-9a-f]{24}$/);
      expect(created.created_at).toMatch(/Z$/);
      const list = (await (await api.get('/v1/inventory/warehouses')).json()) as { data: Array<{ id: string }>; meta: { total: number } };
      expect(list.meta).toEqual({ total: 2, page: 1, per_page: 25, next_cursor: null, prev_cursor: null });
      expect(list.data.map((warehouse) => warehouse.id)).toEqual([warehouseId, created.id]);
      expect(await (await api.get(`/v1/inventory/warehouses/${created.id}`)).json()).toEqual(created);
    });

    it('refuses a missing or empty name', async () => {
      const missing = await problemOf(await api.send('POST', '/v1/inventory/warehouses', {}));
      expect(missing).toMatchObject({ status: 400, code: 'validation_failed', errors: [{ field: 'name', message: 'required' }] });
      const empty = await problemOf(await api.send('POST', '/v1/inventory/warehouses', { name: '' }));
      expect(empty).toMatchObject({ status: 400, code: 'validation_failed', errors: [{ field: 'name' }] });
      // Spaces only match the document (1 to 200 characters) but name nothing: a rule it cannot state.
      const blank = await problemOf(await api.send('POST', '/v1/inventory/warehouses', { name: '   ' }));
      expect(blank).toMatchObject({ status: 422, code: 'rule_violation', errors: [{ field: 'name', message: 'must not be blank' }] });
    });

    it('answers 404 for an unknown warehouse', async () => {
      expect((await problemOf(await api.get('/v1/inventory/warehouses/wh_unknown'))).code).toBe('not_found');
    });
  });

  describe('POST /v1/inventory/items', () => {
    it('creates an item with the client-chosen SKU and returns it with 201', async () => {
      const before = Date.now();
      const response = await api.send('POST', '/v1/inventory/items', newItem('CREATE-1'));
      expect(response.status).toBe(201);
      const item = (await response.json()) as Item;
      expect(item).toMatchObject({ id: 'CREATE-1', name: 'Item CREATE-1', quantity_on_hand: 20, reorder_point: 5, warehouse_id: warehouseId });
      expect(Date.parse(item.last_synced_at)).toBeGreaterThanOrEqual(before - 1000);
      expect(await (await api.get('/v1/inventory/items/CREATE-1')).json()).toEqual(item);
    });

    it('refuses a duplicate SKU with 409 already_exists and keeps the first', async () => {
      await api.send('POST', '/v1/inventory/items', newItem('DUP-1'));
      const problem = await problemOf(await api.send('POST', '/v1/inventory/items', newItem('DUP-1', { name: 'Other' })));
      expect(problem).toMatchObject({ status: 409, code: 'already_exists', errors: [{ field: 'id' }] });
      expect(((await (await api.get('/v1/inventory/items/DUP-1')).json()) as Item).name).toBe('Item DUP-1');
    });

    it.each([
      ['a missing field', { quantity_on_hand: undefined }, 'quantity_on_hand'],
      ['a string for an integer', { quantity_on_hand: 'ten' }, 'quantity_on_hand'],
      ['a fractional quantity', { quantity_on_hand: 1.5 }, 'quantity_on_hand'],
      ['a negative quantity', { quantity_on_hand: -1 }, 'quantity_on_hand'],
      ['a negative reorder point', { reorder_point: -3 }, 'reorder_point'],
      ['an empty name', { name: '' }, 'name'],
      ['a SKU with spaces', { id: 'has space' }, 'id'],
      ['an unknown field', { colour: 'red' }, 'colour'],
      ['an unknown warehouse', { warehouse_id: 'wh_unknown' }, 'warehouse_id', 422],
    ])('refuses %s naming the field, and creates nothing', async (_label, change, field, status = 400) => {
      // JSON leaves out undefined members: { quantity_on_hand: undefined } sends no such field.
      const body = newItem(`BAD-${field}`, change);
      const problem = await problemOf(await api.send('POST', '/v1/inventory/items', body));
      expect(problem).toMatchObject({ status, code: status === 400 ? 'validation_failed' : 'rule_violation' });
      expect(problem.errors?.map((error) => error.field)).toContain(field);
      if (field !== 'id') expect((await api.get(`/v1/inventory/items/${body.id}`)).status).toBe(404);
    });

    it('reports every invalid field at once', async () => {
      const problem = await problemOf(await api.send('POST', '/v1/inventory/items', { id: 'MULTI', name: 'x', quantity_on_hand: 'a', reorder_point: 'b' }));
      expect(problem.errors?.map((error) => error.field).sort()).toEqual(['quantity_on_hand', 'reorder_point', 'warehouse_id']);
    });

    it('refuses malformed JSON, a non-object body and other media types', async () => {
      const malformed = await fetchRaw(api, '{"id": ', 'application/json');
      expect((await problemOf(malformed)).code).toBe('malformed_body');
      expect((await problemOf(await api.send('POST', '/v1/inventory/items', [1, 2]))).code).toBe('validation_failed');
      const text = await fetchRaw(api, 'id=1', 'text/plain');
      expect(text.status).toBe(415);
      expect((await problemOf(text)).code).toBe('unsupported_media_type');
    });
  });

  describe('PATCH /v1/inventory/items/{id}', () => {
    it('changes stock and other fields, keeps the rest, and advances last_synced_at', async () => {
      const created = (await (await api.send('POST', '/v1/inventory/items', newItem('PATCH-1'))).json()) as Item;
      const response = await api.send('PATCH', '/v1/inventory/items/PATCH-1', { quantity_on_hand: 2 });
      expect(response.status).toBe(200);
      const updated = (await response.json()) as Item;
      expect(updated).toMatchObject({ ...created, quantity_on_hand: 2, version: 2, last_synced_at: expect.any(String), updated_at: expect.any(String) });
      expect(Date.parse(updated.last_synced_at)).toBeGreaterThanOrEqual(Date.parse(created.last_synced_at));
      const renamed = (await (await api.send('PATCH', '/v1/inventory/items/PATCH-1', { name: 'Renamed', reorder_point: 1 })).json()) as Item;
      expect(renamed).toMatchObject({ name: 'Renamed', reorder_point: 1, quantity_on_hand: 2 });
    });

    it('refuses an empty change, a null, a bad value or an unknown warehouse, changing nothing', async () => {
      const created = (await (await api.send('POST', '/v1/inventory/items', newItem('PATCH-2'))).json()) as Item;
      for (const [body, field, status] of [
        [{}, '', 422],
        [{ quantity_on_hand: null }, 'quantity_on_hand', 400],
        [{ quantity_on_hand: -5 }, 'quantity_on_hand', 400],
        [{ warehouse_id: 'wh_unknown' }, 'warehouse_id', 422],
        [{ id: 'NEW-ID' }, 'id', 400],
      ] as const) {
        const problem = await problemOf(await api.send('PATCH', '/v1/inventory/items/PATCH-2', body));
        expect(problem, JSON.stringify(body)).toMatchObject({ status, code: status === 400 ? 'validation_failed' : 'rule_violation' });
        expect(problem.errors?.map((error) => error.field)).toContain(field);
      }
      expect(await (await api.get('/v1/inventory/items/PATCH-2')).json()).toEqual(created);
    });

    it('answers 404 for an unknown SKU', async () => {
      const problem = await problemOf(await api.send('PATCH', '/v1/inventory/items/NOPE', { quantity_on_hand: 1 }));
      expect(problem).toMatchObject({ status: 404, code: 'not_found', instance: '/v1/inventory/items/NOPE' });
    });
  });

  it('GET /v1/inventory/items/{id} answers 404 problem+json for an unknown SKU', async () => {
    const problem = await problemOf(await api.get('/v1/inventory/items/UNKNOWN'));
    expect(problem).toMatchObject({ status: 404, code: 'not_found', title: 'Not found', type: '/docs/errors#not_found' });
    expect(problem.detail).toContain('UNKNOWN');
  });

  it('offers the same writes in GraphQL', async () => {
    const created = (await (
      await api.graphql('mutation($input: CreateInventoryItemInput!) { create_inventory_item(input: $input) { id quantity_on_hand warehouse { id name } } }', {
        input: newItem('GQL-1'),
      })
    ).json()) as { data: { create_inventory_item: { id: string; quantity_on_hand: number; warehouse: { id: string; name: string } } } };
    expect(created.data.create_inventory_item).toEqual({ id: 'GQL-1', quantity_on_hand: 20, warehouse: { id: warehouseId, name: 'Main' } });
    const updated = (await (await api.graphql('mutation { update_inventory_item(id: "GQL-1", input: { quantity_on_hand: 7 }) { quantity_on_hand } }')).json()) as {
      data: { update_inventory_item: { quantity_on_hand: number } };
    };
    expect(updated.data.update_inventory_item.quantity_on_hand).toBe(7);
    const invalid = (await (await api.graphql('mutation { update_inventory_item(id: "GQL-1", input: { quantity_on_hand: -1 }) { id } }')).json()) as {
      errors: Array<{ extensions: { code: string; errors: Array<{ field: string }> } }>;
    };
    expect(invalid.errors[0]?.extensions).toMatchObject({ code: 'validation_failed', errors: [{ field: 'quantity_on_hand' }] });
  });
});

function fetchRaw(api: ApiClient, body: string, contentType: string): Promise<Response> {
  // ApiClient.send always JSON-encodes; these cases need the raw body.
  return api.raw('POST', '/v1/inventory/items', body, contentType);
}
