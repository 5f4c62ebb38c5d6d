/**
 * The access token of the signed-in session, in memory only (never localStorage or a cookie the
 * page can read): a reload asks GET /auth/session for a fresh one. The session provider sets it
 * and renews it before expiry; the GraphQL client and the live connection read it.
 */
export interface Credential {
  accessToken: string;
  tenantId: string;
  /** Epoch milliseconds at which the token expires. */
  expiresAt: number;
}

let current: Credential | undefined;
const listeners = new Set<(credential: Credential | undefined) => void>();

export function credential(): Credential | undefined {
  return current;
}

export function setCredential(next: Credential | undefined): void {
  current = next;
  for (const listener of listeners) listener(next);
}

/** Called with each new credential (a renewal, a switch of environment, a sign-out). */
export function onCredential(listener: (credential: Credential | undefined) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Renews the token at once (set by the session provider); the GraphQL client calls it after a 401. */
let renewNow: (() => Promise<boolean>) | undefined;
export function setRenewal(renew: (() => Promise<boolean>) | undefined): void {
  renewNow = renew;
}
export function renewCredential(): Promise<boolean> {
  return renewNow ? renewNow() : Promise.resolve(false);
}
