import type { Principal, TokenVerifier } from '@platform/auth';
import { BoundedMap } from '../bounded-map.ts';

/**
 * Checking an ES256 signature costs more than the rest of the edge's work on a request, and a
 * client sends the same token with every request until it expires. So a token that verified is
 * remembered, by its exact text, until its `exp`: the signature, issuer, audience and type checks
 * cannot come out differently for the same text under the same keys, which are fixed for the
 * life of the process, and `exp` is the only check that changes with time (the platform's tokens
 * have no `nbf`; a token with a future `nbf` fails and is not remembered). Only tokens that
 * verified are remembered, so garbage cannot fill the memory; past the cap, the oldest goes.
 *
 * Wrap only a stateless verifier: a credential that can be revoked before it expires (an API key
 * looked up in the database, say) must be checked on every request.
 */
export function rememberVerifiedTokens(verify: TokenVerifier): TokenVerifier {
  const verified = new BoundedMap<string, { principal: Principal; expiresAtMs: number }>();
  return async (token) => {
    const remembered = verified.get(token);
    // jose's own rule: a token has expired once the current second reaches `exp`.
    if (remembered && Date.now() < remembered.expiresAtMs) return remembered.principal;
    verified.delete(token);
    const principal = await verify(token);
    const expiresAt = expiryOf(token);
    if (expiresAt !== undefined) {
      verified.set(token, { principal, expiresAtMs: expiresAt * 1000 });
    }
    return principal;
  };
}

/** The `exp` claim of a JWT; undefined for anything else, which is then never remembered. */
function expiryOf(token: string): number | undefined {
  try {
    // A token without a payload part throws here (Buffer.from(undefined)), like one whose payload is not JSON.
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof exp === 'number' ? exp : undefined;
  } catch {
    // Not a JWT: undefined.
  }
}
