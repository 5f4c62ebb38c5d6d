import { type UrlPolicy, RefusedAddressError, outboundRequest, policyLookup, refusedLiteralAddress, signatureHeaders } from '@platform/events';
import { Agent, fetch as undiciFetch } from 'undici';

/** What an HTTP step's call came to. */
export type CallOutcome = { ok: true; status: number; body: unknown } | { ok: false; retryable: boolean; code: string; message: string; status?: number };

export interface HttpCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The JSON body, already evaluated; undefined: none. */
  body: unknown;
  timeoutMs: number;
  /** Stable across the step's attempts: the receiver deduplicates by it (`Idempotency-Key`, `webhook-id`). */
  messageId: string;
  /** The workflow's signing secret (Standard Webhooks). */
  secret: string;
  signal: AbortSignal;
}

/** The most of an answer's body kept as the step's output. */
const MAX_RESPONSE_BYTES = 256 * 1024;

/**
 * The HTTP client of workflow steps: the webhooks' outbound policy (public addresses only unless
 * the operator allows private networks, checked inside the socket's DNS lookup so a host cannot
 * be re-pointed after the check), no redirects followed, one attempt bounded by the step's
 * timeout (the step's retry policy makes the next), the answer's body read up to a bound.
 * Requests are signed as webhooks are (Standard Webhooks headers over the body, with the
 * workflow's secret) and carry `Idempotency-Key`, both stable across the step's attempts. Each
 * attempt is a client span (`POST workflow`) whose `traceparent` the request carries.
 */
export function createHttpCaller(policy: UrlPolicy): { call(request: HttpCall): Promise<CallOutcome>; close(): Promise<void> } {
  const agent = new Agent({ connect: { lookup: policyLookup(policy) }, maxResponseSize: -1 });
  return {
    async call(request) {
      const target = new URL(request.url);
      const refused = refusedLiteralAddress(target, policy);
      if (refused) return { ok: false, retryable: false, code: 'http_refused', message: refused };
      const payload = request.body === undefined ? '' : JSON.stringify(request.body);
      const signal = AbortSignal.any([request.signal, AbortSignal.timeout(request.timeoutMs)]);
      return outboundRequest(
        'workflow',
        request.method,
        target,
        {},
        async (traceHeaders): Promise<CallOutcome> => {
          const headers = {
            'user-agent': 'Platform-Workflows/1.0',
            ...(request.body !== undefined && { 'content-type': 'application/json' }),
            ...request.headers,
            // The tenant's own headers never set the platform's trace context.
            ...traceHeaders,
            'idempotency-key': request.messageId,
            ...signatureHeaders(request.messageId, payload, [request.secret]),
          };
          try {
            const response = await undiciFetch(target, { method: request.method, headers, ...(request.body !== undefined && { body: payload }), redirect: 'manual', dispatcher: agent, signal });
            const text = await boundedText(response.body as ReadableStream<Uint8Array> | null, MAX_RESPONSE_BYTES);
            const body = parseBody(text, response.headers.get('content-type'));
            if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status, body };
            const retryable = response.status === 408 || response.status === 429 || response.status >= 500;
            return { ok: false, retryable, code: 'http_error', status: response.status, message: `${target.host} answered HTTP ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}` };
          } catch (error) {
            if (request.signal.aborted) throw request.signal.reason;
            return networkFailure(error, target, request.timeoutMs);
          }
        },
        (outcome) => outcome.status,
      );
    },
    close: () => agent.close(),
  };
}

async function boundedText(body: ReadableStream<Uint8Array> | null, limit: number): Promise<string> {
  if (!body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      chunks.push(read.value.subarray(0, Math.max(0, limit - size)));
      size += read.value.length;
      if (size >= limit) break;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseBody(text: string, contentType: string | null): unknown {
  if (text === '') return null;
  if (contentType?.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function networkFailure(error: unknown, target: URL, timeoutMs: number): CallOutcome {
  const causes: unknown[] = [];
  for (let cause: unknown = error; cause instanceof Error && causes.length < 5; cause = cause.cause) causes.push(cause);
  const refused = causes.find((cause) => cause instanceof RefusedAddressError);
  if (refused) return { ok: false, retryable: false, code: 'http_refused', message: (refused as Error).message };
  const last = causes.at(-1) as (Error & { code?: string }) | undefined;
  if (last?.name === 'TimeoutError') return { ok: false, retryable: true, code: 'http_timeout', message: `${target.host}: no answer within ${timeoutMs} ms` };
  return { ok: false, retryable: true, code: 'http_unreachable', message: `${target.host}: ${last?.code ?? last?.message ?? 'failed'}` };
}
