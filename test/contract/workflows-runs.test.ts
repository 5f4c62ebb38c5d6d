import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, database, json, problemOf } from '../support/fixtures.ts';
import { type Receiver, startReceiver, verified } from '../support/events.ts';
import { barrier, bearerParams, subscribeWs, wsClient } from '../support/subscriptions.ts';
import { type WorkflowWithSecret, createWorkflow, eventually, getRun, manualWorkflow, runIn, startRun, stepsOf, workflowsAccount } from '../support/workflows.ts';

/**
 * Runs of workflows, through the REST API: every step kind, the step log (input, output, error,
 * attempts, timings), a failing step retried with backoff then failing the run, an approval
 * waiting and resumed (or rejected), cancellation, idempotent starts, input schemas, the audit
 * trail with the workflow as actor, `workflow.completed` once per run, and run status changes
 * reaching a GraphQL subscriber live.
 */

const SCOPES = ['crm:read', 'crm:write', 'events:read', 'events:write'];
const CREATE_CUSTOMER = 'mutation Customer($input: CreateCustomerInput!) { create_customer(input: $input) { id name } }';

let api: ApiClient;
let tenantId: string;
let receiver: Receiver;

beforeAll(async () => {
  const account = await workflowsAccount(SCOPES);
  api = account.api;
  tenantId = account.sandboxTenantId;
  receiver = await startReceiver();
});

const runPath = (run: { workflow_id: string; id: string }) => `/v1/workflows/${run.workflow_id}/runs/${run.id}`;

describe('a run of every step kind', () => {
  let workflow: WorkflowWithSecret;

  beforeAll(async () => {
    workflow = await createWorkflow(
      api,
      manualWorkflow(
        ['crm:write', 'events:write'],
        [
          { id: 'customer', kind: 'graphql', document: CREATE_CUSTOMER, variables: { input: '{ "name": "Workflow " & input.name, "currency": "EUR" }' } },
          {
            id: 'vip',
            kind: 'condition',
            if: 'input.tier = "gold"',
            then: [{ id: 'announce', kind: 'emit', event_type: 'custom.workflow.vip', data: '{ "customer_id": steps.customer.create_customer.id }' }],
            else: [{ id: 'ordinary', kind: 'wait', seconds: 1 }],
          },
          { id: 'notify', kind: 'http', method: 'POST', url: receiver.url, headers: { 'x-team': 'ops' }, body: '{ "customer": steps.customer.create_customer, "tier": input.tier }' },
          { id: 'pause', kind: 'wait', until: '$fromMillis($toMillis($now()) + 1000)' },
          { id: 'lines', kind: 'for_each', items: 'input.skus', steps: [{ id: 'line', kind: 'emit', event_type: 'custom.workflow.line', data: '{ "sku": item, "position": index }' }] },
        ],
        { output: '{ "customer": steps.customer.create_customer.id, "lines": $count(steps.lines.items) }' },
      ),
    );
  });

  it('executes the steps in order, the branch the condition chose, and records each step', async () => {
    const started = receiver.received.length;
    const run = await startRun(api, workflow.id, { name: 'Ada', tier: 'gold', skus: ['SKU-1', 'SKU-2'] });
    expect(run).toMatchObject({ workflow_id: workflow.id, definition_version: 1, trigger: 'manual', chain_depth: 1, status: expect.stringMatching(/^(queued|running)$/) });
    const over = await runIn(api, run);
    expect(over.status).toBe('succeeded');
    const customers = (await json<{ data: Array<{ id: string; name: string }> }>(await api.get('/v1/crm/customers?per_page=100'))).data.filter((customer) => customer.name === 'Workflow Ada');
    expect(customers).toHaveLength(1);
    expect(over.output).toEqual({ customer: customers[0]?.id, lines: 2 });

    const steps = await stepsOf(api, run);
    expect(steps.map((step) => [step.key, step.kind, step.status])).toEqual([
      ['customer', 'graphql', 'succeeded'],
      ['vip', 'condition', 'succeeded'],
      ['announce', 'emit', 'succeeded'],
      ['notify', 'http', 'succeeded'],
      ['pause', 'wait', 'succeeded'],
      ['lines', 'for_each', 'succeeded'],
      ['lines[0].line', 'emit', 'succeeded'],
      ['lines[1].line', 'emit', 'succeeded'],
    ]);
    const byKey = new Map(steps.map((step) => [step.key, step]));
    expect(byKey.get('customer')).toMatchObject({ input: { variables: { input: { name: 'Workflow Ada', currency: 'EUR' } } }, output: { create_customer: { id: customers[0]?.id, name: 'Workflow Ada' } }, attempts: 1, max_attempts: 3, error: null });
    expect(byKey.get('vip')).toMatchObject({ input: { if: true }, output: { result: true } });
    expect(byKey.get('notify')).toMatchObject({ output: { status: 200, body: 'answered 200' } });
    expect(byKey.get('lines')).toMatchObject({ output: { items: ['SKU-1', 'SKU-2'] } });
    expect(byKey.get('lines[1].line')).toMatchObject({ input: { event_type: 'custom.workflow.line', data: { sku: 'SKU-2', position: 1 } } });
    const pause = byKey.get('pause');
    expect(pause?.duration_ms).toBeGreaterThanOrEqual(900);
    for (const step of steps) expect(Date.parse(step.finished_at ?? '')).toBeGreaterThanOrEqual(Date.parse(step.started_at));

    // The HTTP call: signed with the workflow's secret (Standard Webhooks), its idempotency key its webhook-id.
    const call = receiver.received[started];
    expect(call?.headers['x-team']).toBe('ops');
    expect(call?.headers['idempotency-key']).toBe(call?.headers['webhook-id']);
    expect(verified(workflow.signing_secret, call as NonNullable<typeof call>)).toEqual({ customer: { id: customers[0]?.id, name: 'Workflow Ada' }, tier: 'gold' });

    // The events it published: custom events whose source names the workflow and the run.
    const published = await json<{ data: Array<{ type: string; data: unknown; source: Record<string, unknown> }> }>(await api.get('/v1/events?type=custom.workflow.line&per_page=100'));
    const lines = published.data.filter((event) => event.source.workflow_run_id === run.id);
    expect(lines.map((event) => event.data)).toEqual(expect.arrayContaining([{ sku: 'SKU-1', position: 0 }, { sku: 'SKU-2', position: 1 }]));
    expect(lines[0]?.source).toMatchObject({ type: 'workflow', credential_id: workflow.id, workflow_run_id: run.id, chain_depth: 1 });
  });

  it('takes the other branch when the condition is false', async () => {
    const run = await runIn(api, await startRun(api, workflow.id, { name: 'Bob', tier: 'silver', skus: [] }));
    expect(run.status).toBe('succeeded');
    const keys = (await stepsOf(api, run)).map((step) => step.key);
    expect(keys).toEqual(['customer', 'vip', 'ordinary', 'notify', 'pause', 'lines']);
  });

  it('records each operation in the audit trail with the workflow as actor and the run as credential', async () => {
    const run = await runIn(api, await startRun(api, workflow.id, { name: 'Audited', tier: 'silver', skus: [] }));
    const customerId = ((await stepsOf(api, run))[0]?.output as { create_customer: { id: string } }).create_customer.id;
    const records = await eventually(async () => {
      const rows = await database().auditRecord.findMany({ where: { tenant_id: tenantId, resource_id: customerId } });
      return rows.length > 0 ? rows : undefined;
    });
    expect(records).toEqual([expect.objectContaining({ action: 'customer.create', actor_type: 'workflow', actor_id: workflow.id, credential_id: run.id })]);
  });

  it('fires workflow.completed once per run, with the run as data', async () => {
    const run = await runIn(api, await startRun(api, workflow.id, { name: 'Completed', tier: 'silver', skus: [] }));
    const completed = await eventually(async () => {
      const events = await json<{ data: Array<{ data: { id: string; status: string }; resource: { id: string } }> }>(await api.get(`/v1/events?type=workflow.completed&resource_id=${run.id}`));
      return events.data.length > 0 ? events.data : undefined;
    });
    expect(completed).toHaveLength(1);
    expect(completed[0]?.data).toMatchObject({ id: run.id, status: 'succeeded', workflow_id: workflow.id });
    expect(completed[0]?.data).toEqual(await getRun(api, run));
  });
});

describe('failing steps', () => {
  it('retries a step that failed for a reason worth retrying, with backoff, then fails the run naming it', async () => {
    const failing = await startReceiver();
    failing.always(503);
    const workflow = await createWorkflow(api, manualWorkflow(['crm:write'], [{ id: 'call', kind: 'http', method: 'POST', url: failing.url, body: '{ "n": 1 }', retry: { max_attempts: 3, backoff_seconds: 1 } }]));
    const run = await runIn(api, await startRun(api, workflow.id));
    expect(run.status).toBe('failed');
    expect(run.error).toEqual({ step: 'call', code: 'http_error', message: expect.stringContaining('answered HTTP 503') });
    const [step] = await stepsOf(api, run);
    expect(step).toMatchObject({ status: 'failed', attempts: 3, max_attempts: 3, error: { code: 'http_error' } });
    expect(failing.received).toHaveLength(3);
    // The same request each time: one idempotency key for the step; backoff 1 s then 2 s.
    expect(new Set(failing.received.map((request) => request.headers['idempotency-key'])).size).toBe(1);
    expect(step?.duration_ms).toBeGreaterThanOrEqual(2900);
  });

  it('fails at once for a refusal no retry changes, with the platform error code', async () => {
    const workflow = await createWorkflow(api, manualWorkflow(['crm:write'], [{ id: 'order', kind: 'graphql', document: 'mutation($input: CreateOrderInput!) { create_order(input: $input) { id } }', variables: { input: '{ "kind": "sales", "customer_id": "cus_nobody", "currency": "EUR" }' } }]));
    const run = await runIn(api, await startRun(api, workflow.id));
    expect(run).toMatchObject({ status: 'failed', error: { step: 'order', code: 'rule_violation' } });
    expect((await stepsOf(api, run))[0]).toMatchObject({ attempts: 1, status: 'failed' });
  });

  it('records what an expression gives as JSON holds it: a function is null, never a stuck run', async () => {
    const workflow = await createWorkflow(api, manualWorkflow(['crm:write'], [{ id: 'check', kind: 'condition', if: 'function($x) { $x }', then: [{ id: 'never', kind: 'wait', seconds: 1 }] }], { output: '{ "f": function($y) { $y }, "n": 1 }' }));
    const run = await runIn(api, await startRun(api, workflow.id));
    expect(run).toMatchObject({ status: 'succeeded', output: { n: 1 } });
    expect((await stepsOf(api, run))[0]).toMatchObject({ input: { if: null }, output: { result: false } });
  });

  it('fails a step whose expression fails, saying where', async () => {
    const workflow = await createWorkflow(api, manualWorkflow(['crm:write'], [{ id: 'each', kind: 'for_each', items: '$error("no items today")', steps: [{ id: 'x', kind: 'wait', seconds: 1 }] }]));
    const run = await runIn(api, await startRun(api, workflow.id));
    expect(run).toMatchObject({ status: 'failed', error: { step: 'each', code: 'expression_failed', message: expect.stringContaining('no items today') } });
  });
});

describe('approvals', () => {
  let workflow: WorkflowWithSecret;

  beforeAll(async () => {
    workflow = await createWorkflow(
      api,
      manualWorkflow(['crm:write'], [
        { id: 'approve', kind: 'approval', message: '"Create customer " & input.name & "?"' },
        { id: 'customer', kind: 'graphql', document: CREATE_CUSTOMER, variables: { input: '{ "name": input.name, "currency": "EUR" }' } },
      ]),
    );
  });

  it('waits for the decision, then goes on with the approver and comment recorded', async () => {
    const run = await runIn(api, await startRun(api, workflow.id, { name: 'Approved Ltd' }), ['waiting']);
    expect(run.waiting_for).toEqual({ step: 'approve', kind: 'approval', until: null, message: 'Create customer Approved Ltd?' });
    expect((await stepsOf(api, run)).map((step) => [step.key, step.status])).toEqual([['approve', 'waiting']]);
    const decided = await json<{ status: string }>(await api.send('POST', `${runPath(run)}/approval`, { decision: 'approved', comment: 'fine' }));
    expect(decided.status).toBe('queued');
    const over = await runIn(api, run);
    expect(over.status).toBe('succeeded');
    const steps = await stepsOf(api, run);
    expect(steps[0]).toMatchObject({ status: 'succeeded', output: { decision: 'approved', comment: 'fine', decided_by: expect.stringMatching(/^cli_/) } });
    expect(steps[1]).toMatchObject({ status: 'succeeded', output: { create_customer: { name: 'Approved Ltd' } } });
    // Decided once: a second decision finds nothing waiting.
    expect(await problemOf(await api.send('POST', `${runPath(run)}/approval`, { decision: 'approved' }))).toMatchObject({ status: 409, code: 'invalid_state' });
  });

  it('fails the run when rejected, and the next step never runs', async () => {
    const run = await runIn(api, await startRun(api, workflow.id, { name: 'Rejected Ltd' }), ['waiting']);
    const rejected = await json<{ status: string; error: unknown }>(await api.send('POST', `${runPath(run)}/approval`, { decision: 'rejected', comment: 'not a real company' }));
    expect(rejected).toMatchObject({ status: 'failed', error: { step: 'approve', code: 'approval_rejected', message: expect.stringContaining('not a real company') } });
    expect((await stepsOf(api, run)).map((step) => step.key)).toEqual(['approve']);
  });

  it('refuses a decision that is not approved or rejected', async () => {
    const run = await runIn(api, await startRun(api, workflow.id, { name: 'Undecided' }), ['waiting']);
    expect(await problemOf(await api.send('POST', `${runPath(run)}/approval`, { decision: 'maybe' }))).toMatchObject({ status: 400, code: 'validation_failed', errors: [{ field: 'decision' }] });
    expect((await json<{ status: string }>(await api.send('POST', `${runPath(run)}/cancel`, {}))).status).toBe('cancelled');
  });
});

describe('cancelling', () => {
  it('cancels a waiting run at once, fires workflow.completed with cancelled, and refuses a second cancel', async () => {
    const workflow = await createWorkflow(api, manualWorkflow(['crm:write'], [{ id: 'later', kind: 'wait', seconds: 3600 }, { id: 'customer', kind: 'graphql', document: CREATE_CUSTOMER, variables: { input: '{ "name": "Never", "currency": "EUR" }' } }]));
    const run = await runIn(api, await startRun(api, workflow.id), ['waiting']);
    expect(run.waiting_for).toMatchObject({ step: 'later', kind: 'wait', until: expect.any(String) });
    const cancelled = await json<{ status: string; finished_at: string }>(await api.send('POST', `${runPath(run)}/cancel`, {}));
    expect(cancelled).toMatchObject({ status: 'cancelled', finished_at: expect.any(String) });
    expect(await problemOf(await api.send('POST', `${runPath(run)}/cancel`, {}))).toMatchObject({ status: 409, code: 'invalid_state', current_status: 'cancelled' });
    const completed = await eventually(async () => {
      const events = await json<{ data: Array<{ data: { status: string } }> }>(await api.get(`/v1/events?type=workflow.completed&resource_id=${run.id}`));
      return events.data.length > 0 ? events.data : undefined;
    });
    expect(completed.map((event) => event.data.status)).toEqual(['cancelled']);
  });

  it('stops a running run before its next step', async () => {
    const slow = await startReceiver();
    const workflow = await createWorkflow(api, manualWorkflow(['crm:write'], [{ id: 'first', kind: 'wait', seconds: 1 }, { id: 'second', kind: 'wait', seconds: 1 }, { id: 'third', kind: 'http', method: 'POST', url: slow.url }]));
    const run = await startRun(api, workflow.id);
    await runIn(api, run, ['waiting']);
    await api.send('POST', `${runPath(run)}/cancel`, {});
    expect((await runIn(api, run)).status).toBe('cancelled');
    expect(slow.received).toHaveLength(0);
  });
});

describe('starting runs', () => {
  it('starts one run for one Idempotency-Key, however often the request is retried', async () => {
    const workflow = await createWorkflow(api, manualWorkflow(['crm:write'], [{ id: 'pause', kind: 'wait', seconds: 1 }]));
    const key = `start-${Date.now()}`;
    const first = await startRun(api, workflow.id, { n: 1 }, { 'idempotency-key': key });
    const again = await api.send('POST', `/v1/workflows/${workflow.id}/runs`, { input: { n: 1 } }, { 'idempotency-key': key });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(((await again.json()) as { id: string }).id).toBe(first.id);
    const runs = await json<{ data: unknown[] }>(await api.get(`/v1/workflows/runs?workflow_id=${workflow.id}`));
    expect(runs.data).toHaveLength(1);
    expect(await problemOf(await api.send('POST', `/v1/workflows/${workflow.id}/runs`, { input: { n: 2 } }, { 'idempotency-key': key }))).toMatchObject({ status: 409, code: 'idempotency_key_reused' });
  });

  it("checks the input against the workflow's input schema, naming each field", async () => {
    const workflow = await createWorkflow(api, {
      name: 'Typed input',
      scopes: ['crm:write'],
      definition: {
        trigger: { type: 'manual', input_schema: { type: 'object', properties: { sku: { type: 'string' }, quantity: { type: 'integer', minimum: 1 } }, required: ['sku', 'quantity'], additionalProperties: false } },
        steps: [{ id: 'pause', kind: 'wait', seconds: 1 }],
      },
    });
    const problem = await problemOf(await api.send('POST', `/v1/workflows/${workflow.id}/runs`, { input: { quantity: 0 } }));
    expect(problem).toMatchObject({ status: 422, code: 'rule_violation' });
    expect(problem.errors).toEqual(expect.arrayContaining([{ field: 'input.sku', message: 'is required' }, { field: 'input.quantity', message: 'must be >= 1' }]));
    expect((await api.send('POST', `/v1/workflows/${workflow.id}/runs`, { input: { sku: 'SKU-1', quantity: 2 } })).status).toBe(201);
  });

  it('takes an absent or null input as {}', async () => {
    const workflow = await createWorkflow(api, manualWorkflow(['crm:write'], [{ id: 'pause', kind: 'wait', seconds: 1 }]));
    for (const body of [{ input: null }, {}]) {
      const run = await json<{ input: unknown }>(await api.send('POST', `/v1/workflows/${workflow.id}/runs`, body), 201);
      expect(run.input).toEqual({});
    }
    expect((await api.get(`/v1/workflows/runs?workflow_id=${workflow.id}`)).status).toBe(200);
  });

  it('refuses runs of a disabled workflow, and of a run or workflow of another path', async () => {
    const workflow = await createWorkflow(api, manualWorkflow(['crm:write'], [{ id: 'pause', kind: 'wait', seconds: 1 }]));
    const run = await startRun(api, workflow.id);
    const other = await createWorkflow(api, manualWorkflow(['crm:write'], [{ id: 'pause', kind: 'wait', seconds: 1 }]));
    // A run is found under its own workflow only.
    expect(await problemOf(await api.get(`/v1/workflows/${other.id}/runs/${run.id}`))).toMatchObject({ status: 404, code: 'not_found' });
    expect((await api.send('POST', `/v1/workflows/${workflow.id}/disable`, {})).status).toBe(200);
    expect(await problemOf(await api.send('POST', `/v1/workflows/${workflow.id}/runs`, { input: {} }))).toMatchObject({ status: 409, code: 'invalid_state' });
  });
});

describe('live run status', () => {
  it('reaches a GraphQL subscriber as workflow.run.updated, from running to the end', async () => {
    const workflow = await createWorkflow(api, manualWorkflow(['crm:write'], [{ id: 'pause', kind: 'wait', seconds: 1 }]));
    const connection = wsClient(api.baseUrl, bearerParams(api));
    afterAll(() => connection.client.dispose());
    type Live = { events: { type: string; data: { id?: string; status?: string } } };
    const live = subscribeWs<Live>(connection.client, 'subscription { events(types: ["workflow.run.updated", "workflow.completed", "custom.workflow.marker"]) { type data } }');
    await barrier(live, api, 'custom.workflow.marker');
    const run = await startRun(api, workflow.id);
    const statuses: string[] = [];
    while (!statuses.includes('workflow.completed:succeeded')) {
      const event = (await live.results.next(20_000)).data?.events;
      if (event?.data.id === run.id) statuses.push(`${event.type}:${event.data.status}`);
    }
    expect(statuses).toEqual(['workflow.run.updated:running', 'workflow.run.updated:waiting', 'workflow.run.updated:running', 'workflow.run.updated:succeeded', 'workflow.completed:succeeded']);
  });
});
