import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OUTBOUND_HTTP, type OutboundHttp, createOutboundHttp } from '../src/connectors/http.ts';
import { SourceError } from '../src/connectors/source.ts';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** A loopback server whose answer each test sets; it records when each request arrived. */
async function startServer(): Promise<{ url: string; arrivals: number[]; answer(handler: Handler): void; close(): Promise<void> }> {
  const arrivals: number[] = [];
  let handler: Handler = (_request, response) => response.end('{}');
  const server: Server = createServer((request, response) => {
    arrivals.push(Date.now());
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals,
    answer: (next) => {
      handler = next;
      arrivals.length = 0;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

async function failureOf(promise: Promise<unknown>): Promise<SourceError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof SourceError)) throw new Error(`expected a SourceError, got ${String(error)}`);
  return error;
}

describe('the connectors’ HTTP client', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let http: OutboundHttp;
  let strict: OutboundHttp;

  beforeAll(async () => {
    server = await startServer();
    http = createOutboundHttp({ ...DEFAULT_OUTBOUND_HTTP, urlPolicy: { allowedPrivateNetworks: ['127.0.0.0/8'] }, attemptTimeoutMs: 500, maxRetries: 2, maxRetryAfterMs: 2_000, maxResponseBytes: 64 * 1024 });
    strict = createOutboundHttp({ ...DEFAULT_OUTBOUND_HTTP, urlPolicy: { allowedPrivateNetworks: [] } });
  });
  afterAll(async () => {
    await http?.close();
    await strict?.close();
    await server?.close();
  });

  it('refuses private addresses unless the operator allows them: literal, and by name (checked at connection time)', async () => {
    server.answer((_request, response) => response.end('{"ok":true}'));
    expect(await (await http.fetch(`${server.url}/ok`)).json()).toEqual({ ok: true });
    for (const url of [`${server.url}/ok`, `http://localhost:${new URL(server.url).port}/ok`, 'http://[::1]/', 'http://169.254.169.254/latest/meta-data']) {
      const error = await failureOf(strict.fetch(url));
      expect(error.message).toMatch(/^refused: .*private or reserved address/);
      expect(error.retryable).toBe(false);
    }
    expect(server.arrivals).toHaveLength(1);
    expect((await failureOf(http.fetch('file:///etc/passwd'))).message).toBe('refused: file: is not HTTP');
  });

  it('waits as long as Retry-After says on a 429, then returns the answer that followed', async () => {
    let answered = 0;
    server.answer((_request, response) => {
      if (answered++ === 0) response.writeHead(429, { 'retry-after': '1' }).end('slow down');
      else response.end('{"page":1}');
    });
    const response = await http.fetch(`${server.url}/records`);
    expect(response.status).toBe(200);
    expect(server.arrivals).toHaveLength(2);
    expect((server.arrivals[1] ?? 0) - (server.arrivals[0] ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it('returns the last 429 once its retries are spent, and never repeats a POST', async () => {
    server.answer((_request, response) => response.writeHead(429, { 'retry-after': '0' }).end());
    expect((await http.fetch(`${server.url}/records`)).status).toBe(429);
    expect(server.arrivals).toHaveLength(3);
    server.answer((_request, response) => response.writeHead(503).end());
    expect((await http.fetch(`${server.url}/push`, { method: 'POST', body: '{}' })).status).toBe(503);
    expect(server.arrivals).toHaveLength(1);
  });

  it('bounds an attempt that never answers: a retryable failure, not a hang', async () => {
    server.answer(() => {});
    const started = Date.now();
    const error = await failureOf(http.fetch(`${server.url}/silent`, { method: 'POST' }));
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/no answer/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('does not follow redirects, and refuses a body larger than its limit', async () => {
    server.answer((_request, response) => response.writeHead(302, { location: 'http://169.254.169.254/' }).end());
    expect((await http.fetch(`${server.url}/moved`)).status).toBe(302);
    server.answer((_request, response) => response.end('x'.repeat(128 * 1024)));
    const error = await (await http.fetch(`${server.url}/huge`)).text().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
  });

  it('stops when the caller cancels', async () => {
    server.answer(() => {});
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await failureOf(http.fetch(`${server.url}/slow`, { signal: controller.signal }));
    expect(error.message).toBe('cancelled');
  });
});
