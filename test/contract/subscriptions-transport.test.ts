import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type TestAccount, platformUrl, signedInAccount } from '../support/fixtures.ts';

/**
 * A subscription needs a streaming transport (graphql-ws, or SSE with `Accept: text/event-stream`).
 * Sent as a plain request it is answered at once with 406 `subscription_transport_required`, in
 * the GraphQL error shape of every refusal at /graphql; it never hangs.
 */

const SUBSCRIPTION = 'subscription { events(types: ["custom.x"]) { id } }';
/** Every request of this file is answered well within this; a hang fails the test instead of the run. */
const ANSWER_WITHIN_MS = 5_000;

type GraphqlBody = { data?: unknown; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };

async function answered(request: Promise<Response>): Promise<{ status: number; body: GraphqlBody; contentType: string | null; requestId: string | null }> {
  const response = await request;
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as GraphqlBody) : {}, contentType: response.headers.get('content-type'), requestId: response.headers.get('x-request-id') };
}

describe('subscriptions without a streaming transport', () => {
  let a: TestAccount & { api: ApiClient };

  beforeAll(async () => {
    a = await signedInAccount(['events:read', 'events:write']);
  });

  const post = (body: unknown, accept: string) =>
    fetch(`${platformUrl}/graphql`, {
      method: 'POST',
      headers: { ...a.api.headers, 'content-type': 'application/json', accept },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    });

  it('answers POST /graphql with a subscription whose Accept does not ask for a UTF-8 event stream with 406 subscription_transport_required', async () => {
    // `*/*` is what a plain HTTP client sends: it used to get an event stream that, on a quiet tenant, never ended.
    // The last names text/event-stream, but in a charset no stream is sent in.
    for (const accept of ['*/*', 'application/json', 'application/graphql-response+json', 'application/json, multipart/mixed', 'text/*', 'text/event-stream; charset=iso-8859-1']) {
      const { status, body, contentType, requestId } = await answered(post({ query: SUBSCRIPTION }, accept));
      expect(status, accept).toBe(406);
      expect(contentType).toMatch(/^application\/json/);
      expect(body.errors).toEqual([{ message: expect.stringContaining('text/event-stream'), extensions: { code: 'subscription_transport_required', request_id: requestId } }]);
    }
  });

  it('answers a subscription chosen by operationName among several operations with 406 too', async () => {
    const document = `query Recent { events(per_page: 1) { meta { total } } } subscription Live { events { id } } subscription Other { events(types: ["custom.y"]) { id } }`;
    const { status, body } = await answered(post({ query: document, operationName: 'Live' }, 'application/json'));
    expect(status).toBe(406);
    expect(body.errors?.[0]?.extensions?.code).toBe('subscription_transport_required');
    // The query of the same document still runs as a query.
    const query = await answered(post({ query: document, operationName: 'Recent' }, 'application/json'));
    expect(query).toMatchObject({ status: 200, body: { data: { events: { meta: { total: 0 } } } } });
  });

  it('answers a subscription over GET with 406, as it answers a mutation over GET', async () => {
    const url = `${platformUrl}/graphql?query=${encodeURIComponent(SUBSCRIPTION)}`;
    for (const accept of ['application/json', 'text/event-stream']) {
      const { status, body } = await answered(fetch(url, { headers: { ...a.api.headers, accept }, signal: AbortSignal.timeout(ANSWER_WITHIN_MS) }));
      expect(status, accept).toBe(406);
      expect(body.errors?.[0]?.extensions?.code, accept).toBe('subscription_transport_required');
    }
  });

  it('still streams the subscription when the request accepts text/event-stream', async () => {
    const abort = new AbortController();
    const response = await fetch(`${platformUrl}/graphql`, { method: 'POST', headers: { ...a.api.headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ query: SUBSCRIPTION }), signal: abort.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    abort.abort();
  });
});
