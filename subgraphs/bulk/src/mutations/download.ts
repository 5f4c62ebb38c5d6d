import type { PrismaClient } from '@platform/db';
import { ApiError } from '@platform/errors';
import { verifyDownloadToken } from '../download-link.ts';
import type { Download } from '../download.ts';
import { fileStream, findFile } from './files.ts';
import { findBulkMutation } from './repository.ts';

// Any segment: an id no bulk mutation can have fails the link check (403), as an altered link does.
const RESULTS = /^\/bulk\/mutations\/([^/]+)\/results$/;

/** The bulk mutation whose result file a request asks for (`<basePath>/bulk/mutations/{id}/results`, whatever the method), or undefined for any other path. */
export function resultDownloadId(basePath: string, path: string): string | undefined {
  if (!path.startsWith(`${basePath}/`)) return undefined;
  return RESULTS.exec(path.slice(basePath.length))?.[1];
}

/**
 * The result file of a bulk mutation by its signed link, without a bearer credential: signed and
 * checked exactly like an export's download link (the same key and token; the id signed is the
 * bulk mutation's, so a link of one is never a link of another), then streamed from its chunks.
 */
export async function verifyResultDownload(options: { prisma: PrismaClient; key: Buffer }, id: string, token: string | null): Promise<Download> {
  const check = token ? verifyDownloadToken(options.key, id, token, new Date()) : ({ ok: false, reason: 'invalid' } as const);
  if (!check.ok) {
    if (check.reason === 'expired') throw new ApiError('download_link_expired', 'This link to a result file has expired; read the bulk mutation again (GET /v1/bulk/mutations/{id}) for a fresh one.');
    throw new ApiError('download_link_invalid', 'This link to a result file is not valid: it was altered or belongs to another bulk mutation.');
  }
  const { tenantId } = check;
  const record = await findBulkMutation(options.prisma, tenantId, id);
  const file = record && (await findFile(options.prisma, tenantId, record.result_file_id, 'result'));
  if (!record || !file) throw new ApiError('not_found', `No bulk mutation ${id} exists in this tenant (bulk mutations are deleted after their retention).`);
  return {
    tenantId,
    creator: { type: record.credential_type, id: record.created_by },
    response: () =>
      new Response(fileStream(options.prisma, tenantId, file.id, file.chunk_count), {
        headers: {
          'content-type': 'application/x-ndjson',
          'content-length': String(file.byte_size),
          'content-disposition': `attachment; filename="${id}.results.jsonl"`,
          'cache-control': 'private, no-store',
        },
      }),
  };
}
