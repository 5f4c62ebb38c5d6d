import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, json } from '../support/fixtures.ts';
import { createWorkflow, eventually, manualWorkflow, runIn, runsOf, startRun, stepsOf, workflowsAccount } from '../support/workflows.ts';

/**
 * What a workflow may do: its own credential's scopes, granted when it was saved, on every field an
 * operation touches (not only the root fields checked when saved); an event trigger's condition;
 * and loop protection: a chain of runs triggering runs stops at depth 5.
 */

let api: ApiClient;

beforeAll(async () => {
  ({ api } = await workflowsAccount(['crm:read', 'crm:write', 'finance:read', 'finance:write', 'events:read', 'events:write']));
});

describe('a workflow acts with the scopes it was granted, never more', () => {
  it('is refused a field its scopes do not cover, even nested in an operation it may run, and gets no data', async () => {
    const customer = await json<{ id: string }>(await api.send('POST', '/v1/crm/customers', { name: 'Nested scopes', currency: 'EUR' }), 201);
    await json(await api.send('POST', '/v1/finance/invoices', { customer_id: customer.id, currency: 'EUR', lines: [{ description: 'x', quantity: 1, unit_price: 100, tax_rate: 0 }] }), 201);
    // Granted crm:read only: the customers list is allowed, the invoices navigated to from it take finance:read.
    const workflow = await createWorkflow(api, manualWorkflow(['crm:read'], [{ id: 'read', kind: 'graphql', document: `query { customer(id: "${customer.id}") { id invoices { id total } } }` }]));
    const run = await runIn(api, await startRun(api, workflow.id));
    expect(run).toMatchObject({ status: 'failed', error: { step: 'read', code: 'insufficient_scope', message: expect.stringContaining('finance:read') } });
    const [step] = await stepsOf(api, run);
    expect(step).toMatchObject({ attempts: 1, status: 'failed', output: null });
  });
});

describe('event triggers', () => {
  it('start a run for each event whose data meets the condition, with the event as input', async () => {
    const workflow = await createWorkflow(api, {
      name: 'Big orders',
      scopes: ['events:read'],
      definition: { trigger: { type: 'event', event_type: 'custom.governance.order', condition: 'input.data.total >= 1000' }, steps: [{ id: 'noted', kind: 'condition', if: 'true', then: [{ id: 'pause', kind: 'wait', seconds: 1 }] }] },
    });
    const small = await json<{ id: string }>(await api.send('POST', '/v1/events', { type: 'custom.governance.order', data: { total: 10 } }), 201);
    const big = await json<{ id: string }>(await api.send('POST', '/v1/events', { type: 'custom.governance.order', data: { total: 5000 } }), 201);
    const runs = await eventually(async () => {
      const found = await runsOf(api, workflow.id);
      return found.length > 0 ? found : undefined;
    });
    await sleep(1500);
    expect(await runsOf(api, workflow.id)).toHaveLength(1);
    expect(runs[0]).toMatchObject({ trigger: 'event', trigger_event_id: big.id, chain_depth: 1, input: { id: big.id, type: 'custom.governance.order', data: { total: 5000 } } });
    expect(runs.map((run) => run.trigger_event_id)).not.toContain(small.id);
  });

  it('start no run while the workflow is disabled', async () => {
    const workflow = await createWorkflow(api, { name: 'Disabled trigger', scopes: ['events:read'], enabled: false, definition: { trigger: { type: 'event', event_type: 'custom.governance.disabled' }, steps: [{ id: 'pause', kind: 'wait', seconds: 1 }] } });
    await json(await api.send('POST', '/v1/events', { type: 'custom.governance.disabled', data: {} }), 201);
    await sleep(2000);
    expect(await runsOf(api, workflow.id)).toHaveLength(0);
  });
});

describe('loop protection', () => {
  it('stops a chain of runs triggering runs at depth 5: the next run is refused and emits nothing', async () => {
    // Each run publishes the very event that triggers it.
    const workflow = await createWorkflow(api, {
      name: 'Ping pong',
      scopes: ['events:read', 'events:write'],
      definition: { trigger: { type: 'event', event_type: 'custom.governance.ping' }, steps: [{ id: 'ping', kind: 'emit', event_type: 'custom.governance.ping', data: '{ "depth": input.source.chain_depth ? input.source.chain_depth + 1 : 1 }' }] },
    });
    await json(await api.send('POST', '/v1/events', { type: 'custom.governance.ping', data: { depth: 0 } }), 201);
    const runs = await eventually(async () => {
      const found = await runsOf(api, workflow.id);
      return found.length >= 6 && found.every((run) => ['succeeded', 'failed'].includes(run.status)) ? found : undefined;
    }, 30_000, 'a chain of six runs');
    await sleep(2000);
    const settled = (await runsOf(api, workflow.id)).sort((a, b) => a.chain_depth - b.chain_depth);
    expect(settled).toHaveLength(6);
    expect(settled.map((run) => [run.chain_depth, run.status])).toEqual([
      [1, 'succeeded'],
      [2, 'succeeded'],
      [3, 'succeeded'],
      [4, 'succeeded'],
      [5, 'succeeded'],
      [6, 'failed'],
    ]);
    const refused = settled[5];
    expect(refused?.error).toMatchObject({ step: null, code: 'chain_depth_exceeded' });
    expect(refused?.caused_by_run_id).toBe(settled[4]?.id);
    expect(await stepsOf(api, refused as NonNullable<typeof refused>)).toEqual([]);
    // Each run but the refused one completed once; the refused one emitted nothing.
    const completed = await json<{ data: Array<{ resource: { id: string } }> }>(await api.get('/v1/events?type=workflow.completed&per_page=100'));
    const completedRuns = completed.data.map((event) => event.resource.id).filter((id) => runs.some((run) => run.id === id));
    expect(completedRuns.sort()).toEqual(settled.slice(0, 5).map((run) => run.id).sort());
  });

  it('counts a run started by another run’s operation one deeper too', async () => {
    const workflow = await createWorkflow(api, manualWorkflow(['workflows:write'], [{ id: 'again', kind: 'graphql', document: 'mutation($id: String!) { start_workflow_run(id: $id) { id chain_depth } }', variables: { id: 'run.workflow_id' } }]));
    const first = await startRun(api, workflow.id);
    await eventually(async () => {
      const found = await runsOf(api, workflow.id);
      return found.length >= 5 && found.every((run) => ['succeeded', 'failed'].includes(run.status)) ? found : undefined;
    }, 30_000, 'a chain of five runs');
    await sleep(1500);
    const settled = (await runsOf(api, workflow.id)).sort((a, b) => a.chain_depth - b.chain_depth);
    expect(settled.map((run) => run.chain_depth)).toEqual([1, 2, 3, 4, 5]);
    expect(settled[0]?.id).toBe(first.id);
    // The fifth run's step was refused: starting a sixth would pass the limit.
    expect(settled[4]).toMatchObject({ status: 'failed', error: { step: 'again', code: 'rule_violation' } });
  });
});
