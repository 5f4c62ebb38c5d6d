import { createHash } from 'node:crypto';
import { type PrismaClient, lockTenantRegistrations, newId } from '@platform/db';
import { ApiError } from '@platform/errors';
import type { ConnectorUploadRepresentation } from '@platform/graphql-kit';
import { UploadError, readMultipartUpload } from '../connectors/csv/multipart-upload.ts';
import { findConnector } from '../repositories/connectors.ts';
import { type UploadRecord, appendUploadChunk, completeUpload, countLiveUploads, createUpload, deleteUpload } from '../repositories/uploads.ts';
import { notFoundConnector } from '../schema/errors.ts';

/** The form field carrying the file. */
export const UPLOAD_FIELD = 'file';
/** Bytes per stored chunk: what the platform holds of an upload at once, on the way in and out. */
const CHUNK_BYTES = 1024 * 1024;
/** How long a whole upload stays importable; one still arriving is swept after RECEIVING_TTL_MS (its sender died). */
export const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
const RECEIVING_TTL_MS = 60 * 60 * 1000;
/** An arbitrary constant naming the upload-completion locks among PostgreSQL advisory locks. */
const UPLOAD_LOCK = 7_340_224;

export interface UploadLimits {
  /** The largest file accepted, in bytes (`UPLOAD_MAX_BYTES`). */
  maxBytes: number;
  /** Whole, unexpired uploads one connector may hold (`UPLOADS_PER_CONNECTOR`). */
  perConnector: number;
}

/**
 * Receives a file uploaded to a CSV connector (`POST /v1/connectors/{id}/uploads`, multipart,
 * field `file`): streamed into PostgreSQL in 1 MiB chunks as it arrives (each committed alone, so
 * no connection is held while the client sends), then marked whole with its size and SHA-256. A
 * refused or broken upload leaves nothing: its chunks are deleted, and one whose process died is
 * swept (it expires after an hour while still arriving). A sync job imports it by naming it
 * (`start_sync` with `upload_id`), on whichever instance takes the job.
 */
export async function receiveUpload(prisma: PrismaClient, limits: UploadLimits, tenantId: string, connectorId: string, request: Request): Promise<ConnectorUploadRepresentation> {
  const connector = await findConnector(prisma, tenantId, connectorId);
  if (!connector) throw notFoundConnector(connectorId);
  if (connector.kind !== 'csv') {
    throw new ApiError('invalid_state', `Connector ${connectorId} is of kind ${connector.kind}; files are uploaded to connectors of kind csv.`, { current_status: connector.kind });
  }
  if ((await countLiveUploads(prisma, tenantId, connectorId)) >= limits.perConnector) throw quotaExceeded(limits.perConnector);
  const file = await readMultipartUpload(request, { fieldName: UPLOAD_FIELD, maxBytes: limits.maxBytes }).catch((error: unknown) => Promise.reject(refusal(error, limits.maxBytes)));

  const upload = await createUpload(prisma, {
    tenant_id: tenantId,
    id: newId('upl'),
    connector_id: connectorId,
    filename: file.filename.slice(0, 255),
    content_type: file.contentType.slice(0, 255),
    expires_at: new Date(Date.now() + RECEIVING_TTL_MS),
  });
  try {
    const hash = createHash('sha256');
    let size = 0;
    let seq = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      await appendUploadChunk(prisma, tenantId, upload.id, seq++, Buffer.concat(pending, pendingBytes));
      pending = [];
      pendingBytes = 0;
    };
    for await (const chunk of file.stream) {
      hash.update(chunk);
      size += chunk.byteLength;
      pending.push(Buffer.from(chunk));
      pendingBytes += chunk.byteLength;
      if (pendingBytes >= CHUNK_BYTES) await flush();
    }
    if (pendingBytes > 0) await flush();
    return representation(await markWhole(prisma, limits, upload, { byte_size: size, sha256: hash.digest('hex') }));
  } catch (error) {
    await deleteUpload(prisma, tenantId, upload.id).catch(() => {
      // Left `receiving`, it expires within the hour and is swept.
    });
    throw refusal(error, limits.maxBytes);
  }
}

/** Marks the upload whole, under the connector's upload lock: the quota holds exactly however many arrive at once. */
function markWhole(prisma: PrismaClient, limits: UploadLimits, upload: UploadRecord, whole: { byte_size: number; sha256: string }): Promise<UploadRecord> {
  return prisma.$transaction(async (tx) => {
    await lockTenantRegistrations(tx, UPLOAD_LOCK, `${upload.tenant_id}/${upload.connector_id}`);
    if ((await countLiveUploads(tx, upload.tenant_id, upload.connector_id)) >= limits.perConnector) throw quotaExceeded(limits.perConnector);
    return completeUpload(tx, upload.tenant_id, upload.id, { ...whole, expires_at: new Date(Date.now() + UPLOAD_TTL_MS) });
  });
}

function quotaExceeded(maximum: number): ApiError {
  return new ApiError('quota_exceeded', `This connector already holds ${maximum} uploads that have not expired, the most it may; they expire 24 hours after upload.`, { limit: 'connector_uploads', maximum });
}

/** The upload's refusal as the platform's problem; anything else (a database fault) passes unchanged. */
function refusal(error: unknown, maxBytes: number): unknown {
  if (!(error instanceof UploadError)) return error;
  if (error.code === 'upload_too_large') return new ApiError('payload_too_large', `The file is larger than ${maxBytes} bytes, the most an upload may be.`, { limit_bytes: maxBytes });
  if (error.code === 'upload_not_multipart') return new ApiError('unsupported_media_type', `Upload the file as multipart/form-data, in the field "${UPLOAD_FIELD}": ${error.message}.`);
  return new ApiError('validation_failed', `The upload is invalid: ${error.message}.`, { errors: [{ field: UPLOAD_FIELD, message: error.message }] });
}

export function representation(upload: UploadRecord): ConnectorUploadRepresentation {
  return {
    id: upload.id,
    connector_id: upload.connector_id,
    filename: upload.filename,
    content_type: upload.content_type,
    byte_size: Number(upload.byte_size),
    sha256: upload.sha256 ?? '',
    expires_at: upload.expires_at.toISOString(),
    created_at: upload.created_at.toISOString(),
  };
}
