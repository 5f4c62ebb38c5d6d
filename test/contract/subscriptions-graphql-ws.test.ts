import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createOrder } from '../support/crm.ts';
import { type ApiClient, type TestAccount, accessToken, apiClient, clientWithScope, createAccount, database, json, platformUrl, signedInAccount } from '../support/fixtures.ts';
import { type LiveResult, barrier, bearerParams, publish, subscribeWs, wsClient } from '../support/subscriptions.ts';

/**
 * Live events over graphql-ws at ws://…/graphql: authenticated in the connection payload, only
 * the caller's tenant, only the requested types, only the types its scopes allow, navigation from
 * an event to the changed record, refusals (credentials, scopes, types) with the platform's codes,
 * every subscription start audited and counted against the tenant's rate limit.
 */

const EVENT_FIELDS = 'id type tenant_id occurred_at data resource { type id } source { type credential_id request_id workflow_run_id chain_depth }';
const EVENT_SCOPES = ['events:read', 'events:write'];

type Live = { events: Record<string, unknown> & { type: string; data: Record<string, unknown> } };

const clients: Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.dispose()));
});

/** A graphql-ws connection with `params` as its connection payload (`bearerParams(api)`: a client's credential). */
function connect(params: Record<string, unknown> | undefined) {
  const connection = wsClient(platformUrl, params);
  clients.push(connection.client);
  return connection;
}

const eventsOf = (results: LiveResult<Live>[]) => results.map((result) => result.data?.events);

describe('graphql-ws subscriptions to events', () => {
  let a: TestAccount & { api: ApiClient };
  let b: TestAccount & { api: ApiClient };

  beforeAll(async () => {
    [a, b] = await Promise.all([signedInAccount(EVENT_SCOPES), signedInAccount(EVENT_SCOPES)]);
  });

  it('delivers the events of its own tenant, exactly as GET /v1/events/:id records them, and nothing of another tenant', async () => {
    const subscriptionA = subscribeWs<Live>(connect(bearerParams(a.api)).client, `subscription Live { events(types: ["custom.x"]) { ${EVENT_FIELDS} } }`);
    const subscriptionB = subscribeWs<Live>(connect(bearerParams(b.api)).client, `subscription Live { events(types: ["custom.x"]) { ${EVENT_FIELDS} } }`);
    expect(await barrier(subscriptionA, a.api, 'custom.x')).toEqual([]);
    expect(await barrier(subscriptionB, b.api, 'custom.x')).toEqual([]);

    const first = await publish(a.api, 'custom.x', { n: 1, nested: { ok: true } });
    const other = await publish(b.api, 'custom.x', { n: 'b' });
    const second = await publish(a.api, 'custom.x', { n: 2 });

    const receivedA = eventsOf(await barrier(subscriptionA, a.api, 'custom.x'));
    const receivedB = eventsOf(await barrier(subscriptionB, b.api, 'custom.x'));
    expect(receivedA).toEqual([await json(await a.api.get(`/v1/events/${first.id}`)), await json(await a.api.get(`/v1/events/${second.id}`))]);
    expect(receivedA[0]).toMatchObject({ type: 'custom.x', tenant_id: a.tenantId, data: { n: 1, nested: { ok: true } }, resource: null, source: { type: 'api', credential_id: a.clientId } });
    expect(receivedB).toEqual([await json(await b.api.get(`/v1/events/${other.id}`))]);
  });

  it('delivers only the requested types; without types, every type the credential may receive', async () => {
    // Creates orders (crm:write) but may not read them: order.created is not among what it may receive.
    const account = await signedInAccount([...EVENT_SCOPES, 'crm:write']);
    const { client } = connect(bearerParams(account.api));
    // The types in a variable, as a dashboard would send them.
    const onlyA = subscribeWs<Live>(client, 'subscription OnlyA($types: [String!]) { events(types: $types) { type data } }', { types: ['custom.a', 'custom.a.b'] });
    const everything = subscribeWs<Live>(client, 'subscription { events { type data } }');
    expect(await barrier(onlyA, account.api, 'custom.a')).toEqual([]);
    expect(await barrier(everything, account.api, 'custom.a')).toEqual([]);

    await publish(account.api, 'custom.b', { n: 1 });
    await publish(account.api, 'custom.a.b', { n: 2 });
    const customer = await createCustomer(account.api);
    await createOrder(account.api, { kind: 'sales', customer_id: customer.id });
    await publish(account.api, 'custom.a', { n: 3 });
    // The order exists, and so does its order.created: it is the scope that keeps it away.
    expect(await database().event.count({ where: { tenant_id: account.tenantId, type: 'order.created' } })).toBe(1);

    expect(eventsOf(await barrier(onlyA, account.api, 'custom.a'))).toEqual([
      { type: 'custom.a.b', data: { n: 2 } },
      { type: 'custom.a', data: { n: 3 } },
    ]);
    expect(eventsOf(await barrier(everything, account.api, 'custom.a'))).toEqual([
      { type: 'custom.b', data: { n: 1 } },
      { type: 'custom.a.b', data: { n: 2 } },
      { type: 'custom.a', data: { n: 3 } },
    ]);
  });

  it('refuses a type the credential may not receive with insufficient_scope naming the scope, before subscribing', async () => {
    const { client } = connect(bearerParams(a.api));
    const refused = subscribeWs(client, 'subscription { events(types: ["custom.x", "order.created"]) { id } }');
    expect(await refused.failed).toEqual([expect.objectContaining({ message: 'Receiving order.created events requires the scope crm:read.', extensions: expect.objectContaining({ code: 'insufficient_scope', required_scope: 'crm:read' }) })]);

    const withoutRead = await clientWithScope(a, 'events:write');
    const noRead = subscribeWs(connect(bearerParams(withoutRead)).client, 'subscription { events(types: ["custom.x"]) { id } }');
    expect(await noRead.failed).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'insufficient_scope', required_scope: 'events:read' }) })]);
  });

  it('refuses unknown types with validation_failed naming each, an empty list, and documents that do not validate', async () => {
    const { client } = connect(bearerParams(a.api));
    const unknown = subscribeWs(client, 'subscription { events(types: ["custom.x", "order.deleted", "Custom.Y"]) { id } }');
    const [error] = (await unknown.failed) as Array<{ extensions: { code: string; errors: Array<{ field: string }> } }>;
    expect(error?.extensions.code).toBe('validation_failed');
    expect(error?.extensions.errors.map((fieldError) => fieldError.field)).toEqual(['types.1', 'types.2']);

    const empty = subscribeWs(client, 'subscription { events(types: []) { id } }');
    expect(await empty.failed).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'validation_failed', errors: [expect.objectContaining({ field: 'types' })] }) })]);

    const invalid = subscribeWs(client, 'subscription { events { id no_such_field } }');
    expect(await invalid.failed).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'query_invalid' }) })]);

    const query = subscribeWs(client, '{ event(id: "evt_x") { id } }');
    expect(await query.failed).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'query_invalid' }) })]);

    // The cost limits of POST /graphql apply: 13 levels is over the depth limit of 12.
    const deep = subscribeWs(client, 'subscription { events { order { lines { item { open_purchase_orders { lines { item { open_purchase_orders { lines { item { open_purchase_orders { lines { item { id } } } } } } } } } } } } } }');
    expect(await deep.failed).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'query_too_complex', limit: 'depth', maximum: 12 }) })]);
    // …and so does the complexity estimate, for what each event would return.
    const costly = subscribeWs(client, 'subscription { events { order { lines { item { open_purchase_orders { lines { item { open_purchase_orders { lines { item { id } } } } } } } } } } }');
    expect(await costly.failed).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'query_too_complex', limit: 'complexity', maximum: 25_000 }) })]);
  });

  it('closes the connection of a missing, invalid or foreign credential with 4401/4400/4403 and the error code', async () => {
    const token = a.api.headers.authorization as string;
    const cases: Array<[Record<string, unknown> | undefined, number, string]> = [
      [undefined, 4401, 'unauthenticated'],
      [{ 'X-Service-Tenant': a.tenantId }, 4401, 'unauthenticated'],
      [{ Authorization: 'Bearer not-a-token', 'X-Service-Tenant': a.tenantId }, 4401, 'invalid_token'],
      [{ Authorization: token.replace('Bearer ', 'Basic '), 'X-Service-Tenant': a.tenantId }, 4401, 'invalid_token'],
      [{ Authorization: token }, 4400, 'tenant_header_missing'],
      [{ Authorization: token, 'X-Service-Tenant': b.tenantId }, 4403, 'tenant_mismatch'],
      [{ Authorization: token, 'X-Service-Tenant': a.sandboxTenantId }, 4403, 'tenant_mismatch'],
    ];
    for (const [params, code, reason] of cases) {
      const { client, closed } = connect(params);
      const subscription = subscribeWs(client, 'subscription { events { id } }');
      expect(await closed, JSON.stringify(params)).toMatchObject({ code, reason });
      subscription.stop();
    }
    // Names are case-insensitive, as HTTP header names are.
    const lowerCase = subscribeWs<Live>(connect({ authorization: token, 'x-service-tenant': a.tenantId }).client, 'subscription { events(types: ["custom.x"]) { type data } }');
    expect(await barrier(lowerCase, a.api, 'custom.x')).toEqual([]);
  });

  it('navigates from an order.created event to the order and its customer through the supergraph', async () => {
    const account = await signedInAccount([...EVENT_SCOPES, 'crm:read', 'crm:write']);
    const subscription = subscribeWs<{ events: { type: string; data: { marker?: string } } }>(
      connect(bearerParams(account.api)).client,
      'subscription OrderFeed { events(types: ["order.created", "custom.sync"]) { type data resource { type id } order { ...OrderBits } } } fragment OrderBits on Order { id number status customer { name } }',
    );
    expect(await barrier(subscription, account.api, 'custom.sync')).toEqual([]);
    const customer = await createCustomer(account.api, { name: 'Navigated GmbH' });
    const order = await createOrder(account.api, { kind: 'sales', customer_id: customer.id });

    const [received, ...rest] = await barrier(subscription, account.api, 'custom.sync');
    expect(rest).toEqual([]);
    expect(received?.errors).toBeUndefined();
    expect(received?.data?.events).toEqual({
      type: 'order.created',
      data: await json(await account.api.get(`/v1/crm/orders/${order.id}`)),
      resource: { type: 'order', id: order.id },
      order: { id: order.id, number: order.number, status: 'draft', customer: { name: 'Navigated GmbH' } },
    });
  });

  it('records every subscription start in the audit trail (surface subscription) and counts it against the rate limit', async () => {
    const account = await createAccount({ scopes: EVENT_SCOPES });
    // Set before the tenant's first request (limits are remembered for a while once read).
    // The token request counts 1 of 3 this minute: two subscriptions fit, the third does not.
    await database().tenant.update({ where: { id: account.tenantId }, data: { rate_limit_per_minute: 3 } });
    const limited = apiClient(await accessToken(account.clientId, account.clientSecret, 'events:read'), account.tenantId);
    const { client } = connect(bearerParams(limited));
    const subscriptions = [0, 1, 2].map(() => subscribeWs(client, 'subscription Counted { events(types: ["custom.x"]) { id } }'));
    const refusal = (await Promise.race(subscriptions.map((subscription) => subscription.failed))) as Array<{ extensions: Record<string, unknown> }>;
    expect(refusal).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'rate_limited' }) })]);
    expect(refusal[0]?.extensions.retry_after).toBeGreaterThan(0);

    // Over the same limit, a REST request of the tenant is refused too: the starts counted.
    expect((await limited.get('/v1/events')).status).toBe(429);

    const deadline = Date.now() + 10_000;
    let records: Array<{ surface: string; action: string; operation_name: string | null; status: number | null; method: string | null; path: string | null; actor_id: string | null; request_id: string | null }> = [];
    while (Date.now() < deadline) {
      records = await database().auditRecord.findMany({ where: { tenant_id: account.tenantId, surface: 'subscription' }, orderBy: { seq: 'asc' } });
      if (records.length >= 3) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(records.map((record) => record.status).sort()).toEqual([200, 200, 429]);
    for (const record of records) {
      // A start refused by the rate limit is refused before its document is read, as over HTTP.
      const operation = record.status === 200 ? 'Counted' : null;
      expect(record).toMatchObject({ surface: 'subscription', action: `subscription ${operation ?? '(anonymous)'}`, operation_name: operation, method: 'GET', path: '/graphql', actor_id: account.clientId });
      expect(record.request_id).toMatch(/^req_/);
    }
    expect(new Set(records.map((record) => record.request_id)).size).toBe(3);
  });
});
