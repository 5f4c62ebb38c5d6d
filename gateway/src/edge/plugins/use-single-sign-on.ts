import type { Logger } from '@platform/config';
import type { PrismaClient } from '@platform/db';
import { ApiError } from '@platform/errors';
import {
  type AuthorizationChecks,
  IdentityProviderUnavailable,
  type ProviderAccess,
  type SingleSignOnError,
  SingleSignOnRefused,
  admitSingleSignOnUser,
  beginSingleSignOn,
  finishSingleSignOn,
  startSession,
} from '@platform/subgraph-identity';
import type { Plugin } from 'graphql-yoga';
import { requestState } from '../request-state.ts';
import { problemFor } from '../responses.ts';
import { readCookie, sessionCookie } from '../session-cookie.ts';
import type { SignInSettings } from './use-sign-in.ts';

/**
 * The transient state of a sign-in under way (PKCE verifier, state, nonce, where to go back), sealed
 * with the secrets key in the browser between the two legs. `__Host-`: Secure, Path=/, no Domain.
 * SameSite=Lax, not Strict: the provider's redirect back is a cross-site top-level navigation, which
 * must carry it (and it is all it carries: the session cookie is set by the callback's answer).
 */
export const SINGLE_SIGN_ON_COOKIE = '__Host-platform_oidc';
const STATE_SECONDS = 600;
const NO_STORE = { 'cache-control': 'no-store' };
const CONSOLE_HOME = '/console/';
const SIGN_IN_PAGE = '/console/sign-in';
const MAX_RETURN_TO = 2048;
const MAX_TENANT_ID = 100;

interface SignInUnderWay extends AuthorizationChecks {
  tenantId: string;
  returnTo: string;
  /** Epoch milliseconds after which the callback is refused (the cookie's Max-Age is the browser's to honour). */
  expiresAt: number;
}

/**
 * Single sign-on to the console through the tenant's OpenID Connect provider (docs/console.md,
 * "Single sign-on"): `GET /auth/oidc/start?tenant_id=…&return_to=/console/…` sends the browser to
 * the provider (authorization code flow, PKCE S256, state, nonce); `GET /auth/oidc/callback` checks
 * its answer, exchanges the code, verifies the ID token, and signs in the tenant's active (or
 * invited, who becomes active) user with that verified e-mail: the session cookie is set and the
 * browser goes back to `return_to`. Every failure ends on the console's sign-in page with
 * `?error=<code>` (SingleSignOnError), never a hang: each request to the provider has a deadline.
 * Audited as `auth.sign_in` (or `auth.sign_in_failed`) with the person as actor when known.
 */
export function useSingleSignOn(options: {
  basePath: string;
  prisma: PrismaClient;
  settings: SignInSettings;
  /** Whether a tenant's provider may be reached at a URL (the events port's `checkEndpointUrl`: the webhooks' address policy). */
  checkUrl(tenantId: string, url: string): Promise<{ ok: true } | { ok: false; reason: string }>;
  logger: Logger;
}): Plugin {
  const { prisma, settings } = options;
  const startPath = `${options.basePath}/oidc/start`;
  const callbackPath = `${options.basePath}/oidc/callback`;
  const redirectUri = `${settings.publicUrl}${callbackPath}`;
  const logger = options.logger.child({ component: 'single-sign-on' });
  const accessFor = (tenantId: string): ProviderAccess => ({ openSecret: (sealed) => settings.secretBox.open(sealed), checkUrl: (url) => options.checkUrl(tenantId, url) });

  async function start(request: Request, url: URL): Promise<Response> {
    const tenantId = url.searchParams.get('tenant_id') ?? '';
    if (tenantId === '' || tenantId.length > MAX_TENANT_ID) throw invalidParameter('tenant_id', tenantId === '' ? 'is required' : `must be at most ${MAX_TENANT_ID} characters`);
    const returnTo = consolePath(url.searchParams.get('return_to'));
    if (returnTo === undefined) throw invalidParameter('return_to', 'must be a path of the console, starting with /console/');
    try {
      const { authorizationUrl, checks } = await beginSingleSignOn(prisma, tenantId, redirectUri, accessFor(tenantId));
      const underWay: SignInUnderWay = { ...checks, tenantId, returnTo, expiresAt: Date.now() + STATE_SECONDS * 1000 };
      return redirect(authorizationUrl.href, [`${SINGLE_SIGN_ON_COOKIE}=${settings.secretBox.seal(JSON.stringify(underWay))}; Path=/; Max-Age=${STATE_SECONDS}; HttpOnly; Secure; SameSite=Lax`]);
    } catch (error) {
      return failed(error, tenantId);
    }
  }

  async function callback(request: Request, url: URL): Promise<Response> {
    const state = requestState(request);
    state.auditAction = 'auth.sign_in_failed';
    const underWay = openUnderWay(readCookie(request, SINGLE_SIGN_ON_COOKIE));
    if (!underWay) return toSignInPage('sign_in_expired');
    try {
      const { email } = await finishSingleSignOn(prisma, underWay.tenantId, { redirectUri, query: url.search }, underWay, accessFor(underWay.tenantId));
      const { user, token, session } = await prisma.$transaction(async (tx) => {
        const admitted = await admitSingleSignOnUser(tx, underWay.tenantId, email);
        const opened = await startSession(tx, { tenantId: admitted.tenant_id, userId: admitted.id, method: 'oidc', clientAddress: state.clientAddress, userAgent: request.headers.get('user-agent') ?? undefined }, settings.lifetimes);
        return { user: admitted, ...opened };
      });
      state.signedIn = { tenantId: user.tenant_id, userId: user.id, sessionId: session.id };
      state.auditAction = 'auth.sign_in';
      // The state is used once: removed with the same answer that sets the session.
      return redirect(underWay.returnTo, [CLEARED_STATE_COOKIE, sessionCookie(token, session.expires_at)]);
    } catch (error) {
      if (error instanceof SingleSignOnRefused && error.user) state.signedIn = { tenantId: error.user.tenant_id, userId: error.user.id };
      return failed(error, underWay.tenantId);
    }
  }

  /** The sealed state of this browser's sign-in under way, unless absent, tampered with, sealed under another key or expired. */
  function openUnderWay(sealed: string | undefined): SignInUnderWay | undefined {
    if (!sealed) return undefined;
    try {
      const underWay = JSON.parse(settings.secretBox.open(sealed)) as SignInUnderWay;
      return typeof underWay.expiresAt === 'number' && underWay.expiresAt > Date.now() ? underWay : undefined;
    } catch {
      return undefined;
    }
  }

  /** A failure the person can do something about: back to the sign-in page, saying which. */
  function failed(error: unknown, tenantId: string): Response {
    if (error instanceof IdentityProviderUnavailable) {
      logger.warn({ tenant_id: tenantId, reason: error.message }, 'the identity provider is unavailable');
      return toSignInPage('identity_provider_unavailable');
    }
    if (error instanceof SingleSignOnRefused) {
      logger.info({ tenant_id: tenantId, code: error.code, reason: error.message }, 'single sign-on refused');
      return toSignInPage(error.code);
    }
    throw error;
  }

  return {
    async onRequest({ request, url, endResponse }) {
      const handler = url.pathname === startPath ? start : url.pathname === callbackPath ? callback : undefined;
      if (!handler) return;
      requestState(request).auditAction = url.pathname === startPath ? 'auth.sign_in_start' : 'auth.sign_in';
      try {
        if (request.method !== 'GET') throw new ApiError('method_not_allowed', `${url.pathname} accepts GET only.`, { allowed_methods: ['GET'] });
        endResponse(await handler(request, url));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        endResponse(problemFor(error, request, NO_STORE));
      }
    },
  };
}

const CLEARED_STATE_COOKIE = `${SINGLE_SIGN_ON_COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax`;

/** A 302 setting `cookies` (not cacheable: it may carry a session). */
function redirect(location: string, cookies: string[]): Response {
  const headers = new Headers({ ...NO_STORE, location });
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(null, { status: 302, headers });
}

/** Back to the sign-in page with the reason; the sign-in under way, if any, is over. */
function toSignInPage(code: SingleSignOnError): Response {
  return redirect(`${SIGN_IN_PAGE}?error=${code}`, [CLEARED_STATE_COOKIE]);
}

function invalidParameter(field: string, message: string): ApiError {
  return new ApiError('validation_failed', `The query parameter ${field} ${message}.`, { errors: [{ field, message }] });
}

/**
 * Where the browser may be sent back: a path of the console on this origin (no open redirect),
 * normalised (`/console/../v1` is `/v1`, refused); absent or empty: the console's home. Undefined
 * when refused.
 */
export function consolePath(value: string | null): string | undefined {
  if (value === null || value === '') return CONSOLE_HOME;
  // Backslashes and control characters are read as slashes or dropped by some browsers: refused outright.
  if (value.length > MAX_RETURN_TO || !value.startsWith('/console') || /[\\\s]/.test(value) || value.startsWith('//')) return undefined;
  const base = 'http://console.invalid';
  let resolved: URL;
  try {
    resolved = new URL(value, base);
  } catch {
    return undefined;
  }
  if (resolved.origin !== base || (resolved.pathname !== '/console' && !resolved.pathname.startsWith('/console/'))) return undefined;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
