import { fieldErrors } from '@platform/errors';
import type { Plugin } from 'graphql-yoga';
import { requestState } from '../request-state.ts';
import { graphqlErrorFor, problemFor } from '../responses.ts';

const ETAG = /^\s*"(\d{1,15})"\s*$/;

/**
 * `If-Match` on writes. ETags are `"<version>"` (the REST facade sets them from a record's
 * `version`); the version named here reaches resolvers as `context.ifMatchVersion`, where
 * `assertCurrentVersion` compares it with the locked record. `*` asks for no check. Anything
 * else is a 400 before the request executes, rather than a silently unconditional write.
 */
export function usePreconditions(options: { graphqlEndpoint: string }): Plugin {
  return {
    onRequest({ request, url, endResponse }) {
      const header = request.headers.get('if-match');
      if (header === null || header.trim() === '*' || request.method === 'GET' || request.method === 'HEAD') return;
      const match = ETAG.exec(header);
      if (match) {
        requestState(request).ifMatchVersion = Number(match[1]);
        return;
      }
      const error = fieldErrors('invalid_parameter', 'If-Match', 'If-Match must be an ETag of this API, such as "3" (with the quotes), or *.');
      endResponse(url.pathname === options.graphqlEndpoint ? graphqlErrorFor(error, request) : problemFor(error, request));
    },
  };
}
