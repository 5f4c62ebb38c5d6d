import type { Principal } from '@platform/auth';
import type { Logger } from '@platform/config';
import { type Prisma, type PrismaClient, transactionThen } from '@platform/db';
import type { JobQueue } from '@platform/events';
import type { EventsPort, PlatformOperationExecutor } from '@platform/graphql-kit';
import { type TaskRecord, findTask, lockTask, recordTaskStep, taskSteps, updateTask } from '../repositories/tasks.ts';
import type { TaskPlan } from './plan.ts';
import { emitTaskEnded } from './representation.ts';

/** One job per step: a step's outcome and the next step's job commit together. */
export const AI_TASK_QUEUE = 'ai-task-step';
/** The longest one step's job runs (an operation through the edge is bounded by the request timeout). */
export const AI_TASK_STEP_SECONDS = 60;

export interface TaskEngineOptions {
  prisma: PrismaClient;
  queue: JobQueue;
  events: EventsPort;
  /** Tells the event bus a transaction committed: its events go live, and their dispatch starts. */
  committed(tx: Prisma.TransactionClient): void;
  /** Runs an operation through the edge as the task (bound once the edge exists). */
  execute: PlatformOperationExecutor;
  logger: Logger;
}

/**
 * Executes approved agent tasks on the job queue, one step per job: the step's mutation goes
 * through the edge as the task (credential `ai_task`, the creator's scopes, audited with the task
 * as actor) with the idempotency key `<task>:<step>`, so a job retried after a crash replays the
 * step's first outcome instead of writing twice. Cancellation is seen between steps.
 */
export class TaskEngine {
  constructor(private readonly options: TaskEngineOptions) {}

  /** Queues the task's next step within `tx`: it runs once `tx` commits. */
  queueTask(tx: Prisma.TransactionClient, tenantId: string, taskId: string): Promise<void> {
    return this.options.queue.sendWithin(tx, AI_TASK_QUEUE, [{ data: { tenant_id: tenantId, task_id: taskId } }]);
  }

  wake(): void {
    this.options.queue.wake(AI_TASK_QUEUE);
  }

  async start(): Promise<void> {
    await this.options.queue.work<{ tenant_id: string; task_id: string }>(AI_TASK_QUEUE, { batchSize: 1 }, async ([job]) => {
      if (job) await this.advance(job.data.tenant_id, job.data.task_id);
    });
  }

  /** Runs the task's next step and records it; ends the task after its last step, a failed one, or a cancellation. */
  private async advance(tenantId: string, taskId: string): Promise<void> {
    const { prisma, execute } = this.options;
    const task = await findTask(prisma, tenantId, taskId);
    if (!task || (task.status !== 'queued' && task.status !== 'running')) return;
    const plan = task.plan as unknown as TaskPlan;
    const done = new Set((await taskSteps(prisma, tenantId, taskId)).map((row) => row.step_id));
    const position = plan.steps.findIndex((candidate) => !done.has(candidate.id));
    const next = plan.steps[position];
    if (task.cancel_requested_at || !next) {
      await this.transaction((tx) => this.end(tx, task, task.cancel_requested_at ? { status: 'cancelled' } : { status: 'succeeded' }));
      return;
    }
    if (task.status === 'queued') await prisma.aiTask.update({ where: { tenant_id_id: { tenant_id: tenantId, id: taskId } }, data: { status: 'running', started_at: new Date(), version: { increment: 1 } } });
    const principal: Principal = { tenantId, scopes: new Set(task.scopes), credential: { type: 'ai_task', id: task.id } };
    const startedAt = new Date();
    const result = await execute(principal, { document: next.document, variables: next.variables, idempotencyKey: `${task.id}:${next.id}` });
    const [error] = result.errors ?? [];
    const failure = error ? { code: typeof error.extensions?.code === 'string' ? error.extensions.code : 'operation_failed', message: error.message } : undefined;
    await this.transaction(async (tx) => {
      await recordTaskStep(tx, {
        tenant_id: tenantId,
        task_id: taskId,
        step_id: next.id,
        position,
        operation: next.operation,
        status: failure ? 'failed' : 'succeeded',
        output: (result.data ?? undefined) as Prisma.InputJsonValue | undefined,
        error: failure,
        started_at: startedAt,
      });
      const current = await lockTask(tx, tenantId, taskId);
      if (!current) return;
      if (failure) await this.end(tx, current, { status: 'failed', error: { step: next.id, ...failure } });
      else if (current.cancel_requested_at) await this.end(tx, current, { status: 'cancelled' });
      else if (position === plan.steps.length - 1) await this.end(tx, current, { status: 'succeeded' });
      else await this.queueTask(tx, tenantId, taskId);
    });
    this.wake();
  }

  private async end(tx: Prisma.TransactionClient, task: TaskRecord, outcome: { status: 'succeeded' | 'failed' | 'cancelled'; error?: object }): Promise<void> {
    const ended = await updateTask(tx, task.tenant_id, task.id, { status: outcome.status, ...(outcome.error && { error: outcome.error }), finished_at: new Date() });
    await emitTaskEnded(this.options.events, tx, ended);
  }

  private transaction<T>(work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
    return transactionThen(this.options.prisma, work, (tx) => this.options.committed(tx));
  }
}
