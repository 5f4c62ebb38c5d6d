import { ApiError } from '@platform/errors';
import type { Plugin } from 'graphql-yoga';
import { problemFor } from '../responses.ts';

/** Anything that is not GraphQL, the health check or an endpoint above is a problem+json 404. */
export function useNotFound(options: { keep: string[] }): Plugin {
  return {
    onRequest({ request, url, endResponse }) {
      if (!options.keep.includes(url.pathname)) endResponse(problemFor(new ApiError('route_not_found', `No operation exists at ${request.method} ${url.pathname}.`), request));
    },
  };
}
