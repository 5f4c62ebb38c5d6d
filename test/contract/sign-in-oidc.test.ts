import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type TestAccount, accessToken, apiClient, createAccount, database, eventually, platformUrl, problemOf } from '../support/fixtures.ts';

/**
 * Single sign-on to the console through OpenID Connect, against a real provider (oidc-provider v9)
 * started on loopback by the test, driven over HTTP as a browser would: redirects followed by
 * hand, cookies carried. The suite's platform allows loopback addresses for tenants' outbound
 * requests (WEBHOOK_ALLOWED_PRIVATE_NETWORKS) and serves plain HTTP, so the provider runs on
 * http://127.0.0.1 and is configured for sandbox tenants (production tenants need HTTPS: tested).
 */

const CLIENT_ID = 'platform-console';
const CLIENT_SECRET = `oidc-client-secret-${Date.now()}-do-not-show`;
/** The platform's PUBLIC_URL is unset in the suite: http://localhost:<port>, the origin of its redirect URI. */
const PUBLIC_ORIGIN = `http://localhost:${new URL(platformUrl).port}`;
const REDIRECT_URI = `${PUBLIC_ORIGIN}/auth/oidc/callback`;

const stamp = Date.now();
/** The provider's accounts: login name → e-mail (all verified but `unverified`). */
const ACCOUNTS: Record<string, { email: string; verified: boolean }> = {
  active: { email: `sso.active.${stamp}@example.com`, verified: true },
  invited: { email: `sso.invited.${stamp}@example.com`, verified: true },
  deactivated: { email: `sso.deactivated.${stamp}@example.com`, verified: true },
  stranger: { email: `sso.stranger.${stamp}@example.com`, verified: true },
  unverified: { email: `sso.unverified.${stamp}@example.com`, verified: false },
};

interface LoopbackProvider {
  issuer: string;
  close(): Promise<void>;
}

async function startProvider(): Promise<LoopbackProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uris: [REDIRECT_URI], grant_types: ['authorization_code'], response_types: ['code'] }],
    findAccount: (_context, id) => {
      const account = ACCOUNTS[id];
      return account && { accountId: id, claims: () => ({ sub: id, email: account.email, email_verified: account.verified }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    // The e-mail in the ID token itself (by default oidc-provider keeps scope claims for userinfo; both are read).
    conformIdTokenClaims: false,
    cookies: { keys: ['sign-in-oidc-test-cookie-key'] },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    features: { devInteractions: { enabled: true } },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Everything the platform answered in this file, to check that the client secret appears nowhere. */
const platformAnswers: string[] = [];

/** A browser's cookie jar for one site (path and expiry ignored: the flows here are short). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  readonly setCookies: string[] = [];
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  take(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      this.setCookies.push(cookie);
      const [pair = ''] = cookie.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

/** A browser: one jar for the platform, one for the provider; redirects are followed by the test. */
class Browser {
  readonly platform = new CookieJar();
  readonly provider = new CookieJar();

  /** The platform answers at its public origin (localhost) and its listening address alike. */
  private target(url: string): { url: string; jar: CookieJar; isPlatform: boolean } {
    const parsed = new URL(url, PUBLIC_ORIGIN);
    if (parsed.origin === PUBLIC_ORIGIN || parsed.origin === new URL(platformUrl).origin) return { url: `${platformUrl}${parsed.pathname}${parsed.search}`, jar: this.platform, isPlatform: true };
    return { url: parsed.href, jar: this.provider, isPlatform: false };
  }

  async request(url: string, init: { method?: string; body?: URLSearchParams } = {}): Promise<Response> {
    const { url: address, jar, isPlatform } = this.target(url);
    const headers: Record<string, string> = { cookie: jar.header() };
    if (init.body) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(address, { method: init.method ?? 'GET', body: init.body, headers, redirect: 'manual' });
    jar.take(response);
    if (isPlatform) platformAnswers.push(`${[...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n')}\n${await response.clone().text()}`);
    return response;
  }
}

function locationOf(response: Response, base: string): string {
  const location = response.headers.get('location');
  if (!location) throw new Error(`expected a redirect, got ${response.status}`);
  return new URL(location, base).href;
}

/**
 * Signs in at the provider as `login` from the platform's start URL, following every redirect
 * and answering the provider's login and consent pages, up to the redirect to the platform's
 * callback (not followed: its URL is returned).
 */
async function throughProvider(browser: Browser, tenantId: string, login: string, returnTo = '/console/orders'): Promise<string> {
  const start = await browser.request(`/auth/oidc/start?tenant_id=${tenantId}&return_to=${encodeURIComponent(returnTo)}`);
  expect(start.status).toBe(302);
  let url = locationOf(start, PUBLIC_ORIGIN);
  for (let step = 0; step < 12; step += 1) {
    if (url.startsWith(REDIRECT_URI)) return url;
    let response = await browser.request(url);
    if (response.status === 200 && new URL(url).pathname.startsWith('/interaction/')) {
      const prompt = /name="prompt" value="(\w+)"/.exec(await response.text())?.[1];
      const body = prompt === 'login' ? new URLSearchParams({ prompt: 'login', login, password: 'any' }) : new URLSearchParams({ prompt: 'consent' });
      response = await browser.request(url, { method: 'POST', body });
    }
    url = locationOf(response, url);
  }
  throw new Error('the provider did not redirect back to the platform');
}

/** The whole flow: the callback's answer. */
async function signInThroughProvider(browser: Browser, tenantId: string, login: string, returnTo?: string): Promise<Response> {
  return browser.request(await throughProvider(browser, tenantId, login, returnTo));
}

function signInError(response: Response): string | null {
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location') ?? '', PUBLIC_ORIGIN);
  expect(location.pathname).toBe('/console/sign-in');
  return location.searchParams.get('error');
}

interface SessionJson {
  status: string;
  session: { id: string; method: string };
  user: { id: string; email: string };
  tenant: { id: string };
  role: { id: string };
  scopes: string[];
  access_token: string;
}

interface ProviderJson {
  issuer: string;
  client_id: string;
  display_name: string;
  redirect_uri: string;
}

describe('single sign-on through OpenID Connect', () => {
  let provider: LoopbackProvider;
  let account: TestAccount;
  /** An admin of the sandbox tenant (where the loopback provider is allowed over HTTP). */
  let admin: ApiClient;
  let productionAdmin: ApiClient;
  const users: Record<string, string> = {};

  beforeAll(async () => {
    provider = await startProvider();
    account = await createAccount({ scopes: ['users:read', 'users:write', 'audit:read', 'tenants:read', 'inventory:read', 'crm:read', 'finance:read'] });
    admin = apiClient(await accessToken(account.sandboxClientId, account.sandboxClientSecret), account.sandboxTenantId);
    productionAdmin = apiClient(await accessToken(account.clientId, account.clientSecret), account.tenantId);
    for (const login of ['active', 'invited', 'deactivated']) {
      const response = await admin.send('POST', '/v1/tenants/users', { email: ACCOUNTS[login]?.email, name: `SSO ${login}`, role_id: 'role_viewer' });
      expect(response.status).toBe(201);
      users[login] = ((await response.json()) as { id: string }).id;
    }
    await database().user.update({ where: { tenant_id_id: { tenant_id: account.sandboxTenantId, id: users.active as string } }, data: { status: 'active', activated_at: new Date() } });
    expect((await admin.send('POST', `/v1/tenants/users/${users.deactivated}/deactivate`, {})).status).toBe(200);
  });
  afterAll(async () => {
    await provider?.close();
  });

  it('configures the provider through the REST API, checking its discovery document, and never returns the secret', async () => {
    expect((await problemOf(await admin.get('/v1/auth/identity-provider'))).code).toBe('not_found');
    const configured = await admin.send('PUT', '/v1/auth/identity-provider', { issuer: provider.issuer, client_id: CLIENT_ID, client_secret: CLIENT_SECRET, display_name: 'Loopback IdP' });
    const text = await configured.text();
    expect(configured.status, text).toBe(200);
    expect(text).not.toContain(CLIENT_SECRET);
    const body = JSON.parse(text) as ProviderJson;
    expect(body).toMatchObject({ issuer: provider.issuer, client_id: CLIENT_ID, display_name: 'Loopback IdP', redirect_uri: REDIRECT_URI });
    expect(body).not.toHaveProperty('client_secret');

    const read = await admin.get('/v1/auth/identity-provider');
    const readText = await read.text();
    expect(read.status).toBe(200);
    expect(readText).not.toContain(CLIENT_SECRET);
    const graphql = await admin.graphql('{ identity_provider { issuer client_id display_name redirect_uri } }');
    const graphqlText = await graphql.text();
    expect(graphqlText).not.toContain(CLIENT_SECRET);
    expect(JSON.parse(graphqlText).data).toEqual({ identity_provider: { issuer: provider.issuer, client_id: CLIENT_ID, display_name: 'Loopback IdP', redirect_uri: REDIRECT_URI } });

    // Stored sealed: the database holds no plain secret either.
    const row = await database().identityProvider.findUniqueOrThrow({ where: { tenant_id: account.sandboxTenantId } });
    expect(row.client_secret_sealed).not.toContain(CLIENT_SECRET);
    expect(row.client_secret_sealed.startsWith('v1.')).toBe(true);

    // Audited as a change of the tenant, by the client that made it.
    const record = await eventually(async () => {
      const records = (await (await admin.get('/v1/audit/records?action=identity_provider.configure')).json()) as { data: Array<{ actor_type: string; actor_id: string; status: number | null }> };
      return records.data[0];
    });
    expect(record).toMatchObject({ actor_type: 'oauth_client', actor_id: account.sandboxClientId });

    // The sign-in page learns of it (A's GET /auth/providers).
    const providers = await fetch(`${platformUrl}/auth/providers?tenant_id=${account.sandboxTenantId}`);
    expect(providers.status).toBe(200);
    expect(((await providers.json()) as { oidc: unknown }).oidc).toEqual({ display_name: 'Loopback IdP', start_url: `/auth/oidc/start?tenant_id=${account.sandboxTenantId}` });
  });

  it('refuses an issuer it cannot use, naming the field', async () => {
    const attempt = (api: ApiClient, issuer: string) => api.send('PUT', '/v1/auth/identity-provider', { issuer, client_id: CLIENT_ID, client_secret: CLIENT_SECRET, display_name: 'Bad' });
    const malformed = await problemOf(await attempt(admin, 'not a url'));
    expect(malformed).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(malformed.errors?.map((error) => error.field)).toEqual(['issuer']);

    const closed = await startProvider();
    await closed.close();
    for (const [api, issuer] of [
      // Nothing listens there.
      [admin, closed.issuer],
      // Not an issuer: the platform's own documentation page has no discovery document.
      [admin, `${platformUrl}/docs`],
      // The discovery document's own address instead of the issuer.
      [admin, `${provider.issuer}/.well-known/openid-configuration`],
      // Another issuer's document (the provider names itself with 127.0.0.1, not localhost).
      [admin, provider.issuer.replace('127.0.0.1', 'localhost')],
      // A production tenant needs HTTPS.
      [productionAdmin, provider.issuer],
    ] as const) {
      const response = await attempt(api, issuer);
      const text = await response.text();
      expect(response.status, `${issuer}: ${text}`).toBe(422);
      expect(text).not.toContain(CLIENT_SECRET);
      const problem = JSON.parse(text) as { code: string; errors: Array<{ field: string; message: string }> };
      expect(problem.code).toBe('rule_violation');
      expect(problem.errors.map((error) => error.field)).toEqual(['issuer']);
    }
    // Nothing was stored for the production tenant; the sandbox tenant's provider is unchanged.
    expect(await database().identityProvider.findUnique({ where: { tenant_id: account.tenantId } })).toBeNull();
    expect(((await (await admin.get('/v1/auth/identity-provider')).json()) as ProviderJson).issuer).toBe(provider.issuer);
  });

  it('signs an active user in: session cookie, the session names the user, the access token carries the role’s scopes', async () => {
    const browser = new Browser();
    const callback = await signInThroughProvider(browser, account.sandboxTenantId, 'active', '/console/orders?status=open');
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/console/orders?status=open');
    const sessionCookie = browser.platform.setCookies.find((cookie) => cookie.startsWith('__Host-platform_session='));
    expect(sessionCookie).toBeDefined();
    expect(sessionCookie).toMatch(/; HttpOnly/i);
    expect(sessionCookie).toMatch(/; Secure/i);
    expect(sessionCookie).toMatch(/; SameSite=Strict/i);
    expect(sessionCookie).toMatch(/; Path=\//i);
    // The transient state is gone once used.
    expect(browser.platform.get('__Host-platform_oidc')).toBeUndefined();

    const session = await browser.request('/auth/session');
    expect(session.status).toBe(200);
    const body = (await session.json()) as SessionJson;
    expect(body).toMatchObject({ status: 'signed_in', session: { method: 'oidc' }, user: { id: users.active, email: ACCOUNTS.active?.email }, tenant: { id: account.sandboxTenantId }, role: { id: 'role_viewer' } });
    expect(body.scopes).toContain('inventory:read');
    expect(body.scopes).not.toContain('inventory:write');

    const asUser = apiClient(body.access_token, account.sandboxTenantId);
    expect((await asUser.get('/v1/inventory/items')).status).toBe(200);
    const refused = await problemOf(await asUser.send('POST', '/v1/inventory/warehouses', { name: 'Not allowed' }));
    expect(refused).toMatchObject({ status: 403, code: 'insufficient_scope', required_scope: 'inventory:write' });

    // The sign-in is in the audit trail, the user its actor.
    const record = await eventually(async () => {
      const records = (await (await admin.get(`/v1/audit/records?actor_id=${users.active}&action=auth.sign_in`)).json()) as { data: Array<{ actor_type: string; credential_id: string | null; status: number | null; path: string | null }> };
      return records.data[0];
    });
    expect(record).toMatchObject({ actor_type: 'user', credential_id: body.session.id, status: 302, path: '/auth/oidc/callback' });
  });

  it('activates an invited user who signs in', async () => {
    const browser = new Browser();
    const callback = await signInThroughProvider(browser, account.sandboxTenantId, 'invited', '/console/');
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/console/');
    const user = (await (await admin.get(`/v1/tenants/users/${users.invited}`)).json()) as { status: string; activated_at: string | null };
    expect(user.status).toBe('active');
    expect(user.activated_at).not.toBeNull();
  });

  it('refuses unknown, unverified and deactivated people, with no session', async () => {
    for (const login of ['stranger', 'unverified', 'deactivated']) {
      const browser = new Browser();
      const callback = await signInThroughProvider(browser, account.sandboxTenantId, login);
      expect(signInError(callback), login).toBe('not_allowed');
      expect(browser.platform.get('__Host-platform_session')).toBeUndefined();
    }
    const deactivated = (await (await admin.get(`/v1/tenants/users/${users.deactivated}`)).json()) as { status: string };
    expect(deactivated.status).toBe('deactivated');
    expect(await database().userSession.count({ where: { tenant_id: account.sandboxTenantId, user_id: users.deactivated as string } })).toBe(0);
    // The deactivated person's attempt is in the tenant's trail, with them as actor.
    const record = await eventually(async () => {
      const records = (await (await admin.get(`/v1/audit/records?actor_id=${users.deactivated}&action=auth.sign_in_failed`)).json()) as { data: Array<{ actor_type: string; status: number | null }> };
      return records.data[0];
    });
    expect(record).toMatchObject({ actor_type: 'user', status: 302 });
  });

  it('refuses a callback whose state is not the one it sent, or without the sign-in under way', async () => {
    const browser = new Browser();
    const callbackUrl = new URL(await throughProvider(browser, account.sandboxTenantId, 'active'));
    callbackUrl.searchParams.set('state', 'forged-state-value');
    const forged = await browser.request(callbackUrl.href);
    expect(signInError(forged)).toBe('sign_in_failed');
    expect(browser.platform.get('__Host-platform_session')).toBeUndefined();

    // Another browser (no transient cookie) presenting a genuine code.
    const victim = new Browser();
    const genuine = await throughProvider(victim, account.sandboxTenantId, 'active');
    const elsewhere = new Browser();
    expect(signInError(await elsewhere.request(genuine))).toBe('sign_in_expired');
    expect(elsewhere.platform.get('__Host-platform_session')).toBeUndefined();
    // A tampered transient cookie.
    const tampered = new Browser();
    const url = await throughProvider(tampered, account.sandboxTenantId, 'active');
    const cookie = tampered.platform.get('__Host-platform_oidc') as string;
    tampered.platform.take(new Response(null, { headers: { 'set-cookie': `__Host-platform_oidc=${cookie.slice(0, -4)}AAAA` } }));
    expect(signInError(await tampered.request(url))).toBe('sign_in_expired');
  });

  it('sets the transient state cookie as the contract says, and redirects only under /console/', async () => {
    const browser = new Browser();
    const start = await browser.request(`/auth/oidc/start?tenant_id=${account.sandboxTenantId}&return_to=${encodeURIComponent('/console/users')}`);
    expect(start.status).toBe(302);
    const location = new URL(start.headers.get('location') ?? '');
    expect(location.origin).toBe(provider.issuer);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    for (const name of ['state', 'nonce', 'code_challenge']) expect(location.searchParams.get(name)).toBeTruthy();
    const cookie = browser.platform.setCookies.find((value) => value.startsWith('__Host-platform_oidc=')) as string;
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Max-Age=600/i);
    // The sealed state shows nothing of what it holds.
    expect(cookie).not.toContain(location.searchParams.get('state'));

    for (const returnTo of ['https://evil.example/console/', '//evil.example/console/', '/\\evil.example/console/', '/v1/tenants/users', '/console/../v1/tenants/users', 'console/']) {
      const response = await fetch(`${platformUrl}/auth/oidc/start?tenant_id=${account.sandboxTenantId}&return_to=${encodeURIComponent(returnTo)}`, { redirect: 'manual' });
      expect(response.status, returnTo).toBe(400);
      const problem = await problemOf(response);
      expect(problem.errors?.map((error) => error.field)).toEqual(['return_to']);
    }
    expect((await problemOf(await fetch(`${platformUrl}/auth/oidc/start`, { redirect: 'manual' }))).errors?.map((error) => error.field)).toEqual(['tenant_id']);
    // A tenant without a provider (or no such tenant): back to the sign-in page.
    expect(signInError(await fetch(`${platformUrl}/auth/oidc/start?tenant_id=${account.tenantId}`, { redirect: 'manual' }))).toBe('identity_provider_not_configured');
    expect(signInError(await fetch(`${platformUrl}/auth/oidc/start?tenant_id=ten_nothing`, { redirect: 'manual' }))).toBe('identity_provider_not_configured');
  });

  it('sends the browser back to the sign-in page when the provider cannot be reached', async () => {
    const other = await createAccount({ scopes: ['users:read', 'users:write'] });
    const otherAdmin = apiClient(await accessToken(other.sandboxClientId, other.sandboxClientSecret), other.sandboxTenantId);
    const doomed = await startProvider();
    expect((await otherAdmin.send('PUT', '/v1/auth/identity-provider', { issuer: doomed.issuer, client_id: CLIENT_ID, client_secret: CLIENT_SECRET, display_name: 'Soon gone' })).status).toBe(200);
    await doomed.close();
    const started = Date.now();
    const response = await fetch(`${platformUrl}/auth/oidc/start?tenant_id=${other.sandboxTenantId}`, { redirect: 'manual' });
    expect(signInError(response)).toBe('identity_provider_unavailable');
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('keeps each tenant’s provider to itself', async () => {
    const other = await createAccount({ scopes: ['users:read', 'users:write'] });
    const otherAdmin = apiClient(await accessToken(other.sandboxClientId, other.sandboxClientSecret), other.sandboxTenantId);
    expect((await problemOf(await otherAdmin.get('/v1/auth/identity-provider'))).code).toBe('not_found');
    const errors = (await (await otherAdmin.graphql('{ identity_provider { issuer } }')).json()) as { errors?: Array<{ extensions?: { code?: string } }> };
    expect(errors.errors?.[0]?.extensions?.code).toBe('not_found');
    // Naming tenant A with tenant B's credential is refused before anything is read.
    expect((await problemOf(await fetch(`${platformUrl}/v1/auth/identity-provider`, { headers: { ...otherAdmin.headers, 'x-service-tenant': account.sandboxTenantId } }))).code).toBe('tenant_mismatch');
    // Removing B's (none) leaves A's in place.
    expect((await problemOf(await otherAdmin.send('DELETE', '/v1/auth/identity-provider', undefined))).code).toBe('not_found');
    expect((await admin.get('/v1/auth/identity-provider')).status).toBe(200);
    // A reader without users:read is refused.
    const reader = apiClient(await accessToken(account.sandboxClientId, account.sandboxClientSecret, 'inventory:read'), account.sandboxTenantId);
    expect((await problemOf(await reader.get('/v1/auth/identity-provider'))).code).toBe('insufficient_scope');
  });

  it('removes the provider: single sign-on stops', async () => {
    const removed = await admin.send('DELETE', '/v1/auth/identity-provider', undefined);
    const text = await removed.text();
    expect(removed.status, text).toBe(200);
    expect(text).not.toContain(CLIENT_SECRET);
    expect((await problemOf(await admin.get('/v1/auth/identity-provider'))).code).toBe('not_found');
    expect(signInError(await fetch(`${platformUrl}/auth/oidc/start?tenant_id=${account.sandboxTenantId}`, { redirect: 'manual' }))).toBe('identity_provider_not_configured');
    const providers = await fetch(`${platformUrl}/auth/providers?tenant_id=${account.sandboxTenantId}`);
    expect(((await providers.json()) as { oidc: unknown }).oidc).toBeNull();
  });

  it('never showed the client secret in any answer of the platform', () => {
    expect(platformAnswers.length).toBeGreaterThan(10);
    for (const answer of platformAnswers) expect(answer).not.toContain(CLIENT_SECRET);
  });
});
