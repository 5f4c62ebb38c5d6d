import { type IncomingHttpHeaders, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { type PrismaClient, createPrismaClient, migrateDatabase } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import { createOAuthClient, createTenantPair } from '@platform/subgraph-identity';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient, eventually, json } from '../support/fixtures.ts';
import { type PlatformProcess, TEST_SECRETS_KEY, accessTokenFrom, spawnPlatform } from '../support/platform-process.ts';
import { type RunStep, type WorkflowRun, type WorkflowWithSecret, WORKFLOW_SCOPES } from '../support/workflows.ts';

/**
 * Durable workflow runs across a crash: the platform is killed with SIGKILL while a run is in the
 * middle of a step (an HTTP call its receiver holds open) or waiting (a `wait` step), a new
 * instance starts on the same database, and the run resumes from its last recorded step once the
 * dead execution's lease lapses: the steps recorded as done are never performed again (one
 * customer each, one audited create each, by the workflow), the step cut short is performed again
 * as the same attempt (the same `idempotency-key` and `webhook-id`, for its receiver to
 * deduplicate), and the run ends once (`workflow.completed` once).
 */

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the receiver does with a request: hold it open (never answer), or answer with this status. */
type Answer = 'hold' | number;

/**
 * An HTTP receiver on loopback. Each path answers by `answers[path]` (given the request's index on
 * that path, from 0); 200 by default. Held requests are never answered: their connection ends when
 * the platform that sent them dies.
 */
async function startReceiver() {
  const received: Received[] = [];
  const answers = new Map<string, (index: number) => Answer>();
  const held: ServerResponse[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const index = received.filter((entry) => entry.path === path).length;
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = answers.get(path)?.(index) ?? 200;
      if (answer === 'hold') held.push(response);
      else response.writeHead(answer, { 'content-type': 'application/json' }).end(JSON.stringify({ received: index }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answers,
    on: (path: string) => received.filter((entry) => entry.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of held) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const CREATE_CUSTOMER = 'mutation($input: CreateCustomerInput!) { create_customer(input: $input) { id } }';

interface Customer {
  id: string;
  name: string;
}

describe('workflow runs across a crash (SIGKILL mid-run)', () => {
  let database: FreshDatabase;
  let prisma: PrismaClient;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let tenantId: string;
  let client: { client_id: string; client_secret: string };
  const instances: PlatformProcess[] = [];
  const env = (url: string) => ({
    DATABASE_URL: url,
    SEED_DEMO: 'false',
    WEBHOOK_ALLOWED_PRIVATE_NETWORKS: '127.0.0.0/8',
    JOB_RECOVERY_SECONDS: '3',
    SECRETS_KEY: TEST_SECRETS_KEY,
  });

  beforeAll(async () => {
    database = await freshDatabase({ prefix: 'workflow_crash' });
    await migrateDatabase(database.url);
    prisma = createPrismaClient(database.url, 2);
    receiver = await startReceiver();
    instances.push(await spawnPlatform(env(database.url)));
    // A sandbox tenant: HTTP steps may call plain HTTP on loopback.
    const { sandbox } = await createTenantPair(prisma, { name: 'Workflow crash', plan: 'enterprise' });
    tenantId = sandbox.id;
    client = await createOAuthClient(prisma, { tenantId, scopes: [...WORKFLOW_SCOPES, 'crm:read', 'crm:write', 'events:read'] });
  }, 180_000);
  afterAll(async () => {
    for (const instance of instances) await instance.stop();
    await receiver?.close();
    await prisma?.$disconnect();
    await database?.dispose();
  });

  const current = () => instances.at(-1) as PlatformProcess;
  const clientOf = async (instance: PlatformProcess): Promise<ApiClient> => apiClient(await accessTokenFrom(instance, client), tenantId, instance.url);

  /** Kills the current instance (SIGKILL: nothing drained, no lease released) and starts another on the same database. */
  async function crashAndRestart(): Promise<ApiClient> {
    await current().kill('SIGKILL');
    instances.push(await spawnPlatform(env(database.url)));
    return clientOf(current());
  }

  const getRun = async (api: ApiClient, workflowId: string, runId: string) => json<WorkflowRun>(await api.get(`/v1/workflows/${workflowId}/runs/${runId}`));
  const stepsOf = async (api: ApiClient, workflowId: string, runId: string) => (await json<{ data: RunStep[] }>(await api.get(`/v1/workflows/${workflowId}/runs/${runId}/steps?per_page=100`))).data;
  const runIn = (api: ApiClient, workflowId: string, runId: string, statuses: Array<WorkflowRun['status']>, timeoutMs: number) =>
    eventually(
      async () => {
        const run = await getRun(api, workflowId, runId);
        return statuses.includes(run.status) ? run : undefined;
      },
      timeoutMs,
      `run ${runId} ${statuses.join(' or ')}`,
    );
  const customersNamed = async (api: ApiClient, name: string) => (await json<{ data: Customer[] }>(await api.get(`/v1/crm/customers?per_page=100&q=${encodeURIComponent(name)}`))).data.filter((customer) => customer.name === name);
  const completions = async (api: ApiClient, runId: string) =>
    (await json<{ data: Array<{ type: string; resource: { type: string; id: string } | null; data: { status: string } }> }>(await api.get(`/v1/events?type=workflow.completed&resource_id=${runId}&per_page=100`))).data;
  /** The audited customer creations of the workflow, once the audit chainer wrote them (`expected` of them), and a moment more for any extra one. */
  async function auditedCreates(workflowId: string, expected: number) {
    const where = { tenant_id: tenantId, action: 'customer.create', actor_id: workflowId };
    await eventually(async () => ((await prisma.auditRecord.count({ where })) >= expected ? true : undefined), 20_000, `${expected} audited customer creations`);
    await sleep(1000);
    return prisma.auditRecord.findMany({ where, orderBy: { seq: 'asc' } });
  }

  it('resumes a run killed in the middle of an HTTP step: done steps are not repeated, the cut-short call is sent again with the same keys', async () => {
    const path = '/crash';
    // The first call is held open: the run is mid-step when the platform dies; later ones are answered.
    receiver.answers.set(path, (index) => (index === 0 ? 'hold' : 200));
    const api = await clientOf(current());
    const n = String(Date.now());
    const workflow = await json<WorkflowWithSecret>(
      await api.send('POST', '/v1/workflows', {
        name: 'Crash mid-HTTP',
        scopes: ['crm:write', 'crm:read'],
        definition: {
          trigger: { type: 'manual' },
          steps: [
            { id: 'create_customer', kind: 'graphql', document: CREATE_CUSTOMER, variables: { input: '{ "name": "Crash " & input.n, "currency": "EUR" }' } },
            { id: 'notify', kind: 'http', method: 'POST', url: `${receiver.url}${path}`, body: '{ "customer_id": steps.create_customer.create_customer.id, "n": input.n }', timeout_seconds: 30 },
            { id: 'create_second', kind: 'graphql', document: CREATE_CUSTOMER, variables: { input: '{ "name": "Crash " & input.n & " follow-up", "currency": "EUR" }' } },
          ],
        },
      }),
      201,
    );
    const started = await json<WorkflowRun>(await api.send('POST', `/v1/workflows/${workflow.id}/runs`, { input: { n } }), 201);

    await eventually(() => (receiver.on(path).length > 0 ? true : undefined), 30_000, 'the HTTP step calling the receiver');
    const atKill = await getRun(api, workflow.id, started.id);
    expect(atKill.status).toBe('running');
    const stepsAtKill = await stepsOf(api, workflow.id, started.id);
    expect(stepsAtKill.map((step) => [step.key, step.status])).toEqual([
      ['create_customer', 'succeeded'],
      ['notify', 'running'],
    ]);

    const resumed = await crashAndRestart();
    const run = await runIn(resumed, workflow.id, started.id, ['succeeded', 'failed', 'cancelled'], 60_000);
    expect(run.status, JSON.stringify(run.error)).toBe('succeeded');
    expect(run.error).toBeNull();

    // The step log: the customer creation recorded before the crash was not performed again; the call cut short was the same attempt, performed again.
    const steps = await stepsOf(resumed, workflow.id, started.id);
    expect(steps.map((step) => [step.key, step.status, step.attempts])).toEqual([
      ['create_customer', 'succeeded', 1],
      ['notify', 'succeeded', 1],
      ['create_second', 'succeeded', 1],
    ]);
    expect(steps[1]?.output).toEqual({ status: 200, body: { received: 1 } });

    // Exactly one customer per creation step, and they are the ones the step log names.
    const first = await customersNamed(resumed, `Crash ${n}`);
    const second = await customersNamed(resumed, `Crash ${n} follow-up`);
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(1);
    expect(steps[0]?.output).toEqual({ create_customer: { id: first[0]?.id } });
    expect(steps[2]?.output).toEqual({ create_customer: { id: second[0]?.id } });

    // The receiver saw the call twice (the held one, then the one after the crash), with the same keys and body, each signed with the workflow's secret.
    const calls = receiver.on(path);
    expect(calls).toHaveLength(2);
    const [held, retried] = calls as [Received, Received];
    expect(held.headers['idempotency-key']).toMatch(/^\S+$/);
    expect(retried.headers['idempotency-key']).toBe(held.headers['idempotency-key']);
    expect(held.headers['webhook-id']).toMatch(/^\S+$/);
    expect(retried.headers['webhook-id']).toBe(held.headers['webhook-id']);
    expect(JSON.parse(retried.body)).toEqual({ customer_id: first[0]?.id, n });
    expect(retried.body).toBe(held.body);
    const verifier = new Webhook(workflow.signing_secret);
    for (const call of calls) expect(() => verifier.verify(call.body, call.headers as Record<string, string>)).not.toThrow();

    // The run ended once: one workflow.completed, about this run.
    const completed = await completions(resumed, started.id);
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({ type: 'workflow.completed', resource: { type: 'workflow_run', id: started.id }, data: { status: 'succeeded' } });

    // One audited creation per customer, by the workflow.
    const audited = await auditedCreates(workflow.id, 2);
    expect(audited.map((record) => [record.actor_type, record.resource_id])).toEqual([
      ['workflow', first[0]?.id],
      ['workflow', second[0]?.id],
    ]);
  }, 180_000);

  it('resumes a run killed while it waits: the wait ends on the next instance, the step before it is not repeated', async () => {
    const api = await clientOf(current());
    const n = `${Date.now()}w`;
    const workflow = await json<WorkflowWithSecret>(
      await api.send('POST', '/v1/workflows', {
        name: 'Crash mid-wait',
        scopes: ['crm:write', 'crm:read'],
        definition: {
          trigger: { type: 'manual' },
          steps: [
            { id: 'create_customer', kind: 'graphql', document: CREATE_CUSTOMER, variables: { input: '{ "name": "Crash " & input.n, "currency": "EUR" }' } },
            { id: 'pause', kind: 'wait', seconds: 2 },
            { id: 'create_second', kind: 'graphql', document: CREATE_CUSTOMER, variables: { input: '{ "name": "Crash " & input.n & " follow-up", "currency": "EUR" }' } },
          ],
        },
      }),
      201,
    );
    const started = await json<WorkflowRun>(await api.send('POST', `/v1/workflows/${workflow.id}/runs`, { input: { n } }), 201);
    const waiting = await runIn(api, workflow.id, started.id, ['waiting', 'succeeded', 'failed', 'cancelled'], 30_000);
    expect(waiting.status).toBe('waiting');
    expect(waiting.waiting_for).toMatchObject({ step: 'pause', kind: 'wait' });

    const resumed = await crashAndRestart();
    const run = await runIn(resumed, workflow.id, started.id, ['succeeded', 'failed', 'cancelled'], 60_000);
    expect(run.status, JSON.stringify(run.error)).toBe('succeeded');

    const steps = await stepsOf(resumed, workflow.id, started.id);
    expect(steps.map((step) => [step.key, step.status, step.attempts])).toEqual([
      ['create_customer', 'succeeded', 1],
      ['pause', 'succeeded', 1],
      ['create_second', 'succeeded', 1],
    ]);
    // The wait ended at the time it was due, recorded before the crash.
    expect(waiting.waiting_for?.until).toEqual(expect.any(String));
    expect(steps[1]?.output).toEqual({ waited_until: new Date(waiting.waiting_for?.until as string).toISOString() });
    const first = await customersNamed(resumed, `Crash ${n}`);
    const second = await customersNamed(resumed, `Crash ${n} follow-up`);
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(1);
    expect(await completions(resumed, started.id)).toHaveLength(1);
    const audited = await auditedCreates(workflow.id, 2);
    expect(audited.map((record) => [record.actor_type, record.resource_id])).toEqual([
      ['workflow', first[0]?.id],
      ['workflow', second[0]?.id],
    ]);
  }, 180_000);

  it("keeps an HTTP step's idempotency-key and webhook-id across its retried attempts", async () => {
    const path = '/retried';
    // A 503 first (worth another attempt), then a 200.
    receiver.answers.set(path, (index) => (index === 0 ? 503 : 200));
    const api = await clientOf(current());
    const workflow = await json<WorkflowWithSecret>(
      await api.send('POST', '/v1/workflows', {
        name: 'Retried HTTP',
        scopes: ['crm:read'],
        definition: { trigger: { type: 'manual' }, steps: [{ id: 'notify', kind: 'http', method: 'POST', url: `${receiver.url}${path}`, body: '{ "n": 1 }', retry: { max_attempts: 3, backoff_seconds: 1 } }] },
      }),
      201,
    );
    const started = await json<WorkflowRun>(await api.send('POST', `/v1/workflows/${workflow.id}/runs`, { input: {} }), 201);
    const run = await runIn(api, workflow.id, started.id, ['succeeded', 'failed', 'cancelled'], 30_000);
    expect(run.status, JSON.stringify(run.error)).toBe('succeeded');
    const steps = await stepsOf(api, workflow.id, started.id);
    expect(steps.map((step) => [step.key, step.status, step.attempts])).toEqual([['notify', 'succeeded', 2]]);
    const calls = receiver.on(path);
    expect(calls).toHaveLength(2);
    // The receiver deduplicates by these: an attempt that timed out after the receiver acted must not look like a new message.
    expect(calls[1]?.headers['idempotency-key']).toBe(calls[0]?.headers['idempotency-key']);
    expect(calls[1]?.headers['webhook-id']).toBe(calls[0]?.headers['webhook-id']);
  }, 60_000);
});
