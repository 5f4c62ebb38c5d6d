import { type JWTVerifyOptions, type JWTVerifyResult, SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { Principal } from './principal.ts';

const ISSUER = 'platform-edge';
const ALGORITHM = 'HS256';
/** A call to a subgraph lasts at most a request's deadline; a token read off the wire is useless soon after. */
const TTL_SECONDS = 120;

/**
 * What an edge tells a subgraph service about the call it makes: the principal it verified, and the
 * request facts a change's audit record needs. The subgraph service trusts nothing else.
 */
export interface ServiceCall {
  principal: Principal;
  requestId: string;
  ifMatchVersion?: number;
  /** The request's audit record, but for the action and resource a change names (see recordChange). */
  audit: Record<string, unknown>;
  /** The call is part of an export's in-process work, whose lists take export-sized pages. */
  exportPages: boolean;
}

export interface ServiceTokens {
  /** A token for one call to `subgraph`, valid for TTL_SECONDS. */
  sign(call: ServiceCall, subgraph: string): Promise<string>;
  /** The call a token carries, or undefined when it is not a valid token for `subgraph` (forged, expired, for another subgraph). */
  verify(token: string, subgraph: string): Promise<ServiceCall | undefined>;
}

/**
 * Service tokens between edges and subgraph services: JWTs (HS256) under a secret every process of
 * a fleet shares (`SERVICE_TOKEN_SECRET`), one audience per subgraph. Symmetric, because only the
 * platform's own processes make and check them; a client's access token (ES256, another issuer and
 * audience) is never one. `alsoAccepted` is a second secret a token may be signed with, never one
 * this process signs with: the overlap that lets a fleet change its secret with no call refused
 * (docs/operations.md, "Key rotation").
 */
export function serviceTokens(secret: string, alsoAccepted?: string): ServiceTokens {
  const key = new TextEncoder().encode(secret);
  const keys = [key, ...(alsoAccepted ? [new TextEncoder().encode(alsoAccepted)] : [])];
  return {
    sign: ({ principal, ...call }, subgraph) =>
      new SignJWT({ ...call, principal: { ...principal, scopes: [...principal.scopes], expiresAt: principal.expiresAt?.toISOString() } })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'platform-service+jwt' })
        .setIssuer(ISSUER)
        .setAudience(`subgraph:${subgraph}`)
        .setIssuedAt()
        .setExpirationTime(`${TTL_SECONDS}s`)
        .sign(key),
    async verify(token, subgraph) {
      try {
        const { payload } = await jwtVerifyWithAny(keys, token, { issuer: ISSUER, audience: `subgraph:${subgraph}`, algorithms: [ALGORITHM], typ: 'platform-service+jwt' });
        const { principal, requestId, ifMatchVersion, audit, exportPages } = payload as unknown as Omit<ServiceCall, 'principal'> & { principal: Omit<Principal, 'scopes' | 'expiresAt'> & { scopes: string[]; expiresAt?: string } };
        return {
          principal: { ...principal, scopes: new Set(principal.scopes), expiresAt: principal.expiresAt === undefined ? undefined : new Date(principal.expiresAt) },
          requestId,
          ...(ifMatchVersion !== undefined && { ifMatchVersion }),
          audit,
          exportPages: exportPages === true,
        };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}

/** Verifies with the first key whose signature matches; any other failure (expiry, audience) is the token's, whatever the key. */
async function jwtVerifyWithAny(keys: Uint8Array[], token: string, options: JWTVerifyOptions): Promise<JWTVerifyResult> {
  for (const [index, key] of keys.entries()) {
    try {
      return await jwtVerify(token, key, options);
    } catch (error) {
      if (!(error instanceof joseErrors.JWSSignatureVerificationFailed) || index === keys.length - 1) throw error;
    }
  }
  throw new joseErrors.JWSSignatureVerificationFailed();
}
