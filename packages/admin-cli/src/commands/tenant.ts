import { Plan } from '@platform/db';
import { createTenantPair } from '@platform/subgraph-identity';
import { type Command, UsageError, parseOptions } from '../command.ts';

const plans = Object.values(Plan);

function isPlan(value: string): value is Plan {
  return (plans as string[]).includes(value);
}

export const tenantCommands: Record<string, Command> = {
  create: {
    usage: `tenant create --name <name> --plan <${plans.join('|')}>`,
    summary: "Create an account's production and sandbox tenants.",
    prepare(args) {
      const { name = '', plan = '' } = parseOptions(args, ['name', 'plan']);
      if (!isPlan(plan)) throw new UsageError(`invalid plan "${plan}"; expected one of ${plans.join(', ')}`);
      return async (prisma) => {
        const { production, sandbox } = await createTenantPair(prisma, { name, plan });
        return { id: production.id, sandbox_tenant_id: sandbox.id, name: production.name, plan: production.plan, environment: production.environment };
      };
    },
  },
};
