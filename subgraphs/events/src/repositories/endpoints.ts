import { type Db, type Prisma, type WebhookEndpoint, type WebhookEndpointStatus, lockTenantRegistrations } from '@platform/db';
import { type ListWindow, prismaListPage } from '@platform/graphql-kit';

/** Every function takes the tenant id as a required argument: no query spans tenants. */

export type EndpointRecord = WebhookEndpoint;

export async function listEndpoints(db: Db, tenantId: string, filter: { status?: WebhookEndpointStatus | null }, window: ListWindow) {
  const where: Prisma.WebhookEndpointWhereInput = { tenant_id: tenantId, ...(filter.status != null && { status: filter.status }) };
  return prismaListPage(db.webhookEndpoint, where, window);
}

export function findEndpoint(db: Db, tenantId: string, id: string): Promise<EndpointRecord | null> {
  return db.webhookEndpoint.findUnique({ where: { tenant_id_id: { tenant_id: tenantId, id } } });
}

/** Locks the endpoint row for the rest of the transaction (`SELECT … FOR UPDATE`) and returns it. */
export async function lockEndpoint(tx: Prisma.TransactionClient, tenantId: string, id: string): Promise<EndpointRecord | null> {
  const locked = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM webhook_endpoints WHERE tenant_id = ${tenantId} AND id = ${id} FOR UPDATE`;
  if (locked.length === 0) return null;
  return findEndpoint(tx, tenantId, id);
}

/** An arbitrary constant naming the endpoint-registration locks among PostgreSQL advisory locks. */
const REGISTRATION_LOCK = 7_340_222;

/** How many endpoints the tenant has, counted under the lock of its endpoint registrations (held until the transaction ends). */
export async function countEndpointsForRegistration(tx: Prisma.TransactionClient, tenantId: string): Promise<number> {
  await lockTenantRegistrations(tx, REGISTRATION_LOCK, tenantId);
  return tx.webhookEndpoint.count({ where: { tenant_id: tenantId } });
}

export function createEndpoint(tx: Prisma.TransactionClient, data: Prisma.WebhookEndpointUncheckedCreateInput): Promise<EndpointRecord> {
  return tx.webhookEndpoint.create({ data });
}

/** Applies `changes` and increments the version. */
export function updateEndpoint(tx: Prisma.TransactionClient, tenantId: string, id: string, changes: Prisma.WebhookEndpointUncheckedUpdateInput): Promise<EndpointRecord> {
  return tx.webhookEndpoint.update({ where: { tenant_id_id: { tenant_id: tenantId, id } }, data: { ...changes, version: { increment: 1 } } });
}

/** Deletes an endpoint; its deliveries and their attempts go with it (foreign keys cascade). */
export async function deleteEndpoint(tx: Prisma.TransactionClient, tenantId: string, id: string): Promise<void> {
  await tx.webhookEndpoint.delete({ where: { tenant_id_id: { tenant_id: tenantId, id } } });
}
