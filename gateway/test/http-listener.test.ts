import { type IncomingMessage, type Server, createServer, request as httpRequest } from 'node:http';
import { type AddressInfo, createConnection } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger } from '@platform/config';
import type { ErrorCode } from '@platform/errors';
import { afterEach, describe, expect, it } from 'vitest';
import { type EdgeHandler, type HttpListener, createHttpListener } from '../src/edge/http-listener.ts';

const LIMITS = { bodyBytes: 1024 * 1024, formBodyBytes: 1024, requestTimeoutMs: 1000, drainTimeoutMs: 2000 };

/** An edge standing in for Yoga: answers with what it received, or as the test says. */
function edge(handle: (request: IncomingMessage & { body?: Buffer }) => Promise<Response> | Response): EdgeHandler {
  return { handleNodeRequestAndResponse: (request) => handle(request) };
}
const echo = edge((request) => Response.json({ bytes: request.body?.length ?? 0, request_id: request.headers['x-request-id'] }));

let server: Server | undefined;
const logged: string[] = [];

async function start(options: { ready?: () => Promise<ErrorCode | undefined>; metricsToken?: string; uploadTimeoutMs?: number } = {}): Promise<{ listener: HttpListener; url: string }> {
  server = createServer();
  // What the listener logs is kept, to check that failures are logged (and answered without their cause).
  const logger = createLogger('info', 'test', { write: (line: string) => void logged.push(line) });
  const listener = createHttpListener({
    server,
    logger,
    limits: { ...LIMITS, uploadTimeoutMs: options.uploadTimeoutMs ?? LIMITS.requestTimeoutMs },
    ready: options.ready ?? (async () => undefined),
    metricsToken: options.metricsToken,
    streamsBody: (method, path) => method === 'POST' && path === '/v1/uploads',
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { listener, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

afterEach(async () => {
  logged.length = 0;
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A POST whose body is streamed in chunks (no Content-Length), resolving with the status and whether all was sent. */
function streamBody(url: string, totalBytes: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${url}/v1/things`, { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    const chunk = Buffer.alloc(16 * 1024, 'a');
    let sent = 0;
    const pump = () => {
      while (sent < totalBytes) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', pump);
      }
      request.end();
    };
    request.on('error', () => {});
    pump();
  });
}

describe('HTTP listener', () => {
  it('answers every request while starting: probes as they are, the rest 503 service_unavailable with Retry-After', async () => {
    const { listener, url } = await start();
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const notReady = await fetch(`${url}/readyz`);
    expect(notReady.status).toBe(503);
    const refused = await fetch(`${url}/v1/inventory/items`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect(await refused.json()).toMatchObject({ code: 'service_unavailable', status: 503, instance: '/v1/inventory/items' });

    listener.serve(echo);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    expect((await fetch(`${url}/v1/inventory/items`)).status).toBe(200);
  });

  it('is not ready while the database is not, and says so', async () => {
    let database: ErrorCode | undefined = 'database_unavailable';
    const { listener, url } = await start({ ready: async () => database });
    listener.serve(echo);
    const response = await fetch(`${url}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: 'database_unavailable' });
    database = undefined;
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    // Liveness does not depend on the database: restarting the process would not help.
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });

  it('keeps the client request id and makes one otherwise, for every layer', async () => {
    const { listener, url } = await start();
    listener.serve(echo);
    expect(await (await fetch(`${url}/v1/x`, { headers: { 'x-request-id': 'trace-0123456789' } })).json()).toMatchObject({ request_id: 'trace-0123456789' });
    expect(await (await fetch(`${url}/v1/x`, { headers: { 'x-request-id': 'no good' } })).json()).toMatchObject({ request_id: expect.stringMatching(/^req_/) });
  });

  it('refuses a body declared larger than the limit with 413 before reading it, and form bodies at their own limit', async () => {
    const { listener, url } = await start();
    listener.serve(echo);
    const declared = await fetch(`${url}/v1/things`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(LIMITS.bodyBytes + 1) });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ code: 'payload_too_large', limit_bytes: LIMITS.bodyBytes });
    const accepted = await fetch(`${url}/v1/things`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(LIMITS.bodyBytes) });
    expect(await accepted.json()).toMatchObject({ bytes: LIMITS.bodyBytes });
    const form = await fetch(`${url}/v1/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `scope=${'a'.repeat(LIMITS.formBodyBytes)}` });
    expect(form.status).toBe(413);
  });

  it('keeps reading (and dropping) a refused form body while the client still sends it, so the 413 is read instead of a reset', async () => {
    const { listener, url } = await start();
    listener.serve(echo);
    // Sixty-four times the form limit, written in pieces over a few hundred milliseconds: a server
    // that cut the connection soon after its 413 would fail the client's later writes (EPIPE or
    // ECONNRESET), and the client would never read the answer.
    const bodyBytes = 64 * LIMITS.formBodyBytes;
    const socket = createConnection({ host: '127.0.0.1', port: Number(new URL(url).port) });
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    const closed = new Promise<Error | undefined>((resolve) => {
      socket.once('error', resolve);
      socket.once('close', () => resolve(undefined));
    });
    socket.write(`POST /v1/oauth/token HTTP/1.1\r\nhost: x\r\ncontent-type: application/x-www-form-urlencoded\r\ncontent-length: ${bodyBytes}\r\n\r\n`);
    for (let sent = 0; sent < bodyBytes; sent += 4 * LIMITS.formBodyBytes) {
      await new Promise<void>((resolve, reject) => socket.write(Buffer.alloc(4 * LIMITS.formBodyBytes, 'a'), (error) => (error ? reject(error) : resolve())));
      await sleep(20);
    }
    socket.end();
    expect(await closed).toBeUndefined();
    expect(Buffer.concat(received).toString('latin1')).toMatch(/^HTTP\/1\.1 413 [\s\S]*"code":"payload_too_large"/);
  });

  it('refuses a streamed body once it passes the limit, without reading the rest into memory', async () => {
    const { listener, url } = await start();
    listener.serve(echo);
    const before = process.memoryUsage().rss;
    const answer = await streamBody(url, 200 * 1024 * 1024).catch(() => undefined);
    // Either the 413 arrived, or the client saw the connection close after it (it was still sending).
    if (answer) expect(answer.status).toBe(413);
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
    expect((await fetch(`${url}/v1/x`)).status).toBe(200);
  });

  it('answers 504 request_timeout when the edge passes the deadline, instead of hanging', async () => {
    const { listener, url } = await start();
    listener.serve(edge(() => new Promise<Response>(() => {})));
    const started = performance.now();
    const response = await fetch(`${url}/v1/slow`);
    expect(response.status).toBe(504);
    expect(await response.json()).toMatchObject({ code: 'request_timeout' });
    expect(performance.now() - started).toBeLessThan(LIMITS.requestTimeoutMs * 5);
  });

  it('answers 504 request_timeout to a body that does not arrive within the deadline, and closes the connection', async () => {
    const { listener, url } = await start();
    listener.serve(echo);
    const { port } = new URL(url);
    const socket = createConnection(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    const started = performance.now();
    // A body announced and never sent: only the listener's own deadline ends the wait.
    socket.write('POST /v1/things HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"a":');
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 504/);
    expect(answer).toContain('"code":"request_timeout"');
    expect(performance.now() - started).toBeLessThan(LIMITS.requestTimeoutMs * 5);
  });

  it('leaves an upload’s body to the edge, unread and past the body limit, under the upload deadline', async () => {
    const { listener, url } = await start({ uploadTimeoutMs: 10_000 });
    listener.serve(
      edge(async (request) => {
        // The listener read nothing: the edge streams it (here, counting it) as it arrives.
        let bytes = 0;
        for await (const chunk of request) bytes += (chunk as Buffer).length;
        return Response.json({ preread: request.body !== undefined, bytes });
      }),
    );
    const body = Buffer.alloc(LIMITS.bodyBytes * 3, 'x');
    const response = await fetch(`${url}/v1/uploads`, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body });
    expect(await response.json()).toEqual({ preread: false, bytes: body.length });
    // Any other body is still held to the limit.
    expect((await fetch(`${url}/v1/other`, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body })).status).toBe(413);
  });

  it('is the error boundary: an exception becomes 500 internal_error with the request id only, logged with its cause', async () => {
    const { listener, url } = await start();
    listener.serve(
      edge(() => {
        throw new Error('relation "secret_table" does not exist at /srv/app/secret.ts:42');
      }),
    );
    const response = await fetch(`${url}/v1/anything`, { headers: { 'x-request-id': 'trace-boundary-1' } });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ code: 'internal_error', request_id: 'trace-boundary-1' });
    expect(text).not.toMatch(/secret|\.ts|relation|at \//);
    const errors = logged.filter((line) => line.includes('"level":50'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('secret_table');
    expect(errors[0]).toContain('trace-boundary-1');
    // The access log has the request with its status.
    expect(logged.some((line) => line.includes('"msg":"request"') && line.includes('"status":500'))).toBe(true);
  });

  it('serves /metrics only with a metrics token configured, and only to a scraper presenting it', async () => {
    const { listener, url } = await start({ metricsToken: 'scraper-token-0123456789' });
    listener.serve(
      edge(() => {
        throw new Error('a defect');
      }),
    );
    expect((await fetch(`${url}/v1/anything`)).status).toBe(500);
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    expect((await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer scraper-token-012345678X' } })).status).toBe(401);
    const scraped = await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer scraper-token-0123456789' } });
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await scraped.text();
    expect(text).toMatch(/^platform_unexpected_errors_total\{surface="http"\} 1$/m);
    expect(text).toMatch(/^platform_http_responses_total\{method="GET",status="500"\} 1$/m);
    expect(text).toMatch(/^platform_http_responses_total\{method="GET",status="401"\} 2$/m);
  });

  it('times each response by method, route template and status (never a raw path), and counts its own refusals by code', async () => {
    const { listener, url } = await start({ metricsToken: 'scraper-token-0123456789' });
    // Before the edge serves: the readiness probe's 503 is no refusal, the request's is.
    expect((await fetch(`${url}/readyz`)).status).toBe(503);
    expect((await fetch(`${url}/v1/things/thing_early`)).status).toBe(503);
    listener.serve({ ...echo, routes: ['/v1/things/{id}'] });
    expect((await fetch(`${url}/v1/things/thing_1`)).status).toBe(200);
    expect((await fetch(`${url}/v1/things/thing_2`)).status).toBe(200);
    expect((await fetch(`${url}/v1/elsewhere/thing_3`)).status).toBe(200);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const tooLarge = await fetch(`${url}/v1/things/thing_4`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(LIMITS.bodyBytes + 1) });
    expect(tooLarge.status).toBe(413);
    const text = await (await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer scraper-token-0123456789' } })).text();
    expect(text).toMatch(/^platform_http_request_duration_seconds_count\{method="GET",route="\/v1\/things\/\{id\}",status="200"\} 2$/m);
    expect(text).toMatch(/^platform_http_request_duration_seconds_count\{method="POST",route="\/v1\/things\/\{id\}",status="413"\} 1$/m);
    expect(text).toMatch(/^platform_http_request_duration_seconds_count\{method="GET",route="unmatched",status="200"\} 1$/m);
    // Before the edge, only the listener's own paths are known.
    expect(text).toMatch(/^platform_http_request_duration_seconds_count\{method="GET",route="unmatched",status="503"\} 1$/m);
    expect(text).toMatch(/^platform_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} 1$/m);
    expect(text).not.toContain('thing_');
    expect(text).toMatch(/^platform_errors_total\{code="service_unavailable",surface="http"\} 1$/m);
    expect(text).toMatch(/^platform_errors_total\{code="payload_too_large",surface="http"\} 1$/m);
  });

  it('has no /metrics without a metrics token: the edge answers the path like any other', async () => {
    const { listener, url } = await start();
    listener.serve(echo);
    expect(await (await fetch(`${url}/metrics`)).json()).toMatchObject({ bytes: 0 });
  });

  it('answers oversized headers with a 431 problem', async () => {
    const { listener, url } = await start();
    listener.serve(echo);
    const response = await fetch(`${url}/v1/x`, { headers: { 'x-filler': 'a'.repeat(20_000) } });
    expect(response.status).toBe(431);
    expect(await response.json()).toMatchObject({ code: 'headers_too_large' });
  });

  it('lets a client still sending a 6 MB request line read its 431 instead of a reset', async () => {
    const { listener, url } = await start();
    listener.serve(echo);
    for (let attempt = 0; attempt < 5; attempt++) {
      const errors: string[] = [];
      const status = await new Promise<number>((resolve) => {
        const request = httpRequest(`${url}/v1/x?q=${'a'.repeat(6_000_000)}`, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        });
        request.on('error', (error) => {
          errors.push(error.message);
          resolve(0);
        });
        request.end();
      });
      // Closing under the client's write would fail its request (EPIPE / ECONNRESET) even after the answer came.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect({ status, errors }).toEqual({ status: 431, errors: [] });
    }
  });

  it('drains: new requests get 503 while those in flight finish', async () => {
    const { listener, url } = await start();
    let finish: (() => void) | undefined;
    listener.serve(
      edge(async (request) => {
        if (request.url === '/v1/slow') await new Promise<void>((resolve) => (finish = resolve));
        return Response.json({ ok: true });
      }),
    );
    const inFlight = fetch(`${url}/v1/slow`);
    await expect.poll(() => finish).toBeDefined();
    const drained = listener.drain();
    const refused = await fetch(`${url}/v1/other`);
    expect(refused.status).toBe(503);
    expect((await fetch(`${url}/readyz`)).status).toBe(503);
    finish?.();
    expect((await inFlight).status).toBe(200);
    await drained;
  });
});
