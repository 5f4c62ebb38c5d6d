import { randomUUID } from 'node:crypto';
import { PlatformRequestError } from './problem-error.ts';
import type { TokenSource } from './token-source.ts';

/** What `onRetry` is told before the core waits and sends a request again. */
export interface RetryEvent {
  method: string;
  url: string;
  /** The attempt that failed, from 1. */
  attempt: number;
  /** How long the core waits before the next attempt. */
  delayMs: number;
  /** The status that is retried (429, 5xx, 409 `idempotency_key_in_use`), or undefined after a network error or timeout. */
  status: number | undefined;
  /** The network error or timeout, when there was no answer. */
  error: unknown;
  /** The `Idempotency-Key` the write carries (the same on every attempt). */
  idempotencyKey: string | undefined;
}

export interface RetryPolicy {
  /** Retries after the first attempt (default 3: at most 4 attempts). */
  maxRetries: number;
  /** Per-attempt timeout in ms (default 30 000); an attempt that exceeds it is aborted and retried. */
  timeoutMs: number;
  /** Base of the exponential backoff (default 250 ms): attempt n waits a random time in [0, min(maxDelayMs, baseDelayMs * 2^(n-1))). */
  baseDelayMs: number;
  /** Cap of the backoff (default 10 000 ms). */
  maxDelayMs: number;
  /** A `Retry-After` longer than this (default 60 000 ms) is not waited for: the answer is returned. */
  maxRetryAfterMs: number;
  onRetry?: ((event: RetryEvent) => void) | undefined;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 3, timeoutMs: 30_000, baseDelayMs: 250, maxDelayMs: 10_000, maxRetryAfterMs: 60_000 };

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface SendOptions {
  /** Whether a failed attempt may be sent again (reads, and writes with an Idempotency-Key). */
  retryable: boolean;
  /** Sets headers for each attempt (a token renewed between attempts is used). */
  prepare?: ((headers: Headers) => Promise<void>) | undefined;
  /** Called after a 401: whether to send once more at once (a refused cached token was forgotten). */
  onUnauthorized?: (() => boolean) | undefined;
}

/**
 * Sends `request` with the retry policy: 429, 5xx, network errors and per-attempt timeouts are
 * retried (when `retryable`) with exponential backoff and full jitter, waiting at least what
 * `Retry-After` says; a 409 `idempotency_key_in_use` (the first attempt of the key is still
 * running) is retried the same way. The body is read once and sent again unchanged, headers
 * included, so an Idempotency-Key stays the same across attempts.
 */
export async function sendWithRetries(request: Request, policy: RetryPolicy, options: SendOptions, fetchImpl: typeof fetch = fetch): Promise<Response> {
  const body = request.body === null ? undefined : await request.arrayBuffer();
  let renewedAfter401 = false;
  for (let attempt = 1; ; attempt++) {
    const headers = new Headers(request.headers);
    await options.prepare?.(headers);
    const timeout = AbortSignal.timeout(policy.timeoutMs);
    const signal = AbortSignal.any([request.signal, timeout]);
    const mayRetry = options.retryable && attempt <= policy.maxRetries;
    let response: Response;
    try {
      response = await fetchImpl(new Request(request.url, { method: request.method, headers, body: body ?? null, signal, redirect: request.redirect }));
    } catch (error) {
      if (request.signal.aborted) throw new PlatformRequestError(`${request.method} ${request.url} was aborted`, attempt, false, { cause: request.signal.reason });
      const timedOut = timeout.aborted;
      if (!mayRetry) {
        const what = timedOut ? `timed out after ${policy.timeoutMs} ms` : `failed: ${describe(error)}`;
        throw new PlatformRequestError(`${request.method} ${request.url} ${what} (attempt ${attempt})`, attempt, timedOut, { cause: error });
      }
      const delayMs = backoff(attempt, policy);
      policy.onRetry?.({ method: request.method, url: request.url, attempt, delayMs, status: undefined, error, idempotencyKey: headers.get('idempotency-key') ?? undefined });
      await sleep(delayMs, request.signal);
      continue;
    }
    if (response.status === 401 && !renewedAfter401 && options.onUnauthorized?.()) {
      renewedAfter401 = true;
      await response.body?.cancel();
      continue;
    }
    if (!mayRetry || !(await isRetryable(response))) return response;
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
    if (retryAfterMs !== undefined && retryAfterMs > policy.maxRetryAfterMs) return response;
    const delayMs = Math.max(retryAfterMs ?? 0, backoff(attempt, policy));
    await response.body?.cancel();
    policy.onRetry?.({ method: request.method, url: request.url, attempt, delayMs, status: response.status, error: undefined, idempotencyKey: headers.get('idempotency-key') ?? undefined });
    await sleep(delayMs, request.signal);
  }
}

export interface PlatformFetchOptions {
  tokens: TokenSource;
  tenantId: string;
  policy: RetryPolicy;
  /** Give every write an Idempotency-Key (a random UUID) unless it has one (default true). */
  idempotencyKeys: boolean;
  fetch?: typeof fetch | undefined;
  userAgent?: string | undefined;
}

/**
 * The core's fetch, shared by the REST client, GraphQL and the paginator: adds
 * `Authorization: Bearer <token>` (renewed before expiry) and `X-Service-Tenant`, gives every
 * write an `Idempotency-Key` generated once and reused by each retry, and retries per the policy.
 * A write without a key (the caller turned automatic keys off) is never retried.
 */
export function createPlatformFetch(options: PlatformFetchOptions): (request: Request) => Promise<Response> {
  return (request: Request) => {
    const headers = new Headers(request.headers);
    const isWrite = WRITE_METHODS.has(request.method.toUpperCase());
    if (isWrite && options.idempotencyKeys && !headers.has('idempotency-key')) headers.set('idempotency-key', randomUUID());
    if (options.userAgent && !headers.has('user-agent')) headers.set('user-agent', options.userAgent);
    const keyed = new Request(request, { headers });
    return sendWithRetries(
      keyed,
      options.policy,
      {
        retryable: !isWrite || headers.has('idempotency-key'),
        prepare: async (attemptHeaders) => {
          attemptHeaders.set('authorization', `Bearer ${await options.tokens.token()}`);
          attemptHeaders.set('x-service-tenant', options.tenantId);
        },
        onUnauthorized: () => options.tokens.invalidate(),
      },
      options.fetch,
    );
  };
}

async function isRetryable(response: Response): Promise<boolean> {
  if (response.status === 429 || response.status >= 500) return true;
  if (response.status !== 409) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => undefined)) as { code?: unknown } | undefined;
  return body?.code === 'idempotency_key_in_use';
}

/** Full jitter: a random delay in [0, min(cap, base * 2^(attempt - 1))). */
export function backoff(attempt: number, policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>): number {
  return Math.floor(Math.random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1)));
}

/** `Retry-After` as delay-seconds or an HTTP date, in ms; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new PlatformRequestError('The request was aborted while waiting to retry', 0, false, { cause: signal.reason }));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
  }
  return String(error);
}
