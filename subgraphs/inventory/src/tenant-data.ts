import { type Prisma, allowTenantPurge } from '@platform/db';

/**
 * Deletes every inventory record of a tenant (a sandbox reset), children before parents. Stock
 * movements are append-only: their trigger lets a DELETE through only for the tenant this
 * transaction names in `platform.purge_tenant` (SET LOCAL, so it ends with the transaction).
 */
export async function deleteInventoryData(tx: Prisma.TransactionClient, tenantId: string): Promise<void> {
  await allowTenantPurge(tx, tenantId);
  await tx.stockMovement.deleteMany({ where: { tenant_id: tenantId } });
  await tx.stockLevel.deleteMany({ where: { tenant_id: tenantId } });
  await tx.inventoryItem.deleteMany({ where: { tenant_id: tenantId } });
  // The deletion appended the items' negative counts; with them go the rest (the sum was zero).
  await tx.inventoryItemCount.deleteMany({ where: { tenant_id: tenantId } });
  await tx.warehouse.deleteMany({ where: { tenant_id: tenantId } });
}
