import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { checkDefinition } from '../src/definition/validate.ts';
import { checkOperation } from '../src/engine/operations.ts';

/** A schema standing in for the supergraph's API schema: the checks read only its types and the scopes of its root fields. */
const schema = buildSchema(`
  type Query { order(id: String!): Order! }
  type Mutation { create_order(input: CreateOrderInput!): Order! confirm_order(id: String!): Order! }
  input CreateOrderInput { kind: String! customer_id: String! }
  type Order { id: String! status: String! }
`);
const scopes = new Map([
  ['Query.order', ['crm:read']],
  ['Mutation.create_order', ['crm:write']],
  ['Mutation.confirm_order', ['crm:write']],
]);
const checks = {
  checkOperation: (document: string) => checkOperation(schema, scopes, document),
  checkUrl: async (url: string) => (url.includes('169.254.') ? { ok: false as const, reason: 'must be a public address' } : { ok: true as const }),
};
const create = { id: 'draft', kind: 'graphql', document: 'mutation($input: CreateOrderInput!) { create_order(input: $input) { id } }', variables: { input: '{ "kind": "purchase", "customer_id": input.supplier }' } };

async function errorsOf(definition: unknown, granted = ['crm:write', 'inventory:read', 'events:write']) {
  const check = await checkDefinition(definition, new Set(granted), checks);
  return check.ok ? [] : check.errors;
}

describe('workflow definitions', () => {
  it('accept every step kind, nested', async () => {
    const definition = {
      trigger: { type: 'event', event_type: 'inventory.stock.low', condition: 'input.data.quantity_on_hand < 5' },
      steps: [
        { id: 'check', kind: 'condition', if: 'input.data.reorder_point > 0', then: [create], else: [{ id: 'note', kind: 'emit', event_type: 'custom.reorder.skipped', data: '{ "sku": input.data.id }' }] },
        { id: 'pause', kind: 'wait', seconds: 60 },
        { id: 'approve', kind: 'approval', message: '"Confirm the order of " & input.data.id', timeout_seconds: 3600 },
        { id: 'each', kind: 'for_each', items: '[1, 2]', steps: [{ id: 'call', kind: 'http', method: 'POST', url: 'https://example.com/hook', body: '{ "n": item }' }] },
      ],
    };
    expect(await errorsOf(definition)).toEqual([]);
  });

  it('name the step and the field of every error, all at once', async () => {
    const definition = {
      trigger: { type: 'event', event_type: 'order.created' },
      steps: [
        { id: 'bad_expression', kind: 'condition', if: 'input.data.(', then: [{ id: 'unknown_field', kind: 'graphql', document: '{ order(id: "x") { id colour } }' }] },
        { id: 'bad_expression', kind: 'wait', seconds: 5 },
        { id: 'not_granted', kind: 'graphql', document: 'query { order(id: "x") { id } }' },
        { id: 'variables', kind: 'graphql', document: 'mutation($id: String!) { confirm_order(id: $id) { id } }', variables: { other: '1' } },
        { id: 'private', kind: 'http', method: 'GET', url: 'http://169.254.169.254/latest', body: '1' },
        { id: 'platform_event', kind: 'emit', event_type: 'order.created', data: '{}' },
      ],
    };
    expect(await errorsOf(definition)).toEqual([
      { field: 'definition.trigger.event_type', message: 'receiving order.created events takes the scope crm:read, which the workflow is not granted' },
      { field: 'definition.steps.0.if', message: expect.stringMatching(/^step "bad_expression": position \d+: /) },
      { field: 'definition.steps.0.then.0.document', message: 'step "unknown_field": Cannot query field "colour" on type "Order".' },
      { field: 'definition.steps.1.id', message: 'step "bad_expression": another step has this id; step ids are unique in a workflow' },
      { field: 'definition.steps.2.document', message: 'step "not_granted": Query.order takes the scope crm:read, which the workflow is not granted' },
      { field: 'definition.steps.3.variables.other', message: 'step "variables": the document declares no variable $other' },
      { field: 'definition.steps.3.variables', message: "step \"variables\": the document's variable $id is required: give it an expression" },
      { field: 'definition.steps.4.url', message: 'step "private": must be a public address' },
      { field: 'definition.steps.4.body', message: 'step "private": a GET sends no body' },
      { field: 'definition.steps.5.event_type', message: 'step "platform_event": a workflow publishes custom events only (custom.… with 1 to 5 lower-case segments)' },
    ]);
  });

  it('refuse unknown step kinds, misspelt fields and subscriptions', async () => {
    expect(await errorsOf({ trigger: { type: 'manual' }, steps: [{ id: 'x', kind: 'sleep' }] })).toEqual([{ field: 'definition.steps.0.kind', message: 'kind must be one of condition, graphql, emit, http, wait, approval, for_each' }]);
    expect(await errorsOf({ trigger: { type: 'manual' }, steps: [{ id: 'x', kind: 'wait', seconds: 1, until: '"2030-01-01T00:00:00Z"' }] })).toEqual([{ field: 'definition.steps.0.seconds', message: 'give exactly one of seconds and until' }]);
    expect(await errorsOf({ trigger: { type: 'manual' }, steps: [{ id: 'x', kind: 'emit', event_type: 'custom.x', data: '{}', colour: 'red' }] })).toEqual([{ field: 'definition.steps.0', message: 'Unrecognized key: "colour"' }]);
    expect(await errorsOf({ trigger: { type: 'manual' }, steps: [{ id: 'x', kind: 'graphql', document: 'subscription { events { id } }' }] })).toEqual([{ field: 'definition.steps.0.document', message: 'step "x": a step runs a query or a mutation, not a subscription' }]);
  });

  it('check schedules and input schemas', async () => {
    expect(await errorsOf({ trigger: { type: 'schedule', cron: '* * * * * *', time_zone: 'Mars/Olympus' }, steps: [{ id: 'x', kind: 'wait', seconds: 1 }] })).toEqual([
      { field: 'definition.trigger.cron', message: expect.stringContaining('five fields') },
      { field: 'definition.trigger.time_zone', message: 'Mars/Olympus is not an IANA time zone (such as Europe/Paris)' },
    ]);
    const withSchema = (input_schema: unknown) => ({ trigger: { type: 'manual', input_schema }, steps: [{ id: 'x', kind: 'wait', seconds: 1 }] });
    expect(await errorsOf(withSchema({ type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] }))).toEqual([]);
    expect(await errorsOf(withSchema({ type: 'object', properties: { sku: { type: 'string', pattern: '^(a+)+$' } } }))).toEqual([{ field: 'definition.trigger.input_schema', message: expect.stringContaining('the keyword pattern is not allowed') }]);
    expect(await errorsOf(withSchema({ $ref: 'https://example.com/schema.json' }))).toEqual([{ field: 'definition.trigger.input_schema', message: 'a $ref must point inside the schema (#/…): nothing is fetched' }]);
    expect(await errorsOf(withSchema({ type: 'objekt' }))).toEqual([{ field: 'definition.trigger.input_schema', message: expect.stringContaining('is not a JSON Schema (2020-12)') }]);
  });
});
