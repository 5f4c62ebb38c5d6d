import type { Principal } from '@platform/auth';
import { databaseFault } from '@platform/db';
import { ApiError } from '@platform/errors';
import { downloadedExportId, verifyDownload } from '@platform/subgraph-bulk';
import type { PrismaClient } from '@platform/db';
import type { Plugin } from 'graphql-yoga';
import { requestState } from '../request-state.ts';
import { problemFor } from '../responses.ts';

/**
 * `GET /v1/bulk/exports/{id}/download?token=…`: an export's file by its signed link, answered
 * before authentication (the link is the credential, like an S3 pre-signed URL; the bulk domain
 * verifies it and streams the file). A verified link counts against its tenant's rate limit and is
 * audited under that tenant; a bad or expired one is a 403 or 410 problem.
 */
export function useExportDownloads(options: { basePath: string; prisma: PrismaClient; key: Buffer; admit(request: Request, tenantId: string): Promise<Response | undefined> }): Plugin {
  return {
    async onRequest({ request, url, endResponse }) {
      const exportId = downloadedExportId(options.basePath, request.method, url.pathname);
      if (!exportId) return;
      requestState(request).operation = `GET ${options.basePath}/bulk/exports/:id/download`;
      try {
        const download = await verifyDownload({ prisma: options.prisma, key: options.key }, exportId, url.searchParams.get('token'));
        // Audited under the export's tenant, its creator as actor: the link is theirs, handed on.
        requestState(request).authenticatedAs = { tenantId: download.tenantId, scopes: new Set(), credential: download.creator as Principal['credential'] };
        endResponse((await options.admit(request, download.tenantId)) ?? download.response());
      } catch (error) {
        const problem = error instanceof ApiError ? error : databaseFault(error);
        if (!problem) throw error;
        endResponse(problemFor(problem, request));
      }
    },
  };
}
