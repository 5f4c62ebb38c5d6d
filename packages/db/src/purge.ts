import type { Prisma } from './generated/prisma/client.ts';

/**
 * Lets this transaction delete the append-only history (stock movements, ledger, event log) of one
 * tenant: their trigger (`append_only_except_tenant_purge`) allows a DELETE only of rows of the
 * tenant named here. SET LOCAL semantics: the permission ends with the transaction.
 */
export async function allowTenantPurge(tx: Prisma.TransactionClient, tenantId: string): Promise<void> {
  await tx.$queryRaw`SELECT set_config('platform.purge_tenant', ${tenantId}, true)`;
}
