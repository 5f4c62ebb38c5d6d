/**
 * Smoke test of @platform/client against a real platform (test/clients/typescript-client.test.ts
 * runs it with the fixture's variables): `node --import tsx smoke/smoke.ts`. Each step asserts
 * what it shows; the first failure ends the program with exit code 1.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { type IncomingHttpHeaders, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { PlatformClient, PlatformProblemError, type RetryEvent, WebhookVerificationError, documents, ifMatch, verifyWebhook } from '../src/index.ts';

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: the smoke test runs against a platform the test fixture starts (test/clients/typescript-client.test.ts)`);
  return value;
}

const log = (line: string) => process.stdout.write(`${line}\n`);

async function step(name: string, run: () => Promise<string | void>): Promise<void> {
  const started = Date.now();
  const detail = await run();
  log(`ok   ${name} (${Date.now() - started} ms)${detail ? `: ${detail}` : ''}`);
}

async function main(): Promise<void> {
  if (!process.env.PLATFORM_URL) {
    log('PLATFORM_URL is not set: nothing to smoke-test (the test fixture sets it).');
    return;
  }
  const baseUrl = env('PLATFORM_URL');
  const tenantId = env('PLATFORM_TENANT_ID');
  const credentials = { tenantId, clientId: env('PLATFORM_CLIENT_ID'), clientSecret: env('PLATFORM_CLIENT_SECRET') };
  const customerId = env('PLATFORM_CUSTOMER_ID');
  const itemId = env('PLATFORM_ITEM_ID');
  const retries: RetryEvent[] = [];
  const client = new PlatformClient({ baseUrl, ...credentials }, { timeoutMs: 15_000, webSocketImpl: WebSocket });
  const order = (external_reference: string) => ({ kind: 'sales' as const, customer_id: customerId, external_reference, lines: [{ item_id: itemId, quantity: 1, unit_price: 1999 }] });

  try {
    await step('1. access token from client credentials', async () => {
      const token = await client.tokens.token();
      assert.equal(token.split('.').length, 3, 'the access token is a JWT');
      const renewsAt = client.tokens.renewsAt();
      assert.ok(renewsAt !== undefined && renewsAt > Date.now(), 'the token is renewed before it expires');
      return `renewal in ${Math.round((renewsAt - Date.now()) / 1000)} s`;
    });

    await step('2. every inventory item of the warehouse, 10 per page, through the iterator', async () => {
      const ids: string[] = [];
      for await (const item of client.paginate('/v1/inventory/items', { query: { warehouse_id: env('PLATFORM_WAREHOUSE_ID'), per_page: 10 } })) ids.push(item.id);
      assert.deepEqual(ids, Array.from({ length: 25 }, (_, index) => `SMOKE-${String(index + 1).padStart(2, '0')}`));
      return `${ids.length} items`;
    });

    let orderId = '';
    await step('3. an order created through a proxy that loses the first answer: retried with the same Idempotency-Key, created once', async () => {
      const flaky = new PlatformClient({ baseUrl: env('PLATFORM_FLAKY_URL'), ...credentials }, { onRetry: (event) => retries.push(event) });
      const reference = `smoke-${randomUUID()}`;
      const { data, response } = await flaky.rest.POST('/v1/crm/orders', { body: order(reference) });
      orderId = data.id;
      const retry = retries.find((event) => event.method === 'POST');
      assert.ok(retry, 'the lost answer was retried');
      assert.equal(retry.status, undefined, 'the retry followed a lost connection');
      assert.equal(response.headers.get('idempotent-replayed'), 'true', 'the retry was answered from the first attempt');
      const matching: string[] = [];
      for await (const listed of client.paginate('/v1/crm/orders', { query: { customer_id: customerId, per_page: 100 } })) {
        if (listed.external_reference === reference) matching.push(listed.id);
      }
      assert.deepEqual(matching, [data.id], 'exactly one order with the external reference');
      return `${data.id}, key ${retry.idempotencyKey}`;
    });

    await step('4. a stale If-Match is a typed 412, an action the status forbids a typed 409', async () => {
      const { data: current, response } = await client.rest.GET('/v1/crm/orders/{id}', { params: { path: { id: orderId } } });
      const etag = response.headers.get('etag');
      assert.equal(etag, ifMatch(current.version));
      await client.rest.PATCH('/v1/crm/orders/{id}', { params: { path: { id: orderId }, header: { 'If-Match': etag! } }, body: { notes: 'changed by the smoke test' } });
      const stale = await client.rest
        .PATCH('/v1/crm/orders/{id}', { params: { path: { id: orderId }, header: { 'If-Match': etag! } }, body: { notes: 'based on a stale version' } })
        .catch((error: unknown) => error);
      assert.ok(stale instanceof PlatformProblemError, `a PlatformProblemError, got ${String(stale)}`);
      assert.equal(stale.status, 412);
      assert.equal(stale.code, 'precondition_failed');
      assert.match(stale.requestId ?? '', /^req_/);
      assert.equal(stale.problem.current_version, current.version + 1);

      await client.rest.POST('/v1/crm/orders/{id}/confirm', { params: { path: { id: orderId } } });
      const twice = await client.rest.POST('/v1/crm/orders/{id}/confirm', { params: { path: { id: orderId } } }).catch((error: unknown) => error);
      assert.ok(twice instanceof PlatformProblemError, `a PlatformProblemError, got ${String(twice)}`);
      assert.equal(twice.status, 409);
      assert.equal(twice.code, 'invalid_transition');
      assert.equal(twice.problem.current_status, 'confirmed');
      return `412 ${stale.requestId}; 409 ${twice.code} (allowed: ${String(twice.problem.allowed_actions)})`;
    });

    await step('5. a burst of 8 reads on a tenant limited to 2 per second: 429s retried after Retry-After, all succeed', async () => {
      const throttledRetries: RetryEvent[] = [];
      const throttled = new PlatformClient(
        { baseUrl, tenantId: env('PLATFORM_THROTTLED_TENANT_ID'), clientId: env('PLATFORM_THROTTLED_CLIENT_ID'), clientSecret: env('PLATFORM_THROTTLED_CLIENT_SECRET') },
        { maxRetries: 8, onRetry: (event) => throttledRetries.push(event) },
      );
      await throttled.tokens.token();
      const started = Date.now();
      const answers = await Promise.all(Array.from({ length: 8 }, () => throttled.rest.GET('/v1/inventory/items', { params: { query: { per_page: 1 } } })));
      assert.equal(answers.length, 8);
      const waits = throttledRetries.filter((event) => event.status === 429);
      assert.ok(waits.length >= 1, 'at least one 429 was retried');
      assert.ok(waits.every((event) => event.delayMs >= 1000), 'each retry waited at least Retry-After');
      return `${waits.length} retries after 429, ${Date.now() - started} ms`;
    });

    await step('6. a webhook delivery of order.created, verified with the Standard Webhooks verifier', async () => {
      const deliveries: Array<{ body: string; headers: IncomingHttpHeaders }> = [];
      let arrived = () => {};
      const receiver = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          deliveries.push({ body: Buffer.concat(chunks).toString('utf8'), headers: request.headers });
          response.writeHead(204).end();
          arrived();
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, env('PLATFORM_WEBHOOK_HOST'), resolve));
      try {
        const url = `http://${env('PLATFORM_WEBHOOK_HOST')}:${(receiver.address() as AddressInfo).port}/hooks`;
        const { data: endpoint } = await client.rest.POST('/v1/events/webhook-endpoints', { body: { url, event_types: ['order.created'] } });
        assert.match(endpoint.secret, /^whsec_/);
        const { data: created } = await client.rest.POST('/v1/crm/orders', { body: order(`smoke-webhook-${randomUUID()}`) });
        const deadline = Date.now() + 30_000;
        for (;;) {
          const delivery = deliveries.find((candidate) => candidate.body.includes(created.id));
          if (delivery) {
            const event = verifyWebhook<{ id: string }>(endpoint.secret, delivery.body, delivery.headers);
            assert.equal(event.type, 'order.created');
            assert.equal(event.data.id, created.id);
            assert.throws(() => verifyWebhook(endpoint.secret, delivery.body.replace(created.id, 'ord_forged'), delivery.headers), WebhookVerificationError);
            return `${String(delivery.headers['webhook-id'])} for ${created.id} after ${30_000 - (deadline - Date.now())} ms`;
          }
          assert.ok(Date.now() < deadline, 'the delivery arrived within 30 s');
          await new Promise<void>((resolve) => {
            arrived = resolve;
            setTimeout(resolve, 1_000);
          });
        }
      } finally {
        receiver.closeAllConnections();
        await new Promise((resolve) => receiver.close(resolve));
      }
    });

    await step('7. typed GraphQL: the orders of the customer with their customer', async () => {
      const data = await client.graphql(documents.OrdersWithCustomerDocument, { customer_id: customerId, per_page: 100 });
      assert.ok(data.orders.data.some((listed) => listed.id === orderId));
      assert.ok(data.orders.data.every((listed) => listed.customer.id === customerId));
      return `${data.orders.meta.total} orders`;
    });

    await step('8. a live subscription to order events over graphql-ws receives a new order', async () => {
      const subscription = client.subscribe(documents.OrderEventsDocument, { types: ['order.created'] });
      const created = new Set<string>();
      const next = subscription.next();
      try {
        // The platform does not acknowledge a subscription: create orders until one arrives.
        for (let attempt = 0; ; attempt++) {
          assert.ok(attempt < 10, 'an order event arrived within 10 orders');
          await new Promise((resolve) => setTimeout(resolve, 500));
          const { data } = await client.rest.POST('/v1/crm/orders', { body: order(`smoke-live-${randomUUID()}`) });
          created.add(data.id);
          const result = await Promise.race([next, new Promise<undefined>((resolve) => setTimeout(resolve, 2_000, undefined))]);
          if (result === undefined) continue;
          assert.equal(result.done, false);
          const event = result.value!.events;
          assert.equal(event.type, 'order.created');
          assert.ok(created.has(event.order!.id), 'the event is about an order the smoke test created');
          assert.equal(event.order!.customer.name.length > 0, true);
          return `${event.id} for ${event.order!.number}`;
        }
      } finally {
        await subscription.return();
      }
    });
  } finally {
    await client.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    if (error instanceof PlatformProblemError) process.stderr.write(`problem: ${JSON.stringify(error.problem)}\n`);
    process.exit(1);
  },
);
