import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type List, type TestAccount, clientWithScope, database, graphqlData, json, problemOf } from '../support/fixtures.ts';
import { CRM_SCOPES, type Order, action, createCustomer, createItem, createOrder, crmAccount, getOrder, quantityOnHand } from '../support/crm.ts';
import type { EventRecord } from '../support/events.ts';

/**
 * `order.fulfilled`: once per fulfilled sales order (REST `POST /v1/crm/orders/:id/fulfil` or
 * GraphQL `fulfil_order`), about the order (`resource: { type: "order", id }`), carrying the order
 * exactly as `GET /v1/crm/orders/:id` shows it after the change, written in the fulfilment's
 * transaction: a refused fulfilment, or one whose commit fails, leaves no event. Receiving it
 * needs `crm:read`.
 *
 * Events are read through the events API (`GET /v1/events?type=…&resource_id=…`), as an
 * integrator would.
 */

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** Every event the credential may receive matching `query`, oldest first, through every page. */
async function eventsVia(api: ApiClient, query: Record<string, string> = {}): Promise<EventRecord[]> {
  const events: EventRecord[] = [];
  for (let page = 1; ; page++) {
    const search = new URLSearchParams({ ...query, sort: 'occurred_at', per_page: '100', page: String(page) });
    const body = await json<List<EventRecord>>(await api.get(`/v1/events?${search}`), 200);
    events.push(...body.data);
    // Ties of occurred_at (one millisecond) in a stable order: by id.
    if (events.length >= body.meta.total || body.data.length === 0) return events.sort((a, b) => a.occurred_at.localeCompare(b.occurred_at) || a.id.localeCompare(b.id));
  }
}

/** The `order.fulfilled` events of one order. */
const fulfilledEventsOf = (api: ApiClient, orderId: string) => eventsVia(api, { type: 'order.fulfilled', resource_id: orderId });

/**
 * A PostgreSQL constraint trigger, deferred to the commit, that fails the transaction writing a
 * stock movement of `orderId`: the fulfilment's statements, its emit included, all succeed, and
 * then its commit fails.
 */
async function failingFulfilmentCommit(orderId: string, run: () => Promise<void>): Promise<void> {
  const name = 'fail_at_commit_order_fulfilled';
  const db = database();
  await db.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'test: the commit of this fulfilment fails'; END $$`);
  await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS ${name} ON stock_movements`);
  await db.$executeRawUnsafe(`CREATE CONSTRAINT TRIGGER ${name} AFTER INSERT ON stock_movements DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.source_id = '${orderId}') EXECUTE FUNCTION ${name}()`);
  try {
    await run();
  } finally {
    await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS ${name} ON stock_movements`);
    await db.$executeRawUnsafe(`DROP FUNCTION IF EXISTS ${name}()`);
  }
}

describe('order.fulfilled', () => {
  let account: TestAccount & { api: ApiClient; warehouseId: string };
  let api: ApiClient;
  let customerId: string;
  let sku = 0;

  /** A new SKU with `quantity` in stock (reorder point 0: no `inventory.stock.low`). */
  async function item(quantity: number): Promise<string> {
    const id = `OF-${++sku}`;
    await createItem(api, account.warehouseId, id, quantity);
    return id;
  }

  async function order(kind: 'sales' | 'purchase', lines: Array<[string, number]>, status: 'draft' | 'confirmed' = 'confirmed'): Promise<Order> {
    const created = await createOrder(api, { kind, customer_id: customerId, notes: 'order.fulfilled test', lines: lines.map(([item_id, quantity], index) => ({ item_id, quantity, unit_price: 250 + index })) });
    if (status === 'draft') return created;
    return json<Order>(await action(api, created.id, 'confirm'), 200);
  }

  beforeAll(async () => {
    account = await crmAccount([...CRM_SCOPES, 'events:read', 'webhooks:write']);
    api = account.api;
    customerId = (await createCustomer(api, { currency: 'EUR' })).id;
  });

  it('fulfilling a sales order records exactly one order.fulfilled, with the order exactly as GET /v1/crm/orders/:id shows it after the change', async () => {
    const a = await item(10);
    const b = await item(10);
    const confirmed = await order('sales', [
      [a, 3],
      [b, 2],
    ]);
    // Creating and confirming emit no order.fulfilled.
    expect(await fulfilledEventsOf(api, confirmed.id)).toEqual([]);

    const response = await action(api, confirmed.id, 'fulfil');
    const fulfilled = await json<Order>(response, 200);
    const after = await getOrder(api, confirmed.id);
    expect(after).toEqual(fulfilled);
    expect(after).toMatchObject({ status: 'fulfilled', version: 3, confirmed_at: confirmed.confirmed_at, received_at: null, cancelled_at: null });
    expect(after.fulfilled_at).toMatch(TIMESTAMP);

    const events = await fulfilledEventsOf(api, confirmed.id);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event?.id).toMatch(/^evt_/);
    expect(event?.type).toBe('order.fulfilled');
    expect(event?.tenant_id).toBe(account.tenantId);
    expect(event?.resource).toEqual({ type: 'order', id: confirmed.id });
    expect(event?.occurred_at).toMatch(TIMESTAMP);
    expect(event?.source).toMatchObject({ type: 'api', credential_id: account.clientId, request_id: response.headers.get('x-request-id') });
    // Field by field, lines in order.
    expect(event?.data).toEqual(after);
    expect((event?.data as Order).lines.map((line) => line.item_id)).toEqual([a, b]);

    // The order's whole event history: created, then fulfilled (confirm emits no order event).
    expect((await eventsVia(api, { resource_id: confirmed.id })).map((candidate) => candidate.type)).toEqual(['order.created', 'order.fulfilled']);
    // GET /v1/events/:id answers the same envelope.
    expect(await json(await api.get(`/v1/events/${event?.id}`), 200)).toEqual(event);
  });

  it('fulfilling through GraphQL (fulfil_order) records it too', async () => {
    const a = await item(5);
    const confirmed = await order('sales', [[a, 5]]);
    const data = await graphqlData<{ fulfil_order: { id: string; status: string; version: number } }>(api, 'mutation($id: String!) { fulfil_order(id: $id) { id status version } }', { id: confirmed.id });
    expect(data.fulfil_order).toEqual({ id: confirmed.id, status: 'fulfilled', version: 3 });
    const events = await fulfilledEventsOf(api, confirmed.id);
    expect(events.map((event) => event.data)).toEqual([await getOrder(api, confirmed.id)]);
  });

  it('a refused fulfilment records none: insufficient stock, from draft, of a purchase order, a second fulfil, a stale version', async () => {
    const a = await item(2);
    const short = await order('sales', [[a, 3]]);
    const draft = await order('sales', [[a, 1]], 'draft');
    const purchase = await order('purchase', [[a, 1]]);
    const done = await order('sales', [[a, 1]]);
    await json(await action(api, done.id, 'fulfil'), 200);
    const stale = await order('sales', [[a, 1]]);
    const fulfilledBefore = await eventsVia(api, { type: 'order.fulfilled' });
    expect(fulfilledBefore.filter((event) => event.resource?.id === done.id)).toHaveLength(1);

    expect(await problemOf(await action(api, short.id, 'fulfil'))).toMatchObject({ status: 409, code: 'insufficient_stock', errors: [{ field: 'lines.0.quantity' }] });
    expect(await problemOf(await action(api, draft.id, 'fulfil'))).toMatchObject({ status: 409, code: 'invalid_transition', current_status: 'draft' });
    expect(await problemOf(await action(api, purchase.id, 'fulfil'))).toMatchObject({ status: 409, code: 'invalid_transition', current_status: 'confirmed' });
    expect(await problemOf(await action(api, done.id, 'fulfil'))).toMatchObject({ status: 409, code: 'invalid_transition', current_status: 'fulfilled' });
    expect(await problemOf(await api.send('POST', `/v1/crm/orders/${stale.id}/fulfil`, {}, { 'if-match': '"1"' }))).toMatchObject({ status: 412, code: 'precondition_failed' });
    expect(await problemOf(await api.send('POST', `/v1/crm/orders/${stale.id}/fulfil`, { version: 1 }))).toMatchObject({ status: 409, code: 'version_conflict' });

    expect(await eventsVia(api, { type: 'order.fulfilled' })).toEqual(fulfilledBefore);
    for (const refused of [short, draft, purchase, stale]) expect(await getOrder(api, refused.id)).toEqual(refused);
    expect(await quantityOnHand(api, a)).toBe(1);
  });

  it('receiving a purchase order and cancelling record no order.fulfilled', async () => {
    const a = await item(10);
    const purchase = await order('purchase', [[a, 4]]);
    const cancelled = await order('sales', [[a, 1]]);
    const before = await eventsVia(api, { type: 'order.fulfilled' });
    await json(await action(api, purchase.id, 'receive'), 200);
    await json(await action(api, cancelled.id, 'cancel'), 200);
    expect(await eventsVia(api, { type: 'order.fulfilled' })).toEqual(before);
  });

  it('of concurrent fulfilments of one order, the one that commits has exactly one event', async () => {
    const a = await item(20);
    const confirmed = await order('sales', [[a, 5]]);
    const responses = await Promise.all(Array.from({ length: 5 }, () => action(api, confirmed.id, 'fulfil')));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const events = await fulfilledEventsOf(api, confirmed.id);
    expect(events.map((event) => event.data)).toEqual([await getOrder(api, confirmed.id)]);
    const winner = responses.find((response) => response.status === 200) as Response;
    expect(events[0]?.source.request_id).toBe(winner.headers.get('x-request-id'));
  });

  it('a fulfilment that fails at its commit, after its emit, leaves the order confirmed and no event', async () => {
    const a = await item(10);
    const confirmed = await order('sales', [[a, 4]]);
    const before = await eventsVia(api);
    await failingFulfilmentCommit(confirmed.id, async () => {
      expect((await action(api, confirmed.id, 'fulfil')).status).toBe(500);
    });
    expect(await getOrder(api, confirmed.id)).toEqual(confirmed);
    expect(await quantityOnHand(api, a)).toBe(10);
    expect(await eventsVia(api)).toEqual(before);
    // The same fulfilment without the failure commits with its one event.
    await json(await action(api, confirmed.id, 'fulfil'), 200);
    expect((await fulfilledEventsOf(api, confirmed.id)).map((event) => event.data)).toEqual([await getOrder(api, confirmed.id)]);
  });

  it('needs crm:read: a credential with events:read but without crm:read does not see it, by list, by id or by type, and cannot subscribe a webhook to it', async () => {
    const a = await item(3);
    const confirmed = await order('sales', [[a, 1]]);
    await json(await action(api, confirmed.id, 'fulfil'), 200);
    const [event] = await fulfilledEventsOf(api, confirmed.id);
    expect(event).toBeDefined();

    const noCrm = await clientWithScope(account, 'events:read inventory:read webhooks:write');
    expect(await eventsVia(noCrm, { resource_id: confirmed.id })).toEqual([]);
    expect((await eventsVia(noCrm)).filter((candidate) => candidate.type.startsWith('order.'))).toEqual([]);
    expect(await problemOf(await noCrm.get(`/v1/events/${event?.id}`))).toMatchObject({ status: 404, code: 'not_found' });
    expect(await problemOf(await noCrm.get('/v1/events?type=order.fulfilled'))).toMatchObject({ status: 403, code: 'insufficient_scope', required_scope: 'crm:read' });
    const refused = await problemOf(await noCrm.send('POST', '/v1/events/webhook-endpoints', { url: 'https://127.0.0.1:9/hooks', event_types: ['order.fulfilled'] }));
    expect(refused).toMatchObject({ status: 422, code: 'rule_violation', errors: [{ field: 'event_types.0', message: 'receiving order.fulfilled needs the scope crm:read, which this credential lacks' }] });

    // events:read with crm:read alone is enough.
    const crmOnly = await clientWithScope(account, 'events:read crm:read');
    expect(await fulfilledEventsOf(crmOnly, confirmed.id)).toEqual([event]);
  });
});
