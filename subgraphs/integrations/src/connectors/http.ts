import { RefusedAddressError, type UrlPolicy, outboundRequest, policyLookup, refusedLiteralAddress } from '@platform/events';
import { Agent, Headers, RetryAgent, fetch as undiciFetch } from 'undici';
import { SourceError } from './source.ts';

export interface OutboundHttpOptions {
  /** Private networks the operator allows (WEBHOOK_ALLOWED_PRIVATE_NETWORKS, as for webhooks). */
  urlPolicy: UrlPolicy;
  /** The longest one attempt may wait for the answer's headers, or between two chunks of its body. */
  attemptTimeoutMs: number;
  /** Attempts after the first, for an answer 429 or 503 (after its Retry-After) or a network failure of a safe method. */
  maxRetries: number;
  /** The longest wait before a retry: a longer Retry-After is cut to it (and the answer after the last retry is returned as it came). */
  maxRetryAfterMs: number;
  /** An answer whose body is larger fails the request (a source cannot make the platform hold what it likes). */
  maxResponseBytes: number;
}

export const DEFAULT_OUTBOUND_HTTP: Omit<OutboundHttpOptions, 'urlPolicy'> = {
  attemptTimeoutMs: 15_000,
  maxRetries: 3,
  maxRetryAfterMs: 30_000,
  maxResponseBytes: 32 * 1024 * 1024,
};

/**
 * The HTTP client of every connector (undici): requests only to public addresses (the webhooks'
 * private-network policy, checked inside the socket's DNS lookup so a host cannot be re-pointed
 * into a private network after a check), no redirects followed, throttling answered by waiting
 * (`Retry-After` on 429 and 503, exponential backoff with jitter otherwise, through undici's
 * RetryAgent), every wait bounded: each attempt by `attemptTimeoutMs`, the whole call by its
 * attempts and waits together. Each call is a client span (`GET connector`) whose `traceparent`
 * the request carries, retries included.
 */
export interface OutboundHttp {
  /** `fetch` as undici implements it. Network failures, refusals and timeouts throw SourceError; any HTTP status is returned. */
  fetch(url: string | URL, init?: Parameters<typeof undiciFetch>[1]): Promise<Response>;
  close(): Promise<void>;
}

export function createOutboundHttp(options: OutboundHttpOptions): OutboundHttp {
  const agent = new Agent({
    connect: { lookup: policyLookup(options.urlPolicy) },
    headersTimeout: options.attemptTimeoutMs,
    bodyTimeout: options.attemptTimeoutMs,
    maxResponseSize: options.maxResponseBytes,
  });
  const dispatcher = new RetryAgent(agent, {
    maxRetries: options.maxRetries,
    statusCodes: [429, 503],
    // A failed POST may have been applied: it is not repeated on a network error (nor on 429/503, which undici retries per method too).
    methods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'],
    retryAfter: true,
    minTimeout: 250,
    maxTimeout: options.maxRetryAfterMs,
    timeoutFactor: 2,
    // Retries spent: the last answer (a 429, a 503) is returned for the connector to report, not thrown.
    throwOnError: false,
  });
  const deadlineMs = options.attemptTimeoutMs * 2 * (options.maxRetries + 1) + options.maxRetryAfterMs * options.maxRetries;

  return {
    async fetch(url, init = {}) {
      const target = new URL(url);
      if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new SourceError(`refused: ${target.protocol} is not HTTP`, false);
      const refused = refusedLiteralAddress(target, options.urlPolicy);
      if (refused) throw new SourceError(refused, false);
      const deadline = AbortSignal.timeout(deadlineMs);
      const method = (init.method ?? 'GET').toUpperCase();
      try {
        return await outboundRequest(
          'connector',
          method,
          target,
          {},
          async (traceHeaders) => {
            const headers = new Headers(init.headers);
            for (const [name, value] of Object.entries(traceHeaders)) headers.set(name, value);
            return (await undiciFetch(target, { ...init, headers, redirect: 'manual', dispatcher, signal: init.signal ? AbortSignal.any([init.signal, deadline]) : deadline })) as unknown as Response;
          },
          (response) => response.status,
        );
      } catch (error) {
        throw networkFailure(error, target, init.signal ?? undefined);
      }
    },
    close: () => dispatcher.close(),
  };
}

/** What a failed fetch becomes: refused (not retryable), cancelled, or a network fault or timeout (retryable). */
function networkFailure(error: unknown, target: URL, signal: AbortSignal | undefined): SourceError {
  if (signal?.aborted) return new SourceError('cancelled', false);
  const causes: unknown[] = [];
  for (let cause: unknown = error; cause instanceof Error && causes.length < 5; cause = cause.cause) causes.push(cause);
  const refused = causes.find((cause) => cause instanceof RefusedAddressError);
  if (refused) return new SourceError((refused as Error).message, false);
  const last = causes.at(-1) as (Error & { code?: string }) | undefined;
  const reason = last?.name === 'TimeoutError' ? 'timed out' : (last?.code ?? last?.message ?? 'failed');
  return new SourceError(`${target.host}: no answer (${reason})`, true);
}
