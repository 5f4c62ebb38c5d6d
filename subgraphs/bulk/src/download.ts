import type { PrismaClient } from '@platform/db';
import { ApiError } from '@platform/errors';
import { verifyDownloadToken } from './download-link.ts';
import { findExport, readChunks } from './repositories/exports.ts';
import { CONTENT_TYPES } from './writers.ts';

// Any segment: an id no export can have fails the link check (403), as an altered link does.
const DOWNLOAD = /^\/bulk\/exports\/([^/]+)\/download$/;
/** Chunks read per statement while streaming (a chunk is one page of records). */
const CHUNKS_PER_READ = 20;

/** The export a download request names (`<basePath>/bulk/exports/{id}/download`, whatever the method), or undefined for any other path. */
export function downloadedExportId(basePath: string, path: string): string | undefined {
  if (!path.startsWith(`${basePath}/`)) return undefined;
  return DOWNLOAD.exec(path.slice(basePath.length))?.[1];
}

/** A verified download: the export's tenant and creator (whose link it is: the rate limit and audit trail count it for them) and the file. */
export interface Download {
  tenantId: string;
  creator: { type: string; id: string };
  response(): Response;
}

/**
 * The download of an export's file by its signed link, without a bearer credential: the token's
 * signature and expiry checked (403 `download_link_invalid`, 410 `download_link_expired`), then
 * the file streamed from its chunks in PostgreSQL, a few at a time as the client reads, so an
 * export of any size is served in constant memory by any instance.
 */
export async function verifyDownload(options: { prisma: PrismaClient; key: Buffer }, exportId: string, token: string | null): Promise<Download> {
  const check = token ? verifyDownloadToken(options.key, exportId, token, new Date()) : ({ ok: false, reason: 'invalid' } as const);
  if (!check.ok) {
    if (check.reason === 'expired') throw new ApiError('download_link_expired', 'This download link has expired; read the export again (GET /v1/bulk/exports/{id}) for a fresh one.');
    throw new ApiError('download_link_invalid', 'This download link is not valid: it was altered or belongs to another export.');
  }
  const { tenantId } = check;
  const record = await findExport(options.prisma, tenantId, exportId);
  if (!record) throw new ApiError('not_found', `No export ${exportId} exists in this tenant (exports are deleted after their retention).`);
  // A link is only ever signed for a completed export; a cancelled or purged one has no file.
  if (record.status !== 'completed') throw new ApiError('invalid_state', `Export ${exportId} is ${record.status}; only a completed export can be downloaded.`, { current_status: record.status });
  return {
    tenantId,
    creator: { type: record.credential_type, id: record.created_by },
    response: () => {
      const chunkCount = record.chunk_count;
      let next = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (next >= chunkCount) return controller.close();
          const chunks = await readChunks(options.prisma, tenantId, exportId, next, CHUNKS_PER_READ);
          if (chunks.length === 0) return controller.error(new Error(`export ${exportId} lost its chunks while being downloaded`));
          for (const chunk of chunks) controller.enqueue(chunk.content);
          next += chunks.length;
        },
      });
      const extension = record.format === 'csv' ? 'csv' : 'ndjson';
      return new Response(body, {
        headers: {
          'content-type': CONTENT_TYPES[record.format],
          'content-length': String(record.byte_size),
          'content-disposition': `attachment; filename="${exportId}.${extension}"`,
          'cache-control': 'private, no-store',
        },
      });
    },
  };
}
