import { setTimeout as sleep } from 'node:timers/promises';
import { createApiKey } from '@platform/subgraph-identity';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type TestAccount, accessToken, apiClient, database, eventually, platformUrl, signedInAccount } from '../support/fixtures.ts';
import { type LiveSubscription, barrier, bearerParams, publish, renew, shortLivedToken, subscribeSse, subscribeWs, wsClient } from '../support/subscriptions.ts';

/**
 * A live subscription lasts as long as its credential: at the token's `exp` (or the API key's
 * `expires_at`) a graphql-ws socket closes with 4401 `invalid_token` and an SSE stream ends with
 * one last `invalid_token` result, even when no event arrives; a revoked or deleted credential
 * ends them at the next event or start. A graphql-ws client renews its credential on the open
 * socket with a `ping` carrying the new one, and keeps its subscriptions.
 */

const EVENT_SCOPES = ['events:read', 'events:write'];
const QUERY = 'subscription { events(types: ["custom.life"]) { type data } }';
/** Short-lived tokens live this long (`exp` is in whole seconds: 3 to 4 s from now). */
const TTL_SECONDS = 4;
/** How long past an expiry the close may take here, on a busy machine; bounds every wait. */
const GRACE_MS = 3_000;

type Live = { events: { type: string; data: Record<string, unknown> } };

const clients: Client[] = [];
const streams: LiveSubscription<unknown>[] = [];
afterAll(async () => {
  for (const stream of streams) stream.stop();
  await Promise.all(clients.map((client) => client.dispose()));
});

function connect(params: Record<string, unknown>) {
  const connection = wsClient(platformUrl, params);
  clients.push(connection.client);
  return connection;
}

/** Resolves with what `promise` gave, or fails when it gave nothing by `deadlineMs` (ms since the epoch). */
async function by<T>(deadlineMs: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => (timer = setTimeout(() => reject(new Error(`${what}: nothing by the deadline`)), Math.max(0, deadlineMs - Date.now()))));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function stillOpen(closed: Promise<unknown>): Promise<boolean> {
  return Promise.race([closed.then(() => false), sleep(50).then(() => true)]);
}

describe('subscriptions and the lifetime of their credential', () => {
  let account: TestAccount & { api: ApiClient };

  beforeAll(async () => {
    account = await signedInAccount(EVENT_SCOPES);
  });

  it('closes a graphql-ws socket with 4401 invalid_token at its token\'s or API key\'s expiry, and ends an SSE stream with a last invalid_token result, with no event to wait for', async () => {
    const [wsToken, sseToken] = await Promise.all([shortLivedToken(account, TTL_SECONDS, EVENT_SCOPES), shortLivedToken(account, TTL_SECONDS, EVENT_SCOPES)]);
    const keyExpiresAt = new Date(Date.now() + TTL_SECONDS * 1000);
    const { secret } = await createApiKey(database(), { tenantId: account.tenantId, name: 'expiring', scopes: EVENT_SCOPES, expiresAt: keyExpiresAt, createdBy: account.clientId });

    const byToken = connect(bearerParams(apiClient(wsToken.token, account.tenantId)));
    const byKey = connect(bearerParams(apiClient(secret, account.tenantId)));
    // A type each, so that the barriers, run together, do not see each other's markers.
    const subscribed = (type: string) => `subscription { events(types: ["${type}"]) { type data } }`;
    const overSse = await subscribeSse<Live>(platformUrl, apiClient(sseToken.token, account.tenantId), subscribed('custom.life.sse'));
    streams.push(overSse as LiveSubscription<unknown>);
    const live = await Promise.all([
      barrier(subscribeWs<Live>(byToken.client, subscribed('custom.life.token')), account.api, 'custom.life.token'),
      barrier(subscribeWs<Live>(byKey.client, subscribed('custom.life.key')), account.api, 'custom.life.key'),
      barrier(overSse, account.api, 'custom.life.sse'),
    ]);
    // All three were live (the barrier's events reached them) before any credential expired.
    expect(live).toEqual([[], [], []]);
    expect(Date.now()).toBeLessThan(Math.min(wsToken.expiresAtMs, sseToken.expiresAtMs, keyExpiresAt.getTime()));

    const [tokenClosed, keyClosed] = await Promise.all([by(wsToken.expiresAtMs + GRACE_MS, byToken.closed, 'token socket closed'), by(keyExpiresAt.getTime() + GRACE_MS, byKey.closed, 'key socket closed')]);
    expect(tokenClosed).toMatchObject({ code: 4401, reason: 'invalid_token' });
    expect(tokenClosed.at).toBeGreaterThanOrEqual(wsToken.expiresAtMs);
    expect(keyClosed).toMatchObject({ code: 4401, reason: 'invalid_token' });
    expect(keyClosed.at).toBeGreaterThanOrEqual(keyExpiresAt.getTime());

    const last = await by(sseToken.expiresAtMs + GRACE_MS, overSse.results.next(), 'last SSE result');
    expect(Date.now()).toBeGreaterThanOrEqual(sseToken.expiresAtMs);
    expect(last).toEqual({ errors: [expect.objectContaining({ message: 'The access token has expired.', extensions: expect.objectContaining({ code: 'invalid_token' }) })] });
    await by(Date.now() + GRACE_MS, overSse.completed, 'SSE stream completed');
    expect(overSse.results.pending()).toEqual([]);
  });

  it('renews the credential of an open socket with a ping carrying the new one: the subscriptions go on until the renewed credential expires', async () => {
    const first = await shortLivedToken(account, TTL_SECONDS, EVENT_SCOPES);
    const connection = connect(bearerParams(apiClient(first.token, account.tenantId)));
    const subscription = subscribeWs<Live>(connection.client, QUERY);
    expect(await barrier(subscription, account.api, 'custom.life')).toEqual([]);

    // Scopes may differ, as long as the open subscriptions keep what they need (events:read).
    const second = await shortLivedToken(account, 2 * TTL_SECONDS, ['events:read']);
    const renewed = await renew(connection, { Authorization: `Bearer ${second.token}`, 'X-Service-Tenant': account.tenantId });
    // The pong confirms the renewal with the new expiry; it does not echo the credential.
    expect(renewed).toEqual({ pong: { expires_at: new Date(second.expiresAtMs).toISOString() } });

    await sleep(first.expiresAtMs - Date.now() + 500);
    expect(await stillOpen(connection.closed)).toBe(true);
    const published = await publish(account.api, 'custom.life', { after: 'first expiry' });
    expect(await barrier(subscription, account.api, 'custom.life')).toEqual([{ data: { events: { type: 'custom.life', data: published.data } } }]);

    const closed = await by(second.expiresAtMs + GRACE_MS, connection.closed, 'socket closed at the renewed expiry');
    expect(closed).toMatchObject({ code: 4401, reason: 'invalid_token' });
    expect(closed.at).toBeGreaterThanOrEqual(second.expiresAtMs);

    // Audit records are written in batches, shortly after.
    const renewals = await eventually(async () => {
      const records = await database().auditRecord.findMany({ where: { tenant_id: account.tenantId, surface: 'subscription', action: 'subscription renew' } });
      return records.length > 0 ? records : undefined;
    }, 10_000, 'the renewal audit record');
    expect(renewals.map((record) => ({ status: record.status, actor_id: record.actor_id }))).toEqual([{ status: 200, actor_id: account.clientId }]);
  });

  it('closes the socket of a refused renewal: 4401 for an invalid credential, 4400 without a tenant, 4403 for another tenant or too few scopes', async () => {
    const other = await signedInAccount(EVENT_SCOPES);
    const token = (account.api.headers.authorization as string).slice('Bearer '.length);
    const writeOnly = await accessToken(account.clientId, account.clientSecret, 'events:write');
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ Authorization: 'Bearer not-a-token', 'X-Service-Tenant': account.tenantId }, 4401, 'invalid_token'],
      [{ authorization: `Basic ${token}`, 'x-service-tenant': account.tenantId }, 4401, 'invalid_token'],
      [{ Authorization: `Bearer ${token}` }, 4400, 'tenant_header_missing'],
      [{ Authorization: other.api.headers.authorization, 'X-Service-Tenant': other.tenantId }, 4403, 'tenant_mismatch'],
      [{ Authorization: other.api.headers.authorization, 'X-Service-Tenant': account.tenantId }, 4403, 'tenant_mismatch'],
      [{ Authorization: `Bearer ${writeOnly}`, 'X-Service-Tenant': account.tenantId }, 4403, 'insufficient_scope'],
    ];
    await Promise.all(
      cases.map(async ([params, code, reason]) => {
        const connection = connect(bearerParams(account.api));
        const subscription = subscribeWs<Live>(connection.client, QUERY);
        expect(await barrier(subscription, account.api, 'custom.life')).toEqual([]);
        expect(await renew(connection, params), JSON.stringify(params)).toEqual({ closed: { code, reason } });
      }),
    );
    // A ping without a credential is an ordinary keep-alive ping.
    const connection = connect(bearerParams(account.api));
    expect(await barrier(subscribeWs<Live>(connection.client, QUERY), account.api, 'custom.life')).toEqual([]);
    expect(await renew(connection, { note: 'keep-alive' })).toEqual({ pong: { note: 'keep-alive' } });
    expect(await stillOpen(connection.closed)).toBe(true);
  });

  it('closes the socket with 4401 invalid_token at the next event once the token is revoked, or the API key revoked', async () => {
    const token = await accessToken(account.clientId, account.clientSecret);
    const { key, secret } = await createApiKey(database(), { tenantId: account.tenantId, name: 'revoked', scopes: EVENT_SCOPES, createdBy: account.clientId });
    const byToken = connect(bearerParams(apiClient(token, account.tenantId)));
    const byKey = connect(bearerParams(apiClient(secret, account.tenantId)));
    const subscriptions = [subscribeWs<Live>(byToken.client, QUERY), subscribeWs<Live>(byKey.client, QUERY)];
    for (const subscription of subscriptions) expect(await barrier(subscription, account.api, 'custom.life')).toEqual([]);

    const revoked = await fetch(`${platformUrl}/v1/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: account.clientId, client_secret: account.clientSecret, token }),
    });
    expect(revoked.status).toBe(200);
    await database().apiKey.update({ where: { tenant_id_id: { tenant_id: account.tenantId, id: key.id } }, data: { revoked_at: new Date() } });
    // The key's revocation reaches the platform within its recheck interval (5 s); events until then may still be delivered.
    const deadline = Date.now() + 10_000;
    const eitherOpen = async () => (await stillOpen(byToken.closed)) || (await stillOpen(byKey.closed));
    while ((await eitherOpen()) && Date.now() < deadline) {
      await publish(account.api, 'custom.life', { n: 1 });
      await sleep(250);
    }
    expect(await by(deadline, byToken.closed, 'token socket closed')).toMatchObject({ code: 4401, reason: 'invalid_token' });
    expect(await by(deadline, byKey.closed, 'key socket closed')).toMatchObject({ code: 4401, reason: 'invalid_token' });
  });
});
