import { setTimeout as sleep } from 'node:timers/promises';

/** The definitive answer to a request sent until it got one. */
export interface Answer {
  status: number;
  body: string;
  /** `Idempotent-Replayed: true`: the stored response of an earlier attempt. */
  replayed: boolean;
  attempts: number;
  /** What the attempts before the answer met: `ECONNREFUSED`, `503`, `409 idempotency_key_in_use`, ... */
  setbacks: string[];
}

/**
 * Sends a request (the same method, URL, headers and body each time, so an `Idempotency-Key`
 * makes the retries safe) until the answer is definitive, as a careful client would: network
 * errors, 5xx, 429 and 409 `idempotency_key_in_use` are retried after `Retry-After` (at most
 * 2 s) or an exponential back-off from 50 ms; anything else is the answer. Each attempt is bounded
 * by `attemptTimeoutMs`, the whole by `deadlineMs` (then it throws, listing the setbacks).
 */
export async function sendUntilAnswered(url: string, init: RequestInit, options: { attemptTimeoutMs?: number; deadlineMs?: number } = {}): Promise<Answer> {
  const deadline = Date.now() + (options.deadlineMs ?? 60_000);
  const setbacks: string[] = [];
  for (let attempt = 1; ; attempt++) {
    let wait = Math.min(50 * 2 ** (attempt - 1), 1000);
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(options.attemptTimeoutMs ?? 10_000) });
      const body = await response.text();
      const code = response.headers.get('content-type')?.includes('json') ? codeOf(body) : undefined;
      const retryable = response.status >= 500 || response.status === 429 || (response.status === 409 && code === 'idempotency_key_in_use');
      if (!retryable) return { status: response.status, body, replayed: response.headers.get('idempotent-replayed') === 'true', attempts: attempt, setbacks };
      setbacks.push(`${response.status}${code ? ` ${code}` : ''}`);
      const retryAfter = Number(response.headers.get('retry-after'));
      if (retryAfter > 0) wait = Math.min(retryAfter * 1000, 2000);
    } catch (error) {
      setbacks.push(networkErrorOf(error));
    }
    if (Date.now() + wait > deadline) throw new Error(`no definitive answer from ${init.method ?? 'GET'} ${url} within the deadline after ${attempt} attempts: ${setbacks.join(', ')}`);
    await sleep(wait);
  }
}

function codeOf(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { code?: unknown; errors?: Array<{ extensions?: { code?: unknown } }> };
    const code = parsed.code ?? parsed.errors?.[0]?.extensions?.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/** `ECONNREFUSED`, `ECONNRESET`, `TimeoutError`: what a fetch that got no response met. */
function networkErrorOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  if (typeof cause?.code === 'string') return cause.code;
  return (error as Error).name ?? String(error);
}
