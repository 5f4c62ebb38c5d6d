import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientWithScope, database, graphqlData, graphqlErrors, json, type List, problemOf, type TestAccount } from '../support/fixtures.ts';
import { type Order, action, createCustomer, createItem, createOrder, crmAccount, getOrder } from '../support/crm.ts';

describe('CRM orders: create, read, change, delete', () => {
  let account: TestAccount & { api: ApiClient; warehouseId: string };
  let api: ApiClient;
  let customerId: string;
  let supplierId: string;

  const salesOrder = (overrides: Record<string, unknown> = {}) => ({
    kind: 'sales',
    customer_id: customerId,
    lines: [
      { item_id: 'WIDGET', quantity: 3, unit_price: 1250 },
      { item_id: 'GADGET', description: 'Gadget, blue', quantity: 1, unit_price: 9999 },
    ],
    ...overrides,
  });

  beforeAll(async () => {
    account = await crmAccount();
    api = account.api;
    customerId = (await createCustomer(api, { name: 'Buyer', currency: 'EUR' })).id;
    supplierId = (await createCustomer(api, { name: 'Supplier', currency: 'USD' })).id;
    await createItem(api, account.warehouseId, 'WIDGET', 100);
    await createItem(api, account.warehouseId, 'GADGET', 100);
    await createItem(api, account.warehouseId, 'GIZMO', 100);
  });

  describe('POST /v1/crm/orders', () => {
    it('creates a draft with a number, channel api, computed totals and the customer’s currency', async () => {
      const order = await createOrder(api, salesOrder({ notes: 'Rush', external_reference: 'WEB-1001' }));
      expect(order.id).toMatch(/^ord_[0-9a-f]{24}$/);
      expect(order).toMatchObject({
        number: expect.stringMatching(/^SO-\d{6}$/),
        kind: 'sales',
        status: 'draft',
        customer_id: customerId,
        channel: 'api',
        external_reference: 'WEB-1001',
        currency: 'EUR',
        subtotal: 3 * 1250 + 9999,
        total: 3 * 1250 + 9999,
        notes: 'Rush',
        confirmed_at: null,
        fulfilled_at: null,
        received_at: null,
        cancelled_at: null,
        version: 1,
      });
      expect(order.lines).toEqual([
        { id: expect.stringMatching(/^oln_/), item_id: 'WIDGET', description: 'WIDGET', quantity: 3, unit_price: 1250, total: 3750 },
        { id: expect.stringMatching(/^oln_/), item_id: 'GADGET', description: 'Gadget, blue', quantity: 1, unit_price: 9999, total: 9999 },
      ]);
      expect(order).not.toHaveProperty('customer');
      const read = await api.get(`/v1/crm/orders/${order.id}`);
      expect(read.headers.get('etag')).toBe('"1"');
      expect(await read.json()).toEqual(order);
    });

    it('numbers each kind separately, per tenant, from 000001', async () => {
      const fresh = await crmAccount();
      const buyer = await createCustomer(fresh.api, { currency: 'EUR' });
      const numbers = [];
      for (const kind of ['sales', 'purchase', 'sales', 'purchase', 'purchase']) numbers.push((await createOrder(fresh.api, { kind, customer_id: buyer.id })).number);
      expect(numbers).toEqual(['SO-000001', 'PO-000001', 'SO-000002', 'PO-000002', 'PO-000003']);
    });

    it('gives concurrent creations distinct numbers (all of them, when none fails)', async () => {
      const fresh = await crmAccount();
      const buyer = await createCustomer(fresh.api, { currency: 'EUR' });
      const responses = await Promise.all(Array.from({ length: 20 }, () => fresh.api.send('POST', '/v1/crm/orders', { kind: 'sales', customer_id: buyer.id })));
      expect(responses.map((response) => response.status)).toEqual(Array(20).fill(201));
      const numbers = (await Promise.all(responses.map((response) => response.json() as Promise<Order>))).map((order) => order.number).sort();
      expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => `SO-${String(index + 1).padStart(6, '0')}`));
    });

    it('never gives a number twice: a creation refused after taking one leaves a gap, the next goes on from it', async () => {
      const fresh = await crmAccount();
      const buyer = await createCustomer(fresh.api, { currency: 'EUR' });
      expect((await createOrder(fresh.api, { kind: 'purchase', customer_id: buyer.id })).number).toBe('PO-000001');
      expect(await problemOf(await fresh.api.send('POST', '/v1/crm/orders', { kind: 'purchase', customer_id: buyer.id, lines: [{ item_id: 'NOPE', quantity: 1, unit_price: 1 }] }))).toMatchObject({ status: 422 });
      expect((await createOrder(fresh.api, { kind: 'purchase', customer_id: buyer.id })).number).toBe('PO-000003');
    });

    it('takes an explicit currency over the customer’s, and requires one when the customer has none', async () => {
      expect((await createOrder(api, salesOrder({ currency: 'CHF' }))).currency).toBe('CHF');
      const noCurrency = await createCustomer(api, { name: 'No currency', currency: undefined });
      const problem = await problemOf(await api.send('POST', '/v1/crm/orders', salesOrder({ customer_id: noCurrency.id })));
      expect(problem).toMatchObject({ status: 422, code: 'rule_violation', errors: [{ field: 'currency' }] });
    });

    // 400: the body breaks the published schema; 422: it names records that do not exist.
    it.each([
      ['a zero quantity on the second line', { lines: [{ item_id: 'WIDGET', quantity: 1, unit_price: 1 }, { item_id: 'GADGET', quantity: 0, unit_price: 1 }] }, ['lines.1.quantity'], 400],
      ['a negative quantity', { lines: [{ item_id: 'WIDGET', quantity: -2, unit_price: 1 }] }, ['lines.0.quantity'], 400],
      ['a fractional quantity', { lines: [{ item_id: 'WIDGET', quantity: 1.5, unit_price: 1 }] }, ['lines.0.quantity'], 400],
      ['a negative unit price', { lines: [{ item_id: 'WIDGET', quantity: 1, unit_price: -1 }] }, ['lines.0.unit_price'], 400],
      ['an unknown SKU', { lines: [{ item_id: 'WIDGET', quantity: 1, unit_price: 1 }, { item_id: 'NO-SUCH-SKU', quantity: 1, unit_price: 1 }] }, ['lines.1.item_id'], 422],
      ['an unknown customer', { customer_id: 'cus_unknown' }, ['customer_id'], 422],
      ['a missing customer', { customer_id: undefined }, ['customer_id'], 400],
      ['an unknown kind', { kind: 'rental' }, ['kind'], 400],
      ['a malformed currency', { currency: 'euro' }, ['currency'], 400],
      ['a client-set channel', { channel: 'shopify' }, ['channel'], 400],
      ['an unknown customer and an unknown SKU together', { customer_id: 'cus_unknown', lines: [{ item_id: 'NOPE', quantity: 1, unit_price: 1 }] }, ['customer_id', 'lines.0.item_id'], 422],
    ])('refuses %s with %s naming the field, and creates nothing', async (_label, change, fields, status) => {
      const before = (await json<List<Order>>(await api.get('/v1/crm/orders?per_page=1'), 200)).meta.total;
      const problem = await problemOf(await api.send('POST', '/v1/crm/orders', salesOrder(change)));
      expect(problem).toMatchObject({ status, code: status === 400 ? 'validation_failed' : 'rule_violation' });
      expect(problem.errors?.map((error) => error.field).sort()).toEqual(fields);
      expect((await json<List<Order>>(await api.get('/v1/crm/orders?per_page=1'), 200)).meta.total).toBe(before);
    });

    it('refuses a fractional unit price (MinorUnits) with 400 validation_failed at lines.0.unit_price', async () => {
      const problem = await problemOf(await api.send('POST', '/v1/crm/orders', salesOrder({ lines: [{ item_id: 'WIDGET', quantity: 1, unit_price: 12.5 }] })));
      expect(problem).toMatchObject({ status: 400, code: 'validation_failed', errors: [{ field: 'lines.0.unit_price' }] });
    });

    it('refuses an archived customer at customer_id', async () => {
      const archived = await createCustomer(api, { name: 'Gone' });
      await json(await api.send('POST', `/v1/crm/customers/${archived.id}/archive`, {}), 200);
      const problem = await problemOf(await api.send('POST', '/v1/crm/orders', salesOrder({ customer_id: archived.id })));
      expect(problem).toMatchObject({ status: 422, code: 'rule_violation', errors: [{ field: 'customer_id', message: expect.stringContaining('archived') }] });
    });

    it("refuses another tenant's customer and SKU as unknown", async () => {
      const other = await crmAccount();
      const theirCustomer = await createCustomer(other.api, { name: 'Theirs' });
      await createItem(other.api, other.warehouseId, 'THEIR-SKU', 5);
      const problem = await problemOf(await api.send('POST', '/v1/crm/orders', salesOrder({ customer_id: theirCustomer.id, lines: [{ item_id: 'THEIR-SKU', quantity: 1, unit_price: 1 }] })));
      expect(problem.errors?.map((error) => error.field).sort()).toEqual(['customer_id', 'lines.0.item_id']);
    });

    it('refuses a duplicate external reference of the same kind with 409 already_exists; other kinds may reuse it', async () => {
      await createOrder(api, salesOrder({ external_reference: 'DUP-7' }));
      const problem = await problemOf(await api.send('POST', '/v1/crm/orders', salesOrder({ external_reference: 'DUP-7' })));
      expect(problem).toMatchObject({ status: 409, code: 'already_exists', errors: [{ field: 'external_reference' }] });
      expect((await createOrder(api, salesOrder({ kind: 'purchase', customer_id: supplierId, external_reference: 'DUP-7' }))).external_reference).toBe('DUP-7');
      const list = await json<List<Order>>(await api.get('/v1/crm/orders?kind=sales&per_page=100'), 200);
      expect(list.data.filter((order) => order.external_reference === 'DUP-7')).toHaveLength(1);
    });

    it('lets exactly one of concurrent creations with the same external reference win', async () => {
      const responses = await Promise.all(Array.from({ length: 6 }, () => api.send('POST', '/v1/crm/orders', salesOrder({ external_reference: 'RACE-1' }))));
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
      for (const response of responses.filter((candidate) => candidate.status === 409)) expect((await problemOf(response)).code).toBe('already_exists');
    });
  });

  describe('GET /v1/crm/orders', () => {
    let lister: ApiClient;
    let orders: Order[];

    beforeAll(async () => {
      const fresh = await crmAccount();
      lister = fresh.api;
      await createItem(lister, fresh.warehouseId, 'A-1', 50);
      await createItem(lister, fresh.warehouseId, 'B-2', 50);
      const buyer = await createCustomer(lister, { name: 'Buyer', currency: 'EUR' });
      const supplier = await createCustomer(lister, { name: 'Supplier', currency: 'EUR' });
      orders = [];
      for (const [kind, customer, sku, price] of [
        ['sales', buyer.id, 'A-1', 500],
        ['purchase', supplier.id, 'B-2', 100],
        ['sales', buyer.id, 'B-2', 900],
        ['purchase', supplier.id, 'A-1', 300],
        ['sales', supplier.id, 'A-1', 700],
      ] as const) {
        orders.push(await createOrder(lister, { kind, customer_id: customer, lines: [{ item_id: sku, quantity: 1, unit_price: price }] }));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await json(await action(lister, (orders[2] as Order).id, 'confirm'), 200);
    });

    const numbersOf = async (query: string) => (await json<List<Order>>(await lister.get(`/v1/crm/orders${query}`), 200)).data.map((order) => order.number);

    it('lists newest first with the envelope and flat records', async () => {
      const list = await json<List<Order>>(await lister.get('/v1/crm/orders'), 200);
      expect(list.meta).toEqual({ total: 5, page: 1, per_page: 25, next_cursor: null, prev_cursor: null });
      expect(list.data.map((order) => order.id)).toEqual([...orders].reverse().map((order) => order.id));
      expect(list.data[0]?.lines).toHaveLength(1);
    });

    it('filters by kind, status, customer, SKU, channel and creation time', async () => {
      expect(await numbersOf('?kind=purchase')).toEqual(['PO-000002', 'PO-000001']);
      expect(await numbersOf('?status=confirmed')).toEqual(['SO-000002']);
      expect(await numbersOf('?status=draft&kind=sales')).toEqual(['SO-000003', 'SO-000001']);
      expect(await numbersOf(`?customer_id=${orders[0]?.customer_id}`)).toEqual(['SO-000002', 'SO-000001']);
      expect(await numbersOf('?item_id=A-1')).toEqual(['SO-000003', 'PO-000002', 'SO-000001']);
      expect(await numbersOf('?item_id=A-1&kind=purchase')).toEqual(['PO-000002']);
      expect(await numbersOf('?channel=api')).toHaveLength(5);
      expect(await numbersOf('?channel=shopify')).toEqual([]);
      const third = orders[2] as Order;
      expect(await numbersOf(`?created_after=${third.created_at}`)).toEqual(['SO-000003', 'PO-000002', 'SO-000002']);
      expect(await numbersOf(`?created_before=${third.created_at}`)).toEqual(['PO-000001', 'SO-000001']);
      expect((await problemOf(await lister.get('/v1/crm/orders?status=shipped'))).code).toBe('invalid_parameter');
      expect((await problemOf(await lister.get('/v1/crm/orders?colour=red'))).code).toBe('unknown_parameter');
    });

    it('sorts by number, total and created_at', async () => {
      expect(await numbersOf('?sort=number')).toEqual(['PO-000001', 'PO-000002', 'SO-000001', 'SO-000002', 'SO-000003']);
      expect(await numbersOf('?sort=-total')).toEqual(['SO-000002', 'SO-000003', 'SO-000001', 'PO-000002', 'PO-000001']);
      expect(await numbersOf('?sort=total')).toEqual(['PO-000001', 'PO-000002', 'SO-000001', 'SO-000003', 'SO-000002']);
      expect(await numbersOf('?sort=created_at')).toEqual(['SO-000001', 'PO-000001', 'SO-000002', 'PO-000002', 'SO-000003']);
      expect((await problemOf(await lister.get('/v1/crm/orders?sort=customer_id'))).errors?.[0]?.field).toBe('sort');
    });

    it('pages', async () => {
      const page2 = await json<List<Order>>(await lister.get('/v1/crm/orders?sort=number&per_page=2&page=2'), 200);
      expect(page2.meta).toEqual({ total: 5, page: 2, per_page: 2, next_cursor: expect.any(String), prev_cursor: expect.any(String) });
      expect(page2.data.map((order) => order.number)).toEqual(['SO-000001', 'SO-000002']);
      expect((await json<List<Order>>(await lister.get('/v1/crm/orders?page=9'), 200)).data).toEqual([]);
      expect((await problemOf(await lister.get('/v1/crm/orders?page=0'))).code).toBe('invalid_parameter');
    });
  });

  describe('PATCH /v1/crm/orders/:id', () => {
    it('changes a draft: replaces lines, recomputes totals, increments the version', async () => {
      const order = await createOrder(api, salesOrder());
      const updated = await json<Order>(
        await api.send('PATCH', `/v1/crm/orders/${order.id}`, { lines: [{ item_id: 'GIZMO', quantity: 4, unit_price: 250 }], notes: 'changed', customer_id: supplierId, currency: 'USD', external_reference: 'EXT-9' }),
        200,
      );
      expect(updated).toMatchObject({ number: order.number, status: 'draft', customer_id: supplierId, currency: 'USD', notes: 'changed', external_reference: 'EXT-9', subtotal: 1000, total: 1000, version: 2 });
      expect(updated.lines).toEqual([{ id: expect.stringMatching(/^oln_/), item_id: 'GIZMO', description: 'GIZMO', quantity: 4, unit_price: 250, total: 1000 }]);
      const notesOnly = await json<Order>(await api.send('PATCH', `/v1/crm/orders/${order.id}`, { notes: '' }), 200);
      expect(notesOnly).toMatchObject({ notes: null, total: 1000, version: 3 });
      expect(notesOnly.lines).toEqual(updated.lines);
      expect(await getOrder(api, order.id)).toEqual(notesOnly);
    });

    it('refuses invalid lines and references naming the field, and changes nothing', async () => {
      const order = await createOrder(api, salesOrder());
      for (const [body, fields, status] of [
        [{ lines: [{ item_id: 'WIDGET', quantity: 1, unit_price: 1 }, { item_id: 'WIDGET', quantity: 0, unit_price: 1 }] }, ['lines.1.quantity'], 400],
        [{ lines: [{ item_id: 'MISSING', quantity: 1, unit_price: 1 }] }, ['lines.0.item_id'], 422],
        [{ customer_id: 'cus_nope' }, ['customer_id'], 422],
        [{ currency: null }, ['currency'], 400],
        [{ kind: 'purchase' }, ['kind'], 400],
        [{ channel: 'x' }, ['channel'], 400],
      ] as const) {
        const problem = await problemOf(await api.send('PATCH', `/v1/crm/orders/${order.id}`, body));
        expect(problem, JSON.stringify(body)).toMatchObject({ status, code: status === 400 ? 'validation_failed' : 'rule_violation' });
        expect(problem.errors?.map((error) => error.field)).toEqual(fields);
      }
      expect(await getOrder(api, order.id)).toEqual(order);
    });

    it('refuses changes to an order that is no longer a draft with 409 invalid_transition', async () => {
      const order = await createOrder(api, salesOrder());
      await json(await action(api, order.id, 'confirm'), 200);
      const problem = await problemOf(await api.send('PATCH', `/v1/crm/orders/${order.id}`, { notes: 'too late' }));
      expect(problem).toMatchObject({ status: 409, code: 'invalid_transition', current_status: 'confirmed', allowed_actions: ['fulfil', 'cancel'] });
      expect((await getOrder(api, order.id)).notes).toBeNull();
    });

    it('refuses a stale version (409 version_conflict) and a stale If-Match (412 precondition_failed), changing nothing', async () => {
      const order = await createOrder(api, salesOrder());
      await json(await api.send('PATCH', `/v1/crm/orders/${order.id}`, { notes: 'v2', version: 1 }), 200);
      expect(await problemOf(await api.send('PATCH', `/v1/crm/orders/${order.id}`, { notes: 'stale', version: 1 }))).toMatchObject({ status: 409, code: 'version_conflict' });
      expect(await problemOf(await account.api.send('PATCH', `/v1/crm/orders/${order.id}`, { notes: 'stale' }, { 'if-match': '"1"' }))).toMatchObject({ status: 412, code: 'precondition_failed' });
      expect(await problemOf(await account.api.send('POST', `/v1/crm/orders/${order.id}/confirm`, undefined, { 'if-match': '"1"' }))).toMatchObject({ status: 412, code: 'precondition_failed' });
      expect(await problemOf(await api.send('POST', `/v1/crm/orders/${order.id}/confirm`, { version: 1 }))).toMatchObject({ status: 409, code: 'version_conflict' });
      expect(await problemOf(await api.send('DELETE', `/v1/crm/orders/${order.id}`, { version: 1 }))).toMatchObject({ status: 409, code: 'version_conflict' });
      expect(await getOrder(api, order.id)).toMatchObject({ notes: 'v2', status: 'draft', version: 2 });
      const confirmed = await account.api.send('POST', `/v1/crm/orders/${order.id}/confirm`, undefined, { 'if-match': '"2"' });
      expect(confirmed.status).toBe(200);
      expect(confirmed.headers.get('etag')).toBe('"3"');
    });

    // Fails at the time of writing: an action route has no input, so the facade does not check its
    // body, and SOFA's failure to read "abc" as an Int comes out as 500 internal_error.
    it('refuses a malformed version in an action body with 400, changing nothing', async () => {
      const order = await createOrder(api, salesOrder());
      const problem = await problemOf(await api.send('POST', `/v1/crm/orders/${order.id}/confirm`, { version: 'abc' }));
      expect(problem.status).toBe(400);
      expect(await getOrder(api, order.id)).toEqual(order);
    });

    it('lets exactly one of concurrent changes based on the same version win', async () => {
      const order = await createOrder(api, salesOrder());
      const responses = await Promise.all(Array.from({ length: 5 }, (_, index) => api.send('PATCH', `/v1/crm/orders/${order.id}`, { notes: `writer ${index}`, version: 1 })));
      expect(responses.map((response) => response.status).sort()).toEqual([200, 409, 409, 409, 409]);
      expect((await getOrder(api, order.id)).version).toBe(2);
    });
  });

  describe('DELETE /v1/crm/orders/:id', () => {
    it('deletes a draft and returns it as it was', async () => {
      const order = await createOrder(api, salesOrder());
      const deleted = await json<Order>(await api.send('DELETE', `/v1/crm/orders/${order.id}`, undefined), 200);
      expect(deleted).toEqual(order);
      expect((await problemOf(await api.get(`/v1/crm/orders/${order.id}`))).code).toBe('not_found');
      expect((await problemOf(await api.send('DELETE', `/v1/crm/orders/${order.id}`, undefined))).code).toBe('not_found');
    });

    it('refuses to delete confirmed and cancelled orders with 409 invalid_transition', async () => {
      const confirmed = await createOrder(api, salesOrder());
      await json(await action(api, confirmed.id, 'confirm'), 200);
      expect(await problemOf(await api.send('DELETE', `/v1/crm/orders/${confirmed.id}`, undefined))).toMatchObject({ status: 409, code: 'invalid_transition', current_status: 'confirmed' });
      const cancelled = await createOrder(api, salesOrder());
      await json(await action(api, cancelled.id, 'cancel'), 200);
      expect(await problemOf(await api.send('DELETE', `/v1/crm/orders/${cancelled.id}`, undefined))).toMatchObject({ status: 409, code: 'invalid_transition', current_status: 'cancelled', allowed_actions: [] });
      expect((await getOrder(api, confirmed.id)).status).toBe('confirmed');
    });
  });

  describe('not found and tenant isolation', () => {
    it('answers 404 for unknown ids on every operation', async () => {
      expect((await problemOf(await api.get('/v1/crm/orders/ord_unknown'))).code).toBe('not_found');
      expect((await problemOf(await api.send('PATCH', '/v1/crm/orders/ord_unknown', { notes: 'x' }))).code).toBe('not_found');
      expect((await problemOf(await api.send('DELETE', '/v1/crm/orders/ord_unknown', undefined))).code).toBe('not_found');
      for (const name of ['confirm', 'fulfil', 'receive', 'cancel'] as const) expect((await problemOf(await action(api, 'ord_unknown', name))).code).toBe('not_found');
    });

    it("answers 404 for another tenant's order on every operation and leaves it unchanged", async () => {
      const other = await crmAccount();
      await createItem(other.api, other.warehouseId, 'WIDGET', 10);
      const theirCustomer = await createCustomer(other.api, { currency: 'EUR' });
      const theirs = await createOrder(other.api, { kind: 'sales', customer_id: theirCustomer.id, lines: [{ item_id: 'WIDGET', quantity: 1, unit_price: 1 }] });
      expect((await problemOf(await api.get(`/v1/crm/orders/${theirs.id}`))).status).toBe(404);
      expect((await problemOf(await api.send('PATCH', `/v1/crm/orders/${theirs.id}`, { notes: 'mine' }))).status).toBe(404);
      expect((await problemOf(await api.send('DELETE', `/v1/crm/orders/${theirs.id}`, undefined))).status).toBe(404);
      for (const name of ['confirm', 'fulfil', 'receive', 'cancel'] as const) expect((await problemOf(await action(api, theirs.id, name))).status).toBe(404);
      expect(await getOrder(other.api, theirs.id)).toEqual(theirs);
      expect((await json<List<Order>>(await api.get(`/v1/crm/orders?customer_id=${theirCustomer.id}`), 200)).meta.total).toBe(0);
      const errors = await graphqlErrors(api, 'query($id: String!) { order(id: $id) { id } }', { id: theirs.id });
      expect(errors[0]?.extensions?.code).toBe('not_found');
    });
  });

  describe('scopes', () => {
    it('crm:read reads orders but every write is 403 insufficient_scope (REST and GraphQL)', async () => {
      const reader = await clientWithScope(account, 'crm:read');
      const order = await createOrder(api, salesOrder());
      expect((await reader.get(`/v1/crm/orders/${order.id}`)).status).toBe(200);
      expect(await problemOf(await reader.send('POST', '/v1/crm/orders', salesOrder()))).toMatchObject({ status: 403, code: 'insufficient_scope', required_scope: 'crm:write' });
      expect((await problemOf(await reader.send('PATCH', `/v1/crm/orders/${order.id}`, { notes: 'x' }))).status).toBe(403);
      expect((await problemOf(await reader.send('DELETE', `/v1/crm/orders/${order.id}`, undefined))).status).toBe(403);
      for (const name of ['confirm', 'fulfil', 'receive', 'cancel'] as const) expect((await problemOf(await action(reader, order.id, name))).status).toBe(403);
      const errors = await graphqlErrors(reader, 'mutation($id: String!) { confirm_order(id: $id) { status } }', { id: order.id });
      expect(errors[0]?.extensions).toMatchObject({ code: 'insufficient_scope', required_scope: 'crm:write' });
      expect(await getOrder(api, order.id)).toEqual(order);
    });

    it('navigation to inventory needs an inventory scope: crm:read alone gets the order but not the item', async () => {
      const reader = await clientWithScope(account, 'crm:read');
      const order = await createOrder(api, salesOrder());
      const response = (await (await reader.graphql('query($id: String!) { order(id: $id) { number lines { item { id quantity_on_hand } } } }', { id: order.id })).json()) as {
        errors?: Array<{ extensions?: Record<string, unknown> }>;
      };
      expect(response.errors?.[0]?.extensions).toMatchObject({ code: 'insufficient_scope' });
      const inventoryReader = await clientWithScope(account, 'inventory:read');
      const errors = await graphqlErrors(inventoryReader, '{ inventory_item(id: "WIDGET") { id open_purchase_orders { number } } }');
      expect(errors[0]?.extensions).toMatchObject({ code: 'insufficient_scope' });
    });
  });

  describe('GraphQL', () => {
    it('creates, changes and deletes orders with the same rules and error fields', async () => {
      const created = await graphqlData<{ create_order: { id: string; number: string; total: number; channel: string } }>(
        api,
        'mutation($customer: String!) { create_order(input: { kind: sales, customer_id: $customer, lines: [{ item_id: "WIDGET", quantity: 2, unit_price: 500 }] }) { id number total channel } }',
        { customer: customerId },
      );
      expect(created.create_order).toMatchObject({ number: expect.stringMatching(/^SO-/), total: 1000, channel: 'api' });
      const invalid = await graphqlErrors(api, 'mutation($id: String!) { update_order(id: $id, input: { lines: [{ item_id: "WIDGET", quantity: 1, unit_price: 1 }, { item_id: "WIDGET", quantity: 0, unit_price: 1 }] }) { id } }', {
        id: created.create_order.id,
      });
      expect(invalid[0]?.extensions).toMatchObject({ code: 'validation_failed', errors: [{ field: 'lines.1.quantity' }] });
      const deleted = await graphqlData<{ delete_order: { id: string; lines: Array<{ quantity: number }> } }>(api, 'mutation($id: String!) { delete_order(id: $id, version: 1) { id lines { quantity } } }', { id: created.create_order.id });
      expect(deleted.delete_order).toEqual({ id: created.create_order.id, lines: [{ quantity: 2 }] });
    });
  });
});

/**
 * The analysts' filters of GET /v1/crm/orders (issue 16): statuses in a list (GraphQL: the REST
 * facade's list parameters come separately), ranges of every lifecycle instant and of the total,
 * a text search, and sorts by the lifecycle instants. Instants are set in the database, so that
 * each bound falls exactly on an order's.
 */
describe('GET /v1/crm/orders: analyst filters', () => {
  let api: ApiClient;
  let orders: Order[];
  const at = (day: number) => `2026-03-${String(day).padStart(2, '0')}T10:00:00.000Z`;

  const list = async (query: string) => json<List<Order>>(await api.get(`/v1/crm/orders?${query}&per_page=100`), 200);
  /** The seeded orders a REST query lists (by index), in the list's order, with its meta.total. */
  const indexesOf = async (query: string) => {
    const { data, meta } = await list(query);
    expect(meta.total).toBe(data.length);
    return data.map((order) => orders.findIndex((seeded) => seeded.id === order.id));
  };
  const graphqlIndexes = async (args: string) => {
    const { orders: page } = await graphqlData<{ orders: { data: Array<{ id: string }>; meta: { total: number } } }>(api, `{ orders(${args}, sort: "total") { data { id } meta { total } } }`);
    expect(page.meta.total).toBe(page.data.length);
    return page.data.map((order) => orders.findIndex((seeded) => seeded.id === order.id));
  };

  beforeAll(async () => {
    const fresh = await crmAccount();
    api = fresh.api;
    await createItem(api, fresh.warehouseId, 'TEE', 100);
    const buyer = await createCustomer(api, { name: 'Buyer', currency: 'EUR' });
    const seeds: Array<{ kind: string; notes?: string; external_reference?: string; actions: Array<'confirm' | 'fulfil' | 'receive' | 'cancel'> }> = [
      { kind: 'sales', notes: 'Shirts, 100% cotton', external_reference: 'WEB_1', actions: [] },
      { kind: 'sales', notes: 'Shirts, 100 percent cotton', external_reference: 'WEBX1', actions: ['confirm'] },
      { kind: 'sales', external_reference: 'Shop-Ref-9', actions: ['confirm', 'fulfil'] },
      { kind: 'purchase', actions: ['confirm', 'receive'] },
      { kind: 'sales', actions: ['cancel'] },
      { kind: 'sales', notes: 'Rush order', actions: ['confirm', 'cancel'] },
    ];
    orders = [];
    for (const [index, seed] of seeds.entries()) {
      const { actions, ...body } = seed;
      const order = await createOrder(api, { ...body, customer_id: buyer.id, lines: [{ item_id: 'TEE', quantity: 1, unit_price: 100 * (index + 1) }] });
      for (const name of actions) await json(await action(api, order.id, name), 200);
      orders.push(order);
    }
    // Lifecycle instants on known days: confirmed on the 1st to 4th, fulfilled the 5th, received the 6th, cancelled the 7th and 8th.
    const instants: Array<[number, string, string]> = [
      [1, 'confirmed_at', at(1)], [2, 'confirmed_at', at(2)], [3, 'confirmed_at', at(3)], [5, 'confirmed_at', at(4)],
      [2, 'fulfilled_at', at(5)], [3, 'received_at', at(6)], [4, 'cancelled_at', at(7)], [5, 'cancelled_at', at(8)],
    ];
    const db = database();
    for (const [index, column, instant] of instants) {
      await db.$executeRawUnsafe(`UPDATE orders SET "${column}" = $1 WHERE tenant_id = $2 AND id = $3`, new Date(instant), fresh.tenantId, (orders[index] as Order).id);
    }
  });

  it('keeps the statuses of status_in (GraphQL), with status too, and refuses an empty or too long list', async () => {
    expect(await graphqlIndexes('status_in: [fulfilled, cancelled]')).toEqual([2, 4, 5]);
    expect(await graphqlIndexes('status_in: [draft, received]')).toEqual([0, 3]);
    expect(await graphqlIndexes('status_in: [fulfilled, cancelled], status: cancelled')).toEqual([4, 5]);
    expect(await graphqlIndexes('status_in: [fulfilled, fulfilled]')).toEqual([2]);
    for (const values of ['[]', `[${Array(51).fill('draft').join(', ')}]`]) {
      const errors = await graphqlErrors(api, `{ orders(status_in: ${values}) { meta { total } } }`);
      expect(errors[0]?.extensions).toMatchObject({ code: 'invalid_parameter', errors: [{ field: 'status_in' }] });
    }
  });

  it.each([
    ['confirmed', [[1, 2, 3, 5], 2, [2, 3, 5], [1]]],
    ['fulfilled', [[2], 5, [2], []]],
    ['received', [[3], 6, [3], []]],
    ['cancelled', [[4, 5], 8, [5], [4]]],
  ] as const)('ranges %s_at: _after inclusive, _before exclusive; orders without the instant never match', async (name, [all, day, after, before]) => {
    expect((await indexesOf(`${name}_after=${at(1)}&sort=${name}_at`)).sort()).toEqual([...all]);
    expect((await indexesOf(`${name}_after=${at(day)}`)).sort()).toEqual([...after]);
    expect((await indexesOf(`${name}_before=${at(day)}`)).sort()).toEqual([...before]);
    expect(await indexesOf(`${name}_after=${at(day)}&${name}_before=${at(day)}`)).toEqual([]);
  });

  it('ranges confirmed_at between two instants; an _after later than its _before lists nothing, as created_after does', async () => {
    expect(await indexesOf(`confirmed_after=${at(2)}&confirmed_before=${at(4)}&sort=confirmed_at`)).toEqual([2, 3]);
    expect(await indexesOf(`confirmed_after=${at(4)}&confirmed_before=${at(2)}`)).toEqual([]);
  });

  it('ranges the total, both bounds inclusive, and refuses a total_min above total_max naming both', async () => {
    expect(await indexesOf('total_min=200&total_max=500&sort=total')).toEqual([1, 2, 3, 4]);
    expect(await indexesOf('total_min=500&sort=total')).toEqual([4, 5]);
    expect(await indexesOf('total_max=100')).toEqual([0]);
    expect(await indexesOf('total_min=300&total_max=300')).toEqual([2]);
    expect(await indexesOf('total_min=9007199254740991')).toEqual([]);
    const response = await api.get('/v1/crm/orders?total_min=500&total_max=400');
    const problem = await problemOf(response);
    expect([response.status, problem.code, problem.errors?.map((error) => error.field)]).toEqual([422, 'rule_violation', ['total_min', 'total_max']]);
    const errors = await graphqlErrors(api, '{ orders(total_min: 2, total_max: 1) { meta { total } } }');
    expect(errors[0]?.extensions).toMatchObject({ code: 'rule_violation', errors: [{ field: 'total_min' }, { field: 'total_max' }] });
  });

  it('searches the number, the external reference and the notes, ignoring case, with % and _ taken literally', async () => {
    expect(await indexesOf('q=web_1')).toEqual([0]);
    expect(await indexesOf(`q=${encodeURIComponent('100%')}`)).toEqual([0]);
    expect((await indexesOf('q=100')).sort()).toEqual([0, 1]);
    expect(await indexesOf('q=RUSH')).toEqual([5]);
    expect(await indexesOf('q=shop-ref')).toEqual([2]);
    expect((await indexesOf('q=po-0')).sort()).toEqual([3]);
    expect((await indexesOf('q=so-00000&kind=sales')).sort()).toEqual([0, 1, 2, 4, 5]);
    expect(await indexesOf('q=nowhere')).toEqual([]);
    for (const query of ['q=', `q=${'x'.repeat(201)}`]) {
      const response = await api.get(`/v1/crm/orders?${query}`);
      expect([response.status, (await problemOf(response)).errors?.[0]?.field]).toEqual([400, 'q']);
    }
    expect(await graphqlIndexes(`q: "${'é'.repeat(200)}"`)).toEqual([]);
    expect((await graphqlErrors(api, '{ orders(q: "") { meta { total } } }'))[0]?.extensions).toMatchObject({ code: 'invalid_parameter', errors: [{ field: 'q' }] });
  });

  it('sorts by each lifecycle instant, orders without it last either way, and walks those sorts by cursor', async () => {
    expect((await indexesOf('sort=confirmed_at')).slice(0, 4)).toEqual([1, 2, 3, 5]);
    expect((await indexesOf('sort=-confirmed_at')).slice(0, 4)).toEqual([5, 3, 2, 1]);
    expect((await indexesOf('sort=-cancelled_at')).slice(0, 2)).toEqual([5, 4]);
    expect((await indexesOf('sort=fulfilled_at,-total')).slice(0, 2)).toEqual([2, 5]);
    const walked: number[] = [];
    let cursor: string | null = null;
    do {
      const page: List<Order> = await json<List<Order>>(await api.get(`/v1/crm/orders?sort=-confirmed_at&per_page=4${cursor ? `&after=${cursor}` : ''}`), 200);
      walked.push(...page.data.map((order) => orders.findIndex((seeded) => seeded.id === order.id)));
      cursor = page.meta.next_cursor;
    } while (cursor);
    expect(walked.slice(0, 4)).toEqual([5, 3, 2, 1]);
    expect([...walked].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
