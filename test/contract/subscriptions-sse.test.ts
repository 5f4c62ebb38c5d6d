import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type TestAccount, clientWithScope, json, platformUrl, signedInAccount } from '../support/fixtures.ts';
import { type LiveResult, type LiveSubscription, barrier, publish, subscribeSse } from '../support/subscriptions.ts';

/**
 * The same subscriptions over server-sent events: POST /graphql with `Accept: text/event-stream`,
 * authenticated, rate-limited and audited as any request to /graphql, one `next` event per
 * live event.
 */

type Live = { events: { id: string; type: string; tenant_id: string; data: Record<string, unknown> } };

const EVENT_SCOPES = ['events:read', 'events:write'];
const open: LiveSubscription<unknown>[] = [];
afterAll(() => {
  for (const subscription of open) subscription.stop();
});

async function subscribe(api: ApiClient, query: string) {
  const subscription = await subscribeSse<Live>(platformUrl, api, query);
  open.push(subscription as LiveSubscription<unknown>);
  return subscription;
}

describe('SSE subscriptions to events', () => {
  let a: TestAccount & { api: ApiClient };
  let b: TestAccount & { api: ApiClient };

  beforeAll(async () => {
    [a, b] = await Promise.all([signedInAccount(EVENT_SCOPES), signedInAccount(EVENT_SCOPES)]);
  });

  it('streams the events of its own tenant and type as they happen, and nothing of another tenant', async () => {
    const subscription = await subscribe(a.api, 'subscription { events(types: ["custom.sse"]) { id type tenant_id data } }');
    expect(subscription.response.status).toBe(200);
    expect(subscription.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(subscription.response.headers.get('x-request-id')).toMatch(/^req_/);
    expect(subscription.response.headers.get('ratelimit-limit')).not.toBeNull();
    expect(await barrier(subscription, a.api, 'custom.sse')).toEqual([]);

    const mine = await publish(a.api, 'custom.sse', { n: 1 });
    await publish(b.api, 'custom.sse', { n: 'b' });
    await publish(a.api, 'custom.other', { n: 'other type' });
    const arrived = await barrier(subscription, a.api, 'custom.sse');
    expect(arrived).toEqual([{ data: { events: { id: mine.id, type: 'custom.sse', tenant_id: a.tenantId, data: { n: 1 } } } }] satisfies LiveResult<Live>[]);
  });

  it('refuses a type the credential may not receive: one result with insufficient_scope, then the stream completes', async () => {
    const subscription = await subscribe(a.api, 'subscription { events(types: ["inventory.stock.low"]) { id } }');
    expect(subscription.response.status).toBe(200);
    const result = await subscription.results.next();
    expect(result.data).toBeUndefined();
    expect(result.errors).toEqual([expect.objectContaining({ message: 'Receiving inventory.stock.low events requires the scope inventory:read.', extensions: expect.objectContaining({ code: 'insufficient_scope', required_scope: 'inventory:read' }) })]);
    await subscription.completed;
    expect(subscription.results.pending()).toEqual([]);

    const withoutRead = await clientWithScope(a, 'events:write');
    const refused = await subscribe(withoutRead, 'subscription { events { id } }');
    expect((await refused.results.next()).errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'insufficient_scope', required_scope: 'events:read' }) })]);
  });

  it('answers 401 without a credential and 403 for another tenant, before any stream', async () => {
    const body = JSON.stringify({ query: 'subscription { events { id } }' });
    const anonymous = await fetch(`${platformUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream' }, body });
    expect(anonymous.status).toBe(401);
    expect(((await json<{ errors: Array<{ extensions: { code: string } }> }>(anonymous, 401)).errors[0]?.extensions.code)).toBe('unauthenticated');

    const foreign = await fetch(`${platformUrl}/graphql`, { method: 'POST', headers: { ...a.api.headers, 'x-service-tenant': b.tenantId, 'content-type': 'application/json', accept: 'text/event-stream' }, body });
    expect(foreign.status).toBe(403);
    expect((await json<{ errors: Array<{ extensions: { code: string } }> }>(foreign, 403)).errors[0]?.extensions.code).toBe('tenant_mismatch');
  });
});
