import { type GraphQLObjectType, buildSchema } from 'graphql';
import { createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { buildRouteTable } from '../src/route-table.ts';
import { type RestFacadeOptions, useRestFacade } from '../src/use-rest-facade.ts';

const schema = buildSchema(`
  type Item { id: String! name: String! label: String @deprecated(reason: "Use \`name\`. Deprecated: 2026-12-01.") }
  type Query {
    inventory_items(per_page: Int): [Item!]!
    items(per_page: Int, warehouse: String @deprecated(reason: "Use \`warehouse_id\`. Deprecated: 2026-12-01.")): [Item!]! @deprecated(reason: "Use \`inventory_items\`. Deprecated: 2026-12-01. Sunset: 2027-06-30.")
    legacy_items: [Item!]! @deprecated(reason: "Use \`inventory_items\`. Deprecated: 2026-12-01.")
  }
`);
const items = [{ id: 'SKU-1', name: 'Lamp', label: 'Lamp' }];
for (const field of Object.values((schema.getQueryType() as GraphQLObjectType).getFields())) field.resolve = () => items;

const options: RestFacadeOptions = {
  schema,
  basePath: '/v1',
  routes: {
    'Query.inventory_items': { method: 'GET', path: '/inventory/items', tags: ['Inventory'] },
    'Query.items': { method: 'GET', path: '/items', tags: ['Inventory'] },
    'Query.legacy_items': { method: 'GET', path: '/legacy-items', tags: ['Inventory'] },
  },
  tags: { Auth: 'Tokens.', Inventory: 'Items.' },
  graphqlOnlyFields: [],
  inputContract: { inputTypes: new Map(), arguments: new Map() },
  scopes: new Map([
    ['Query.inventory_items', ['inventory:read']],
    ['Query.items', ['inventory:read']],
    ['Query.legacy_items', ['inventory:read']],
  ]),
  problemResponse: (error) => Response.json({ code: (error as { extensions?: { code?: string } }).extensions?.code ?? 'internal_error' }, { status: 400, headers: { 'content-type': 'application/problem+json' } }),
  linkRequests: () => {},
  noteOperation: () => {},
};
const facade = useRestFacade(options);
const yoga = createYoga({ schema, plugins: [facade.routes, facade], logging: false });

/** A REST operation whose root field is @deprecated tells every client that calls it, in its headers and in the document. */
describe('deprecated operations', () => {
  it('answer with Deprecation (RFC 9745) and, once announced, Sunset (RFC 8594)', async () => {
    const response = await yoga.fetch('http://platform.test/v1/items?per_page=5');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(items);
    expect(response.headers.get('deprecation')).toBe('@1796083200');
    expect(response.headers.get('sunset')).toBe('Wed, 30 Jun 2027 00:00:00 GMT');

    const withoutSunset = await yoga.fetch('http://platform.test/v1/legacy-items');
    expect(withoutSunset.headers.get('deprecation')).toBe('@1796083200');
    expect(withoutSunset.headers.has('sunset')).toBe(false);
  });

  it('say so in their refusals too; other operations say nothing', async () => {
    const refused = await yoga.fetch('http://platform.test/v1/items?per_page=many');
    expect(refused.status).toBe(400);
    expect(refused.headers.get('deprecation')).toBe('@1796083200');

    const current = await yoga.fetch('http://platform.test/v1/inventory/items');
    expect(current.status).toBe(200);
    expect(current.headers.has('deprecation')).toBe(false);
    expect(current.headers.has('sunset')).toBe(false);
  });

  it('are marked deprecated in the OpenAPI document, with their sunset and headers; so are deprecated parameters and fields', () => {
    const document = facade.openApiDocument() as unknown as { paths: Record<string, { get: Record<string, unknown> }>; components: { schemas: Record<string, { properties: Record<string, Record<string, unknown>> }> } };
    const deprecated = document.paths['/v1/items']?.get as { deprecated?: boolean; 'x-sunset'?: string; parameters: Array<{ name?: string; deprecated?: boolean }>; responses: Record<string, { headers: Record<string, unknown> }> };
    expect(deprecated.deprecated).toBe(true);
    expect(deprecated['x-sunset']).toBe('2027-06-30');
    expect(Object.keys(deprecated.responses['200']?.headers ?? {})).toEqual(expect.arrayContaining(['Deprecation', 'Sunset']));
    expect(deprecated.parameters.find((parameter) => parameter.name === 'warehouse')?.deprecated).toBe(true);
    expect(deprecated.parameters.find((parameter) => parameter.name === 'per_page')).not.toHaveProperty('deprecated');

    expect(document.paths['/v1/legacy-items']?.get).toMatchObject({ deprecated: true });
    expect(document.paths['/v1/legacy-items']?.get).not.toHaveProperty('x-sunset');
    const current = document.paths['/v1/inventory/items']?.get as { responses: Record<string, { headers: Record<string, unknown> }> };
    expect(current).not.toHaveProperty('deprecated');
    expect(Object.keys(current.responses['200']?.headers ?? {})).not.toContain('Deprecation');

    expect(document.components.schemas.Item?.properties.label).toMatchObject({ deprecated: true });
    expect(document.components.schemas.Item?.properties.name).not.toHaveProperty('deprecated');
  });

  it('cannot be declared without the dates: the route table refuses the reason', () => {
    const undated = buildSchema('type Query { items: [String!]! @deprecated }');
    expect(() => buildRouteTable(undated, { 'Query.items': { method: 'GET', path: '/items' } })).toThrow('the deprecation of Query.items must end with "Deprecated: YYYY-MM-DD."');
  });
});
