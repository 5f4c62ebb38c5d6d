import type { Plugin } from 'graphql-yoga';
import { requestState } from '../request-state.ts';

/** Gives every request an id and returns it in `X-Request-Id` on every response. */
export function useRequestId(): Plugin {
  return {
    onRequest({ request }) {
      requestState(request);
    },
    onResponse({ request, response }) {
      response.headers.set('x-request-id', requestState(request).requestId);
    },
  };
}
