import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, problemOf, signedInAccount } from '../support/fixtures.ts';

interface Warehouse {
  id: string;
  name: string;
  version: number;
}

/**
 * ETag and If-Match on REST, `version` in GraphQL inputs: the edge's part of optimistic
 * concurrency, shown on warehouses (each domain's tests cover its own records).
 */
describe('optimistic concurrency at the edge', () => {
  let api: ApiClient;
  let warehouse: Warehouse;

  beforeAll(async () => {
    ({ api } = await signedInAccount(['inventory:read', 'inventory:write']));
    warehouse = (await (await api.send('POST', '/v1/inventory/warehouses', { name: 'Main' })).json()) as Warehouse;
  });

  const read = async () => {
    const response = await api.get(`/v1/inventory/warehouses/${warehouse.id}`);
    return { etag: response.headers.get('etag'), body: (await response.json()) as Warehouse };
  };

  it('gives a record its version as a strong ETag on reads and writes, but not on lists', async () => {
    const created = await api.send('POST', '/v1/inventory/warehouses', { name: 'Tagged' });
    expect(created.headers.get('etag')).toBe('"1"');
    expect(((await created.json()) as Warehouse).version).toBe(1);
    expect((await api.get('/v1/inventory/warehouses')).headers.get('etag')).toBeNull();
  });

  it('applies a write whose If-Match names the current version and refuses a stale one with 412, changing nothing', async () => {
    const before = await read();
    const updated = await api.send('PATCH', `/v1/inventory/warehouses/${warehouse.id}`, { name: 'Renamed' }, { 'if-match': before.etag ?? '' });
    expect(updated.status).toBe(200);
    expect(updated.headers.get('etag')).toBe(`"${before.body.version + 1}"`);

    const stale = await problemOf(await api.send('PATCH', `/v1/inventory/warehouses/${warehouse.id}`, { name: 'Lost update' }, { 'if-match': before.etag ?? '' }));
    expect(stale).toMatchObject({ status: 412, code: 'precondition_failed', current_version: before.body.version + 1 });
    expect((await read()).body).toMatchObject({ name: 'Renamed', version: before.body.version + 1 });
  });

  it('accepts If-Match: * as no condition and refuses a malformed If-Match with 400', async () => {
    expect((await api.send('PATCH', `/v1/inventory/warehouses/${warehouse.id}`, { name: 'Any' }, { 'if-match': '*' })).status).toBe(200);
    const before = await read();
    for (const value of ['3', 'W/"3"', '"abc"']) {
      const problem = await problemOf(await api.send('PATCH', `/v1/inventory/warehouses/${warehouse.id}`, { name: 'Malformed' }, { 'if-match': value }));
      expect(problem).toMatchObject({ status: 400, code: 'invalid_parameter', errors: [{ field: 'If-Match' }] });
    }
    expect((await read()).body).toEqual(before.body);
  });

  it('lets exactly one of two writers based on the same version win', async () => {
    const { etag } = await read();
    const results = await Promise.all(['Writer A', 'Writer B'].map((name) => api.send('PATCH', `/v1/inventory/warehouses/${warehouse.id}`, { name }, { 'if-match': etag ?? '' })));
    expect(results.map((response) => response.status).sort()).toEqual([200, 412]);
  });

  it('checks a stale version given in a GraphQL input with 409 version_conflict', async () => {
    const { body } = await read();
    const response = await api.graphql('mutation ($id: String!, $version: Int!) { update_warehouse(id: $id, input: { name: "Stale", version: $version }) { version } }', { id: warehouse.id, version: body.version - 1 });
    const result = (await response.json()) as { errors: Array<{ extensions: { code: string; current_version: number } }> };
    expect(result.errors[0]?.extensions).toMatchObject({ code: 'version_conflict', current_version: body.version });
    expect((await read()).body).toEqual(body);
  });
});
