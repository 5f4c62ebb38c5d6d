import type { RateLimitDecision } from './limiter.ts';

/**
 * The response headers of a decision, named as the design and the IETF draft
 * (draft-ietf-httpapi-ratelimit-headers) have them: `RateLimit-Limit` (requests allowed in the
 * window closest to exhaustion), `RateLimit-Remaining` (left in it), `RateLimit-Reset` (seconds
 * until it resets) on every response, plus `Retry-After` (seconds) on a refusal.
 */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  const headers: Record<string, string> = {
    'ratelimit-limit': String(decision.limit),
    'ratelimit-remaining': String(decision.remaining),
    'ratelimit-reset': String(decision.resetSeconds),
  };
  if (!decision.allowed) headers['retry-after'] = String(decision.retryAfterSeconds ?? decision.resetSeconds);
  return headers;
}
