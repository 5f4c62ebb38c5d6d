import type { Prisma } from '@platform/db';

/** Deletes a tenant's copilot queries, extractions and tasks (a sandbox reset); task steps cascade. */
export async function deleteAiData(tx: Prisma.TransactionClient, tenantId: string): Promise<void> {
  await tx.aiQuery.deleteMany({ where: { tenant_id: tenantId } });
  await tx.aiExtraction.deleteMany({ where: { tenant_id: tenantId } });
  await tx.aiTask.deleteMany({ where: { tenant_id: tenantId } });
}
