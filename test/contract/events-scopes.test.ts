import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, graphqlData, graphqlErrors, json, type List, problemOf } from '../support/fixtures.ts';
import { createCustomer, createOrder } from '../support/crm.ts';
import { type EventRecord, type ReceivedWebhook, createEndpoint, eventsAccount, eventually, publish, receivedExactly, sandboxClientWithScope, startReceiver, verified } from '../support/events.ts';

/**
 * Reading an event is reading the record it carries: `order.created` needs `crm:read` besides
 * `events:read`. The order.created events here come from CRM itself (`POST /v1/crm/orders`);
 * a client cannot publish one.
 */
describe('events are filtered by the scopes that read their records', () => {
  let account: Awaited<ReturnType<typeof eventsAccount>>;
  let full: ApiClient;
  let eventsOnly: ApiClient;
  let orderId: string;
  let orderEvent: EventRecord;
  let custom: EventRecord;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let secret: string;

  beforeAll(async () => {
    account = await eventsAccount(['events:read', 'events:write', 'webhooks:read', 'webhooks:write', 'crm:read', 'crm:write']);
    full = account.sandbox;
    eventsOnly = await sandboxClientWithScope(account, 'events:read events:write');
    receiver = await startReceiver();
    secret = (await createEndpoint(full, { url: receiver.url, event_types: ['order.created'] })).secret;
    custom = await publish(eventsOnly, 'custom.visible', { n: 1 });
    const customer = await createCustomer(full, { currency: 'EUR' });
    orderId = (await createOrder(full, { kind: 'sales', customer_id: customer.id })).id;
    orderEvent = await eventually(async () => {
      const list = await json<List<EventRecord>>(await full.get('/v1/events?type=order.created'));
      return list.data.find((event) => event.resource?.id === orderId);
    }, 20_000, 'the order.created event of the new order');
  });

  it('shows order.created to a credential with crm:read, about the order', async () => {
    expect(orderEvent).toMatchObject({ type: 'order.created', tenant_id: account.sandboxTenantId, resource: { type: 'order', id: orderId }, data: { id: orderId } });
    const all = await json<List<EventRecord>>(await full.get('/v1/events?sort=occurred_at'));
    expect(all.data.map((event) => event.id)).toEqual([custom.id, orderEvent.id]);
    const byResource = await json<List<EventRecord>>(await full.get(`/v1/events?resource_id=${orderId}`));
    expect(byResource.data).toEqual([orderEvent]);
  });

  it('hides it from a credential without crm:read: left out of lists, 404 when asked for', async () => {
    const list = await json<List<EventRecord>>(await eventsOnly.get('/v1/events'));
    expect(list).toEqual({ data: [custom], meta: { total: 1, page: 1, per_page: 25, next_cursor: null, prev_cursor: null } });
    expect((await json<List<EventRecord>>(await eventsOnly.get(`/v1/events?resource_id=${orderId}`))).meta.total).toBe(0);
    const single = await eventsOnly.get(`/v1/events/${orderEvent.id}`);
    expect(single.status).toBe(404);
    expect((await problemOf(single)).code).toBe('not_found');
    const errors = await graphqlErrors(eventsOnly, 'query($id: String!) { event(id: $id) { id } }', { id: orderEvent.id });
    expect(errors.map((error) => error.extensions?.code)).toEqual(['not_found']);
    const graphList = await graphqlData<{ events: { data: Array<{ id: string }> } }>(eventsOnly, '{ events { data { id } } }');
    expect(graphList.events.data).toEqual([{ id: custom.id }]);
  });

  it('reaches the order from the event in GraphQL', async () => {
    const data = await graphqlData<{ event: { order: { id: string; number: string; kind: string }; inventory_item: null; resource: { type: string } } }>(
      full,
      'query($id: String!) { event(id: $id) { resource { type } order { id number kind } inventory_item { id } } }',
      { id: orderEvent.id },
    );
    expect(data.event).toEqual({ resource: { type: 'order' }, order: { id: orderId, number: 'SO-000001', kind: 'sales' }, inventory_item: null });
    const rest = await json<Record<string, unknown>>(await full.get(`/v1/events/${orderEvent.id}`));
    expect(Object.keys(rest).sort()).toEqual(['data', 'id', 'occurred_at', 'resource', 'source', 'tenant_id', 'type']);
  });

  it('delivers it to an endpoint registered with crm:read, body equal to GET /v1/events/{id}', async () => {
    const [webhook] = await receivedExactly(receiver, 1);
    expect(receiver.received).toHaveLength(1);
    expect(webhook?.headers['webhook-id']).toBe(orderEvent.id);
    expect(verified(secret, webhook as ReceivedWebhook)).toEqual(await json(await full.get(`/v1/events/${orderEvent.id}`)));
  });
});
