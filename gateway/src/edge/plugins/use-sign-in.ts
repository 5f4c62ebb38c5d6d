import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TokenIssuer } from '@platform/auth';
import type { Logger } from '@platform/config';
import type { PrismaClient, User, UserSession } from '@platform/db';
import { ApiError } from '@platform/errors';
import type { SecretBox } from '@platform/events';
import { parseInput } from '@platform/graphql-kit';
import {
  AccountLocked,
  type ActiveSession,
  type Mailer,
  type SessionLifetimes,
  acceptInvitation,
  beginTotpSetup,
  changePassword,
  completePasswordReset,
  completeTotpSignIn,
  confirmTotp,
  disableTotp,
  findActiveSession,
  identityProviderSummary,
  pairedUser,
  requestPasswordReset,
  revokeSessions,
  sessionGrant,
  signInWithPassword,
  signOutEverywhere,
  startSession,
  touchSession,
} from '@platform/subgraph-identity';
import type { Plugin } from 'graphql-yoga';
import { z } from 'zod';
import type { CredentialAuthenticator } from '../credentials.ts';
import { type FailedAuthentications, TooManyFailedAuthentications } from '../failed-authentications.ts';
import { requestState } from '../request-state.ts';
import { problemFor } from '../responses.ts';
import { SESSION_COOKIE, clearedSessionCookie, readCookie, sessionCookie } from '../session-cookie.ts';

/** What the platform's configuration gives sign-in (platform.ts fills it in). */
export interface SignInSettings {
  /** Seals TOTP secrets (the platform's secrets key). */
  secretBox: SecretBox;
  /** The key of CSRF tokens (HMAC-SHA256 of the session token), derived from the secrets key: every instance computes the same. */
  csrfKey: Buffer;
  /** The platform's public URL: its origin is the one origin allowed to send state-changing requests, and links point there. */
  publicUrl: string;
  lifetimes: SessionLifetimes;
  /** Lifetime of a session's access tokens; the console renews them through POST /auth/token. */
  accessTokenTtlSeconds: number;
  /** Sends password-reset e-mails when a mail server is configured (SMTP_URL). */
  mailer?: Mailer;
}

const NO_STORE = { 'cache-control': 'no-store' };
const CSRF_HEADER = 'x-csrf-token';

const text = (max: number) => z.string().min(1, 'is required').max(max, `must be at most ${max} characters`);
/** Long enough for any password the platform accepts (128 characters) in any encoding; bounded so that a huge body costs no Argon2 work. */
const password = text(1024);
const signInBody = z.strictObject({ tenant_id: text(100), email: text(254), password });
const totpSignInBody = z.strictObject({ challenge_token: text(200), code: text(20) });
const codeBody = z.strictObject({ code: text(20) });
const switchBody = z.strictObject({ environment: z.enum(['production', 'sandbox'], { error: 'must be production or sandbox' }), code: text(20).optional() });
const passwordChangeBody = z.strictObject({ current_password: password, new_password: password });
const acceptInvitationBody = z.strictObject({ token: text(200), password, name: text(200).optional() });
const resetRequestBody = z.strictObject({ tenant_id: text(100), email: text(254) });
const resetCompleteBody = z.strictObject({ token: text(200), password });

/** A request to one endpoint: its body is read on demand, its session (for the endpoints that need one) established before. */
interface SignInRequest {
  request: Request;
  url: URL;
  body<Schema extends z.ZodType>(schema: Schema): Promise<z.infer<Schema>>;
}
interface SessionRequest extends SignInRequest {
  session: ActiveSession;
  token: string;
}

type Endpoint =
  | { method: 'GET' | 'POST'; session: false; handle(request: SignInRequest): Promise<Response> }
  | { method: 'GET' | 'POST'; session: true; handle(request: SessionRequest): Promise<Response> };

/**
 * The console's sign-in endpoints under `/auth` (docs/console.md, "Signing in"): password and
 * TOTP sign-in, the session (cookie `__Host-platform_session`) and the short-lived access tokens
 * it issues, sign-out (everywhere), switching between a tenant's production and sandbox,
 * password change and reset, TOTP enrolment, invitations. Answered before authentication: the
 * cookie, not a bearer token, is the credential here.
 *
 * Every POST is checked against cross-site requests: a browser's `Origin` must be the platform's
 * own, and a request made with the session cookie must carry the session's `X-CSRF-Token`
 * (SameSite=Strict already keeps the cookie off other sites' requests; these checks hold where
 * SameSite does not, such as sibling subdomains or old browsers). Requests of a signed-in person
 * count against their tenant's rate limit; failed sign-ins count per address like failed client
 * authentications, and per person toward the lockout. Each is audited with the person as actor
 * once known (`auth.sign_in`, `auth.sign_in_failed`, …); a password, token or code never is.
 */
export function useSignIn(options: {
  basePath: string;
  prisma: PrismaClient;
  issuer: TokenIssuer;
  credentials: CredentialAuthenticator;
  failedAuthentications: FailedAuthentications;
  /** Counts the request against the signed-in person's tenant's limits (see useRateLimit). */
  admit(request: Request, tenantId: string): Promise<Response | undefined>;
  settings: SignInSettings;
  logger: Logger;
}): Plugin {
  const { prisma, settings } = options;
  const ownOrigin = new URL(settings.publicUrl).origin;
  const csrfTokenOf = (sessionToken: string) => createHmac('sha256', settings.csrfKey).update(sessionToken).digest('base64url');
  const secretBox = settings.secretBox;

  /** The Session JSON: who is signed in where, with which scopes, and a fresh access token. */
  async function sessionResponse(session: UserSession, token: string, { setCookie = false } = {}): Promise<Response> {
    const user = await prisma.user.findUniqueOrThrow({ where: { tenant_id_id: { tenant_id: session.tenant_id, id: session.user_id } } });
    const grant = await sessionGrant(prisma, user);
    const accessToken = await options.issuer.issueForSession({ tenantId: session.tenant_id, userId: user.id, sessionId: session.id, scopes: grant.scopes, ttlSeconds: settings.accessTokenTtlSeconds });
    const headers = new Headers(NO_STORE);
    if (setCookie) headers.append('set-cookie', sessionCookie(token, session.expires_at));
    return Response.json(
      {
        status: 'signed_in',
        session: { id: session.id, method: session.method, expires_at: session.expires_at.toISOString() },
        user: { id: user.id, email: user.email, name: user.name, totp_enabled: user.totp_enabled_at !== null },
        tenant: grant.tenant,
        role: grant.role,
        scopes: grant.scopes,
        csrf_token: csrfTokenOf(token),
        access_token: accessToken.token,
        token_type: 'Bearer',
        expires_in: accessToken.expiresIn,
      },
      { headers },
    );
  }

  /** A new session for a person who just proved who they are, its cookie set. */
  async function signIn(request: Request, user: User, method: string): Promise<Response> {
    const state = requestState(request);
    const { token, session } = await startSession(prisma, { tenantId: user.tenant_id, userId: user.id, method, clientAddress: state.clientAddress, userAgent: request.headers.get('user-agent') ?? undefined }, settings.lifetimes);
    state.signedIn = { tenantId: user.tenant_id, userId: user.id, sessionId: session.id };
    return sessionResponse(session, token, { setCookie: true });
  }

  /** Ends sessions now: stored as revoked, and their access tokens refused at once by every worker. */
  function forget(sessionIds: string[]): void {
    options.credentials.forgetSessions(sessionIds);
  }

  const signedOut = (status: number) => new Response(null, { status, headers: { ...NO_STORE, 'set-cookie': clearedSessionCookie() } });
  const noContent = () => new Response(null, { status: 204, headers: NO_STORE });

  /** A failed proof (password, code) also counts against the address it came from. */
  async function countFailure(request: Request, error: unknown): Promise<void> {
    if (!(error instanceof ApiError) || (error.code !== 'invalid_credentials' && error.code !== 'invalid_totp_code')) return;
    const refusedFor = await options.failedAuthentications.failed({ clientAddress: requestState(request).clientAddress });
    if (refusedFor !== undefined) throw new TooManyFailedAuthentications(refusedFor);
  }

  const endpoints: Record<string, Endpoint> = {
    '/providers': {
      method: 'GET',
      session: false,
      handle: async ({ url }) => {
        const tenantId = url.searchParams.get('tenant_id') ?? '';
        const oidc = tenantId ? await identityProviderSummary(prisma, tenantId) : null;
        return Response.json({ password: true, oidc }, { headers: NO_STORE });
      },
    },
    '/sign-in': {
      method: 'POST',
      session: false,
      handle: async ({ request, body }) => {
        const input = await body(signInBody);
        requestState(request).auditAction = 'auth.sign_in';
        const outcome = await signInWithPassword(prisma, { tenantId: input.tenant_id, email: input.email, password: input.password });
        if (outcome.status === 'signed_in') return signIn(request, outcome.user, 'password');
        requestState(request).auditAction = 'auth.sign_in_totp_required';
        requestState(request).signedIn = { tenantId: outcome.user.tenant_id, userId: outcome.user.id };
        return Response.json({ status: 'totp_required', challenge_token: outcome.challengeToken, expires_in: outcome.expiresIn }, { headers: NO_STORE });
      },
    },
    '/sign-in/totp': {
      method: 'POST',
      session: false,
      handle: async ({ request, body }) => {
        const input = await body(totpSignInBody);
        requestState(request).auditAction = 'auth.sign_in';
        const user = await completeTotpSignIn(prisma, secretBox, { challengeToken: input.challenge_token, code: input.code });
        return signIn(request, user, 'password+totp');
      },
    },
    '/session': {
      method: 'GET',
      session: true,
      handle: async ({ session, token }) => {
        await touchSession(prisma, session.id);
        return sessionResponse(session, token);
      },
    },
    '/token': {
      method: 'POST',
      session: true,
      handle: async ({ request, session }) => {
        requestState(request).auditAction = 'auth.token';
        await touchSession(prisma, session.id);
        const grant = await sessionGrant(prisma, session.user);
        const accessToken = await options.issuer.issueForSession({ tenantId: session.tenant_id, userId: session.user_id, sessionId: session.id, scopes: grant.scopes, ttlSeconds: settings.accessTokenTtlSeconds });
        return Response.json({ access_token: accessToken.token, token_type: 'Bearer', expires_in: accessToken.expiresIn, tenant_id: session.tenant_id, scopes: grant.scopes }, { headers: NO_STORE });
      },
    },
    '/sign-out': {
      method: 'POST',
      session: true,
      handle: async ({ request, session }) => {
        requestState(request).auditAction = 'auth.sign_out';
        forget(await revokeSessions(prisma, { id: session.id }));
        return signedOut(204);
      },
    },
    '/sign-out-everywhere': {
      method: 'POST',
      session: true,
      handle: async ({ request, session }) => {
        requestState(request).auditAction = 'auth.sign_out_everywhere';
        forget(await signOutEverywhere(prisma, session.user));
        return signedOut(204);
      },
    },
    '/switch-environment': {
      method: 'POST',
      session: true,
      handle: async ({ request, body, session }) => {
        const input = await body(switchBody);
        requestState(request).auditAction = `auth.switch_environment`;
        const target = await pairedUser(prisma, secretBox, session.user, input);
        forget(await revokeSessions(prisma, { id: session.id }));
        const response = await signIn(request, target, 'switch');
        // Recorded where the person came from: the new tenant's trail starts with the new session's own requests.
        requestState(request).signedIn = { tenantId: session.tenant_id, userId: session.user_id, sessionId: session.id };
        return response;
      },
    },
    '/password': {
      method: 'POST',
      session: true,
      handle: async ({ request, body, session }) => {
        const input = await body(passwordChangeBody);
        requestState(request).auditAction = 'auth.password_change';
        forget(await changePassword(prisma, session.user, session.id, { currentPassword: input.current_password, newPassword: input.new_password }));
        return noContent();
      },
    },
    '/totp/setup': {
      method: 'POST',
      session: true,
      handle: async ({ request, session }) => {
        requestState(request).auditAction = 'auth.totp_setup';
        const enrolment = await beginTotpSetup(prisma, secretBox, session.user);
        return Response.json({ secret: enrolment.secret, otpauth_uri: enrolment.otpauthUri }, { headers: NO_STORE });
      },
    },
    '/totp/confirm': {
      method: 'POST',
      session: true,
      handle: async ({ request, body, session, token }) => {
        const { code } = await body(codeBody);
        requestState(request).auditAction = 'auth.totp_enable';
        await confirmTotp(prisma, secretBox, session.user, code);
        return sessionResponse(session, token);
      },
    },
    '/totp/disable': {
      method: 'POST',
      session: true,
      handle: async ({ request, body, session, token }) => {
        const { code } = await body(codeBody);
        requestState(request).auditAction = 'auth.totp_disable';
        await disableTotp(prisma, secretBox, session.user, code);
        return sessionResponse(session, token);
      },
    },
    '/invitations/accept': {
      method: 'POST',
      session: false,
      handle: async ({ request, body }) => {
        const input = await body(acceptInvitationBody);
        requestState(request).auditAction = 'auth.invitation_accept';
        const user = await acceptInvitation(prisma, { token: input.token, password: input.password, name: input.name });
        return signIn(request, user, 'invitation');
      },
    },
    '/password-reset': {
      method: 'POST',
      session: false,
      handle: async ({ request, body }) => {
        const input = await body(resetRequestBody);
        requestState(request).auditAction = 'auth.password_reset_request';
        // Anyone may ask, and each asking can send an e-mail: counted like failed authentications,
        // per address and per e-mail asked for, so that nobody floods an inbox or the mail server.
        const refusedFor = await options.failedAuthentications.failed({ clientAddress: requestState(request).clientAddress, clientId: `password-reset:${input.tenant_id}:${input.email.trim().toLowerCase()}` });
        if (refusedFor !== undefined) throw new TooManyFailedAuthentications(refusedFor);
        const { mailer } = settings;
        // Without a mail server nobody could receive the link: an administrator issues one instead (issue_password_reset).
        if (mailer) {
          const requested = await requestPasswordReset(prisma, settings.publicUrl, { tenantId: input.tenant_id, email: input.email });
          // Sent after answering: how long the mail server takes must not tell whether the address exists.
          if (requested) void sendResetMail(mailer, requested.user.email, requested.link.url, options.logger);
        }
        return new Response(null, { status: 202, headers: NO_STORE });
      },
    },
    '/password-reset/complete': {
      method: 'POST',
      session: false,
      handle: async ({ request, body }) => {
        const input = await body(resetCompleteBody);
        requestState(request).auditAction = 'auth.password_reset';
        const { user, endedSessionIds } = await completePasswordReset(prisma, { token: input.token, password: input.password });
        requestState(request).signedIn = { tenantId: user.tenant_id, userId: user.id };
        forget(endedSessionIds);
        return noContent();
      },
    },
  };

  /** The Origin check: a browser names the page's origin on every POST; only the platform's own may change anything. */
  function sameOrigin(request: Request, url: URL): boolean {
    const origin = request.headers.get('origin');
    // Non-browser clients send no Origin; a browser request without one carries no SameSite=Strict cookie from another site either.
    return origin === null || origin === ownOrigin || origin === url.origin;
  }

  function csrfTokenMatches(request: Request, sessionToken: string): boolean {
    const sent = Buffer.from(request.headers.get(CSRF_HEADER) ?? '');
    const expected = Buffer.from(csrfTokenOf(sessionToken));
    return sent.length === expected.length && timingSafeEqual(sent, expected);
  }

  return {
    async onRequest({ request, url, endResponse }) {
      if (!url.pathname.startsWith(`${options.basePath}/`)) return;
      const endpoint = endpoints[url.pathname.slice(options.basePath.length)];
      // Other paths under /auth (single sign-on's) belong to other plugins.
      if (!endpoint) return;
      const state = requestState(request);
      try {
        if (request.method !== endpoint.method) throw new ApiError('method_not_allowed', `${url.pathname} accepts ${endpoint.method} only.`, { allowed_methods: [endpoint.method] });
        const changes = endpoint.method === 'POST';
        if (changes && !sameOrigin(request, url)) throw csrfFailed('The request comes from another origin than the console’s.');
        const signInRequest: SignInRequest = { request, url, body: (schema) => readBody(request, schema) };
        if (!endpoint.session) {
          const refusedFor = await options.failedAuthentications.refusedFor({ clientAddress: state.clientAddress });
          if (refusedFor !== undefined) throw new TooManyFailedAuthentications(refusedFor);
          try {
            endResponse(await endpoint.handle(signInRequest));
          } catch (error) {
            state.auditAction = state.auditAction === 'auth.sign_in' ? 'auth.sign_in_failed' : state.auditAction;
            await countFailure(request, error);
            throw error;
          }
          return;
        }
        const token = readCookie(request, SESSION_COOKIE);
        const session = token ? await findActiveSession(prisma, token, settings.lifetimes) : undefined;
        if (!token || !session) {
          const response = problemFor(new ApiError('unauthenticated', 'You are not signed in, or your session has ended; sign in again.'), request, token ? { 'set-cookie': clearedSessionCookie() } : {});
          endResponse(response);
          return;
        }
        state.signedIn = { tenantId: session.tenant_id, userId: session.user_id, sessionId: session.id };
        if (changes && !csrfTokenMatches(request, token)) throw csrfFailed('The request lacks this session’s X-CSRF-Token.');
        const refused = await options.admit(request, session.tenant_id);
        if (refused) {
          endResponse(refused);
          return;
        }
        try {
          endResponse(await endpoint.handle({ ...signInRequest, session, token }));
        } catch (error) {
          await countFailure(request, error);
          throw error;
        }
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const headers: Record<string, string> = { ...NO_STORE };
        if (error instanceof AccountLocked || error instanceof TooManyFailedAuthentications) headers['retry-after'] = String(error.retryAfterSeconds);
        endResponse(problemFor(error, request, headers));
      }
    },
  };
}

function csrfFailed(detail: string): ApiError {
  return new ApiError('csrf_failed', `${detail} Reload the console and try again.`);
}

/** A JSON object body (an empty body counts as `{}`), checked against the endpoint's schema: 400 naming each field at fault. */
async function readBody<Schema extends z.ZodType>(request: Request, schema: Schema): Promise<z.infer<Schema>> {
  const raw = await request.text();
  let body: unknown = {};
  if (raw.trim() !== '') {
    if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) throw new ApiError('unsupported_media_type', 'Send the body as application/json.');
    try {
      body = JSON.parse(raw);
    } catch {
      throw new ApiError('malformed_body', 'The request body is not well-formed JSON.');
    }
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError('validation_failed', 'The request body must be a JSON object.', { errors: [{ field: '', message: 'must be a JSON object' }] });
  return parseInput(schema, body);
}

async function sendResetMail(mailer: Mailer, to: string, link: string, logger: Logger): Promise<void> {
  try {
    await mailer.send({
      to,
      subject: 'Reset your password',
      text: `Someone (hopefully you) asked to reset the password of your account.\n\nChoose a new password here (the link works once, for one hour):\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n`,
    });
  } catch (error) {
    // The error may quote the server's answer but never the link (only the message carries it).
    logger.warn({ err: error, component: 'mail' }, 'could not send a password-reset e-mail');
  }
}
