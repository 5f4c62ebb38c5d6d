import { type PrismaClient, databaseFault } from '@platform/db';
import { ApiError } from '@platform/errors';
import { receiveJsonlUpload } from '@platform/subgraph-bulk';
import type { Plugin } from 'graphql-yoga';
import { requestState } from '../request-state.ts';
import { problemFor } from '../responses.ts';
import { discardRest } from './use-connector-uploads.ts';

/** The scope an upload takes: it exists to be run by a bulk mutation. */
export const BULK_UPLOAD_SCOPE = 'bulk:write';
const UPLOADS_PATH = '/bulk/uploads';

/** Whether a request is a bulk upload, whose body the listener leaves for this plugin to stream. */
export function isBulkUpload(basePath: string, method: string, path: string): boolean {
  return method === 'POST' && path === `${basePath}${UPLOADS_PATH}`;
}

/**
 * `POST /v1/bulk/uploads`: a JSONL file (one JSON object per line, the variables of one run of a
 * bulk mutation), read line by line as it arrives and stored in chunks (the bulk domain), answered
 * 201 with `{ id, lines, bytes, expires_at }`. A REST-only route like connector uploads (GraphQL
 * has no file type the gateway could carry): after authentication and the rate limit (the upload
 * is one request), audited like every request, its scope checked here.
 */
export function useBulkUploads(options: { basePath: string; prisma: PrismaClient }): Plugin {
  return {
    async onRequest({ request, url, endResponse }) {
      if (!isBulkUpload(options.basePath, request.method, url.pathname)) return;
      const state = requestState(request);
      state.operation = `POST ${options.basePath}${UPLOADS_PATH}`;
      const principal = state.principal;
      if (!principal) throw new Error('an upload reached its handler unauthenticated');
      try {
        if (!principal.scopes.has(BULK_UPLOAD_SCOPE)) throw new ApiError('insufficient_scope', `This operation requires the scope ${BULK_UPLOAD_SCOPE}.`, { required_scope: BULK_UPLOAD_SCOPE });
        const upload = await receiveJsonlUpload(options.prisma, principal.tenantId, principal.credential.id, request);
        endResponse(Response.json(upload, { status: 201, headers: { 'cache-control': 'no-store' } }));
      } catch (error) {
        const problem = error instanceof ApiError ? error : databaseFault(error);
        if (!problem) throw error;
        endResponse(problemFor(problem, request));
        void discardRest(request);
      }
    },
  };
}
