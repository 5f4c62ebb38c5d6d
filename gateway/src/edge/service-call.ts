import type { AuditEntry } from '@platform/audit';
import type { ServiceCall } from '@platform/auth';
import { inExportWork } from '@platform/graphql-kit';
import { requestAuditEntry } from './plugins/use-audit-trail.ts';
import { requestState } from './request-state.ts';

/**
 * The audit facts of a change made by a request, but for what the change names (its action and
 * resource): who, when, from where, through which surface and operation.
 */
export function changeAuditBase(request: Request, graphqlEndpoint: string): Omit<AuditEntry, 'action'> {
  const state = requestState(request);
  const graphql = new URL(request.url).pathname === graphqlEndpoint;
  const { action: _action, ...base } = requestAuditEntry(request, { surface: graphql ? 'graphql' : 'rest', action: '', operationName: graphql ? (state.operation ?? null) : null });
  return base;
}

/** What an edge tells a subgraph service about a request it executes part of (signed into a service token). */
export function serviceCallOf(request: Request, graphqlEndpoint: string): ServiceCall {
  const state = requestState(request);
  if (!state.principal) throw new Error('a subgraph is called for an unauthenticated request');
  return {
    principal: state.principal,
    requestId: state.requestId,
    ...(state.ifMatchVersion !== undefined && { ifMatchVersion: state.ifMatchVersion }),
    audit: changeAuditBase(request, graphqlEndpoint) as unknown as Record<string, unknown>,
    exportPages: inExportWork(),
  };
}

/** A subgraph service recorded the request with a change: the edge writes no second record of it. */
export function noteAuditedWithChange(request: Request): void {
  requestState(request).auditedWithChange = true;
}
