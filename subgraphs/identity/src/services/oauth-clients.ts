import { generateSecret, hashSecret } from '@platform/auth';
import { type Db, type OAuthClient, newId } from '@platform/db';
import { ApiError } from '@platform/errors';
import { parseInput, requiredText } from '@platform/graphql-kit';
import { z } from 'zod';
import { grantedScopesRule, rotationRules } from './api-keys.ts';

export interface IssuedClient {
  client_id: string;
  /** Shown once; only its hash is stored. */
  client_secret: string;
  tenant_id: string;
  scopes: string[];
}

export type OAuthClientStatus = 'active' | 'revoked';

export function oauthClientStatus(client: Pick<OAuthClient, 'revoked_at'>): OAuthClientStatus {
  return client.revoked_at ? 'revoked' : 'active';
}

/**
 * The rules of a new client (see createOAuthClient); the input type publishes them with any
 * `grantable`: catalogued scopes, at least one, and with `grantable` only scopes the creating
 * credential holds (a 422 naming the others).
 */
export function oauthClientRules(grantable?: ReadonlySet<string>) {
  return z.object({ name: requiredText(100), scopes: grantedScopesRule(grantable) });
}

/**
 * Registers a client-credentials client for a tenant, allowed the given scopes. The one way
 * clients are made: the `create_oauth_client` mutation, the operator command line, the demo seed
 * and the tests. With `grantableScopes` (a credential creating it through the API), every scope
 * must be one that credential holds, so a client never holds more than whoever created it.
 */
export async function createOAuthClient(prisma: Db, input: { tenantId: string; scopes: string[]; name?: string; grantableScopes?: ReadonlySet<string> }): Promise<IssuedClient> {
  const { name, scopes } = parseInput(oauthClientRules(input.grantableScopes), { name: input.name ?? 'default', scopes: input.scopes });

  const tenant = await prisma.tenant.findUnique({ where: { id: input.tenantId } });
  if (!tenant) throw new ApiError('not_found', `No tenant ${input.tenantId}.`);

  // The prefix tells environments apart at a glance (and to secret scanners).
  const secret = generateSecret(tenant.environment === 'production' ? 'cs_live' : 'cs_test');
  const client = await prisma.oAuthClient.create({
    data: { tenant_id: tenant.id, id: newId('cli'), name, secret_hash: hashSecret(secret), scopes: [...new Set(scopes)] },
  });
  return { client_id: client.id, client_secret: secret, tenant_id: client.tenant_id, scopes: client.scopes };
}

export async function findOAuthClient(prisma: Db, tenantId: string, id: string): Promise<OAuthClient> {
  const client = await prisma.oAuthClient.findUnique({ where: { tenant_id_id: { tenant_id: tenantId, id } } });
  if (!client) throw new ApiError('not_found', `No OAuth client ${id} exists in this tenant.`);
  return client;
}

/**
 * Revokes a client for good: the token endpoint refuses it at once (`invalid_client`), and the
 * access tokens it already holds are refused within the platform's revocation window (each
 * instance re-checks a token's client at most every 5 seconds, gateway `CREDENTIAL_RECHECK_MS`).
 */
export async function revokeOAuthClient(prisma: Db, tenantId: string, id: string): Promise<OAuthClient> {
  const client = await findOAuthClient(prisma, tenantId, id);
  if (client.revoked_at) throw new ApiError('invalid_state', `The OAuth client ${id} is already revoked.`);
  // Conditional on still being active: of two concurrent revocations, one wins and the other is refused.
  const { count } = await prisma.oAuthClient.updateMany({ where: { tenant_id: tenantId, id, revoked_at: null }, data: { revoked_at: new Date() } });
  if (count === 0) throw new ApiError('invalid_state', `The OAuth client ${id} is already revoked.`);
  return findOAuthClient(prisma, tenantId, id);
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
