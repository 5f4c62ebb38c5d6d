import { type Db, type Prisma, type WorkflowRun, type WorkflowRunStatus, type WorkflowRunStep, newId } from '@platform/db';
import { type ListWindow, prismaListPage } from '@platform/graphql-kit';

/** Every function takes the tenant id as a required argument: no query spans tenants. */

export type RunRecord = WorkflowRun;
export type RunStepRecord = WorkflowRunStep;

/** Statuses of a run that is not over. */
export const ACTIVE_RUN_STATUSES: WorkflowRunStatus[] = ['queued', 'running', 'waiting'];

export async function listRuns(db: Db, tenantId: string, filter: { workflow_id?: string | null; status?: WorkflowRunStatus | null }, window: ListWindow) {
  const where: Prisma.WorkflowRunWhereInput = { tenant_id: tenantId, ...(filter.workflow_id != null && { workflow_id: filter.workflow_id }), ...(filter.status != null && { status: filter.status }) };
  return prismaListPage(db.workflowRun, where, window);
}

export function findRun(db: Db, tenantId: string, id: string): Promise<RunRecord | null> {
  return db.workflowRun.findUnique({ where: { tenant_id_id: { tenant_id: tenantId, id } } });
}

/** Locks the run row for the rest of the transaction (`SELECT … FOR UPDATE`) and returns it. */
export async function lockRun(tx: Prisma.TransactionClient, tenantId: string, id: string): Promise<RunRecord | null> {
  const locked = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM workflow_runs WHERE tenant_id = ${tenantId} AND id = ${id} FOR UPDATE`;
  if (locked.length === 0) return null;
  return findRun(tx, tenantId, id);
}

export interface NewRun {
  tenant_id: string;
  workflow_id: string;
  workflow_version: number;
  trigger: WorkflowRun['trigger'];
  input: unknown;
  chain_depth: number;
  timeout_at: Date;
  trigger_event_id?: string;
  scheduled_for?: Date;
  caused_by_run_id?: string | null;
  started_by?: string;
  /** A run refused before it starts (loop protection): created failed with this error. */
  refused?: { code: string; message: string };
  /** A run created claimed by the execution holding this lease (created running). */
  lease?: { token: string; expiresAt: Date };
}

/**
 * A new run, or undefined when the run of this event (or this scheduled time) of the workflow
 * exists already: an event starts one run per workflow, however often it is dispatched.
 */
export async function createRun(tx: Prisma.TransactionClient, run: NewRun): Promise<RunRecord | undefined> {
  const { refused, lease, input, ...fields } = run;
  const now = new Date();
  const data: Prisma.WorkflowRunUncheckedCreateInput = {
    ...fields,
    id: newId('wfr'),
    input: input as Prisma.InputJsonValue,
    ...(refused && { status: 'failed', error: { step: null, ...refused }, finished_at: now }),
    ...(lease && { status: 'running', lease_token: lease.token, lease_expires_at: lease.expiresAt, started_at: now }),
  };
  if (run.trigger_event_id === undefined && run.scheduled_for === undefined) return tx.workflowRun.create({ data });
  const created = await tx.workflowRun.createManyAndReturn({ data: [data], skipDuplicates: true });
  return created[0];
}

/** Applies `changes` and increments the version. */
export function updateRun(tx: Prisma.TransactionClient, tenantId: string, id: string, changes: Prisma.WorkflowRunUncheckedUpdateInput): Promise<RunRecord> {
  return tx.workflowRun.update({ where: { tenant_id_id: { tenant_id: tenantId, id } }, data: { ...changes, version: { increment: 1 } } });
}

/** The run's steps in the order they started. */
export function runSteps(db: Db, tenantId: string, runId: string): Promise<RunStepRecord[]> {
  return db.workflowRunStep.findMany({ where: { tenant_id: tenantId, run_id: runId }, orderBy: { position: 'asc' } });
}

export async function listRunSteps(db: Db, tenantId: string, runId: string, window: ListWindow) {
  const where: Prisma.WorkflowRunStepWhereInput = { tenant_id: tenantId, run_id: runId };
  return prismaListPage(db.workflowRunStep, where, window);
}

