import { type AuditActor, type AuditEntry, type AuditRecorder, type AuditSurface, actorFromPrincipal } from '@platform/audit';
import type { Logger } from '@platform/config';
import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { type RequestState, requestState } from '../request-state.ts';

export interface AuditTrailOptions {
  recorder: AuditRecorder;
  graphqlEndpoint: string;
  restBasePath: string;
  oauthBasePath: string;
  /** The console's sign-in endpoints: recorded as REST requests under the action they name (`auth.sign_in`). */
  authBasePath: string;
  logger: Logger;
}

/** Who made the request: the credential's principal, the person a sign-in endpoint identified, or the client named to an OAuth endpoint. */
function auditActorOf(state: RequestState): { tenantId: string | undefined; actor: AuditActor } {
  const principal = state.principal ?? state.authenticatedAs;
  if (principal) return { tenantId: principal.tenantId, actor: actorFromPrincipal(principal) };
  if (state.signedIn) return { tenantId: state.signedIn.tenantId, actor: { type: 'user', id: state.signedIn.userId, credentialId: state.signedIn.sessionId ?? null } };
  if (state.oauthClient) return { tenantId: state.oauthClient.tenantId, actor: { type: 'oauth_client', id: state.oauthClient.id } };
  return { tenantId: undefined, actor: { type: 'anonymous' } };
}

/** An audit record of a request: who, when, where from, what, plus the record's own fields. */
export function requestAuditEntry(request: Request, fields: Pick<AuditEntry, 'surface' | 'action'> & Partial<AuditEntry>): AuditEntry {
  const state = requestState(request);
  const { tenantId, actor } = auditActorOf(state);
  return { tenantId, actor, occurredAt: state.receivedAt, requestId: state.requestId, method: request.method, path: new URL(request.url).pathname, clientAddress: state.clientAddress, ...fields };
}

/**
 * One audit record per API request (GraphQL, REST and OAuth), whatever its outcome: written by
 * the batched recorder after the response is known, unless a data change already recorded the
 * request atomically with itself. A refused credential is recorded under the tenant it belongs
 * to, never under the tenant it named; a request without any credential under `_platform`.
 */
export function useAuditTrail(options: AuditTrailOptions): Plugin {
  const surfaceOf = (path: string): AuditSurface | undefined => {
    if (path === options.graphqlEndpoint) return 'graphql';
    if (path.startsWith(`${options.oauthBasePath}/`)) return 'oauth';
    if (path.startsWith(`${options.authBasePath}/`)) return 'rest';
    if (path.startsWith(`${options.restBasePath}/`)) return 'rest';
    return undefined;
  };
  return {
    onExecute({ args }) {
      // REST requests run SOFA's generated operations: they keep their route template instead.
      const request = (args.contextValue as { request?: Request }).request;
      if (!request || new URL(request.url).pathname !== options.graphqlEndpoint) return;
      const name = getOperationAST(args.document, args.operationName)?.name?.value;
      if (name) requestState(request).operation = name;
    },
    async onResponse({ request, response }) {
      const url = new URL(request.url);
      const surface = surfaceOf(url.pathname);
      const state = requestState(request);
      if (!surface || state.auditedWithChange) return;
      const operation = state.operation ?? (surface === 'graphql' ? null : url.pathname);
      try {
        await options.recorder.record(
          requestAuditEntry(request, {
            surface,
            action: state.auditAction ?? (surface === 'graphql' ? `graphql ${operation ?? '(anonymous)'}` : `${request.method} ${operation}`),
            operationName: surface === 'graphql' ? operation : null,
            status: response.status,
            durationMs: performance.now() - state.startedAt,
          }),
        );
      } catch (error) {
        options.logger.error({ err: error, request_id: state.requestId }, 'could not queue the audit record');
      }
    },
  };
}
