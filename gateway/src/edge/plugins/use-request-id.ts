import type { IncomingMessage } from 'node:http';
import type { Plugin } from 'graphql-yoga';
import { requestState } from '../request-state.ts';

/**
 * Gives every request an id and returns it in `X-Request-Id` on every response; notes the
 * client's address (the TCP peer: behind a proxy, the proxy's).
 */
export function useRequestId(): Plugin<object, { req?: IncomingMessage }> {
  return {
    onRequest({ request, serverContext }) {
      requestState(request).clientAddress = serverContext?.req?.socket.remoteAddress;
    },
    onResponse({ request, response }) {
      response.headers.set('x-request-id', requestState(request).requestId);
    },
  };
}
