import type { components } from './rest/generated/openapi.ts';

/** The RFC 9457 problem the platform answers with (`application/problem+json`), as the OpenAPI document describes it. */
export type Problem = components['schemas']['Problem'];
/** The platform's stable error codes (branch on these, then on the status; new codes may appear). */
export type ProblemCode = Problem['code'];
/** One parameter or body field at fault. */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * A request the platform refused or failed: a problem+json answer (after any retries), or the
 * OAuth token endpoint's `{ error, error_description }`. `code` is the stable code to branch on;
 * `problem` is the whole body (extension members such as `current_version`, `allowed_actions`,
 * `required_scope`).
 */
export class PlatformProblemError extends Error {
  override readonly name = 'PlatformProblemError';
  /** HTTP status. */
  readonly status: number;
  /** Stable error code (`precondition_failed`, `invalid_transition`, ...; OAuth: `invalid_client`, ...). */
  readonly code: string;
  readonly title: string | undefined;
  readonly detail: string | undefined;
  readonly type: string | undefined;
  readonly instance: string | undefined;
  /** `request_id` of the problem, else the `X-Request-Id` header: quote it to support. */
  readonly requestId: string | undefined;
  /** Field errors (`invalid_parameter`, `validation_failed`, `rule_violation`, ...); empty when none. */
  readonly errors: FieldError[];
  /** The raw body: the problem with its extension members, or the text when it was not JSON. */
  readonly problem: Record<string, unknown>;
  /** The final response's headers (`Retry-After`, `RateLimit-*`, `ETag`, ...). */
  readonly headers: Headers;

  constructor(status: number, body: unknown, headers: Headers) {
    const problem: Record<string, unknown> = isObject(body) ? body : typeof body === 'string' && body !== '' ? { detail: body } : {};
    const code = stringOr(problem.code) ?? stringOr(problem.error) ?? `http_${status}`;
    const detail = stringOr(problem.detail) ?? stringOr(problem.error_description);
    super(`${status} ${code}${detail ? `: ${detail}` : ''}`);
    this.status = status;
    this.code = code;
    this.title = stringOr(problem.title);
    this.detail = detail;
    this.type = stringOr(problem.type);
    this.instance = stringOr(problem.instance);
    this.requestId = stringOr(problem.request_id) ?? headers.get('x-request-id') ?? undefined;
    this.errors = Array.isArray(problem.errors) ? problem.errors.filter(isFieldError) : [];
    this.problem = problem;
    this.headers = headers;
  }

  /** Builds the error from a response whose body has not been read yet. */
  static async fromResponse(response: Response): Promise<PlatformProblemError> {
    const text = await response.text().catch(() => '');
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text as the detail
    }
    return new PlatformProblemError(response.status, body, response.headers);
  }
}

/**
 * A request that got no answer: every attempt failed on the network or timed out (per attempt,
 * `timeoutMs`), or the caller aborted it. `cause` is the last underlying error.
 */
export class PlatformRequestError extends Error {
  override readonly name = 'PlatformRequestError';
  constructor(
    message: string,
    /** The attempts made. */
    readonly attempts: number,
    /** Whether the last attempt ended by the per-attempt timeout. */
    readonly timedOut: boolean,
    options: { cause: unknown },
  ) {
    super(message, options);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOr(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function isFieldError(value: unknown): value is FieldError {
  return isObject(value) && typeof value.field === 'string' && typeof value.message === 'string';
}
