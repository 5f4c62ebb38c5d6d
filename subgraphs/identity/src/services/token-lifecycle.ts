import type { TokenVerifier } from '@platform/auth';
import type { OAuthClient, PrismaClient } from '@platform/db';
import { decodeJwt } from 'jose';
import { authenticateApiKey, looksLikeApiKey } from './api-keys.ts';
import { OAuthError, type TokenRequest } from './token-exchange.ts';

function requiredToken(request: TokenRequest): string {
  if (typeof request.token !== 'string' || request.token === '') throw new OAuthError(400, 'invalid_request', 'The token parameter is required.');
  return request.token;
}

/**
 * RFC 7009 revocation of an access token by the (authenticated) client it was issued to. Unknown, invalid,
 * expired or foreign tokens are answered the same way (nothing to revoke), as section 2.2 asks.
 */
export async function revokeAccessToken(prisma: PrismaClient, verifyToken: TokenVerifier, client: OAuthClient, request: TokenRequest): Promise<{ tenantId: string; tokenId: string } | undefined> {
  const token = requiredToken(request);
  const principal = await verifyToken(token).catch(() => undefined);
  if (!principal?.tokenId || principal.credential.id !== client.id) return undefined;
  const { exp } = decodeJwt(token);
  await prisma.revokedToken.upsert({
    where: { tenant_id_jti: { tenant_id: principal.tenantId, jti: principal.tokenId } },
    create: { tenant_id: principal.tenantId, jti: principal.tokenId, expires_at: new Date((exp ?? 0) * 1000) },
    update: {},
  });
  return { tenantId: principal.tenantId, tokenId: principal.tokenId };
}

export type IntrospectionResponse = { active: false } | ({ active: true } & Record<string, unknown>);

/**
 * RFC 7662 introspection of an access token or API key for an authenticated client. A client learns only about credentials
 * of its own tenant; anything else is `{ active: false }`, as is a revoked or expired credential (or a token of a revoked client).
 */
export async function introspectToken(prisma: PrismaClient, verifyToken: TokenVerifier, client: OAuthClient, request: TokenRequest): Promise<IntrospectionResponse> {
  const token = requiredToken(request);
  if (looksLikeApiKey(token)) {
    const result = await authenticateApiKey(prisma, token).catch(() => undefined);
    if (!result || result.key.tenant_id !== client.tenant_id) return { active: false };
    const { key } = result;
    return { active: true, token_type: 'api_key', scope: key.scopes.join(' '), tenant_id: key.tenant_id, key_id: key.id, iat: Math.floor(key.created_at.getTime() / 1000), ...(key.expires_at && { exp: Math.floor(key.expires_at.getTime() / 1000) }) };
  }
  const principal = await verifyToken(token).catch(() => undefined);
  if (!principal?.tokenId || principal.tenantId !== client.tenant_id) return { active: false };
  const revoked = await prisma.revokedToken.findUnique({ where: { tenant_id_jti: { tenant_id: principal.tenantId, jti: principal.tokenId } } });
  if (revoked) return { active: false };
  // A revoked client's tokens are inactive too.
  if (principal.credential.type === 'oauth_client') {
    const issuedTo = await prisma.oAuthClient.findUnique({ where: { id: principal.credential.id }, select: { revoked_at: true } });
    if (issuedTo?.revoked_at) return { active: false };
  }
  const claims = decodeJwt(token);
  return { active: true, token_type: 'Bearer', scope: claims.scope, client_id: claims.client_id, tenant_id: claims.tenant_id, sub: claims.sub, aud: claims.aud, iss: claims.iss, jti: claims.jti, iat: claims.iat, exp: claims.exp };
}
