import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildRouteTable, matchRoute } from '../src/route-table.ts';

const schema = buildSchema(`
  type Item { id: String! }
  type Query { items: [Item!]! item(id: String!): Item! }
  type Mutation { archive_item(id: String!): Item! }
`);
const table = buildRouteTable(schema, {
  'Query.items': { method: 'GET', path: '/inventory/items' },
  'Query.item': { method: 'GET', path: '/inventory/items/:id' },
  'Mutation.archive_item': { method: 'POST', path: '/inventory/items/:id/archive' },
});

describe('route table', () => {
  it('matches a declared path and decodes its parameters', () => {
    expect(matchRoute(table, 'GET', '/inventory/items/SKU%2D1')).toMatchObject({ route: { coordinate: 'Query.item' }, params: { id: 'SKU-1' } });
    expect(matchRoute(table, 'GET', '/inventory/items/SKU-1/archive')).toEqual({ allowed: ['POST'] });
  });

  // SOFA serves the matched request and routes no trailing slash: a tolerated one was a 500.
  it.each(['/inventory/items/', '/inventory/items/SKU-1/', '/inventory/items/SKU-1/archive/'])('knows no route at %s (a trailing slash)', (path) => {
    expect(matchRoute(table, 'GET', path)).toBeUndefined();
    expect(matchRoute(table, 'POST', path)).toBeUndefined();
  });
});
