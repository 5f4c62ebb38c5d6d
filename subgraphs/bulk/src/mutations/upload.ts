import type { PrismaClient } from '@platform/db';
import { ApiError } from '@platform/errors';
import { CHUNK_BYTES, appendLines, createFile, deleteFile } from './files.ts';

/** The largest upload accepted, in bytes. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
/** The longest line, in bytes: a line is one operation's variables. */
export const MAX_LINE_BYTES = 1024 * 1024;
/** How long an upload stays usable; one still arriving when its process died is purged after RECEIVING_TTL_MS. */
export const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
const RECEIVING_TTL_MS = 60 * 60 * 1000;
export const JSONL_CONTENT_TYPES = ['application/x-ndjson', 'application/jsonl'];
const MEDIA_TYPE = /^\s*([^;\s]+)/;

export interface UploadRepresentation {
  id: string;
  lines: number;
  bytes: number;
  expires_at: string;
}

/** A line that is not a JSON object: 422 naming the line (the document states only bytes: JSON lines are a rule it cannot state), before anything is run. */
function badLine(line: number, message: string): ApiError {
  return new ApiError('rule_violation', `Line ${line} of the upload ${message}; every line must be one JSON object (the variables of one run of the mutation).`, { errors: [{ field: `lines.${line}`, message }] });
}

/**
 * Receives a JSONL upload (`POST /v1/bulk/uploads`): read as it arrives, checked line by line (each
 * a JSON object: a bulk mutation's variables), stored in chunks of whole lines of about 1 MiB, each
 * committed alone, so no connection is held while the client sends and memory holds one chunk.
 * Checked eagerly rather than when run: a client learns of a broken file at once, naming the line,
 * instead of after creating a bulk mutation; and the line count is known before anything runs.
 * A refused upload leaves nothing (its chunks are deleted; one whose process died is purged).
 */
export async function receiveJsonlUpload(prisma: PrismaClient, tenantId: string, createdBy: string, request: Request): Promise<UploadRepresentation> {
  const mediaType = MEDIA_TYPE.exec(request.headers.get('content-type') ?? '')?.[1]?.toLowerCase();
  if (!mediaType || !JSONL_CONTENT_TYPES.includes(mediaType)) {
    throw new ApiError('unsupported_media_type', `Send the lines as ${JSONL_CONTENT_TYPES.join(' or ')} (one JSON object per line), not ${mediaType ?? 'an untyped body'}.`);
  }
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_UPLOAD_BYTES) throw tooLarge();
  if (!request.body) throw new ApiError('rule_violation', 'The upload is empty: send at least one line.', { errors: [{ field: 'lines', message: 'no lines' }] });

  const file = await createFile(prisma, tenantId, 'upload', createdBy, new Date(Date.now() + RECEIVING_TTL_MS));
  try {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    let bytes = 0;
    let lineNumber = 0;
    let partial = '';
    let pending: string[] = [];
    let pendingBytes = 0;
    const take = async (raw: string) => {
      lineNumber++;
      const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        throw badLine(lineNumber, text.trim() === '' ? 'is empty' : 'is not valid JSON');
      }
      if (value === null || typeof value !== 'object' || Array.isArray(value)) throw badLine(lineNumber, 'is JSON but not an object');
      pending.push(text);
      pendingBytes += text.length;
      if (pendingBytes >= CHUNK_BYTES) {
        await appendLines(prisma, tenantId, file.id, pending);
        pending = [];
        pendingBytes = 0;
      }
    };
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > MAX_UPLOAD_BYTES) {
        await reader.cancel().catch(() => {});
        throw tooLarge();
      }
      const lines = (partial + decodeOrRefuse(decoder, value, lineNumber + 1)).split('\n');
      partial = lines.pop() ?? '';
      if (partial.length > MAX_LINE_BYTES) throw badLine(lineNumber + 1, `is longer than ${MAX_LINE_BYTES} bytes`);
      for (const line of lines) await take(line);
    }
    partial += decodeOrRefuse(decoder, undefined, lineNumber + 1);
    // A final line end is optional.
    if (partial !== '') await take(partial);
    if (lineNumber === 0) throw new ApiError('rule_violation', 'The upload is empty: send at least one line.', { errors: [{ field: 'lines', message: 'no lines' }] });
    await appendLines(prisma, tenantId, file.id, pending);
    const expiresAt = new Date(Date.now() + UPLOAD_TTL_MS);
    await prisma.bulkFile.update({ where: { tenant_id_id: { tenant_id: tenantId, id: file.id } }, data: { expires_at: expiresAt } });
    return { id: file.id, lines: lineNumber, bytes, expires_at: expiresAt.toISOString() };
  } catch (error) {
    await deleteFile(prisma, tenantId, file.id).catch(() => {
      // Left with its short expiry, it is purged within the hour.
    });
    throw error;
  }
}

function decodeOrRefuse(decoder: TextDecoder, value: Uint8Array | undefined, line: number): string {
  try {
    return value ? decoder.decode(value, { stream: true }) : decoder.decode();
  } catch {
    throw badLine(line, 'is not UTF-8 text');
  }
}

function tooLarge(): ApiError {
  return new ApiError('payload_too_large', `The upload is larger than ${MAX_UPLOAD_BYTES} bytes, the most a bulk mutation's file may be.`, { limit_bytes: MAX_UPLOAD_BYTES });
}
