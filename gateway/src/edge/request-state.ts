import { randomUUID } from 'node:crypto';
import type { Principal } from '@platform/auth';

/** What the edge learns about a request as it passes through the plugins. */
export interface RequestState {
  requestId: string;
  /** performance.now() at arrival, for durations. */
  startedAt: number;
  /** Wall-clock arrival time, for the audit trail. */
  receivedAt: Date;
  /** The credential's principal once its tenant check passed; what resolvers act as. */
  principal?: Principal;
  /** The principal of a valid credential, even when the request was then refused (tenant mismatch). */
  authenticatedAs?: Principal;
  /** The tenant a request of an OAuth client counts for, before any principal exists. */
  oauthClient?: { id: string; tenantId: string };
  clientAddress?: string;
  /** GraphQL operation name, or the REST route template (`PATCH /v1/inventory/items/:id`). */
  operation?: string;
  /** The record version a write's `If-Match` names. */
  ifMatchVersion?: number;
  /** Set when a data change recorded this request in the audit trail within its transaction. */
  auditedWithChange?: boolean;
  /** The person a console endpoint (`/auth`) identified (by session, or by what they proved): the request's audit actor. */
  signedIn?: { tenantId: string; userId: string; sessionId?: string };
  /** What a console endpoint did (`auth.sign_in`), recorded as the audit action instead of the method and path. */
  auditAction?: string;
  /** An operation the platform runs itself (a connector's write), not a request from the network. */
  inProcess?: boolean;
  /** An in-process operation its engine paces itself (an export's pages): not counted against the tenant's rate limit. */
  paced?: boolean;
  /** The cost of the GraphQL operation it ran or was refused (use-query-cost.ts): `extensions.cost` and the `Query-Cost` header. */
  queryCost?: QueryCost;
  /** The error codes its answer carries (its problem's, or its GraphQL errors'), counted in `platform_errors_total` once it is sent. */
  errorCodes?: Set<string>;
}

/** Records the operation could return (estimate), did return, and may return at most. */
export interface QueryCost {
  requested: number;
  actual: number;
  budget: number;
}

const states = new WeakMap<Request, RequestState>();

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The client's `X-Request-Id` when it is a sane one (so traces join up across systems), else a new id. */
export function requestIdFor(offered: string | string[] | null | undefined): string {
  return typeof offered === 'string' && CLIENT_REQUEST_ID.test(offered) ? offered : `req_${randomUUID()}`;
}

/**
 * The request's state, created on first use (Yoga answers some requests, such as the health
 * check, before any of our plugins sees them). The id is the one the HTTP listener settled on.
 */
export function requestState(request: Request): RequestState {
  let state = states.get(request);
  if (!state) {
    state = { requestId: requestIdFor(request.headers.get('x-request-id')), startedAt: performance.now(), receivedAt: new Date() };
    states.set(request, state);
  }
  return state;
}

/** A request derived from another (the REST facade rewrites bodies) shares its state. */
export function linkRequests(original: Request, derived: Request): void {
  states.set(derived, requestState(original));
}
