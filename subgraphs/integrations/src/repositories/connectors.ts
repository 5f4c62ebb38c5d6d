import { type Connector, type Db, type Prisma, lockTenantRegistrations } from '@platform/db';
import { type ListWindow, prismaListPage } from '@platform/graphql-kit';

/** Every function takes the tenant id as a required argument: no query spans tenants. */

export type ConnectorRecord = Connector;

export async function listConnectors(db: Db, tenantId: string, window: ListWindow) {
  const where: Prisma.ConnectorWhereInput = { tenant_id: tenantId };
  return prismaListPage(db.connector, where, window);
}

export function findConnector(db: Db, tenantId: string, id: string): Promise<ConnectorRecord | null> {
  return db.connector.findUnique({ where: { tenant_id_id: { tenant_id: tenantId, id } } });
}

/** Locks the connector row for the rest of the transaction (`SELECT … FOR UPDATE`) and returns it. */
export async function lockConnector(tx: Prisma.TransactionClient, tenantId: string, id: string): Promise<ConnectorRecord | null> {
  const locked = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM connectors WHERE tenant_id = ${tenantId} AND id = ${id} FOR UPDATE`;
  if (locked.length === 0) return null;
  return findConnector(tx, tenantId, id);
}

/** An arbitrary constant naming the connector-registration locks among PostgreSQL advisory locks. */
const REGISTRATION_LOCK = 7_340_223;

/** How many connectors the tenant has, counted under the lock of its connector registrations (held until the transaction ends). */
export async function countConnectorsForRegistration(tx: Prisma.TransactionClient, tenantId: string): Promise<number> {
  await lockTenantRegistrations(tx, REGISTRATION_LOCK, tenantId);
  return tx.connector.count({ where: { tenant_id: tenantId } });
}

export function createConnector(tx: Prisma.TransactionClient, data: Prisma.ConnectorUncheckedCreateInput): Promise<ConnectorRecord> {
  return tx.connector.create({ data });
}

/** Applies `changes` and increments the version. */
export function updateConnector(tx: Prisma.TransactionClient, tenantId: string, id: string, changes: Prisma.ConnectorUncheckedUpdateInput): Promise<ConnectorRecord> {
  return tx.connector.update({ where: { tenant_id_id: { tenant_id: tenantId, id } }, data: { ...changes, version: { increment: 1 } } });
}

/** Deletes a connector; its mappings, jobs, failed records and links go with it (foreign keys cascade). */
export async function deleteConnector(tx: Prisma.TransactionClient, tenantId: string, id: string): Promise<void> {
  await tx.connector.delete({ where: { tenant_id_id: { tenant_id: tenantId, id } } });
}
