import type { Prisma } from '@platform/db';
import type { EventSource, EventsPort } from '@platform/graphql-kit';
import type { TaskRecord, TaskStepRecord } from '../repositories/tasks.ts';
import type { TaskPlan } from './plan.ts';

/** A task as the REST API shows it: the data of its `ai.task.completed` event. */
export function taskRepresentation(task: TaskRecord) {
  return {
    id: task.id,
    goal: task.goal,
    kind: task.kind,
    engine: task.engine as 'offline' | 'language_model',
    status: task.status,
    require_approval: task.require_approval,
    plan: task.plan as unknown as TaskPlan,
    planning_operations: task.planning_operations as unknown as Array<{ document: string; variables: Record<string, unknown> }>,
    scopes: task.scopes,
    created_by: task.created_by,
    decided_by: task.decided_by,
    decided_at: task.decided_at?.toISOString() ?? null,
    decision_comment: task.decision_comment,
    error: task.error as { step: string | null; code: string; message: string } | null,
    cancel_requested_at: task.cancel_requested_at?.toISOString() ?? null,
    version: task.version,
    created_at: task.created_at.toISOString(),
    started_at: task.started_at?.toISOString() ?? null,
    finished_at: task.finished_at?.toISOString() ?? null,
  };
}
export type TaskRepresentation = ReturnType<typeof taskRepresentation>;

export function taskStepRepresentation(step: TaskStepRecord) {
  return {
    step_id: step.step_id,
    position: step.position,
    operation: step.operation,
    status: step.status as 'succeeded' | 'failed',
    output: step.output,
    error: step.error as { code: string; message: string } | null,
    started_at: step.started_at.toISOString(),
    finished_at: step.finished_at.toISOString(),
    duration_ms: step.finished_at.getTime() - step.started_at.getTime(),
  };
}
export type TaskStepRepresentation = ReturnType<typeof taskStepRepresentation>;

/** What produced a task's own events: the task. */
function taskEventSource(task: TaskRecord, requestId?: string): EventSource {
  return { type: 'ai_task', credential_id: task.id, ...(requestId && { request_id: requestId }) };
}

/** `ai.task.completed` for a task that just ended, in the transaction that ended it (so once per task). */
export async function emitTaskEnded(events: EventsPort, tx: Prisma.TransactionClient, task: TaskRecord, requestId?: string): Promise<void> {
  await events.emit(tx, task.tenant_id, { type: 'ai.task.completed', data: taskRepresentation(task), resource: { type: 'ai_task', id: task.id } }, taskEventSource(task, requestId));
}
