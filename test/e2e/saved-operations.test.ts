import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type GraphqlError, type List, type TestAccount, clientWithScope, json, problemOf, signedInAccount } from '../support/fixtures.ts';

const ITEMS_PAGE = 'query ItemsPage($per_page: Int!) { inventory_items(per_page: $per_page, sort: "name") { data { id name } meta { total } } }';
const SCOPES = ['analytics:read', 'analytics:write', 'inventory:read', 'inventory:write'];

interface SavedOperation {
  id: string;
  name: string;
  document: string;
  document_id: string;
  operation_kind: string;
  variables: Array<{ name: string; type: string; required: boolean; default_value: unknown }>;
  result_schema: Record<string, unknown>;
  root_fields: Array<{ field: string; scopes: string[] }>;
  version: number;
}

interface GraphqlBody {
  data?: Record<string, unknown> | null;
  errors?: GraphqlError[];
}

/** A POST /graphql naming a persisted document instead of sending one. */
async function persisted(api: ApiClient, documentId: string, variables: Record<string, unknown>): Promise<{ status: number; body: GraphqlBody }> {
  const response = await api.send('POST', '/graphql', { documentId, variables });
  return { status: response.status, body: (await response.json()) as GraphqlBody };
}

/**
 * Saved operations against the running platform: saved over REST and checked against the
 * supergraph, listed, run by name over REST and as persisted documents over GraphQL, always with
 * the caller's own scopes, never across tenants.
 */
describe('saved operations run by name', () => {
  let account: TestAccount & { api: ApiClient };
  let api: ApiClient;
  let saved: SavedOperation;
  let itemNames: string[];

  beforeAll(async () => {
    account = await signedInAccount(SCOPES);
    api = account.api;
    const warehouse = await json<{ id: string }>(await api.send('POST', '/v1/inventory/warehouses', { name: 'Main' }), 201);
    itemNames = ['Anvil', 'Bolt'];
    for (const name of itemNames) {
      await json(await api.send('POST', '/v1/inventory/items', { id: `SKU-${randomUUID().slice(0, 8)}`, name, quantity_on_hand: 3, reorder_point: 1, warehouse_id: warehouse.id }), 201);
    }
    saved = await json<SavedOperation>(await api.send('POST', '/v1/analytics/saved-operations', { name: 'items_page', description: 'One page of items by name', document: ITEMS_PAGE }), 201);
  });

  it('saves the document with its variables, result schema, root fields and hash', async () => {
    expect(saved).toMatchObject({
      id: expect.stringMatching(/^sop_/),
      name: 'items_page',
      document: ITEMS_PAGE,
      document_id: `sha256:${createHash('sha256').update(ITEMS_PAGE).digest('hex')}`,
      operation_kind: 'query',
      variables: [{ name: 'per_page', type: 'Int!', required: true, default_value: null }],
      root_fields: [{ field: 'Query.inventory_items', scopes: ['inventory:read'] }],
      version: 1,
    });
    expect(saved.result_schema).toMatchObject({ title: 'ItemsPage', required: ['inventory_items'], properties: { inventory_items: { properties: { meta: { properties: { total: { type: 'integer' } } } } } } });
    const list = await json<List<SavedOperation>>(await api.get('/v1/analytics/saved-operations'));
    expect(list.data.map((operation) => operation.name)).toEqual(['items_page']);
    const read = await api.get('/v1/analytics/saved-operations/items_page');
    expect(read.headers.get('etag')).toBe('"1"');
    expect(await json(read)).toEqual(saved);
  });

  it('runs it by name over REST with variables, answering its GraphQL result', async () => {
    const result = await json<GraphqlBody>(await api.send('POST', '/v1/analytics/saved-operations/items_page/run', { variables: { per_page: 1 } }));
    expect(result).toEqual({ data: { inventory_items: { data: [{ id: expect.any(String), name: itemNames[0] }], meta: { total: 2 } } }, errors: null });
  });

  it('counts a run by name as one request against the rate limit, not one for the run and one for the document', async () => {
    const remaining = async (response: Response) => Number((await response).headers.get('ratelimit-remaining'));
    const before = await remaining(await api.get('/v1/analytics/saved-operations'));
    await json(await api.send('POST', '/v1/analytics/saved-operations/items_page/run', { variables: { per_page: 1 } }));
    const after = await remaining(await api.get('/v1/analytics/saved-operations'));
    // The run and the read since `before` (fewer if the window rolled over meanwhile).
    expect(before - after).toBeLessThanOrEqual(2);
  });

  it('runs it over GraphQL as a persisted document, by name or by hash', async () => {
    for (const documentId of ['saved:items_page', saved.document_id]) {
      const { status, body } = await persisted(api, documentId, { per_page: 2 });
      expect(status).toBe(200);
      expect(body.errors).toBeUndefined();
      expect(body.data).toEqual({ inventory_items: { data: itemNames.map((name) => ({ id: expect.any(String), name })), meta: { total: 2 } } });
    }
    // The variables are checked as for any document.
    const { body } = await persisted(api, 'saved:items_page', {});
    expect(body.errors?.[0]?.extensions?.code).toBe('query_invalid');
  });

  it('runs with the caller’s own scopes: refused as the document itself would be', async () => {
    const analystOnly = await clientWithScope(account, 'analytics:read');
    const direct = (await (await analystOnly.graphql(ITEMS_PAGE, { per_page: 1 })).json()) as GraphqlBody;
    expect(direct.errors?.[0]?.extensions).toMatchObject({ code: 'insufficient_scope', required_scope: 'inventory:read' });
    const { body } = await persisted(analystOnly, 'saved:items_page', { per_page: 1 });
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'insufficient_scope', required_scope: 'inventory:read' });
    const rest = await analystOnly.send('POST', '/v1/analytics/saved-operations/items_page/run', { variables: { per_page: 1 } });
    expect(rest.status).toBe(403);
    expect(await problemOf(rest)).toMatchObject({ code: 'insufficient_scope', required_scope: 'inventory:read' });
    // Finding a saved operation needs analytics:read, whatever the document needs.
    const readerOnly = await clientWithScope(account, 'inventory:read');
    const refused = await persisted(readerOnly, 'saved:items_page', { per_page: 1 });
    expect(refused.status).toBe(403);
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({ code: 'insufficient_scope', required_scope: 'analytics:read' });
  });

  it('is invisible to another tenant, by name and by hash', async () => {
    const other = (await signedInAccount(SCOPES)).api;
    expect((await problemOf(await other.get('/v1/analytics/saved-operations/items_page'))).code).toBe('not_found');
    expect((await problemOf(await other.send('POST', '/v1/analytics/saved-operations/items_page/run', { variables: { per_page: 1 } }))).code).toBe('not_found');
    expect((await json<List<SavedOperation>>(await other.get('/v1/analytics/saved-operations'))).data).toEqual([]);
    for (const documentId of ['saved:items_page', saved.document_id]) {
      const { status, body } = await persisted(other, documentId, { per_page: 1 });
      expect(status).toBe(404);
      expect(body.errors?.[0]?.extensions?.code).toBe('persisted_operation_not_found');
    }
  });

  it('refuses documents that cannot run with a 422 naming document, and malformed ids with a 400', async () => {
    for (const document of ['{ inventory_items { data { price } } }', '{ inventory_items { data { id }', 'query A { scopes { name } } query B { scopes { name } }', 'subscription { events { id } }']) {
      const response = await api.send('POST', '/v1/analytics/saved-operations', { name: 'broken', document });
      expect(response.status, document).toBe(422);
      const problem = await problemOf(response);
      expect(problem.code).toBe('rule_violation');
      expect(problem.errors?.map((error) => error.field)).toContain('document');
    }
    const { status, body } = await persisted(api, 'items_page', {});
    expect(status).toBe(400);
    expect(body.errors?.[0]?.extensions?.code).toBe('query_invalid');
  });

  it('saves a mutation, whose runs need the write scopes of its fields', async () => {
    const renaming = await json<SavedOperation>(
      await api.send('POST', '/v1/analytics/saved-operations', { name: 'create_warehouse', document: 'mutation ($name: String!) { create_warehouse(input: { name: $name }) { id name } }' }),
      201,
    );
    expect(renaming).toMatchObject({ operation_kind: 'mutation', root_fields: [{ field: 'Mutation.create_warehouse', scopes: ['inventory:write'] }] });
    const readOnly = await clientWithScope(account, 'analytics:read inventory:read');
    const refused = await readOnly.send('POST', '/v1/analytics/saved-operations/create_warehouse/run', { variables: { name: 'Second' } });
    expect((await problemOf(refused)).code).toBe('insufficient_scope');
    const created = await json<GraphqlBody>(await api.send('POST', '/v1/analytics/saved-operations/create_warehouse/run', { variables: { name: 'Second' } }));
    expect(created.data).toEqual({ create_warehouse: { id: expect.any(String), name: 'Second' } });
  });
});
