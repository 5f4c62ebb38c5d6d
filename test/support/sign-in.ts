import { randomBytes } from 'node:crypto';
import { newId } from '@platform/db';
import { hashPassword } from '@platform/subgraph-identity';
import { database, platformUrl } from './fixtures.ts';

/** The console's session cookie (gateway/src/edge/session-cookie.ts). */
export const SESSION_COOKIE = '__Host-platform_session';

/** The Session JSON of the sign-in endpoints. */
export interface SessionBody {
  status: 'signed_in';
  session: { id: string; method: string; expires_at: string };
  user: { id: string; email: string; name: string | null; totp_enabled: boolean };
  tenant: { id: string; name: string; environment: 'production' | 'sandbox'; paired_tenant_id: string };
  role: { id: string; name: string };
  scopes: string[];
  csrf_token: string;
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

let counter = 0;
export const uniqueEmail = (label = 'person') => `${label}.${++counter}.${Date.now()}@example.com`;

/** A password every rule accepts: 96 random bits. */
export const strongPassword = () => `Pw ${randomBytes(12).toString('base64url')}`;

export interface TestUser {
  tenantId: string;
  id: string;
  email: string;
  password: string;
}

/** A user arranged in the database (active with a password unless told otherwise). */
export async function createUser(tenantId: string, options: { email?: string; roleId?: string; status?: 'invited' | 'active' | 'deactivated'; password?: string | null } = {}): Promise<TestUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password === undefined ? strongPassword() : options.password;
  const id = newId('usr');
  const status = options.status ?? 'active';
  await database().user.create({
    data: {
      tenant_id: tenantId,
      id,
      email,
      role_id: options.roleId ?? 'role_owner',
      status,
      activated_at: status === 'invited' ? null : new Date(),
      deactivated_at: status === 'deactivated' ? new Date() : null,
      password_hash: password === null ? null : await hashPassword(password),
    },
  });
  return { tenantId, id, email, password: password ?? '' };
}

/** A request to a sign-in endpoint, as the console sends it (a JSON body, the cookie and CSRF token of a session when given). */
export function auth(
  path: string,
  options: { method?: string; body?: unknown; cookie?: string; csrf?: string; origin?: string; headers?: Record<string, string>; baseUrl?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.cookie) headers.cookie = `${SESSION_COOKIE}=${options.cookie}`;
  if (options.csrf) headers['x-csrf-token'] = options.csrf;
  if (options.origin) headers.origin = options.origin;
  return fetch(`${options.baseUrl ?? platformUrl}/auth${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
    redirect: 'manual',
  });
}

/** The session token a response's Set-Cookie holds ('' when it clears the cookie), or undefined when it sets none. */
export function sessionCookieOf(response: Response): string | undefined {
  for (const cookie of response.headers.getSetCookie()) {
    const match = new RegExp(`^${SESSION_COOKIE}=([^;]*)`).exec(cookie);
    if (match) return match[1];
  }
  return undefined;
}

/** A signed-in console: the cookie's token and the Session JSON. */
export interface ConsoleSession {
  cookie: string;
  body: SessionBody;
  /** A state-changing request of this session (cookie and CSRF token). */
  post(path: string, body?: unknown): Promise<Response>;
}

export function consoleSession(cookie: string, body: SessionBody, baseUrl?: string): ConsoleSession {
  return { cookie, body, post: (path, requestBody) => auth(path, { method: 'POST', body: requestBody, cookie, csrf: body.csrf_token, baseUrl }) };
}

/** Signs in with a password (no TOTP); fails the test unless it works. */
export async function signIn(user: Pick<TestUser, 'tenantId' | 'email' | 'password'>, baseUrl?: string): Promise<ConsoleSession> {
  const response = await auth('/sign-in', { body: { tenant_id: user.tenantId, email: user.email, password: user.password }, baseUrl });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${text}`);
  const cookie = sessionCookieOf(response);
  if (!cookie) throw new Error('sign-in set no session cookie');
  return consoleSession(cookie, JSON.parse(text) as SessionBody, baseUrl);
}
