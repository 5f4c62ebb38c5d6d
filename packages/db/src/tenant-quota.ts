import type { Prisma } from './generated/prisma/client.ts';

/**
 * Serialises the registrations of one kind of resource of one tenant until the transaction ends
 * (a PostgreSQL advisory lock: `kind`, an arbitrary constant per kind, and the tenant's hash), so
 * that a count taken after it stays true until the new resource is inserted: two registrations at
 * one below a quota cannot both pass.
 */
export async function lockTenantRegistrations(tx: Prisma.TransactionClient, kind: number, tenantId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${kind}::integer, hashtext(${tenantId}))`;
}
