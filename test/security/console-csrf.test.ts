import { beforeAll, describe, expect, it } from 'vitest';
import { type TestAccount, createAccount, database, platformUrl, problemOf } from '../support/fixtures.ts';
import { type TestUser, auth, createUser, signIn, strongPassword } from '../support/sign-in.ts';

/**
 * Cross-site request forgery against the console's sign-in endpoints: every state-changing
 * request made with the session cookie needs the session's own X-CSRF-Token, and a browser's
 * Origin must be the platform's; sign-in endpoints (no session yet) check the Origin (login CSRF).
 * Each refusal is 403 `csrf_failed` and changes nothing. Also the cookie's attributes.
 */
let account: TestAccount;

beforeAll(async () => {
  account = await createAccount();
});

/** Every state-changing endpoint of a session, with a body it would accept. */
const SESSION_ENDPOINTS: Array<[string, unknown]> = [
  ['/token', undefined],
  ['/sign-out', undefined],
  ['/sign-out-everywhere', undefined],
  ['/switch-environment', { environment: 'production' }],
  ['/password', { current_password: 'irrelevant here', new_password: 'irrelevant here too' }],
  ['/totp/setup', undefined],
  ['/totp/confirm', { code: '123456' }],
  ['/totp/disable', { code: '123456' }],
];
/** Endpoints that need no session: Origin only. */
const SIGN_IN_ENDPOINTS = ['/sign-in', '/sign-in/totp', '/invitations/accept', '/password-reset', '/password-reset/complete'];

const FOREIGN_ORIGIN = 'https://attacker.example';

/** What a forged request could have changed. */
async function stateOf(user: TestUser) {
  const row = await database().user.findUniqueOrThrow({ where: { tenant_id_id: { tenant_id: user.tenantId, id: user.id } } });
  const sessions = await database().userSession.findMany({ where: { tenant_id: user.tenantId, user_id: user.id }, select: { id: true, revoked_at: true, last_seen_at: true }, orderBy: { id: 'asc' } });
  return { password_hash: row.password_hash, totp_secret_sealed: row.totp_secret_sealed, totp_enabled_at: row.totp_enabled_at, failed_sign_ins: row.failed_sign_ins, sessions };
}

describe('console CSRF', () => {
  it('refuses every state-changing session request without the token, with a wrong one, another session’s, or from another origin', async () => {
    const user = await createUser(account.tenantId);
    const session = await signIn(user);
    const otherSession = await signIn(await createUser(account.tenantId));
    const before = await stateOf(user);
    const forgeries: Array<[string, { csrf?: string; origin?: string }]> = [
      ['no token', {}],
      ['a wrong token', { csrf: `${session.body.csrf_token.slice(0, -1)}${session.body.csrf_token.endsWith('A') ? 'B' : 'A'}` }],
      ['another session’s token', { csrf: otherSession.body.csrf_token }],
      ['a foreign Origin', { csrf: session.body.csrf_token, origin: FOREIGN_ORIGIN }],
      ['a null Origin', { csrf: session.body.csrf_token, origin: 'null' }],
    ];
    for (const [path, body] of SESSION_ENDPOINTS) {
      for (const [forgery, headers] of forgeries) {
        const response = await auth(path, { method: 'POST', body, cookie: session.cookie, ...headers });
        expect(await problemOf(response), `${path} with ${forgery}`).toMatchObject({ status: 403, code: 'csrf_failed' });
        expect(response.headers.getSetCookie(), `${path} with ${forgery}`).toEqual([]);
      }
    }
    expect(await stateOf(user)).toEqual(before);
    // The same session with its token and its own origin is served (shows the refusals were about CSRF only).
    expect((await auth('/token', { method: 'POST', cookie: session.cookie, csrf: session.body.csrf_token, origin: new URL(platformUrl).origin })).status).toBe(200);
    expect((await auth('/token', { method: 'POST', cookie: session.cookie, csrf: session.body.csrf_token, origin: `http://localhost:${new URL(platformUrl).port}` })).status).toBe(200);
  });

  it('refuses sign-in requests from another origin (login CSRF), before looking at anything', async () => {
    const user = await createUser(account.tenantId);
    const bodies: Record<string, unknown> = {
      '/sign-in': { tenant_id: user.tenantId, email: user.email, password: user.password },
      '/sign-in/totp': { challenge_token: 'x', code: '123456' },
      '/invitations/accept': { token: 'x', password: strongPassword() },
      '/password-reset': { tenant_id: user.tenantId, email: user.email },
      '/password-reset/complete': { token: 'x', password: strongPassword() },
    };
    const before = await stateOf(user);
    for (const path of SIGN_IN_ENDPOINTS) {
      const response = await auth(path, { body: bodies[path], origin: FOREIGN_ORIGIN });
      expect(await problemOf(response), path).toMatchObject({ status: 403, code: 'csrf_failed' });
      expect(response.headers.getSetCookie(), path).toEqual([]);
    }
    expect(await stateOf(user)).toEqual(before);
    expect((await auth('/sign-in', { body: bodies['/sign-in'], origin: new URL(platformUrl).origin })).status).toBe(200);
  });

  it('sets the session cookie HttpOnly, Secure, SameSite=Strict, host-only with Path=/', async () => {
    const user = await createUser(account.tenantId);
    const response = await auth('/sign-in', { body: { tenant_id: user.tenantId, email: user.email, password: user.password } });
    const [cookie] = response.headers.getSetCookie();
    const [pair, ...attributes] = (cookie ?? '').split(';').map((part) => part.trim());
    expect(pair).toMatch(/^__Host-platform_session=[A-Za-z0-9_-]{43}$/);
    const names = attributes.map((attribute) => attribute.split('=')[0]?.toLowerCase());
    expect(names).toEqual(expect.arrayContaining(['path', 'httponly', 'secure', 'samesite', 'expires']));
    expect(names).not.toContain('domain');
    expect(attributes).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'Secure', 'SameSite=Strict']));
  });
});
