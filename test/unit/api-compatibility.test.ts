import { describe, expect, it } from 'vitest';
import { type ContractSnapshots, checkCompatibility, openApiText, recordedBreakingChanges } from '../support/api-contract.ts';

/**
 * The compatibility check on small contracts built here: it fails on a removed field, a removed
 * operation and a removed response property, passes (asking only for a refreshed snapshot) on
 * additions, and passes a breaking change recorded in CHANGELOG.md. The check of the real contract
 * is test/contract/api-compatibility.test.ts.
 */
const SDL = `
  type Order { id: String! number: String! }
  input CreateOrderInput { customer_id: String! }
  type Query { orders: [Order!]! order(id: String!): Order! }
  type Mutation { create_order(input: CreateOrderInput!): Order }
`;

type Schema = Record<string, unknown>;
function document(order: Schema = { type: 'object', required: ['id', 'number'], properties: { id: { type: 'string' }, number: { type: 'string' } } }, withLookup = true) {
  const ok = (schema: Schema) => ({ '200': { description: 'OK.', content: { 'application/json': { schema } } } });
  return {
    openapi: '3.1.0',
    info: { title: 'Platform API', version: 'v1' },
    paths: {
      '/v1/crm/orders': { get: { operationId: 'orders', responses: ok({ type: 'array', items: { $ref: '#/components/schemas/Order' } }) } },
      ...(withLookup && {
        '/v1/crm/orders/{id}': { get: { operationId: 'order', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: ok({ $ref: '#/components/schemas/Order' }) } },
      }),
    },
    components: { schemas: { Order: order } },
  };
}

const committed: ContractSnapshots = { graphql: SDL, openApi: openApiText(document()) };
const changelog = (...breaking: string[]) => `# Changelog\n\n## Unreleased\n\n### Breaking\n\n${breaking.map((entry) => `- ${entry}\n`).join('')}\n### Added\n\n- Something.\n\n## 1.0.0 - 2026-11-01\n`;

describe('the API compatibility check', () => {
  it('passes a contract equal to its snapshots without looking further', async () => {
    expect(await checkCompatibility(committed, committed, changelog())).toEqual({ unrecorded: [], stale: false });
  });

  it('fails on a removed field, in GraphQL and in the REST answers that carried it', async () => {
    const current = {
      graphql: SDL.replace(' number: String!', ''),
      openApi: openApiText(document({ type: 'object', required: ['id'], properties: { id: { type: 'string' } } })),
    };
    expect(await checkCompatibility(committed, current, changelog())).toEqual({
      unrecorded: [
        "GraphQL `Order.number`: Field 'number' was removed from object type 'Order'",
        'REST `GET /v1/crm/orders`: removed the required property `items/number` from the response with the `200` status',
        'REST `GET /v1/crm/orders/{id}`: removed the required property `number` from the response with the `200` status',
      ],
      stale: true,
    });
  });

  it('fails on a removed operation', async () => {
    const current = { graphql: SDL.replace(' order(id: String!): Order!', ''), openApi: openApiText(document(undefined, false)) };
    expect((await checkCompatibility(committed, current, changelog())).unrecorded).toEqual([
      "GraphQL `Query.order`: Field 'order' was removed from object type 'Query'",
      'REST `GET /v1/crm/orders/{id}`: API path removed without deprecation',
    ]);
  });

  it('passes an added optional field, asking only for the snapshots to be refreshed', async () => {
    const current = {
      graphql: SDL.replace('number: String!', 'number: String! note: String').replace('customer_id: String!', 'customer_id: String! note: String'),
      openApi: openApiText(document({ type: 'object', required: ['id', 'number'], properties: { id: { type: 'string' }, number: { type: 'string' }, note: { type: ['string', 'null'] } } })),
    };
    expect(await checkCompatibility(committed, current, changelog())).toEqual({ unrecorded: [], stale: true });
  });

  it('passes a breaking change recorded under Unreleased → Breaking, each by its own entry', async () => {
    const current = { graphql: SDL.replace(' order(id: String!): Order!', ''), openApi: openApiText(document(undefined, false)) };
    const recorded = changelog(
      "GraphQL `Query.order`: Field 'order' was removed from object type 'Query' — read the order from `orders`.",
      'REST `GET /v1/crm/orders/{id}`: API path removed without deprecation — use `GET /v1/crm/orders`.',
    );
    expect(await checkCompatibility(committed, current, recorded)).toEqual({ unrecorded: [], stale: true });
    const halfRecorded = changelog("GraphQL `Query.order`: Field 'order' was removed from object type 'Query'");
    expect((await checkCompatibility(committed, current, halfRecorded)).unrecorded).toEqual(['REST `GET /v1/crm/orders/{id}`: API path removed without deprecation']);
  });

  it('counts only the entries of Unreleased → Breaking, whole records, not released versions or other sections', () => {
    const text = [
      '# Changelog',
      '## [Unreleased]',
      '### Added',
      '- GraphQL `Query.a`: added',
      '### Breaking',
      '- GraphQL `Query.b`: removed — why.',
      '  continued on the next line',
      '## 1.0.0 - 2026-11-01',
      '### Breaking',
      '- GraphQL `Query.c`: removed',
    ].join('\n');
    expect(recordedBreakingChanges(text)).toEqual(['GraphQL `Query.b`: removed — why.']);
  });
});
