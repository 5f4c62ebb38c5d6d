import { newId } from '@platform/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRM_SCOPES, createCustomer, createItem, createOrder, crmAccount } from '../support/crm.ts';
import { type ApiClient, type TestAccount, accessToken, apiClient, database, platformUrl, signedInAccount } from '../support/fixtures.ts';
import { Arrivals, type LiveResult, type LiveSubscription, type WsConnection, barrier, bearerParams, publish, subscribeWs, wsClient } from '../support/subscriptions.ts';

/**
 * Resumable live streams: a subscription started `after` an event (graphql-ws argument, or SSE's
 * `Last-Event-ID`) first replays what the tenant's event log holds after it, then goes live, in the
 * log's order, with nothing missed or repeated across the switch, even when transactions commit
 * in another order than they began.
 */

const DATA = 'custom.resume.data';
const MARKER = 'custom.resume.marker';
const QUERY = `subscription Resume($after: String) { events(types: ["${DATA}", "${MARKER}"], after: $after) { id type data } }`;
type Live = { events: { id: string; type: string; data: Record<string, unknown> } };

const connections: WsConnection[] = [];
const subscriptions: Array<{ stop(): void }> = [];
afterAll(() => {
  for (const subscription of subscriptions) subscription.stop();
  for (const connection of connections) void connection.client.dispose();
});

function connect(api: ApiClient): WsConnection {
  const connection = wsClient(platformUrl, bearerParams(api));
  connections.push(connection);
  return connection;
}

function subscribe(connection: WsConnection, variables: Record<string, unknown> = {}, query = QUERY): LiveSubscription<Live> {
  const subscription = subscribeWs<Live>(connection.client, query, variables);
  subscriptions.push(subscription);
  return subscription;
}

async function nextIds(subscription: LiveSubscription<Live>, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) ids.push((await subscription.results.next()).data?.events.id as string);
  return ids;
}

/** Event ids of `tenantId` in the log's order, `(occurred_at, id)`. */
async function logOrder(tenantId: string, ids: string[]): Promise<string[]> {
  const rows = await database().event.findMany({ where: { tenant_id: tenantId, id: { in: ids } }, orderBy: [{ occurred_at: 'asc' }, { id: 'asc' }], select: { id: true } });
  return rows.map((row) => row.id);
}

/** An SSE subscription read message by message, with each message's `id:`. */
async function subscribeSseWithIds(api: ApiClient, query: string, variables: Record<string, unknown>, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const response = await fetch(`${platformUrl}/graphql`, {
    method: 'POST',
    headers: { ...api.headers, 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
    body: JSON.stringify({ query, variables }),
    signal: abort.signal,
  });
  const messages = new Arrivals<{ id: string | undefined; result: LiveResult<Live> }>();
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        buffer += decoder.decode(chunk.value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const lines = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          const field = (name: string) => lines.find((line) => line.startsWith(`${name}:`))?.slice(name.length + 1).trim();
          if (field('event') === 'next') messages.push({ id: field('id'), result: JSON.parse(field('data') as string) as LiveResult<Live> });
        }
      }
    } catch {
      // Aborted.
    }
  })();
  const stop = () => abort.abort();
  subscriptions.push({ stop });
  return { response, messages, stop };
}

describe('resumable subscriptions', () => {
  let a: TestAccount & { api: ApiClient };
  let b: TestAccount & { api: ApiClient };

  beforeAll(async () => {
    [a, b] = await Promise.all([signedInAccount(['events:read', 'events:write']), signedInAccount(['events:read', 'events:write'])]);
  });

  it('graphql-ws: resumed after the last event received, replays exactly the missed events, then the live ones, none twice', async () => {
    const connection = connect(a.api);
    const first = subscribe(connection);
    await barrier(first, a.api, MARKER);
    const seen = await publish(a.api, DATA, { n: 0 });
    expect((await first.results.next()).data?.events.id).toBe(seen.id);
    first.stop();

    const missed = [];
    for (let n = 1; n <= 3; n++) missed.push((await publish(a.api, DATA, { n })).id);
    const resumed = subscribe(connection, { after: seen.id });
    expect(await nextIds(resumed, 3)).toEqual(missed);
    const live = await publish(a.api, DATA, { n: 4 });
    expect(await nextIds(resumed, 1)).toEqual([live.id]);
    expect(await barrier(resumed, a.api, MARKER)).toEqual([]);
  });

  it('loses and doubles nothing of the events committed while it switches from the log to live', async () => {
    const anchor = await publish(a.api, DATA, { n: 'anchor' });
    const before = await Promise.all(Array.from({ length: 10 }, (_, n) => publish(a.api, DATA, { n: `before ${n}` })));
    const connection = connect(a.api);
    // Started while 20 more events commit concurrently: some land in the replay, some live, some in both windows.
    const [resumed, during] = await Promise.all([Promise.resolve(subscribe(connection, { after: anchor.id })), Promise.all(Array.from({ length: 20 }, (_, n) => publish(a.api, DATA, { n: `during ${n}` })))]);
    const arrived = [...(await nextIds(resumed, 30))];
    arrived.push(...(await barrier(resumed, a.api, MARKER)).map((result) => result.data?.events.id as string));
    const published = [...before, ...during].map((event) => event.id);
    expect(arrived).toHaveLength(30);
    expect(new Set(arrived)).toEqual(new Set(published));
    expect(arrived).toEqual(await logOrder(a.tenantId, published));
  });

  it('delivers in the log order a transaction that began first but committed last, never skipping it', async () => {
    const connection = connect(a.api);
    const subscription = subscribe(connection);
    await barrier(subscription, a.api, MARKER);
    const slowId = newId('evt');
    let fastId = '';
    let releaseSlow: () => void = () => {};
    const slowCanCommit = new Promise<void>((resolve) => (releaseSlow = resolve));
    // The slow event's occurred_at is its transaction's start, before the fast one's, but it commits after it.
    const slow = database().$transaction(
      async (tx) => {
        await tx.$executeRaw`INSERT INTO events (tenant_id, id, type, data, source) VALUES (${a.tenantId}, ${slowId}, ${DATA}, '{"n":"slow"}'::jsonb, '{"type":"platform"}'::jsonb)`;
        fastId = (await publish(a.api, DATA, { n: 'fast' })).id;
        await slowCanCommit;
      },
      { timeout: 10_000 },
    );
    await expect(subscription.results.next(500)).rejects.toThrow(/nothing arrived/);
    releaseSlow();
    await slow;
    expect(await nextIds(subscription, 2)).toEqual([slowId, fastId]);
    expect(await barrier(subscription, a.api, MARKER)).toEqual([]);

    // Resumed after the slow one: the fast one, which followed it in the log.
    const resumed = subscribe(connection, { after: slowId });
    expect(await nextIds(resumed, 1)).toEqual([fastId]);
  });

  it("refuses another tenant's event id exactly as an unknown one, naming after", async () => {
    const foreign = await publish(b.api, DATA, { n: 'b' });
    const connection = connect(a.api);
    const refusals = await Promise.all([foreign.id, 'evt_000000000000000000000000'].map((after) => subscribe(connection, { after }).failed));
    for (const refusal of refusals) {
      expect(refusal).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'not_found', errors: [expect.objectContaining({ field: 'after' })] }) })]);
    }
    const [foreignMessage, unknownMessage] = refusals.map((refusal) => (refusal as Array<{ message: string }>)[0]?.message.replace(/"evt_\w+"/, '<id>'));
    expect(foreignMessage).toBe(unknownMessage);
  });

  it('refuses to replay more than 1,000 missed events: resume_too_far_behind', async () => {
    const account = await signedInAccount(['events:read', 'events:write']);
    const anchor = await publish(account.api, DATA, { n: 'anchor' });
    await database().$executeRaw`
      INSERT INTO events (tenant_id, id, type, data, source)
      SELECT ${account.tenantId}, 'evt_bulk' || lpad(n::text, 20, '0'), ${DATA}, '{}'::jsonb, '{"type":"platform"}'::jsonb
      FROM generate_series(1, 1001) AS n`;
    const refusal = await subscribe(connect(account.api), { after: anchor.id }).failed;
    expect(refusal).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'resume_too_far_behind', maximum: 1000 }) })]);
  });

  it('replays only the events its scopes allow: no order.* without crm:read', async () => {
    const account = await crmAccount([...CRM_SCOPES, 'events:read', 'events:write']);
    const eventsOnly = apiClient(await accessToken(account.clientId, account.clientSecret, 'events:read events:write'), account.tenantId);
    const anchor = await publish(account.api, DATA, { n: 'anchor' });
    const customer = await createCustomer(account.api);
    await createItem(account.api, account.warehouseId, 'RESUME-1', 10);
    const order = await createOrder(account.api, { kind: 'sales', customer_id: customer.id, lines: [{ item_id: 'RESUME-1', quantity: 1, unit_price: 100 }] });
    const after = await publish(account.api, DATA, { n: 'after the order' });

    const everything = 'subscription Resume($after: String) { events(after: $after) { id type data } }';
    const full = subscribe(connect(account.api), { after: anchor.id }, everything);
    const fullTypes: string[] = [];
    for (let next = await full.results.next(); next.data?.events.id !== after.id; next = await full.results.next()) fullTypes.push(next.data?.events.type as string);
    expect(fullTypes).toContain('order.created');

    const limited = subscribe(connect(eventsOnly), { after: anchor.id }, everything);
    expect((await limited.results.next()).data?.events).toEqual({ id: after.id, type: DATA, data: { n: 'after the order' } });
    expect(await barrier(limited, eventsOnly, MARKER, (result) => (result.data as Live | undefined)?.events)).toEqual([]);
    expect(order.id).toBeTruthy();
  });

  it('SSE: every message carries id: <event id>, and Last-Event-ID resumes after it', async () => {
    const first = await subscribeSseWithIds(a.api, QUERY, {});
    expect(first.response.status).toBe(200);
    const seen = await publish(a.api, DATA, { n: 'sse 0' });
    const message = await first.messages.next();
    expect(message.id).toBe(seen.id);
    expect(message.result.data?.events.id).toBe(seen.id);
    first.stop();

    const missed = [(await publish(a.api, DATA, { n: 'sse 1' })).id, (await publish(a.api, DATA, { n: 'sse 2' })).id];
    const resumed = await subscribeSseWithIds(a.api, QUERY, {}, { 'last-event-id': seen.id });
    const replayed = [await resumed.messages.next(), await resumed.messages.next()];
    expect(replayed.map((each) => [each.id, each.result.data?.events.id])).toEqual(missed.map((id) => [id, id]));
    const live = await publish(a.api, DATA, { n: 'sse 3' });
    expect((await resumed.messages.next()).id).toBe(live.id);
  });

  it('SSE: after and a different Last-Event-ID are refused; an unknown Last-Event-ID is not_found naming it', async () => {
    const anchor = await publish(a.api, DATA, { n: 'sse conflict' });
    const conflicting = await subscribeSseWithIds(a.api, QUERY, { after: anchor.id }, { 'last-event-id': 'evt_000000000000000000000000' });
    expect((await conflicting.messages.next()).result.errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'validation_failed', errors: [expect.objectContaining({ field: 'after' })] }) })]);
    const unknown = await subscribeSseWithIds(a.api, QUERY, {}, { 'last-event-id': 'evt_000000000000000000000000' });
    expect((await unknown.messages.next()).result.errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'not_found', errors: [expect.objectContaining({ field: 'Last-Event-ID' })] }) })]);
  });
});
