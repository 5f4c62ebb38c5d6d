import type { Prisma } from '@platform/db';

/**
 * Deletes every integrations record of a tenant (a sandbox reset): its connectors, and with them
 * (foreign keys cascade) their mappings, sync jobs, failed records and links. Queue jobs still
 * queued for them find no sync job and end.
 */
export async function deleteIntegrationsData(tx: Prisma.TransactionClient, tenantId: string): Promise<void> {
  await tx.connector.deleteMany({ where: { tenant_id: tenantId } });
}
