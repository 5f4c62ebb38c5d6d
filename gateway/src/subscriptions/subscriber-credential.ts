import type { Principal } from '@platform/auth';
import { ApiError } from '@platform/errors';
import type { CredentialAuthenticator } from '../edge/credentials.ts';

/** setTimeout's longest delay (about 24.8 days); a later expiry is reached in several steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * The credential live subscriptions run on: a graphql-ws connection's (renewable on the open
 * socket) or an SSE request's. It ends, once, at its expiry (the token's `exp`, the API key's
 * `expires_at`), or when a check finds it revoked, deleted or no longer checkable; whoever holds
 * subscriptions on it listens with `onEnd` and closes them. Until then `principal` is the
 * credential's principal now: each event is filtered and rendered with it.
 */
export class SubscriberCredential {
  private current: { token: string; principal: Principal };
  private expiryTimer: NodeJS.Timeout | undefined;
  private endedWith: ApiError | undefined;
  private readonly listeners = new Set<(error: ApiError) => void>();

  constructor(
    private readonly credentials: CredentialAuthenticator,
    token: string,
    principal: Principal,
  ) {
    this.current = { token, principal };
    this.scheduleExpiry();
  }

  get principal(): Principal {
    return this.current.principal;
  }

  /** Calls `listener` with the error when the credential ends (at once if it has); returns how to stop listening. */
  onEnd(listener: (error: ApiError) => void): () => void {
    if (this.endedWith) {
      listener(this.endedWith);
      return () => {};
    }
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Checks the credential again (revoked token, deleted or expired key; the authenticator
   * remembers answers for a few seconds). Returns why it failed: a credential found invalid ends
   * with that error; one that could not be checked (`database_unavailable`) does not end by
   * itself, the caller decides (a start is refused, an event ends the subscriptions: they fail
   * closed). A renewal while the check ran makes the check moot.
   */
  async check(): Promise<ApiError | undefined> {
    if (this.endedWith) return this.endedWith;
    const checked = this.current;
    try {
      await this.credentials.authenticate(checked.token);
      return undefined;
    } catch (error) {
      if (checked !== this.current) return undefined;
      const failure = error instanceof ApiError ? error : new ApiError('internal_error', 'The credential could not be checked again; subscribe again.');
      if (failure.code === 'invalid_token' || failure.code === 'unauthenticated') this.end(failure);
      return failure;
    }
  }

  /** A renewal the caller verified: the same tenant, a valid credential. Moves the expiry to the new credential's. */
  replace(token: string, principal: Principal): void {
    if (this.endedWith) return;
    this.current = { token, principal };
    this.scheduleExpiry();
  }

  end(error: ApiError): void {
    if (this.endedWith) return;
    this.endedWith = error;
    clearTimeout(this.expiryTimer);
    const listeners = [...this.listeners];
    this.listeners.clear();
    for (const listener of listeners) listener(error);
  }

  /** The connection or stream closed: no timer, no listener left. */
  dispose(): void {
    clearTimeout(this.expiryTimer);
    this.listeners.clear();
  }

  private scheduleExpiry(): void {
    clearTimeout(this.expiryTimer);
    const { principal } = this.current;
    if (!principal.expiresAt) return;
    const remaining = principal.expiresAt.getTime() - Date.now();
    if (remaining <= 0) {
      this.end(new ApiError('invalid_token', principal.credential.type === 'api_key' ? 'The API key has expired.' : 'The access token has expired.'));
      return;
    }
    this.expiryTimer = setTimeout(() => this.scheduleExpiry(), Math.min(remaining, LONGEST_TIMER_MS));
    this.expiryTimer.unref();
  }
}

/** The connection credential of each graphql-ws subscription start (keyed by the Request standing for it); SSE requests have none. */
export const webSocketCredentials = new WeakMap<Request, SubscriberCredential>();
