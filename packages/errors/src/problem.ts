import { GraphQLError } from 'graphql';
import type { FieldError } from './api-error.ts';
import { errorCatalogue, type ErrorCode } from './catalogue.ts';

/** RFC 9457 problem details, plus the platform's stable `code` and the `request_id`. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  code: ErrorCode;
  request_id: string;
  /** Each parameter or body field at fault. */
  errors?: FieldError[];
  [extension: string]: unknown;
}

const GENERIC_DETAIL = 'An internal error occurred. Quote the request_id when contacting support.';

/**
 * Turns any error into a problem. Errors without a known code are internal: their message is
 * never shown to the client (it may hold SQL, stack fragments or secrets), only logged.
 */
export function problemFromError(error: unknown, requestId: string, instance: string): Problem {
  // Errors arrive as instances, or as GraphQL's JSON form ({ message, extensions }) from SOFA.
  const shaped = error as { message?: unknown; extensions?: Record<string, unknown> } | null;
  const extensions = error instanceof GraphQLError ? error.extensions : shaped?.extensions;
  const rawCode = extensions?.code;
  const known = typeof rawCode === 'string' && rawCode in errorCatalogue;
  const code = (known ? rawCode : 'internal_error') as ErrorCode;
  const entry = errorCatalogue[code];
  const detail = known && typeof shaped?.message === 'string' ? shaped.message : GENERIC_DETAIL;
  const { code: _code, http: _http, serviceName: _serviceName, exception: _exception, stacktrace: _stack, ...rest } = known ? (extensions ?? {}) : {};
  return {
    type: `/docs/errors#${code}`,
    title: entry.title,
    status: entry.status,
    detail,
    instance,
    code,
    request_id: requestId,
    ...rest,
  };
}

export function problemResponse(problem: Problem, headers: HeadersInit = {}): Response {
  const responseHeaders = new Headers(headers);
  responseHeaders.set('content-type', 'application/problem+json');
  return new Response(JSON.stringify(problem), { status: problem.status, headers: responseHeaders });
}
