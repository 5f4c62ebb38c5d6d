import { type Problem, problemFromError, problemResponse, retryAfterSeconds } from '@platform/errors';
import { requestState } from './request-state.ts';

/** The problem+json response for an error on this request (REST and the edge's own endpoints). */
export function problemFor(error: unknown, request: Request, headers: HeadersInit = {}): Response {
  const problem = problemOf(error, request);
  const responseHeaders = withRetryAfter(problem, headers);
  // RFC 9110: a 405 lists the methods the resource does accept.
  if (Array.isArray(problem.allowed_methods)) responseHeaders.set('allow', problem.allowed_methods.join(', '));
  return problemResponse(problem, responseHeaders);
}

/** `headers` plus the Retry-After the problem's code carries, unless one is given. */
export function withRetryAfter(problem: Problem, headers: HeadersInit): Headers {
  const responseHeaders = new Headers(headers);
  const retryAfter = retryAfterSeconds[problem.code];
  if (retryAfter !== undefined && !responseHeaders.has('retry-after')) responseHeaders.set('retry-after', String(retryAfter));
  return responseHeaders;
}

export function problemOf(error: unknown, request: Request): Problem {
  const problem = problemFromError(error, requestState(request).requestId, new URL(request.url).pathname);
  noteErrorCodes(request, [problem.code]);
  return problem;
}

/** Records codes the request's answer carries, for the error metrics (useRequestMetrics counts them once the answer is sent). */
export function noteErrorCodes(request: Request, codes: Iterable<string>): void {
  const state = requestState(request);
  state.errorCodes ??= new Set();
  for (const code of codes) state.errorCodes.add(code);
}

/** The same error as a GraphQL response: GraphQL clients read `errors[].extensions.code` (and the problem's own members, e.g. `limit`). */
export function graphqlErrorFor(error: unknown, request: Request, headers: HeadersInit = {}): Response {
  const problem = problemOf(error, request);
  const { type: _type, title: _title, instance: _instance, detail, code, status, request_id, ...members } = problem;
  const responseHeaders = withRetryAfter(problem, headers);
  responseHeaders.set('content-type', 'application/json');
  return new Response(JSON.stringify({ errors: [{ message: detail, extensions: { code, request_id, ...members } }] }), { status, headers: responseHeaders });
}
