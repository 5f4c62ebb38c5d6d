import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { PlatformClient, PlatformProblemError, PlatformRequestError, type RetryEvent } from '../src/index.ts';
import { TENANT, type TestServer, json, problem, sleep, startServer } from './support/server.ts';

let server: TestServer;
afterEach(() => server?.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ORDER = { kind: 'sales' as const, customer_id: 'cus_1' };

function client(options: ConstructorParameters<typeof PlatformClient>[1] = {}) {
  const retries: RetryEvent[] = [];
  const platform = new PlatformClient({ baseUrl: server.url, tenantId: TENANT, apiKey: 'sk_test_key' }, { baseDelayMs: 10, maxDelayMs: 50, onRetry: (event) => retries.push(event), ...options });
  return { platform, retries };
}

/** Answers the n-th request (from 0) with `answers[n]`, the rest with the last one. */
function sequence(...answers: Array<(response: ServerResponse) => void>) {
  let count = 0;
  return (_request: unknown, response: ServerResponse) => answers[Math.min(count++, answers.length - 1)]!(response);
}

describe('retries', () => {
  it('retries a 429 after the Retry-After it names, then succeeds', async () => {
    server = await startServer(
      sequence(
        (response) => problem(response, 429, 'rate_limited', 'Slow down.', {}, { 'retry-after': '1' }),
        (response) => json(response, 200, { id: 'cus_1' }),
      ),
    );
    const { platform, retries } = client();
    const { data } = await platform.rest.GET('/v1/crm/customers/{id}', { params: { path: { id: 'cus_1' } } });
    expect(data).toEqual({ id: 'cus_1' });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.at - server.requests[0]!.at).toBeGreaterThanOrEqual(990);
    expect(retries).toMatchObject([{ method: 'GET', attempt: 1, status: 429, delayMs: 1000 }]);
  });

  it('retries a 503 and a lost connection with backoff, up to maxRetries, then returns the last answer as a typed error', async () => {
    server = await startServer(
      sequence(
        (response) => problem(response, 503, 'service_unavailable', 'Try again.'),
        (response) => response.socket?.destroy(),
        (response) => problem(response, 503, 'database_unavailable', 'Try again.'),
      ),
    );
    const { platform, retries } = client({ maxRetries: 2 });
    const error = await platform.rest.GET('/v1/crm/customers/{id}', { params: { path: { id: 'cus_1' } } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformProblemError);
    expect(error).toMatchObject({ status: 503, code: 'database_unavailable' });
    expect(server.requests).toHaveLength(3);
    expect(retries.map((retry) => [retry.attempt, retry.status])).toEqual([
      [1, 503],
      [2, undefined],
    ]);
    expect(retries[1]!.error).toBeInstanceOf(Error);
    for (const retry of retries) expect(retry.delayMs).toBeLessThan(50);
  });

  it('gives every write an Idempotency-Key and sends the same key on each retry', async () => {
    server = await startServer(
      sequence(
        (response) => response.socket?.destroy(),
        (response) => problem(response, 502, 'service_unavailable', 'Bad gateway.'),
        (response) => json(response, 201, { id: 'ord_1' }, { 'idempotent-replayed': 'true' }),
      ),
    );
    const { platform, retries } = client();
    const { data, response } = await platform.rest.POST('/v1/crm/orders', { body: ORDER });
    expect(data).toEqual({ id: 'ord_1' });
    expect(response.headers.get('idempotent-replayed')).toBe('true');
    const keys = server.requests.map((request) => request.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(UUID);
    expect(new Set(keys).size).toBe(1);
    expect(server.requests.map((request) => JSON.parse(request.body))).toEqual([ORDER, ORDER, ORDER]);
    expect(retries.map((retry) => retry.idempotencyKey)).toEqual([keys[0], keys[0]]);

    // Another write gets another key; a key the caller gives is used as it is.
    await platform.rest.POST('/v1/crm/orders', { body: ORDER });
    await platform.rest.POST('/v1/crm/orders', { body: ORDER, params: { header: { 'Idempotency-Key': 'my-key-1' } } });
    expect(server.requests[3]!.headers['idempotency-key']).toMatch(UUID);
    expect(server.requests[3]!.headers['idempotency-key']).not.toBe(keys[0]);
    expect(server.requests[4]!.headers['idempotency-key']).toBe('my-key-1');
  });

  it('retries a 409 idempotency_key_in_use (the first attempt still running) after its Retry-After', async () => {
    server = await startServer(
      sequence(
        (response) => problem(response, 409, 'idempotency_key_in_use', 'Still running.', {}, { 'retry-after': '0' }),
        (response) => json(response, 201, { id: 'ord_1' }),
      ),
    );
    const { platform } = client();
    await platform.rest.POST('/v1/crm/orders', { body: ORDER });
    expect(server.requests).toHaveLength(2);
  });

  it('never retries a write without an Idempotency-Key, nor a 4xx', async () => {
    server = await startServer((_request, response) => problem(response, 503, 'service_unavailable', 'Try again.'));
    const { platform, retries } = client({ idempotencyKeys: false });
    const error = await platform.rest.POST('/v1/crm/orders', { body: ORDER }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 503, code: 'service_unavailable' });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.headers['idempotency-key']).toBeUndefined();
    expect(retries).toEqual([]);

    await server.close();
    server = await startServer((_request, response) => problem(response, 409, 'invalid_transition', 'Not from draft.'));
    const keyed = client();
    await expect(keyed.platform.rest.POST('/v1/crm/orders/{id}/confirm', { params: { path: { id: 'ord_1' } } })).rejects.toMatchObject({ status: 409, code: 'invalid_transition' });
    expect(server.requests).toHaveLength(1);
    expect(keyed.retries).toEqual([]);
  });

  it('times out each attempt after timeoutMs and retries it; when every attempt times out, a PlatformRequestError says so', async () => {
    let count = 0;
    server = await startServer(async (_request, response) => {
      if (count++ === 0) await sleep(1_000);
      json(response, 200, { id: 'cus_1' });
    });
    const { platform, retries } = client({ timeoutMs: 200 });
    const started = Date.now();
    await platform.rest.GET('/v1/crm/customers/{id}', { params: { path: { id: 'cus_1' } } });
    expect(Date.now() - started).toBeLessThan(900);
    expect(retries).toHaveLength(1);
    expect((retries[0]!.error as Error).name).toBe('TimeoutError');

    await server.close();
    server = await startServer(async (_request, response) => {
      await sleep(1_000);
      json(response, 200, {});
    });
    const slow = client({ timeoutMs: 100, maxRetries: 1 });
    const error = await slow.platform.rest.GET('/v1/crm/customers/{id}', { params: { path: { id: 'cus_1' } } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformRequestError);
    expect(error).toMatchObject({ attempts: 2, timedOut: true });
    expect(server.requests).toHaveLength(2);
  });

  it('does not wait for a Retry-After beyond maxRetryAfterMs, and never retries a request the caller aborted', async () => {
    server = await startServer((_request, response) => problem(response, 503, 'service_unavailable', 'Maintenance.', {}, { 'retry-after': '3600' }));
    const { platform, retries } = client();
    await expect(platform.rest.GET('/v1/crm/customers/{id}', { params: { path: { id: 'x' } } })).rejects.toMatchObject({ status: 503, code: 'service_unavailable' });
    expect(server.requests).toHaveLength(1);
    expect(retries).toEqual([]);

    await server.close();
    server = await startServer(async (_request, response) => {
      await sleep(500);
      json(response, 200, {});
    });
    const error = await client()
      .platform.rest.GET('/v1/crm/customers/{id}', { params: { path: { id: 'x' } }, signal: AbortSignal.timeout(100) })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformRequestError);
    expect(error).toMatchObject({ attempts: 1, timedOut: false });
    expect(server.requests).toHaveLength(1);
  });
});
