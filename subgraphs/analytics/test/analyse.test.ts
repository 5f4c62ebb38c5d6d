import { describe, expect, it } from 'vitest';
import { analyseOperation } from '../src/operations/analyse.ts';
import { documentHash, parseDocumentId } from '../src/operations/document-id.ts';
import { type SchemaNode, schema, scopes } from './stand-in-supergraph.ts';

function analysed(document: string) {
  const analysis = analyseOperation(schema, scopes, document);
  if (!analysis.ok) throw new Error(analysis.errors.join('; '));
  return analysis;
}

describe('analysing a document to save', () => {
  it('derives variables, root fields with their scopes and the JSON Schema of the result', () => {
    const analysis = analysed(`query Confirmed($status: OrderStatus = confirmed, $per_page: Int!) {
      orders(status: $status, per_page: $per_page) { data { id status total placed_at who: customer { name balance } tags } meta { total } }
      order(id: "ord_1") { id }
    }`);
    expect(analysis.kind).toBe('query');
    expect(analysis.operationName).toBe('Confirmed');
    expect(analysis.variables).toEqual([
      { name: 'status', type: 'OrderStatus', required: false, default_value: 'confirmed' },
      { name: 'per_page', type: 'Int!', required: true, default_value: null },
    ]);
    expect(analysis.rootFields).toEqual([
      { field: 'Query.orders', scopes: ['crm:read'] },
      { field: 'Query.order', scopes: ['crm:read'] },
    ]);
    const result = analysis.resultSchema as unknown as SchemaNode;
    expect(result.title).toBe('Confirmed');
    expect(result.required).toEqual(['orders', 'order']);
    // A nullable object: an object or null.
    expect(result.properties.order).toEqual({ type: ['object', 'null'], properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false });
    const order = result.properties.orders!.properties.data!.items;
    expect(order.required).toEqual(['id', 'status', 'total', 'placed_at', 'who', 'tags']);
    expect(order.properties.status).toEqual({ type: 'string', enum: ['draft', 'confirmed'] });
    expect(order.properties.total).toMatchObject({ type: 'integer' });
    expect(order.properties.placed_at).toEqual({ type: ['string', 'null'], format: 'date-time' });
    expect(order.properties.tags).toEqual({ type: 'array', items: { type: 'string' } });
    // Aliases name the property; field descriptions document it.
    expect(order.properties.who!.properties.balance).toMatchObject({ description: 'Open balance.', type: ['integer', 'null'] });
  });

  it('marks fields that not every result object has as not required: narrower fragments, @skip and @include', () => {
    const analysis = analysed(`query ($full: Boolean!) {
      parties { __typename ... on Customer { id balance } ... on Warehouse { id city } }
      named { ...Names }
      order(id: "x") { id notes @include(if: $full) }
    }
    fragment Names on Named { name }`);
    const { properties } = analysis.resultSchema as unknown as SchemaNode;
    const party = properties.parties!.items;
    expect(party.required).toEqual(['__typename']);
    expect(party.properties.__typename).toEqual({ type: 'string', enum: ['Customer', 'Warehouse'] });
    expect(Object.keys(party.properties)).toEqual(['__typename', 'id', 'balance', 'city']);
    // A fragment on the interface itself applies to every object.
    expect(properties.named!.items.required).toEqual(['name']);
    expect(properties.order!.required).toEqual(['id']);
  });

  it('accepts a mutation, with the write scopes its runs need', () => {
    const analysis = analysed('mutation { confirm_order(id: "ord_1") { id status } }');
    expect(analysis.kind).toBe('mutation');
    expect(analysis.rootFields).toEqual([{ field: 'Mutation.confirm_order', scopes: ['crm:write'] }]);
  });

  it.each([
    ['a syntax error, with its place', '{ orders { data { id }', /Syntax Error: Expected Name, found <EOF>. \(line 1, column 23\)/],
    ['a field the schema lacks', '{ orders { data { id price } } }', /Cannot query field "price" on type "Order"/],
    ['a variable of an unknown type', 'query ($s: Status) { orders(status: $s) { meta { total } } }', /Unknown type "Status"/],
    ['two operations', 'query A { parties { __typename } } query B { named { name } }', /exactly one operation; it holds 2/],
    ['no operation', 'fragment F on Order { id }', /exactly one operation; it holds 0/],
    ['a subscription', 'subscription { events }', /not a subscription|subscription streams/],
  ])('refuses %s with GraphQL’s message', (_case, document, message) => {
    const analysis = analyseOperation(schema, scopes, document);
    expect(analysis.ok).toBe(false);
    expect(analysis.ok ? [] : analysis.errors.join('; ')).toMatch(message);
  });
});

describe('persisted document ids', () => {
  it('names a saved operation by name or by the SHA-256 of its document', () => {
    const hash = documentHash('{ named { name } }');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(parseDocumentId('saved:monthly_revenue')).toEqual({ by: 'name', name: 'monthly_revenue' });
    expect(parseDocumentId(`sha256:${hash}`)).toEqual({ by: 'hash', hash });
    for (const invalid of ['monthly_revenue', 'saved:Monthly', 'saved:', `sha256:${hash.toUpperCase()}`, `sha256:${hash}0`, 'sha1:abc']) expect(parseDocumentId(invalid)).toBeUndefined();
  });
});
