import type { Prisma } from '@platform/db';

/**
 * Deletes every workflow of a tenant (a sandbox reset), and with them (foreign keys cascade) their
 * versions, runs and step logs. Queue jobs still queued for those runs find no run and end.
 */
export async function deleteWorkflowsData(tx: Prisma.TransactionClient, tenantId: string): Promise<void> {
  await tx.workflow.deleteMany({ where: { tenant_id: tenantId } });
}
