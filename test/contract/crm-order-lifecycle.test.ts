import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, json, type List, problemOf } from '../support/fixtures.ts';
import { type Order, action, createCustomer, createItem, createOrder, crmAccount, getOrder, quantityOnHand } from '../support/crm.ts';

interface Movement {
  item_id: string;
  kind: string;
  quantity: number;
  source_type: string | null;
  source_id: string | null;
  source_line_id: string | null;
}

describe('CRM order lifecycle and stock', () => {
  let api: ApiClient;
  let warehouseId: string;
  let customerId: string;
  let sku = 0;

  /** A new SKU with `quantity` in stock, so each test sees only its own stock changes. */
  async function item(quantity: number, extra: Record<string, unknown> = {}): Promise<string> {
    const id = `LC-${++sku}`;
    await createItem(api, warehouseId, id, quantity, extra);
    return id;
  }

  async function order(kind: 'sales' | 'purchase', lines: Array<[string, number]>, status: 'draft' | 'confirmed' = 'draft'): Promise<Order> {
    const created = await createOrder(api, { kind, customer_id: customerId, lines: lines.map(([item_id, quantity]) => ({ item_id, quantity, unit_price: 100 })) });
    if (status === 'draft') return created;
    return json<Order>(await action(api, created.id, 'confirm'), 200);
  }

  beforeAll(async () => {
    ({ api, warehouseId } = await crmAccount());
    customerId = (await createCustomer(api, { currency: 'EUR' })).id;
  });

  describe('sales orders', () => {
    it('confirm then fulfil: stamps each step, increments the version, takes the stock out with movements naming the order lines', async () => {
      const a = await item(10);
      const b = await item(5);
      const draft = await order('sales', [
        [a, 3],
        [b, 5],
      ]);
      const confirmed = await json<Order>(await action(api, draft.id, 'confirm'), 200);
      expect(confirmed).toMatchObject({ status: 'confirmed', version: 2, fulfilled_at: null });
      expect(confirmed.confirmed_at).toMatch(/Z$/);
      expect(await quantityOnHand(api, a)).toBe(10);
      const fulfilled = await json<Order>(await action(api, draft.id, 'fulfil'), 200);
      expect(fulfilled).toMatchObject({ status: 'fulfilled', version: 3, confirmed_at: confirmed.confirmed_at, received_at: null, cancelled_at: null });
      expect(fulfilled.fulfilled_at).toMatch(/Z$/);
      expect(await quantityOnHand(api, a)).toBe(7);
      expect(await quantityOnHand(api, b)).toBe(0);
      const movements = await json<List<Movement>>(await api.get(`/v1/inventory/movements?source_id=${draft.id}`), 200);
      expect(movements.data.map(({ item_id, kind, quantity, source_type, source_id, source_line_id }) => ({ item_id, kind, quantity, source_type, source_id, source_line_id })).sort((x, y) => x.item_id.localeCompare(y.item_id))).toEqual([
        { item_id: a, kind: 'fulfilment', quantity: -3, source_type: 'sales_order', source_id: draft.id, source_line_id: draft.lines[0]?.id },
        { item_id: b, kind: 'fulfilment', quantity: -5, source_type: 'sales_order', source_id: draft.id, source_line_id: draft.lines[1]?.id },
      ]);
    });

    it('refuses to fulfil more than is in stock with 409 insufficient_stock naming the line; the order stays confirmed and no stock moves', async () => {
      const a = await item(10);
      const b = await item(2);
      const confirmed = await order(
        'sales',
        [
          [a, 4],
          [b, 3],
        ],
        'confirmed',
      );
      const problem = await problemOf(await action(api, confirmed.id, 'fulfil'));
      expect(problem).toMatchObject({ status: 409, code: 'insufficient_stock' });
      expect(problem.errors?.map((error) => error.field)).toEqual(['lines.1.quantity']);
      expect(await getOrder(api, confirmed.id)).toEqual(confirmed);
      expect(await quantityOnHand(api, a)).toBe(10);
      expect(await quantityOnHand(api, b)).toBe(2);
      expect((await json<List<Movement>>(await api.get(`/v1/inventory/movements?source_id=${confirmed.id}`), 200)).meta.total).toBe(0);
    });

    it('fulfils below zero for an item that allows backorders', async () => {
      const a = await item(1, { allow_backorder: true });
      const confirmed = await order('sales', [[a, 3]], 'confirmed');
      expect((await json<Order>(await action(api, confirmed.id, 'fulfil'), 200)).status).toBe('fulfilled');
      expect(await quantityOnHand(api, a)).toBe(-2);
    });

    it('refuses to confirm an order without lines (409 invalid_state), leaving it a draft', async () => {
      const empty = await createOrder(api, { kind: 'sales', customer_id: customerId });
      expect(await problemOf(await action(api, empty.id, 'confirm'))).toMatchObject({ status: 409, code: 'invalid_state', errors: [{ field: 'lines' }] });
      expect(await getOrder(api, empty.id)).toEqual(empty);
    });

    it('cancels a draft and a confirmed order without moving stock', async () => {
      const a = await item(10);
      const draft = await order('sales', [[a, 1]]);
      const cancelledDraft = await json<Order>(await action(api, draft.id, 'cancel'), 200);
      expect(cancelledDraft).toMatchObject({ status: 'cancelled', version: 2, confirmed_at: null });
      expect(cancelledDraft.cancelled_at).toMatch(/Z$/);
      const confirmed = await order('sales', [[a, 2]], 'confirmed');
      expect((await json<Order>(await action(api, confirmed.id, 'cancel'), 200)).status).toBe('cancelled');
      expect(await quantityOnHand(api, a)).toBe(10);
    });

    it.each([
      ['draft', 'fulfil', ['confirm', 'cancel']],
      ['draft', 'receive', ['confirm', 'cancel']],
      ['confirmed', 'confirm', ['fulfil', 'cancel']],
      ['confirmed', 'receive', ['fulfil', 'cancel']],
      ['fulfilled', 'confirm', []],
      ['fulfilled', 'fulfil', []],
      ['fulfilled', 'cancel', []],
      ['cancelled', 'confirm', []],
      ['cancelled', 'fulfil', []],
      ['cancelled', 'cancel', []],
    ] as const)('refuses, on a %s sales order, to %s: 409 invalid_transition with the allowed actions, nothing changed', async (status, name, allowed) => {
      const a = await item(10);
      let current = await order('sales', [[a, 1]], status === 'draft' ? 'draft' : 'confirmed');
      if (status === 'fulfilled') current = await json<Order>(await action(api, current.id, 'fulfil'), 200);
      if (status === 'cancelled') current = await json<Order>(await action(api, current.id, 'cancel'), 200);
      const before = await quantityOnHand(api, a);
      const problem = await problemOf(await action(api, current.id, name));
      expect(problem).toMatchObject({ status: 409, code: 'invalid_transition', current_status: status, allowed_actions: allowed });
      expect(await getOrder(api, current.id)).toEqual(current);
      expect(await quantityOnHand(api, a)).toBe(before);
    });
  });

  describe('purchase orders', () => {
    it('confirm then receive: adds the stock with receipt movements', async () => {
      const a = await item(4);
      const confirmed = await order('purchase', [[a, 6]], 'confirmed');
      const received = await json<Order>(await action(api, confirmed.id, 'receive'), 200);
      expect(received).toMatchObject({ status: 'received', version: 3, fulfilled_at: null });
      expect(received.received_at).toMatch(/Z$/);
      expect(await quantityOnHand(api, a)).toBe(10);
      const movements = await json<List<Movement>>(await api.get(`/v1/inventory/movements?source_id=${confirmed.id}`), 200);
      expect(movements.data).toMatchObject([{ item_id: a, kind: 'receipt', quantity: 6, source_type: 'purchase_order', source_id: confirmed.id, source_line_id: confirmed.lines[0]?.id }]);
    });

    it.each([
      ['draft', 'receive', ['confirm', 'cancel']],
      ['confirmed', 'fulfil', ['receive', 'cancel']],
      ['confirmed', 'confirm', ['receive', 'cancel']],
      ['received', 'receive', []],
      ['received', 'cancel', []],
      ['received', 'fulfil', []],
      ['cancelled', 'receive', []],
    ] as const)('refuses, on a %s purchase order, to %s: 409 invalid_transition, nothing changed', async (status, name, allowed) => {
      const a = await item(10);
      let current = await order('purchase', [[a, 1]], status === 'draft' ? 'draft' : 'confirmed');
      if (status === 'received') current = await json<Order>(await action(api, current.id, 'receive'), 200);
      if (status === 'cancelled') current = await json<Order>(await action(api, current.id, 'cancel'), 200);
      const before = await quantityOnHand(api, a);
      expect(await problemOf(await action(api, current.id, name))).toMatchObject({ status: 409, code: 'invalid_transition', current_status: status, allowed_actions: allowed });
      expect(await getOrder(api, current.id)).toEqual(current);
      expect(await quantityOnHand(api, a)).toBe(before);
    });
  });

  describe('concurrency', () => {
    it('10 sales orders of 3 units racing to fulfil against 20 in stock: exactly 6 fulfilled, 4 insufficient_stock, 2 left', async () => {
      const a = await item(20);
      const orders = [];
      for (let index = 0; index < 10; index++) orders.push(await order('sales', [[a, 3]], 'confirmed'));
      const responses = await Promise.all(orders.map((candidate) => action(api, candidate.id, 'fulfil')));
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(6);
      expect(statuses.filter((status) => status === 409)).toHaveLength(4);
      for (const response of responses.filter((candidate) => candidate.status === 409)) expect((await problemOf(response)).code).toBe('insufficient_stock');
      expect(await quantityOnHand(api, a)).toBe(2);
      const after = await Promise.all(orders.map((candidate) => getOrder(api, candidate.id)));
      expect(after.filter((candidate) => candidate.status === 'fulfilled')).toHaveLength(6);
      expect(after.filter((candidate) => candidate.status === 'confirmed')).toHaveLength(4);
      expect((await json<List<Movement>>(await api.get(`/v1/inventory/movements?item_id=${a}&kind=fulfilment`), 200)).meta.total).toBe(6);
    });

    it('the same order fulfilled by concurrent requests moves its stock once', async () => {
      const a = await item(20);
      const confirmed = await order('sales', [[a, 5]], 'confirmed');
      const responses = await Promise.all(Array.from({ length: 5 }, () => action(api, confirmed.id, 'fulfil')));
      expect(responses.map((response) => response.status).sort()).toEqual([200, 409, 409, 409, 409]);
      for (const response of responses.filter((candidate) => candidate.status === 409)) expect((await problemOf(response)).code).toBe('invalid_transition');
      expect(await quantityOnHand(api, a)).toBe(15);
    });

    it('cancel racing fulfil: exactly one wins, and stock moved only if fulfil won', async () => {
      const a = await item(20);
      const confirmed = await order('sales', [[a, 4]], 'confirmed');
      const [fulfil, cancel] = await Promise.all([action(api, confirmed.id, 'fulfil'), action(api, confirmed.id, 'cancel')]);
      expect([fulfil.status, cancel.status].sort()).toEqual([200, 409]);
      const final = await getOrder(api, confirmed.id);
      expect(final.status).toBe(fulfil.status === 200 ? 'fulfilled' : 'cancelled');
      expect(await quantityOnHand(api, a)).toBe(fulfil.status === 200 ? 16 : 20);
    });
  });
});
