import type { Prisma } from '@platform/db';
import { deleteCrmRows } from './repositories/orders.ts';

/** Deletes every CRM record of a tenant (a sandbox reset): order lines, orders, sequences, contacts, addresses, customers. */
export function deleteCrmData(tx: Prisma.TransactionClient, tenantId: string): Promise<void> {
  return deleteCrmRows(tx, tenantId);
}
