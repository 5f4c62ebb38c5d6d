import { problemFromError, problemResponse } from '@platform/errors';
import { filterValuesRule, parseArgument, ruleJsonSchema } from '@platform/graphql-kit';
import { type GraphQLObjectType, type GraphQLScalarType, buildSchema } from 'graphql';
import { createYoga } from 'graphql-yoga';
import { beforeEach, describe, expect, it } from 'vitest';
import { type RestFacadeOptions, useRestFacade } from '../src/use-rest-facade.ts';

const schema = buildSchema(`
  scalar MinorUnits
  enum OrderStatus { draft confirmed paid void }
  type Order { id: String! }
  type Query {
    orders(status: OrderStatus, status_in: [OrderStatus!], ids: [String!], total_min: MinorUnits, min_ratio: Float, per_page: Int): [Order!]!
  }
`);
// As the platform's scalar does (installPlatformScalars): an amount is a number, never its text.
(schema.getType('MinorUnits') as GraphQLScalarType).parseValue = (value) => {
  if (Number.isSafeInteger(value)) return value;
  throw new Error('must be an integer amount in minor units');
};
let received: Record<string, unknown> | undefined;
const orders = (schema.getQueryType() as GraphQLObjectType).getFields().orders;
if (orders) {
  orders.resolve = (_source, args: Record<string, unknown>) => {
    parseArgument('status_in', filterValuesRule, args.status_in);
    received = args;
    return [];
  };
}

const options: RestFacadeOptions = {
  schema,
  basePath: '/v1',
  routes: { 'Query.orders': { method: 'GET', path: '/crm/orders', tags: ['CRM'] } },
  tags: { Auth: 'Tokens.', CRM: 'Orders.' },
  graphqlOnlyFields: [],
  inputContract: { inputTypes: new Map(), arguments: new Map([['Query.orders.status_in', ruleJsonSchema(filterValuesRule)]]) },
  scopes: new Map([['Query.orders', ['crm:read']]]),
  problemResponse: (error, request) => problemResponse(problemFromError(error, 'req_test', new URL(request.url).pathname)),
  linkRequests: () => {},
  noteOperation: () => {},
};
const facade = useRestFacade(options);
const yoga = createYoga({ schema, plugins: [facade.routes, facade], logging: false });

async function get(query: string): Promise<{ status: number; body: { code?: string; errors?: Array<{ field: string; message: string }> } }> {
  const response = await yoga.fetch(`http://platform.test/v1/crm/orders?${query}`);
  return { status: response.status, body: (await response.json()) as { code?: string; errors?: Array<{ field: string; message: string }> } };
}

/** A list argument (`status_in: [OrderStatus!]`) is a query parameter given once per value. */
describe('list-valued query parameters', () => {
  beforeEach(() => {
    received = undefined;
  });

  it('reach the resolver as a list, from one value or several, each value as it was sent', async () => {
    expect((await get('status_in=paid')).status).toBe(200);
    expect(received).toEqual({ status_in: ['paid'] });

    expect((await get('status_in=paid&ids=ord_1&status_in=void&ids=a%26b%2Cc&per_page=5')).status).toBe(200);
    expect(received).toEqual({ status_in: ['paid', 'void'], ids: ['ord_1', 'a&b,c'], per_page: 5 });
  });

  // qs, which SOFA parses query strings with, turns more than 20 repeated values into an object.
  it('reach the resolver whole beyond 20 values', async () => {
    const values = Array.from({ length: 30 }, (_, index) => ['draft', 'confirmed', 'paid', 'void'][index % 4]);
    expect((await get(values.map((value) => `status_in=${value}`).join('&'))).status).toBe(200);
    expect(received?.status_in).toEqual(values);
  });

  it('refuse a value the element type does not have, naming the parameter and the value', async () => {
    expect(await get('status_in=paid&status_in=bogus')).toMatchObject({
      status: 400,
      body: { code: 'invalid_parameter', errors: [{ field: 'status_in', message: '"bogus" must be one of: draft, confirmed, paid, void' }] },
    });
    expect(received).toBeUndefined();
  });

  it('refuse more values than the argument rule allows', async () => {
    const { status, body } = await get(Array.from({ length: 51 }, () => 'status_in=paid').join('&'));
    expect({ status, code: body.code, fields: body.errors?.map((error) => error.field) }).toEqual({ status: 400, code: 'invalid_parameter', fields: ['status_in'] });
  });

  it('refuse an empty value; a parameter that is not a list stays single', async () => {
    expect(await get('status_in=paid&status_in=')).toMatchObject({ status: 400, body: { code: 'invalid_parameter', errors: [{ field: 'status_in', message: 'must not be empty; leave the parameter out instead' }] } });
    expect(await get('status=paid&status=void')).toMatchObject({ status: 400, body: { code: 'invalid_parameter', errors: [{ field: 'status', message: 'given more than once' }] } });
    expect(received).toBeUndefined();
  });

  it.each(['status_in[]=paid', 'status_in[0]=paid', 'status_in%5B%5D=paid', 'status_in[x]=bogus&status_in=paid'])("refuse qs's bracket syntax as unknown parameters: %s", async (query) => {
    expect(await get(query)).toMatchObject({ status: 400, body: { code: 'unknown_parameter' } });
    expect(received).toBeUndefined();
  });

  // SOFA handed a scalar parameter on as the text it came as: the platform's MinorUnits refuses text.
  it('hand numbers of any numeric scalar to the resolver as numbers', async () => {
    expect((await get('total_min=1999&min_ratio=0.5')).status).toBe(200);
    expect(received).toEqual({ total_min: 1999, min_ratio: 0.5 });
    expect(await get('min_ratio=0x10')).toMatchObject({ status: 400, body: { code: 'invalid_parameter', errors: [{ field: 'min_ratio', message: 'must be a number' }] } });
  });

  it('are published as arrays of their values, exploded, narrowed by the argument rule', () => {
    const document = facade.openApiDocument() as unknown as { paths: Record<string, { get: { parameters: Array<{ name?: string }> } }>; components: { schemas: Record<string, unknown> } };
    const parameters = document.paths['/v1/crm/orders']?.get.parameters ?? [];
    expect(parameters.find((parameter) => parameter.name === 'status_in')).toEqual({
      name: 'status_in',
      in: 'query',
      required: false,
      style: 'form',
      explode: true,
      schema: { type: 'array', items: { $ref: '#/components/schemas/OrderStatus' }, minItems: 1, maxItems: 50 },
    });
    expect(document.components.schemas.OrderStatus).toEqual({ type: 'string', enum: ['draft', 'confirmed', 'paid', 'void'] });
    // Without a rule, no bounds; each value is a non-empty string, never null.
    expect(parameters.find((parameter) => parameter.name === 'ids')).toMatchObject({ style: 'form', explode: true, schema: { type: 'array', items: { type: 'string', minLength: 1 } } });
    expect(parameters.find((parameter) => parameter.name === 'ids')).not.toHaveProperty('schema.maxItems');
    expect(parameters.find((parameter) => parameter.name === 'status')).not.toHaveProperty('explode');
  });
});
