import { describe, expect, it } from 'vitest';
import { planLimits, rateLimitHeaders, tenantLimits } from '../src/index.ts';

describe('plan limits', () => {
  it('are the spec table, with the enterprise default until a tenant has its own', () => {
    expect(planLimits).toEqual({
      launch: { perSecond: 30, perMinute: 60 },
      growth: { perSecond: 60, perMinute: 120 },
      scale: { perSecond: 120, perMinute: 300 },
      enterprise: { perSecond: 300, perMinute: 1200 },
    });
  });

  it("use a tenant's own values where set, window by window", () => {
    expect(tenantLimits({ plan: 'enterprise' })).toEqual({ perSecond: 300, perMinute: 1200 });
    expect(tenantLimits({ plan: 'enterprise', rateLimitPerSecond: null, rateLimitPerMinute: null })).toEqual({ perSecond: 300, perMinute: 1200 });
    expect(tenantLimits({ plan: 'enterprise', rateLimitPerSecond: 1000, rateLimitPerMinute: 30000 })).toEqual({ perSecond: 1000, perMinute: 30000 });
    expect(tenantLimits({ plan: 'enterprise', rateLimitPerSecond: 500 })).toEqual({ perSecond: 500, perMinute: 1200 });
    expect(tenantLimits({ plan: 'launch' })).toEqual({ perSecond: 30, perMinute: 60 });
  });
});

describe('rate limit headers', () => {
  it('describe the window on every response and add Retry-After on a refusal', () => {
    expect(rateLimitHeaders({ allowed: true, limit: 30, remaining: 12, resetSeconds: 1 })).toEqual({ 'ratelimit-limit': '30', 'ratelimit-remaining': '12', 'ratelimit-reset': '1' });
    expect(rateLimitHeaders({ allowed: false, limit: 60, remaining: 0, resetSeconds: 42, retryAfterSeconds: 42 })).toEqual({
      'ratelimit-limit': '60',
      'ratelimit-remaining': '0',
      'ratelimit-reset': '42',
      'retry-after': '42',
    });
  });
});
