import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, platformUrl, problemOf, signedInAccount } from '../support/fixtures.ts';

/** Nothing a client sends may produce a 500: text the database cannot store is a 400 naming the field. */
describe('hostile input', () => {
  let api: ApiClient;
  beforeAll(async () => {
    ({ api } = await signedInAccount(['inventory:read', 'inventory:write', 'api_keys:read', 'audit:read', 'users:read']));
  });

  it.each([
    ['/v1/inventory/items/%00', 'id'],
    ['/v1/inventory/items?warehouse_id=%00', 'warehouse_id'],
    ['/v1/inventory/warehouses/a%00b', 'id'],
    ['/v1/auth/api-keys/%00', 'id'],
    ['/v1/audit/records?actor_id=x%00', 'actor_id'],
    ['/v1/tenants/users?role_id=%00', 'role_id'],
  ])('GET %s is a 400 naming %s', async (path, field) => {
    const problem = await problemOf(await api.get(path));
    expect(problem).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(problem.errors?.map((error) => error.field)).toContain(field);
  });

  it('refuses a NUL character in a JSON body, naming the field, and creates nothing', async () => {
    const problem = await problemOf(await api.send('POST', '/v1/inventory/warehouses', { name: 'a\u0000b' }));
    expect(problem).toMatchObject({ status: 400, code: 'validation_failed', errors: [{ field: 'name' }] });
    expect(((await (await api.get('/v1/inventory/warehouses')).json()) as { meta: { total: number } }).meta.total).toBe(0);
  });

  it('refuses malformed percent-encoding in a path with a 400', async () => {
    const problem = await problemOf(await api.get('/v1/inventory/items/%ZZ'));
    expect(problem).toMatchObject({ status: 400, code: 'invalid_parameter', errors: [{ field: 'id' }] });
  });

  it('refuses NUL characters in GraphQL variables and literals', async () => {
    for (const [query, variables] of [
      ['query($id: String!) { inventory_item(id: $id) { id } }', { id: 'a\u0000' }],
      ['{ inventory_item(id: "a\\u0000") { id } }', undefined],
    ] as const) {
      const body = (await (await api.graphql(query, variables)).json()) as { errors: Array<{ extensions: { code: string } }> };
      expect(body.errors[0]?.extensions.code).toBe('validation_failed');
    }
  });

  it('answers an absurdly long path without a 500', async () => {
    expect((await api.get(`/v1/${'a/'.repeat(2000)}`)).status).toBe(404);
    expect((await fetch(`${platformUrl}/v1/${'a/'.repeat(2000)}`)).status).toBe(401);
  });

  it('refuses JSON nested thousands of levels deep with a 400, in REST bodies and GraphQL variables, and creates nothing', async () => {
    const nested = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;
    for (const levels of [100, 2_000, 50_000]) {
      const body = `{"name": "Deep", "extra": ${nested(levels)}}`;
      const problem = await problemOf(await api.raw('POST', '/v1/inventory/warehouses', body, 'application/json'));
      expect(problem, `${levels} levels`).toMatchObject({ status: 400, code: 'validation_failed' });
      const response = await fetch(`${platformUrl}/graphql`, {
        method: 'POST',
        headers: { ...api.headers, 'content-type': 'application/json' },
        body: `{"query": "query($id: String!) { inventory_item(id: $id) { id } }", "variables": {"id": "x", "deep": ${nested(levels)}}}`,
      });
      expect(response.status, `${levels} levels over GraphQL`).toBeLessThan(500);
    }
    expect(((await (await api.get('/v1/inventory/warehouses')).json()) as { meta: { total: number } }).meta.total).toBe(0);
  });
});
