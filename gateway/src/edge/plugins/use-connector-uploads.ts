import { databaseFault } from '@platform/db';
import { ApiError } from '@platform/errors';
import type { SyncPort } from '@platform/graphql-kit';
import { REFUSED_UPLOAD_DISCARD } from '@platform/subgraph-integrations';
import type { Plugin } from 'graphql-yoga';
import { requestState } from '../request-state.ts';
import { problemFor } from '../responses.ts';

/** The scope an upload takes: it exists to be imported by a sync job. */
export const UPLOAD_SCOPE = 'sync:write';
const UPLOADS = /^\/connectors\/([A-Za-z0-9_]{1,100})\/uploads$/;

/** Whether a request is a file upload, whose body the listener leaves for this plugin to stream. */
export function isConnectorUpload(basePath: string, method: string, path: string): boolean {
  return method === 'POST' && path.startsWith(`${basePath}/`) && UPLOADS.test(path.slice(basePath.length));
}

/**
 * `POST /v1/connectors/{connector_id}/uploads`: a file for a CSV connector, as multipart/form-data
 * (field `file`), streamed into storage as it arrives (the integrations domain, through the sync
 * port) and answered 201 with the stored upload; a sync job then imports it (`start_sync` with
 * `upload_id`). A REST-only route: GraphQL has no file type the gateway could carry. It runs after
 * authentication and the rate limit like every API request, and checks its scope itself.
 */
export function useConnectorUploads(options: { basePath: string; sync: SyncPort }): Plugin {
  return {
    async onRequest({ request, url, endResponse }) {
      if (!isConnectorUpload(options.basePath, request.method, url.pathname)) return;
      const state = requestState(request);
      state.operation = `POST ${options.basePath}/connectors/:connector_id/uploads`;
      const principal = state.principal;
      if (!principal) throw new Error('an upload reached its handler unauthenticated');
      const connectorId = UPLOADS.exec(url.pathname.slice(options.basePath.length))?.[1] as string;
      try {
        if (!principal.scopes.has(UPLOAD_SCOPE)) throw new ApiError('insufficient_scope', `This operation requires the scope ${UPLOAD_SCOPE}.`, { required_scope: UPLOAD_SCOPE });
        const upload = await options.sync.receiveUpload(principal.tenantId, connectorId, request);
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

/**
 * Reads and drops what the client still sends of a refused upload, bounded (REFUSED_UPLOAD_DISCARD):
 * a client still writing when the connection closes may see a reset before the answer. Past the
 * bound the body is cancelled, which closes the connection.
 */
export async function discardRest(request: Request): Promise<void> {
  // Locked when the upload's reader had begun: it stopped reading, and the body's end is the reader's.
  if (!request.body || request.body.locked) return;
  const reader = request.body.getReader();
  const cut = setTimeout(() => void reader.cancel().catch(() => {}), REFUSED_UPLOAD_DISCARD.ms);
  try {
    for (let dropped = 0; dropped <= REFUSED_UPLOAD_DISCARD.bytes; ) {
      const { done, value } = await reader.read();
      if (done) return;
      dropped += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The body ended badly or was cancelled: nothing was to be kept of it.
  } finally {
    clearTimeout(cut);
  }
}
