import type { Prisma } from '@platform/db';
import { deleteSavedOperations } from './repositories/saved-operations.ts';

/** Deletes the tenant's saved operations (a sandbox reset): they name the tenant's data, which goes with them. */
export async function deleteAnalyticsData(tx: Prisma.TransactionClient, tenantId: string): Promise<void> {
  await deleteSavedOperations(tx, tenantId);
}
