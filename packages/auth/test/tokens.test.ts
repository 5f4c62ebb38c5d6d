import { ApiError } from '@platform/errors';
import { type JWTPayload, SignJWT, UnsecuredJWT, decodeJwt, decodeProtectedHeader, importJWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { type SigningKeyPair, TOKEN_AUDIENCE, type TokenVerifier, createTokenIssuer, createTokenVerifier, generateSigningKey } from '../src/tokens.ts';

/**
 * Access tokens: ES256 JWTs the platform issues and accepts only from itself. Each refusal below
 * is checked against a token that differs from an accepted one in exactly the property under test.
 */

const ISSUER = 'https://platform.test';
const TTL_SECONDS = 600;

let key: SigningKeyPair;
let otherKey: SigningKeyPair;
let verify: TokenVerifier;
let prepared: Promise<void> | undefined;

/**
 * The keys and the verifier, made by the first test that needs them, not in a beforeAll hook: a
 * broken key generation must fail a test, and a failing hook only skips the tests (which
 * mutation testing would count as passing).
 */
function prepare(): Promise<void> {
  prepared ??= (async () => {
    key = await generateSigningKey();
    otherKey = await generateSigningKey();
    verify = createTokenVerifier({ publicJwks: [key.publicJwk], issuer: ISSUER });
  })();
  return prepared;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The claims and header the issuer writes, which the tests change one at a time. */
function honestClaims(): JWTPayload {
  return { tenant_id: 'ten_1', scope: 'inventory:read crm:write', client_id: 'cli_1', iss: ISSUER, aud: TOKEN_AUDIENCE, sub: 'cli_1', jti: 'tok_1', iat: nowSeconds(), exp: nowSeconds() + 300 };
}

async function sign(claims: JWTPayload, options: { header?: Record<string, unknown>; signWith?: SigningKeyPair } = {}): Promise<string> {
  const signer = options.signWith ?? key;
  return new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: signer.kid, typ: 'at+jwt', ...options.header }).sign(await importJWK(signer.privateJwk, 'ES256'));
}

async function refusal(token: string): Promise<ApiError> {
  try {
    await verify(token);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('the token was accepted');
}

const invalid = { code: 'invalid_token', message: 'The access token is invalid.' };
const missingClaims = { code: 'invalid_token', message: 'The access token is missing required claims.' };

describe('signing keys', () => {
  it('are ES256 key pairs named by a random kid, whose public half holds no private part', async () => {
    await prepare();
    expect(key.kid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(otherKey.kid).not.toBe(key.kid);
    expect(key.publicJwk).toMatchObject({ kty: 'EC', crv: 'P-256', kid: key.kid, alg: 'ES256', use: 'sig' });
    expect(key.publicJwk).not.toHaveProperty('d');
    expect(key.privateJwk).toMatchObject({ kty: 'EC', crv: 'P-256', kid: key.kid, alg: 'ES256', use: 'sig', x: key.publicJwk.x, y: key.publicJwk.y });
    expect(typeof key.privateJwk.d).toBe('string');
  });
});

describe('issued access tokens', () => {
  it('carry the tenant, client and scopes, are typed at+jwt for this audience and expire after the TTL', async () => {
    await prepare();
    const issuer = await createTokenIssuer(key, { issuer: ISSUER, ttlSeconds: TTL_SECONDS });
    const issued = await issuer.issue({ tenantId: 'ten_1', clientId: 'cli_1', scopes: ['inventory:read', 'crm:write'] });
    expect(issued.expiresIn).toBe(TTL_SECONDS);
    expect(decodeProtectedHeader(issued.token)).toEqual({ alg: 'ES256', kid: key.kid, typ: 'at+jwt' });
    const claims = decodeJwt(issued.token);
    expect(claims).toEqual({ tenant_id: 'ten_1', scope: 'inventory:read crm:write', client_id: 'cli_1', iss: ISSUER, aud: TOKEN_AUDIENCE, sub: 'cli_1', jti: issued.tokenId, iat: expect.any(Number), exp: expect.any(Number) });
    expect(Math.abs((claims.iat as number) - nowSeconds())).toBeLessThanOrEqual(1);
    expect((claims.exp as number) - (claims.iat as number)).toBe(TTL_SECONDS);
    expect(TOKEN_AUDIENCE).toBe('platform-api');

    const again = await issuer.issue({ tenantId: 'ten_1', clientId: 'cli_1', scopes: [] });
    expect(again.tokenId).not.toBe(issued.tokenId);
    expect(decodeJwt(again.token).scope).toBe('');
  });

  it('verify to the principal they were issued for', async () => {
    await prepare();
    const issuer = await createTokenIssuer(key, { issuer: ISSUER, ttlSeconds: TTL_SECONDS });
    const issued = await issuer.issue({ tenantId: 'ten_1', clientId: 'cli_1', scopes: ['inventory:read', 'crm:write'] });
    const principal = await verify(issued.token);
    expect(principal).toEqual({
      tenantId: 'ten_1',
      scopes: new Set(['inventory:read', 'crm:write']),
      credential: { type: 'oauth_client', id: 'cli_1' },
      tokenId: issued.tokenId,
      expiresAt: new Date((decodeJwt(issued.token).exp as number) * 1000),
    });
    expect((await verify((await issuer.issue({ tenantId: 'ten_2', clientId: 'cli_2', scopes: [] })).token)).scopes).toEqual(new Set());
  });

  it('are accepted under any of the published keys (a key rotation keeps the previous key)', async () => {
    await prepare();
    const both = createTokenVerifier({ publicJwks: [otherKey.publicJwk, key.publicJwk], issuer: ISSUER });
    expect((await both(await sign(honestClaims()))).tenantId).toBe('ten_1');
    expect((await both(await sign(honestClaims(), { signWith: otherKey }))).tenantId).toBe('ten_1');
  });

  it('ignore empty scope entries', async () => {
    await prepare();
    const principal = await verify(await sign({ ...honestClaims(), scope: ' inventory:read  crm:write ' }));
    expect(principal.scopes).toEqual(new Set(['inventory:read', 'crm:write']));
  });
});

describe('the verifier refuses', () => {
  it('the nearest honest token is accepted (so no refusal below passes vacuously)', async () => {
    await prepare();
    expect((await verify(await sign(honestClaims()))).tenantId).toBe('ten_1');
  });

  it('a token signed by another key, under its own kid or under ours', async () => {
    await prepare();
    expect(await refusal(await sign(honestClaims(), { signWith: otherKey }))).toMatchObject(invalid);
    expect(await refusal(await sign(honestClaims(), { signWith: otherKey, header: { kid: key.kid } }))).toMatchObject(invalid);
  });

  it('a token whose claims were changed after signing (a wider scope, another tenant)', async () => {
    await prepare();
    const [header, , signature] = (await sign(honestClaims())).split('.');
    for (const change of [{ scope: 'inventory:read crm:write finance:write' }, { tenant_id: 'ten_2' }]) {
      const payload = Buffer.from(JSON.stringify({ ...honestClaims(), ...change })).toString('base64url');
      expect(await refusal(`${header}.${payload}.${signature}`)).toMatchObject(invalid);
    }
  });

  it('an unsigned token (alg none) and garbage', async () => {
    await prepare();
    expect(await refusal(new UnsecuredJWT(honestClaims()).encode())).toMatchObject(invalid);
    expect(await refusal('not a token')).toMatchObject(invalid);
    expect(await refusal('')).toMatchObject(invalid);
  });

  it('a token of another issuer or for another audience', async () => {
    await prepare();
    expect(await refusal(await sign({ ...honestClaims(), iss: 'https://elsewhere.test' }))).toMatchObject(invalid);
    expect(await refusal(await sign({ ...honestClaims(), aud: 'another-api' }))).toMatchObject(invalid);
  });

  it('a token of another type than at+jwt (an ID token, say)', async () => {
    await prepare();
    expect(await refusal(await sign(honestClaims(), { header: { typ: 'JWT' } }))).toMatchObject(invalid);
  });

  it('an expired token, saying so', async () => {
    await prepare();
    expect(await refusal(await sign({ ...honestClaims(), iat: nowSeconds() - 120, exp: nowSeconds() - 60 }))).toMatchObject({ code: 'invalid_token', message: 'The access token has expired.' });
  });

  it('a token without exp, jti or sub', async () => {
    await prepare();
    for (const claim of ['exp', 'jti', 'sub']) {
      const claims = honestClaims();
      delete claims[claim];
      expect(await refusal(await sign(claims)), claim).toMatchObject(invalid);
    }
  });

  it('a token without a tenant or scope claim, or with claims of the wrong type', async () => {
    await prepare();
    const changes: Array<Record<string, unknown>> = [{ tenant_id: undefined }, { scope: undefined }, { tenant_id: 42 }, { scope: ['inventory:read'] }, { jti: 7 }];
    for (const change of changes) {
      expect(await refusal(await sign({ ...honestClaims(), ...change })), JSON.stringify(change)).toMatchObject(missingClaims);
    }
  });
});
