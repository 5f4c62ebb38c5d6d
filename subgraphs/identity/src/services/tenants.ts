import { type Db, type Plan, type Tenant, inTransaction, newId } from '@platform/db';

export interface TenantPair {
  production: Tenant;
  sandbox: Tenant;
}

/** Creates an account's two tenants, production and sandbox, each naming the other (in the caller's transaction, or one of their own). */
export async function createTenantPair(db: Db, input: { name: string; plan: Plan }): Promise<TenantPair> {
  const productionId = newId('ten');
  const sandboxId = newId('ten');
  return inTransaction(db, async (tx) => ({
    production: await tx.tenant.create({ data: { id: productionId, name: input.name, plan: input.plan, environment: 'production', paired_tenant_id: sandboxId } }),
    sandbox: await tx.tenant.create({ data: { id: sandboxId, name: input.name, plan: input.plan, environment: 'sandbox', paired_tenant_id: productionId } }),
  }));
}
