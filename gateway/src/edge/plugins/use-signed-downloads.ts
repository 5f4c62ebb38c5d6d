import type { Principal } from '@platform/auth';
import { type PrismaClient, databaseFault } from '@platform/db';
import { ApiError } from '@platform/errors';
import { downloadedExportId, resultDownloadId, verifyDownload, verifyResultDownload } from '@platform/subgraph-bulk';
import type { Plugin } from 'graphql-yoga';
import { requestState } from '../request-state.ts';
import { problemFor } from '../responses.ts';

/** The files served by signed link: which request names one, and how its link is checked. */
const SIGNED_DOWNLOADS = [
  { operation: 'GET /bulk/exports/:id/download', idOf: downloadedExportId, verify: verifyDownload },
  { operation: 'GET /bulk/mutations/:id/results', idOf: resultDownloadId, verify: verifyResultDownload },
];

/**
 * `GET /v1/bulk/exports/{id}/download?token=…` (an export's file) and
 * `GET /v1/bulk/mutations/{id}/results?token=…` (a bulk mutation's result file), answered before
 * authentication: the link is the credential, like an S3 pre-signed URL; the bulk domain verifies
 * it and streams the file. A verified link counts against its tenant's rate limit and is audited
 * under that tenant with the creator as actor (the link is theirs, handed on); a bad or expired one
 * is a 403 or 410 problem.
 */
export function useSignedDownloads(options: { basePath: string; prisma: PrismaClient; key: Buffer; admit(request: Request, tenantId: string): Promise<Response | undefined> }): Plugin {
  return {
    async onRequest({ request, url, endResponse }) {
      for (const kind of SIGNED_DOWNLOADS) {
        const id = kind.idOf(options.basePath, url.pathname);
        if (!id) continue;
        requestState(request).operation = kind.operation.replace(' ', ` ${options.basePath}`);
        try {
          // Answered here, before authentication: a link needs no bearer credential, whatever the method.
          if (request.method !== 'GET') throw new ApiError('method_not_allowed', `${url.pathname} accepts GET only.`, { allowed_methods: ['GET'] });
          const download = await kind.verify({ prisma: options.prisma, key: options.key }, id, url.searchParams.get('token'));
          requestState(request).authenticatedAs = { tenantId: download.tenantId, scopes: new Set(), credential: download.creator as Principal['credential'] };
          endResponse((await options.admit(request, download.tenantId)) ?? download.response());
        } catch (error) {
          const problem = error instanceof ApiError ? error : databaseFault(error);
          if (!problem) throw error;
          endResponse(problemFor(problem, request));
        }
        return;
      }
    },
  };
}
