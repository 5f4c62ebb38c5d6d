import { usePersistedOperations as persistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import type { PrismaClient } from '@platform/db';
import { ApiError, errorCatalogue } from '@platform/errors';
import { findSavedOperationByDocumentId, parseDocumentId } from '@platform/subgraph-analytics';
import type { GraphQLParams, Plugin } from 'graphql-yoga';
import { requestState } from '../request-state.ts';

/** What finding a saved operation needs; the run then needs the scopes of the fields it selects. */
const RUN_SCOPE = 'analytics:read';

/** A refusal before execution: answered with its code's own status, whatever the client accepts. */
const refusal = (error: ApiError) => new ApiError(error.code, error.message, { ...error.extensions, http: { status: errorCatalogue[error.code].status } });

const documentIdOf = (params: GraphQLParams): unknown => (params as GraphQLParams & { documentId?: unknown }).documentId;

/**
 * Persisted documents (GraphQL over HTTP's convention): a POST /graphql whose body names a saved
 * operation in `documentId` instead of sending `query`, `saved:<name>` or `sha256:<hex>` (the
 * SHA-256 of its document), with `variables` as usual. The document is looked up in the caller's
 * tenant and the request goes on as if the client had sent it: validation, query cost, the
 * caller's own scopes, audit. Placed after authentication (the principal names the tenant); a
 * request with `query` is untouched (arbitrary documents stay allowed).
 */
export function usePersistedOperations(options: { prisma: PrismaClient }): Plugin {
  return persistedOperations({
    allowArbitraryOperations: true,
    extractPersistedOperationId: (params) => {
      const documentId = documentIdOf(params);
      return typeof documentId === 'string' ? documentId : null;
    },
    getPersistedOperation: async (key, request) => {
      const { principal } = requestState(request);
      // useAuthentication answered every request to /graphql without a principal already.
      if (!principal) throw refusal(new ApiError('unauthenticated', 'This endpoint needs a credential: send Authorization: Bearer <access token or API key>.'));
      if (!principal.scopes.has(RUN_SCOPE)) throw refusal(new ApiError('insufficient_scope', `Running a saved operation requires the scope ${RUN_SCOPE}.`, { required_scope: RUN_SCOPE }));
      const documentId = parseDocumentId(key);
      if (!documentId) {
        const message = 'must be saved:<name> (a saved operation’s name) or sha256:<64 lower-case hex digits> (the SHA-256 of its document)';
        throw refusal(new ApiError('query_invalid', `documentId ${message}.`, { errors: [{ field: 'documentId', message }] }));
      }
      const saved = await findSavedOperationByDocumentId(options.prisma, principal.tenantId, documentId);
      return saved?.document ?? null;
    },
    customErrors: {
      notFound: ({ params }) =>
        refusal(new ApiError('persisted_operation_not_found', `No saved operation of this tenant has the documentId ${String(documentIdOf(params))}; GET /v1/analytics/saved-operations lists them.`)),
      keyNotFound: () => refusal(new ApiError('query_invalid', 'Send the GraphQL document as `query`, or the id of a saved operation as `documentId`.')),
    },
  });
}
