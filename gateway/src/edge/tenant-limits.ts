import { type PrismaClient, withDatabaseFaults } from '@platform/db';
import { type RateLimits, tenantLimits } from '@platform/rate-limit';
import { BoundedMap } from '../bounded-map.ts';

/** How long a tenant's plan and limits are remembered: a plan change applies within this time. */
const LIMITS_RECHECK_MS = 10_000;

/**
 * A tenant's rate limits, read from the database at most every LIMITS_RECHECK_MS per tenant;
 * `database_unavailable` when the database cannot answer.
 */
export function createTenantLimitsLookup(prisma: PrismaClient): (tenantId: string) => Promise<RateLimits> {
  const remembered = new BoundedMap<string, { limits: RateLimits; until: number }>();
  return async (tenantId) => {
    const entry = remembered.get(tenantId);
    if (entry && entry.until > Date.now()) return entry.limits;
    const tenant = await withDatabaseFaults(() => prisma.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { plan: true, rate_limit_per_second: true, rate_limit_per_minute: true } }));
    const limits = tenantLimits({ plan: tenant.plan, rateLimitPerSecond: tenant.rate_limit_per_second, rateLimitPerMinute: tenant.rate_limit_per_minute });
    remembered.set(tenantId, { limits, until: Date.now() + LIMITS_RECHECK_MS });
    return limits;
  };
}
