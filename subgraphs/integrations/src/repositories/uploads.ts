import type { ConnectorUpload, Db, Prisma } from '@platform/db';
import { SourceError } from '../connectors/source.ts';

/** Every function takes the tenant id as a required argument: no query spans tenants (but the sweep). */

export type UploadRecord = ConnectorUpload;

export function createUpload(db: Db, upload: Pick<UploadRecord, 'tenant_id' | 'id' | 'connector_id' | 'filename' | 'content_type' | 'expires_at'>): Promise<UploadRecord> {
  return db.connectorUpload.create({ data: upload });
}

export async function appendUploadChunk(db: Db, tenantId: string, uploadId: string, seq: number, bytes: Uint8Array): Promise<void> {
  await db.connectorUploadChunk.create({ data: { tenant_id: tenantId, upload_id: uploadId, seq, bytes: bytes as Uint8Array<ArrayBuffer> } });
}

export function completeUpload(db: Db, tenantId: string, id: string, whole: { byte_size: number; sha256: string; expires_at: Date }): Promise<UploadRecord> {
  return db.connectorUpload.update({ where: { tenant_id_id: { tenant_id: tenantId, id } }, data: { ...whole, state: 'ready' } });
}

export async function deleteUpload(db: Db, tenantId: string, id: string): Promise<void> {
  await db.connectorUpload.deleteMany({ where: { tenant_id: tenantId, id } });
}

/** A whole, unexpired upload of the connector. */
export function findReadyUpload(db: Db, tenantId: string, connectorId: string, id: string): Promise<UploadRecord | null> {
  return db.connectorUpload.findFirst({ where: { tenant_id: tenantId, id, connector_id: connectorId, state: 'ready', expires_at: { gt: new Date() } } });
}

/** Whole, unexpired uploads of the connector. */
export function countLiveUploads(db: Db, tenantId: string, connectorId: string): Promise<number> {
  return db.connectorUpload.count({ where: { tenant_id: tenantId, connector_id: connectorId, state: 'ready', expires_at: { gt: new Date() } } });
}

/**
 * The upload's bytes, a chunk at a time in order: one chunk is held at once, fetched when the
 * reader asks for it. Throws when the upload is gone or shorter than it was (swept while read).
 */
export async function* uploadBytes(db: Db, tenantId: string, uploadId: string): AsyncGenerator<Uint8Array> {
  const upload = await db.connectorUpload.findUnique({ where: { tenant_id_id: { tenant_id: tenantId, id: uploadId } }, select: { byte_size: true, state: true } });
  if (upload?.state !== 'ready') throw uploadGone(uploadId);
  let read = 0;
  for (let seq = 0; read < upload.byte_size; seq++) {
    const chunk = await db.connectorUploadChunk.findUnique({ where: { tenant_id_upload_id_seq: { tenant_id: tenantId, upload_id: uploadId, seq } }, select: { bytes: true } });
    if (!chunk) throw uploadGone(uploadId);
    read += chunk.bytes.byteLength;
    yield chunk.bytes;
  }
}

/** The upload a job reads no longer exists (it expired and was swept): trying again cannot help. */
function uploadGone(uploadId: string): SourceError {
  return new SourceError(`upload ${uploadId} no longer exists (uploads expire 24 hours after upload): upload the file again`, false);
}

/** The connector's latest whole, unexpired upload. */
export function latestReadyUpload(db: Db, tenantId: string, connectorId: string): Promise<UploadRecord | null> {
  return db.connectorUpload.findFirst({ where: { tenant_id: tenantId, connector_id: connectorId, state: 'ready', expires_at: { gt: new Date() } }, orderBy: [{ created_at: 'desc' }, { id: 'desc' }] });
}

/** Deletes expired uploads (their chunks cascade) that no job under way reads; answers how many. */
export function sweepExpiredUploads(tx: Prisma.TransactionClient, batch: number): Promise<number> {
  return tx.$executeRaw`
    DELETE FROM connector_uploads WHERE (tenant_id, id) IN (
      SELECT u.tenant_id, u.id FROM connector_uploads u
      WHERE u.expires_at < now() AND NOT EXISTS (
        SELECT 1 FROM sync_jobs j WHERE j.tenant_id = u.tenant_id AND j.upload_id = u.id AND j.state IN ('queued', 'running'))
      ORDER BY u.expires_at LIMIT ${batch} FOR UPDATE SKIP LOCKED)`;
}
