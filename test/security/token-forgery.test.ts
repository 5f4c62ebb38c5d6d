import { createHmac, createPublicKey, randomUUID } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadSigningKeys } from '@platform/subgraph-identity';
import type { Client } from 'graphql-ws';
import { EmbeddedJWK, type JWK, type JWTPayload, type JWTVerifyOptions, SignJWT, UnsecuredJWT, createLocalJWKSet, decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type TestAccount, accessToken, apiClient, createAccount, database, platformUrl, problemOf } from '../support/fixtures.ts';
import { barrier, bearerParams, subscribeWs, wsClient } from '../support/subscriptions.ts';

/**
 * Every kind of forged access token, as one table: each is refused with 401 `invalid_token` on
 * the three surfaces a token opens (REST, POST /graphql, a graphql-ws connection), with nothing
 * in the answer beyond the catalogue's code and one generic message (the expired token alone,
 * being the platform's own, is told it expired).
 *
 * No row can pass vacuously. Each also shows that
 * - the forgery is well made: a verifier without exactly the check under test accepts it
 *   (`naive`: it follows `jku`, trusts an embedded `jwk`, accepts `alg: none`, takes the published
 *   key as an HMAC secret, looks the key up by an injected `kid`, skips the signature, the expiry,
 *   the issuer…), so the platform's refusal is that check's;
 * - the same requests with the closest token the platform must accept succeed (`accepted`: the
 *   genuine token, or, for tokens the platform's own key signs, the same token with the one
 *   broken claim or header left intact), so the surfaces, headers and signing work.
 */

const EVENT_TYPE = 'custom.forgery';
const SUBSCRIPTION = `subscription { events(types: ["${EVENT_TYPE}"]) { type data } }`;
const INVALID = 'The access token is invalid.';
const EXPIRED = 'The access token has expired.';
/** What a problem may carry: the RFC 9457 members and the platform's two; nothing about the token. */
const PROBLEM_MEMBERS = ['code', 'detail', 'instance', 'request_id', 'status', 'title', 'type'];

interface Forgery {
  /** The token sent. */
  token: string;
  /** Passes when the forgery verifies under a verifier missing the check under test; throws otherwise. */
  naive(): Promise<unknown>;
  /** The closest token the platform must accept (defaults to the genuine one). */
  accepted?: string;
  /** The catalogue message the refusal carries. */
  detail?: string;
}

/** What a test row needs to build its forgery. */
interface Ingredients {
  account: TestAccount;
  genuine: string;
  claims: JWTPayload;
  issuer: string;
  platformKid: string;
  publishedJwk: JWK;
  /** Signs `claims` (the genuine ones, a fresh jti, `change` applied) with the platform's own active key. */
  signByPlatform(change?: { claims?: JWTPayload; header?: Record<string, unknown> }): Promise<string>;
  attacker: { privateKey: CryptoKey; publicKey: CryptoKey; publicJwk: JWK; keySetUrl: string };
  victimTenantId: string;
}

const seconds = () => Math.floor(Date.now() / 1000);
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const bytes = (text: string) => new TextEncoder().encode(text);

/** The token with its payload changed and its header and signature kept (a token edited in transit). */
function edited(token: string, change: JWTPayload): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  return [header, encode({ ...(JSON.parse(Buffer.from(payload, 'base64url').toString()) as JWTPayload), ...change }), signature].join('.');
}

/** A compact JWS signed with HMAC-SHA256 by hand (WebCrypto, hence jose, refuses an empty key). */
function hmacToken(header: Record<string, unknown>, claims: JWTPayload, secret: string): string {
  const input = `${encode(header)}.${encode(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

/** The checks the platform makes of a token it signed, as jose options (each naive verifier drops one). */
const platformChecks = (issuer: string): JWTVerifyOptions => ({ issuer, audience: 'platform-api', typ: 'at+jwt', requiredClaims: ['exp', 'jti', 'sub'] });

const rows: Array<[string, (ingredients: Ingredients) => Promise<Forgery>]> = [
  [
    'alg none (unsigned)',
    async ({ claims, platformKid, issuer }) => {
      const token = `${encode({ alg: 'none', typ: 'at+jwt', kid: platformKid })}.${encode(claims)}.`;
      return { token, naive: async () => UnsecuredJWT.decode(token, { issuer, audience: 'platform-api' }) };
    },
  ],
  [
    'HS256 with the published public key (PEM) as the HMAC secret',
    async ({ claims, platformKid, publishedJwk, issuer }) => {
      const pem = createPublicKey({ key: publishedJwk as never, format: 'jwk' }).export({ type: 'spki', format: 'pem' }).toString();
      const token = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: platformKid }).sign(bytes(pem));
      return { token, naive: () => jwtVerify(token, bytes(pem), { ...platformChecks(issuer), algorithms: ['HS256'] }) };
    },
  ],
  [
    'HS256 with the published JWK (its JSON text) as the HMAC secret',
    async ({ claims, platformKid, publishedJwk, issuer }) => {
      const secret = bytes(JSON.stringify(publishedJwk));
      const token = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: platformKid }).sign(secret);
      return { token, naive: () => jwtVerify(token, secret, { ...platformChecks(issuer), algorithms: ['HS256'] }) };
    },
  ],
  [
    "jku header pointing at a key set the attacker serves",
    async ({ claims, attacker, issuer }) => {
      const token = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: attacker.publicJwk.kid, jku: attacker.keySetUrl }).sign(attacker.privateKey);
      // What a verifier following `jku` would do: fetch that set and verify with it.
      const followJku = async () => {
        const keySet = (await (await fetch(decodeProtectedHeader(token).jku as string)).json()) as { keys: JWK[] };
        return jwtVerify(token, createLocalJWKSet(keySet), platformChecks(issuer));
      };
      return { token, naive: followJku };
    },
  ],
  [
    "embedded jwk header carrying the attacker's key",
    async ({ claims, attacker, issuer }) => {
      const token = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', jwk: attacker.publicJwk }).sign(attacker.privateKey);
      return { token, naive: () => jwtVerify(token, EmbeddedJWK, platformChecks(issuer)) };
    },
  ],
  [
    "kid naming the platform's own key, signed by the attacker's key",
    async ({ claims, attacker, platformKid, issuer }) => {
      const token = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: platformKid }).sign(attacker.privateKey);
      return { token, naive: () => jwtVerify(token, attacker.publicKey, platformChecks(issuer)) };
    },
  ],
  [
    "kid naming no key of the platform, signed by the attacker's key",
    async ({ claims, attacker, issuer }) => {
      const token = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: randomUUID() }).sign(attacker.privateKey);
      return { token, naive: () => jwtVerify(token, attacker.publicKey, platformChecks(issuer)) };
    },
  ],
  [
    'kid path traversal to /dev/null, HS256 with the empty secret that file would give',
    async ({ claims }) => {
      const token = hmacToken({ alg: 'HS256', typ: 'at+jwt', kid: '../../../../../../../dev/null' }, claims, '');
      const [header, payload, signature] = token.split('.') as [string, string, string];
      // A verifier reading the key from the file the kid names gets '' and computes the same MAC.
      return { token, naive: async () => expect(createHmac('sha256', '').update(`${header}.${payload}`).digest('base64url')).toBe(signature) };
    },
  ],
  [
    "kid SQL injection (UNION SELECT of the attacker's secret), HS256 with that secret",
    async ({ claims, issuer }) => {
      const secret = 'attacker-chosen-secret';
      const token = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: `x' UNION SELECT '${secret}' --` }).sign(bytes(secret));
      return { token, naive: () => jwtVerify(token, bytes(secret), { ...platformChecks(issuer), algorithms: ['HS256'] }) };
    },
  ],
  [
    'RS256 (algorithm confusion) with the attacker\'s RSA key under the platform\'s kid',
    async ({ claims, platformKid, issuer }) => {
      const rsa = await generateKeyPair('RS256');
      const token = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: platformKid }).sign(rsa.privateKey);
      return { token, naive: () => jwtVerify(token, rsa.publicKey, platformChecks(issuer)) };
    },
  ],
  [
    "ES384 (algorithm confusion) with the attacker's P-384 key under the platform's kid",
    async ({ claims, platformKid, issuer }) => {
      const es384 = await generateKeyPair('ES384');
      const token = await new SignJWT(claims).setProtectedHeader({ alg: 'ES384', typ: 'at+jwt', kid: platformKid }).sign(es384.privateKey);
      return { token, naive: () => jwtVerify(token, es384.publicKey, platformChecks(issuer)) };
    },
  ],
  [
    'signature stripped from a genuine token',
    async ({ genuine }) => {
      const token = `${genuine.split('.').slice(0, 2).join('.')}.`;
      return { token, naive: async () => expect(decodeJwt(token)).toEqual(decodeJwt(genuine)) };
    },
  ],
  [
    'genuine token with its scope claim edited',
    async ({ genuine, claims }) => {
      const scope = `${String(claims.scope)} crm:write finance:write api_keys:write tenants:write`;
      const token = edited(genuine, { scope });
      return { token, naive: async () => expect(decodeJwt(token).scope).toBe(scope) };
    },
  ],
  [
    'genuine token with its exp extended by a year',
    async ({ genuine, claims }) => {
      const exp = (claims.exp as number) + 365 * 24 * 3600;
      const token = edited(genuine, { exp });
      return { token, naive: async () => expect(decodeJwt(token).exp).toBe(exp) };
    },
  ],
  [
    "genuine token with its tenant_id edited to another tenant's (sent with that tenant's header)",
    async ({ genuine, victimTenantId }) => {
      const token = edited(genuine, { tenant_id: victimTenantId });
      return { token, naive: async () => expect(decodeJwt(token).tenant_id).toBe(victimTenantId) };
    },
  ],
  [
    "expired token signed by the platform's own key",
    async ({ signByPlatform, issuer, platformKid, publishedJwk }) => {
      const token = await signByPlatform({ claims: { iat: seconds() - 7200, exp: seconds() - 3600 } });
      const naive = async () => jwtVerify(token, await importJWK({ ...publishedJwk, kid: platformKid }, 'ES256'), { ...platformChecks(issuer), currentDate: new Date(Date.now() - 2 * 3600_000) });
      return { token, naive, accepted: await signByPlatform(), detail: EXPIRED };
    },
  ],
  [
    "foreign issuer, signed by the platform's own key",
    async ({ signByPlatform, publishedJwk, issuer }) => {
      const token = await signByPlatform({ claims: { iss: 'https://issuer.elsewhere.example' } });
      const { issuer: _dropped, ...withoutIssuer } = platformChecks(issuer);
      return { token, naive: async () => jwtVerify(token, await importJWK(publishedJwk, 'ES256'), withoutIssuer), accepted: await signByPlatform() };
    },
  ],
  [
    "wrong audience, signed by the platform's own key",
    async ({ signByPlatform, publishedJwk, issuer }) => {
      const token = await signByPlatform({ claims: { aud: 'another-api' } });
      const { audience: _dropped, ...withoutAudience } = platformChecks(issuer);
      return { token, naive: async () => jwtVerify(token, await importJWK(publishedJwk, 'ES256'), withoutAudience), accepted: await signByPlatform() };
    },
  ],
  [
    "typ JWT instead of at+jwt (another kind of JWT), signed by the platform's own key",
    async ({ signByPlatform, publishedJwk, issuer }) => {
      const token = await signByPlatform({ header: { typ: 'JWT' } });
      const { typ: _dropped, ...withoutType } = platformChecks(issuer);
      return { token, naive: async () => jwtVerify(token, await importJWK(publishedJwk, 'ES256'), withoutType), accepted: await signByPlatform() };
    },
  ],
  [
    "no jti (a token revocation cannot name), signed by the platform's own key",
    async ({ signByPlatform, publishedJwk, issuer }) => {
      const token = await signByPlatform({ claims: { jti: undefined } });
      return { token, naive: async () => jwtVerify(token, await importJWK(publishedJwk, 'ES256'), { ...platformChecks(issuer), requiredClaims: ['exp', 'sub'] }), accepted: await signByPlatform() };
    },
  ],
];

describe('forged access tokens', () => {
  let ingredients: Ingredients;
  let api: ApiClient;
  /** Requests the attacker's key-set server received (none may come from the platform). */
  const keySetRequests: string[] = [];
  let keySetServer: Server;
  const clients: Client[] = [];

  beforeAll(async () => {
    const account = await createAccount({ scopes: ['inventory:read', 'events:read', 'events:write'] });
    const victim = await createAccount({ scopes: ['inventory:read'] });
    const genuine = await accessToken(account.clientId, account.clientSecret);
    api = apiClient(genuine, account.tenantId);
    const claims = decodeJwt(genuine);
    const { active } = await loadSigningKeys(database());
    const platformKey = await importJWK(active.privateJwk, 'ES256');
    const published = (await (await fetch(`${platformUrl}/.well-known/jwks.json`)).json()) as { keys: JWK[] };
    const publishedJwk = published.keys.find((key) => key.kid === active.kid) as JWK;

    const attacker = await generateKeyPair('ES256', { extractable: true });
    const attackerJwk = { ...(await exportJWK(attacker.publicKey)), kid: 'attacker-key', alg: 'ES256', use: 'sig' };
    keySetServer = createServer((request, response) => {
      keySetRequests.push(`${request.method} ${request.url}`);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [attackerJwk] }));
    });
    await new Promise<void>((resolve) => keySetServer.listen(0, '127.0.0.1', resolve));

    ingredients = {
      account,
      genuine,
      claims,
      issuer: String(claims.iss),
      platformKid: active.kid,
      publishedJwk,
      signByPlatform: ({ claims: change = {}, header = {} } = {}) =>
        new SignJWT({ ...claims, jti: randomUUID(), ...change }).setProtectedHeader({ alg: 'ES256', kid: active.kid, typ: 'at+jwt', ...header }).sign(platformKey),
      attacker: { privateKey: attacker.privateKey, publicKey: attacker.publicKey, publicJwk: attackerJwk, keySetUrl: `http://127.0.0.1:${(keySetServer.address() as AddressInfo).port}/jwks.json` },
      victimTenantId: victim.tenantId,
    };
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.dispose()));
    await new Promise((resolve) => keySetServer?.close(resolve));
  });

  /** The tenant a token claims (the one an attacker would name in X-Service-Tenant). */
  const tenantOf = (token: string) => {
    try {
      return String(decodeJwt(token).tenant_id ?? ingredients.account.tenantId);
    } catch {
      return ingredients.account.tenantId;
    }
  };

  const connect = (token: string) => {
    const connection = wsClient(platformUrl, bearerParams(apiClient(token, tenantOf(token))));
    clients.push(connection.client);
    return connection;
  };

  async function expectAcceptedEverywhere(token: string): Promise<void> {
    const caller = apiClient(token, tenantOf(token));
    const rest = await caller.get('/v1/inventory/items');
    expect(rest.status, await rest.clone().text()).toBe(200);
    const graphql = await caller.graphql('{ inventory_items { meta { total } } }');
    expect(graphql.status).toBe(200);
    expect(((await graphql.json()) as { data: unknown }).data).toEqual({ inventory_items: { meta: { total: 0 } } });
    // The subscription is live: an event published after it started reaches it.
    const { client } = connect(token);
    expect(await barrier(subscribeWs(client, SUBSCRIPTION), api, EVENT_TYPE)).toEqual([]);
    await client.dispose();
  }

  async function expectRefusedEverywhere(token: string, detail: string): Promise<void> {
    const caller = apiClient(token, tenantOf(token));
    const rest = await caller.get('/v1/inventory/items');
    expect(rest.status).toBe(401);
    expect(rest.headers.get('www-authenticate')).toBe('Bearer realm="platform", error="invalid_token"');
    const problem = await problemOf(rest);
    expect(problem).toMatchObject({ code: 'invalid_token', title: 'Invalid access token', detail });
    expect(Object.keys(problem).sort()).toEqual(PROBLEM_MEMBERS);

    const graphql = await caller.graphql('{ inventory_items { meta { total } } }');
    expect(graphql.status).toBe(401);
    expect(graphql.headers.get('www-authenticate')).toBe('Bearer realm="platform", error="invalid_token"');
    expect(await graphql.json()).toEqual({ errors: [{ message: detail, extensions: { code: 'invalid_token', request_id: graphql.headers.get('x-request-id') } }] });

    const { client, closed } = connect(token);
    const subscription = subscribeWs(client, SUBSCRIPTION);
    expect(await closed).toMatchObject({ code: 4401, reason: 'invalid_token' });
    expect(subscription.results.pending()).toEqual([]);
  }

  it.each(rows)('refuses %s with 401 invalid_token on REST, GraphQL and graphql-ws', async (_kind, forge) => {
    const forgery = await forge(ingredients);
    // Well made: accepted by a verifier without the check under test.
    await forgery.naive();
    expect(forgery.token).not.toBe(forgery.accepted ?? ingredients.genuine);

    await expectAcceptedEverywhere(forgery.accepted ?? ingredients.genuine);
    const fetchedBefore = keySetRequests.length;
    await expectRefusedEverywhere(forgery.token, forgery.detail ?? INVALID);
    // The platform never fetches a key set a token names.
    expect(keySetRequests.slice(fetchedBefore)).toEqual([]);
  });
});
