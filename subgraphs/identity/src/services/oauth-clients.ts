import { generateSecret, hashSecret, isKnownScope } from '@platform/auth';
import { type PrismaClient, newId } from '@platform/db';
import { ApiError } from '@platform/errors';

export interface IssuedClient {
  client_id: string;
  /** Shown once; only its hash is stored. */
  client_secret: string;
  tenant_id: string;
  scopes: string[];
}

/** Registers a client-credentials client for a tenant, allowed the given scopes. */
export async function createOAuthClient(prisma: PrismaClient, input: { tenantId: string; scopes: string[]; name?: string }): Promise<IssuedClient> {
  const unknown = input.scopes.filter((scope) => !isKnownScope(scope));
  if (unknown.length > 0) throw new ApiError('validation_failed', `Unknown scopes: ${unknown.join(', ')}.`, { errors: [{ field: 'scopes', message: `unknown scopes: ${unknown.join(', ')}` }] });
  if (input.scopes.length === 0) throw new ApiError('validation_failed', 'A client needs at least one scope.', { errors: [{ field: 'scopes', message: 'at least one scope is required' }] });

  const tenant = await prisma.tenant.findUnique({ where: { id: input.tenantId } });
  if (!tenant) throw new ApiError('not_found', `No tenant ${input.tenantId}.`);

  // The prefix tells environments apart at a glance (and to secret scanners).
  const secret = generateSecret(tenant.environment === 'production' ? 'cs_live' : 'cs_test');
  const client = await prisma.oAuthClient.create({
    data: { tenant_id: tenant.id, id: newId('cli'), name: input.name ?? 'default', secret_hash: hashSecret(secret), scopes: [...new Set(input.scopes)] },
  });
  return { client_id: client.id, client_secret: secret, tenant_id: client.tenant_id, scopes: client.scopes };
}
