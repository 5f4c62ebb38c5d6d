import { parseScopeString } from '@platform/auth';
import { createOAuthClient } from '@platform/subgraph-identity';
import { type Command, parseOptions } from '../command.ts';

export const clientCommands: Record<string, Command> = {
  create: {
    usage: 'client create --tenant <tenant_id> --scopes "<scope> ..." [--name <name>]',
    summary: 'Register a client-credentials client for a tenant; its secret is shown only this once.',
    prepare(args) {
      const { tenant = '', scopes = '', name } = parseOptions(args, ['tenant', 'scopes', 'name'], ['tenant', 'scopes']);
      return (prisma) => createOAuthClient(prisma, { tenantId: tenant, scopes: parseScopeString(scopes), name });
    },
  },
};
