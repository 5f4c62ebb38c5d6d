import type { Principal } from '@platform/auth';
import type { PrismaClient } from '@platform/db';
import { ApiError } from '@platform/errors';
import { createOAuthClient } from '@platform/subgraph-identity';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CREDENTIAL_RECHECK_MS } from '../src/edge/credentials.ts';
import { TooManyFailedAuthentications } from '../src/edge/failed-authentications.ts';
import type { ClusterChannel } from '../src/cluster/channel.ts';
import { type IdentityFixture, apiKeyOf, authenticatorFor, capturedLogger, startIdentity, unreachableDatabase } from './support/credentials.ts';

/**
 * The edge's credential check on a real database: access tokens (signature, then the revocation
 * list) and API keys (looked up by hash), what it remembers and for how long, and failed API keys
 * counted per address.
 */

let fixture: IdentityFixture;
let unreachable: PrismaClient;

beforeAll(async () => {
  fixture = await startIdentity();
  unreachable = unreachableDatabase();
}, 60_000);

afterAll(async () => {
  await unreachable?.$disconnect();
  await fixture?.dispose();
});

afterEach(() => {
  vi.useRealTimers();
});

/** Freezes Date (timers stay real, so the database and HTTP work as usual) at `at`, and returns a function to move it. */
function frozenClock(at = Date.now()): (ms: number) => void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
  return (ms) => vi.setSystemTime(Date.now() + ms);
}

/** Waits (in real time; expect.poll would move a frozen clock) until `read` gives `expected`. */
async function eventually<T>(read: () => Promise<T>, expected: T): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const value = await read();
    if (JSON.stringify(value) === JSON.stringify(expected)) return;
    await sleep(20);
  }
  expect(await read()).toEqual(expected);
}

async function refusal(attempt: Promise<Principal>): Promise<ApiError> {
  try {
    await attempt;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('the credential was accepted');
}

async function token(tenantId = fixture.tenants.production.id): Promise<{ token: string; tokenId: string }> {
  return fixture.issuer.issue({ tenantId, clientId: 'cli_edge', scopes: ['inventory:read', 'crm:write'] });
}

async function revoke(tenantId: string, tokenId: string): Promise<void> {
  await fixture.prisma.revokedToken.create({ data: { tenant_id: tenantId, jti: tokenId, expires_at: new Date(Date.now() + 600_000) } });
}

async function revokeKey(tenantId: string, id: string): Promise<void> {
  await fixture.prisma.apiKey.update({ where: { tenant_id_id: { tenant_id: tenantId, id } }, data: { revoked_at: new Date() } });
}

async function lastUsedAt(tenantId: string, id: string): Promise<Date | null> {
  return (await fixture.prisma.apiKey.findUniqueOrThrow({ where: { tenant_id_id: { tenant_id: tenantId, id } } })).last_used_at;
}

describe('access tokens', () => {
  it('authenticate as the principal they were issued for', async () => {
    const issued = await token();
    expect(await authenticatorFor(fixture).authenticate(issued.token)).toEqual({
      tenantId: fixture.tenants.production.id,
      scopes: new Set(['inventory:read', 'crm:write']),
      credential: { type: 'oauth_client', id: 'cli_edge' },
      tokenId: issued.tokenId,
      expiresAt: expect.any(Date),
    });
  });

  it('are refused once revoked, and the revocation of one token leaves the others valid', async () => {
    const credentials = authenticatorFor(fixture);
    const [revoked, other] = [await token(), await token()];
    await revoke(fixture.tenants.production.id, revoked.tokenId);
    expect(await refusal(credentials.authenticate(revoked.token))).toMatchObject({ code: 'invalid_token', message: 'The access token has been revoked.' });
    expect((await credentials.authenticate(other.token)).tokenId).toBe(other.tokenId);
    // A revocation recorded for another tenant does not name this token.
    const sandboxToken = await token(fixture.tenants.sandbox.id);
    await revoke(fixture.tenants.production.id, sandboxToken.tokenId);
    expect((await credentials.authenticate(sandboxToken.token)).tenantId).toBe(fixture.tenants.sandbox.id);
  });

  it('are refused once the OAuth client they were issued to is revoked, after CREDENTIAL_RECHECK_MS at the latest', async () => {
    const tenantId = fixture.tenants.production.id;
    const client = await createOAuthClient(fixture.prisma, { tenantId, scopes: ['inventory:read'], name: 'edge revoked' });
    const other = await createOAuthClient(fixture.prisma, { tenantId, scopes: ['inventory:read'], name: 'edge kept' });
    const issue = (clientId: string) => fixture.issuer.issue({ tenantId, clientId, scopes: ['inventory:read'] });
    const [issued, kept] = [await issue(client.client_id), await issue(other.client_id)];
    const move = frozenClock();
    const credentials = authenticatorFor(fixture);
    await credentials.authenticate(issued.token);
    await fixture.prisma.oAuthClient.update({ where: { tenant_id_id: { tenant_id: tenantId, id: client.client_id } }, data: { revoked_at: new Date() } });
    move(CREDENTIAL_RECHECK_MS - 1);
    expect((await credentials.authenticate(issued.token)).tokenId).toBe(issued.tokenId);
    move(1);
    const message = 'The OAuth client this access token was issued to has been revoked.';
    expect(await refusal(credentials.authenticate(issued.token))).toMatchObject({ code: 'invalid_token', message });
    // A token of the client issued later (it cannot get one any more, but a signed one would not pass either).
    expect(await refusal(credentials.authenticate((await issue(client.client_id)).token))).toMatchObject({ code: 'invalid_token', message });
    expect((await credentials.authenticate(kept.token)).tokenId).toBe(kept.tokenId);
  });

  it('are refused when their signature does not verify, before any database lookup', async () => {
    const credentials = authenticatorFor(fixture, { prisma: unreachable });
    const [header, payload] = (await token()).token.split('.');
    expect(await refusal(credentials.authenticate(`${header}.${payload}.AAAA`))).toMatchObject({ code: 'invalid_token', message: 'The access token is invalid.' });
    expect(await refusal(credentials.authenticate('garbage'))).toMatchObject({ code: 'invalid_token' });
  });

  it('are never accepted unchecked: with the database unreachable, a valid token is 503 database_unavailable', async () => {
    const credentials = authenticatorFor(fixture, { prisma: unreachable });
    expect(await refusal(credentials.authenticate((await token()).token))).toMatchObject({ code: 'database_unavailable' });
  });

  it('are checked against the revocation list again after CREDENTIAL_RECHECK_MS, not before', async () => {
    expect(CREDENTIAL_RECHECK_MS).toBe(5000);
    const move = frozenClock();
    const credentials = authenticatorFor(fixture);
    const issued = await token();
    await credentials.authenticate(issued.token);
    // Revoked elsewhere (another instance): this one learns of it within the recheck interval.
    await revoke(fixture.tenants.production.id, issued.tokenId);
    move(CREDENTIAL_RECHECK_MS - 1);
    expect((await credentials.authenticate(issued.token)).tokenId).toBe(issued.tokenId);
    move(1);
    expect(await refusal(credentials.authenticate(issued.token))).toMatchObject({ code: 'invalid_token', message: 'The access token has been revoked.' });
  });

  it('are remembered each under its own tenant and id: another token is still looked up', async () => {
    const credentials = authenticatorFor(fixture);
    await credentials.authenticate((await token()).token);
    const revoked = await token();
    await revoke(fixture.tenants.production.id, revoked.tokenId);
    expect(await refusal(credentials.authenticate(revoked.token))).toMatchObject({ code: 'invalid_token' });
  });

  it('are forgotten by every worker of the machine when one forgets them (a revocation holds at once everywhere)', async () => {
    // The workers' channel, as the primary relays it: every message to every other subscriber.
    const subscribers: Array<{ topic: string; listener: (data: unknown) => void; worker: number }> = [];
    const channelOf = (worker: number): ClusterChannel => ({
      publish: (topic, data) => subscribers.filter((entry) => entry.worker !== worker && entry.topic === topic).forEach((entry) => entry.listener(structuredClone(data))),
      subscribe: (topic, listener) => void subscribers.push({ topic, listener, worker }),
    });
    const [first, second] = [authenticatorFor(fixture, { cluster: channelOf(1) }), authenticatorFor(fixture, { cluster: channelOf(2) })];
    const [issued, other] = [await token(), await token()];
    for (const credentials of [first, second]) {
      await credentials.authenticate(issued.token);
      await credentials.authenticate(other.token);
    }
    await revoke(fixture.tenants.production.id, issued.tokenId);
    await revoke(fixture.tenants.production.id, other.tokenId);
    first.forgetToken(fixture.tenants.production.id, issued.tokenId);
    expect(await refusal(second.authenticate(issued.token))).toMatchObject({ code: 'invalid_token', message: 'The access token has been revoked.' });
    // Only that token: the other is still remembered until its recheck.
    expect((await second.authenticate(other.token)).tokenId).toBe(other.tokenId);
  });

  it('are looked up again at once after forgetToken (the instance that revoked it)', async () => {
    const credentials = authenticatorFor(fixture);
    const issued = await token();
    await credentials.authenticate(issued.token);
    await revoke(fixture.tenants.production.id, issued.tokenId);
    credentials.forgetToken(fixture.tenants.production.id, issued.tokenId);
    expect(await refusal(credentials.authenticate(issued.token))).toMatchObject({ code: 'invalid_token', message: 'The access token has been revoked.' });
  });
});

describe('API keys', () => {
  it('authenticate as their tenant with their scopes', async () => {
    const key = await apiKeyOf(fixture.prisma, fixture.tenants.sandbox.id);
    expect(await authenticatorFor(fixture).authenticate(key.secret, '192.0.2.1')).toEqual({ tenantId: fixture.tenants.sandbox.id, scopes: new Set(['inventory:read']), credential: { type: 'api_key', id: key.id } });
  });

  it('are refused when unknown, revoked or expired', async () => {
    const credentials = authenticatorFor(fixture);
    expect(await refusal(credentials.authenticate(`sk_live_${'A'.repeat(43)}`, '192.0.2.1'))).toMatchObject({ code: 'invalid_token', message: 'The API key is invalid.' });
    const revoked = await apiKeyOf(fixture.prisma, fixture.tenants.production.id);
    await revokeKey(fixture.tenants.production.id, revoked.id);
    expect(await refusal(credentials.authenticate(revoked.secret, '192.0.2.1'))).toMatchObject({ code: 'invalid_token', message: 'The API key is revoked.' });
  });

  it('are checked again after CREDENTIAL_RECHECK_MS, not before', async () => {
    const move = frozenClock();
    const credentials = authenticatorFor(fixture);
    const key = await apiKeyOf(fixture.prisma, fixture.tenants.production.id);
    await credentials.authenticate(key.secret, '192.0.2.1');
    await revokeKey(fixture.tenants.production.id, key.id);
    move(CREDENTIAL_RECHECK_MS - 1);
    expect((await credentials.authenticate(key.secret, '192.0.2.1')).credential.id).toBe(key.id);
    move(1);
    expect(await refusal(credentials.authenticate(key.secret, '192.0.2.1'))).toMatchObject({ code: 'invalid_token', message: 'The API key is revoked.' });
  });

  it('are remembered no longer than they live, and each under its own secret', async () => {
    const move = frozenClock();
    const credentials = authenticatorFor(fixture);
    const expiring = await apiKeyOf(fixture.prisma, fixture.tenants.production.id, { expiresAt: new Date(Date.now() + 2000) });
    const principal = await credentials.authenticate(expiring.secret, '192.0.2.1');
    expect(principal.expiresAt).toEqual(new Date(Date.now() + 2000));
    const other = await apiKeyOf(fixture.prisma, fixture.tenants.sandbox.id);
    expect((await credentials.authenticate(other.secret, '192.0.2.1')).credential.id).toBe(other.id);
    move(1999);
    expect((await credentials.authenticate(expiring.secret, '192.0.2.1')).credential.id).toBe(expiring.id);
    move(1);
    expect(await refusal(credentials.authenticate(expiring.secret, '192.0.2.1'))).toMatchObject({ code: 'invalid_token', message: 'The API key is expired.' });
  });

  it('count their failures per address: past the limit every key from there is refused, even a right one, and other addresses are not', async () => {
    const credentials = authenticatorFor(fixture, { perAddress: 3 });
    const key = await apiKeyOf(fixture.prisma, fixture.tenants.production.id);
    await credentials.authenticate(key.secret, '198.51.100.7');
    const wrong = `sk_live_${'B'.repeat(43)}`;
    for (let attempt = 0; attempt < 3; attempt++) expect(await refusal(credentials.authenticate(wrong, '198.51.100.7'))).toMatchObject({ code: 'invalid_token' });
    const limited = await refusal(credentials.authenticate(key.secret, '198.51.100.7'));
    expect(limited).toBeInstanceOf(TooManyFailedAuthentications);
    expect(limited).toMatchObject({ code: 'rate_limited' });
    expect((limited as TooManyFailedAuthentications).retryAfterSeconds).toBeGreaterThan(0);
    expect((await credentials.authenticate(key.secret, '198.51.100.8')).credential.id).toBe(key.id);
  });

  it('count failures racing each other: those past the limit are refused as too many', async () => {
    const credentials = authenticatorFor(fixture, { perAddress: 3 });
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => refusal(credentials.authenticate(`sk_live_${'C'.repeat(43)}`, '198.51.100.9'))));
    expect(outcomes.map((error) => error.code).sort()).toEqual(['invalid_token', 'invalid_token', 'invalid_token', 'rate_limited', 'rate_limited']);
    expect(outcomes.filter((error) => error instanceof TooManyFailedAuthentications)).toHaveLength(2);
  });

  it('do not count a database outage as a failure, nor anything without an address', async () => {
    const down = authenticatorFor(fixture, { perAddress: 1, prisma: unreachable });
    for (let attempt = 0; attempt < 3; attempt++) expect(await refusal(down.authenticate(`sk_live_${'D'.repeat(43)}`, '198.51.100.10'))).toMatchObject({ code: 'database_unavailable' });
    const credentials = authenticatorFor(fixture, { perAddress: 1 });
    for (let attempt = 0; attempt < 3; attempt++) expect(await refusal(credentials.authenticate(`sk_live_${'E'.repeat(43)}`))).toMatchObject({ code: 'invalid_token' });
  });

  it('record their last use to the minute, in the background', async () => {
    const move = frozenClock();
    const credentials = authenticatorFor(fixture);
    const key = await apiKeyOf(fixture.prisma, fixture.tenants.production.id);
    const firstUse = new Date();
    await credentials.authenticate(key.secret, '192.0.2.1');
    await eventually(() => lastUsedAt(fixture.tenants.production.id, key.id), firstUse);
    // Within the minute, a use checked against the database again writes nothing.
    const marker = new Date('2000-01-01T00:00:00Z');
    await fixture.prisma.apiKey.update({ where: { tenant_id_id: { tenant_id: fixture.tenants.production.id, id: key.id } }, data: { last_used_at: marker } });
    move(59_999);
    await credentials.authenticate(key.secret, '192.0.2.1');
    await sleep(200);
    expect(await lastUsedAt(fixture.tenants.production.id, key.id)).toEqual(marker);
    move(1);
    // Still remembered (checked 1 ms ago): no lookup, no write.
    await credentials.authenticate(key.secret, '192.0.2.1');
    await sleep(200);
    expect(await lastUsedAt(fixture.tenants.production.id, key.id)).toEqual(marker);
    move(CREDENTIAL_RECHECK_MS);
    const laterUse = new Date();
    await credentials.authenticate(key.secret, '192.0.2.1');
    await eventually(() => lastUsedAt(fixture.tenants.production.id, key.id), laterUse);
  });

  it('are accepted when recording the last use fails, which is logged', async () => {
    const { logger, lines } = capturedLogger();
    const credentials = authenticatorFor(fixture, { logger });
    const key = await apiKeyOf(fixture.prisma, fixture.tenants.production.id);
    await fixture.prisma.$executeRawUnsafe(`CREATE FUNCTION refuse_last_use() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'last use not recorded'; END $$`);
    await fixture.prisma.$executeRawUnsafe(`CREATE TRIGGER refuse_last_use BEFORE UPDATE OF last_used_at ON api_keys FOR EACH ROW WHEN (NEW.id = '${key.id}') EXECUTE FUNCTION refuse_last_use()`);
    expect((await credentials.authenticate(key.secret, '192.0.2.1')).credential.id).toBe(key.id);
    await expect.poll(() => lines.find((line) => line.msg === 'could not record API key use')).toMatchObject({ level: 40, api_key_id: key.id, err: expect.objectContaining({ message: expect.stringContaining('last use not recorded') }) });
    expect(await lastUsedAt(fixture.tenants.production.id, key.id)).toBeNull();
  });
});
