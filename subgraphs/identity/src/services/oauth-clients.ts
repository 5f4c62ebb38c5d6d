import { generateSecret, hashSecret } from '@platform/auth';
import { newId, type PrismaClient, type Db } from '@platform/db';
import { ApiError } from '@platform/errors';
import { parseInput } from '@platform/graphql-kit';
import { z } from 'zod';
import { grantedScopesRule, rotationRules } from './api-keys.ts';

export interface IssuedClient {
  client_id: string;
  /** Shown once; only its hash is stored. */
  client_secret: string;
  tenant_id: string;
  scopes: string[];
}

/** Registers a client-credentials client for a tenant, allowed the given scopes. */
export async function createOAuthClient(prisma: PrismaClient, input: { tenantId: string; scopes: string[]; name?: string }): Promise<IssuedClient> {
  parseInput(z.object({ scopes: grantedScopesRule() }), { scopes: input.scopes });

  const tenant = await prisma.tenant.findUnique({ where: { id: input.tenantId } });
  if (!tenant) throw new ApiError('not_found', `No tenant ${input.tenantId}.`);

  // The prefix tells environments apart at a glance (and to secret scanners).
  const secret = generateSecret(tenant.environment === 'production' ? 'cs_live' : 'cs_test');
  const client = await prisma.oAuthClient.create({
    data: { tenant_id: tenant.id, id: newId('cli'), name: input.name ?? 'default', secret_hash: hashSecret(secret), scopes: [...new Set(input.scopes)] },
  });
  return { client_id: client.id, client_secret: secret, tenant_id: client.tenant_id, scopes: client.scopes };
}

/**
 * Gives a client a new secret. The previous secret keeps working until the overlap ends, so a
 * deployment can roll out the new one without a failed token request.
 */
export async function rotateClientSecret(prisma: Db, input: { tenantId: string; clientId: string; overlapSeconds: number }) {
  parseInput(rotationRules, { overlap_seconds: input.overlapSeconds });
  const client = await prisma.oAuthClient.findUnique({ where: { tenant_id_id: { tenant_id: input.tenantId, id: input.clientId } } });
  if (!client || client.revoked_at) throw new ApiError('not_found', `No active OAuth client ${input.clientId} exists in this tenant.`);
  const tenant = await prisma.tenant.findUniqueOrThrow({ where: { id: input.tenantId } });
  const secret = generateSecret(tenant.environment === 'production' ? 'cs_live' : 'cs_test');
  const previousSecretExpiresAt = new Date(Date.now() + input.overlapSeconds * 1000);
  await prisma.oAuthClient.update({
    where: { tenant_id_id: { tenant_id: input.tenantId, id: input.clientId } },
    data: { secret_hash: hashSecret(secret), previous_secret_hash: client.secret_hash, previous_secret_expires_at: previousSecretExpiresAt },
  });
  return { client_id: client.id, client_secret: secret, previous_secret_expires_at: previousSecretExpiresAt };
}
