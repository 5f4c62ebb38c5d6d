import type { Logger } from '@platform/config';
import { databaseFault } from '@platform/db';
import { ApiError, type ErrorCode, errorCatalogue, retryAfterSeconds } from '@platform/errors';
import { GraphQLError } from 'graphql';
import type { Plugin, YogaServerOptions } from 'graphql-yoga';
import type { ReportUnexpectedError } from '../../observability/unexpected-errors.ts';
import { requestState } from '../request-state.ts';
import { noteErrorCodes } from '../responses.ts';

/** Yoga's own codes for errors in the client's document or variables; all become `query_invalid`. */
const DOCUMENT_ERROR_CODES = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT']);

/**
 * Every GraphQL error carries one of the platform's codes in `extensions.code`, the same codes
 * as REST problems: document errors are `query_invalid`; anything unexpected is masked as
 * `internal_error` (logged with its cause) so no internal message reaches the client. A response
 * that failed as a whole (no data) because the database or a subgraph service is unavailable is an HTTP 503 with
 * `Retry-After`, as the same request over REST would be, so HTTP clients and proxies can retry.
 */
export function useGraphqlErrorCodes(): Plugin {
  return {
    onResultProcess({ request, result, setResult }) {
      if (Array.isArray(result) || !('errors' in result) || !result.errors?.length) return;
      const errors = result.errors.map((error) => recode(error, requestState(request).requestId));
      noteErrorCodes(request, errors.map((error) => String(error.extensions.code)));
      const unavailable = result.data == null ? errors.map((error) => error.extensions.code).find((code) => code === 'database_unavailable' || code === 'subgraph_unavailable') : undefined;
      const http = unavailable ? { status: 503, headers: { 'retry-after': String(retryAfterSeconds[unavailable]) } } : undefined;
      setResult({ ...result, errors, ...(http && { extensions: { ...result.extensions, http } }) });
    },
  };
}

function recode(error: GraphQLError, requestId: string): GraphQLError {
  const { code, serviceName: _serviceName, ...extensions } = error.extensions ?? {};
  if (typeof code === 'string' && DOCUMENT_ERROR_CODES.has(code)) return new GraphQLError(error.message, { nodes: error.nodes, path: error.path, extensions: { ...extensions, code: 'query_invalid' } });
  // Which subgraph answered is the platform's business, not the client's. A failure on our side
  // carries the request id, as its REST problem does: what a client quotes to support.
  return new GraphQLError(error.message, { nodes: error.nodes, path: error.path, extensions: { ...extensions, code, ...(code === 'internal_error' && { request_id: requestId }) } });
}

/**
 * The platform code of an error in the request itself, raised by Yoga (a body that is not JSON or
 * not an object, parameters of the wrong type, an operation it cannot pick, a mutation over GET:
 * each with the HTTP status Yoga gives it) or by graphql-js (variables that do not coerce).
 */
function requestErrorCode(error: GraphQLError): ErrorCode | undefined {
  const { code, http } = error.extensions as { code?: unknown; http?: { status?: number } };
  if (code === 'OPERATION_RESOLUTION_FAILURE') return 'query_invalid';
  if (code === 'BAD_REQUEST' && http?.status === 405) return 'method_not_allowed';
  if (code === 'BAD_REQUEST' && http?.status === 400) return /JSON|POST body/.test(error.message) ? 'malformed_body' : 'query_invalid';
  // graphql-js's own message for a variable that is missing or does not coerce to its type; the
  // platform's scalars (DateTime, MinorUnits) refuse with a code of their own, kept as the cause.
  if (code === undefined && !error.path && /^Variable "\$\w+" /.test(error.message)) return error.originalError instanceof ApiError ? error.originalError.code : 'query_invalid';
  // After fifty such errors graphql-js stops with one more, of its own wording.
  if (code === undefined && !error.path && error.message.startsWith('Too many errors processing variables')) return 'query_invalid';
  return undefined;
}

/**
 * The `http` extension a request error keeps. Yoga marks a body that is not JSON (or is missing)
 * with `spec: true`, which makes it answer 200 to a client accepting `application/json`; the
 * GraphQL-over-HTTP specification says a JSON parsing failure SHOULD be 400 whatever the client
 * accepts (graphql-http's audit BCF8), and the catalogue gives `malformed_body` 400, as REST
 * answers it. So `malformed_body` drops the flag and is always 400.
 */
function requestErrorHttp(error: GraphQLError, code: ErrorCode): GraphQLError['extensions']['http'] {
  const { http } = error.extensions;
  if (code !== 'malformed_body' || !http) return http;
  const { spec: _spec, ...always } = http;
  return always;
}

/** Yoga's error masking: errors with a platform code pass; others are logged and masked. */
export function maskUnexpectedErrors(logger: Logger, reportUnexpected: ReportUnexpectedError): NonNullable<YogaServerOptions<object, object>['maskedErrors']> {
  return {
    maskError(error, message) {
      const code = error instanceof GraphQLError ? error.extensions?.code : undefined;
      if (typeof code === 'string' && (code in errorCatalogue || DOCUMENT_ERROR_CODES.has(code))) return error as GraphQLError;
      const requestCode = error instanceof GraphQLError ? requestErrorCode(error) : undefined;
      // Only Yoga's `http` extension (status, Allow) stays: the client's mistake keeps its 4xx, and
      // nothing else Yoga attached (the JSON parser's message quotes the body) goes back.
      if (requestCode) return new GraphQLError((error as GraphQLError).message, { extensions: { http: requestErrorHttp(error as GraphQLError, requestCode), code: requestCode } });
      const fault = databaseFault(error);
      if (fault) {
        logger.warn({ err: error }, 'database unavailable');
        return fault;
      }
      reportUnexpected('graphql', error, {}, 'GraphQL execution failed');
      return new GraphQLError(message, { extensions: { code: 'internal_error' } });
    },
  };
}
