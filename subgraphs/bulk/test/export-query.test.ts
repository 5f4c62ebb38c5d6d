import { ApiError } from '@platform/errors';
import { buildSchema, parse, stripIgnoredCharacters, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { META_KEY, PAGE_VARIABLES, prepareExportQuery } from '../src/export-query.ts';

const schema = buildSchema(`
  type PageMeta { total: Int! page: Int! per_page: Int! next_cursor: String }
  type Address { city: String! }
  type Customer { id: String! name: String! address: Address tags: [String!]! }
  type Order { id: String! status: String! customer: Customer! lines: [Line!]! }
  type Line { sku: String! }
  type OrderList { data: [Order!]! meta: PageMeta! }
  type Query {
    orders(status: String, page: Int, per_page: Int, after: String): OrderList!
    order(id: String!): Order!
    customers: [Customer!]!
  }
`);

function refusal(query: string): string {
  try {
    prepareExportQuery(schema, query);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).extensions).toMatchObject({ code: 'rule_violation', errors: [{ field: 'query' }] });
    return (error as ApiError).message;
  }
  throw new Error('the query was accepted');
}

describe('an export query', () => {
  it('is paged by the export, with its filters kept, the envelope reduced to data and the export’s meta', () => {
    const prepared = prepareExportQuery(schema, 'query Open($status: String) { open: orders(status: $status) { data { id customer { name address { city } tags } lines { sku } } meta { total } } }');
    expect(prepared).toMatchObject({ listField: 'open', dataField: 'data', columns: ['id', 'customer.name', 'customer.address.city', 'customer.tags', 'lines'] });
    expect(validate(schema, parse(prepared.document))).toEqual([]);
    const compact = stripIgnoredCharacters(prepared.document);
    expect(compact).toContain(`open:orders(status:$status after:$${PAGE_VARIABLES.after} per_page:$${PAGE_VARIABLES.perPage}){data{id customer{name address{city}tags}lines{sku}}${META_KEY}:meta{next_cursor total@include(if:$${PAGE_VARIABLES.countTotal})}}`);
  });

  it('takes fragments and aliases for its columns, and drops fragments only the client’s meta used', () => {
    const prepared = prepareExportQuery(schema, 'fragment C on Customer { who: name } fragment M on PageMeta { page } { orders { rows: data { id ... on Order { customer { ...C } } } meta { ...M } } }');
    expect(prepared).toMatchObject({ dataField: 'rows', columns: ['id', 'customer.who'] });
    expect(prepared.document).not.toContain('fragment M');
    expect(validate(schema, parse(prepared.document))).toEqual([]);
  });

  it('is refused when it is not one paginated list field at the root', () => {
    expect(refusal('{ orders { data { id } ')).toContain('does not parse');
    expect(refusal('{ orders { data { nope } } }')).toContain('does not validate');
    expect(refusal('mutation { orders { data { id } } }')).toMatch(/does not validate|a query/);
    expect(refusal('{ orders { data { id } } customers { id } }')).toContain('exactly one field');
    expect(refusal('{ order(id: "o") { id } }')).toContain('not a paginated list');
    expect(refusal('{ customers { id } }')).toContain('not a paginated list');
    expect(refusal('{ orders(page: 2) { data { id } } }')).toContain('leave out page');
    expect(refusal('{ orders { meta { total } } }')).toContain('data');
    expect(refusal(`query ($${PAGE_VARIABLES.after}: String) { orders(status: $${PAGE_VARIABLES.after}) { data { id } } }`)).toContain('rename');
  });
});
