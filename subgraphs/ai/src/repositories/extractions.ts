import { type AiExtraction, type Db, type Prisma, newId } from '@platform/db';
import { type ListWindow, prismaListPage } from '@platform/graphql-kit';

/** Every function takes the tenant id as a required argument: no query spans tenants. */
export type ExtractionRecord = AiExtraction;

export function createExtraction(tx: Prisma.TransactionClient, extraction: Omit<Prisma.AiExtractionUncheckedCreateInput, 'id'>): Promise<ExtractionRecord> {
  return tx.aiExtraction.create({ data: { ...extraction, id: newId('aix') } });
}

export function findExtraction(db: Db, tenantId: string, id: string): Promise<ExtractionRecord | null> {
  return db.aiExtraction.findUnique({ where: { tenant_id_id: { tenant_id: tenantId, id } } });
}

/** Locks the extraction row for the rest of the transaction (`SELECT … FOR UPDATE`) and returns it. */
export async function lockExtraction(tx: Prisma.TransactionClient, tenantId: string, id: string): Promise<ExtractionRecord | null> {
  const locked = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM ai_extractions WHERE tenant_id = ${tenantId} AND id = ${id} FOR UPDATE`;
  return locked.length === 0 ? null : findExtraction(tx, tenantId, id);
}

export function updateExtraction(tx: Prisma.TransactionClient, tenantId: string, id: string, changes: Prisma.AiExtractionUncheckedUpdateInput): Promise<ExtractionRecord> {
  return tx.aiExtraction.update({ where: { tenant_id_id: { tenant_id: tenantId, id } }, data: changes });
}

export function listExtractions(db: Db, tenantId: string, window: ListWindow) {
  return prismaListPage(db.aiExtraction, { tenant_id: tenantId } satisfies Prisma.AiExtractionWhereInput, window);
}
