import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { DEFAULT_OUTBOUND_HTTP, type OutboundHttp, type OutboundHttpOptions, createOutboundHttp } from '../src/connectors/http.ts';
import { type RestCredentials, type RestSourceConfig, restCredentialsSchemaFor, restSourceConfigSchema } from '../src/connectors/rest/config.ts';
import { LinkHeaderError, nextLinkTarget, parseLinkHeader } from '../src/connectors/rest/link-header.ts';
import { createRestSource } from '../src/connectors/rest/rest-source.ts';
import { type SourceConnector, SourceError, type SourcePage, type SourceRecord } from '../src/connectors/source.ts';
import { API_SECRETS, RECORD_COUNT, type RestApiServer, startRestApiServer } from './servers/rest-api-server.ts';

const loopback = { ...DEFAULT_OUTBOUND_HTTP, urlPolicy: { allowedPrivateNetworks: ['127.0.0.0/8'] }, maxRetryAfterMs: 50 };
const ALL_IDS = Array.from({ length: RECORD_COUNT }, (_, index) => `r${String(index + 1).padStart(3, '0')}`);

let server: RestApiServer;
let http: OutboundHttp;
const extraClients: OutboundHttp[] = [];

function httpWith(options: Partial<OutboundHttpOptions>): OutboundHttp {
  const client = createOutboundHttp({ ...loopback, ...options });
  extraClients.push(client);
  return client;
}

beforeAll(async () => {
  server = await startRestApiServer();
  http = createOutboundHttp(loopback);
});
beforeEach(() => server.reset());
afterAll(async () => {
  await Promise.all([http, ...extraClients].map((client) => client?.close()));
  await server?.close();
});

/** A configuration of one stream `items` on the test server; `stream` adds to or replaces that stream's fields. */
function configWith(fields: Partial<Omit<RestSourceConfig, 'streams'>> & { stream?: Partial<RestSourceConfig['streams'][number]> } = {}): RestSourceConfig {
  const { stream, ...rest } = fields;
  return {
    base_url: server.url,
    streams: [{ name: 'items', path: '/open/array/items', id_path: 'id', updated_at_path: 'meta.updated', ...stream }],
    auth: { type: 'none' },
    pagination: { type: 'none' },
    ...rest,
  };
}

async function readAll(source: SourceConnector, options: Parameters<SourceConnector['read']>[0] = {}): Promise<SourcePage[]> {
  const pages: SourcePage[] = [];
  for await (const page of source.read(options)) pages.push(page);
  return pages;
}

/** The pages read before the read failed, and its SourceError. */
async function readFailure(source: SourceConnector, options: Parameters<SourceConnector['read']>[0] = {}): Promise<{ pages: SourcePage[]; error: SourceError }> {
  const pages: SourcePage[] = [];
  try {
    for await (const page of source.read(options)) pages.push(page);
  } catch (error) {
    if (error instanceof SourceError) return { pages, error };
    throw error;
  }
  throw new Error(`the read ended without a failure, after ${pages.length} pages`);
}

const recordsOf = (pages: SourcePage[]): SourceRecord[] => pages.flatMap((page) => page.records);
const idsOf = (pages: SourcePage[]): string[] => recordsOf(pages).map((record) => record.external_id);
const apiRequests = () => server.requests.filter((request) => request.method === 'GET');
const tokenRequests = () => server.requests.filter((request) => request.path === '/oauth/token');
/** The latest `updated` of these records, as the connector writes cursors. */
const latestChange = (ids: string[]) => new Date(Math.max(...server.records.filter((record) => ids.includes(record.id)).map((record) => Date.parse(record.meta.updated)))).toISOString();

describe('configuration', () => {
  const valid: RestSourceConfig = {
    base_url: 'https://api.example.com/v2',
    streams: [
      { name: 'orders', path: '/orders', record_path: 'data.items', id_path: 'id', updated_at_path: 'meta.updated', query: { sort: 'updated_at' } },
      { name: 'customers', path: '/customers', id_path: 'customer.id', updated_at_path: 'changed' },
    ],
    auth: { type: 'oauth2_client_credentials', token_url: 'https://auth.example.com/token', scope: 'orders:read customers:read' },
    pagination: { type: 'page_number', page_param: 'page', per_page_param: 'per_page', per_page: 100 },
    incremental: { since_param: 'updated_since', format: 'unix_seconds' },
    max_pages: 500,
  };

  it('accepts a complete configuration, and each auth and pagination type', () => {
    expect(restSourceConfigSchema.parse(valid)).toEqual(valid);
    const auths = [{ type: 'none' }, { type: 'bearer' }, { type: 'basic' }, { type: 'api_key_header', header_name: 'X-Api-Key' }, { type: 'oauth2_client_credentials', token_url: 'http://auth.example.com/token' }];
    const paginations = [
      { type: 'none' },
      { type: 'page_number', page_param: 'page' },
      { type: 'page_number', page_param: 'p', per_page: 20, start_page: 0 },
      { type: 'offset', offset_param: 'offset', limit_param: 'limit', limit: 50 },
      { type: 'cursor', cursor_param: 'after', next_cursor_path: 'paging.next' },
      { type: 'link_header' },
    ];
    for (const auth of auths) expect(restSourceConfigSchema.safeParse({ ...valid, auth }).error).toBeUndefined();
    for (const pagination of paginations) expect(restSourceConfigSchema.safeParse({ ...valid, pagination }).error).toBeUndefined();
  });

  const stream = valid.streams[0] as RestSourceConfig['streams'][number];
  it.each([
    ['a base URL that is not http(s)', { base_url: 'ftp://api.example.com' }, ['base_url']],
    ['a base URL that is not a URL', { base_url: 'api.example.com' }, ['base_url']],
    ['a base URL with credentials', { base_url: 'https://user:secret@api.example.com' }, ['base_url']],
    ['a base URL with a query', { base_url: 'https://api.example.com/?key=1' }, ['base_url']],
    ['no stream', { streams: [] }, ['streams']],
    ['an empty id_path', { streams: [stream, { ...stream, name: 'other', id_path: '' }] }, ['streams', 1, 'id_path']],
    ['a record_path with an empty segment', { streams: [{ ...stream, record_path: 'data..items' }] }, ['streams', 0, 'record_path']],
    ['a path with its query', { streams: [{ ...stream, path: '/orders?status=open' }] }, ['streams', 0, 'path']],
    ['a path to another host', { streams: [{ ...stream, path: '//evil.example.com/orders' }] }, ['streams', 0, 'path']],
    ['two streams of one name', { streams: [stream, { ...stream, path: '/other' }] }, ['streams', 1, 'name']],
    ['incremental without updated_at_path', { streams: [{ ...stream, updated_at_path: undefined }] }, ['streams', 0, 'updated_at_path']],
    ['a query setting the page parameter', { streams: [{ ...stream, query: { page: '2' } }] }, ['streams', 0, 'query', 'page']],
    ['a misspelt field', { streams: [{ ...stream, recordPath: 'data' }] }, ['streams', 0]],
    ['an API key header without its name', { auth: { type: 'api_key_header' } }, ['auth', 'header_name']],
    ['an API key header the client sets', { auth: { type: 'api_key_header', header_name: 'Host' } }, ['auth', 'header_name']],
    ['a token URL that is not a URL', { auth: { type: 'oauth2_client_credentials', token_url: 'token' } }, ['auth', 'token_url']],
    ['an unknown auth type', { auth: { type: 'digest' } }, ['auth', 'type']],
    ['per_page_param without per_page', { pagination: { type: 'page_number', page_param: 'page', per_page_param: 'size' } }, ['pagination', 'per_page']],
    ['an offset limit of 0', { pagination: { type: 'offset', offset_param: 'o', limit_param: 'l', limit: 0 } }, ['pagination', 'limit']],
    ['a cursor path with spaces', { pagination: { type: 'cursor', cursor_param: 'c', next_cursor_path: 'meta. next' } }, ['pagination', 'next_cursor_path']],
    ['an unknown since format', { incremental: { since_param: 'since', format: 'rfc2822' } }, ['incremental', 'format']],
    ['max_pages of 0', { max_pages: 0 }, ['max_pages']],
  ])('names the field at fault: %s', (_case, change, path) => {
    const issues = restSourceConfigSchema.safeParse({ ...valid, ...change }).error?.issues ?? [];
    expect(issues.map((issue) => issue.path)).toEqual([path]);
  });

  it('checks the credentials against the auth type, naming the field and never echoing a secret', () => {
    expect(restCredentialsSchemaFor('basic').safeParse({ username: 'reader' }).error?.issues.map((issue) => issue.path)).toEqual([['password']]);
    const badToken = restCredentialsSchemaFor('bearer').safeParse({ token: 'two words-secret' }).error;
    expect(badToken?.issues.map((issue) => issue.path)).toEqual([['token']]);
    expect(JSON.stringify(badToken?.issues)).not.toContain('words-secret');
    expect(restCredentialsSchemaFor('oauth2_client_credentials').safeParse({ client_id: 'a', client_secret: '' }).error?.issues.map((issue) => issue.path)).toEqual([['client_secret']]);
    // Credentials of another auth type are refused when the connector is made.
    expect(() => createRestSource(configWith({ auth: { type: 'bearer' } }), { api_key: 'k' }, http)).toThrow(ZodError);
    expect(() => createRestSource({ ...configWith(), max_pages: -1 }, {}, http)).toThrow(ZodError);
  });
});

describe('Link header parsing (RFC 8288)', () => {
  it('reads several links, quoted parameters holding separators, escapes, and relation lists', () => {
    const links = parseLinkHeader('<https://a.example/x?p=1,2;3>; rel="first"; title="a, \\"b\\"; c", </x?p=2>;REL="prev next" ;title=plain, <https://a.example/last>; rel=last');
    expect(links.map((link) => [link.target, Object.fromEntries(link.params)])).toEqual([
      ['https://a.example/x?p=1,2;3', { rel: 'first', title: 'a, "b"; c' }],
      ['/x?p=2', { rel: 'prev next', title: 'plain' }],
      ['https://a.example/last', { rel: 'last' }],
    ]);
    expect(nextLinkTarget(links)).toBe('/x?p=2');
    // Only the first rel counts; `next` in another parameter is not a relation.
    expect(nextLinkTarget(parseLinkHeader('<a>; title="rel=next"; rel=prev; rel=next'))).toBeUndefined();
    expect(parseLinkHeader(' , ')).toEqual([]);
  });

  it('refuses what the grammar does not allow instead of guessing', () => {
    for (const value of ['https://a.example/; rel=next', '<https://a.example/; rel=next', '<a>; title="open', '<a> rel=next', '<a>; =next']) {
      expect(() => parseLinkHeader(value), value).toThrow(LinkHeaderError);
    }
  });
});

describe('reading every record once, whatever the pagination', () => {
  it.each<[string, Partial<RestSourceConfig['streams'][number]>, RestSourceConfig['pagination'], number]>([
    ['none: the whole array', { path: '/open/array/items' }, { type: 'none' }, 1],
    ['page_number: full pages, then an empty one', { path: '/open/pages/items', record_path: 'data.items' }, { type: 'page_number', page_param: 'page', per_page_param: 'per_page', per_page: 50 }, 6],
    ['page_number: until a shorter page', { path: '/open/pages/items', record_path: 'data.items' }, { type: 'page_number', page_param: 'page', per_page_param: 'per_page', per_page: 100 }, 3],
    ['page_number: the API’s own page size, until an empty page', { path: '/open/pages/items', record_path: 'data.items' }, { type: 'page_number', page_param: 'page' }, 11],
    ['offset', { path: '/open/offset/items', record_path: 'results' }, { type: 'offset', offset_param: 'offset', limit_param: 'limit', limit: 60 }, 5],
    ['cursor', { path: '/open/cursor/items', record_path: 'items', query: { limit: '40' } }, { type: 'cursor', cursor_param: 'cursor', next_cursor_path: 'meta.next_cursor' }, 7],
    ['link_header (relative and absolute links among others)', { path: '/open/link/items', record_path: '', query: { per_page: '50' } }, { type: 'link_header' }, 5],
  ])('%s', async (_case, stream, pagination, requests) => {
    const pages = await readAll(createRestSource(configWith({ stream, pagination }), {}, http));
    expect(idsOf(pages)).toEqual(ALL_IDS);
    expect(recordsOf(pages).every((record) => record.stream === 'items' && record.problem === undefined && /^2024-01-01T\d\d:\d\d:00\.000Z$/.test(record.updated_at ?? ''))).toBe(true);
    expect(pages.every((page) => page.cursor === undefined)).toBe(true);
    expect(apiRequests()).toHaveLength(requests);
    expect(apiRequests().every((request) => request.status === 200 && request.headers.accept === 'application/json')).toBe(true);
  });

  it('asks the page numbers in order from start_page', async () => {
    await readAll(createRestSource(configWith({ stream: { path: '/open/pages/items', record_path: 'data.items' }, pagination: { type: 'page_number', page_param: 'page', per_page_param: 'per_page', per_page: 100, start_page: 1 } }), {}, http));
    expect(apiRequests().map((request) => request.query.toString())).toEqual(['page=1&per_page=100', 'page=2&per_page=100', 'page=3&per_page=100']);
  });

  // The test API gives at most 100 records a page: a first page shorter than asked is not taken for the last.
  it('reads everything from an API that caps the page size below the one asked for', async () => {
    const byOffset = await readAll(createRestSource(configWith({ stream: { path: '/open/offset/items', record_path: 'results' }, pagination: { type: 'offset', offset_param: 'offset', limit_param: 'limit', limit: 150 } }), {}, http));
    expect(idsOf(byOffset)).toEqual(ALL_IDS);
    // Moving on by the records received: by the limit asked, 50 records a page would be skipped.
    expect(apiRequests().map((request) => request.query.get('offset'))).toEqual(['0', '100', '200']);
    server.reset();
    const byPage = await readAll(createRestSource(configWith({ stream: { path: '/open/pages/items', record_path: 'data.items' }, pagination: { type: 'page_number', page_param: 'page', per_page_param: 'per_page', per_page: 150 } }), {}, http));
    expect(idsOf(byPage)).toEqual(ALL_IDS);
    expect(apiRequests()).toHaveLength(3);
  });

  it('a first page shorter than asked for costs one more request, to an empty page', async () => {
    server.touch(['r042']);
    const pages = await readAll(createRestSource(configWith({ stream: { path: '/open/pages/items', record_path: 'data.items' }, pagination: { type: 'page_number', page_param: 'page', per_page_param: 'per_page', per_page: 100 }, incremental: { since_param: 'updated_since' } }), {}, http), { cursor: latestChange(['r250']) });
    expect(pages.map((page) => page.records.length)).toEqual([1, 0]);
  });
});

describe('authentication', () => {
  const cases: { name: string; auth: RestSourceConfig['auth']; route: string; credentials: RestCredentials; wrong: RestCredentials; sent: (headers: Record<string, unknown>) => unknown }[] = [
    { name: 'none', auth: { type: 'none' }, route: 'open', credentials: {}, wrong: {}, sent: (headers) => headers.authorization },
    { name: 'bearer', auth: { type: 'bearer' }, route: 'bearer', credentials: { token: API_SECRETS.token }, wrong: { token: 'bearer-token-guessed' }, sent: (headers) => headers.authorization },
    { name: 'basic', auth: { type: 'basic' }, route: 'basic', credentials: { username: API_SECRETS.username, password: API_SECRETS.password }, wrong: { username: API_SECRETS.username, password: 'open:sesame-41' }, sent: (headers) => headers.authorization },
    { name: 'api_key_header', auth: { type: 'api_key_header', header_name: API_SECRETS.apiKeyHeader }, route: 'key', credentials: { api_key: API_SECRETS.apiKey }, wrong: { api_key: 'key-00000000' }, sent: (headers) => headers['x-api-key'] },
    { name: 'oauth2_client_credentials', auth: { type: 'oauth2_client_credentials', token_url: '' }, route: 'oauth', credentials: { client_id: API_SECRETS.clientId, client_secret: API_SECRETS.clientSecret }, wrong: { client_id: API_SECRETS.clientId, client_secret: 'secret/guessed' }, sent: (headers) => headers.authorization },
  ];
  const configFor = (auth: RestSourceConfig['auth'], route: string) =>
    configWith({ auth: auth.type === 'oauth2_client_credentials' ? { ...auth, token_url: `${server.url}/oauth/token` } : auth, stream: { path: `/${route}/pages/items`, record_path: 'data.items' }, pagination: { type: 'page_number', page_param: 'page', per_page_param: 'per_page', per_page: 100 } });

  it.each(cases)('$name: accepted credentials pass test() and read everything', async ({ auth, route, credentials, sent }) => {
    const source = createRestSource(configFor(auth, route), credentials, http);
    expect(await source.test()).toEqual({ ok: true, detail: 'stream "items" answered with 1 record' });
    expect(apiRequests()[0]?.query.get('per_page')).toBe('1');
    expect(idsOf(await readAll(source))).toEqual(ALL_IDS);
    const expected = {
      none: undefined,
      bearer: `Bearer ${API_SECRETS.token}`,
      basic: `Basic ${Buffer.from(`${API_SECRETS.username}:${API_SECRETS.password}`).toString('base64')}`,
      api_key_header: API_SECRETS.apiKey,
      oauth2_client_credentials: 'Bearer access-1',
    }[auth.type];
    expect(apiRequests().map((request) => sent(request.headers))).toEqual(apiRequests().map(() => expected));
    if (auth.type === 'none') expect(apiRequests().every((request) => request.headers.authorization === undefined)).toBe(true);
  });

  it.each(cases.filter((entry) => entry.name !== 'none'))('$name: refused credentials fail test() and the read, not retryable, status 401, no secret shown', async ({ auth, route, wrong }) => {
    const source = createRestSource(configFor(auth, route), wrong, http);
    const check = await source.test();
    expect(check.ok).toBe(false);
    const { pages, error } = await readFailure(source);
    expect(pages).toEqual([]);
    expect(error).toMatchObject({ retryable: false, status: 401 });
    expect(error.message).toMatch(/^stream "items": .*refused the (client )?credentials \(HTTP 401/);
    if (!check.ok) expect(check.error).toBe(error.message);
    for (const secret of [...Object.values(wrong), ...Object.values(API_SECRETS)]) {
      if (secret.length > 6) expect(error.message).not.toContain(secret);
    }
  });

  it('a 403 (credentials without access) is not retryable either', async () => {
    const { error } = await readFailure(createRestSource(configFor({ type: 'bearer' }, 'bearer'), { token: API_SECRETS.tokenWithoutAccess }, http));
    expect(error).toMatchObject({ retryable: false, status: 403, message: 'stream "items": the API refused the credentials (HTTP 403)' });
  });

  describe('OAuth 2.0 client credentials', () => {
    const oauthConfig = () =>
      configWith({
        auth: { type: 'oauth2_client_credentials', token_url: `${server.url}/oauth/token`, scope: 'items:read' },
        stream: { path: '/oauth/cursor/items', record_path: 'items', query: { limit: '40' } },
        pagination: { type: 'cursor', cursor_param: 'cursor', next_cursor_path: 'meta.next_cursor' },
      });
    const credentials = { client_id: API_SECRETS.clientId, client_secret: API_SECRETS.clientSecret };

    it('asks for a token as RFC 6749 §4.4 says, once for many requests, and again when the API refuses it', async () => {
      const source = createRestSource(oauthConfig(), credentials, http);
      expect(idsOf(await readAll(source))).toEqual(ALL_IDS);
      expect(apiRequests()).toHaveLength(7);
      expect(tokenRequests()).toHaveLength(1);
      const [tokenRequest] = tokenRequests();
      expect(tokenRequest?.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(Object.fromEntries(new URLSearchParams(tokenRequest?.body))).toEqual({ grant_type: 'client_credentials', scope: 'items:read' });
      // §2.3.1: id and secret form-encoded, then Basic.
      expect(tokenRequest?.headers.authorization).toBe(`Basic ${Buffer.from('client+one:secret%2Fwith%3Achars%2Bmore').toString('base64')}`);

      server.revokeTokens();
      server.requests.length = 0;
      expect(idsOf(await readAll(source))).toEqual(ALL_IDS);
      expect(server.requests.map((request) => [request.path.split('?')[0], request.status, request.headers.authorization])).toEqual([
        ['/oauth/cursor/items', 401, 'Bearer access-1'],
        ['/oauth/token', 200, expect.stringMatching(/^Basic /)],
        ...Array.from({ length: 7 }, () => ['/oauth/cursor/items', 200, 'Bearer access-2']),
      ]);
    });

    it('renews a token shortly before it expires, without waiting for a refusal', async () => {
      server.tokenLifetimeSeconds = 1;
      const source = createRestSource(oauthConfig(), credentials, http);
      await readAll(source, { streams: ['items'] });
      await new Promise((resolve) => setTimeout(resolve, 950));
      await readAll(source);
      expect(tokenRequests()).toHaveLength(2);
      expect(apiRequests().every((request) => request.status === 200)).toBe(true);
    });

    it('renews a refused token once only: refused again, the read fails with the 401', async () => {
      const source = createRestSource(oauthConfig(), credentials, http);
      server.fail(2, 401);
      const { error } = await readFailure(source);
      expect(error).toMatchObject({ retryable: false, status: 401 });
      expect(server.requests.map((request) => [request.path.split('?')[0], request.status])).toEqual([
        ['/oauth/token', 200],
        ['/oauth/cursor/items', 401],
        ['/oauth/token', 200],
        ['/oauth/cursor/items', 401],
      ]);
    });
  });
});

describe('incremental reading', () => {
  const pagesOfHundred = { stream: { path: '/open/pages/items', record_path: 'data.items' }, pagination: { type: 'page_number', page_param: 'page', per_page_param: 'per_page', per_page: 100 } } as const;

  it.each(['iso8601', 'unix_seconds'] as const)('resumes after the last cursor and fetches only what changed since (%s)', async (format) => {
    const source = createRestSource(configWith({ ...pagesOfHundred, incremental: { since_param: 'updated_since', format } }), {}, http);
    const first = await readAll(source);
    expect(idsOf(first)).toEqual(ALL_IDS);
    // Each page: the latest change seen so far, ISO 8601 normalised (the API writes no milliseconds).
    expect(first.map((page) => page.cursor)).toEqual([latestChange(ALL_IDS.slice(0, 100)), latestChange(ALL_IDS.slice(0, 200)), latestChange(ALL_IDS)]);
    expect(apiRequests().every((request) => !request.query.has('updated_since'))).toBe(true);

    server.touch(['r123', 'r007']);
    server.requests.length = 0;
    const cursor = first.at(-1)?.cursor;
    const second = await readAll(source, { cursor });
    expect(idsOf(second)).toEqual(['r123', 'r007']);
    expect(second.at(-1)?.cursor).toBe(latestChange(['r007']));
    const since = format === 'unix_seconds' ? String(Date.parse(cursor as string) / 1000) : cursor;
    expect(apiRequests().map((request) => request.query.get('updated_since'))).toEqual([since, since]);

    server.requests.length = 0;
    const third = await readAll(source, { cursor: second.at(-1)?.cursor });
    expect(third).toEqual([{ records: [], cursor: second.at(-1)?.cursor }]);
  });

  it('with several streams, never hands a cursor past changes of a stream not read yet', async () => {
    const config = configWith({ ...pagesOfHundred, incremental: { since_param: 'updated_since' } });
    const stream = config.streams[0] as RestSourceConfig['streams'][number];
    // Both streams read the same records: what matters is which pages may move the cursor on.
    config.streams = [{ ...stream, name: 'first' }, { ...stream, name: 'second' }];
    server.touch(['r001']);
    const source = createRestSource(config, {}, http);
    const pages = await readAll(source);
    expect(pages.map((page) => [page.records[0]?.stream, page.cursor])).toEqual([
      ['first', undefined],
      ['first', undefined],
      ['first', undefined],
      ['second', latestChange(ALL_IDS.slice(1, 101))],
      ['second', latestChange(ALL_IDS.slice(1, 201))],
      ['second', latestChange(ALL_IDS)],
    ]);
    // Resumed: `first` keeps the cursor the read started from, `second` moves it on.
    const cursor = latestChange(['r100']);
    const resumed = await readAll(source, { cursor });
    expect(resumed.map((page) => [page.records[0]?.stream, page.cursor])).toEqual([
      ['first', cursor],
      ['first', cursor],
      ['second', latestChange(ALL_IDS.slice(100, 200))],
      ['second', latestChange(ALL_IDS)],
    ]);
    // Alone, a stream is the last one read: its pages move the cursor on.
    const alone = await readAll(source, { cursor, streams: ['first'] });
    expect(alone.map((page) => page.cursor)).toEqual([latestChange(ALL_IDS.slice(100, 200)), latestChange(ALL_IDS)]);
    await expect(readFailure(source, { streams: ['nope'] })).resolves.toMatchObject({ error: { message: 'no stream "nope"; the streams are "first", "second"', retryable: false } });
    await expect(readFailure(source, { cursor: 'yesterday' })).resolves.toMatchObject({ error: { retryable: false } });
  });
});

describe('failures', () => {
  it('waits as long as a 429’s Retry-After says (measured by the server), then reads on', async () => {
    server.throttle(1, 1);
    const pages = await readAll(createRestSource(configWith(), {}, httpWith({ maxRetryAfterMs: 2_000 })));
    expect(idsOf(pages)).toEqual(ALL_IDS);
    const [throttled, retried] = apiRequests();
    expect([throttled?.status, retried?.status]).toEqual([429, 200]);
    expect((retried?.at ?? 0) - (throttled?.at ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it.each([
    ['a 429 left after the client’s retries', () => server.throttle(10, 1), 429, 4],
    ['a 500', () => server.fail(1, 500), 500, 1],
    ['a 503 left after the client’s retries', () => server.fail(10, 503), 503, 4],
  ] as const)('%s is a retryable failure naming the stream and status', async (_case, arrange, status, requests) => {
    arrange();
    const source = createRestSource(configWith(), {}, http);
    const { error } = await readFailure(source);
    expect(error).toMatchObject({ retryable: true, status, message: `stream "items": the API answered HTTP ${status}; a later try may pass` });
    expect(apiRequests()).toHaveLength(requests);
  });

  it('a 5xx on a later page fails the read after the pages before it', async () => {
    const source = createRestSource(configWith({ stream: { path: '/open/pages/items', record_path: 'data.items' }, pagination: { type: 'page_number', page_param: 'page', per_page_param: 'per_page', per_page: 100 } }), {}, http);
    const iterator = source.read({})[Symbol.asyncIterator]();
    expect((await iterator.next()).value?.records).toHaveLength(100);
    server.fail(1, 502);
    await expect(iterator.next()).rejects.toMatchObject({ retryable: true, status: 502 });
  });

  it('an API that does not answer in time: retryable', async () => {
    const source = createRestSource(configWith({ stream: { path: '/open/array/silent' } }), {}, httpWith({ attemptTimeoutMs: 300, maxRetries: 0 }));
    const { error } = await readFailure(source);
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/no answer/);
    expect(await source.test()).toMatchObject({ ok: false });
  });

  it('an answer that is not JSON, or whose record_path is not an array: not retryable', async () => {
    const notJson = createRestSource(configWith({ stream: { path: '/open/array/not-json' } }), {}, http);
    expect(await notJson.test()).toEqual({ ok: false, error: 'stream "items": the answer is not JSON' });
    expect((await readFailure(notJson)).error).toMatchObject({ retryable: false, message: 'stream "items": the answer is not JSON' });
    const notArray = createRestSource(configWith({ stream: { path: '/open/pages/not-array', record_path: 'data.items' } }), {}, http);
    expect((await readFailure(notArray)).error).toMatchObject({ retryable: false, message: 'stream "items": "data.items" in the answer is not an array of records' });
    // The whole answer is expected to be the array when record_path is empty.
    const wholeAnswer = createRestSource(configWith({ stream: { path: '/open/pages/items', record_path: '' } }), {}, http);
    expect((await readFailure(wholeAnswer)).error).toMatchObject({ retryable: false, message: 'stream "items": the answer is not an array of records' });
  });

  it('yields records it cannot identify with a problem, and reads on', async () => {
    const pages = await readAll(createRestSource(configWith({ stream: { path: '/open/array/odd-records', updated_at_path: 'changed' } }), {}, http));
    expect(recordsOf(pages).map((record) => [record.external_id, record.problem])).toEqual([
      ['a1', undefined],
      ['', 'no id at "id"'],
      ['', 'no id at "id"'],
      ['', 'no id at "id"'],
      ['', 'the record is not a JSON object'],
      ['', 'the id at "id" is a number too large to be read exactly; the API should send it as a string'],
      ['7', undefined],
      ['', 'the id at "id" is an object, not a string or a number'],
      ['a2', undefined],
      ['a3', undefined],
    ]);
    expect(recordsOf(pages)[1]?.data).toEqual({ name: 'no id' });
    // Times normalised to ISO 8601 UTC: an offset, Unix seconds, no offset (UTC); an unreadable one is left out.
    expect(recordsOf(pages).flatMap((record) => (record.problem ? [] : [record.updated_at]))).toEqual(['2024-03-01T09:00:00.000Z', '2024-03-01T09:00:00.000Z', '2024-03-01T09:00:00.500Z', undefined]);
    expect(recordsOf(pages)[4]?.data).toEqual({ value: 42 });
  });

  it('refuses a Link header leading to another origin, without requesting it', async () => {
    const source = createRestSource(configWith({ stream: { path: '/open/link/elsewhere' }, pagination: { type: 'link_header' } }), {}, http);
    const { error } = await readFailure(source);
    expect(error).toMatchObject({ retryable: false, message: `stream "items": the Link header's next page is on another origin (http://localhost:${new URL(server.url).port}), refused` });
    expect(server.requests).toHaveLength(1);
  });

  it('stops a cursor that goes round, before asking for a page again', async () => {
    const source = createRestSource(configWith({ stream: { path: '/open/cursor/looping', record_path: 'items' }, pagination: { type: 'cursor', cursor_param: 'cursor', next_cursor_path: 'meta.next_cursor' } }), {}, http);
    const { pages, error } = await readFailure(source);
    expect(error).toMatchObject({ retryable: false, message: 'stream "items": the next cursor at "meta.next_cursor" leads back to a page already read; stopped so as not to read forever' });
    expect(pages).toHaveLength(3);
    expect(apiRequests().map((request) => request.query.get('cursor'))).toEqual([null, 'c1', 'c2']);
  });

  it('stops an API that ignores the page parameter (it answers page 1 again)', async () => {
    const source = createRestSource(configWith({ stream: { path: '/open/pages/items', record_path: 'data.items' }, pagination: { type: 'page_number', page_param: 'p', per_page: 25 } }), {}, http);
    const { pages, error } = await readFailure(source);
    expect(error).toMatchObject({ retryable: false, message: 'stream "items": the API answered the same page twice in a row (does it ignore the "p" parameter?); stopped so as not to read forever' });
    expect(pages).toHaveLength(1);
    expect(apiRequests()).toHaveLength(2);
  });

  it('stops at max_pages', async () => {
    const source = createRestSource(configWith({ stream: { path: '/open/pages/items', record_path: 'data.items' }, pagination: { type: 'page_number', page_param: 'page', per_page_param: 'per_page', per_page: 50 }, max_pages: 2 }), {}, http);
    const { pages, error } = await readFailure(source);
    expect(error).toMatchObject({ retryable: false, message: 'stream "items": the read reached its limit of 2 pages (max_pages); stopped' });
    expect(pages).toHaveLength(2);
    expect(apiRequests()).toHaveLength(2);
  });

  it('a cancelled read ends with SourceError("cancelled"), between requests or during one', async () => {
    const source = createRestSource(configWith({ stream: { path: '/open/pages/items', record_path: 'data.items' }, pagination: { type: 'page_number', page_param: 'page', per_page_param: 'per_page', per_page: 50 } }), {}, http);
    const controller = new AbortController();
    const pages: SourcePage[] = [];
    const error = await (async () => {
      for await (const page of source.read({ signal: controller.signal })) {
        pages.push(page);
        controller.abort();
      }
    })().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'SourceError', message: 'cancelled', retryable: false });
    expect(pages).toHaveLength(1);
    expect(apiRequests()).toHaveLength(1);

    const silent = createRestSource(configWith({ stream: { path: '/open/array/silent' } }), {}, http);
    const during = new AbortController();
    setTimeout(() => during.abort(), 100);
    expect((await readFailure(silent, { signal: during.signal })).error).toMatchObject({ message: 'cancelled', retryable: false });
  });
});
