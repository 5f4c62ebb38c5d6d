import { randomUUID } from 'node:crypto';
import type { Principal } from '@platform/auth';

/** What the edge learns about a request as it passes through the plugins. */
export interface RequestState {
  requestId: string;
  startedAt: number;
  principal?: Principal;
}

const states = new WeakMap<Request, RequestState>();

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The request's state, created on first use (Yoga answers some requests, such as the health
 * check, before any of our plugins sees them). The id is the client's `X-Request-Id` when it
 * sends a sane one, so traces join up across systems.
 */
export function requestState(request: Request): RequestState {
  let state = states.get(request);
  if (!state) {
    const offered = request.headers.get('x-request-id');
    state = { requestId: offered && CLIENT_REQUEST_ID.test(offered) ? offered : `req_${randomUUID()}`, startedAt: performance.now() };
    states.set(request, state);
  }
  return state;
}

/** A request derived from another (the REST facade rewrites bodies) shares its state. */
export function linkRequests(original: Request, derived: Request): void {
  states.set(derived, requestState(original));
}
