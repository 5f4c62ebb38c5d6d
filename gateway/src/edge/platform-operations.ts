import type { PlatformOperationExecutor, PlatformOperationResult } from '@platform/graphql-kit';
import { requestState } from './request-state.ts';

/**
 * Runs GraphQL operations on behalf of a principal the platform established itself (a connector
 * writing the records of a sync), through the edge exactly as a client's request would go: scope
 * checks, input rules, idempotency keys, events and the audit record (with that principal as the
 * actor). The request never touches the network; its principal is set before the edge sees it,
 * which no request from the network can do (see useAuthentication).
 */
export function platformOperationExecutor(edge: { fetch(request: Request): Response | Promise<Response>; fetchAPI: { Request: typeof Request } }, graphqlEndpoint: string): PlatformOperationExecutor {
  return async (principal, operation) => {
    // The edge's own Request class (whatwg-node's), lighter than Node's built-in one.
    const request = new edge.fetchAPI.Request(`http://platform.internal${graphqlEndpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...(operation.idempotencyKey && { 'idempotency-key': operation.idempotencyKey }) },
      body: JSON.stringify({ query: operation.document, variables: operation.variables }),
    });
    const state = requestState(request);
    state.principal = principal;
    state.authenticatedAs = principal;
    state.inProcess = true;
    state.paced = operation.paced === true;
    const response = await edge.fetch(request);
    return (await response.json()) as PlatformOperationResult;
  };
}
