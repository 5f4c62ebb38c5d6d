import type { AddressInfo } from 'node:net';
import { scopeCatalogue } from '@platform/auth';
import { type PrismaClient, createPrismaClient, migrateDatabase } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import { createOAuthClient, createTenantPair } from '@platform/subgraph-identity';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type TestAccount, accessToken, apiClient, createAccount, database, eventually, graphqlData, json, problemOf } from '../support/fixtures.ts';
import { type PlatformProcess, spawnPlatform } from '../support/platform-process.ts';
import { type SessionBody, auth, createUser, sessionCookieOf, signIn, strongPassword, uniqueEmail } from '../support/sign-in.ts';

/**
 * Invitations end in setting a password; passwords are reset by a link an administrator issues or
 * one e-mailed to the person. The links' tokens are single-use and expire. The e-mail part runs a
 * platform of its own with SMTP_URL pointing at a real SMTP server on loopback (smtp-server).
 */
const tokenOf = (url: string) => new URL(url).hash.replace(/^#token=/, '');

interface Invitation {
  user_id: string;
  invitation_url: string;
  expires_at: string;
}

describe('invitations and resets issued by an administrator', () => {
  let account: TestAccount;
  let admin: ApiClient;

  beforeAll(async () => {
    // Every scope: an administrator can give only roles whose scopes it holds.
    account = await createAccount({ scopes: Object.keys(scopeCatalogue) });
    admin = apiClient(await accessToken(account.clientId, account.clientSecret), account.tenantId);
  });

  async function invite(email = uniqueEmail('invited')): Promise<{ id: string; email: string }> {
    return json<{ id: string; email: string }>(await admin.send('POST', '/v1/tenants/users', { email, role_id: 'role_viewer' }), 201);
  }

  it('invite → issue_invitation → accept: the password is set, the user active and signed in', async () => {
    const user = await invite();
    const issued = await json<Invitation>(await admin.send('POST', `/v1/tenants/users/${user.id}/invitation`, {}));
    expect(issued.invitation_url).toMatch(/^http:\/\/localhost:\d+\/console\/accept-invitation#token=[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(issued.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    // A weak password is refused and leaves the link usable.
    expect((await problemOf(await auth('/invitations/accept', { body: { token: tokenOf(issued.invitation_url), password: 'welcome12345' } }))).code).toBe('weak_password');
    const password = strongPassword();
    const response = await auth('/invitations/accept', { body: { token: tokenOf(issued.invitation_url), password, name: 'Ines Invited' } });
    const session = await json<SessionBody>(response);
    expect(session).toMatchObject({ session: { method: 'invitation' }, user: { id: user.id, name: 'Ines Invited' }, role: { id: 'role_viewer' } });
    expect(sessionCookieOf(response)).toBeTruthy();
    const stored = await json<{ status: string; activated_at: string | null }>(await admin.get(`/v1/tenants/users/${user.id}`));
    expect(stored.status).toBe('active');
    expect(stored.activated_at).not.toBeNull();
    await signIn({ tenantId: account.tenantId, email: user.email, password });
    // Single use.
    expect(await problemOf(await auth('/invitations/accept', { body: { token: tokenOf(issued.invitation_url), password: strongPassword() } }))).toMatchObject({ status: 400, code: 'sign_in_token_invalid' });
    // Active users get no invitation.
    expect((await problemOf(await admin.send('POST', `/v1/tenants/users/${user.id}/invitation`, {}))).code).toBe('invalid_state');
  });

  it('refuses an expired link, a superseded one, and a made-up one', async () => {
    const user = await invite();
    const first = await json<Invitation>(await admin.send('POST', `/v1/tenants/users/${user.id}/invitation`, {}));
    const second = await graphqlData<{ issue_invitation: Invitation }>(admin, 'mutation ($id: String!) { issue_invitation(id: $id) { user_id invitation_url expires_at } }', { id: user.id });
    expect(second.issue_invitation.user_id).toBe(user.id);
    expect((await problemOf(await auth('/invitations/accept', { body: { token: tokenOf(first.invitation_url), password: strongPassword() } }))).code).toBe('sign_in_token_invalid');
    expect((await problemOf(await auth('/invitations/accept', { body: { token: 'x'.repeat(43), password: strongPassword() } }))).code).toBe('sign_in_token_invalid');
    await database().userToken.updateMany({ where: { tenant_id: account.tenantId, user_id: user.id, used_at: null }, data: { expires_at: new Date(Date.now() - 1000) } });
    expect((await problemOf(await auth('/invitations/accept', { body: { token: tokenOf(second.issue_invitation.invitation_url), password: strongPassword() } }))).code).toBe('sign_in_token_invalid');
  });

  it('issue_password_reset: the new password works, the old one and every session end, the lockout clears', async () => {
    const user = await createUser(account.tenantId);
    const session = await signIn(user);
    for (let attempt = 0; attempt < 5; attempt++) await auth('/sign-in', { body: { tenant_id: user.tenantId, email: user.email, password: 'wrong password again' } });
    expect((await problemOf(await auth('/sign-in', { body: { tenant_id: user.tenantId, email: user.email, password: user.password } }))).code).toBe('account_locked');
    const reset = await json<{ user_id: string; reset_url: string; expires_at: string }>(await admin.send('POST', `/v1/tenants/users/${user.id}/password-reset`, {}));
    expect(reset.reset_url).toMatch(/\/console\/reset-password#token=/);
    expect(Date.parse(reset.expires_at) - Date.now()).toBeLessThanOrEqual(3600_000);
    const password = strongPassword();
    expect((await auth('/password-reset/complete', { body: { token: tokenOf(reset.reset_url), password } })).status).toBe(204);
    expect((await auth('/session', { cookie: session.cookie })).status).toBe(401);
    expect((await apiClient(session.body.access_token, account.tenantId).get('/v1/tenants/current')).status).toBe(401);
    await signIn({ ...user, password });
    expect((await auth('/sign-in', { body: { tenant_id: user.tenantId, email: user.email, password: user.password } })).status).toBe(401);
    expect((await problemOf(await auth('/password-reset/complete', { body: { token: tokenOf(reset.reset_url), password: strongPassword() } }))).code).toBe('sign_in_token_invalid');
    const invited = await invite();
    expect((await problemOf(await admin.send('POST', `/v1/tenants/users/${invited.id}/password-reset`, {}))).code).toBe('invalid_state');
  });

  it('needs users:write and records the issuance in the audit trail', async () => {
    const reader = apiClient(await accessToken(account.clientId, account.clientSecret, 'users:read'), account.tenantId);
    const user = await invite();
    expect(await problemOf(await reader.send('POST', `/v1/tenants/users/${user.id}/invitation`, {}))).toMatchObject({ status: 403, code: 'insufficient_scope', required_scope: 'users:write' });
    const issued = await admin.send('POST', `/v1/tenants/users/${user.id}/invitation`, {});
    expect(issued.status).toBe(200);
    const record = await eventually(() => database().auditRecord.findFirst({ where: { request_id: issued.headers.get('x-request-id') } }).then((row) => row ?? undefined));
    expect(record).toMatchObject({ tenant_id: account.tenantId, action: 'user.issue_invitation', resource_id: user.id });
  });

  it('answers a reset request 202 whatever the e-mail, and sends nothing without a mail server', async () => {
    const user = await createUser(account.tenantId);
    for (const email of [user.email, uniqueEmail('nobody')]) {
      const response = await auth('/password-reset', { body: { tenant_id: account.tenantId, email } });
      expect(response.status).toBe(202);
    }
    expect(await database().userToken.count({ where: { tenant_id: account.tenantId, user_id: user.id } })).toBe(0);
  });

  it('limits reset requests for one e-mail address (each could send a mail): past 10 a minute, 429 with Retry-After', async () => {
    const email = uniqueEmail('flooded');
    for (let request = 1; request <= 10; request++) expect((await auth('/password-reset', { body: { tenant_id: account.tenantId, email } })).status).toBe(202);
    const refused = await auth('/password-reset', { body: { tenant_id: account.tenantId, email: email.toUpperCase() } });
    expect(await problemOf(refused)).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not held back by it.
    expect((await auth('/password-reset', { body: { tenant_id: account.tenantId, email: uniqueEmail('other') } })).status).toBe(202);
  });
});

describe('e-mailed links, through a real SMTP server', () => {
  let smtp: SMTPServer;
  const mails: Array<{ to: string; text: string }> = [];
  let dataBase: FreshDatabase;
  let prisma: PrismaClient;
  let platform: PlatformProcess;
  let tenantId: string;
  let admin: ApiClient;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          mails.push({ to: session.envelope.rcptTo.map((address) => address.address).join(','), text: raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    dataBase = await freshDatabase({ prefix: 'mail' });
    await migrateDatabase(dataBase.url);
    prisma = createPrismaClient(dataBase.url, 2);
    platform = await spawnPlatform({ DATABASE_URL: dataBase.url, SEED_DEMO: 'false', SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, SMTP_FROM: 'console@example.com', PUBLIC_URL: 'http://127.0.0.1:1' });
    const { production } = await createTenantPair(prisma, { name: `Mail ${Date.now()}`, plan: 'enterprise' });
    tenantId = production.id;
    const client = await createOAuthClient(prisma, { tenantId, scopes: Object.keys(scopeCatalogue) });
    const token = await json<{ access_token: string }>(
      await fetch(`${platform.url}/v1/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret }) }),
    );
    admin = apiClient(token.access_token, tenantId, platform.url);
  }, 120_000);
  afterAll(async () => {
    await platform?.stop();
    await prisma?.$disconnect();
    await dataBase?.dispose();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  const linkIn = (to: string, page: string) =>
    eventually(() => {
      const mail = mails.find((candidate) => candidate.to === to && candidate.text.includes(page));
      return mail ? /(http:\/\/127\.0\.0\.1:1\/console\/\S+#token=[A-Za-z0-9_-]+)/.exec(mail.text)?.[1] : undefined;
    }, 10_000, `an e-mail to ${to}`);

  it('invites by e-mail, then resets a forgotten password by e-mail, ending the old sessions', async () => {
    const email = uniqueEmail('mailed');
    expect((await admin.send('POST', '/v1/tenants/users', { email, role_id: 'role_viewer' })).status).toBe(201);
    const invitation = await linkIn(email, '/console/accept-invitation');
    const password = strongPassword();
    const accepted = await auth('/invitations/accept', { baseUrl: platform.url, body: { token: tokenOf(invitation), password } });
    expect(accepted.status).toBe(200);
    const oldCookie = sessionCookieOf(accepted);

    expect((await auth('/password-reset', { baseUrl: platform.url, body: { tenant_id: tenantId, email: email.toUpperCase() } })).status).toBe(202);
    expect((await auth('/password-reset', { baseUrl: platform.url, body: { tenant_id: tenantId, email: uniqueEmail('stranger') } })).status).toBe(202);
    const reset = await linkIn(email, '/console/reset-password');
    const newPassword = strongPassword();
    expect((await auth('/password-reset/complete', { baseUrl: platform.url, body: { token: tokenOf(reset), password: newPassword } })).status).toBe(204);
    expect((await auth('/session', { baseUrl: platform.url, cookie: oldCookie })).status).toBe(401);
    await signIn({ tenantId, email, password: newPassword }, platform.url);
    // Only the person was written to, and never a stranger.
    expect(new Set(mails.map((mail) => mail.to))).toEqual(new Set([email]));
    const output = platform.output();
    expect(output).not.toContain(tokenOf(reset));
  });
});
