import type { Prisma } from '@platform/db';

/** Deletes every inventory record of a tenant (a sandbox reset), children before parents. */
export async function deleteInventoryData(tx: Prisma.TransactionClient, tenantId: string): Promise<void> {
  await tx.inventoryItem.deleteMany({ where: { tenant_id: tenantId } });
  await tx.warehouse.deleteMany({ where: { tenant_id: tenantId } });
}
