import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestAccount, createAccount, database, json, problemOf } from '../support/fixtures.ts';
import { type ConsoleSession, type SessionBody, type TestUser, auth, createUser, sessionCookieOf, signIn } from '../support/sign-in.ts';

/**
 * The optional second factor (TOTP, RFC 6238): enrolment (setup, confirm), sign-in in two steps,
 * a code never accepted twice, wrong codes counting toward the lockout, and turning it off.
 * Codes are computed here with otpauth from the secret the platform hands out.
 */
let account: TestAccount;

beforeAll(async () => {
  account = await createAccount();
});

const PERIOD_MS = 30_000;
const codeAt = (secret: string, timestamp: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp });

/** A user with TOTP on, and the secret. */
async function enrolled(): Promise<{ user: TestUser; session: ConsoleSession; secret: string }> {
  const user = await createUser(account.tenantId);
  const session = await signIn(user);
  const setup = await json<{ secret: string; otpauth_uri: string }>(await session.post('/totp/setup'));
  expect(setup.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Platform:.+secret=/);
  const confirmed = await json<SessionBody>(await session.post('/totp/confirm', { code: codeAt(setup.secret, Date.now()) }));
  expect(confirmed.user.totp_enabled).toBe(true);
  return { user, session, secret: setup.secret };
}

async function passwordStep(user: TestUser): Promise<string> {
  const body = await json<{ status: string; challenge_token: string; expires_in: number }>(await auth('/sign-in', { body: { tenant_id: user.tenantId, email: user.email, password: user.password } }));
  expect(body).toMatchObject({ status: 'totp_required', expires_in: 300 });
  return body.challenge_token;
}

describe('TOTP', () => {
  it('is pending until confirmed with a code, and refuses a wrong confirmation', async () => {
    const user = await createUser(account.tenantId);
    const session = await signIn(user);
    const setup = await json<{ secret: string }>(await session.post('/totp/setup'));
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    // Pending: signing in still needs the password only.
    await signIn(user);
    expect(await problemOf(await session.post('/totp/confirm', { code: '000000' === codeAt(setup.secret, Date.now()) ? '111111' : '000000' }))).toMatchObject({ status: 401, code: 'invalid_totp_code' });
    const stored = await database().user.findUniqueOrThrow({ where: { tenant_id_id: { tenant_id: user.tenantId, id: user.id } } });
    expect(stored.totp_enabled_at).toBeNull();
    // Sealed at rest, not the secret itself.
    expect(stored.totp_secret_sealed).not.toContain(setup.secret);
  });

  it('makes sign-in a second step that needs a code, accepted once', async () => {
    const { user, secret } = await enrolled();
    const challenge = await passwordStep(user);
    // The code of the confirmation's step was used: the next step's code is fresh.
    const code = codeAt(secret, Date.now() + PERIOD_MS);
    const response = await auth('/sign-in/totp', { body: { challenge_token: challenge, code } });
    const body = await json<SessionBody>(response);
    expect(body).toMatchObject({ session: { method: 'password+totp' }, user: { totp_enabled: true } });
    expect(sessionCookieOf(response)).toBeTruthy();
    // The same code again, with a new challenge: refused.
    const again = await passwordStep(user);
    expect(await problemOf(await auth('/sign-in/totp', { body: { challenge_token: again, code } }))).toMatchObject({ status: 401, code: 'invalid_totp_code' });
    // The used challenge is gone.
    expect((await problemOf(await auth('/sign-in/totp', { body: { challenge_token: challenge, code: codeAt(secret, Date.now() + PERIOD_MS) } }))).code).toBe('sign_in_token_invalid');
    // A password alone sets no cookie.
    const passwordOnly = await auth('/sign-in', { body: { tenant_id: user.tenantId, email: user.email, password: user.password } });
    expect(sessionCookieOf(passwordOnly)).toBeUndefined();
  });

  it('counts wrong codes toward the lockout', async () => {
    const { user, secret } = await enrolled();
    const challenge = await passwordStep(user);
    const right = codeAt(secret, Date.now() + PERIOD_MS);
    const wrong = right === '123456' ? '654321' : '123456';
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await problemOf(await auth('/sign-in/totp', { body: { challenge_token: challenge, code: wrong } }))).code).toBe('invalid_totp_code');
    }
    const locked = await auth('/sign-in/totp', { body: { challenge_token: challenge, code: right } });
    expect(await problemOf(locked)).toMatchObject({ status: 429, code: 'account_locked' });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await problemOf(await auth('/sign-in', { body: { tenant_id: user.tenantId, email: user.email, password: user.password } }))).code).toBe('account_locked');
  });

  it('is turned off with a current code, and sign-in needs the password only again', async () => {
    const { user, session, secret } = await enrolled();
    expect((await problemOf(await session.post('/totp/setup'))).code).toBe('invalid_state');
    expect((await problemOf(await session.post('/totp/disable', { code: 'abcdef' }))).code).toBe('invalid_totp_code');
    const disabled = await json<SessionBody>(await session.post('/totp/disable', { code: codeAt(secret, Date.now() + PERIOD_MS) }));
    expect(disabled.user.totp_enabled).toBe(false);
    const again = await signIn(user);
    expect(again.body.session.method).toBe('password');
  });

  it('is asked for when switching into a user that has it, from a twin that has not', async () => {
    const { user, secret } = await enrolled();
    const twin = await createUser(account.sandboxTenantId, { email: user.email });
    const sandbox = await signIn(twin);
    const refused = await problemOf(await sandbox.post('/switch-environment', { environment: 'production' }));
    expect(refused).toMatchObject({ status: 401, code: 'invalid_totp_code', errors: [{ field: 'code' }] });
    expect((await problemOf(await sandbox.post('/switch-environment', { environment: 'production', code: '12345x' }))).code).toBe('invalid_totp_code');
    const switched = await json<SessionBody>(await sandbox.post('/switch-environment', { environment: 'production', code: codeAt(secret, Date.now() + PERIOD_MS) }));
    expect(switched).toMatchObject({ tenant: { id: account.tenantId, environment: 'production' }, user: { id: user.id }, session: { method: 'switch' } });
  });
});
