import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

/** The content codings the platform sends, in its order of preference when a client weighs them alike. */
export type ContentCoding = 'br' | 'gzip';
const SERVER_PREFERENCE: readonly ContentCoding[] = ['br', 'gzip'];

/**
 * Bodies smaller than this go out as they are: a few hundred bytes gain little (the gzip header
 * and trailer alone are 18 bytes) and would still cost a compressor's set-up per response.
 */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * Media types worth compressing: JSON (the API, problem details, GraphQL responses, the OpenAPI
 * document), HTML, JavaScript, CSS and plain text. `text/event-stream` is deliberately absent:
 * an SSE stream must leave event by event, and a compressor holds data back until its block is
 * full. Images, archives and `multipart/mixed` streams are not listed either.
 */
const COMPRESSIBLE_TYPE = /^(?:text\/(?:html|css|javascript|plain|csv|xml)|application\/(?:json|javascript|xml|[\w.-]+\+json|[\w.-]+\+xml))\s*(?:;|$)/i;

export function isCompressibleType(contentType: string | null | undefined): boolean {
  return contentType != null && COMPRESSIBLE_TYPE.test(contentType);
}

/**
 * Paths whose responses are never compressed. The token endpoint answers with an access token and
 * echoes the requested `scope`; introspection reflects a presented token's details. A secret
 * beside attacker-influenced text in a compressed body is what BREACH-style attacks measure (the
 * compressed length reveals the secret a guess at a time), so these bodies keep their plain length.
 */
const UNCOMPRESSED_PATH_PREFIXES = ['/v1/oauth/'];

/**
 * Credentials the API shows once (API key secrets, OAuth client secrets after a rotation, webhook
 * signing secrets), recognisable by their prefixes: a body carrying one is sent uncompressed, for
 * the same reason as the token endpoint's, on REST and GraphQL alike.
 */
const SECRET_MARKERS = ['sk_live_', 'sk_test_', 'cs_live_', 'cs_test_', 'whsec_'].map((marker) => Buffer.from(marker));

export function carriesSecret(body: Buffer): boolean {
  return SECRET_MARKERS.some((marker) => body.includes(marker));
}

const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * The coding to send a body in, from the request's Accept-Encoding (RFC 9110 section 12.5.3), or
 * undefined for identity: codings with q=0 are refused, `*` stands for every coding not listed,
 * `x-gzip` is gzip; of the acceptable codings the highest q wins, br before gzip on a tie. Identity
 * wins only when the client lists it with a higher q than either. No header, an empty one, or a
 * malformed member (ignored) never makes the platform send a coding the client did not name.
 */
export function negotiateContentCoding(acceptEncoding: string | null | undefined): ContentCoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const member of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = member.split(';');
    let coding = name.trim().toLowerCase();
    if (coding === '') continue;
    if (coding === 'x-gzip') coding = 'gzip';
    let weight = 1;
    for (const parameter of parameters) {
      const [key = '', value = ''] = parameter.split('=').map((part) => part.trim());
      if (key.toLowerCase() !== 'q') continue;
      weight = QVALUE.test(value) ? Number(value) : Number.NaN;
    }
    if (Number.isNaN(weight) || weights.has(coding)) continue;
    weights.set(coding, weight);
  }
  let chosen: ContentCoding | undefined;
  let chosenWeight = 0;
  for (const coding of SERVER_PREFERENCE) {
    const weight = weights.get(coding) ?? weights.get('*') ?? 0;
    if (weight > chosenWeight) {
      chosen = coding;
      chosenWeight = weight;
    }
  }
  const identity = weights.get('identity');
  return identity !== undefined && identity > chosenWeight ? undefined : chosen;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Up to this size a dynamic body is compressed on the event loop: at most about 1 ms of CPU, and
 * half the CPU of the thread-pool path (measured: brotli 4 of a 30 KB list, 0.30 ms synchronous
 * against 0.57 ms through the pool, whose stream object and hand-offs cost more than the work).
 * Larger bodies go to the thread pool so that no request holds up the others.
 */
const SYNCHRONOUS_LIMIT_BYTES = 64 * 1024;

/**
 * Compresses a body. `dynamic`: per response, so cheap (brotli quality 4, gzip level 6: about
 * 0.3 ms for a 30 KB list page on this machine); `static`: once per process for a document that
 * never changes, so dense (gzip level 9; brotli quality 11 up to 1 MiB, 9 above, where 11 costs
 * 15-25 s of CPU for 7-10% fewer bytes), always on the thread pool.
 */
export async function compress(body: Buffer, coding: ContentCoding, effort: 'dynamic' | 'static'): Promise<Buffer> {
  const synchronous = effort === 'dynamic' && body.length <= SYNCHRONOUS_LIMIT_BYTES;
  if (coding === 'gzip') {
    const options = { level: effort === 'static' ? 9 : 6 };
    return synchronous ? gzipSync(body, options) : gzipped(body, options);
  }
  const quality = effort === 'dynamic' ? 4 : body.length <= 1024 * 1024 ? 11 : 9;
  const options = {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      ...(effort === 'static' && { [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS }),
    },
  };
  return synchronous ? brotliCompressSync(body, options) : brotli(body, options);
}

/** Adds `token` to the Vary header unless it is listed already (or Vary is `*`). */
export function appendVary(headers: Headers, token: string): void {
  const vary = headers.get('vary');
  if (!vary) return headers.set('vary', token);
  const listed = vary.split(',').map((part) => part.trim().toLowerCase());
  if (!listed.includes('*') && !listed.includes(token.toLowerCase())) headers.set('vary', `${vary}, ${token}`);
}

/** The response already went through negotiation (a static document chose its own coding). */
function variesByEncoding(headers: Headers): boolean {
  return (headers.get('vary') ?? '').split(',').some((part) => part.trim().toLowerCase() === 'accept-encoding');
}

const WITHOUT_BODY = new Set([101, 204, 205, 304]);

/**
 * Sends a response of a compressible media type with a negotiated coding and its exact
 * Content-Length, and returns true; returns false (the caller sends it as it is) for any other:
 * streams (`text/event-stream`), statuses without a body, a body that already has a
 * Content-Encoding, or a response whose route negotiated its coding itself (it says
 * `Vary: Accept-Encoding`). Every response sent here says `Vary: Accept-Encoding`, compressed or
 * not, so that no cache hands a compressed body to a client that did not ask for one. HEAD
 * responses, bodies under MIN_COMPRESSED_BYTES, the OAuth endpoints' and bodies carrying a secret
 * go out uncompressed.
 */
export async function sendCompressible(outcome: Response, request: IncomingMessage, response: ServerResponse, path: string): Promise<boolean> {
  const headers = outcome.headers;
  if (WITHOUT_BODY.has(outcome.status) || headers.has('content-encoding') || !isCompressibleType(headers.get('content-type')) || variesByEncoding(headers)) return false;
  appendVary(headers, 'Accept-Encoding');
  const bytes = await outcome.arrayBuffer();
  const body = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes);
  const negotiated = request.method === 'HEAD' || body.length < MIN_COMPRESSED_BYTES ? undefined : negotiateContentCoding(request.headers['accept-encoding']);
  // Only a body about to be compressed is searched for secrets.
  const coding = negotiated && !UNCOMPRESSED_PATH_PREFIXES.some((prefix) => path.startsWith(prefix)) && !carriesSecret(body) ? negotiated : undefined;
  const encoded = coding ? await compress(body, coding, 'dynamic') : undefined;
  // A body that does not get smaller (already dense, or random) goes out as it is.
  const sent = encoded && encoded.length < body.length ? encoded : undefined;
  if (response.destroyed || response.writableEnded) return true;
  const head: Record<string, string | string[]> = {};
  headers.forEach((value, name) => {
    head[name] = name === 'set-cookie' ? headers.getSetCookie() : value;
  });
  head['content-length'] = String((sent ?? body).length);
  if (sent) head['content-encoding'] = coding as ContentCoding;
  response.writeHead(outcome.status, outcome.statusText || undefined, head);
  response.end(sent ?? body);
  return true;
}
