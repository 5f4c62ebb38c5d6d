import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, json, problemOf } from '../support/fixtures.ts';
import { type Workflow, createWorkflow, manualWorkflow, runIn, startRun, stepsOf, workflowsAccount } from '../support/workflows.ts';

/**
 * Workflow definitions through the REST API: checked when saved (a 422 naming each step and
 * field at fault), granted at most the saving credential's scopes (a 422), versioned (a run keeps
 * the version it started with), enabled and disabled, their signing secret shown once.
 */

const SCOPES = ['crm:read', 'crm:write', 'inventory:read'];
const CREATE_CUSTOMER = 'mutation Customer($input: CreateCustomerInput!) { create_customer(input: $input) { id name } }';

let api: ApiClient;

beforeAll(async () => {
  ({ api } = await workflowsAccount(SCOPES));
});

describe('saving a definition', () => {
  it('refuses a definition that does not hold up (422), naming every step and field at fault, and saves nothing', async () => {
    const before = (await json<{ meta: { total: number } }>(await api.get('/v1/workflows'))).meta.total;
    const problem = await problemOf(
      await api.send('POST', '/v1/workflows', {
        name: 'Broken',
        scopes: ['crm:write'],
        definition: {
          trigger: { type: 'event', event_type: 'inventory.stock.low', condition: 'input.data.(' },
          steps: [
            { id: 'sleep', kind: 'nap', seconds: 5 },
            { id: 'order', kind: 'graphql', document: 'mutation { create_orderz { id } }' },
            { id: 'read', kind: 'graphql', document: 'query { orders { data { id } } }' },
            { id: 'publish', kind: 'emit', event_type: 'custom.x', data: '{' },
          ],
        },
      }),
    );
    // A 422: the published schema of `definition` is a JSON object; its format is checked by the workflows domain.
    expect(problem).toMatchObject({ status: 422, code: 'rule_violation' });
    expect(problem.errors).toEqual([{ field: 'definition.steps.0.kind', message: 'kind must be one of condition, graphql, emit, http, wait, approval, for_each' }]);
    // Once the shape holds, everything else is reported at once.
    const second = await problemOf(
      await api.send('POST', '/v1/workflows', {
        name: 'Broken',
        scopes: ['crm:write'],
        definition: {
          trigger: { type: 'event', event_type: 'inventory.stock.low', condition: 'input.data.(' },
          steps: [
            { id: 'order', kind: 'graphql', document: 'mutation { create_orderz { id } }' },
            { id: 'read', kind: 'graphql', document: 'query { orders { data { id } } }' },
            { id: 'publish', kind: 'emit', event_type: 'custom.x', data: '{' },
          ],
        },
      }),
    );
    expect(second.errors?.map((error) => error.field)).toEqual([
      'definition.trigger.event_type',
      'definition.trigger.condition',
      'definition.steps.0.document',
      'definition.steps.1.document',
      'definition.steps.2.data',
      'definition.steps.2.event_type',
    ]);
    expect(second.errors?.[0]?.message).toBe('receiving inventory.stock.low events takes the scope inventory:read, which the workflow is not granted');
    expect(second.errors?.[2]?.message).toMatch(/^step "order": Cannot query field "create_orderz" on type "Mutation"\. Did you mean "create_order"/);
    expect(second.errors?.[3]?.message).toBe('step "read": Query.orders takes the scope crm:read, which the workflow is not granted');
    expect(second.errors?.[5]?.message).toBe('step "publish": publishing an event takes the scope events:write, which the workflow is not granted');
    expect((await json<{ meta: { total: number } }>(await api.get('/v1/workflows'))).meta.total).toBe(before);
  });

  it('refuses granting a workflow a scope the saving credential does not hold (no escalation)', async () => {
    const problem = await problemOf(await api.send('POST', '/v1/workflows', manualWorkflow(['crm:write', 'finance:write'], [{ id: 'pause', kind: 'wait', seconds: 1 }])));
    expect(problem).toMatchObject({ status: 422, code: 'rule_violation', errors: [{ field: 'scopes', message: 'not held by your credential: finance:write' }] });
    const unknown = await problemOf(await api.send('POST', '/v1/workflows', manualWorkflow(['crm:everything'], [{ id: 'pause', kind: 'wait', seconds: 1 }])));
    expect(unknown).toMatchObject({ status: 400, code: 'validation_failed', errors: [{ field: 'scopes.0' }] });
  });

  it('shows the signing secret when created and when rotated, never when read', async () => {
    const created = await createWorkflow(api, manualWorkflow(['crm:write'], [{ id: 'pause', kind: 'wait', seconds: 1 }]));
    expect(created.signing_secret).toMatch(/^whsec_/);
    const read = await json<Record<string, unknown>>(await api.get(`/v1/workflows/${created.id}`));
    expect(read).not.toHaveProperty('signing_secret');
    expect(JSON.stringify(await json(await api.get('/v1/workflows?per_page=100')))).not.toContain(created.signing_secret);
    const rotated = await json<{ signing_secret: string; version: number }>(await api.send('POST', `/v1/workflows/${created.id}/rotate-secret`, {}));
    expect(rotated.signing_secret).toMatch(/^whsec_/);
    expect(rotated.signing_secret).not.toBe(created.signing_secret);
    expect(rotated.version).toBe(created.version + 1);
  });
});

describe('versions', () => {
  it('saves a new version for a new definition or scopes; a run keeps the version it started with', async () => {
    const workflow = await createWorkflow(api, {
      ...manualWorkflow(['crm:write'], [
        { id: 'pause', kind: 'wait', seconds: 2 },
        { id: 'customer', kind: 'graphql', document: CREATE_CUSTOMER, variables: { input: '{ "name": "Version one " & input.n, "currency": "EUR" }' } },
      ]),
      name: 'Versioned',
    });
    expect(workflow.definition_version).toBe(1);
    const run = await startRun(api, workflow.id, { n: 1 });
    await runIn(api, run, ['waiting']);
    const renamed = await json<Workflow>(await api.send('PATCH', `/v1/workflows/${workflow.id}`, { name: 'Versioned, renamed' }));
    expect(renamed).toMatchObject({ name: 'Versioned, renamed', definition_version: 1 });
    const changed = await json<Workflow>(
      await api.send('PATCH', `/v1/workflows/${workflow.id}`, {
        definition: { trigger: { type: 'manual' }, steps: [{ id: 'customer', kind: 'graphql', document: CREATE_CUSTOMER, variables: { input: '{ "name": "Version two " & input.n, "currency": "EUR" }' } }] },
      }),
    );
    expect(changed).toMatchObject({ definition_version: 2, definition: { steps: [{ id: 'customer' }] } });
    // The run under way finishes with version 1: its wait, then its customer.
    const first = await runIn(api, run);
    expect(first).toMatchObject({ status: 'succeeded', definition_version: 1 });
    expect((await stepsOf(api, run)).map((step) => step.key)).toEqual(['pause', 'customer']);
    const second = await runIn(api, await startRun(api, workflow.id, { n: 2 }));
    expect(second).toMatchObject({ status: 'succeeded', definition_version: 2, output: { customer: { create_customer: { name: 'Version two 2' } } } });
    const versions = await json<{ data: Array<{ version: number; scopes: string[]; created_by: string }>; meta: { total: number } }>(await api.get(`/v1/workflows/${workflow.id}/versions`));
    expect(versions.data.map((version) => version.version)).toEqual([2, 1]);
    expect(await json(await api.get(`/v1/workflows/${workflow.id}/versions/1`))).toMatchObject({ version: 1, definition: { steps: [{ id: 'pause' }, { id: 'customer' }] }, scopes: ['crm:write'] });
    // A stale version is refused, and changes nothing.
    expect(await problemOf(await api.send('PATCH', `/v1/workflows/${workflow.id}`, { name: 'Stale', version: workflow.version }))).toMatchObject({ status: 409, code: 'version_conflict' });
  });

  it('checks a new version as it checks a new workflow', async () => {
    const workflow = await createWorkflow(api, manualWorkflow(['crm:write'], [{ id: 'pause', kind: 'wait', seconds: 1 }]));
    const problem = await problemOf(await api.send('PATCH', `/v1/workflows/${workflow.id}`, { scopes: ['crm:read'], definition: { trigger: { type: 'manual' }, steps: [{ id: 'customer', kind: 'graphql', document: CREATE_CUSTOMER }] } }));
    expect(problem).toMatchObject({ status: 422, errors: expect.arrayContaining([{ field: 'definition.steps.0.document', message: 'step "customer": Mutation.create_customer takes the scope crm:write, which the workflow is not granted' }]) });
    expect(await json(await api.get(`/v1/workflows/${workflow.id}`))).toMatchObject({ definition_version: 1, scopes: ['crm:write'] });
  });
});

describe('enabling, disabling and deleting', () => {
  it('keeps a schedule’s next time only while enabled', async () => {
    const workflow = await createWorkflow(api, { name: 'Nightly', scopes: ['crm:write'], definition: { trigger: { type: 'schedule', cron: '0 2 * * *', time_zone: 'Europe/Berlin' }, steps: [{ id: 'pause', kind: 'wait', seconds: 1 }] } });
    expect(workflow).toMatchObject({ trigger_type: 'schedule', enabled: true, next_run_at: expect.stringMatching(/T0[01]:00:00\.000Z$/) });
    expect(await json(await api.send('POST', `/v1/workflows/${workflow.id}/disable`, {}))).toMatchObject({ enabled: false, next_run_at: null });
    expect(await json(await api.send('POST', `/v1/workflows/${workflow.id}/enable`, {}))).toMatchObject({ enabled: true, next_run_at: workflow.next_run_at });
  });

  it('refuses deleting a workflow while one of its runs is under way, then deletes it with its runs', async () => {
    const workflow = await createWorkflow(api, manualWorkflow(['crm:write'], [{ id: 'approve', kind: 'approval' }]));
    const run = await runIn(api, await startRun(api, workflow.id), ['waiting']);
    expect(await problemOf(await api.send('DELETE', `/v1/workflows/${workflow.id}`, undefined))).toMatchObject({ status: 409, code: 'invalid_state', current_status: 'waiting' });
    await api.send('POST', `/v1/workflows/${workflow.id}/runs/${run.id}/cancel`, {});
    expect((await api.send('DELETE', `/v1/workflows/${workflow.id}`, undefined)).status).toBe(200);
    expect((await api.get(`/v1/workflows/${workflow.id}`)).status).toBe(404);
    expect((await api.get(`/v1/workflows/${workflow.id}/runs/${run.id}`)).status).toBe(404);
  });
});
