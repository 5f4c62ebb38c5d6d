import { type Prisma, allowTenantPurge } from '@platform/db';

/**
 * Deletes every event-bus record of a tenant (a sandbox reset), children before parents: delivery
 * attempts, deliveries, webhook endpoints, events. Events are append-only: their trigger lets a
 * DELETE through only for the tenant this transaction names in `platform.purge_tenant` (SET
 * LOCAL, so it ends with the transaction). Delivery jobs still queued for the tenant find no
 * delivery and end.
 */
export async function deleteEventsData(tx: Prisma.TransactionClient, tenantId: string): Promise<void> {
  await allowTenantPurge(tx, tenantId);
  await tx.webhookAttempt.deleteMany({ where: { tenant_id: tenantId } });
  await tx.webhookDelivery.deleteMany({ where: { tenant_id: tenantId } });
  await tx.webhookEndpoint.deleteMany({ where: { tenant_id: tenantId } });
  await tx.event.deleteMany({ where: { tenant_id: tenantId } });
}
