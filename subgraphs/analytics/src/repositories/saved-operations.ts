import { type Db, type Prisma, type SavedOperation, lockTenantRegistrations } from '@platform/db';
import { type ListWindow, prismaListPage } from '@platform/graphql-kit';
import type { DocumentId } from '../operations/document-id.ts';

/** Every function takes the tenant id as a required argument: no query spans tenants. */

export type SavedOperationRecord = SavedOperation;

export function listSavedOperations(db: Db, tenantId: string, window: ListWindow) {
  return prismaListPage(db.savedOperation, { tenant_id: tenantId }, window);
}

export function findSavedOperation(db: Db, tenantId: string, name: string): Promise<SavedOperationRecord | null> {
  return db.savedOperation.findUnique({ where: { tenant_id_name: { tenant_id: tenantId, name } } });
}

/** The saved operation a persisted document id names in the tenant (by name, or by its document's hash). */
export function findSavedOperationByDocumentId(db: Db, tenantId: string, documentId: DocumentId): Promise<SavedOperationRecord | null> {
  if (documentId.by === 'name') return findSavedOperation(db, tenantId, documentId.name);
  // Two names may hold the same document; any of them is that document.
  return db.savedOperation.findFirst({ where: { tenant_id: tenantId, document_hash: documentId.hash } });
}

/** Locks the row for the rest of the transaction (`SELECT … FOR UPDATE`) and returns it. */
export async function lockSavedOperation(tx: Prisma.TransactionClient, tenantId: string, name: string): Promise<SavedOperationRecord | null> {
  const locked = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM saved_operations WHERE tenant_id = ${tenantId} AND name = ${name} FOR UPDATE`;
  if (locked.length === 0) return null;
  return findSavedOperation(tx, tenantId, name);
}

/** An arbitrary constant naming the saved-operation registration locks among PostgreSQL advisory locks. */
const REGISTRATION_LOCK = 7_340_226;

/** How many operations the tenant has saved, counted under the lock of its registrations (held until the transaction ends). */
export async function countSavedOperationsForRegistration(tx: Prisma.TransactionClient, tenantId: string): Promise<number> {
  await lockTenantRegistrations(tx, REGISTRATION_LOCK, tenantId);
  return tx.savedOperation.count({ where: { tenant_id: tenantId } });
}

export function createSavedOperation(tx: Prisma.TransactionClient, data: Prisma.SavedOperationUncheckedCreateInput): Promise<SavedOperationRecord> {
  return tx.savedOperation.create({ data });
}

/** Applies `changes` and increments the version. */
export function updateSavedOperation(tx: Prisma.TransactionClient, tenantId: string, id: string, changes: Prisma.SavedOperationUncheckedUpdateInput): Promise<SavedOperationRecord> {
  return tx.savedOperation.update({ where: { tenant_id_id: { tenant_id: tenantId, id } }, data: { ...changes, version: { increment: 1 } } });
}

export async function deleteSavedOperation(tx: Prisma.TransactionClient, tenantId: string, id: string): Promise<void> {
  await tx.savedOperation.delete({ where: { tenant_id_id: { tenant_id: tenantId, id } } });
}

/** Every saved operation of a tenant (a sandbox reset). */
export async function deleteSavedOperations(tx: Prisma.TransactionClient, tenantId: string): Promise<void> {
  await tx.savedOperation.deleteMany({ where: { tenant_id: tenantId } });
}
