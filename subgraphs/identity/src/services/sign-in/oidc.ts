import type { Db, IdentityProvider, User } from '@platform/db';
import { ApiError } from '@platform/errors';
import * as client from 'openid-client';

/**
 * Single sign-on through OpenID Connect (openid-client v6): a tenant configures one identity
 * provider (issuer, client id and secret); people of the tenant sign in to the console through it
 * with the authorization code flow (PKCE S256, state, nonce). The platform connects only to the
 * provider a tenant configured, every request within the webhooks' address policy (public
 * addresses unless the operator allowed a private network; HTTPS for production tenants) and a
 * deadline, redirects never followed.
 */

/** What the console asks of the provider: an ID token, and the person's e-mail address. */
export const OIDC_SCOPE = 'openid email profile';
/** The longest one request to a provider may take (discovery, token, keys, userinfo). */
export const PROVIDER_TIMEOUT_SECONDS = 10;
/** A provider's discovered metadata is reused this long by an instance (a changed configuration applies at once). */
const CONFIGURATION_CACHE_MS = 10 * 60_000;
const CONFIGURATION_CACHE_ENTRIES = 1000;

/** Whether the platform may send a request of a tenant's provider to `url` (the events port's `checkEndpointUrl`, bound to the tenant). */
export type ProviderUrlCheck = (url: string) => Promise<{ ok: true } | { ok: false; reason: string }>;

/** The provider could not be reached, timed out, answered with a server error or is refused by the address policy. */
export class IdentityProviderUnavailable extends Error {}

/** A sign-in the platform refuses; `code` goes to the console's sign-in page (`/console/sign-in?error=<code>`). */
export class SingleSignOnRefused extends Error {
  constructor(
    readonly code: SingleSignOnError,
    message: string,
    /** The user the refusal concerns, when one was found (a deactivated user): the audit trail's actor. */
    readonly user?: Pick<User, 'tenant_id' | 'id'>,
  ) {
    super(message);
  }
}

/**
 * Why a single sign-on ended on the sign-in page: `identity_provider_unavailable` (unreachable,
 * too slow or broken), `identity_provider_not_configured` (the tenant has none), `sign_in_expired`
 * (no sign-in under way in this browser, or older than 10 minutes), `sign_in_failed` (the provider
 * refused or cancelled, or its answer did not verify: state, nonce, signature, issuer), `not_allowed`
 * (the verified e-mail is no active or invited user of the tenant).
 */
export type SingleSignOnError = 'identity_provider_unavailable' | 'identity_provider_not_configured' | 'sign_in_expired' | 'sign_in_failed' | 'not_allowed';

/** The provider as the admin API shows it: never its secret. */
export type IdentityProviderView = Omit<IdentityProvider, 'client_secret_sealed'>;

export function identityProviderView(provider: IdentityProvider): IdentityProviderView {
  const { client_secret_sealed: _secret, ...view } = provider;
  return view;
}

export async function findIdentityProvider(prisma: Db, tenantId: string): Promise<IdentityProviderView> {
  const provider = await prisma.identityProvider.findUnique({ where: { tenant_id: tenantId } });
  if (!provider) throw new ApiError('not_found', 'No identity provider is configured for this tenant.');
  return identityProviderView(provider);
}

/**
 * What the sign-in page offers for single sign-on in a tenant (`GET /auth/providers`): the button's
 * name and where it starts (the console adds `&return_to=`); null when the tenant has no provider.
 */
export async function identityProviderSummary(prisma: Db, tenantId: string): Promise<{ display_name: string; start_url: string } | null> {
  const provider = await prisma.identityProvider.findUnique({ where: { tenant_id: tenantId }, select: { display_name: true } });
  return provider ? { display_name: provider.display_name, start_url: `/auth/oidc/start?tenant_id=${encodeURIComponent(tenantId)}` } : null;
}

/**
 * Why an issuer identifier cannot be used, before any connection: an absolute http(s) URL without
 * credentials, query or fragment, naming the issuer itself (not its discovery document).
 */
export function issuerFormProblem(issuer: string): string | undefined {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return 'must be an absolute https URL, the issuer identifier of the provider';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an https URL';
  if (url.username || url.password) return 'must not carry credentials';
  if (url.search || url.hash || issuer.includes('?') || issuer.includes('#')) return 'must not have a query or a fragment';
  if (url.pathname.includes('/.well-known/')) return 'must be the issuer identifier, not the address of its discovery document';
  return undefined;
}

/**
 * Fetches and checks the provider's discovery document now (used when a tenant configures it):
 * reachable within the deadline, its `issuer` the one given, the authorization code flow with
 * client secrets supported. Returns the issuer identifier as the provider spells it; throws
 * IdentityProviderUnavailable saying what failed.
 */
export async function discoverIssuer(issuer: string, clientId: string, clientSecret: string, checkUrl: ProviderUrlCheck): Promise<string> {
  const configuration = await discover(issuer, clientId, clientSecret, checkUrl);
  return configuration.serverMetadata().issuer;
}

/** Creates or replaces the tenant's provider (the secret already sealed). */
export async function saveIdentityProvider(
  prisma: Db,
  tenantId: string,
  data: { issuer: string; client_id: string; client_secret_sealed: string; display_name: string },
): Promise<IdentityProviderView> {
  const provider = await prisma.identityProvider.upsert({ where: { tenant_id: tenantId }, create: { tenant_id: tenantId, ...data }, update: data });
  return identityProviderView(provider);
}

/** Removes the tenant's provider: single sign-on stops at once (sessions already open stay). */
export async function removeIdentityProvider(prisma: Db, tenantId: string): Promise<IdentityProviderView> {
  const provider = await prisma.identityProvider.findUnique({ where: { tenant_id: tenantId } });
  if (!provider) throw new ApiError('not_found', 'No identity provider is configured for this tenant.');
  await prisma.identityProvider.delete({ where: { tenant_id: tenantId } });
  return identityProviderView(provider);
}

/** What a sign-in under way must remember until the callback (kept sealed in the browser). */
export interface AuthorizationChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface ProviderAccess {
  /** Opens a sealed client secret (the platform's secrets key). */
  openSecret(sealed: string): string;
  checkUrl: ProviderUrlCheck;
}

/**
 * The first leg: where to send the browser (the provider's authorization endpoint, with PKCE S256,
 * state and nonce) and the checks to keep for the callback. Throws SingleSignOnRefused
 * (`identity_provider_not_configured`) or IdentityProviderUnavailable.
 */
export async function beginSingleSignOn(prisma: Db, tenantId: string, redirectUri: string, access: ProviderAccess): Promise<{ authorizationUrl: URL; checks: AuthorizationChecks }> {
  const configuration = await configurationFor(prisma, tenantId, access);
  const checks: AuthorizationChecks = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
  const authorizationUrl = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: OIDC_SCOPE,
    state: checks.state,
    nonce: checks.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
    code_challenge_method: 'S256',
  });
  return { authorizationUrl, checks };
}

/**
 * The second leg: the provider's answer at the redirect URI (its query), checked against the
 * checks kept since the first leg, exchanged for tokens; the ID token verified (signature,
 * issuer, audience, expiry, nonce). Returns the person's verified e-mail address, lower-cased,
 * from the ID token, or from the userinfo endpoint when the provider keeps it there.
 */
export async function finishSingleSignOn(prisma: Db, tenantId: string, callback: { redirectUri: string; query: string }, checks: AuthorizationChecks, access: ProviderAccess): Promise<{ email: string; subject: string }> {
  const configuration = await configurationFor(prisma, tenantId, access);
  const currentUrl = new URL(callback.redirectUri);
  currentUrl.search = callback.query;
  let claims: client.IDToken;
  let accessToken: string;
  try {
    const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new SingleSignOnRefused('sign_in_failed', 'the provider returned no ID token');
    claims = idToken;
    accessToken = tokens.access_token;
  } catch (error) {
    throw classify(error);
  }
  let { email, email_verified: emailVerified } = claims;
  if (email === undefined && configuration.serverMetadata().userinfo_endpoint) {
    try {
      const userInfo = await client.fetchUserInfo(configuration, accessToken, claims.sub);
      ({ email, email_verified: emailVerified } = userInfo);
    } catch (error) {
      throw classify(error);
    }
  }
  if (typeof email !== 'string' || email === '') throw new SingleSignOnRefused('not_allowed', 'the provider did not give an e-mail address');
  if (emailVerified !== true) throw new SingleSignOnRefused('not_allowed', 'the provider does not say the e-mail address is verified');
  return { email: email.trim().toLowerCase(), subject: claims.sub };
}

/**
 * The user a verified e-mail signs in as: an active user of the tenant, or an invited one, who
 * becomes active (the invitation is accepted by signing in). Deactivated and unknown addresses are
 * refused alike (`not_allowed`).
 */
export async function admitSingleSignOnUser(prisma: Db, tenantId: string, email: string, now = new Date()): Promise<User> {
  const user = await prisma.user.findUnique({ where: { tenant_id_email: { tenant_id: tenantId, email } } });
  if (!user) throw new SingleSignOnRefused('not_allowed', 'no user of the tenant has this e-mail address');
  if (user.status === 'deactivated') throw new SingleSignOnRefused('not_allowed', 'the user is deactivated', user);
  if (user.status === 'active') return user;
  // Conditional: a deactivation racing the sign-in wins.
  const { count } = await prisma.user.updateMany({ where: { tenant_id: tenantId, id: user.id, status: 'invited' }, data: { status: 'active', activated_at: now } });
  if (count === 0) throw new SingleSignOnRefused('not_allowed', 'the user changed while signing in', user);
  return { ...user, status: 'active', activated_at: now };
}

const configurations = new Map<string, { fingerprint: string; configuration: client.Configuration; until: number }>();

/** The tenant's provider as openid-client needs it, discovered at most every 10 minutes by this instance. */
async function configurationFor(prisma: Db, tenantId: string, access: ProviderAccess): Promise<client.Configuration> {
  const provider = await prisma.identityProvider.findUnique({ where: { tenant_id: tenantId } });
  if (!provider) throw new SingleSignOnRefused('identity_provider_not_configured', 'the tenant has no identity provider');
  const fingerprint = `${provider.issuer}\n${provider.client_id}\n${provider.updated_at.getTime()}`;
  const cached = configurations.get(tenantId);
  if (cached && cached.fingerprint === fingerprint && cached.until > Date.now()) return cached.configuration;
  let secret: string;
  try {
    secret = access.openSecret(provider.client_secret_sealed);
  } catch {
    // Sealed under another secrets key (SECRETS_KEY changed): an operator's matter, the provider cannot be used.
    throw new IdentityProviderUnavailable('the client secret cannot be opened with this platform\'s secrets key');
  }
  const configuration = await discover(provider.issuer, provider.client_id, secret, access.checkUrl);
  if (configurations.size >= CONFIGURATION_CACHE_ENTRIES) configurations.delete(configurations.keys().next().value as string);
  configurations.set(tenantId, { fingerprint, configuration, until: Date.now() + CONFIGURATION_CACHE_MS });
  return configuration;
}

/** Discovery through the address policy, with the deadline; the metadata checked for what the console's flow needs. */
async function discover(issuer: string, clientId: string, clientSecret: string, checkUrl: ProviderUrlCheck): Promise<client.Configuration> {
  const problem = issuerFormProblem(issuer);
  if (problem) throw new IdentityProviderUnavailable(`the issuer ${problem}`);
  const checkedFetch: client.CustomFetch = async (url, options) => {
    const verdict = await checkUrl(url);
    if (!verdict.ok) throw new OutboundRefused(verdict.reason);
    return fetch(url, { ...(options as RequestInit), redirect: 'manual' });
  };
  // The client authenticates as the provider prefers: HTTP Basic (the default of OpenID Connect) or in the body.
  const clientAuthentication: client.ClientAuth = (server, clientMetadata, body, headers) => {
    const methods = server.token_endpoint_auth_methods_supported;
    const basic = !methods || methods.includes('client_secret_basic');
    return (basic ? client.ClientSecretBasic(clientSecret) : client.ClientSecretPost(clientSecret))(server, clientMetadata, body, headers);
  };
  let configuration: client.Configuration;
  try {
    configuration = await client.discovery(new URL(issuer), clientId, { client_secret: clientSecret }, clientAuthentication, {
      [client.customFetch]: checkedFetch,
      timeout: PROVIDER_TIMEOUT_SECONDS,
      // Plain HTTP only where the address policy allowed it (a sandbox tenant's provider): every request is checked again.
      execute: new URL(issuer).protocol === 'http:' ? [client.allowInsecureRequests] : [],
    });
  } catch (error) {
    throw new IdentityProviderUnavailable(discoveryFailure(error));
  }
  const metadata = configuration.serverMetadata();
  const missing = (['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const).filter((name) => typeof metadata[name] !== 'string');
  if (missing.length > 0) throw new IdentityProviderUnavailable(`the discovery document lacks ${missing.join(', ')}`);
  if (metadata.response_types_supported && !metadata.response_types_supported.includes('code')) throw new IdentityProviderUnavailable('the provider does not support the authorization code flow');
  if (metadata.code_challenge_methods_supported && !metadata.code_challenge_methods_supported.includes('S256')) throw new IdentityProviderUnavailable('the provider does not support PKCE with S256');
  const methods = metadata.token_endpoint_auth_methods_supported;
  if (methods && !methods.includes('client_secret_basic') && !methods.includes('client_secret_post')) throw new IdentityProviderUnavailable('the provider accepts neither client_secret_basic nor client_secret_post');
  return configuration;
}

/** A request the address policy refused. */
class OutboundRefused extends Error {}

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current !== undefined && current !== null && chain.length < 10; current = (current as { cause?: unknown }).cause) chain.push(current);
  return chain;
}

/** A network failure, a deadline, a refused address or a server error: the provider is unavailable rather than refusing. */
function unavailability(error: unknown): string | undefined {
  for (const cause of causes(error)) {
    if (cause instanceof OutboundRefused) return cause.message;
    const name = (cause as { name?: unknown }).name;
    if (name === 'TimeoutError' || name === 'AbortError') return `no answer within ${PROVIDER_TIMEOUT_SECONDS} s`;
    if (cause instanceof TypeError && cause.message === 'fetch failed') return 'could not connect';
    if (cause instanceof Response && cause.status >= 500) return `it answered HTTP ${cause.status}`;
  }
  return undefined;
}

function discoveryFailure(error: unknown): string {
  const reason = unavailability(error);
  if (reason) return `the discovery document could not be fetched: ${reason}`;
  for (const cause of causes(error)) {
    if (cause instanceof Response) return `the discovery document could not be fetched: it answered HTTP ${cause.status}`;
  }
  const code = (error as { code?: unknown }).code;
  if (code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED') return 'the discovery document names another issuer';
  return 'no valid OpenID Connect discovery document was found at this issuer';
}

/** What a failed exchange means for the person: the provider is unavailable, or the sign-in failed. */
function classify(error: unknown): Error {
  if (error instanceof SingleSignOnRefused) return error;
  const reason = unavailability(error);
  if (reason) return new IdentityProviderUnavailable(reason);
  return new SingleSignOnRefused('sign_in_failed', error instanceof Error ? error.message : 'the sign-in did not verify');
}
