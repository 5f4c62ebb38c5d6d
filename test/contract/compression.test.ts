import { type IncomingHttpHeaders, request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { scopeCatalogue } from '@platform/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createAccount, platformUrl, signedInAccount } from '../support/fixtures.ts';
import { createItem, createWarehouse } from '../support/inventory.ts';
import { publish } from '../support/subscriptions.ts';

/**
 * Bytes on the wire (docs/api-conventions.md, "Compression and caching"), read with node:http,
 * which does not decode (fetch would decode and hide what was sent): br or gzip as the client's
 * Accept-Encoding asks, `Vary: Accept-Encoding`, exact Content-Length; never for SSE, the token
 * endpoint or small bodies; the public documents with ETags, 304s and their cache lifetimes.
 */

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** As sent: not decoded. */
  body: Buffer;
}

function send(path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${platformUrl}${path}`, { method: options.method ?? 'GET', headers: options.headers ?? {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** The body decoded by its Content-Encoding, after checking Content-Length against the bytes sent. */
function decoded(answer: Answer): Buffer {
  expect(Number(answer.headers['content-length']), 'Content-Length').toBe(answer.body.length);
  const coding = answer.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(answer.body);
  if (coding === 'gzip') return gunzipSync(answer.body);
  expect(coding).toBeUndefined();
  return answer.body;
}

const varies = (answer: Answer, token: string) => String(answer.headers.vary ?? '').split(/\s*,\s*/).map((part) => part.toLowerCase()).includes(token.toLowerCase());

/** The same request without Accept-Encoding, with gzip, with br and with both: identical bodies once decoded, each as smaller as promised. */
async function expectNegotiated(path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Record<'identity' | 'gzip' | 'br', Answer>> {
  const withCoding = (accept?: string) => send(path, { ...options, headers: { ...options.headers, ...(accept && { 'accept-encoding': accept }) } });
  const identity = await withCoding();
  const gzip = await withCoding('gzip');
  const br = await withCoding('br');
  const both = await withCoding('gzip, deflate, br');
  expect(identity.status).toBe(200);
  expect(identity.body.length, 'a body large enough to be compressed').toBeGreaterThan(1024);
  expect(identity.headers['content-encoding']).toBeUndefined();
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(br.headers['content-encoding']).toBe('br');
  expect(both.headers['content-encoding']).toBe('br');
  const plain = decoded(identity);
  for (const answer of [gzip, br, both]) {
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeLessThan(identity.body.length);
    expect(decoded(answer).equals(plain)).toBe(true);
  }
  for (const answer of [identity, gzip, br, both]) expect(varies(answer, 'Accept-Encoding')).toBe(true);
  return { identity, gzip, br };
}

describe('compression of API responses', () => {
  let api: ApiClient;
  const listPath = '/v1/inventory/items?per_page=25';
  const listQuery = JSON.stringify({ query: '{ inventory_items(per_page: 25) { data { id name quantity_on_hand reorder_point warehouse_id last_synced_at } meta { total } } }' });

  beforeAll(async () => {
    ({ api } = await signedInAccount(['inventory:read', 'inventory:write', 'events:read', 'events:write']));
    const warehouse = await createWarehouse(api, 'Compression');
    for (let index = 0; index < 12; index++) await createItem(api, { id: `SKU-GZ-${index}`, warehouse_id: warehouse, name: `Compressible item number ${index}` });
  });

  it('REST: gzip and br decode to the identity body, with Vary and exact Content-Length; tenant data stays no-store', async () => {
    const { gzip, br } = await expectNegotiated(listPath, { headers: api.headers });
    expect(gzip.headers['cache-control']).toBe('no-store');
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
  });

  it('GraphQL (POST /graphql): the same', async () => {
    const { br } = await expectNegotiated('/graphql', { method: 'POST', headers: { ...api.headers, 'content-type': 'application/json' }, body: listQuery });
    expect(JSON.parse(decoded(br).toString())).toMatchObject({ data: { inventory_items: { meta: { total: 12 } } } });
    expect(br.headers['cache-control']).toBe('no-store');
  });

  it('honours q=0 and codings it does not have: identity, still with Vary', async () => {
    for (const accept of ['br;q=0, gzip;q=0', 'gzip;q=0, identity', '*;q=0', 'deflate', 'zstd']) {
      const answer = await send(listPath, { headers: { ...api.headers, 'accept-encoding': accept } });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding'], accept).toBeUndefined();
      expect(JSON.parse(decoded(answer).toString())).toMatchObject({ meta: { total: 12 } });
      expect(varies(answer, 'Accept-Encoding')).toBe(true);
    }
    const gzipOnly = await send(listPath, { headers: { ...api.headers, 'accept-encoding': 'br;q=0, gzip' } });
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    const weighted = await send(listPath, { headers: { ...api.headers, 'accept-encoding': 'br;q=0.2, gzip;q=0.9' } });
    expect(weighted.headers['content-encoding']).toBe('gzip');
  });

  it('does not compress a body under 1 KiB, but says Vary', async () => {
    const answer = await send('/v1/inventory/items/SKU-GZ-1', { headers: { ...api.headers, 'accept-encoding': 'gzip, br' } });
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeLessThan(1024);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(decoded(answer).toString())).toMatchObject({ id: 'SKU-GZ-1' });
    expect(varies(answer, 'Accept-Encoding')).toBe(true);
    const problem = await send('/v1/inventory/items?per_page=1000', { headers: { ...api.headers, 'accept-encoding': 'gzip, br' } });
    expect(problem.headers['content-type']).toBe('application/problem+json');
    expect(varies(problem, 'Accept-Encoding')).toBe(true);
  });

  it('never compresses the token endpoint (an access token beside the echoed scope: BREACH)', async () => {
    // Every scope: the token and the echoed scope make a response larger than the threshold.
    const account = await createAccount({ scopes: Object.keys(scopeCatalogue) });
    const answer = await send('/v1/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: account.clientId, client_secret: account.clientSecret }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    // Large enough that only the rule, not the threshold, keeps it uncompressed.
    expect(answer.body.length).toBeGreaterThan(1024);
    expect(JSON.parse(decoded(answer).toString())).toMatchObject({ token_type: 'Bearer' });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('never compresses an SSE subscription: the stream has no Content-Encoding and its first event arrives while it is open', async () => {
    const stream = await new Promise<{ headers: IncomingHttpHeaders; firstEvent: Promise<string>; close(): void }>((resolve, reject) => {
      const outgoing = request(
        `${platformUrl}/graphql`,
        { method: 'POST', headers: { ...api.headers, 'content-type': 'application/json', accept: 'text/event-stream', 'accept-encoding': 'gzip, deflate, br' } },
        (response) => {
          let text = '';
          const firstEvent = new Promise<string>((arrived) => {
            response.on('data', (chunk: Buffer) => {
              text += chunk.toString();
              if (/event: next\n/.test(text)) arrived(text);
            });
          });
          resolve({ headers: response.headers, firstEvent, close: () => outgoing.destroy() });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(JSON.stringify({ query: 'subscription { events(types: ["custom.compression"]) { id type data } }' }));
    });
    try {
      expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
      // Yoga marks event streams `Content-Encoding: none` (for proxies that would compress them): no coding either way.
      expect([undefined, 'none']).toContain(stream.headers['content-encoding']);
      // The server subscribes asynchronously: publish until an event comes through (a large one, which a compressor would take).
      let arrived: string | undefined;
      void stream.firstEvent.then((text) => (arrived = text));
      const deadline = Date.now() + 15_000;
      while (arrived === undefined && Date.now() < deadline) {
        await publish(api, 'custom.compression', { filler: 'x'.repeat(2000) });
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      expect(arrived).toMatch(/event: next\ndata: \{"data":\{"events":\{"id":"evt_/);
    } finally {
      stream.close();
    }
  });
});

describe('the public documents: validators, 304 and cache lifetimes, compressed once', () => {
  let bundlePath: string;
  beforeAll(async () => {
    const page = (await send('/docs')).body.toString();
    bundlePath = /<script src="(\/docs\/assets\/api-reference\.[0-9a-f]{32}\.js)"/.exec(page)?.[1] as string;
  });

  const documents = (): Array<{ name: string; path: string; headers: Record<string, string>; cacheControl: string; type: RegExp; vary: string[] }> => [
    { name: 'GraphiQL', path: '/graphql', headers: { accept: 'text/html' }, cacheControl: 'no-cache', type: /^text\/html/, vary: ['Accept-Encoding', 'Accept'] },
    { name: 'API reference page', path: '/docs', headers: {}, cacheControl: 'no-cache', type: /^text\/html/, vary: ['Accept-Encoding'] },
    { name: 'API reference script (versioned)', path: bundlePath, headers: {}, cacheControl: 'public, max-age=31536000, immutable', type: /^text\/javascript/, vary: ['Accept-Encoding'] },
    { name: 'API reference script', path: '/docs/assets/api-reference.js', headers: {}, cacheControl: 'public, max-age=300', type: /^text\/javascript/, vary: ['Accept-Encoding'] },
    { name: 'errors page', path: '/docs/errors', headers: {}, cacheControl: 'no-cache', type: /^text\/html/, vary: ['Accept-Encoding'] },
    { name: 'OpenAPI document', path: '/v1/openapi.json', headers: {}, cacheControl: 'public, max-age=300', type: /^application\/json/, vary: ['Accept-Encoding'] },
    { name: 'JWKS', path: '/.well-known/jwks.json', headers: {}, cacheControl: 'public, max-age=300', type: /^application\/json/, vary: ['Accept-Encoding'] },
  ];

  it('the API reference page names its script by content hash', () => {
    expect(bundlePath).toMatch(/^\/docs\/assets\/api-reference\.[0-9a-f]{32}\.js$/);
  });

  it('each carries a strong ETag, its Cache-Control and Vary, and answers a matching If-None-Match with 304 and no body', async () => {
    for (const document of documents()) {
      for (const accept of [undefined, 'gzip', 'br']) {
        const answer = await send(document.path, { headers: { ...document.headers, ...(accept && { 'accept-encoding': accept }) } });
        expect(answer.status, document.name).toBe(200);
        expect(answer.headers['content-type'], document.name).toMatch(document.type);
        expect(answer.headers['cache-control'], document.name).toBe(document.cacheControl);
        for (const token of document.vary) expect(varies(answer, token), `${document.name} Vary ${token}`).toBe(true);
        const etag = answer.headers.etag as string;
        expect(etag, document.name).toMatch(/^"[0-9a-f]{32}(-br|-gzip)?"$/);
        decoded(answer);
        const revalidated = await send(document.path, { headers: { ...document.headers, ...(accept && { 'accept-encoding': accept }), 'if-none-match': etag } });
        expect(revalidated.status, `${document.name} If-None-Match ${etag}`).toBe(304);
        expect(revalidated.body.length).toBe(0);
        expect(revalidated.headers.etag).toBe(etag);
        expect(revalidated.headers['cache-control']).toBe(document.cacheControl);
        const changed = await send(document.path, { headers: { ...document.headers, 'if-none-match': '"0000"' } });
        expect(changed.status, document.name).toBe(200);
      }
    }
  });

  it('each above 1 KiB is sent with gzip and br, decoding to the identity bytes, the compressed forms with their own ETags; smaller ones as they are', async () => {
    for (const document of documents()) {
      const identity = await send(document.path, { headers: document.headers });
      if (identity.body.length <= 1024) {
        const asked = await send(document.path, { headers: { ...document.headers, 'accept-encoding': 'gzip, br' } });
        expect(asked.headers['content-encoding'], document.name).toBeUndefined();
        expect(asked.headers.etag).toBe(identity.headers.etag);
        continue;
      }
      const { gzip, br } = await expectNegotiated(document.path, { headers: document.headers });
      expect(new Set([identity.headers.etag, gzip.headers.etag, br.headers.etag]).size, document.name).toBe(3);
    }
  });

  it('the GraphiQL page keeps the framing protection of HTML pages', async () => {
    const answer = await send('/graphql', { headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['x-request-id']).toMatch(/^req_/);
  });

  it('HEAD of a document: its headers, uncompressed, no body', async () => {
    const answer = await send('/v1/openapi.json', { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    const identity = await send('/v1/openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-length']).toBe(String(identity.body.length));
    expect(answer.headers.etag).toBe(identity.headers.etag);
    expect(answer.body.length).toBe(0);
  });

  it('a script URL naming another hash is not found (its content would not be what the URL promises)', async () => {
    const answer = await send('/docs/assets/api-reference.00000000000000000000000000000000.js');
    expect(answer.status).toBe(404);
  });
});
