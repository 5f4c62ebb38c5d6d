import { beforeAll, describe, expect, it } from 'vitest';
import { type TestAccount, apiClient, createAccount, database, eventually, json, problemOf } from '../support/fixtures.ts';
import { type SessionBody, type TestUser, auth, createUser, sessionCookieOf, signIn, strongPassword, uniqueEmail } from '../support/sign-in.ts';

/**
 * Signing in to the console with e-mail and password (docs/console.md, "Signing in"): the session
 * and the access tokens it issues, whose scopes are the user's role's in the tenant; lockout;
 * sign-out (everywhere); switching environments; changing the password and its rules; the
 * audit trail. Over HTTP against the suite's platform, users arranged in its database.
 */
let account: TestAccount;

beforeAll(async () => {
  account = await createAccount();
});

const signInBody = (user: Pick<TestUser, 'tenantId' | 'email' | 'password'>, overrides: Record<string, unknown> = {}) => ({ tenant_id: user.tenantId, email: user.email, password: user.password, ...overrides });

describe('password sign-in', () => {
  it('answers a Session with a cookie and a short-lived access token of the role', async () => {
    const user = await createUser(account.tenantId, { roleId: 'role_viewer' });
    const response = await auth('/sign-in', { body: signInBody(user, { email: user.email.toUpperCase() }) });
    const body = await json<SessionBody>(response);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(sessionCookieOf(response)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body).toMatchObject({
      status: 'signed_in',
      session: { id: expect.stringMatching(/^ses_/), method: 'password' },
      user: { id: user.id, email: user.email, totp_enabled: false },
      tenant: { id: account.tenantId, environment: 'production', paired_tenant_id: account.sandboxTenantId },
      role: { id: 'role_viewer', name: 'viewer' },
      scopes: ['tenants:read', 'inventory:read', 'crm:read', 'finance:read'],
      token_type: 'Bearer',
      expires_in: 300,
    });
    expect(body.csrf_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expiresIn = Date.parse(body.session.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(11.9 * 3600_000);
    expect(expiresIn).toBeLessThanOrEqual(12 * 3600_000);
    // Only the token's hash is stored.
    const stored = await database().userSession.findUniqueOrThrow({ where: { id: body.session.id } });
    expect(stored.token_hash).not.toContain(sessionCookieOf(response));
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a wrong password, an unknown e-mail, another tenant, a deactivated or invited user with the same 401', async () => {
    const user = await createUser(account.tenantId);
    const deactivated = await createUser(account.tenantId, { status: 'deactivated' });
    const invited = await createUser(account.tenantId, { status: 'invited', password: null });
    const other = await createAccount();
    const attempts = [
      signInBody(user, { password: `${user.password}x` }),
      signInBody(user, { email: uniqueEmail('nobody') }),
      signInBody(user, { tenant_id: other.tenantId }),
      signInBody(user, { tenant_id: account.sandboxTenantId }),
      signInBody(user, { tenant_id: 'ten_does_not_exist' }),
      signInBody(deactivated),
      signInBody(invited, { password: strongPassword() }),
    ];
    const details = new Set<string>();
    for (const attempt of attempts) {
      const response = await auth('/sign-in', { body: attempt });
      const problem = await problemOf(response);
      expect(problem).toMatchObject({ status: 401, code: 'invalid_credentials' });
      expect(sessionCookieOf(response)).toBeUndefined();
      details.add(problem.detail ?? '');
    }
    expect(details.size).toBe(1);
  });

  it('validates the body field by field', async () => {
    const problem = await problemOf(await auth('/sign-in', { body: { tenant_id: account.tenantId, email: '', extra: 1 } }));
    expect(problem).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(problem.errors?.map((error) => error.field).sort()).toEqual(['', 'email', 'password']);
    expect((await problemOf(await auth('/sign-in', { method: 'GET' }))).status).toBe(405);
  });

  it('locks a user out after five failures in a row: 429 account_locked with Retry-After, the right password refused too', async () => {
    const user = await createUser(account.tenantId);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await problemOf(await auth('/sign-in', { body: signInBody(user, { password: `wrong ${attempt} ${user.password}` }) }))).code).toBe('invalid_credentials');
    }
    const locked = await auth('/sign-in', { body: signInBody(user) });
    expect(await problemOf(locked)).toMatchObject({ status: 429, code: 'account_locked' });
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Four failures, then a success, reset the count: a fifth failure later does not lock.
    const other = await createUser(account.tenantId);
    for (let attempt = 1; attempt <= 4; attempt++) await auth('/sign-in', { body: signInBody(other, { password: 'not the password at all' }) });
    await signIn(other);
    expect((await problemOf(await auth('/sign-in', { body: signInBody(other, { password: 'not the password at all' }) }))).code).toBe('invalid_credentials');
    await signIn(other);
    // Once the lockout has passed, the right password works again.
    await database().user.update({ where: { tenant_id_id: { tenant_id: user.tenantId, id: user.id } }, data: { locked_until: new Date(Date.now() - 1000) } });
    await signIn(user);
  });
});

describe('the session', () => {
  it('answers GET /auth/session and renews access tokens through POST /auth/token, sliding the idle timeout', async () => {
    const user = await createUser(account.tenantId, { roleId: 'role_analyst' });
    const session = await signIn(user);
    await database().userSession.update({ where: { id: session.body.session.id }, data: { last_seen_at: new Date(Date.now() - 60 * 60_000) } });
    const current = await json<SessionBody>(await auth('/session', { cookie: session.cookie }));
    expect(current).toMatchObject({ session: { id: session.body.session.id }, user: { id: user.id }, csrf_token: session.body.csrf_token });
    expect(current.access_token).not.toBe(session.body.access_token);
    const seen = await database().userSession.findUniqueOrThrow({ where: { id: session.body.session.id } });
    expect(Date.now() - seen.last_seen_at.getTime()).toBeLessThan(60_000);
    const renewed = await json<{ access_token: string; token_type: string; expires_in: number; tenant_id: string; scopes: string[] }>(await session.post('/token'));
    expect(renewed).toMatchObject({ token_type: 'Bearer', expires_in: 300, tenant_id: account.tenantId, scopes: current.scopes });
    expect((await apiClient(renewed.access_token, account.tenantId).get('/v1/tenants/current')).status).toBe(200);
  });

  it('refuses a missing, unknown, idle, expired or deactivated session with 401 unauthenticated and clears the cookie', async () => {
    expect(await problemOf(await auth('/session'))).toMatchObject({ status: 401, code: 'unauthenticated' });
    const unknown = await auth('/session', { cookie: 'A'.repeat(43) });
    expect((await problemOf(unknown)).code).toBe('unauthenticated');
    expect(sessionCookieOf(unknown)).toBe('');
    const idle = await signIn(await createUser(account.tenantId));
    await database().userSession.update({ where: { id: idle.body.session.id }, data: { last_seen_at: new Date(Date.now() - 121 * 60_000) } });
    expect((await problemOf(await auth('/session', { cookie: idle.cookie }))).code).toBe('unauthenticated');
    const expired = await signIn(await createUser(account.tenantId));
    await database().userSession.update({ where: { id: expired.body.session.id }, data: { expires_at: new Date(Date.now() - 1000) } });
    expect((await problemOf(await expired.post('/token'))).code).toBe('unauthenticated');
  });

  it('ends at deactivation: the session endpoints at once, the access token within the recheck', async () => {
    const admin = await signIn(await createUser(account.tenantId));
    const user = await createUser(account.tenantId);
    const session = await signIn(user);
    const admins = apiClient(admin.body.access_token, account.tenantId);
    expect((await admins.send('POST', `/v1/tenants/users/${user.id}/deactivate`, {})).status).toBe(200);
    expect((await problemOf(await auth('/session', { cookie: session.cookie }))).code).toBe('unauthenticated');
    const api = apiClient(session.body.access_token, account.tenantId);
    await eventually(async () => ((await api.get('/v1/tenants/current')).status === 401 ? true : undefined), 10_000, 'the token refused');
  });
});

describe("the session's access token", () => {
  it('carries exactly the role’s scopes on REST and GraphQL: a viewer reads but cannot write', async () => {
    const viewer = await signIn(await createUser(account.tenantId, { roleId: 'role_viewer' }));
    const api = apiClient(viewer.body.access_token, account.tenantId);
    expect((await api.get('/v1/inventory/items')).status).toBe(200);
    const write = await api.send('POST', '/v1/inventory/warehouses', { name: 'Nope' });
    expect(await problemOf(write)).toMatchObject({ status: 403, code: 'insufficient_scope', required_scope: 'inventory:write' });
    const graphql = (await (await api.graphql('mutation { create_warehouse(input: { name: "Nope" }) { id } }')).json()) as { errors?: Array<{ extensions: { code: string } }> };
    expect(graphql.errors?.[0]?.extensions.code).toBe('insufficient_scope');
    expect((await api.get('/v1/tenants/users')).status).toBe(403);
    const data = (await (await api.graphql('{ inventory_items(per_page: 1) { meta { total } } }')).json()) as { data?: unknown };
    expect(data.data).toBeDefined();
  });

  it('is refused with another tenant’s X-Service-Tenant, and after sign-out at once', async () => {
    const session = await signIn(await createUser(account.tenantId));
    expect((await problemOf(await apiClient(session.body.access_token, account.sandboxTenantId).get('/v1/tenants/current'))).code).toBe('tenant_mismatch');
    const api = apiClient(session.body.access_token, account.tenantId);
    expect((await api.get('/v1/tenants/current')).status).toBe(200);
    const signOut = await session.post('/sign-out');
    expect(signOut.status).toBe(204);
    expect(sessionCookieOf(signOut)).toBe('');
    expect((await problemOf(await api.get('/v1/tenants/current'))).code).toBe('invalid_token');
    expect((await problemOf(await auth('/session', { cookie: session.cookie }))).code).toBe('unauthenticated');
  });

  it('takes a role change at the next renewal', async () => {
    const admin = await signIn(await createUser(account.tenantId));
    const user = await createUser(account.tenantId, { roleId: 'role_viewer' });
    const session = await signIn(user);
    const admins = apiClient(admin.body.access_token, account.tenantId);
    expect((await admins.send('PATCH', `/v1/tenants/users/${user.id}`, { role_id: 'role_developer' })).status).toBe(200);
    const renewed = await json<{ scopes: string[] }>(await session.post('/token'));
    expect(renewed.scopes).toContain('inventory:write');
  });
});

describe('sign-out everywhere', () => {
  it('ends every session of the person, in both environments, at once', async () => {
    const email = uniqueEmail('everywhere');
    const password = strongPassword();
    const production = await createUser(account.tenantId, { email, password });
    const sandbox = await createUser(account.sandboxTenantId, { email, password });
    const elsewhere = await createUser(account.tenantId);
    const first = await signIn(production);
    const second = await signIn(production);
    const third = await signIn(sandbox);
    const unrelated = await signIn(elsewhere);
    expect((await first.post('/sign-out-everywhere')).status).toBe(204);
    for (const session of [first, second, third]) {
      expect((await problemOf(await auth('/session', { cookie: session.cookie }))).code).toBe('unauthenticated');
      expect((await apiClient(session.body.access_token, session.body.tenant.id).get('/v1/tenants/current')).status).toBe(401);
    }
    expect((await auth('/session', { cookie: unrelated.cookie })).status).toBe(200);
  });
});

describe('switching environments', () => {
  it('moves the session to the paired tenant with that user’s role, replacing the cookie', async () => {
    const email = uniqueEmail('switch');
    const password = strongPassword();
    const production = await createUser(account.tenantId, { email, password, roleId: 'role_viewer' });
    const sandbox = await createUser(account.sandboxTenantId, { email, password: null, roleId: 'role_developer' });
    const session = await signIn(production);
    const response = await session.post('/switch-environment', { environment: 'sandbox' });
    const switched = await json<SessionBody>(response);
    expect(switched).toMatchObject({ session: { method: 'switch' }, user: { id: sandbox.id }, tenant: { id: account.sandboxTenantId, environment: 'sandbox' }, role: { id: 'role_developer' } });
    expect(switched.scopes).toContain('inventory:write');
    const cookie = sessionCookieOf(response);
    expect(cookie).toBeTruthy();
    expect(cookie).not.toBe(session.cookie);
    expect((await auth('/session', { cookie: session.cookie })).status).toBe(401);
    expect((await apiClient(switched.access_token, account.sandboxTenantId).get('/v1/tenants/current')).status).toBe(200);
    const back = await json<SessionBody>(await auth('/switch-environment', { body: { environment: 'production' }, cookie, csrf: switched.csrf_token }));
    expect(back.tenant.id).toBe(account.tenantId);
  });

  it('is refused without an active user there', async () => {
    const session = await signIn(await createUser(account.tenantId));
    expect(await problemOf(await session.post('/switch-environment', { environment: 'sandbox' }))).toMatchObject({ status: 403, code: 'no_access_to_tenant' });
    expect((await problemOf(await session.post('/switch-environment', { environment: 'staging' }))).code).toBe('validation_failed');
    expect((await auth('/session', { cookie: session.cookie })).status).toBe(200);
  });
});

describe('changing the password', () => {
  it('needs the current password, refuses weak ones with the reason, and ends the other sessions', async () => {
    const user = await createUser(account.tenantId, { email: uniqueEmail('marguerite') });
    const session = await signIn(user);
    const other = await signIn(user);
    const wrong = await problemOf(await session.post('/password', { current_password: 'not it at all, sorry', new_password: strongPassword() }));
    expect(wrong).toMatchObject({ status: 401, code: 'invalid_credentials', errors: [{ field: 'current_password' }] });
    const weak: Array<[string, RegExp]> = [
      ['short pw', /at least 12 characters/],
      ['x'.repeat(129), /at most 128 characters/],
      ['password1234', /most commonly used passwords/],
      [`${user.email.split('@')[0]}-Zq9!vT`, /e-mail address/],
      ['aaaaaaaaaaaaaaaa', /too easy to guess/],
      ['qwertyuiopasdf', /commonly used|too easy to guess/],
    ];
    for (const [candidate, reason] of weak) {
      const problem = await problemOf(await session.post('/password', { current_password: user.password, new_password: candidate }));
      expect(problem, candidate).toMatchObject({ status: 400, code: 'weak_password', errors: [{ field: 'new_password', message: expect.stringMatching(reason) }] });
    }
    // Any characters, compared after Unicode normalisation (NFKC): the full-width form signs in as the ASCII one.
    const fresh = 'Ｓｕｎｆｌｏｗｅｒ ｆｉｅｌｄ ｍａｐｌｅ ７';
    expect((await session.post('/password', { current_password: user.password, new_password: fresh })).status).toBe(204);
    expect((await auth('/session', { cookie: other.cookie })).status).toBe(401);
    expect((await auth('/session', { cookie: session.cookie })).status).toBe(200);
    await signIn({ ...user, password: fresh.normalize('NFKC') });
    expect((await auth('/sign-in', { body: signInBody(user) })).status).toBe(401);
    const stored = await database().user.findUniqueOrThrow({ where: { tenant_id_id: { tenant_id: user.tenantId, id: user.id } } });
    expect(stored.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('the audit trail', () => {
  it('records sign-in, token renewal and sign-out with the user as actor, and failures without any secret', async () => {
    const user = await createUser(account.tenantId);
    const session = await signIn(user);
    await session.post('/token');
    await session.post('/sign-out');
    const failed = await auth('/sign-in', { body: signInBody(user, { password: 'a wrong password here' }) });
    const requestId = failed.headers.get('x-request-id');
    const records = await eventually(async () => {
      const rows = await database().auditRecord.findMany({ where: { tenant_id: account.tenantId, actor_id: user.id }, orderBy: { seq: 'asc' } });
      return rows.length >= 3 ? rows : undefined;
    });
    expect(records.map((record) => record.action)).toEqual(['auth.sign_in', 'auth.token', 'auth.sign_out']);
    for (const record of records) expect(record).toMatchObject({ actor_type: 'user', surface: 'rest', credential_id: session.body.session.id });
    expect(records[0]).toMatchObject({ status: 200, path: '/auth/sign-in', method: 'POST' });
    // A failure proves nothing about who tried: it goes to the platform's chain, not the tenant's.
    const failure = await eventually(() => database().auditRecord.findFirst({ where: { request_id: requestId } }).then((row) => row ?? undefined));
    expect(failure).toMatchObject({ tenant_id: '_platform', action: 'auth.sign_in_failed', status: 401, actor_type: 'anonymous' });
    const everything = JSON.stringify(await database().auditRecord.findMany({ where: { OR: [{ tenant_id: account.tenantId }, { request_id: requestId }] } }), (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value));
    for (const secret of [user.password, session.cookie, session.body.csrf_token, session.body.access_token]) expect(everything).not.toContain(secret);
  });
});
