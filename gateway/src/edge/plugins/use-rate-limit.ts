import type { Logger } from '@platform/config';
import { ApiError } from '@platform/errors';
import { type RateLimitDecision, type RateLimiter, type RateLimits, rateLimitHeaders } from '@platform/rate-limit';
import type { Plugin } from 'graphql-yoga';
import type { PlatformMetrics } from '../../observability/metrics.ts';
import { requestState } from '../request-state.ts';
import { graphqlErrorFor, problemFor } from '../responses.ts';

/** The decision taken for each request, for `onResponse`. */
const decisions = new WeakMap<Request, RateLimitDecision>();

export interface RateLimitPluginOptions {
  limiter: Pick<RateLimiter, 'consume'>;
  /** The limits of a tenant (its plan's, or its own for enterprise tenants). */
  limitsFor(tenantId: string): Promise<RateLimits>;
  /** Refusals on this path are GraphQL-shaped (`errors[].extensions.code`), like authentication's. */
  graphqlEndpoint: string;
  logger: Logger;
  /** Counts each refusal (`platform_rate_limit_refusals_total{kind="requests"}`). */
  metrics: Pick<PlatformMetrics, 'rateLimitRefusals'>;
}

export interface RateLimitPlugin extends Plugin {
  /**
   * Counts a request against a tenant's limits; resolves to the 429 response when it is over
   * them. For endpoints that learn the tenant before authentication ends (the OAuth endpoints).
   */
  admit(request: Request, tenantId: string): Promise<Response | undefined>;
}

/**
 * Per-tenant rate limits, a per-second and a per-minute window at once. Every authenticated
 * request counts (REST and GraphQL alike), and so does every OAuth request of a known client;
 * a connector's writes during a sync do not.
 * Over either limit: 429 `rate_limited` with `Retry-After`. Every counted request's response
 * carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` for the window closest
 * to its limit.
 */
export function useRateLimit(options: RateLimitPluginOptions): RateLimitPlugin {
  async function admit(request: Request, tenantId: string, graphql: boolean): Promise<Response | undefined> {
    const refuse = (error: unknown, headers: Record<string, string> = {}) => (graphql ? graphqlErrorFor(error, request, headers) : problemFor(error, request, headers));
    let limits: RateLimits;
    let decision: RateLimitDecision;
    try {
      limits = await options.limitsFor(tenantId);
      decision = await options.limiter.consume(`tenant:${tenantId}`, limits);
    } catch (error) {
      // A fault the platform names (the database unavailable) is an operating condition, not a defect.
      const level = error instanceof ApiError ? 'warn' : 'error';
      options.logger[level]({ err: error, request_id: requestState(request).requestId, tenant_id: tenantId }, 'rate limit check failed');
      return refuse(error);
    }
    decisions.set(request, decision);
    if (decision.allowed) return undefined;
    options.metrics.rateLimitRefusals.inc({ kind: 'requests' });
    const seconds = decision.retryAfterSeconds ?? decision.resetSeconds;
    const error = new ApiError(
      'rate_limited',
      `This tenant is over its rate limit of ${limits.perSecond} requests per second and ${limits.perMinute} per minute. Retry after ${seconds} second${seconds === 1 ? '' : 's'}.`,
    );
    return refuse(error, rateLimitHeaders(decision));
  }

  return {
    admit: (request, tenantId) => admit(request, tenantId, false),
    async onRequest({ request, url, endResponse }) {
      const { principal } = requestState(request);
      // A sync's writes are paced by the sync engine (a few at a time per job), an export's pages by the export engine, not by the tenant's API budget.
      if (!principal || principal.credential.type === 'connector' || requestState(request).paced) return;
      const refused = await admit(request, principal.tenantId, url.pathname === options.graphqlEndpoint);
      if (refused) endResponse(refused);
    },
    onResponse({ request, response }) {
      const decision = decisions.get(request);
      if (!decision) return;
      for (const [name, value] of Object.entries(rateLimitHeaders(decision))) response.headers.set(name, value);
    },
  };
}
