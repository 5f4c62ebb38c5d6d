import { errorCatalogue } from '@platform/errors';
import type { RawOutcome } from '../support/raw-http.ts';
import type { FuzzCase } from './fuzz-case.ts';

/** Faults the platform names (database down, starting, deadline passed): allowed, though none should occur while fuzzing. */
const NAMED_FAULTS = new Set(['database_unavailable', 'service_unavailable', 'request_timeout']);

/** RFC 6749 section 5.2 and RFC 7009 error codes, the refusals of the OAuth endpoints. */
const OAUTH_ERRORS = new Set(['invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope', 'unsupported_token_type', 'slow_down']);

/**
 * What no answer may contain: the platform's internals. Input the request itself carried is
 * exempt (a name containing "SELECT" comes back in the record), see `leaks`.
 */
export const LEAK_PATTERNS: Array<[string, RegExp]> = [
  // Each run of repeated characters is bounded or anchored after what cannot repeat: an unbounded one
  // made the file-path pattern quadratic, 6 s on a 64 KB answer quoting the client's value, long
  // enough for the cases in flight beside it to count as hangs (security/regular-expressions.test.ts).
  ['a stack trace', /\bat (?:async |new )?(?:[\w$.<>[\]]+ (?:\[as [\w$]+\] )?\()?(?:file:\/\/|\/|node:)[^\s)":]+:\d+:\d+/],
  ['a file path', /\/work\/|\/home\/|\/root\/|node_modules|file:\/\/\/|(?<![\w-])[\w-]{1,200}\.(?:ts|js|mjs|cjs):\d+/],
  [
    'SQL or a PostgreSQL message',
    /syntax error at or near|violates (?:foreign key|unique|check|not-null|exclusion) constraint|relation "[^"]*" does not exist|column "[^"]*" (?:of relation|does not exist)|invalid input (?:syntax|value) for|duplicate key value|current transaction is aborted|out of range for type|value too long for type|invalid byte sequence for encoding|Can't reach database server|Connection terminated|timeout exceeded when trying to connect|"public"\."\w+"|\$\d+::["\w]/i,
  ],
  ['a Prisma message', /prisma|\bP[1-3]\d{3}\b:/i],
  // (Connection errors as such are not here: a webhook attempt reports why the tenant's receiver did not answer, by design.)
  ['an internal exception', /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|AggregateError): |Cannot read propert(?:y|ies) of|is not a function/],
];

export interface Verdict {
  /** `200`, `400`, …, or `hung`, `no answer`, `unsendable`. */
  status: string;
  /** Error codes the answer carries (problem `code`, GraphQL `extensions.code`, OAuth `error`). */
  codes: string[];
  /** Each property the answer breaks, in words; empty when it holds them all. */
  violations: string[];
}

/**
 * Judges one answer by the properties every answer must have: an answer at all (no hang), no
 * status of 500 or more (bar a named fault), refusals a client can act on (problem+json with a
 * catalogue code over REST, `extensions.code` on every GraphQL error, `internal_error` never),
 * and nothing of the platform's internals in the body.
 */
export function judge(fuzzCase: FuzzCase, outcome: RawOutcome): Verdict {
  switch (outcome.kind) {
    case 'hung':
      return { status: 'hung', codes: [], violations: [`no complete answer within ${outcome.milliseconds} ms${outcome.partial ? ` (got: ${JSON.stringify(outcome.partial.slice(0, 200))})` : ''}`] };
    case 'connection_error':
      return { status: 'no answer', codes: [], violations: [`connection closed without an answer: ${outcome.reason}`] };
    case 'unsendable':
      return { status: 'unsendable', codes: [], violations: [] };
    case 'answered':
      break;
  }
  const { status, body } = outcome;
  const contentType = String(outcome.headers['content-type'] ?? '');
  const violations: string[] = [];
  const codes: string[] = [];
  const parsed = contentType.includes('json') ? parseJson(body) : undefined;

  if (fuzzCase.request.method === 'HEAD') {
    // A HEAD answer has no body to judge, only its status.
  } else if (contentType.startsWith('application/problem+json')) {
    checkProblem(parsed, status, outcome.headers, codes, violations);
  } else if (fuzzCase.surface === 'graphql' && /json|event-stream|multipart\/mixed/.test(contentType)) {
    checkGraphqlErrors(/event-stream|multipart/.test(contentType) ? streamedPayloads(body) : [parsed], status, codes, violations);
  } else if (fuzzCase.oauthErrors && status >= 400 && status < 500 && contentType.startsWith('application/json')) {
    const error = (parsed as { error?: unknown } | undefined)?.error;
    codes.push(String(error));
    if (typeof error !== 'string' || !OAUTH_ERRORS.has(error)) violations.push(`OAuth refusal without an RFC 6749 error code: ${body.slice(0, 200)}`);
  } else if (status >= 400 && !(status === 406 && !acceptsJson(fuzzCase))) {
    // (A client that accepts no JSON cannot be sent a JSON refusal: its 406 may be bare.)
    violations.push(`${status} answered with ${contentType || 'no content type'} instead of ${fuzzCase.surface === 'rest' ? 'application/problem+json' : 'a GraphQL error or problem+json'}: ${JSON.stringify(body.slice(0, 200))}`);
  }

  const namedFault = (status === 503 || status === 504) && codes.length > 0 && codes.every((code) => NAMED_FAULTS.has(code));
  if (status >= 500 && !namedFault) violations.unshift(`status ${status}`);
  if (codes.includes('internal_error')) violations.push('internal_error (a defect, not a client mistake)');
  // GraphiQL (GET /graphql from a browser) is a static page of bundled code, not an answer about the request.
  if (!contentType.startsWith('text/html')) violations.push(...leaks(fuzzCase, body));
  return { status: String(status), codes, violations };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function checkProblem(problem: unknown, status: number, headers: Record<string, string | string[] | undefined>, codes: string[], violations: string[]): void {
  const { code, status: problemStatus, request_id: requestId } = (problem ?? {}) as { code?: unknown; status?: unknown; request_id?: unknown };
  if (typeof code !== 'string' || !(code in errorCatalogue)) {
    violations.push(`problem+json without a catalogue code: ${JSON.stringify(problem)?.slice(0, 200)}`);
    return;
  }
  codes.push(code);
  if (problemStatus !== status) violations.push(`problem status ${String(problemStatus)} differs from HTTP status ${status}`);
  if (errorCatalogue[code as keyof typeof errorCatalogue].status !== status) violations.push(`${code} answered with ${status}, the catalogue says ${errorCatalogue[code as keyof typeof errorCatalogue].status}`);
  // A replay (Idempotency-Key) returns the stored body, which names the request that was executed.
  if (requestId !== headers['x-request-id'] && headers['idempotent-replayed'] !== 'true') violations.push('problem request_id differs from X-Request-Id');
}

/** Every error of every GraphQL result must carry a catalogue code; a refusal (4xx) must carry at least one error. */
function checkGraphqlErrors(results: unknown[], status: number, codes: string[], violations: string[]): void {
  let errorCount = 0;
  for (const result of results) {
    if (typeof result !== 'object' || result === null) {
      violations.push('GraphQL answer is not a JSON object');
      continue;
    }
    const errors = (result as { errors?: unknown }).errors;
    if (errors === undefined) continue;
    if (!Array.isArray(errors)) {
      violations.push('GraphQL `errors` is not a list');
      continue;
    }
    for (const error of errors as Array<{ message?: unknown; extensions?: { code?: unknown } }>) {
      errorCount += 1;
      const code = error?.extensions?.code;
      if (typeof code !== 'string' || !(code in errorCatalogue)) {
        violations.push(`GraphQL error without a catalogue code: ${JSON.stringify(error).slice(0, 200)}`);
        continue;
      }
      codes.push(code);
    }
  }
  if (status >= 400 && errorCount === 0) violations.push(`GraphQL answer ${status} without any error`);
}

/** The JSON results of an event stream (`data:` lines) or of a multipart/mixed answer (one per part). */
function streamedPayloads(body: string): unknown[] {
  const eventData = body.split('\n').filter((line) => line.startsWith('data:') && line.slice(5).trim() !== '').map((line) => line.slice(5));
  const parts = body.split(/\r\n-{3,}(?:--)?\r\n/).map((part) => part.slice(part.indexOf('\r\n\r\n') + 4)).filter((part) => part.trim().startsWith('{'));
  return [...eventData, ...parts].map(parseJson);
}

/** Whether the request's `Accept` admits a JSON answer: a media range naming json, or any type, with a q above 0. */
function acceptsJson(fuzzCase: FuzzCase): boolean {
  const accept = fuzzCase.request.headers.accept;
  if (accept === undefined || accept === '') return true;
  return String(accept)
    .split(',')
    .some((range) => /json|\*\/\*/.test(range) && !/;\s*q=0(\.0*)?\s*$/.test(range));
}

/** Internals found in the body, leaving out text the request sent itself (and so may be echoed). */
function leaks(fuzzCase: FuzzCase, body: string): string[] {
  const sent = `${safeDecode(fuzzCase.request.path)}\n${fuzzCase.request.body === undefined ? '' : Buffer.from(fuzzCase.request.body).toString('utf8')}`;
  const found: string[] = [];
  for (const [what, pattern] of LEAK_PATTERNS) {
    const match = pattern.exec(body);
    if (match && !sent.includes(match[0]) && !sent.includes(unescapeJson(match[0]))) {
      found.push(`the answer contains ${what}: ${JSON.stringify(body.slice(Math.max(0, match.index - 80), match.index + 120))}`);
    }
  }
  return found;
}

/** Text as it was before JSON escaped it (`a\\"b` to `a"b`), or as it is when it does not unescape. */
function unescapeJson(text: string): string {
  try {
    return JSON.parse(`"${text}"`) as string;
  } catch {
    return text;
  }
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
