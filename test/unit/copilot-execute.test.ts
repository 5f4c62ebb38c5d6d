import { composeSupergraph, subgraphs } from '@platform/gateway';
import { rootFieldScopes } from '@platform/graphql-kit';
import { buildSchema } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type TestAccount, accessToken, apiClient, clientWithScope, createAccount, json } from '../support/fixtures.ts';
import { type Catalogue, type OperationRunner, OperationRefused, buildCatalogue, checkPlan, executePlan, loadVocabulary } from '../../subgraphs/ai/src/copilot/index.ts';

/**
 * The copilot's executor and vocabulary against the test platform, through its /graphql as a
 * client (the copilot's runner does the same through the edge): paging with the lists' cursors up
 * to a bound, what it computes after fetching, money kept per currency, and refusals kept as the
 * platform's own errors.
 */
const { schemas, supergraphSdl } = composeSupergraph(subgraphs, (name) => name);
const scopes = new Map([...schemas.values()].flatMap((schema) => rootFieldScopes(schema)).map((requirement) => [requirement.coordinate, requirement.anyOf]));
const catalogue: Catalogue = buildCatalogue(buildSchema(supergraphSdl), scopes);

const ITEMS = 130;
let account: TestAccount;
let api: ApiClient;
let warehouses: { north: string; south: string };

function runnerOf(client: ApiClient): OperationRunner {
  return async (operation) => (await client.graphql(operation.document, operation.variables)).json() as ReturnType<OperationRunner>;
}

beforeAll(async () => {
  account = await createAccount({ scopes: ['inventory:read', 'inventory:write', 'crm:read', 'crm:write'] });
  api = apiClient(await accessToken(account.clientId, account.clientSecret), account.tenantId);
  warehouses = {
    north: (await json<{ id: string }>(await api.send('POST', '/v1/inventory/warehouses', { name: 'North' }), 201)).id,
    south: (await json<{ id: string }>(await api.send('POST', '/v1/inventory/warehouses', { name: 'South' }), 201)).id,
  };
  // Item n holds n units in North; every tenth also 1 unit moved to South.
  for (let n = 1; n <= ITEMS; n++) await json(await api.send('POST', '/v1/inventory/items', { id: `P-${String(n).padStart(3, '0')}`, name: `Part ${n}`, quantity_on_hand: n, reorder_point: 50, warehouse_id: warehouses.north }), 201);
  for (let n = 10; n <= ITEMS; n += 10) await json(await api.send('POST', `/v1/inventory/items/P-${String(n).padStart(3, '0')}/transfer`, { from_warehouse_id: warehouses.north, to_warehouse_id: warehouses.south, quantity: 1 }));
}, 120_000);

describe('executePlan', () => {
  it('pages through a list with its cursor, 100 records a page, and computes over every record', async () => {
    const plan = { list: 'inventory_items', arguments: { reorder_below: false }, where: [{ field: 'quantity_on_hand', op: 'gte' as const, value: 100 }], select: [], aggregate: { function: 'sum' as const, field: 'quantity_on_hand' } };
    expect(checkPlan(plan, catalogue)).toEqual({ ok: true });
    const result = await executePlan(plan, catalogue, runnerOf(api), { maxRecords: 2000 });
    // Items 50…130 are at or above their reorder point; those of 100 units or more hold 100 + … + 130.
    expect(result.answer).toEqual({ kind: 'number', value: (100 + 130) * 31 / 2, columns: [{ name: 'value', type: 'integer' }], rows: [[(100 + 130) * 31 / 2]] });
    expect(result.truncated).toBe(false);
    expect(result.operations).toHaveLength(1);
    expect(result.operations[0]).toEqual({
      document: 'query CopilotInventoryItems($reorder_below: Boolean, $per_page: Int, $after: String) { inventory_items(reorder_below: $reorder_below, per_page: $per_page, after: $after) { data { quantity_on_hand } meta { total next_cursor } } }',
      variables: { reorder_below: false, per_page: 100 },
    });

    const all = await executePlan({ list: 'inventory_items', arguments: {}, where: [{ field: 'name', op: 'contains', value: 'part' }], select: [], aggregate: { function: 'count' } }, catalogue, runnerOf(api), { maxRecords: 2000 });
    expect(all.answer).toMatchObject({ kind: 'number', value: ITEMS });
    expect(all.operations.map((operation) => operation.variables)).toEqual([{ per_page: 100 }, { per_page: 100, after: expect.any(String) }]);
  });

  it('stops at maxRecords and says the answer covers the first records only', async () => {
    const result = await executePlan({ list: 'inventory_items', arguments: {}, where: [{ field: 'quantity_on_hand', op: 'gt', value: 0 }], select: [], aggregate: { function: 'count' } }, catalogue, runnerOf(api), { maxRecords: 60 });
    expect(result.answer).toMatchObject({ kind: 'number', value: 60 });
    expect(result.truncated).toBe(true);
    expect(result.summary).toBe('60 inventory items match (over the first 60 records only: the list holds more).');
  });

  it('counts with meta.total alone, and reads only the first records of a sorted, limited list', async () => {
    const count = await executePlan({ list: 'inventory_items', arguments: { warehouse_id: warehouses.north }, where: [], select: [], aggregate: { function: 'count' } }, catalogue, runnerOf(api), { maxRecords: 2000 });
    expect(count.answer).toMatchObject({ kind: 'number', value: ITEMS });
    expect(count.operations).toEqual([{ document: expect.stringContaining('{ meta { total next_cursor } }'), variables: { warehouse_id: warehouses.north, per_page: 1 } }]);

    const top = await executePlan({ list: 'inventory_items', arguments: {}, where: [], select: ['id', 'quantity_on_hand'], order_by: { field: 'quantity_on_hand', direction: 'desc' }, limit: 3 }, catalogue, runnerOf(api), { maxRecords: 2000 });
    expect(top.answer).toEqual({ kind: 'records', columns: [{ name: 'id', type: 'id' }, { name: 'quantity_on_hand', type: 'integer' }], rows: [['P-130', 130], ['P-129', 129], ['P-128', 128]], total: 3 });
    expect(top.operations).toEqual([{ document: expect.any(String), variables: { sort: '-quantity_on_hand', per_page: 3 } }]);
  });

  it("unwinds a record's sub-list: stock per warehouse", async () => {
    const result = await executePlan(
      { list: 'inventory_items', arguments: {}, where: [{ field: 'id', op: 'in', value: ['P-010', 'P-020'] }], select: [], group_by: ['stock_levels.warehouse_id'], aggregate: { function: 'sum', field: 'stock_levels.quantity_on_hand' }, order_by: { field: 'value', direction: 'desc' } },
      catalogue,
      runnerOf(api),
      { maxRecords: 2000 },
    );
    expect(result.answer).toEqual({
      kind: 'table',
      columns: [{ name: 'stock_levels.warehouse_id', type: 'id' }, { name: 'value', type: 'integer' }],
      rows: [[warehouses.north, 9 + 19], [warehouses.south, 2]],
      total: 2,
    });
  });

  it('never adds money across currencies: a sum of amounts in two currencies is one row per currency', async () => {
    const euro = await json<{ id: string }>(await api.send('POST', '/v1/crm/customers', { name: 'Euro Buyer', currency: 'EUR' }), 201);
    const dollar = await json<{ id: string }>(await api.send('POST', '/v1/crm/customers', { name: 'Dollar Buyer', currency: 'USD' }), 201);
    for (const [customer, price] of [[euro.id, 1250], [euro.id, 750], [dollar.id, 999]] as const) {
      await json(await api.send('POST', '/v1/crm/orders', { kind: 'sales', customer_id: customer, lines: [{ item_id: 'P-050', quantity: 2, unit_price: price }] }), 201);
    }
    const total = await executePlan({ list: 'orders', arguments: { kind: 'sales' }, where: [], select: [], aggregate: { function: 'sum', field: 'total' } }, catalogue, runnerOf(api), { maxRecords: 2000 });
    expect(total.answer).toEqual({ kind: 'table', columns: [{ name: 'currency', type: 'string' }, { name: 'value', type: 'money' }], rows: [['EUR', 4000], ['USD', 1998]], total: 2 });
    const euros = await executePlan({ list: 'orders', arguments: { customer_id: euro.id }, where: [], select: [], aggregate: { function: 'avg', field: 'total' } }, catalogue, runnerOf(api), { maxRecords: 2000 });
    expect(euros.answer).toEqual({ kind: 'number', value: 2000, unit: 'EUR', columns: [{ name: 'currency', type: 'string' }, { name: 'value', type: 'money' }], rows: [['EUR', 2000]] });
    expect(euros.summary).toBe('The average total of the matching orders is 20.00 EUR.');
  });

  it("keeps the platform's refusal: a missing scope is OperationRefused naming it", async () => {
    const crmOnly = await clientWithScope(account, 'crm:read');
    const refusal = await executePlan({ list: 'inventory_items', arguments: {}, where: [], select: ['id'] }, catalogue, runnerOf(crmOnly), { maxRecords: 10 }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(OperationRefused);
    expect(refusal).toMatchObject({ code: 'insufficient_scope', scope: 'inventory:read', extensions: { code: 'insufficient_scope', required_scope: 'inventory:read' } });
  });
});

describe('loadVocabulary', () => {
  it("reads the names of the caller's records, skipping lists it may not read", async () => {
    const inventoryOnly = await clientWithScope(account, 'inventory:read');
    const vocabulary = await loadVocabulary(runnerOf(inventoryOnly), catalogue);
    expect(vocabulary.terms).toContainEqual({ list: 'warehouses', field: 'id', value: warehouses.north, phrases: ['North', warehouses.north] });
    expect(vocabulary.terms).toContainEqual({ list: 'inventory_items', field: 'id', value: 'P-007', phrases: ['Part 7', 'P-007'] });
    expect(vocabulary.terms.some((term) => term.list === 'customers')).toBe(false);
    expect(new Set(vocabulary.terms.map((term) => term.list))).toEqual(new Set(['warehouses', 'inventory_items']));
  });
});
