import { buildSchema, type GraphQLInputType, type GraphQLScalarType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { validateArgumentsBody, validateBody } from '../src/request-validation.ts';
import { buildRouteTable } from '../src/route-table.ts';

const schema = buildSchema(`
  scalar JSON
  scalar MinorUnits
  input PublishInput { type: String! data: JSON! amount: MinorUnits }
  type Event { id: String! }
  type Query { event(id: String!): Event! }
  type Mutation { publish(input: PublishInput!): Event! confirm(id: String!, version: Int): Event! }
`);
const publishInput = schema.getType('PublishInput') as GraphQLInputType;
// As the platform's scalars do: refuse with words of their own (graphql-js puts its prefix before them).
(schema.getType('MinorUnits') as GraphQLScalarType).parseValue = (value) => {
  if (Number.isSafeInteger(value)) return value;
  throw new Error('must be an integer amount in minor units');
};
const [confirm] = buildRouteTable(schema, { 'Mutation.confirm': { method: 'POST', path: '/events/:id/confirm' } });

function refusal(check: () => void): unknown {
  try {
    check();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}

describe('request body validation', () => {
  // JSON.parse reads 1e309 as Infinity: an untyped JSON field stored null for it, or failed with a 500 (found by the fuzz suite).
  it('refuses numbers a double cannot hold, naming each, in typed and untyped fields', () => {
    const body = JSON.parse('{"type": "custom.a", "data": {"total": 1e309, "lines": [1, -1e309]}}') as object;
    expect(refusal(() => validateBody(publishInput, body))).toMatchObject({
      extensions: { code: 'validation_failed', errors: expect.arrayContaining([expect.objectContaining({ field: 'data.total' }), expect.objectContaining({ field: 'data.lines.1' })]) },
    });
    expect(refusal(() => validateBody(publishInput, JSON.parse('{"type": "custom.a", "data": -1e309}') as object))).toMatchObject({ extensions: { code: 'validation_failed', errors: [expect.objectContaining({ field: 'data' })] } });
    expect(refusal(() => validateArgumentsBody(confirm!, JSON.parse('{"version": 1e400}') as object))).toMatchObject({ extensions: { code: 'validation_failed', errors: [expect.objectContaining({ field: 'version' })] } });
  });

  it('accepts numbers at the edges of a double', () => {
    expect(() => validateBody(publishInput, { type: 'custom.a', data: { max: Number.MAX_VALUE, min: Number.MIN_VALUE, negative: -0 } })).not.toThrow();
  });

  it("gives a scalar's own refusal as the field's message, without graphql-js's prefix", () => {
    expect(refusal(() => validateBody(publishInput, { type: 'custom.a', data: {}, amount: 1.5 }))).toMatchObject({
      extensions: { code: 'validation_failed', errors: [{ field: 'amount', message: 'must be an integer amount in minor units' }] },
    });
  });
});
