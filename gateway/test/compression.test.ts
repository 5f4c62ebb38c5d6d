import { type IncomingHttpHeaders, type Server, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createLogger } from '@platform/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_COMPRESSED_BYTES, negotiateContentCoding } from '../src/edge/compression.ts';
import { type EdgeHandler, createHttpListener } from '../src/edge/http-listener.ts';
import { CACHE, StaticDocument, matchingTag } from '../src/edge/static-documents.ts';

describe('Accept-Encoding negotiation', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['deflate', undefined],
    ['zstd, deflate', undefined],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['*, br;q=0', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0', undefined],
    ['gzip;q=0.000, br;q=0', undefined],
    ['gzip;q=0.001', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.5', 'br'],
    ['gzip;q=0.8, br;q=0.9', 'br'],
    ['br ; q = 0.8 , gzip ; q=0.9', 'gzip'],
    ['identity;q=1, gzip;q=0.5', undefined],
    ['identity;q=0.5, gzip', 'gzip'],
    ['identity;q=0, gzip;q=0.1', 'gzip'],
    // Malformed weights are ignored, never read as "acceptable".
    ['gzip;q=2', undefined],
    ['gzip;q=abc, br;q=1.5', undefined],
    ['br;q=0.5x', undefined],
    [',,, ;q=1', undefined],
  ])('%j -> %s', (header, expected) => {
    expect(negotiateContentCoding(header)).toBe(expected);
  });
});

describe('entity tags of If-None-Match', () => {
  const tags = ['"abc"', '"abc-br"', '"abc-gzip"'];
  it.each([
    [null, undefined],
    ['"abc"', '"abc"'],
    ['W/"abc-br"', '"abc-br"'],
    ['"other", "abc-gzip"', '"abc-gzip"'],
    [' * ', '*'],
    ['"ab"', undefined],
    ['abc', undefined],
    ['"other,x", "abc"', '"abc"'],
  ])('%j -> %s', (header, expected) => {
    expect(matchingTag(header, tags)).toBe(expected);
  });
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** As sent, not decoded. */
  body: Buffer;
}

function send(url: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${url}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

function decode(answer: Answer): Buffer {
  if (answer.headers['content-encoding'] === 'br') return brotliDecompressSync(answer.body);
  if (answer.headers['content-encoding'] === 'gzip') return gunzipSync(answer.body);
  expect(answer.headers['content-encoding']).toBeUndefined();
  return answer.body;
}

const LIST = JSON.stringify({ data: Array.from({ length: 40 }, (_, index) => ({ id: `SKU-${index}`, name: `Item ${index}`, quantity_on_hand: index * 3, warehouse_id: 'wh_lyon' })), meta: { total: 40 } });
// Just under the threshold, and compressible: only the threshold keeps it as it is.
const SMALL = JSON.stringify({ id: 'SKU-1', name: 'Lamp', notes: 'n'.repeat(MIN_COMPRESSED_BYTES - 60) });

/**
 * The listener in front of an edge standing in for Yoga, whose routes answer as the platform's do:
 * JSON of either size, problem+json, an SSE stream that sends one event and then waits, a PNG,
 * an empty 204, a body already encoded, the token endpoint, a body with a secret.
 */
function stand_in(releaseStream: Promise<void>): EdgeHandler {
  return {
    handleNodeRequestAndResponse: (incoming) => {
      const path = new URL(incoming.url ?? '/', 'http://x').pathname;
      switch (path) {
        case '/list':
          return new Response(LIST, { headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', vary: 'Origin' } });
        case '/small':
          return Response.json(JSON.parse(SMALL));
        case '/problem':
          return new Response(JSON.stringify({ type: 'x', detail: 'y'.repeat(2000) }), { status: 400, headers: { 'content-type': 'application/problem+json' } });
        case '/html':
          return new Response(`<!doctype html><p>${'hello '.repeat(500)}</p>`, { headers: { 'content-type': 'text/html; charset=utf-8' } });
        case '/graphql-response':
          return new Response(LIST, { headers: { 'content-type': 'application/graphql-response+json; charset=utf-8' } });
        case '/events': {
          const encoder = new TextEncoder();
          const body = new ReadableStream<Uint8Array>({
            async start(controller) {
              controller.enqueue(encoder.encode(`event: next\ndata: ${JSON.stringify({ data: { filler: 'x'.repeat(4000) } })}\n\n`));
              await releaseStream;
              controller.enqueue(encoder.encode('event: complete\ndata:\n\n'));
              controller.close();
            },
          });
          return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
        }
        case '/image':
          return new Response(new Uint8Array(4096).fill(7), { headers: { 'content-type': 'image/png' } });
        case '/nothing':
          return new Response(null, { status: 204 });
        case '/already-encoded':
          return new Response(LIST, { headers: { 'content-type': 'application/json', 'content-encoding': 'identity' } });
        case '/v1/oauth/token':
          return Response.json({ access_token: `eyJ${'a'.repeat(3000)}`, token_type: 'Bearer', scope: 'inventory:read' });
        case '/secret':
          return Response.json({ id: 'we_1', url: 'https://example.com/hooks', secret: 'whsec_c2VjcmV0', description: 'd'.repeat(3000) });
        default:
          return new Response('not found', { status: 404 });
      }
    },
  };
}

describe('the listener compresses what the client accepts', () => {
  let server: Server;
  let url: string;
  let releaseStream: () => void = () => {};
  beforeAll(async () => {
    server = createServer();
    const listener = createHttpListener({
      server,
      logger: createLogger('silent', 'test'),
      limits: { bodyBytes: 1024 * 1024, formBodyBytes: 1024, requestTimeoutMs: 5000, drainTimeoutMs: 1000 },
      ready: async () => undefined,
    });
    listener.serve(stand_in(new Promise((resolve) => (releaseStream = resolve))));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    releaseStream();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it.each(['/list', '/problem', '/html', '/graphql-response'])('%s: gzip and br decode to the identity body, each with its exact Content-Length and Vary', async (path) => {
    const identity = await send(url, path);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.length).toBeGreaterThan(MIN_COMPRESSED_BYTES);
    for (const [accept, coding] of [
      ['gzip', 'gzip'],
      ['br', 'br'],
      ['gzip, deflate, br', 'br'],
      ['br;q=0, gzip', 'gzip'],
    ] as const) {
      const answer = await send(url, path, { 'accept-encoding': accept });
      expect(answer.headers['content-encoding'], accept).toBe(coding);
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect(answer.body.length).toBeLessThan(identity.body.length / 2);
      expect(decode(answer).equals(identity.body)).toBe(true);
      expect(answer.headers.vary).toMatch(/Accept-Encoding/);
      expect(answer.status).toBe(identity.status);
    }
    expect(Number(identity.headers['content-length'])).toBe(identity.body.length);
    expect(identity.headers.vary).toMatch(/Accept-Encoding/);
  });

  it('keeps the headers the route set (Vary: Origin, Cache-Control) beside its own', async () => {
    const answer = await send(url, '/list', { 'accept-encoding': 'br' });
    expect(answer.headers.vary).toBe('Origin, Accept-Encoding');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('sends identity when the client refuses every coding it knows (q=0) or names none the platform has', async () => {
    for (const accept of ['gzip;q=0, br;q=0', '*;q=0', 'deflate', 'identity']) {
      const answer = await send(url, '/list', { 'accept-encoding': accept });
      expect(answer.headers['content-encoding'], accept).toBeUndefined();
      expect(answer.body.toString()).toBe(LIST);
      expect(answer.headers.vary).toMatch(/Accept-Encoding/);
    }
  });

  it('sends a body under the threshold as it is, still with Vary', async () => {
    const answer = await send(url, '/small', { 'accept-encoding': 'gzip, br' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(SMALL.length).toBeLessThan(MIN_COMPRESSED_BYTES);
    expect(answer.body.toString()).toBe(SMALL);
    expect(Number(answer.headers['content-length'])).toBe(SMALL.length);
    expect(answer.headers.vary).toBe('Accept-Encoding');
  });

  it('never compresses an event stream: the first event arrives while the stream is still open', async () => {
    const first = await new Promise<{ headers: IncomingHttpHeaders; chunk: string; close(): void }>((resolve, reject) => {
      const outgoing = request(`${url}/events`, { headers: { 'accept-encoding': 'gzip, br', accept: 'text/event-stream' } }, (response) => {
        response.once('data', (chunk: Buffer) => resolve({ headers: response.headers, chunk: chunk.toString(), close: () => outgoing.destroy() }));
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.headers['content-type']).toBe('text/event-stream');
    expect(first.chunk).toMatch(/^event: next\n/);
    first.close();
  });

  it('leaves alone what is not compressible or already encoded: images, 204, a Content-Encoding of the route', async () => {
    const image = await send(url, '/image', { 'accept-encoding': 'gzip, br' });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers.vary).toBeUndefined();
    expect(image.body.length).toBe(4096);
    const nothing = await send(url, '/nothing', { 'accept-encoding': 'gzip, br' });
    expect(nothing.status).toBe(204);
    expect(nothing.headers['content-encoding']).toBeUndefined();
    const encoded = await send(url, '/already-encoded', { 'accept-encoding': 'gzip, br' });
    expect(encoded.headers['content-encoding']).toBe('identity');
    expect(encoded.body.toString()).toBe(LIST);
  });

  it('never compresses a HEAD response, and announces the identity length', async () => {
    const answer = await send(url, '/list', { 'accept-encoding': 'gzip, br' }, 'HEAD');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(LIST));
    expect(answer.body.length).toBe(0);
  });

  it('never compresses the token endpoint nor a body carrying a secret (BREACH)', async () => {
    for (const path of ['/v1/oauth/token', '/secret']) {
      const answer = await send(url, path, { 'accept-encoding': 'gzip, br' });
      expect(answer.headers['content-encoding'], path).toBeUndefined();
      expect(answer.body.length, path).toBeGreaterThan(MIN_COMPRESSED_BYTES);
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    }
  });
});

describe('static documents', () => {
  const body = `<!doctype html>${'<p>reference</p>'.repeat(400)}`;
  const get = (headers: Record<string, string> = {}, method = 'GET') => new Request('http://x/docs', { method, headers });

  it('carry a strong ETag per coding, the cache lifetime given, and Vary', async () => {
    const document = new StaticDocument(body, { contentType: 'text/html; charset=utf-8', cacheControl: CACHE.revalidate, vary: ['Accept'] });
    const identity = await document.respond(get());
    const br = await document.respond(get({ 'accept-encoding': 'gzip, br' }));
    const gzip = await document.respond(get({ 'accept-encoding': 'gzip' }));
    expect(identity.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(br.headers.get('etag')).toBe(identity.headers.get('etag')?.replace(/"$/, '-br"'));
    expect(gzip.headers.get('etag')).toBe(identity.headers.get('etag')?.replace(/"$/, '-gzip"'));
    for (const response of [identity, br, gzip]) {
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('vary')).toBe('Accept-Encoding, Accept');
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    }
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(body);
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(body);
    expect(Number(br.headers.get('content-length'))).toBeLessThan(body.length / 10);
    expect(await identity.text()).toBe(body);
  });

  it('answer 304 without a body to If-None-Match naming any of their tags, echoing the tag held', async () => {
    const document = new StaticDocument(body, { contentType: 'text/html', cacheControl: CACHE.short });
    for (const held of [document.etag(), document.etag('br'), `W/${document.etag('gzip')}`, `"stale", ${document.etag('br')}`]) {
      const response = await document.respond(get({ 'if-none-match': held, 'accept-encoding': 'gzip' }));
      expect(response.status, held).toBe(304);
      expect(await response.text()).toBe('');
      expect(response.headers.get('etag')).toBe(held.match(/"[^"]*"$/)?.[0]);
      expect(response.headers.get('cache-control')).toBe('public, max-age=300');
      expect(response.headers.get('content-encoding')).toBeNull();
    }
    expect((await document.respond(get({ 'if-none-match': '*' }))).status).toBe(304);
    expect((await document.respond(get({ 'if-none-match': '"stale"' }))).status).toBe(200);
    expect((await document.respond(get({ 'if-none-match': document.etag() }, 'HEAD'))).status).toBe(304);
  });

  it('keep the headers of the response they replace (GraphiQL: request id, CSP, Vary: Origin), with their own validators and lifetime', async () => {
    const document = new StaticDocument(body, { contentType: 'text/html; charset=utf-8', cacheControl: CACHE.revalidate, vary: ['Accept'] });
    const original = new Headers({ vary: 'Origin', 'x-request-id': 'req_1', 'content-security-policy': "frame-ancestors 'none'", 'cache-control': 'no-store', 'content-type': 'text/html', 'content-length': '5' });
    const response = await document.respond(get({ 'accept-encoding': 'br' }), Response, original);
    expect(response.headers.get('vary')).toBe('Origin, Accept-Encoding, Accept');
    expect(response.headers.get('x-request-id')).toBe('req_1');
    expect(response.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-length')).toBe(String((await response.arrayBuffer()).byteLength));
  });

  it('are compressed once: later responses send the same bytes', async () => {
    const document = new StaticDocument(body, { contentType: 'text/html', cacheControl: CACHE.short });
    const [first, concurrent] = await Promise.all([document.encodedBody('br'), document.encodedBody('br')]);
    expect(concurrent).toBe(first);
    expect(await document.encodedBody('br')).toBe(first);
  });

  it('send HEAD and small documents uncompressed', async () => {
    const document = new StaticDocument(body, { contentType: 'text/html', cacheControl: CACHE.short });
    const head = await document.respond(get({ 'accept-encoding': 'br' }, 'HEAD'));
    expect(head.headers.get('content-encoding')).toBeNull();
    expect(head.headers.get('content-length')).toBe(String(body.length));
    const small = new StaticDocument('{"keys":[]}', { contentType: 'application/json', cacheControl: CACHE.short });
    const answer = await small.respond(get({ 'accept-encoding': 'br' }));
    expect(answer.headers.get('content-encoding')).toBeNull();
    expect(answer.headers.get('etag')).toBe(small.etag());
    expect(answer.headers.get('vary')).toBe('Accept-Encoding');
  });
});
