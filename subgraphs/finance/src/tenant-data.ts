import { type Prisma, allowTenantPurge } from '@platform/db';

/**
 * Deletes every finance record of a tenant (a sandbox reset), children before parents. The
 * ledger is append-only: its triggers allow a DELETE only in a transaction that named the tenant
 * being purged (`SET LOCAL platform.purge_tenant`), so this is the one way entries are removed.
 */
export async function deleteFinanceData(tx: Prisma.TransactionClient, tenantId: string): Promise<void> {
  await allowTenantPurge(tx, tenantId);
  await tx.ledgerLine.deleteMany({ where: { tenant_id: tenantId } });
  await tx.ledgerEntry.deleteMany({ where: { tenant_id: tenantId } });
  await tx.invoiceLine.deleteMany({ where: { tenant_id: tenantId } });
  await tx.invoice.deleteMany({ where: { tenant_id: tenantId } });
  await tx.invoiceNumberCounter.deleteMany({ where: { tenant_id: tenantId } });
}
