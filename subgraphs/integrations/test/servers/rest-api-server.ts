import { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A JSON API on loopback for the REST source's tests: 250 records, every auth scheme the
 * connector speaks, every pagination style, `updated_since` filtering, and switches for the
 * failures a real API shows (throttling, 5xx, revoked tokens, malformed answers, a looping cursor).
 *
 * Routes: `GET /{auth}/{style}/items` with auth one of open, bearer, basic, key, oauth and style
 * one of array, pages, offset, cursor, link (see `answerItems`); `POST /oauth/token`; and the odd
 * answers under `/open/…` (see `oddAnswer`). Records are sent oldest change first.
 */

export const API_SECRETS = {
  token: 'bearer-token-7f3a9c',
  /** A valid token without access to the records: 403. */
  tokenWithoutAccess: 'bearer-token-no-access',
  username: 'reader',
  password: 'open:sesame-42',
  apiKeyHeader: 'X-Api-Key',
  apiKey: 'key-91b2e5d0',
  // Characters that RFC 6749 §2.3.1's form-encoding changes, so that a client which skips it is refused.
  clientId: 'client one',
  clientSecret: 'secret/with:chars+more',
};

export interface ApiRecord {
  id: string;
  name: string;
  meta: { updated: string };
}

export interface RecordedRequest {
  method: string;
  /** Path and query as received. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** Date.now() on arrival. */
  at: number;
  /** The status answered (absent while unanswered). */
  status?: number;
}

export interface RestApiServer {
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** The records, in no particular order; `touch` changes some. */
  readonly records: ApiRecord[];
  /** OAuth tokens issued from now on live this long (seconds). */
  tokenLifetimeSeconds: number;
  /** Milliseconds every answer waits (a slow API, so that a test can act while a read is under way). */
  latencyMs: number;
  /** Marks records changed now (later than every change before). */
  touch(ids: string[]): void;
  /** The next `count` API requests answer 429 with `Retry-After: retryAfterSeconds`. */
  throttle(count: number, retryAfterSeconds: number): void;
  /** The next `count` API requests answer `status`. */
  fail(count: number, status: number): void;
  /** The API refuses every token issued so far (as if they had expired or been revoked early). */
  revokeTokens(): void;
  /** Forgets the requests, the switches and the tokens, and restores the records as they were at the start. */
  reset(): void;
  close(): Promise<void>;
}

const FIRST_CHANGE = Date.UTC(2024, 0, 1);
const MINUTE = 60_000;
export const RECORD_COUNT = 250;

function initialRecords(): ApiRecord[] {
  return Array.from({ length: RECORD_COUNT }, (_, index) => ({
    id: `r${String(index + 1).padStart(3, '0')}`,
    name: `Record ${index + 1}`,
    meta: { updated: isoSeconds(FIRST_CHANGE + (index + 1) * MINUTE) },
  }));
}

/** ISO 8601 without milliseconds, as many APIs write it (the connector normalises). */
function isoSeconds(time: number): string {
  return new Date(time).toISOString().replace('.000Z', 'Z');
}

export async function startRestApiServer(): Promise<RestApiServer> {
  const requests: RecordedRequest[] = [];
  const records = initialRecords();
  let clock = FIRST_CHANGE + RECORD_COUNT * MINUTE;
  let throttled = { count: 0, retryAfterSeconds: 0 };
  let failing = { count: 0, status: 500 };
  const tokens = new Map<string, { expiresAt: number; revoked: boolean }>();
  let tokensIssued = 0;
  let origin = '';

  function send(request: RecordedRequest, response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    request.status = status;
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    response.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/html' : 'application/json', ...headers }).end(text);
  }

  function issueToken(request: RecordedRequest, response: ServerResponse): void {
    if (!String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return send(request, response, 400, { error: 'invalid_request' });
    const form = new URLSearchParams(request.body);
    const [id, secret] = basicCredentials(request.headers.authorization).map((part) => decodeURIComponent(part.replace(/\+/g, ' ')));
    if (id !== API_SECRETS.clientId || secret !== API_SECRETS.clientSecret) return send(request, response, 401, { error: 'invalid_client' }, { 'www-authenticate': 'Basic realm="token"' });
    if (form.get('grant_type') !== 'client_credentials') return send(request, response, 400, { error: 'unsupported_grant_type' });
    const token = `access-${++tokensIssued}`;
    tokens.set(token, { expiresAt: Date.now() + server.tokenLifetimeSeconds * 1000, revoked: false });
    send(request, response, 200, { access_token: token, token_type: 'Bearer', expires_in: server.tokenLifetimeSeconds, scope: form.get('scope') ?? undefined }, { 'cache-control': 'no-store' });
  }

  /** The status refusing the request's credentials for this auth scheme, if they are wrong. */
  function refusal(auth: string, headers: IncomingHttpHeaders): number | undefined {
    const authorization = headers.authorization ?? '';
    switch (auth) {
      case 'open':
        return undefined;
      case 'bearer':
        if (authorization === `Bearer ${API_SECRETS.tokenWithoutAccess}`) return 403;
        return authorization === `Bearer ${API_SECRETS.token}` ? undefined : 401;
      case 'basic': {
        const [username, password] = basicCredentials(authorization);
        return username === API_SECRETS.username && password === API_SECRETS.password ? undefined : 401;
      }
      case 'key':
        return headers[API_SECRETS.apiKeyHeader.toLowerCase()] === API_SECRETS.apiKey ? undefined : 401;
      case 'oauth': {
        const token = tokens.get(authorization.replace(/^Bearer /, ''));
        return token && !token.revoked && token.expiresAt > Date.now() ? undefined : 401;
      }
      default:
        return 404;
    }
  }

  function answerItems(request: RecordedRequest, response: ServerResponse, style: string): void {
    const since = request.query.get('updated_since');
    const sinceTime = since === null ? Number.NEGATIVE_INFINITY : /^\d+$/.test(since) ? Number(since) * 1000 : Date.parse(since);
    if (Number.isNaN(sinceTime)) return send(request, response, 400, { error: 'updated_since is not a time' });
    const changed = records
      .filter((record) => Date.parse(record.meta.updated) > sinceTime)
      .sort((a, b) => a.meta.updated.localeCompare(b.meta.updated) || a.id.localeCompare(b.id));
    const size = (name: string, fallback: number) => Math.min(100, Number(request.query.get(name) ?? fallback));
    switch (style) {
      case 'array':
        return send(request, response, 200, changed);
      case 'pages': {
        const page = Number(request.query.get('page') ?? 1);
        const perPage = size('per_page', 25);
        return send(request, response, 200, { data: { items: changed.slice((page - 1) * perPage, page * perPage) }, page, per_page: perPage, total: changed.length });
      }
      case 'offset': {
        const offset = Number(request.query.get('offset') ?? 0);
        return send(request, response, 200, { results: changed.slice(offset, offset + size('limit', 25)), total: changed.length });
      }
      case 'cursor': {
        const cursor = request.query.get('cursor');
        const offset = cursor === null ? 0 : Number(Buffer.from(cursor, 'base64url').toString());
        const end = offset + size('limit', 40);
        const next = end < changed.length ? Buffer.from(String(end)).toString('base64url') : null;
        return send(request, response, 200, { items: changed.slice(offset, end), meta: { next_cursor: next } });
      }
      case 'link': {
        const page = Number(request.query.get('page') ?? 1);
        const perPage = size('per_page', 50);
        const last = Math.max(1, Math.ceil(changed.length / perPage));
        const pageUrl = (number: number) => {
          const url = new URL(request.path, origin);
          url.searchParams.set('page', String(number));
          return url;
        };
        // Several links, quoted parameters holding "," ";" and an escaped quote, `rel` not first,
        // a relative next link and an absolute one otherwise: what a parser must get right.
        const links = [`<${pageUrl(1).href}>; rel="first"; title="page 1, \\"first\\"; really"`];
        if (page > 1) links.push(`<${pageUrl(page - 1).href}>; title="previous; not rel=next"; rel=prev`);
        if (page < last) links.push(`<${pageUrl(page + 1).pathname}${pageUrl(page + 1).search}>; type="application/json"; REL="next"`);
        links.push(`<${pageUrl(last).href}>; rel="last"`);
        return send(request, response, 200, changed.slice((page - 1) * perPage, page * perPage), { link: links.join(', ') });
      }
      default:
        return send(request, response, 404, { error: 'no such route' });
    }
  }

  /** Answers a route under /open/ that shows a fault, or returns false. */
  function oddAnswer(request: RecordedRequest, response: ServerResponse, route: string): boolean {
    switch (route) {
      case '/open/array/not-json':
        send(request, response, 200, '<html><body>Service temporarily moved</body></html>');
        return true;
      case '/open/pages/not-array':
        send(request, response, 200, { data: { items: { count: 3 } } });
        return true;
      case '/open/array/odd-records':
        request.status = 200;
        // Written by hand: 12345678901234567890 must reach the client as a number beyond 2^53. Times in the forms APIs use.
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(
            '[{"id":"a1","changed":"2024-03-01T10:00:00+0100"},{"name":"no id"},{"id":null},{"id":""},42,{"id":12345678901234567890},' +
              '{"id":7,"changed":1709283600},{"id":{"nested":true}},{"id":"a2","changed":"2024-03-01 09:00:00.5"},{"id":"a3","changed":"last Friday"}]',
          );
        return true;
      case '/open/cursor/looping': {
        // c1 → c2 → c1: each answer differs, but the cursors go round.
        const pages: Record<string, { from: number; next: string }> = { start: { from: 0, next: 'c1' }, c1: { from: 3, next: 'c2' }, c2: { from: 6, next: 'c1' } };
        const page = pages[request.query.get('cursor') ?? 'start'] ?? { from: 0, next: 'c1' };
        send(request, response, 200, { items: records.slice(page.from, page.from + 3), meta: { next_cursor: page.next } });
        return true;
      }
      case '/open/link/elsewhere':
        // The same server under another name: another origin, which must not be followed.
        send(request, response, 200, records.slice(0, 5), { link: `<http://localhost:${new URL(origin).port}/open/link/items?page=2>; rel="next"` });
        return true;
      case '/open/array/silent':
        return true;
      default:
        return false;
    }
  }

  function handle(request: RecordedRequest, response: ServerResponse): void {
    const route = request.path.split('?')[0] as string;
    if (route === '/oauth/token' && request.method === 'POST') return issueToken(request, response);
    if (request.method !== 'GET') return send(request, response, 405, { error: 'method not allowed' });
    if (throttled.count > 0) {
      throttled.count--;
      return send(request, response, 429, { error: 'slow down' }, { 'retry-after': String(throttled.retryAfterSeconds) });
    }
    if (failing.count > 0) {
      failing.count--;
      return send(request, response, failing.status, { error: 'internal error' });
    }
    if (oddAnswer(request, response, route)) return;
    const [, auth = '', style = '', resource] = route.split('/');
    if (resource !== 'items') return send(request, response, 404, { error: 'no such route' });
    const refused = refusal(auth, request.headers);
    if (refused === 401) return send(request, response, 401, { error: 'unauthorized' }, { 'www-authenticate': auth === 'basic' ? 'Basic realm="api"' : 'Bearer realm="api"' });
    if (refused !== undefined) return send(request, response, refused, { error: 'forbidden' });
    answerItems(request, response, style);
  }

  const httpServer = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const path = incoming.url ?? '/';
      const request: RecordedRequest = { method: incoming.method ?? 'GET', path, query: new URL(path, origin).searchParams, headers: incoming.headers, body: Buffer.concat(chunks).toString(), at: Date.now() };
      requests.push(request);
      if (server.latencyMs > 0) setTimeout(() => handle(request, response), server.latencyMs);
      else handle(request, response);
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;

  const server: RestApiServer = {
    url: origin,
    requests,
    records,
    tokenLifetimeSeconds: 3600,
    latencyMs: 0,
    touch(ids) {
      for (const id of ids) {
        const record = records.find((candidate) => candidate.id === id);
        if (!record) throw new Error(`no record ${id}`);
        clock += MINUTE;
        record.meta.updated = isoSeconds(clock);
      }
    },
    throttle(count, retryAfterSeconds) {
      throttled = { count, retryAfterSeconds };
    },
    fail(count, status) {
      failing = { count, status };
    },
    revokeTokens() {
      for (const token of tokens.values()) token.revoked = true;
    },
    reset() {
      requests.length = 0;
      records.splice(0, records.length, ...initialRecords());
      clock = FIRST_CHANGE + RECORD_COUNT * MINUTE;
      throttled = { count: 0, retryAfterSeconds: 0 };
      failing = { count: 0, status: 500 };
      tokens.clear();
      tokensIssued = 0;
      server.tokenLifetimeSeconds = 3600;
      server.latencyMs = 0;
    },
    close() {
      httpServer.closeAllConnections();
      return new Promise((resolve) => httpServer.close(() => resolve()));
    },
  };
  return server;
}

/** The user and password of a Basic authorization ([] when there is none). */
function basicCredentials(authorization: string | undefined): string[] {
  if (!authorization?.startsWith('Basic ')) return [];
  const decoded = Buffer.from(authorization.slice('Basic '.length), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? [] : [decoded.slice(0, colon), decoded.slice(colon + 1)];
}
