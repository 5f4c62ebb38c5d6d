import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type List, accessToken, apiClient, createAccount, database, graphqlData, json, signedInAccount } from '../support/fixtures.ts';

/**
 * The item list's `meta.total` comes from `inventory_item_counts` (migration 0015), appended by
 * triggers in the transaction of every item change. Whatever changes an item (creation, stock
 * crossing the reorder point either way, a new reorder point, another home warehouse, archiving,
 * concurrent writers, a sandbox reset), every filter's total must equal a COUNT(*) of the items.
 */
describe('inventory item totals', () => {
  let api: ApiClient;
  let tenantId: string;
  let north: string;
  let south: string;

  beforeAll(async () => {
    ({ api, tenantId } = await signedInAccount(['inventory:read', 'inventory:write']));
    north = (await json<{ id: string }>(await api.send('POST', '/v1/inventory/warehouses', { name: 'North' }), 201)).id;
    south = (await json<{ id: string }>(await api.send('POST', '/v1/inventory/warehouses', { name: 'South' }), 201)).id;
    for (let index = 0; index < 12; index++) {
      const response = await api.send('POST', '/v1/inventory/items', { id: `TOT-${index}`, name: `Item ${index}`, quantity_on_hand: index % 3 === 0 ? 2 : 20, reorder_point: 10, warehouse_id: index % 2 === 0 ? north : south });
      expect(response.status).toBe(201);
    }
  });

  const send = async (method: string, path: string, body: unknown) => {
    const response = await api.send(method, path, body);
    if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  };

  /** Each filter's total over REST (and the unfiltered one over GraphQL) against COUNT(*) of the items. */
  async function expectExactTotals(client: ApiClient = api, tenant: string = tenantId, warehouses: string[] = [north, south]): Promise<void> {
    const filters: Array<[string, Record<string, unknown>]> = [
      ['', { archived_at: null }],
      ['archived=true', { archived_at: { not: null } }],
    ];
    for (const warehouse of warehouses) filters.push([`warehouse_id=${warehouse}`, { archived_at: null, warehouse_id: warehouse }], [`warehouse_id=${warehouse}&archived=true`, { archived_at: { not: null }, warehouse_id: warehouse }]);
    const below = await database().$queryRaw<Array<{ id: string; below: boolean }>>`SELECT id, quantity_on_hand < reorder_point AS below FROM inventory_items WHERE tenant_id = ${tenant}`;
    const belowIds = below.filter((row) => row.below).map((row) => row.id);
    for (const [query, where] of [...filters]) {
      filters.push([`${query}${query ? '&' : ''}reorder_below=true`, { ...where, id: { in: belowIds } }], [`${query}${query ? '&' : ''}reorder_below=false`, { ...where, id: { notIn: belowIds } }]);
    }
    for (const [query, where] of filters) {
      const listed = await json<List<unknown>>(await client.get(`/v1/inventory/items?per_page=1&${query}`));
      expect(listed.meta.total, query || '(no filter)').toBe(await database().inventoryItem.count({ where: { tenant_id: tenant, ...where } }));
    }
    const graphql = await graphqlData<{ inventory_items: { meta: { total: number } } }>(client, '{ inventory_items(per_page: 1) { meta { total } } }');
    expect(graphql.inventory_items.meta.total).toBe(await database().inventoryItem.count({ where: { tenant_id: tenant, archived_at: null } }));
  }

  it('after creations', async () => {
    await expectExactTotals();
  });

  it('after every kind of change', async () => {
    await send('POST', '/v1/inventory/items/TOT-1/adjust', { quantity: -15 }); // 20 → 5: below
    await expectExactTotals();
    await send('POST', '/v1/inventory/items/TOT-0/receive', { quantity: 30 }); // 2 → 32: above
    await send('PATCH', '/v1/inventory/items/TOT-2', { reorder_point: 50 }); // 20 < 50: below
    await send('PATCH', '/v1/inventory/items/TOT-4', { warehouse_id: south }); // another home warehouse
    await send('PATCH', '/v1/inventory/items/TOT-3', { warehouse_id: north, reorder_point: 1 }); // both at once
    await expectExactTotals();
    await send('POST', '/v1/inventory/items/TOT-5/transfer', { quantity: 5, from_warehouse_id: south, to_warehouse_id: north }); // total unchanged
    await send('POST', '/v1/inventory/items/TOT-6/adjust', { quantity: 1 }); // stays below
    await send('PATCH', '/v1/inventory/items/TOT-7', { name: 'Renamed' }); // no bucket change
    await expectExactTotals();
    await send('POST', '/v1/inventory/items/TOT-8/archive', {});
    await send('POST', '/v1/inventory/items/TOT-9/archive', {});
    await expectExactTotals();
    await send('POST', '/v1/inventory/items/TOT-9/unarchive', {});
    await expectExactTotals();
  });

  it('under concurrent writers crossing the reorder point both ways', async () => {
    const ids = ['TOT-0', 'TOT-1', 'TOT-2', 'TOT-3', 'TOT-4', 'TOT-5', 'TOT-6', 'TOT-7', 'TOT-10', 'TOT-11'];
    for (let round = 0; round < 3; round++) {
      const responses = await Promise.all(ids.flatMap((id) => [api.send('POST', `/v1/inventory/items/${id}/receive`, { quantity: 40 }), api.send('PATCH', `/v1/inventory/items/${id}`, { reorder_point: round % 2 === 0 ? 1000 : 5 })]));
      expect(responses.map((response) => response.status)).toEqual(responses.map(() => 200));
    }
    await expectExactTotals();
  });

  it('folds the counter rows of a tenant when they pile up, keeping the totals', async () => {
    const rows = () => database().inventoryItemCount.count({ where: { tenant_id: tenantId } });
    // Each change of the reorder point across the stock moves the item between buckets: two rows.
    for (let round = 0; round < 30; round++) {
      await Promise.all(['TOT-10', 'TOT-11'].map((id) => send('PATCH', `/v1/inventory/items/${id}`, { reorder_point: round % 2 === 0 ? 10_000 : 0 })));
    }
    const before = await rows();
    expect(before).toBeGreaterThan(64 + 2 * 8);
    await json<List<unknown>>(await api.get('/v1/inventory/items?per_page=1'));
    const after = await rows();
    // At most one row per bucket: 2 warehouses × below or not × archived or not.
    expect(after).toBeLessThanOrEqual(8);
    await expectExactTotals();
  });

  it('a sandbox reset removes the counters with the items', async () => {
    const account = await createAccount({ scopes: ['inventory:read', 'inventory:write', 'tenants:read', 'tenants:write'] });
    const sandbox = apiClient(await accessToken(account.sandboxClientId, account.sandboxClientSecret), account.sandboxTenantId);
    const warehouse = (await json<{ id: string }>(await sandbox.send('POST', '/v1/inventory/warehouses', { name: 'Main' }), 201)).id;
    for (const id of ['RST-1', 'RST-2']) expect((await sandbox.send('POST', '/v1/inventory/items', { id, name: id, quantity_on_hand: 1, reorder_point: 5, warehouse_id: warehouse })).status).toBe(201);
    await expectExactTotals(sandbox, account.sandboxTenantId, [warehouse]);
    await json(await sandbox.send('POST', '/v1/tenants/current/reset', {}), 200);
    expect(await database().inventoryItemCount.count({ where: { tenant_id: account.sandboxTenantId } })).toBe(0);
    const again = (await json<{ id: string }>(await sandbox.send('POST', '/v1/inventory/warehouses', { name: 'Again' }), 201)).id;
    expect((await sandbox.send('POST', '/v1/inventory/items', { id: 'RST-1', name: 'again', quantity_on_hand: 0, reorder_point: 0, warehouse_id: again })).status).toBe(201);
    await expectExactTotals(sandbox, account.sandboxTenantId, [again]);
  });
});
