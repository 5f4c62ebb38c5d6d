import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, platformUrl, problemOf, requestToken, signedInAccount } from '../support/fixtures.ts';

describe('the edge', () => {
  let api: ApiClient;
  beforeAll(async () => {
    ({ api } = await signedInAccount());
  });

  it('puts X-Request-Id on every response and echoes a sane client-supplied one', async () => {
    const responses = await Promise.all([
      api.get('/v1/inventory/items'),
      fetch(`${platformUrl}/v1/inventory/items`),
      fetch(`${platformUrl}/healthz`),
      fetch(`${platformUrl}/no/such/path`),
      requestToken({ grant_type: 'client_credentials' }),
      api.graphql('{ inventory_items { meta { total } } }'),
    ]);
    for (const response of responses) expect(response.headers.get('x-request-id')).toMatch(/^req_[0-9a-f-]{36}$/);
    const echoed = await fetch(`${platformUrl}/healthz`, { headers: { 'x-request-id': 'trace-0123456789' } });
    expect(echoed.headers.get('x-request-id')).toBe('trace-0123456789');
    const refused = await fetch(`${platformUrl}/healthz`, { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(refused.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('answers GET /healthz with 200', async () => {
    expect((await fetch(`${platformUrl}/healthz`)).status).toBe(200);
  });

  it('answers unknown paths with a problem+json 404 and wrong methods with 405 and Allow', async () => {
    const missing = await api.get('/v1/inventory/gadgets');
    expect(await problemOf(missing)).toMatchObject({ status: 404, code: 'route_not_found', instance: '/v1/inventory/gadgets' });
    expect((await problemOf(await fetch(`${platformUrl}/elsewhere`))).code).toBe('route_not_found');
    const wrongMethod = await api.send('DELETE', '/v1/inventory/items', {});
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, POST');
    expect((await problemOf(wrongMethod)).code).toBe('method_not_allowed');
    const tokenGet = await fetch(`${platformUrl}/v1/oauth/token`);
    expect(tokenGet.status).toBe(405);
    expect(tokenGet.headers.get('allow')).toBe('POST');
  });

  it('does not expose routes SOFA would generate on its own', async () => {
    for (const path of ['/v1/webhook', '/v1/inventory-items', '/v1/tenant']) {
      const response = await api.send('POST', path, {});
      expect(response.status, path).toBe(404);
    }
  });

  it('serves an API reference page whose assets come from this server, and the error catalogue', async () => {
    const page = await (await fetch(`${platformUrl}/docs`)).text();
    const sources = [...page.matchAll(/(?:src|href|data-url)="([^"]+)"/g)].map((match) => match[1]);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(source).toMatch(/^\//);
      expect((await fetch(`${platformUrl}${source}`)).status).toBe(200);
    }
    const errors = await (await fetch(`${platformUrl}/docs/errors`)).text();
    for (const code of ['unauthenticated', 'invalid_token', 'tenant_mismatch', 'insufficient_scope', 'invalid_parameter', 'not_found']) expect(errors).toContain(`id="${code}"`);
  });

  it('serves GraphiQL without a credential and without any CDN', async () => {
    const response = await fetch(`${platformUrl}/graphql`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('GraphiQL');
    expect(html).not.toMatch(/<(script|link)\b[^>]*\b(src|href)=["']?(https?:)?\/\//i);
  });

  it.each([
    ['a body that is not JSON', '{"query":', 'application/json', 'malformed_body'],
    ['a body that is not an object', '"abc"', 'application/json', 'malformed_body'],
    ['a query that is not a string', '{"query":42}', 'application/json', 'query_invalid'],
    ['variables that are not an object', '{"query":"{ __typename }","variables":"x"}', 'application/json', 'query_invalid'],
    ['an operation name the document lacks', '{"query":"{ __typename }","operationName":"Other"}', 'application/json', 'query_invalid'],
    ['a variable that does not coerce', '{"query":"query($v: Int) { inventory_items(page: $v) { meta { total } } }","variables":{"v":{"u":1}}}', 'application/json', 'query_invalid'],
    ['a missing required variable', '{"query":"query($v: Int!) { inventory_items(page: $v) { meta { total } } }","variables":{}}', 'application/json', 'query_invalid'],
    [
      'variables with more errors than graphql-js reports (it stops at fifty)',
      JSON.stringify({ query: 'mutation($i: CreateWarehouseInput!) { create_warehouse(input: $i) { id } }', variables: { i: Object.fromEntries(Array.from({ length: 60 }, (_, n) => [`k${n}`, n])) } }),
      'application/json',
      'query_invalid',
    ],
    ['a DateTime variable that is not one', '{"query":"query($v: DateTime) { stock_movements(created_after: $v) { meta { total } } }","variables":{"v":"yesterday"}}', 'application/json', 'invalid_parameter'],
    ['a number JSON cannot carry back', '{"query":"query($v: Int) { inventory_items(page: $v) { meta { total } } }","variables":{"v":1e309}}', 'application/json', 'validation_failed'],
    ['a body of another media type', '{"query":"{ __typename }"}', 'text/plain', 'unsupported_media_type'],
    ['a media type in capitals (accepted)', '{"query":"{ __typename }"}', 'APPLICATION/JSON', undefined],
  ])('answers %s with a platform code, never internal_error', async (_case, body, contentType, code) => {
    const response = await api.raw('POST', '/graphql', body, contentType);
    const result = (await response.json()) as { data?: unknown; errors?: Array<{ message: string; extensions: { code: string } }> };
    expect(result.errors?.[0]?.extensions.code).toBe(code);
    expect(result.errors?.filter((error) => error.extensions.code !== code) ?? []).toEqual([]);
    if (code) expect(response.status === 200 || (response.status >= 400 && response.status < 500)).toBe(true);
    // The JSON parser's message quotes the body; nothing of it goes back.
    expect(JSON.stringify(result)).not.toContain('Unexpected end');
  });

  it('refuses a mutation over GET with 405 method_not_allowed and Allow: POST', async () => {
    const response = await api.get('/graphql?query=mutation%7B__typename%7D');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(((await response.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]?.extensions.code).toBe('method_not_allowed');
  });

  it('codes GraphQL document errors as query_invalid', async () => {
    const body = (await (await api.graphql('{ inventory_items { nonsense } }')).json()) as { errors: Array<{ extensions: { code: string } }> };
    expect(body.errors[0]?.extensions.code).toBe('query_invalid');
  });
});
