import { type Plan, type PrismaClient, type Tenant, newId } from '@platform/db';

export interface TenantPair {
  production: Tenant;
  sandbox: Tenant;
}

/** Creates an account's two tenants, production and sandbox, each naming the other. */
export async function createTenantPair(prisma: PrismaClient, input: { name: string; plan: Plan }): Promise<TenantPair> {
  const productionId = newId('ten');
  const sandboxId = newId('ten');
  const [production, sandbox] = await prisma.$transaction([
    prisma.tenant.create({ data: { id: productionId, name: input.name, plan: input.plan, environment: 'production', paired_tenant_id: sandboxId } }),
    prisma.tenant.create({ data: { id: sandboxId, name: input.name, plan: input.plan, environment: 'sandbox', paired_tenant_id: productionId } }),
  ]);
  return { production, sandbox };
}
