import { parseScopeString } from '@platform/auth';
import { createApiKey } from '@platform/subgraph-identity';
import { type Command, UsageError, parseOptions } from '../command.ts';

export const apiKeyCommands: Record<string, Command> = {
  create: {
    usage: 'api-key create --tenant <tenant_id> --scopes "<scope> ..." [--name <name>] [--expires-at <ISO 8601 time>]',
    summary: 'Issue a scoped API key (sk_live_ for production tenants, sk_test_ for sandbox); its secret is shown only this once.',
    prepare(args) {
      const { tenant = '', scopes = '', name = 'operator', 'expires-at': expiresAt } = parseOptions(args, ['tenant', 'scopes', 'name', 'expires-at'], ['tenant', 'scopes']);
      const expires = expiresAt === undefined ? null : new Date(expiresAt);
      if (expires && Number.isNaN(expires.getTime())) throw new UsageError(`invalid --expires-at "${expiresAt}"; expected an ISO 8601 time such as 2027-01-31T00:00:00Z`);
      return async (prisma) => {
        const { key, secret } = await createApiKey(prisma, { tenantId: tenant, name, scopes: parseScopeString(scopes), expiresAt: expires, createdBy: 'operator' });
        return { id: key.id, secret, tenant_id: key.tenant_id, name: key.name, scopes: key.scopes, expires_at: key.expires_at };
      };
    },
  },
};
