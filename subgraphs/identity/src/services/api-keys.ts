import { type Principal, generateSecret, hashSecret, scopeCatalogue } from '@platform/auth';
import { type ApiKey, newId, type PrismaClient, type Db, inTransaction } from '@platform/db';
import { ApiError } from '@platform/errors';
import { integer, omittable, parseInput, requiredText } from '@platform/graphql-kit';
import { z } from 'zod';
import { scopesNotHeld } from './delegation.ts';

/** API keys announce their environment: `sk_live_` (production) or `sk_test_` (sandbox). */
const KEY_PATTERN = /^sk_(live|test)_[A-Za-z0-9_-]{43}$/;
const PREFIX_LENGTH = 12;
export const MAX_ROTATION_OVERLAP_SECONDS = 7 * 24 * 3600;

/** Catalogued scopes, at least one; with `grantable`, only scopes the creating credential holds. */
export function grantedScopesRule(grantable?: ReadonlySet<string>) {
  return z
    .array(z.enum(Object.keys(scopeCatalogue) as [string, ...string[]], { error: (issue) => `${String(issue.input)} is not a scope of the catalogue (GET /v1/auth/scopes)` }))
    .min(1, 'at least one scope is required')
    .superRefine((scopes, context) => {
      const ungrantable = grantable ? scopesNotHeld(scopes, grantable) : [];
      if (ungrantable.length > 0) context.addIssue({ code: 'custom', message: `you can grant only scopes your credential holds; not held: ${ungrantable.join(', ')}` });
    });
}

/** The rules of a new API key (see createApiKey); the input type publishes them with any `grantable`. */
export function apiKeyRules(grantable?: ReadonlySet<string>) {
  return z.object({
    name: requiredText(100),
    scopes: grantedScopesRule(grantable),
    expires_at: omittable(z.date().refine((date) => date.getTime() > Date.now(), 'must be in the future')),
  });
}

/** How long a rotated secret keeps working. */
export const rotationRules = z.object({
  overlap_seconds: integer({ min: 0, max: MAX_ROTATION_OVERLAP_SECONDS, message: `must be an integer from 0 to ${MAX_ROTATION_OVERLAP_SECONDS}` }).nullish(),
});

export function looksLikeApiKey(credential: string): boolean {
  return credential.startsWith('sk_live_') || credential.startsWith('sk_test_');
}

export type ApiKeyStatus = 'active' | 'expired' | 'revoked';

export function apiKeyStatus(key: Pick<ApiKey, 'revoked_at' | 'expires_at'>, now = new Date()): ApiKeyStatus {
  if (key.revoked_at) return 'revoked';
  if (key.expires_at && key.expires_at <= now) return 'expired';
  return 'active';
}

export interface IssuedApiKey {
  key: ApiKey;
  /** Shown once; only its hash is stored. */
  secret: string;
}

/**
 * Issues an API key. A caller can delegate only what it holds: every requested scope must be a
 * scope of the calling credential (`grantableScopes`), so a key can never escalate privileges.
 */
export async function createApiKey(
  prisma: Db,
  input: { tenantId: string; name: string; scopes: string[]; expiresAt?: Date | null; createdBy: string; grantableScopes?: ReadonlySet<string> },
): Promise<IssuedApiKey> {
  const { name, scopes, expires_at: expiresAt } = parseInput(apiKeyRules(input.grantableScopes), { name: input.name, scopes: input.scopes, expires_at: input.expiresAt });
  const distinctScopes = [...new Set(scopes)];

  const tenant = await prisma.tenant.findUnique({ where: { id: input.tenantId } });
  if (!tenant) throw new ApiError('not_found', `No tenant ${input.tenantId}.`);
  const secret = generateSecret(tenant.environment === 'production' ? 'sk_live' : 'sk_test');
  const key = await prisma.apiKey.create({
    data: {
      tenant_id: tenant.id,
      id: newId('key'),
      name,
      prefix: secret.slice(0, PREFIX_LENGTH),
      secret_hash: hashSecret(secret),
      scopes: distinctScopes,
      created_by: input.createdBy,
      expires_at: expiresAt ?? null,
    },
  });
  return { key, secret };
}

async function findKey(prisma: Db, tenantId: string, id: string): Promise<ApiKey> {
  const key = await prisma.apiKey.findUnique({ where: { tenant_id_id: { tenant_id: tenantId, id } } });
  if (!key) throw new ApiError('not_found', `No API key ${id} exists in this tenant.`);
  return key;
}

export async function revokeApiKey(prisma: Db, tenantId: string, id: string): Promise<ApiKey> {
  const key = await findKey(prisma, tenantId, id);
  if (key.revoked_at) throw new ApiError('invalid_state', `The API key ${id} is already revoked.`);
  return prisma.apiKey.update({ where: { tenant_id_id: { tenant_id: tenantId, id } }, data: { revoked_at: new Date() } });
}

/**
 * Replaces a key by a new one with the same name, scopes and expiry. The old key keeps working
 * for `overlapSeconds` (so deployments can switch without downtime), then expires.
 */
export async function rotateApiKey(prisma: Db, input: { tenantId: string; id: string; overlapSeconds: number; createdBy: string }): Promise<IssuedApiKey> {
  parseInput(rotationRules, { overlap_seconds: input.overlapSeconds });
  const old = await findKey(prisma, input.tenantId, input.id);
  if (apiKeyStatus(old) !== 'active') throw new ApiError('invalid_state', `The API key ${input.id} is ${apiKeyStatus(old)} and cannot be rotated.`);
  const overlapEnd = new Date(Date.now() + input.overlapSeconds * 1000);
  return inTransaction(prisma, async (tx) => {
    const issued = await createApiKey(tx, { tenantId: input.tenantId, name: old.name, scopes: old.scopes, expiresAt: old.expires_at, createdBy: input.createdBy });
    const key = await tx.apiKey.update({ where: { tenant_id_id: { tenant_id: input.tenantId, id: issued.key.id } }, data: { rotated_from_id: old.id } });
    await tx.apiKey.update({
      where: { tenant_id_id: { tenant_id: input.tenantId, id: old.id } },
      data: { expires_at: old.expires_at && old.expires_at < overlapEnd ? old.expires_at : overlapEnd },
    });
    return { key, secret: issued.secret };
  });
}

/** The principal of a presented API key; any failure is the same `invalid_token`. */
export async function authenticateApiKey(prisma: PrismaClient, presented: string): Promise<{ principal: Principal; key: ApiKey }> {
  const key = KEY_PATTERN.test(presented) ? await prisma.apiKey.findUnique({ where: { secret_hash: hashSecret(presented) } }) : null;
  if (!key) throw new ApiError('invalid_token', 'The API key is invalid.');
  const status = apiKeyStatus(key);
  if (status !== 'active') throw new ApiError('invalid_token', `The API key is ${status}.`);
  return { key, principal: { tenantId: key.tenant_id, scopes: new Set(key.scopes), credential: { type: 'api_key', id: key.id }, ...(key.expires_at && { expiresAt: key.expires_at }) } };
}
