import { type Principal, type SigningKeyPair, type TokenIssuer, type TokenVerifier, createTokenIssuer, createTokenVerifier, generateSigningKey } from '@platform/auth';
import { ApiError } from '@platform/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberVerifiedTokens } from '../src/edge/verified-tokens.ts';

/**
 * Verified access tokens are remembered by their text until their `exp`, so the signature is
 * checked once per token, not once per request; nothing else is remembered.
 */

const ISSUER = 'https://platform.test';

let keys: { key: SigningKeyPair; issuer: TokenIssuer; verify: TokenVerifier } | undefined;

/** The platform's verifier, counting its calls. Made in the test that first needs it (a failing hook would only skip tests). */
async function countedVerifier(): Promise<{ verify: TokenVerifier; calls: string[]; issuer: TokenIssuer }> {
  if (!keys) {
    const key = await generateSigningKey();
    keys = { key, issuer: await createTokenIssuer(key, { issuer: ISSUER, ttlSeconds: 600 }), verify: createTokenVerifier({ publicJwks: [key.publicJwk], issuer: ISSUER }) };
  }
  const { verify, issuer } = keys;
  const calls: string[] = [];
  return {
    calls,
    issuer,
    verify: (token) => {
      calls.push(token);
      return verify(token);
    },
  };
}

async function refusal(attempt: Promise<Principal>): Promise<ApiError> {
  try {
    await attempt;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('the token was accepted');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('rememberVerifiedTokens', () => {
  it('verifies a token once, then answers with the principal it verified to', async () => {
    const { verify, calls, issuer } = await countedVerifier();
    const remembering = rememberVerifiedTokens(verify);
    const { token } = await issuer.issue({ tenantId: 'ten_1', clientId: 'cli_1', scopes: ['inventory:read'] });
    const first = await remembering(token);
    expect(first).toMatchObject({ tenantId: 'ten_1', scopes: new Set(['inventory:read']) });
    expect(await remembering(token)).toBe(first);
    expect(await remembering(token)).toBe(first);
    expect(calls).toEqual([token]);
  });

  it('remembers each token under its own text', async () => {
    const { verify, calls, issuer } = await countedVerifier();
    const remembering = rememberVerifiedTokens(verify);
    const one = await issuer.issue({ tenantId: 'ten_1', clientId: 'cli_1', scopes: [] });
    const two = await issuer.issue({ tenantId: 'ten_2', clientId: 'cli_2', scopes: [] });
    expect((await remembering(one.token)).tenantId).toBe('ten_1');
    expect((await remembering(two.token)).tenantId).toBe('ten_2');
    expect((await remembering(one.token)).tenantId).toBe('ten_1');
    expect(calls).toEqual([one.token, two.token]);
  });

  it('never remembers a refused token: each presentation is verified, and refused, again', async () => {
    const { verify, calls, issuer } = await countedVerifier();
    const remembering = rememberVerifiedTokens(verify);
    const { token } = await issuer.issue({ tenantId: 'ten_1', clientId: 'cli_1', scopes: ['inventory:read'] });
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.AAAA`;
    for (let attempt = 0; attempt < 3; attempt++) expect(await refusal(remembering(forged))).toMatchObject({ code: 'invalid_token' });
    expect(calls).toEqual([forged, forged, forged]);
  });

  it('never remembers a token without a numeric exp, and such tokens do not push remembered ones out', async () => {
    const { verify, calls, issuer } = await countedVerifier();
    // A verifier of other stateless tokens besides the platform's: opaque ones, and JWTs whose exp is text.
    const principal: Principal = { tenantId: 'ten_9', scopes: new Set(), credential: { type: 'oauth_client', id: 'cli_9' } };
    const other: TokenVerifier = async (token) => (token.startsWith('opaque-') || token.startsWith('text.') ? principal : verify(token));
    const remembering = rememberVerifiedTokens(other);
    const { token } = await issuer.issue({ tenantId: 'ten_1', clientId: 'cli_1', scopes: [] });
    await remembering(token);
    // More tokens than the memory holds (10,000): were they remembered, the platform's token would be pushed out.
    for (let index = 0; index < 12_000; index++) await remembering(`opaque-${index}`);
    expect(await remembering(token)).toMatchObject({ tenantId: 'ten_1' });
    expect(calls).toEqual([token]);

    let textExpiryCalls = 0;
    const textExpiry = `text.${Buffer.from(JSON.stringify({ exp: String(Math.floor(Date.now() / 1000) + 600) })).toString('base64url')}.sig`;
    const counting = rememberVerifiedTokens(async (presented) => {
      textExpiryCalls++;
      return other(presented);
    });
    await counting(textExpiry);
    await counting(textExpiry);
    expect(textExpiryCalls).toBe(2);
  });

  it('serves a token from memory until the second of its exp, then verifies it again (and it has expired)', async () => {
    const { verify, calls, issuer } = await countedVerifier();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Math.floor(Date.now() / 1000) * 1000 + 250);
    const remembering = rememberVerifiedTokens(verify);
    const { token, expiresIn } = await issuer.issue({ tenantId: 'ten_1', clientId: 'cli_1', scopes: [] });
    const exp = Math.floor(Date.now() / 1000) + expiresIn;
    await remembering(token);
    vi.setSystemTime(exp * 1000 - 1);
    expect((await remembering(token)).tenantId).toBe('ten_1');
    expect(calls).toHaveLength(1);
    vi.setSystemTime(exp * 1000);
    expect(await refusal(remembering(token))).toMatchObject({ code: 'invalid_token', message: 'The access token has expired.' });
    expect(calls).toHaveLength(2);
    // Forgotten once expired: presented again, it is verified again.
    expect(await refusal(remembering(token))).toMatchObject({ code: 'invalid_token', message: 'The access token has expired.' });
    expect(calls).toHaveLength(3);
  });
});
