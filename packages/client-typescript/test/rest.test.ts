import { afterEach, describe, expect, it } from 'vitest';
import { PlatformClient, PlatformProblemError, ifMatch } from '../src/index.ts';
import { TENANT, type TestServer, json, problem, startServer } from './support/server.ts';

let server: TestServer;
afterEach(() => server?.close());

const client = () => new PlatformClient({ baseUrl: server.url, tenantId: TENANT, apiKey: 'sk_test_key' }, { baseDelayMs: 1 });

describe('typed REST calls', () => {
  it('a problem answer rejects with a PlatformProblemError carrying code, status, title, detail, request id, field errors and the raw problem', async () => {
    server = await startServer((_request, response) =>
      problem(response, 412, 'precondition_failed', 'The order changed since version 3.', { current_version: 4, errors: [{ field: 'If-Match', message: 'Stale.' }] }),
    );
    const error = await client()
      .rest.PATCH('/v1/crm/orders/{id}', { params: { path: { id: 'ord_1' }, header: { 'If-Match': ifMatch(3) } }, body: { notes: 'x' } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformProblemError);
    const problemError = error as PlatformProblemError;
    expect(problemError).toMatchObject({
      status: 412,
      code: 'precondition_failed',
      title: 'precondition failed',
      detail: 'The order changed since version 3.',
      type: '/docs/errors#precondition_failed',
      instance: '/v1/test',
      requestId: 'req_test123',
      errors: [{ field: 'If-Match', message: 'Stale.' }],
    });
    expect(problemError.problem.current_version).toBe(4);
    expect(problemError.message).toBe('412 precondition_failed: The order changed since version 3.');
    // If-Match went as a header, with the quotes of an ETag.
    expect(server.requests[0]!.headers['if-match']).toBe('"3"');
    expect(server.requests[0]!.method).toBe('PATCH');
    expect(server.requests[0]!.path).toBe('/v1/crm/orders/ord_1');
  });

  it('an answer that is not a problem still gives a typed error, with the X-Request-Id header as the request id', async () => {
    server = await startServer((_request, response) => {
      response.writeHead(502, { 'content-type': 'text/plain', 'x-request-id': 'req_proxy' });
      response.end('Bad gateway');
    });
    const platform = new PlatformClient({ baseUrl: server.url, tenantId: TENANT, apiKey: 'k' }, { maxRetries: 0 });
    await expect(platform.rest.GET('/v1/crm/customers/{id}', { params: { path: { id: 'x' } } })).rejects.toMatchObject({ status: 502, code: 'http_502', detail: 'Bad gateway', requestId: 'req_proxy' });
  });

  it('resolves to the typed body and the response (ETag for a later If-Match)', async () => {
    server = await startServer((_request, response) => json(response, 200, { id: 'ord_1', version: 2 }, { etag: '"2"' }));
    const { data, response } = await client().rest.GET('/v1/crm/orders/{id}', { params: { path: { id: 'ord_1' } } });
    expect(data.version).toBe(2);
    expect(response.headers.get('etag')).toBe('"2"');
    expect(ifMatch(response.headers.get('etag')!)).toBe('"2"');
  });
});

describe('paginate', () => {
  it('iterates every item of every page with the filters, stopping at the last page', async () => {
    const items = Array.from({ length: 25 }, (_, index) => ({ id: `SKU-${index + 1}` }));
    server = await startServer((request, response) => {
      const page = Number(request.query.get('page'));
      const perPage = Number(request.query.get('per_page'));
      const data = items.slice((page - 1) * perPage, page * perPage);
      json(response, 200, { data, meta: { total: items.length, page, per_page: perPage, next_cursor: page * perPage < items.length ? `cursor${page}` : null } });
    });
    const seen: string[] = [];
    for await (const item of client().paginate('/v1/inventory/items', { query: { warehouse_id: 'wh_1', per_page: 10 } })) seen.push(item.id);
    expect(seen).toEqual(items.map((item) => item.id));
    expect(server.requests.map((request) => Object.fromEntries(request.query))).toEqual([
      { warehouse_id: 'wh_1', per_page: '10', page: '1' },
      { warehouse_id: 'wh_1', per_page: '10', page: '2' },
      { warehouse_id: 'wh_1', per_page: '10', page: '3' },
    ]);
  });

  it('stops on an empty page and on a page that reaches the total, and fills path parameters', async () => {
    server = await startServer((request, response) => {
      const page = Number(request.query.get('page'));
      json(response, 200, { data: page === 1 ? [{ id: 'whd_1' }, { id: 'whd_2' }] : [], meta: { total: 2, page, per_page: 25, next_cursor: 'c' } });
    });
    const seen: string[] = [];
    for await (const delivery of client().paginate('/v1/events/webhook-endpoints/{endpoint_id}/deliveries', { path: { endpoint_id: 'we_1' } })) seen.push(delivery.id);
    expect(seen).toEqual(['whd_1', 'whd_2']);
    expect(server.requests.map((request) => request.path)).toEqual(['/v1/events/webhook-endpoints/we_1/deliveries']);
  });

  it('a failing page rejects the iteration with the typed error', async () => {
    server = await startServer((_request, response) => problem(response, 400, 'invalid_parameter', 'per_page must be an integer from 1 to 100.', { errors: [{ field: 'per_page', message: 'Too big.' }] }));
    const iterate = async () => {
      for await (const _item of client().paginate('/v1/inventory/items', { query: { per_page: 1000 } })) {
        // nothing arrives
      }
    };
    await expect(iterate()).rejects.toMatchObject({ status: 400, code: 'invalid_parameter', errors: [{ field: 'per_page', message: 'Too big.' }] });
  });
});
