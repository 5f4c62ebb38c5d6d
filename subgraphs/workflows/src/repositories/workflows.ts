import { type Db, type Prisma, type Workflow, type WorkflowVersion, lockTenantRegistrations } from '@platform/db';
import { type ListWindow, prismaListPage } from '@platform/graphql-kit';

/** Every function takes the tenant id as a required argument: no query spans tenants. */

export type WorkflowRecord = Workflow;
export type WorkflowVersionRecord = WorkflowVersion;

export async function listWorkflows(db: Db, tenantId: string, filter: { enabled?: boolean | null }, window: ListWindow) {
  const where: Prisma.WorkflowWhereInput = { tenant_id: tenantId, ...(filter.enabled != null && { enabled: filter.enabled }) };
  return prismaListPage(db.workflow, where, window);
}

export function findWorkflow(db: Db, tenantId: string, id: string): Promise<WorkflowRecord | null> {
  return db.workflow.findUnique({ where: { tenant_id_id: { tenant_id: tenantId, id } } });
}

/** Locks the workflow row for the rest of the transaction (`SELECT … FOR UPDATE`) and returns it. */
export async function lockWorkflow(tx: Prisma.TransactionClient, tenantId: string, id: string): Promise<WorkflowRecord | null> {
  const locked = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM workflows WHERE tenant_id = ${tenantId} AND id = ${id} FOR UPDATE`;
  if (locked.length === 0) return null;
  return findWorkflow(tx, tenantId, id);
}

/** An arbitrary constant naming the workflow-registration locks among PostgreSQL advisory locks. */
const REGISTRATION_LOCK = 7_340_224;

/** How many workflows the tenant has, counted under the lock of its workflow registrations (held until the transaction ends). */
export async function countWorkflowsForRegistration(tx: Prisma.TransactionClient, tenantId: string): Promise<number> {
  await lockTenantRegistrations(tx, REGISTRATION_LOCK, tenantId);
  return tx.workflow.count({ where: { tenant_id: tenantId } });
}

export function createWorkflow(tx: Prisma.TransactionClient, data: Prisma.WorkflowUncheckedCreateInput): Promise<WorkflowRecord> {
  return tx.workflow.create({ data });
}

/** Applies `changes` and increments the version. */
export function updateWorkflow(tx: Prisma.TransactionClient, tenantId: string, id: string, changes: Prisma.WorkflowUncheckedUpdateInput): Promise<WorkflowRecord> {
  return tx.workflow.update({ where: { tenant_id_id: { tenant_id: tenantId, id } }, data: { ...changes, version: { increment: 1 } } });
}

/** Deletes a workflow; its versions and runs go with it (foreign keys cascade). */
export async function deleteWorkflow(tx: Prisma.TransactionClient, tenantId: string, id: string): Promise<void> {
  await tx.workflow.delete({ where: { tenant_id_id: { tenant_id: tenantId, id } } });
}

export function createWorkflowVersion(tx: Prisma.TransactionClient, data: Prisma.WorkflowVersionUncheckedCreateInput): Promise<WorkflowVersionRecord> {
  return tx.workflowVersion.create({ data });
}

export function findWorkflowVersion(db: Db, tenantId: string, workflowId: string, version: number): Promise<WorkflowVersionRecord | null> {
  return db.workflowVersion.findUnique({ where: { tenant_id_workflow_id_version: { tenant_id: tenantId, workflow_id: workflowId, version } } });
}

export async function listWorkflowVersions(db: Db, tenantId: string, workflowId: string, window: ListWindow) {
  const where: Prisma.WorkflowVersionWhereInput = { tenant_id: tenantId, workflow_id: workflowId };
  return prismaListPage(db.workflowVersion, where, window);
}
