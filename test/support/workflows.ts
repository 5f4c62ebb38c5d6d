import { type ApiClient, type TestAccount, accessToken, apiClient, createAccount, eventually, json } from './fixtures.ts';

export { eventually };

export const WORKFLOW_SCOPES = ['workflows:read', 'workflows:write'];

export interface Workflow {
  id: string;
  name: string;
  enabled: boolean;
  trigger_type: 'event' | 'schedule' | 'manual';
  event_type: string | null;
  next_run_at: string | null;
  scopes: string[];
  definition_version: number;
  definition: Record<string, unknown>;
  template: string | null;
  version: number;
}

export type WorkflowWithSecret = Workflow & { signing_secret: string };

export interface WorkflowRun {
  id: string;
  workflow_id: string;
  definition_version: number;
  status: 'queued' | 'running' | 'waiting' | 'succeeded' | 'failed' | 'cancelled';
  trigger: 'event' | 'schedule' | 'manual';
  input: unknown;
  trigger_event_id: string | null;
  scheduled_for: string | null;
  chain_depth: number;
  caused_by_run_id: string | null;
  output: unknown;
  error: { step: string | null; code: string; message: string } | null;
  waiting_for: { step: string; kind: 'wait' | 'approval'; until: string | null; message: unknown } | null;
  started_by: string | null;
  finished_at: string | null;
}

export interface RunStep {
  key: string;
  step_id: string;
  kind: string;
  status: 'running' | 'retrying' | 'waiting' | 'succeeded' | 'failed';
  input: Record<string, unknown> | null;
  output: unknown;
  error: { code: string; message: string } | null;
  attempts: number;
  max_attempts: number;
  started_at: string;
  finished_at: string | null;
  duration_ms: number | null;
}

/**
 * An account for workflows: they are created in its sandbox tenant, where HTTP steps may call
 * receivers on loopback (production tenants need HTTPS).
 */
export async function workflowsAccount(scopes: string[]): Promise<TestAccount & { api: ApiClient }> {
  const account = await createAccount({ scopes: [...new Set([...WORKFLOW_SCOPES, ...scopes])] });
  return { ...account, api: apiClient(await accessToken(account.sandboxClientId, account.sandboxClientSecret), account.sandboxTenantId) };
}

export async function createWorkflow(api: ApiClient, body: Record<string, unknown>): Promise<WorkflowWithSecret> {
  return json<WorkflowWithSecret>(await api.send('POST', '/v1/workflows', body), 201);
}

/** A manual workflow granted `scopes`, running `steps`. */
export function manualWorkflow(scopes: string[], steps: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: `Manual ${Date.now()}`, scopes, definition: { trigger: { type: 'manual' }, steps, ...extra } };
}

export async function startRun(api: ApiClient, workflowId: string, input: unknown = {}, headers: Record<string, string> = {}): Promise<WorkflowRun> {
  return json<WorkflowRun>(await api.send('POST', `/v1/workflows/${workflowId}/runs`, { input }, headers), 201);
}

/** A run is addressed under its workflow. */
export type RunRef = Pick<WorkflowRun, 'workflow_id' | 'id'>;

export async function getRun(api: ApiClient, run: RunRef): Promise<WorkflowRun> {
  return json<WorkflowRun>(await api.get(`/v1/workflows/${run.workflow_id}/runs/${run.id}`));
}

/** The run once it is in one of `statuses` (default: over). */
export function runIn(api: ApiClient, run: RunRef, statuses: Array<WorkflowRun['status']> = ['succeeded', 'failed', 'cancelled'], timeoutMs = 30_000): Promise<WorkflowRun> {
  return eventually(async () => {
    const current = await getRun(api, run);
    return statuses.includes(current.status) ? current : undefined;
  }, timeoutMs, `run ${run.id} ${statuses.join(' or ')}`);
}

export async function stepsOf(api: ApiClient, run: RunRef): Promise<RunStep[]> {
  return (await json<{ data: RunStep[] }>(await api.get(`/v1/workflows/${run.workflow_id}/runs/${run.id}/steps?per_page=100`))).data;
}

export async function runsOf(api: ApiClient, workflowId: string): Promise<WorkflowRun[]> {
  return (await json<{ data: WorkflowRun[] }>(await api.get(`/v1/workflows/runs?workflow_id=${workflowId}&per_page=100`))).data;
}
