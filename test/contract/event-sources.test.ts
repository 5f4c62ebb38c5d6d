import type { EventEnvelope } from '@platform/events';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type TestAccount, clientWithScope, database, json, problemOf } from '../support/fixtures.ts';
import { CRM_SCOPES, type Order, action, createCustomer, createItem, createOrder, crmAccount, getOrder } from '../support/crm.ts';
import type { StockItem } from '../support/inventory.ts';

/**
 * The event sources and their exact firing rules: `order.created` once per created order
 * (sales and purchase, REST or GraphQL), carrying the order as `GET /v1/crm/orders/:id` shows it;
 * `inventory.stock.low` once per crossing of an item's reorder point by a stock change, carrying
 * the item as `GET /v1/inventory/items/:id` shows it after the change. And the outbox: a change
 * that is refused or fails, before or after its emit, leaves no event.
 *
 * Events are read through the events API (`GET /v1/events?type=…&resource_id=…`), as an
 * integrator would, with a credential holding `events:read` and the scopes of both types.
 */

type Query = Record<string, string>;

/** Every event of the tenant matching `query`, oldest first, through every page of `GET /v1/events`. */
async function eventsVia(api: ApiClient, query: Query = {}): Promise<EventEnvelope[]> {
  const events: EventEnvelope[] = [];
  for (let page = 1; ; page++) {
    const search = new URLSearchParams({ ...query, sort: 'occurred_at', per_page: '100', page: String(page) });
    const body = await json<{ data: EventEnvelope[]; meta: { total: number } }>(await api.get(`/v1/events?${search}`), 200);
    events.push(...body.data);
    // Ties of occurred_at (one millisecond) in a stable order: by id.
    if (events.length >= body.meta.total || body.data.length === 0) return events.sort((a, b) => a.occurred_at.localeCompare(b.occurred_at) || a.id.localeCompare(b.id));
  }
}

async function getItem(api: ApiClient, id: string): Promise<StockItem> {
  return json<StockItem>(await api.get(`/v1/inventory/items/${encodeURIComponent(id)}`), 200);
}

/**
 * A PostgreSQL constraint trigger, deferred to the commit, that fails the transaction of a change
 * whose row matches `when`: the change's statements, its emit included, all succeed, and then
 * its commit fails. Only rows carrying the test's own marker match, so other tests are untouched.
 */
async function failingAtCommit(table: 'orders' | 'stock_movements', when: string, run: () => Promise<void>): Promise<void> {
  const name = `fail_at_commit_${table}`;
  const db = database();
  await db.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'test: the commit of this change fails'; END $$`);
  await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS ${name} ON ${table}`);
  await db.$executeRawUnsafe(`CREATE CONSTRAINT TRIGGER ${name} AFTER INSERT ON ${table} DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION ${name}()`);
  try {
    await run();
  } finally {
    await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS ${name} ON ${table}`);
    await db.$executeRawUnsafe(`DROP FUNCTION IF EXISTS ${name}()`);
  }
}

describe('order.created', () => {
  let account: TestAccount & { api: ApiClient; warehouseId: string };
  let api: ApiClient;
  let customerId: string;

  beforeAll(async () => {
    account = await crmAccount([...CRM_SCOPES, 'events:read']);
    api = account.api;
    customerId = (await createCustomer(api, { currency: 'EUR' })).id;
    await createItem(api, account.warehouseId, 'OC-A', 100);
    await createItem(api, account.warehouseId, 'OC-B', 100);
  });

  /** The order.created events of the orders given. */
  async function createdEventsFor(orderIds: string[]): Promise<EventEnvelope[]> {
    return (await eventsVia(api, { type: 'order.created' })).filter((event) => orderIds.includes(event.resource?.id ?? ''));
  }

  it('emits one order.created per created order, sales and purchase, with the order exactly as GET /v1/crm/orders/:id returns it', async () => {
    const before = await eventsVia(api, { type: 'order.created' });
    const responses = [
      await api.send('POST', '/v1/crm/orders', {
        kind: 'sales',
        customer_id: customerId,
        external_reference: 'SHOP-1001',
        notes: 'Gift wrap',
        lines: [
          { item_id: 'OC-A', quantity: 2, unit_price: 1250 },
          { item_id: 'OC-B', description: 'Blue one', quantity: 1, unit_price: 999 },
        ],
      }),
      await api.send('POST', '/v1/crm/orders', { kind: 'purchase', customer_id: customerId, currency: 'USD', lines: [{ item_id: 'OC-B', quantity: 40, unit_price: 300 }] }),
      await api.send('POST', '/v1/crm/orders', { kind: 'sales', customer_id: customerId }),
    ];
    const created: Order[] = [];
    for (const response of responses) created.push(await json<Order>(response, 201));

    const events = await eventsVia(api, { type: 'order.created' });
    expect(events.length - before.length).toBe(3);
    const fresh = events.slice(before.length);
    for (const [index, order] of created.entries()) {
      const matching = fresh.filter((event) => event.resource?.id === order.id);
      expect(matching).toHaveLength(1);
      const event = matching[0] as EventEnvelope;
      expect(event.type).toBe('order.created');
      expect(event.tenant_id).toBe(account.tenantId);
      expect(event.resource).toEqual({ type: 'order', id: order.id });
      expect(event.id).toMatch(/^evt_/);
      expect(Date.parse(event.occurred_at)).not.toBeNaN();
      // The order as the REST API shows it: lines, amounts and ISO timestamps included.
      expect(event.data).toEqual(await getOrder(api, order.id));
      expect(event.data).toEqual(order);
      expect(event.source).toEqual({ type: 'api', credential_id: account.clientId, request_id: responses[index]?.headers.get('x-request-id'), workflow_run_id: null, chain_depth: null });
    }
    expect((fresh[0]?.data as Order).lines.map((line) => [line.item_id, line.description, line.quantity, line.unit_price, line.total])).toEqual([
      ['OC-A', 'OC-A', 2, 1250, 2500],
      ['OC-B', 'Blue one', 1, 999, 999],
    ]);
    expect(created.map((order) => order.kind)).toEqual(['sales', 'purchase', 'sales']);
  });

  it('emits order.created for an order created through GraphQL too', async () => {
    const response = await api.graphql('mutation ($input: CreateOrderInput!) { create_order(input: $input) { id } }', {
      input: { kind: 'purchase', customer_id: customerId, lines: [{ item_id: 'OC-A', quantity: 5, unit_price: 10 }] },
    });
    const body = (await response.json()) as { data?: { create_order: { id: string } }; errors?: unknown };
    expect(body.errors).toBeUndefined();
    const id = body.data?.create_order.id as string;
    const events = await createdEventsFor([id]);
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toEqual(await getOrder(api, id));
    expect(events[0]?.source).toMatchObject({ type: 'api', request_id: response.headers.get('x-request-id') });
  });

  it('emits no order.created for the later changes of an order (update, confirm, fulfil, receive, cancel, delete)', async () => {
    const sales = await createOrder(api, { kind: 'sales', customer_id: customerId, lines: [{ item_id: 'OC-A', quantity: 1, unit_price: 100 }] });
    const purchase = await createOrder(api, { kind: 'purchase', customer_id: customerId, lines: [{ item_id: 'OC-A', quantity: 1, unit_price: 100 }] });
    const cancelled = await createOrder(api, { kind: 'sales', customer_id: customerId, lines: [{ item_id: 'OC-A', quantity: 1, unit_price: 100 }] });
    const deleted = await createOrder(api, { kind: 'sales', customer_id: customerId });
    const countBefore = (await eventsVia(api, { type: 'order.created' })).length;

    await json(await api.send('PATCH', `/v1/crm/orders/${sales.id}`, { notes: 'changed', lines: [{ item_id: 'OC-B', quantity: 2, unit_price: 100 }] }), 200);
    await json(await action(api, sales.id, 'confirm'), 200);
    await json(await action(api, sales.id, 'fulfil'), 200);
    await json(await action(api, purchase.id, 'confirm'), 200);
    await json(await action(api, purchase.id, 'receive'), 200);
    await json(await action(api, cancelled.id, 'cancel'), 200);
    await json(await api.send('DELETE', `/v1/crm/orders/${deleted.id}`, undefined), 200);

    expect((await eventsVia(api, { type: 'order.created' })).length).toBe(countBefore);
    // The event keeps the order as it was created.
    const [event] = await createdEventsFor([sales.id]);
    expect(event?.data).toEqual(sales);
  });

  it('emits nothing for a refused creation: validation, unknown SKU, archived customer, external reference taken, missing scope', async () => {
    const archived = await createCustomer(api, { name: 'Gone Ltd' });
    await json(await api.send('POST', `/v1/crm/customers/${archived.id}/archive`, {}), 200);
    await createOrder(api, { kind: 'sales', customer_id: customerId, external_reference: 'TAKEN-1' });
    const eventsBefore = await eventsVia(api);
    const ordersBefore = (await json<{ meta: { total: number } }>(await api.get('/v1/crm/orders?per_page=1'), 200)).meta.total;

    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [{ kind: 'sales', customer_id: customerId, lines: [{ item_id: 'OC-A', quantity: 0, unit_price: 100 }] }, 400, 'validation_failed'],
      [{ kind: 'sales', customer_id: customerId, lines: [{ item_id: 'OC-A', quantity: 1, unit_price: 100 }, { item_id: 'NO-SUCH-SKU', quantity: 1, unit_price: 100 }] }, 422, 'rule_violation'],
      [{ kind: 'sales', customer_id: archived.id, lines: [{ item_id: 'OC-A', quantity: 1, unit_price: 100 }] }, 422, 'rule_violation'],
      [{ kind: 'sales', customer_id: 'cus_unknown', lines: [{ item_id: 'OC-A', quantity: 1, unit_price: 100 }] }, 422, 'rule_violation'],
      [{ kind: 'sales', customer_id: customerId, external_reference: 'TAKEN-1', lines: [{ item_id: 'OC-A', quantity: 1, unit_price: 100 }] }, 409, 'already_exists'],
    ];
    for (const [body, status, code] of refusals) {
      const response = await api.send('POST', '/v1/crm/orders', body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect((await problemOf(response)).code).toBe(code);
    }
    const readOnly = await clientWithScope(account, 'crm:read');
    const refusedScope = await readOnly.send('POST', '/v1/crm/orders', { kind: 'sales', customer_id: customerId });
    expect(refusedScope.status).toBe(403);

    expect(await eventsVia(api)).toEqual(eventsBefore);
    expect((await json<{ meta: { total: number } }>(await api.get('/v1/crm/orders?per_page=1'), 200)).meta.total).toBe(ordersBefore);
  });

  it('of concurrent creations with one external reference, the one that commits has exactly one event and the refused ones none', async () => {
    const eventsBefore = (await eventsVia(api, { type: 'order.created' })).length;
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => api.send('POST', '/v1/crm/orders', { kind: 'purchase', customer_id: customerId, external_reference: 'RACE-7', lines: [{ item_id: 'OC-A', quantity: 1, unit_price: 1 }] })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const winner = await json<Order>(responses.find((response) => response.status === 201) as Response, 201);
    const events = (await eventsVia(api, { type: 'order.created' })).slice(eventsBefore);
    expect(events.map((event) => event.resource?.id)).toEqual([winner.id]);
    expect(events[0]?.data).toEqual(await getOrder(api, winner.id));
  });

  it('emits nothing when the creation fails after its emit (at the commit): no order, no event', async () => {
    const eventsBefore = await eventsVia(api);
    const ordersBefore = (await json<{ meta: { total: number } }>(await api.get('/v1/crm/orders?per_page=1'), 200)).meta.total;
    const marker = `fail-after-emit-${account.tenantId}`;
    await failingAtCommit('orders', `NEW.notes = '${marker}'`, async () => {
      const response = await api.send('POST', '/v1/crm/orders', { kind: 'sales', customer_id: customerId, notes: marker, lines: [{ item_id: 'OC-A', quantity: 1, unit_price: 100 }] });
      expect(response.status).toBe(500);
    });
    expect(await database().order.count({ where: { tenant_id: account.tenantId, notes: marker } })).toBe(0);
    expect(await eventsVia(api)).toEqual(eventsBefore);
    expect((await json<{ meta: { total: number } }>(await api.get('/v1/crm/orders?per_page=1'), 200)).meta.total).toBe(ordersBefore);
    // The same creation without the failure commits with its one event.
    const order = await createOrder(api, { kind: 'sales', customer_id: customerId, notes: marker, lines: [{ item_id: 'OC-A', quantity: 1, unit_price: 100 }] });
    expect((await createdEventsFor([order.id])).map((event) => event.data)).toEqual([order]);
  });
});

describe('inventory.stock.low', () => {
  let account: TestAccount & { api: ApiClient; warehouseId: string };
  let api: ApiClient;
  let customerId: string;
  let sku = 0;

  beforeAll(async () => {
    account = await crmAccount([...CRM_SCOPES, 'events:read']);
    api = account.api;
    customerId = (await createCustomer(api, { currency: 'EUR' })).id;
  });

  /** A new SKU with `quantity` in its home warehouse and reorder point `reorderPoint`. */
  async function item(quantity: number, reorderPoint: number, extra: Record<string, unknown> = {}): Promise<string> {
    const id = `LOW-${++sku}`;
    await createItem(api, account.warehouseId, id, quantity, { reorder_point: reorderPoint, ...extra });
    return id;
  }

  const lowEventsOf = (itemId: string) => eventsVia(api, { type: 'inventory.stock.low', resource_id: itemId });

  async function adjust(itemId: string, quantity: number, extra: Record<string, unknown> = {}): Promise<Response> {
    return api.send('POST', `/v1/inventory/items/${itemId}/adjust`, { quantity, ...extra });
  }

  it('fires once per crossing: 20 → 12 none, → 8 one, → 5 none, restocked to 15 none, → 9 a second one; each with the item as GET returns it after the change', async () => {
    const id = await item(20, 10);
    expect(await lowEventsOf(id)).toEqual([]);

    const steps: Array<[string, Record<string, unknown>, number]> = [
      ['adjust', { quantity: -8 }, 0],
      ['adjust', { quantity: -4 }, 1],
      ['adjust', { quantity: -3 }, 1],
      ['receive', { quantity: 10 }, 1],
      ['adjust', { quantity: -6 }, 2],
    ];
    const crossings: StockItem[] = [];
    const requestIds: string[] = [];
    for (const [name, body, expected] of steps) {
      const response = await api.send('POST', `/v1/inventory/items/${id}/${name}`, body);
      const written = await json<StockItem>(response, 200);
      const events = await lowEventsOf(id);
      expect(events, `after ${name} ${JSON.stringify(body)} to ${written.quantity_on_hand}`).toHaveLength(expected);
      if (events.length > crossings.length) {
        crossings.push(await getItem(api, id));
        requestIds.push(response.headers.get('x-request-id') as string);
        expect(written).toEqual(crossings.at(-1));
      }
    }
    const events = await lowEventsOf(id);
    expect(events.map((event) => (event.data as StockItem).quantity_on_hand)).toEqual([8, 9]);
    expect(events.map((event) => event.data)).toEqual(crossings);
    for (const [index, event] of events.entries()) {
      expect(event).toMatchObject({ type: 'inventory.stock.low', tenant_id: account.tenantId, resource: { type: 'inventory_item', id } });
      expect(event.source).toEqual({ type: 'api', credential_id: account.clientId, request_id: requestIds[index], workflow_run_id: null, chain_depth: null });
    }
  });

  it('does not fire at the reorder point itself, nor for a new item created below it', async () => {
    const atPoint = await item(12, 10);
    await json(await adjust(atPoint, -2), 200); // 10: not below 10
    expect(await lowEventsOf(atPoint)).toEqual([]);
    await json(await adjust(atPoint, -1), 200); // 9
    expect(await lowEventsOf(atPoint)).toHaveLength(1);

    const createdLow = await item(3, 10);
    const empty = await item(0, 10);
    expect(await lowEventsOf(createdLow)).toEqual([]);
    expect(await lowEventsOf(empty)).toEqual([]);
    await json(await adjust(createdLow, -1), 200); // already below: no crossing
    expect(await lowEventsOf(createdLow)).toEqual([]);
  });

  it('PATCH quantity_on_hand crosses like any stock change; raising reorder_point above the stock does not fire', async () => {
    const id = await item(20, 10);
    const patch = (body: Record<string, unknown>) => api.send('PATCH', `/v1/inventory/items/${id}`, body);
    await json(await patch({ quantity_on_hand: 10 }), 200);
    expect(await lowEventsOf(id)).toHaveLength(0);
    const crossed = await json<StockItem>(await patch({ quantity_on_hand: 9, name: 'Renamed in the same PATCH' }), 200);
    expect((await lowEventsOf(id)).map((event) => event.data)).toEqual([crossed]);
    expect(crossed).toEqual(await getItem(api, id));
    expect(crossed).toMatchObject({ quantity_on_hand: 9, name: 'Renamed in the same PATCH' });
    await json(await patch({ quantity_on_hand: 3 }), 200);
    expect(await lowEventsOf(id)).toHaveLength(1);

    // A threshold change moves no stock: no event, and later decrements start below it.
    const raised = await item(20, 10);
    await json(await api.send('PATCH', `/v1/inventory/items/${raised}`, { reorder_point: 50 }), 200);
    expect(await lowEventsOf(raised)).toEqual([]);
    await json(await adjust(raised, -5), 200);
    expect(await lowEventsOf(raised)).toEqual([]);

    // Stock and threshold in one PATCH: judged against the reorder point the PATCH sets.
    const both = await item(20, 10);
    await json(await api.send('PATCH', `/v1/inventory/items/${both}`, { quantity_on_hand: 5, reorder_point: 3 }), 200);
    expect(await lowEventsOf(both)).toEqual([]);
    const bothCrossing = await item(20, 10);
    const written = await json<StockItem>(await api.send('PATCH', `/v1/inventory/items/${bothCrossing}`, { quantity_on_hand: 15, reorder_point: 16 }), 200);
    expect((await lowEventsOf(bothCrossing)).map((event) => event.data)).toEqual([written]);
    expect(written).toMatchObject({ quantity_on_hand: 15, reorder_point: 16, version: 2 });
  });

  it('fulfilment of a sales order fires for the item it takes below its reorder point, and only for that one', async () => {
    const crossing = await item(12, 10);
    const plenty = await item(100, 10);
    const order = await createOrder(api, {
      kind: 'sales',
      customer_id: customerId,
      lines: [
        { item_id: crossing, quantity: 5, unit_price: 100 },
        { item_id: plenty, quantity: 5, unit_price: 100 },
      ],
    });
    await json(await action(api, order.id, 'confirm'), 200);
    expect(await lowEventsOf(crossing)).toEqual([]);
    const fulfil = await action(api, order.id, 'fulfil');
    await json(fulfil, 200);
    const events = await lowEventsOf(crossing);
    expect(events.map((event) => event.data)).toEqual([await getItem(api, crossing)]);
    expect((events[0]?.data as StockItem).quantity_on_hand).toBe(7);
    expect(events[0]?.source).toEqual({ type: 'api', credential_id: account.clientId, request_id: fulfil.headers.get('x-request-id'), workflow_run_id: null, chain_depth: null });
    expect(await lowEventsOf(plenty)).toEqual([]);
  });

  it('a transfer between warehouses changes no total and fires nothing', async () => {
    const second = await json<{ id: string }>(await api.send('POST', '/v1/inventory/warehouses', { name: 'Second' }), 201);
    const id = await item(12, 10);
    await json(await api.send('POST', `/v1/inventory/items/${id}/transfer`, { quantity: 9, from_warehouse_id: account.warehouseId, to_warehouse_id: second.id }), 200);
    await json(await api.send('POST', `/v1/inventory/items/${id}/transfer`, { quantity: 4, from_warehouse_id: second.id, to_warehouse_id: account.warehouseId }), 200);
    expect((await getItem(api, id)).quantity_on_hand).toBe(12);
    expect(await lowEventsOf(id)).toEqual([]);
  });

  it('an archived item does not fire', async () => {
    const id = await item(20, 10);
    await json(await api.send('POST', `/v1/inventory/items/${id}/archive`, {}), 200);
    await json(await adjust(id, -15), 200);
    expect(await lowEventsOf(id)).toEqual([]);
  });

  it('concurrent decrements crossing the reorder point fire exactly once', async () => {
    const id = await item(20, 10);
    const responses = await Promise.all(Array.from({ length: 15 }, () => adjust(id, -1)));
    expect(responses.map((response) => response.status)).toEqual(Array.from({ length: 15 }, () => 200));
    expect((await getItem(api, id)).quantity_on_hand).toBe(5);
    const events = await lowEventsOf(id);
    expect(events).toHaveLength(1);
    // The decrement from 10 to 9 is the one that crossed.
    expect((events[0]?.data as StockItem).quantity_on_hand).toBe(9);

    // And concurrent fulfilments of sales orders of one item: one crossing, one event.
    const fulfilled = await item(14, 10);
    const orders = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const order = await createOrder(api, { kind: 'sales', customer_id: customerId, lines: [{ item_id: fulfilled, quantity: 2, unit_price: 100 }] });
        await json(await action(api, order.id, 'confirm'), 200);
        return order;
      }),
    );
    const fulfilments = await Promise.all(orders.map((order) => action(api, order.id, 'fulfil')));
    expect(fulfilments.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await getItem(api, fulfilled)).quantity_on_hand).toBe(2);
    expect((await lowEventsOf(fulfilled)).map((event) => (event.data as StockItem).quantity_on_hand)).toEqual([8]);
  });

  it('a fulfilment refused for insufficient stock emits nothing, not even for the line that would have crossed', async () => {
    const crossing = await item(12, 10);
    const short = await item(1, 0);
    const order = await createOrder(api, {
      kind: 'sales',
      customer_id: customerId,
      lines: [
        { item_id: crossing, quantity: 5, unit_price: 100 },
        { item_id: short, quantity: 3, unit_price: 100 },
      ],
    });
    await json(await action(api, order.id, 'confirm'), 200);
    const eventsBefore = await eventsVia(api);
    const response = await action(api, order.id, 'fulfil');
    expect(response.status).toBe(409);
    expect(await problemOf(response)).toMatchObject({ code: 'insufficient_stock', errors: [{ field: 'lines.1.quantity' }] });
    expect(await eventsVia(api)).toEqual(eventsBefore);
    expect((await getItem(api, crossing)).quantity_on_hand).toBe(12);
    expect((await getOrder(api, order.id)).status).toBe('confirmed');
  });

  it('a crossing change that fails after its emit (at the commit) leaves no event; the same change then fires once', async () => {
    const id = await item(12, 10);
    const marker = `fail-after-emit-${account.tenantId}`;
    const eventsBefore = await eventsVia(api);
    await failingAtCommit('stock_movements', `NEW.reason = '${marker}'`, async () => {
      expect((await adjust(id, -5, { reason: marker })).status).toBe(500);
    });
    expect(await eventsVia(api)).toEqual(eventsBefore);
    expect((await getItem(api, id)).quantity_on_hand).toBe(12);
    await json(await adjust(id, -5, { reason: marker }), 200);
    expect((await lowEventsOf(id)).map((event) => (event.data as StockItem).quantity_on_hand)).toEqual([7]);
  });
});
