import type { TaskPlan } from '@platform/subgraph-ai';
import { expect } from 'vitest';
import { type ApiClient, eventually, json } from './fixtures.ts';

export const AI_SCOPES = ['ai:read', 'ai:write'];

export interface AiTask {
  id: string;
  goal: string;
  kind: string;
  engine: string;
  status: string;
  require_approval: boolean;
  plan: TaskPlan;
  planning_operations: Array<{ document: string; variables: Record<string, unknown> }>;
  scopes: string[];
  error: { step: string | null; code: string; message: string } | null;
  decided_by: string | null;
  finished_at: string | null;
}

export interface AiTaskStep {
  step_id: string;
  position: number;
  operation: string;
  status: string;
  output: Record<string, { id: string }> | null;
  error: { code: string; message: string } | null;
}

export async function createTask(api: ApiClient, body: Record<string, unknown>): Promise<AiTask> {
  return json<AiTask>(await api.send('POST', '/v1/ai/tasks', body), 201);
}

/** The task once it reached one of `statuses` (a task runs on the job queue). */
export async function taskIn(api: ApiClient, id: string, statuses: string[] = ['succeeded', 'failed', 'cancelled', 'rejected']): Promise<AiTask> {
  return eventually(async () => {
    const task = await json<AiTask>(await api.get(`/v1/ai/tasks/${id}`));
    return statuses.includes(task.status) ? task : undefined;
  }, 20_000, `task ${id} in ${statuses.join(' or ')}`);
}

export async function taskSteps(api: ApiClient, id: string): Promise<AiTaskStep[]> {
  return (await json<{ data: AiTaskStep[] }>(await api.get(`/v1/ai/tasks/${id}/steps`))).data;
}

export async function decide(api: ApiClient, id: string, decision: 'approved' | 'rejected', comment?: string): Promise<AiTask> {
  const response = await api.send('POST', `/v1/ai/tasks/${id}/approval`, { decision, ...(comment && { comment }) });
  expect(response.status).toBe(200);
  return (await response.json()) as AiTask;
}
