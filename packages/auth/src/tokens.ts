import { randomUUID } from 'node:crypto';
import { ApiError } from '@platform/errors';
import { type JWK, SignJWT, createLocalJWKSet, errors as joseErrors, exportJWK, generateKeyPair, importJWK, jwtVerify } from 'jose';
import type { Principal } from './principal.ts';

export const TOKEN_AUDIENCE = 'platform-api';
const ALGORITHM = 'ES256';

export interface SigningKeyPair {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

export async function generateSigningKey(): Promise<SigningKeyPair> {
  const { privateKey, publicKey } = await generateKeyPair(ALGORITHM, { extractable: true });
  const kid = randomUUID();
  const meta = { kid, alg: ALGORITHM, use: 'sig' };
  return { kid, privateJwk: { ...(await exportJWK(privateKey)), ...meta }, publicJwk: { ...(await exportJWK(publicKey)), ...meta } };
}

export interface IssuedToken {
  token: string;
  tokenId: string;
  expiresIn: number;
}

export interface TokenIssuer {
  /** An OAuth client's token (client-credentials grant). */
  issue(claims: { tenantId: string; clientId: string; scopes: string[] }): Promise<IssuedToken>;
  /** A signed-in person's short-lived token, issued by (and bound to) their console session (`sid`). */
  issueForSession(claims: { tenantId: string; userId: string; sessionId: string; scopes: string[]; ttlSeconds: number }): Promise<IssuedToken>;
}

export async function createTokenIssuer(key: SigningKeyPair, options: { issuer: string; ttlSeconds: number }): Promise<TokenIssuer> {
  const privateKey = await importJWK(key.privateJwk, ALGORITHM);
  const sign = async (claims: Record<string, string>, subject: string, ttlSeconds: number): Promise<IssuedToken> => {
    const tokenId = randomUUID();
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: ALGORITHM, kid: key.kid, typ: 'at+jwt' })
      .setIssuer(options.issuer)
      .setAudience(TOKEN_AUDIENCE)
      .setSubject(subject)
      .setJti(tokenId)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(privateKey);
    return { token, tokenId, expiresIn: ttlSeconds };
  };
  return {
    issue: ({ tenantId, clientId, scopes }) => sign({ tenant_id: tenantId, scope: scopes.join(' '), client_id: clientId }, clientId, options.ttlSeconds),
    issueForSession: ({ tenantId, userId, sessionId, scopes, ttlSeconds }) => sign({ tenant_id: tenantId, scope: scopes.join(' '), sid: sessionId }, userId, ttlSeconds),
  };
}

export type TokenVerifier = (token: string) => Promise<Principal>;

/** Verifies access tokens against the platform's public keys (the same set the JWKS publishes). */
export function createTokenVerifier(options: { publicJwks: JWK[]; issuer: string }): TokenVerifier {
  const keySet = createLocalJWKSet({ keys: options.publicJwks });
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, keySet, {
        issuer: options.issuer,
        audience: TOKEN_AUDIENCE,
        algorithms: [ALGORITHM],
        typ: 'at+jwt',
        requiredClaims: ['exp', 'jti', 'sub'],
      });
      if (typeof payload.tenant_id !== 'string' || typeof payload.scope !== 'string' || typeof payload.jti !== 'string') {
        throw new ApiError('invalid_token', 'The access token is missing required claims.');
      }
      const scopes = new Set(payload.scope.split(' ').filter(Boolean));
      // A session's token (`sid`) is a person's: the subject is their user id.
      if (typeof payload.sid === 'string') {
        const userId = String(payload.sub);
        return { tenantId: payload.tenant_id, scopes, credential: { type: 'user', id: userId }, userId, sessionId: payload.sid, tokenId: payload.jti, expiresAt: new Date((payload.exp as number) * 1000) };
      }
      return {
        tenantId: payload.tenant_id,
        scopes,
        credential: { type: 'oauth_client', id: String(payload.sub) },
        tokenId: payload.jti,
        // `exp` is a required claim (checked above).
        expiresAt: new Date((payload.exp as number) * 1000),
      };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      const expired = error instanceof joseErrors.JWTExpired;
      throw new ApiError('invalid_token', expired ? 'The access token has expired.' : 'The access token is invalid.');
    }
  };
}
