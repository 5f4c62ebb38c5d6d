import type { Principal, TokenVerifier } from '@platform/auth';
import type { Logger } from '@platform/config';
import { type PrismaClient, withDatabaseFaults } from '@platform/db';
import { ApiError } from '@platform/errors';
import { authenticateApiKey, looksLikeApiKey } from '@platform/subgraph-identity';
import { BoundedMap } from '../bounded-map.ts';
import type { ClusterChannel } from '../cluster/channel.ts';
import { type FailedAuthentications, TooManyFailedAuthentications } from './failed-authentications.ts';

/** Turns the bearer credential of a request into its principal, or throws `invalid_token`. */
export interface CredentialAuthenticator {
  /**
   * `clientAddress`, when known, is where the request comes from: failed API keys count against
   * it, and past its limit every API key from there is refused with TooManyFailedAuthentications.
   */
  authenticate(credential: string, clientAddress?: string): Promise<Principal>;
  /** Drops what this process remembers about an access token (after it revoked it). */
  forgetToken(tenantId: string, tokenId: string): void;
  /** Drops what this process remembers about console sessions (after they ended): their tokens are refused at once. */
  forgetSessions(sessionIds: readonly string[]): void;
}

/**
 * How long a revocation (of a token, an OAuth client, an API key) or a key change may take to reach
 * every instance: each instance checks the database for a given token or key at most this often.
 */
export const CREDENTIAL_RECHECK_MS = 5_000;
const LAST_USED_RESOLUTION_MS = 60_000;
// Stryker disable next-line StringLiteral: publisher and subscribers read the same constant, so any name works alike
const FORGET_TOKEN_TOPIC = 'credentials.forget-token';
// Stryker disable next-line StringLiteral: publisher and subscribers read the same constant, so any name works alike
const FORGET_SESSION_TOPIC = 'credentials.forget-session';

/**
 * Access tokens (signature checked by `verifyToken`, then the revocation list and the OAuth client
 * or console session that holds the token) and API keys (looked up by hash). Database answers are
 * remembered for CREDENTIAL_RECHECK_MS, so a busy client costs one lookup per few seconds, not one
 * per request. When the database cannot answer, the request is refused with `database_unavailable`
 * (503): a credential is never accepted unchecked.
 */
export function createCredentialAuthenticator(options: {
  prisma: PrismaClient;
  verifyToken: TokenVerifier;
  logger: Logger;
  failedAuthentications: FailedAuthentications;
  /** The other workers of the machine: a token this process forgets, they forget too (a revocation holds at once everywhere). */
  cluster?: ClusterChannel;
}): CredentialAuthenticator {
  const notRevoked = new BoundedMap<string, number>();
  const apiKeys = new BoundedMap<string, { principal: Principal; until: number }>();
  const lastUsedWritten = new BoundedMap<string, number>();
  /** The console session of each remembered person's token, so that ending a session forgets its tokens. */
  const sessionOf = new BoundedMap<string, string>();

  async function authenticateAccessToken(token: string): Promise<Principal> {
    const principal = await options.verifyToken(token);
    const key = `${principal.tenantId}/${principal.tokenId}`;
    if ((notRevoked.get(key) ?? 0) > Date.now()) return principal;
    const [revoked, client] = await Promise.all([
      // Stryker disable next-line StringLiteral: the platform's verifier always sets tokenId (jti is a required claim)
      withDatabaseFaults(() => options.prisma.revokedToken.findUnique({ where: { tenant_id_jti: { tenant_id: principal.tenantId, jti: principal.tokenId ?? '' } } })),
      principal.credential.type === 'oauth_client' ? withDatabaseFaults(() => options.prisma.oAuthClient.findUnique({ where: { id: principal.credential.id }, select: { revoked_at: true } })) : null,
    ]);
    if (revoked) throw new ApiError('invalid_token', 'The access token has been revoked.');
    // An OAuth client's token lives no longer than the client: once the client is revoked, its tokens are refused too.
    // (Only the platform signs tokens, and only for clients it registered, which are never deleted.)
    if (client?.revoked_at) throw new ApiError('invalid_token', 'The OAuth client this access token was issued to has been revoked.');
    // A person's token lives as long as the console session that issued it (sign-out, sign-out everywhere, expiry).
    if (principal.sessionId !== undefined) {
      const now = new Date();
      const session = await withDatabaseFaults(() => options.prisma.userSession.findUnique({ where: { id: principal.sessionId }, select: { tenant_id: true, revoked_at: true, expires_at: true } }));
      if (!session || session.tenant_id !== principal.tenantId || session.revoked_at !== null || session.expires_at <= now) throw new ApiError('invalid_token', 'The session that issued this access token has ended.');
      sessionOf.set(key, principal.sessionId);
    }
    notRevoked.set(key, Date.now() + CREDENTIAL_RECHECK_MS);
    return principal;
  }

  // API keys are guessed by address: a key names no client. (Access tokens are signed: a guess never verifies.)
  async function authenticateKey(secret: string, clientAddress: string | undefined): Promise<Principal> {
    const refusedFor = await options.failedAuthentications.refusedFor({ clientAddress });
    if (refusedFor !== undefined) throw new TooManyFailedAuthentications(refusedFor);
    const remembered = apiKeys.get(secret);
    if (remembered && remembered.until > Date.now()) return remembered.principal;
    let authenticated: Awaited<ReturnType<typeof authenticateApiKey>>;
    try {
      authenticated = await withDatabaseFaults(() => authenticateApiKey(options.prisma, secret));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invalid_token') {
        const refused = await options.failedAuthentications.failed({ clientAddress });
        if (refused !== undefined) throw new TooManyFailedAuthentications(refused);
      }
      throw error;
    }
    const { principal, key } = authenticated;
    // An expiring key is remembered no longer than it lives.
    const until = Math.min(Date.now() + CREDENTIAL_RECHECK_MS, key.expires_at?.getTime() ?? Number.POSITIVE_INFINITY);
    apiKeys.set(secret, { principal, until });
    recordUse(key.tenant_id, key.id);
    return principal;
  }

  /** `last_used_at` to the minute, written in the background: never a cost on the request. */
  function recordUse(tenantId: string, id: string): void {
    const now = Date.now();
    if ((lastUsedWritten.get(id) ?? 0) + LAST_USED_RESOLUTION_MS > now) return;
    lastUsedWritten.set(id, now);
    options.prisma.apiKey
      .update({ where: { tenant_id_id: { tenant_id: tenantId, id } }, data: { last_used_at: new Date(now) } })
      .catch((error: unknown) => options.logger.warn({ err: error, api_key_id: id }, 'could not record API key use'));
  }

  const forgetSessions = (sessionIds: ReadonlySet<string>) => {
    for (const [key, sessionId] of sessionOf.entries()) {
      if (sessionIds.has(sessionId)) {
        notRevoked.delete(key);
        sessionOf.delete(key);
      }
    }
  };
  options.cluster?.subscribe(FORGET_TOKEN_TOPIC, (key) => notRevoked.delete(String(key)));
  options.cluster?.subscribe(FORGET_SESSION_TOPIC, (ids) => forgetSessions(new Set(String(ids).split(','))));
  return {
    authenticate: (credential, clientAddress) => (looksLikeApiKey(credential) ? authenticateKey(credential, clientAddress) : authenticateAccessToken(credential)),
    forgetToken: (tenantId, tokenId) => {
      notRevoked.delete(`${tenantId}/${tokenId}`);
      options.cluster?.publish(FORGET_TOKEN_TOPIC, `${tenantId}/${tokenId}`);
    },
    forgetSessions: (sessionIds) => {
      if (sessionIds.length === 0) return;
      forgetSessions(new Set(sessionIds));
      options.cluster?.publish(FORGET_SESSION_TOPIC, sessionIds.join(','));
    },
  };
}
