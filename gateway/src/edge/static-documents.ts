import { createHash } from 'node:crypto';
import { type ContentCoding, MIN_COMPRESSED_BYTES, appendVary, compress, negotiateContentCoding } from './compression.ts';

/** Cache lifetimes of the public documents (see docs/api-conventions.md, "Compression and caching"). */
export const CACHE = {
  /** A URL that changes with its content: kept a year, never revalidated. */
  immutable: 'public, max-age=31536000, immutable',
  /** Kept five minutes, then revalidated with its ETag (the OpenAPI document, the JWKS: keys rotate). */
  short: 'public, max-age=300',
  /** Revalidated on every use with its ETag (a 304 costs a round trip, not the body): HTML pages. */
  revalidate: 'no-cache',
} as const;

export interface StaticDocumentOptions {
  contentType: string;
  cacheControl: string;
  /** Request headers the document depends on besides Accept-Encoding (GraphiQL: Accept). */
  vary?: string[];
}

/**
 * A document that does not change while the process runs (a page, a script bundle, the OpenAPI
 * document), answered with strong validators and compressed once:
 * - its ETag is a SHA-256 of its bytes, computed once; each coding has its own tag (`"<hash>"`,
 *   `"<hash>-br"`, `"<hash>-gzip"`), since a compressed body is another representation;
 * - `If-None-Match` naming any of them (or `*`) is answered 304 without a body, echoing the tag
 *   the client holds (RFC 9110 section 13.1.2: weak comparison);
 * - the br and gzip bodies are made on first demand at the densest practical setting and kept in
 *   memory; concurrent first requests share one compression.
 */
export class StaticDocument {
  readonly body: Buffer;
  /** First 16 bytes of the SHA-256 of the body, hex. */
  readonly hash: string;
  private readonly encoded = new Map<ContentCoding, Promise<Buffer | undefined>>();

  constructor(
    body: Buffer | string,
    readonly options: StaticDocumentOptions,
  ) {
    this.body = typeof body === 'string' ? Buffer.from(body) : body;
    this.hash = createHash('sha256').update(this.body).digest('hex').slice(0, 32);
  }

  etag(coding?: ContentCoding): string {
    return coding ? `"${this.hash}-${coding}"` : `"${this.hash}"`;
  }

  /** The compressed body, or undefined when compressing does not make it smaller. */
  encodedBody(coding: ContentCoding): Promise<Buffer | undefined> {
    let encoded = this.encoded.get(coding);
    if (!encoded) {
      encoded = compress(this.body, coding, 'static').then((bytes) => (bytes.length < this.body.length ? bytes : undefined));
      // A failed compression is forgotten (and the body sent as it is); the next request tries again.
      encoded.catch(() => this.encoded.delete(coding));
      this.encoded.set(coding, encoded);
    }
    return encoded;
  }

  /** The answer to a GET or HEAD of the document. `ResponseClass`: the server's fetch API. */
  async respond(request: Request, ResponseClass: typeof Response = Response, extraHeaders: Headers = new Headers()): Promise<Response> {
    const headers = new Headers(extraHeaders);
    headers.set('cache-control', this.options.cacheControl);
    // Appended: a Vary the response already has (Origin, when CORS origins are configured) stays.
    for (const token of ['Accept-Encoding', ...(this.options.vary ?? [])]) appendVary(headers, token);
    headers.delete('content-encoding');
    headers.delete('content-length');
    const held = matchingTag(request.headers.get('if-none-match'), [this.etag(), this.etag('br'), this.etag('gzip')]);
    if (held) {
      headers.delete('content-type');
      headers.set('etag', held === '*' ? this.etag() : held);
      return new ResponseClass(null, { status: 304, headers });
    }
    const wanted = request.method === 'HEAD' || this.body.length < MIN_COMPRESSED_BYTES ? undefined : negotiateContentCoding(request.headers.get('accept-encoding'));
    const encoded = wanted ? await this.encodedBody(wanted).catch(() => undefined) : undefined;
    const coding = encoded ? wanted : undefined;
    const body = encoded ?? this.body;
    headers.set('content-type', this.options.contentType);
    headers.set('etag', this.etag(coding));
    headers.set('content-length', String(body.length));
    if (coding) headers.set('content-encoding', coding);
    // Buffers of Buffer.from and zlib sit on plain ArrayBuffers.
    return new ResponseClass(body as Uint8Array<ArrayBuffer>, { status: 200, headers });
  }
}

/**
 * The entity tag of `If-None-Match` that matches one of `tags` (weak comparison: `W/` is ignored),
 * `*` for a wildcard, or undefined.
 */
export function matchingTag(ifNoneMatch: string | null, tags: readonly string[]): string | undefined {
  if (!ifNoneMatch) return undefined;
  if (ifNoneMatch.trim() === '*') return '*';
  for (const [, tag] of ifNoneMatch.matchAll(/(?:W\/)?("[^"]*")/g)) if (tag && tags.includes(tag)) return tag;
  return undefined;
}
