import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, signedInAccount } from '../support/fixtures.ts';

interface GraphqlErrors {
  data?: unknown;
  errors?: Array<{ message: string; extensions: { code: string; limit?: string; maximum?: number; actual?: number } }>;
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
