import { type ReactNode, createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { type Session, auth } from './api/auth.ts';
import { setCredential, setRenewal } from './api/credential.ts';
import { ProblemError } from './api/problem.ts';

/** Renew this long before the access token expires. */
const RENEW_BEFORE_MS = 60_000;

export interface SessionState {
  status: 'loading' | 'signed_out' | 'signed_in';
  session: Session | undefined;
  /** Why the session ended, when it ended by itself (expired, revoked elsewhere). */
  endedBecause: string | undefined;
  /** A Session JSON from sign-in, TOTP, invitation, switch: held from now on. */
  adopt(session: Session): void;
  signOut(): Promise<void>;
  signOutEverywhere(): Promise<void>;
  /** `code`: the authenticator code of the user switched to, when it has two-factor authentication. */
  switchEnvironment(environment: 'production' | 'sandbox', code?: string): Promise<void>;
  /** The session's CSRF token, for the /auth POSTs of the account page. */
  csrf(): string;
}

const SessionContext = createContext<SessionState | undefined>(undefined);

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession outside SessionProvider');
  return state;
}

/** The scopes of the signed-in user's role in this tenant (none when signed out). */
export function useScopes(): string[] {
  return useSession().session?.scopes ?? [];
}

/**
 * Holds the session: asks GET /auth/session on load (the HttpOnly cookie is the browser's, the
 * page never sees it), keeps the access token in memory, renews it with POST /auth/token about a
 * minute before it expires, and forgets everything on sign-out or when the session ends.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<SessionState['status']>('loading');
  const [session, setSession] = useState<Session | undefined>();
  const [endedBecause, setEndedBecause] = useState<string | undefined>();
  const sessionRef = useRef<Session | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const renewing = useRef<Promise<boolean> | undefined>(undefined);

  const end = useCallback((reason?: string) => {
    clearTimeout(timer.current);
    sessionRef.current = undefined;
    setCredential(undefined);
    setSession(undefined);
    setEndedBecause(reason);
    setStatus('signed_out');
  }, []);

  const schedule = useCallback((expiresInSeconds: number) => {
    clearTimeout(timer.current);
    const delay = Math.max(5_000, expiresInSeconds * 1000 - RENEW_BEFORE_MS);
    timer.current = setTimeout(() => void renewRef.current(), delay);
  }, []);

  const renew = useCallback(async (): Promise<boolean> => {
    const held = sessionRef.current;
    if (!held) return false;
    if (renewing.current) return renewing.current;
    renewing.current = (async () => {
      try {
        const token = await auth.token(held.csrf_token);
        setCredential({ accessToken: token.access_token, tenantId: token.tenant_id, expiresAt: Date.now() + token.expires_in * 1000 });
        if (token.scopes.join(' ') !== held.scopes.join(' ')) {
          const updated = { ...held, scopes: token.scopes };
          sessionRef.current = updated;
          setSession(updated);
        }
        schedule(token.expires_in);
        return true;
      } catch (error) {
        const status = error instanceof ProblemError ? error.problem.status : undefined;
        if (status === 401 || status === 403) {
          end('Your session ended. Sign in again.');
          return false;
        }
        // A network hiccup: try again shortly, the token is still valid for a while.
        schedule(70);
        return false;
      } finally {
        renewing.current = undefined;
      }
    })();
    return renewing.current;
  }, [end, schedule]);
  const renewRef = useRef(renew);
  renewRef.current = renew;

  const adopt = useCallback(
    (next: Session) => {
      sessionRef.current = next;
      setCredential({ accessToken: next.access_token, tenantId: next.tenant.id, expiresAt: Date.now() + next.expires_in * 1000 });
      setSession(next);
      setEndedBecause(undefined);
      setStatus('signed_in');
      schedule(next.expires_in);
    },
    [schedule],
  );

  useEffect(() => {
    setRenewal(() => renewRef.current());
    let cancelled = false;
    auth.session().then(
      (found) => {
        if (!cancelled) adopt(found);
      },
      () => {
        if (!cancelled) end();
      },
    );
    return () => {
      cancelled = true;
      setRenewal(undefined);
      clearTimeout(timer.current);
    };
  }, [adopt, end]);

  const value = useMemo<SessionState>(
    () => ({
      status,
      session,
      endedBecause,
      adopt,
      csrf: () => sessionRef.current?.csrf_token ?? '',
      signOut: async () => {
        const held = sessionRef.current;
        try {
          if (held) await auth.signOut(held.csrf_token);
        } finally {
          end('You signed out.');
        }
      },
      signOutEverywhere: async () => {
        const held = sessionRef.current;
        if (held) await auth.signOutEverywhere(held.csrf_token);
        end('You signed out on every device.');
      },
      switchEnvironment: async (environment, code) => {
        const held = sessionRef.current;
        if (!held) return;
        adopt(await auth.switchEnvironment(held.csrf_token, environment, code));
      },
    }),
    [status, session, endedBecause, adopt, end],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
