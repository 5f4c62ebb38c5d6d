import type { RestRoutes, SubgraphBuilder } from '@platform/graphql-kit';
import { ApiError } from '@platform/errors';
import { Environment, Plan } from '@platform/db';
import { type RateLimits, tenantLimits } from '@platform/rate-limit';

/** Tenants: the credential's own tenant and its metadata. */
export function defineTenantSchema(builder: SubgraphBuilder): void {
  const PlanEnum = builder.enumType(Plan, { name: 'Plan', description: 'Commercial plan; it sets the rate limits.' });
  const EnvironmentEnum = builder.enumType(Environment, {
    name: 'Environment',
    description: 'Sandbox and production are separate tenants with identical APIs and separate data and credentials.',
  });

  const RateLimitsType = builder.objectRef<RateLimits>('RateLimits').implement({
    description: 'Requests a tenant may make; both windows apply at once. Over either: 429 `rate_limited`.',
    fields: (t) => ({
      per_second: t.exposeInt('perSecond', { description: 'Requests allowed per second.' }),
      per_minute: t.exposeInt('perMinute', { description: 'Requests allowed per minute.' }),
    }),
  });

  const Tenant = builder.prismaObject('Tenant', {
    description: 'One isolated environment of a customer account.',
    authScopes: { scope: 'tenants:read' },
    fields: (t) => ({
      id: t.exposeString('id', { description: 'Tenant identifier, sent in the `X-Service-Tenant` header.' }),
      name: t.exposeString('name', { description: 'The account name, the same for both environments.' }),
      plan: t.expose('plan', { type: PlanEnum, description: 'The plan, which sets the rate limits.' }),
      environment: t.expose('environment', { type: EnvironmentEnum, description: '`production` or `sandbox`.' }),
      paired_tenant_id: t.exposeString('paired_tenant_id', { description: 'The other environment of the same account.' }),
      rate_limits: t.field({
        type: RateLimitsType,
        description: "The plan's limits, or the tenant's own for enterprise tenants.",
        select: { plan: true, rate_limit_per_second: true, rate_limit_per_minute: true },
        resolve: (tenant) => tenantLimits({ plan: tenant.plan, rateLimitPerSecond: tenant.rate_limit_per_second, rateLimitPerMinute: tenant.rate_limit_per_minute }),
      }),
      created_at: t.expose('created_at', { type: 'DateTime', description: 'When the tenant was created.' }),
    }),
  });

  builder.queryFields((t) => ({
    tenant: t.prismaField({
      type: Tenant,
      description: 'The tenant the credential belongs to.',
      authScopes: { scope: 'tenants:read' },
      resolve: async (query, _root, _args, { prisma, principal }) => {
        const tenant = await prisma.tenant.findUnique({ ...query, where: { id: principal.tenantId } });
        if (!tenant) throw new ApiError('not_found', 'The tenant of this credential no longer exists.');
        return tenant;
      },
    }),
  }));

  builder.mutationFields((t) => ({
    reset_sandbox: t.prismaField({
      type: Tenant,
      description: 'Deletes all business data of a sandbox tenant (inventory and every other domain) in one transaction. Credentials, users, roles and the audit trail stay. Refused for production tenants.',
      authScopes: { scope: 'tenants:write' },
      resolve: async (query, _root, _args, { prisma, principal, platform, audit }) => {
        const tenant = await prisma.tenant.findUniqueOrThrow({ ...query, where: { id: principal.tenantId } });
        if (tenant.environment !== 'sandbox') throw new ApiError('invalid_state', 'Only a sandbox tenant can be reset; this tenant is production.');
        await audit.recordChange('tenant.reset_sandbox', (tx) => platform.deleteTenantData(tx, tenant.id), () => tenant.id);
        return tenant;
      },
    }),
  }));
}

export const tenantRestRoutes: RestRoutes = {
  'Query.tenant': { method: 'GET', path: '/tenants/current', tags: ['Tenants'] },
  'Mutation.reset_sandbox': { method: 'POST', path: '/tenants/current/reset', tags: ['Tenants'] },
};
