import { type AiQuery, type Db, type Prisma, newId } from '@platform/db';
import { type ListWindow, prismaListPage } from '@platform/graphql-kit';

/** Every function takes the tenant id as a required argument: no query spans tenants. */
export type QueryRecord = AiQuery;

export type NewQuery = Omit<Prisma.AiQueryUncheckedCreateInput, 'id' | 'created_at'>;

export function createQuery(tx: Prisma.TransactionClient, query: NewQuery): Promise<QueryRecord> {
  return tx.aiQuery.create({ data: { ...query, id: newId('aiq') } });
}

export function findQuery(db: Db, tenantId: string, id: string): Promise<QueryRecord | null> {
  return db.aiQuery.findUnique({ where: { tenant_id_id: { tenant_id: tenantId, id } } });
}

export function listQueries(db: Db, tenantId: string, filter: { status?: string | null }, window: ListWindow) {
  const where: Prisma.AiQueryWhereInput = { tenant_id: tenantId, ...(filter.status != null && { status: filter.status }) };
  return prismaListPage(db.aiQuery, where, window);
}
