/** A tenant's rate limits: requests allowed per second and per minute, both enforced at once. */
export interface RateLimits {
  perSecond: number;
  perMinute: number;
}

/** The plans of `tenants.plan` (the same names as the database enum). */
export type RatePlan = 'launch' | 'growth' | 'scale' | 'enterprise';

/**
 * Limits per plan (spec, section 8). Enterprise limits are set per tenant
 * (`tenants.rate_limit_per_second`, `tenants.rate_limit_per_minute`); the value here is the
 * enterprise default until they are set.
 */
export const planLimits: Readonly<Record<RatePlan, Readonly<RateLimits>>> = {
  launch: { perSecond: 30, perMinute: 60 },
  growth: { perSecond: 60, perMinute: 120 },
  scale: { perSecond: 120, perMinute: 300 },
  /** Set per tenant, this default until set. */
  enterprise: { perSecond: 300, perMinute: 1200 },
};

/**
 * The limits of one tenant: its own values where set (each window on its own), otherwise its
 * plan's. Per-tenant values are meant for enterprise tenants but honoured on any plan, so an
 * operator can also adjust a single tenant of another plan.
 */
export function tenantLimits(tenant: { plan: RatePlan; rateLimitPerSecond?: number | null; rateLimitPerMinute?: number | null }): RateLimits {
  const plan = planLimits[tenant.plan];
  if (!plan) throw new Error(`unknown plan: ${String(tenant.plan)}`);
  return {
    perSecond: tenant.rateLimitPerSecond ?? plan.perSecond,
    perMinute: tenant.rateLimitPerMinute ?? plan.perMinute,
  };
}
