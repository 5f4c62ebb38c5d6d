import { beforeAll, describe, expect, it } from 'vitest';
import { type Order, action, createCustomer, createItem, createOrder, crmAccount, getOrder, quantityOnHand } from '../support/crm.ts';
import { type ApiClient, type GraphqlError, clientWithScope, graphqlData, json, type TestAccount } from '../support/fixtures.ts';
import { refusal } from '../support/inventory.ts';

type Batch<T> = { status: number; data: T; errors: GraphqlError[] };

/** One GraphQL request of several mutations: its HTTP status, `data` and `errors` (none: an empty list). */
async function batch<T>(api: ApiClient, document: string, variables?: Record<string, unknown>): Promise<Batch<T>> {
  const response = await api.graphql(document, variables);
  const body = (await response.json()) as { data: T; errors?: GraphqlError[] };
  return { status: response.status, data: body.data, errors: body.errors ?? [] };
}

/** Each error as its path and code (and the extras a test names), in the order reported. */
const located = (errors: GraphqlError[]) => errors.map((error) => ({ path: error.path, code: error.extensions?.code }));

describe('Several mutations in one GraphQL request: every committed write is reported', () => {
  let account: TestAccount & { api: ApiClient; warehouseId: string };
  let api: ApiClient;
  let customerId: string;
  let sku = 0;

  async function salesOrder(item: string, quantity: number, status: 'draft' | 'confirmed'): Promise<Order> {
    const draft = await createOrder(api, { kind: 'sales', customer_id: customerId, lines: [{ item_id: item, quantity, unit_price: 100 }] });
    return status === 'draft' ? draft : json<Order>(await action(api, draft.id, 'confirm'), 200);
  }

  async function item(quantity: number): Promise<string> {
    const id = `MB-${++sku}`;
    await createItem(api, account.warehouseId, id, quantity);
    return id;
  }

  beforeAll(async () => {
    account = await crmAccount();
    api = account.api;
    customerId = (await createCustomer(api, { currency: 'EUR' })).id;
  });

  it('three fulfilments, the second refused: the first is reported with its data, the second with invalid_transition at its path, the third runs and is reported', async () => {
    const stock = await item(10);
    const first = await salesOrder(stock, 2, 'confirmed');
    const second = await salesOrder(stock, 4, 'draft');
    const third = await salesOrder(stock, 3, 'confirmed');

    const result = await batch<Record<'first' | 'second' | 'third', { id: string; status: string; version: number } | null>>(
      api,
      `mutation($a: String!, $b: String!, $c: String!) {
        first: fulfil_order(id: $a) { id status version }
        second: fulfil_order(id: $b) { id status version }
        third: fulfil_order(id: $c) { id status version }
      }`,
      { a: first.id, b: second.id, c: third.id },
    );

    expect(result.status).toBe(200);
    expect(result.data).toEqual({
      first: { id: first.id, status: 'fulfilled', version: 3 },
      second: null,
      third: { id: third.id, status: 'fulfilled', version: 3 },
    });
    expect(located(result.errors)).toEqual([{ path: ['second'], code: 'invalid_transition' }]);
    expect(result.errors[0]?.extensions).toMatchObject({ current_status: 'draft', allowed_actions: ['confirm', 'cancel'] });
    // What was reported is what happened: two orders' stock went out, the refused one changed nothing.
    expect(await quantityOnHand(api, stock)).toBe(10 - 2 - 3);
    expect((await getOrder(api, second.id)).status).toBe('draft');
  });

  it('mutations of two subgraphs run one after another in document order, each failure nulling only its own field', async () => {
    const warehouseName = `Batch ${Date.now()}`;
    const result = await batch<{
      item: { id: string; quantity_on_hand: number } | null;
      order: { number: string; lines: Array<{ item_id: string }> } | null;
      duplicate: unknown;
      missing: unknown;
      warehouse: { id: string; name: string } | null;
    }>(
      api,
      `mutation($warehouse: String!, $customer: String!, $name: String!) {
        item: create_inventory_item(input: { id: "MB-CROSS", name: "Cross", quantity_on_hand: 6, reorder_point: 0, warehouse_id: $warehouse }) { id quantity_on_hand }
        order: create_order(input: { kind: sales, customer_id: $customer, lines: [{ item_id: "MB-CROSS", quantity: 1, unit_price: 100 }] }) { number lines { item_id } }
        duplicate: create_inventory_item(input: { id: "MB-CROSS", name: "Again", quantity_on_hand: 1, reorder_point: 0, warehouse_id: $warehouse }) { id }
        missing: fulfil_order(id: "ord_missing") { id }
        warehouse: create_warehouse(input: { name: $name }) { id name }
      }`,
      { warehouse: account.warehouseId, customer: customerId, name: warehouseName },
    );

    expect(result.status).toBe(200);
    // The order (CRM) could name MB-CROSS only because the inventory mutation before it had committed.
    expect(result.data.item).toEqual({ id: 'MB-CROSS', quantity_on_hand: 6 });
    expect(result.data.order?.lines).toEqual([{ item_id: 'MB-CROSS' }]);
    expect(result.data.duplicate).toBeNull();
    expect(result.data.missing).toBeNull();
    expect(result.data.warehouse?.name).toBe(warehouseName);
    expect(located(result.errors)).toEqual([
      { path: ['duplicate'], code: 'already_exists' },
      { path: ['missing'], code: 'not_found' },
    ]);
    // Each reported record exists, and the refused duplicate changed nothing.
    expect(await quantityOnHand(api, 'MB-CROSS')).toBe(6);
    expect((await json<{ name: string }>(await api.get(`/v1/inventory/warehouses/${result.data.warehouse?.id}`), 200)).name).toBe(warehouseName);
  });

  it('a mutation the credential lacks the scope for nulls only its own field', async () => {
    const crmOnly = await clientWithScope(account, 'crm:write');
    const result = await batch<Record<'before' | 'refused' | 'after', { name: string } | null>>(
      crmOnly,
      `mutation {
        before: create_customer(input: { name: "Before" }) { name }
        refused: create_warehouse(input: { name: "Not allowed" }) { name }
        after: create_customer(input: { name: "After" }) { name }
      }`,
    );
    expect(result.data).toEqual({ before: { name: 'Before' }, refused: null, after: { name: 'After' } });
    expect(located(result.errors)).toEqual([{ path: ['refused'], code: 'insufficient_scope' }]);
    expect(result.errors[0]?.extensions).toMatchObject({ required_scope: 'inventory:write' });
  });

  it('a committed write whose selection cannot be read is null with an error pointing inside it', async () => {
    const stock = await item(5);
    const order = await salesOrder(stock, 1, 'confirmed');
    // Without inventory:read, the order's items cannot be read: the write commits, its field is null.
    const crmOnly = await clientWithScope(account, 'crm:write');
    const result = await batch<{ fulfilled: unknown }>(crmOnly, 'mutation($id: String!) { fulfilled: fulfil_order(id: $id) { id lines { item { quantity_on_hand } } } }', { id: order.id });
    expect(result.data).toEqual({ fulfilled: null });
    // The path goes past the mutation's own field: the write ran, only reading its result failed.
    expect(located(result.errors)).toEqual([{ path: ['fulfilled', 'lines', 0, 'item', 'quantity_on_hand'], code: 'insufficient_scope' }]);
    expect((await getOrder(api, order.id)).status).toBe('fulfilled');
  });

  it('every Mutation field of the API schema is nullable; query fields keep their non-null types', async () => {
    const { __schema } = await graphqlData<{ __schema: Record<'queryType' | 'mutationType', { fields: Array<{ name: string; type: { kind: string } }> }> }>(
      api,
      '{ __schema { queryType { fields { name type { kind } } } mutationType { fields { name type { kind } } } } }',
    );
    expect(__schema.mutationType.fields.length).toBeGreaterThanOrEqual(50);
    expect(__schema.mutationType.fields.filter((field) => field.type.kind === 'NON_NULL').map((field) => field.name)).toEqual([]);
    expect(__schema.queryType.fields.find((field) => field.name === 'order')?.type.kind).toBe('NON_NULL');
  });

  it('REST keeps answering a refused write with its problem, never 200 null', async () => {
    const stock = await item(1);
    const draft = await salesOrder(stock, 1, 'draft');
    const refused = await refusal(await action(api, draft.id, 'fulfil'), 409, 'invalid_transition');
    expect(refused).toMatchObject({ current_status: 'draft', allowed_actions: ['confirm', 'cancel'] });
    await refusal(await action(api, 'ord_missing', 'fulfil'), 404, 'not_found');
    await refusal(await (await clientWithScope(account, 'crm:read')).send('POST', `/v1/crm/orders/${draft.id}/confirm`, {}), 403, 'insufficient_scope');
    await refusal(await api.send('POST', '/v1/inventory/items', { id: stock, name: 'Again', quantity_on_hand: 0, reorder_point: 0, warehouse_id: account.warehouseId }), 409, 'already_exists');
    expect((await json<Order>(await action(api, draft.id, 'confirm'), 200)).status).toBe('confirmed');
  });
});
