import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type GraphqlError, platformUrl, problemOf, signedInAccount } from '../support/fixtures.ts';

/** The platform's defaults (README, configuration): 1 MiB bodies, 64 KiB form bodies. */
const BODY_LIMIT = 1024 * 1024;
const FORM_LIMIT = 64 * 1024;

async function graphqlRefusal(response: Response): Promise<{ status: number; error: GraphqlError | undefined }> {
  const body = (await response.json()) as { data?: unknown; errors?: GraphqlError[] };
  expect(body.data).toBeUndefined();
  return { status: response.status, error: body.errors?.[0] };
}

/** Every limit of the edge answers with its own problem (or GraphQL error) and code, never a 500 or a hang. */
describe('request limits', () => {
  let api: ApiClient;
  beforeAll(async () => {
    ({ api } = await signedInAccount(['inventory:read', 'inventory:write', 'crm:read', 'crm:write', 'events:read', 'events:write']));
  });

  it('refuses a REST body over the limit with 413 payload_too_large, and accepts one just under it', async () => {
    const oversized = await api.raw('POST', '/v1/inventory/warehouses', JSON.stringify({ name: 'x'.repeat(BODY_LIMIT) }), 'application/json');
    expect(await problemOf(oversized)).toMatchObject({ status: 413, code: 'payload_too_large', limit_bytes: BODY_LIMIT });
    // Under the limit it reaches validation (the name is too long for a warehouse): a 400, not a 413.
    const underLimit = await api.raw('POST', '/v1/inventory/warehouses', JSON.stringify({ name: 'x'.repeat(BODY_LIMIT - 100) }), 'application/json');
    expect(underLimit.status).toBe(400);
  });

  it('refuses a streamed (chunked) body over the limit with 413', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 4 * BODY_LIMIT) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${platformUrl}/graphql`, { method: 'POST', headers: { ...api.headers, 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit).catch(() => undefined);
    // The server may close the connection while the client is still sending; if an answer came, it is the 413.
    if (response) expect(await problemOf(response)).toMatchObject({ status: 413, code: 'payload_too_large' });
    expect((await api.get('/v1/inventory/items')).status).toBe(200);
  });

  it('refuses a GraphQL body over the limit with a 413 problem, not a 200 internal_error', async () => {
    const response = await api.graphql(`{ __typename }`, { padding: 'x'.repeat(BODY_LIMIT) });
    expect(await problemOf(response)).toMatchObject({ status: 413, code: 'payload_too_large' });
  });

  it('limits form-encoded OAuth bodies to 64 KiB', async () => {
    const response = await fetch(`${platformUrl}/v1/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `grant_type=client_credentials&scope=${'a'.repeat(FORM_LIMIT)}` });
    expect(await problemOf(response)).toMatchObject({ status: 413, code: 'payload_too_large', limit_bytes: FORM_LIMIT });
  });

  it('answers oversized headers with a 431 problem', async () => {
    const response = await fetch(`${platformUrl}/v1/inventory/items`, { headers: { ...api.headers, 'x-filler': 'a'.repeat(32 * 1024) } });
    expect(response.status).toBe(431);
    expect(await response.json()).toMatchObject({ code: 'headers_too_large' });
  });

  it('refuses a batched GraphQL request (a JSON array) with 400 batching_not_supported', async () => {
    const response = await api.raw('POST', '/graphql', JSON.stringify([{ query: '{ __typename }' }, { query: '{ __typename }' }]), 'application/json');
    expect(await graphqlRefusal(response)).toMatchObject({ status: 400, error: { extensions: { code: 'batching_not_supported' } } });
  });

  it('refuses 3,000 nested selections with 400 query_too_complex (nesting) before parsing them', async () => {
    const response = await api.graphql(`${'{ a '.repeat(3000)}${'}'.repeat(3000)}`);
    expect(await graphqlRefusal(response)).toMatchObject({ status: 400, error: { extensions: { code: 'query_too_complex', limit: 'nesting', maximum: 64 } } });
  });

  it('refuses documents over the token or length limits', async () => {
    const manyTokens = await api.graphql(`{ ${'a '.repeat(10_001)}}`);
    expect(await graphqlRefusal(manyTokens)).toMatchObject({ status: 400, error: { extensions: { code: 'query_too_complex', limit: 'tokens', maximum: 10_000 } } });
    const long = await api.graphql(`{ __typename } # ${'x'.repeat(70_000)}`);
    expect(await graphqlRefusal(long)).toMatchObject({ status: 400, error: { extensions: { code: 'input_too_large', limit: 'document_characters' } } });
  });

  it('refuses variables or REST bodies holding more than 10,000 values with input_too_large, and changes nothing', async () => {
    const data = Object.fromEntries(Array.from({ length: 10_001 }, (_, index) => [`k${index}`, index]));
    const graphql = (await (await api.graphql('mutation($input: PublishEventInput!) { publish_event(input: $input) { id } }', { input: { type: 'custom.many', data } })).json()) as { errors: GraphqlError[] };
    expect(graphql.errors[0]?.extensions).toMatchObject({ code: 'input_too_large', limit: 'values', maximum: 10_000 });
    expect(((await (await api.get('/v1/events')).json()) as { meta: { total: number } }).meta.total).toBe(0);
    const lines = Array.from({ length: 2_600 }, () => ({ item_id: 'SKU-none', quantity: 1, unit_price: 100 }));
    const rest = await api.send('POST', '/v1/crm/orders', { kind: 'sales', customer_id: 'cus_none', lines });
    expect(await problemOf(rest)).toMatchObject({ status: 400, code: 'input_too_large' });
    expect(((await (await api.get('/v1/crm/orders')).json()) as { meta: { total: number } }).meta.total).toBe(0);
  });

  it.each(['token', 'revoke', 'introspect'])('answers a NUL in client_id at /v1/oauth/%s with 400 invalid_request, leaking nothing', async (endpoint) => {
    for (const [contentType, body] of [
      ['application/x-www-form-urlencoded', 'client_id=a%00b&client_secret=x&grant_type=client_credentials&token=t'],
      ['application/json', JSON.stringify({ client_id: 'a\u0000b', client_secret: 'x', grant_type: 'client_credentials', token: 't' })],
    ] as const) {
      const response = await fetch(`${platformUrl}/v1/oauth/${endpoint}`, { method: 'POST', headers: { 'content-type': contentType }, body });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'invalid_request', error_description: expect.stringContaining('client_id') });
    }
  });

  it('answers the probes: /healthz (alive) and /readyz (ready, database reachable)', async () => {
    expect(await (await fetch(`${platformUrl}/healthz`)).json()).toEqual({ status: 'alive' });
    const ready = await fetch(`${platformUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });
});
