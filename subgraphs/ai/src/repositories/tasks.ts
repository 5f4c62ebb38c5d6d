import { type AiTask, type AiTaskStatus, type AiTaskStep, type Db, type Prisma, newId } from '@platform/db';
import { type ListWindow, prismaListPage } from '@platform/graphql-kit';

/** Every function takes the tenant id as a required argument: no query spans tenants. */
export type TaskRecord = AiTask;
export type TaskStepRecord = AiTaskStep;

/** Statuses of a task that is not over. */
export const ACTIVE_TASK_STATUSES: AiTaskStatus[] = ['awaiting_approval', 'queued', 'running'];

export function createTask(tx: Prisma.TransactionClient, task: Omit<Prisma.AiTaskUncheckedCreateInput, 'id'>): Promise<TaskRecord> {
  return tx.aiTask.create({ data: { ...task, id: newId('ait') } });
}

export function findTask(db: Db, tenantId: string, id: string): Promise<TaskRecord | null> {
  return db.aiTask.findUnique({ where: { tenant_id_id: { tenant_id: tenantId, id } } });
}

/** Locks the task row for the rest of the transaction (`SELECT … FOR UPDATE`) and returns it. */
export async function lockTask(tx: Prisma.TransactionClient, tenantId: string, id: string): Promise<TaskRecord | null> {
  const locked = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM ai_tasks WHERE tenant_id = ${tenantId} AND id = ${id} FOR UPDATE`;
  return locked.length === 0 ? null : findTask(tx, tenantId, id);
}

/** Applies `changes` and increments the version. */
export function updateTask(tx: Prisma.TransactionClient, tenantId: string, id: string, changes: Prisma.AiTaskUncheckedUpdateInput): Promise<TaskRecord> {
  return tx.aiTask.update({ where: { tenant_id_id: { tenant_id: tenantId, id } }, data: { ...changes, version: { increment: 1 } } });
}

export function listTasks(db: Db, tenantId: string, filter: { status?: AiTaskStatus | null }, window: ListWindow) {
  const where: Prisma.AiTaskWhereInput = { tenant_id: tenantId, ...(filter.status != null && { status: filter.status }) };
  return prismaListPage(db.aiTask, where, window);
}

export function recordTaskStep(tx: Prisma.TransactionClient, step: Prisma.AiTaskStepUncheckedCreateInput): Promise<TaskStepRecord> {
  return tx.aiTaskStep.create({ data: step });
}

/** The steps a task executed, in plan order. */
export function taskSteps(db: Db, tenantId: string, taskId: string): Promise<TaskStepRecord[]> {
  return db.aiTaskStep.findMany({ where: { tenant_id: tenantId, task_id: taskId }, orderBy: { position: 'asc' } });
}

export function listTaskSteps(db: Db, tenantId: string, taskId: string, window: ListWindow) {
  const where: Prisma.AiTaskStepWhereInput = { tenant_id: tenantId, task_id: taskId };
  return prismaListPage(db.aiTaskStep, where, window);
}
