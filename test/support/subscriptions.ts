import { randomUUID } from 'node:crypto';
import { createTokenIssuer } from '@platform/auth';
import { loadSigningKeys } from '@platform/subgraph-identity';
import { type Client, createClient } from 'graphql-ws';
import { decodeJwt } from 'jose';
import WebSocket from 'ws';
import { type ApiClient, type TestAccount, accessToken, database } from './fixtures.ts';

/** Helpers of the live event tests: graphql-ws and SSE subscribers, and a barrier to know what arrived. */

export interface LiveResult<T = Record<string, unknown>> {
  data?: T | null;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
}

/** Items in arrival order; `next` waits (up to a deadline) for the next one. */
export class Arrivals<T> {
  private readonly items: T[] = [];
  private readonly waiting: Array<(item: T) => void> = [];
  ended = false;

  push(item: T): void {
    const waiter = this.waiting.shift();
    if (waiter) waiter(item);
    else this.items.push(item);
  }

  next(timeoutMs = 15_000): Promise<T> {
    const item = this.items.shift();
    if (item !== undefined) return Promise.resolve(item);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(deliver), 1);
        reject(new Error(`nothing arrived within ${timeoutMs} ms`));
      }, timeoutMs);
      const deliver = (value: T) => {
        clearTimeout(timer);
        resolve(value);
      };
      this.waiting.push(deliver);
    });
  }

  /** What arrived and was not read yet. */
  pending(): T[] {
    return [...this.items];
  }
}

export interface WsConnection {
  client: Client;
  /** How the socket closed, and when (ms since the epoch). */
  closed: Promise<{ code: number; reason: string; at: number }>;
  /** The payload of each `pong` the server sent. */
  pongs: Arrivals<Record<string, unknown> | undefined>;
  /** Sends a raw protocol message on the open socket (what the graphql-ws client has no call for). */
  send(message: Record<string, unknown>): Promise<void>;
}

/** A graphql-ws client of a platform (ws://…/graphql) that never reconnects, with how it closed. */
export function wsClient(platformUrl: string, connectionParams: Record<string, unknown> | undefined): WsConnection {
  let onClosed: (event: { code: number; reason: string; at: number }) => void = () => {};
  const closed = new Promise<{ code: number; reason: string; at: number }>((resolve) => (onClosed = resolve));
  let onOpened: (socket: WebSocket) => void = () => {};
  const opened = new Promise<WebSocket>((resolve) => (onOpened = resolve));
  const pongs = new Arrivals<Record<string, unknown> | undefined>();
  const client = createClient({
    url: `${platformUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams,
    retryAttempts: 0,
    lazy: false,
    on: {
      opened: (socket) => onOpened(socket as WebSocket),
      pong: (received, payload) => received && pongs.push(payload),
      closed: (event) => onClosed({ code: (event as { code: number }).code, reason: String((event as { reason: unknown }).reason), at: Date.now() }),
    },
    onNonLazyError: () => {},
  });
  const send = async (message: Record<string, unknown>) => (await opened).send(JSON.stringify(message));
  return { client, closed, pongs, send };
}

/**
 * Renews the connection's credential on the open socket: a `ping` carrying `params` (like the
 * connection payload). Resolves with the pong's payload, or with the close event if the server
 * refused the renewal.
 */
export async function renew(connection: WsConnection, params: Record<string, unknown>): Promise<{ pong: Record<string, unknown> | undefined } | { closed: { code: number; reason: string } }> {
  await connection.send({ type: 'ping', payload: params });
  return Promise.race([connection.pongs.next(10_000).then((pong) => ({ pong })), connection.closed.then(({ code, reason }) => ({ closed: { code, reason } }))]);
}

/**
 * An access token of `account`'s client living `ttlSeconds` (the platform's own minimum is 60 s):
 * signed with the platform's active key, with its issuer, audience and claims, exactly as its
 * token endpoint would issue it with a shorter lifetime. Returns the token and its `exp` in ms.
 */
export async function shortLivedToken(account: TestAccount, ttlSeconds: number, scopes: string[]): Promise<{ token: string; expiresAtMs: number }> {
  const issuedByPlatform = decodeJwt(await accessToken(account.clientId, account.clientSecret));
  const { active } = await loadSigningKeys(database());
  const issuer = await createTokenIssuer(active, { issuer: issuedByPlatform.iss as string, ttlSeconds });
  const { token } = await issuer.issue({ tenantId: account.tenantId, clientId: account.clientId, scopes });
  return { token, expiresAtMs: (decodeJwt(token).exp as number) * 1000 };
}

export function bearerParams(api: ApiClient): Record<string, string> {
  return { Authorization: api.headers.authorization as string, 'X-Service-Tenant': api.headers['x-service-tenant'] as string };
}

export interface LiveSubscription<T> {
  results: Arrivals<LiveResult<T>>;
  /** Resolves with the errors of an `error` message (a refused subscription), or with the close event. */
  failed: Promise<unknown>;
  completed: Promise<void>;
  stop(): void;
}

export function subscribeWs<T>(client: Client, query: string, variables?: Record<string, unknown>): LiveSubscription<T> {
  const results = new Arrivals<LiveResult<T>>();
  let fail: (error: unknown) => void = () => {};
  let complete: () => void = () => {};
  const failed = new Promise<unknown>((resolve) => (fail = resolve));
  const completed = new Promise<void>((resolve) => (complete = resolve));
  const stop = client.subscribe<T>(
    { query, variables },
    {
      next: (result) => results.push(result as LiveResult<T>),
      error: (error) => fail(error),
      complete: () => complete(),
    },
  );
  return { results, failed, completed, stop };
}

/** A subscription over SSE: POST /graphql with `Accept: text/event-stream`, the stream read as it comes. */
export async function subscribeSse<T>(platformUrl: string, api: ApiClient, query: string, variables?: Record<string, unknown>): Promise<LiveSubscription<T> & { response: Response }> {
  const abort = new AbortController();
  const response = await fetch(`${platformUrl}/graphql`, {
    method: 'POST',
    headers: { ...api.headers, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ query, variables }),
    signal: abort.signal,
  });
  const results = new Arrivals<LiveResult<T>>();
  let complete: () => void = () => {};
  const completed = new Promise<void>((resolve) => (complete = resolve));
  void (async () => {
    if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      const reader = response.body.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        buffer += decoder.decode(chunk.value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(message)?.[1];
          const data = message
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trimStart())
            .join('\n');
          if (event === 'next') results.push(JSON.parse(data) as LiveResult<T>);
          if (event === 'complete') complete();
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Aborted by stop().
    }
    complete();
  })();
  return { response, results, failed: new Promise(() => {}), completed, stop: () => abort.abort() };
}

/** Publishes a custom event through the REST API; returns the event as the API recorded it. */
export async function publish(api: ApiClient, type: string, data: Record<string, unknown>): Promise<{ id: string; type: string; data: unknown }> {
  const response = await api.send('POST', '/v1/events', { type, data });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`publishing ${type} failed: ${response.status} ${text}`);
  return JSON.parse(text) as { id: string; type: string; data: unknown };
}

/** Where a live event carries its custom payload: `data.events.data` for the queries of these tests. */
type EventOf = (result: LiveResult<never>) => { type?: string; data?: unknown } | undefined;
const defaultEventOf: EventOf = (result) => (result.data as { events?: { type?: string; data?: unknown } } | undefined)?.events;

/**
 * Makes sure the subscription is live, then returns everything that arrived before a marker
 * event: publishes `type` events carrying a fresh marker until one arrives (the server subscribes
 * asynchronously), then one last marker and reads up to it. What it returns is exactly what the
 * subscriber received, in order, between the previous barrier and this one (markers excluded).
 */
export async function barrier<T>(subscription: LiveSubscription<T>, api: ApiClient, type: string, eventOf: EventOf = defaultEventOf): Promise<LiveResult<T>[]> {
  const isMarker = (result: LiveResult<T>, marker?: string) => {
    const data = eventOf(result as LiveResult<never>)?.data as { marker?: string } | undefined;
    return marker === undefined ? typeof data?.marker === 'string' : data?.marker === marker;
  };
  const before: LiveResult<T>[] = [];
  // Until the subscription is live: a marker every 250 ms until one arrives.
  const deadline = Date.now() + 20_000;
  let live = false;
  while (!live) {
    if (Date.now() > deadline) throw new Error('the subscription never received a marker event');
    await publish(api, type, { marker: randomUUID() });
    try {
      for (;;) {
        const result = await subscription.results.next(250);
        if (isMarker(result)) {
          live = true;
          break;
        }
        before.push(result);
      }
    } catch {
      // Nothing within 250 ms: publish another marker.
    }
  }
  const last = randomUUID();
  await publish(api, type, { marker: last });
  for (;;) {
    const result = await subscription.results.next();
    if (isMarker(result, last)) return before;
    if (!isMarker(result)) before.push(result);
  }
}
