import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, signedInAccount } from '../support/fixtures.ts';

interface GraphqlErrors {
  data?: unknown;
  errors?: Array<{ message: string; extensions: { code: string; limit?: string; maximum?: number; actual?: number } }>;
  extensions?: { cost?: { requested: number; actual: number; budget: number } };
}

/** A selection nested `levels` deep through introspection's `ofType` chain (not `__schema`, so it counts). */
const nestedTypeQuery = (levels: number) => `{ __type(name: "Query") { fields { type ${'{ ofType '.repeat(levels)}{ name }${' }'.repeat(levels)} } } }`;

describe('GraphQL query cost limits', () => {
  let api: ApiClient;

  beforeAll(async () => {
    ({ api } = await signedInAccount(['inventory:read', 'inventory:write', 'crm:read', 'finance:read']));
  });

  const run = async (query: string) => (await (await api.graphql(query)).json()) as GraphqlErrors;

  it('refuses a document deeper than 12 levels, naming the depth limit, and accepts 12', async () => {
    // __type, fields, type, then the ofType chain, then name: depth = 4 + levels.
    const accepted = await run(nestedTypeQuery(8));
    expect(accepted.errors).toBeUndefined();
    const refused = await run(nestedTypeQuery(9));
    expect(refused.data).toBeUndefined();
    expect(refused.errors).toHaveLength(1);
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'query_too_complex', limit: 'depth', maximum: 12 });
    expect(refused.errors?.[0]?.message).toMatch(/depth limit.*12.*found 13/);
  });

  it('refuses more than 30 aliases, naming the aliases limit', async () => {
    const aliased = (count: number) => `{ ${Array.from({ length: count }, (_, index) => `a${index}: warehouses { meta { total } }`).join(' ')} }`;
    expect((await run(aliased(30))).errors).toBeUndefined();
    const refused = await run(aliased(31));
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'query_too_complex', limit: 'aliases', maximum: 30 });
  });

  it('refuses a query whose nested pages could return more than 25,000 records, with its estimate, and accepts a large but bounded one', async () => {
    const exploding = '{ orders(per_page: 100) { data { lines { item { open_purchase_orders { lines { item { id } } } } } } } }';
    const refused = await run(exploding);
    expect(refused.data).toBeUndefined();
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'query_too_complex', limit: 'complexity', maximum: 25_000 });
    expect(refused.errors?.[0]?.extensions.actual).toBeGreaterThan(25_000);
    expect(refused.errors?.[0]?.message).toMatch(/complexity limit of 25000/);
    // The same shape with a page of 10 stays under the limit.
    expect((await run(exploding.replace('per_page: 100', 'per_page: 10'))).errors).toBeUndefined();
  });
});

describe('the cost of each operation in its answer', () => {
  let api: ApiClient;

  beforeAll(async () => {
    ({ api } = await signedInAccount(['inventory:read', 'inventory:write']));
    for (const name of ['Cost A', 'Cost B', 'Cost C']) expect((await api.send('POST', '/v1/inventory/warehouses', { name })).status).toBe(201);
  });

  const run = async (query: string) => {
    const response = await api.graphql(query);
    return { body: (await response.json()) as GraphqlErrors, header: response.headers.get('query-cost') };
  };

  it('gives every GraphQL answer extensions.cost: the estimate, the objects returned and the budget, also as a Query-Cost header', async () => {
    // Estimate: the envelope 1 + 5 × (data 1 + meta 1) = 11. Returned: the envelope, 3 warehouses, meta = 5.
    const { body, header } = await run('{ warehouses(per_page: 5) { data { id } meta { total } } }');
    expect(body.errors).toBeUndefined();
    expect(body.extensions?.cost).toEqual({ requested: 11, actual: 5, budget: 25_000 });
    expect(header).toBe('requested=11, actual=5, budget=25000');
    // Scalars are free: a field that returns one costs nothing.
    expect((await run('{ warehouses(per_page: 5) { meta { total } } }')).body.extensions?.cost).toEqual({ requested: 6, actual: 2, budget: 25_000 });
  });

  it('gives refusals their cost too: over the complexity limit and over the depth limit', async () => {
    const refused = await run('{ inventory_items(per_page: 100) { data { stock_levels { item { stock_levels { item { stock_levels { warehouse { id } } } } } } } } }');
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({ code: 'query_too_complex', limit: 'complexity' });
    expect(refused.body.extensions?.cost).toEqual({ requested: refused.body.errors?.[0]?.extensions.actual, actual: 0, budget: 25_000 });
    expect(refused.body.extensions?.cost?.requested).toBeGreaterThan(25_000);
    const deep = await run(nestedTypeQuery(9));
    expect(deep.body.errors?.[0]?.extensions).toMatchObject({ code: 'query_too_complex', limit: 'depth' });
    expect(deep.body.extensions?.cost).toMatchObject({ actual: 0, budget: 25_000 });
    expect(deep.header).toMatch(/^requested=\d+, actual=0, budget=25000$/);
  });

  it('tells a REST answer its cost in the Query-Cost header', async () => {
    const response = await api.get('/v1/inventory/warehouses?per_page=5');
    expect(response.status).toBe(200);
    // SOFA passes per_page as a variable, so the estimate counts the largest page (100).
    expect(response.headers.get('query-cost')).toMatch(/^requested=\d{3}, actual=5, budget=25000$/);
  });

  it('counts an aggregate by its groups and, on Query, by the records it scans', async () => {
    const { api: analyst } = await signedInAccount(['crm:read']);
    const cost = async (query: string) => (await (await analyst.graphql(query)).json()) as GraphqlErrors;
    // One group without group_by: the scan (100), the field, its one group (with its key).
    const overall = await cost('{ orders_aggregate { groups { key { status } count } truncated } }');
    expect(overall.errors).toBeUndefined();
    expect(overall.extensions?.cost?.requested).toBe(100 + 1 + 1 * (1 + 1));
    const grouped = await cost('{ orders_aggregate(group_by: "status", limit: 50) { groups { count } } }');
    expect(grouped.extensions?.cost?.requested).toBe(100 + 1 + 50 * 1);
    // A page of 100 customers, each with up to 1,000 groups: refused before any statement runs.
    const refused = await cost('{ customers(per_page: 100) { data { orders_aggregate(group_by: "status", limit: 1000) { groups { count } } } } }');
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'query_too_complex', limit: 'complexity' });
    // The same page with the entity default (10 groups each) fits the budget.
    const page = await cost('{ customers(per_page: 100) { data { orders_aggregate(group_by: "status") { groups { count } } } } }');
    expect(page.errors).toBeUndefined();
  });
});
