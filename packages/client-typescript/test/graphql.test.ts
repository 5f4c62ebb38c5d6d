import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type * as GraphQL from 'graphql';
import type { AddressInfo } from 'node:net';
import { useServer } from 'graphql-ws/use/ws';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { PlatformClient, PlatformGraphQLError, PlatformSubscriptionClosedError, documents } from '../src/index.ts';
import { TENANT, type TestServer, json, sleep, startServer } from './support/server.ts';

let server: TestServer | undefined;
const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('graphql', () => {
  it('posts the typed document to /graphql with the credential, tenant and an Idempotency-Key, and resolves to data', async () => {
    server = await startServer((_request, response) => json(response, 200, { data: { orders: { data: [{ id: 'ord_1', customer: { id: 'cus_1', name: 'A' } }], meta: { total: 1 } } } }));
    const platform = new PlatformClient({ baseUrl: server.url, tenantId: TENANT, apiKey: 'sk_test_key' });
    const data = await platform.graphql(documents.OrdersWithCustomerDocument, { customer_id: 'cus_1', per_page: 5 });
    expect(data.orders.data[0]!.customer.name).toBe('A');
    const request = server.requests[0]!;
    expect(request).toMatchObject({ method: 'POST', path: '/graphql' });
    expect(request.headers).toMatchObject({ authorization: 'Bearer sk_test_key', 'x-service-tenant': TENANT, 'content-type': 'application/json' });
    expect(request.headers['idempotency-key']).toBeTruthy();
    const body = JSON.parse(request.body);
    expect(body).toMatchObject({ operationName: 'OrdersWithCustomer', variables: { customer_id: 'cus_1', per_page: 5 } });
    expect(body.query).toContain('query OrdersWithCustomer');
  });

  it('errors reject with a PlatformGraphQLError (code, request id, partial data); 429s are retried like REST', async () => {
    let count = 0;
    server = await startServer((_request, response) => {
      if (count++ === 0) return json(response, 429, { errors: [{ message: 'Slow down.', extensions: { code: 'rate_limited' } }] }, { 'retry-after': '0' });
      json(response, 200, { data: { create_order: null }, errors: [{ message: 'No such customer.', path: ['create_order'], extensions: { code: 'rule_violation', request_id: 'req_gql' } }] });
    });
    const platform = new PlatformClient({ baseUrl: server.url, tenantId: TENANT, apiKey: 'sk_test_key' }, { baseDelayMs: 1 });
    const error = await platform.graphql(documents.CreateOrderDocument, { input: { kind: 'sales', customer_id: 'cus_x' } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformGraphQLError);
    expect(error).toMatchObject({ status: 200, code: 'rule_violation', requestId: 'req_gql', data: { create_order: null } });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]!.headers['idempotency-key']).toBe(server.requests[1]!.headers['idempotency-key']);
  });
});

// graphql-ws (loaded by Node) uses graphql's CommonJS build; the schema must come from the same one.
const { buildSchema } = createRequire(import.meta.url)('graphql') as typeof GraphQL;

/** A graphql-ws server over the platform's committed API schema, whose `events` yields what `publish` sends. */
async function startSubscriptionServer() {
  const schema = buildSchema(readFileSync(new URL('../../../docs/api/schema.graphql', import.meta.url), 'utf8'));
  const http = createServer();
  const wss = new WebSocketServer({ server: http, path: '/graphql' });
  const connections: Array<Record<string, unknown> | undefined> = [];
  const pings: unknown[] = [];
  // Each live subscription's delivery; `publish` sends to all of them.
  const listeners = new Set<(event: unknown) => void>();
  const publish = (event: unknown) => listeners.forEach((listener) => listener(event));
  const serverCleanup = useServer(
    {
      schema,
      roots: {
        subscription: {
          events: async function* () {
            const queue: unknown[] = [];
            let wake = () => {};
            const listener = (event: unknown) => {
              queue.push(event);
              wake();
            };
            listeners.add(listener);
            try {
              for (;;) {
                if (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
                yield { events: queue.shift() };
              }
            } finally {
              listeners.delete(listener);
            }
          },
        },
      },
      onConnect: (context) => {
        const params = context.connectionParams as Record<string, unknown> | undefined;
        connections.push(params);
        return params?.['X-Service-Tenant'] === TENANT && typeof params.Authorization === 'string';
      },
      onPing: (_context, payload) => {
        pings.push(payload);
      },
    },
    wss,
  );
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  cleanups.push(async () => {
    await serverCleanup.dispose();
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
  });
  return { url, wss, connections, pings, publish };
}

const EVENT = { id: 'evt_1', type: 'order.created', occurred_at: '2026-11-26T10:00:00.000Z', data: { id: 'ord_1' }, order: { id: 'ord_1', number: 'SO-1', status: 'draft', external_reference: null, customer: { name: 'A' } } };

describe('subscribe', () => {
  it('authenticates the socket in the connection payload and yields typed results; leaving the loop completes it', async () => {
    const ws = await startSubscriptionServer();
    const { WebSocket } = await import('ws');
    const platform = new PlatformClient({ baseUrl: ws.url, tenantId: TENANT, apiKey: 'sk_test_key' }, { webSocketImpl: WebSocket });
    cleanups.push(() => platform.close());
    const received: string[] = [];
    const subscription = platform.subscribe(documents.OrderEventsDocument, { types: ['order.created'] });
    const first = subscription.next();
    await sleep(200);
    ws.publish(EVENT);
    ws.publish({ ...EVENT, id: 'evt_2' });
    received.push((await first).value!.events.id);
    for await (const result of subscription) {
      received.push(result.events.id);
      expect(result.events.order?.customer.name).toBe('A');
      break;
    }
    expect(received).toEqual(['evt_1', 'evt_2']);
    expect(ws.connections).toEqual([{ Authorization: 'Bearer sk_test_key', 'X-Service-Tenant': TENANT }]);
  });

  it('renews the access token on the open socket with a ping carrying the new credential, and reconnects with a valid token', async () => {
    const ws = await startSubscriptionServer();
    server = await startServer(() => {}, { expiresIn: 1 });
    const { WebSocket } = await import('ws');
    // The token endpoint is on another server: point the client at it through a fetch that rewrites the grant's URL.
    const platform = new PlatformClient(
      { baseUrl: ws.url, tenantId: TENANT, clientId: 'cli_test', clientSecret: 'secret' },
      { webSocketImpl: WebSocket, fetch: (input, init) => fetch(new Request(String((input as Request).url).replace(ws.url, server!.url), input as Request), init) },
    );
    cleanups.push(() => platform.close());
    const subscription = platform.subscribe(documents.OrderEventsDocument, {});
    const first = subscription.next();
    await sleep(1_200);
    expect(ws.pings).toEqual([{ Authorization: `Bearer ${server.tokens[1]}`, 'X-Service-Tenant': TENANT }]);
    // The platform going away (1001): graphql-ws reconnects, with the newest token.
    for (const socket of ws.wss.clients) socket.close(1001, 'going away');
    await sleep(1_000);
    expect(ws.connections.length).toBeGreaterThanOrEqual(2);
    expect(ws.connections.at(-1)!.Authorization).toBe(`Bearer ${server.tokens.at(-1)}`);
    ws.publish(EVENT);
    expect((await first).value!.events.id).toBe('evt_1');
    await subscription.return();
  });

  it('a refused connection is not retried and ends the iteration with the close code and reason', async () => {
    const ws = await startSubscriptionServer();
    const { WebSocket } = await import('ws');
    const platform = new PlatformClient({ baseUrl: ws.url, tenantId: 'ten_000000000000000000000002', apiKey: 'sk_test_key' }, { webSocketImpl: WebSocket });
    cleanups.push(() => platform.close());
    const error = await platform
      .subscribe(documents.OrderEventsDocument, {})
      .next()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformSubscriptionClosedError);
    expect(error).toMatchObject({ closeCode: 4403, reason: 'Forbidden' });
    expect(ws.connections).toHaveLength(1);
  });
});
