export { type RatePlan, type RateLimits, planLimits, tenantLimits } from './plans.ts';
export { type RateLimitDecision, type RateLimiter, type RateLimiterLogger, type RateLimiterOptions, createRateLimiter, serveClusterRateLimits } from './limiter.ts';
export { rateLimitHeaders } from './headers.ts';
