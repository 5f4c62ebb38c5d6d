import { CUSTOM_TYPE_RULE } from '@platform/events';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientWithScope, graphqlData, graphqlErrors, json, type List, problemOf, signedInAccount, type TestAccount } from '../support/fixtures.ts';
import { type EventRecord, publish } from '../support/events.ts';

const SCOPES = ['events:read', 'events:write'];

/** An object nesting `levels` objects: `{ a: { a: … { a: 1 } } }`. */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = { a: 1 };
  for (let level = 1; level < levels; level += 1) value = { a: value };
  return value;
}

describe('event log: publish custom events, list and read events', () => {
  let account: TestAccount & { api: ApiClient };
  let api: ApiClient;

  beforeAll(async () => {
    account = await signedInAccount(SCOPES);
    api = account.api;
  });

  describe('POST /v1/events', () => {
    it('publishes a custom event: 201 with the envelope, its source naming the credential and request', async () => {
      const response = await api.send('POST', '/v1/events', { type: 'custom.invoice.exported', data: { invoice: 'INV-7', lines: [1, 2], nested: { ok: true } } }, { 'x-request-id': 'req-publish-test-1' });
      const event = await json<EventRecord>(response, 201);
      expect(event).toEqual({
        id: expect.stringMatching(/^evt_[0-9a-f]{24}$/),
        type: 'custom.invoice.exported',
        tenant_id: account.tenantId,
        occurred_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        data: { invoice: 'INV-7', lines: [1, 2], nested: { ok: true } },
        resource: null,
        source: { type: 'api', credential_id: account.clientId, request_id: 'req-publish-test-1', workflow_run_id: null, chain_depth: null },
      });
      expect(await json(await api.get(`/v1/events/${event.id}`))).toEqual(event);
    });

    it('refuses platform types: a client can never publish order.created', async () => {
      for (const type of ['order.created', 'inventory.stock.low']) {
        const response = await api.send('POST', '/v1/events', { type, data: { id: 'ord_fake' } });
        expect(response.status).toBe(400);
        const problem = await problemOf(response);
        expect(problem.code).toBe('validation_failed');
        expect(problem.errors).toEqual([{ field: 'type', message: `must be ${CUSTOM_TYPE_RULE}; platform event types are published by the platform only` }]);
      }
      const list = await json<List<EventRecord>>(await api.get('/v1/events?per_page=100'));
      expect(list.data.filter((event) => !event.type.startsWith('custom.'))).toEqual([]);
    });

    it('refuses malformed types and data that is not an object of at most 64 KiB, naming each field', async () => {
      const before = (await json<List<EventRecord>>(await api.get('/v1/events'))).meta.total;
      // 400: the body breaks the published schema; 422: data over 64 KiB or 32 levels deep, rules the schema cannot state.
      const cases: Array<[unknown, string[], number?]> = [
        [{ type: 'custom', data: {} }, ['type']],
        [{ type: 'custom.', data: {} }, ['type']],
        [{ type: 'custom.Upper', data: {} }, ['type']],
        [{ type: 'custom.a.b.c.d.e.f', data: {} }, ['type']],
        [{ type: `custom.${'a'.repeat(100)}`, data: {} }, ['type']],
        [{ type: 'orders.created', data: {} }, ['type']],
        [{ type: 'custom.ok', data: [1, 2] }, ['data']],
        [{ type: 'custom.ok', data: 'text' }, ['data']],
        [{ type: 'custom.ok', data: { big: 'x'.repeat(64 * 1024) } }, ['data'], 422],
        [{ type: 'nope', data: 5 }, ['type', 'data']],
        [{ type: 'custom.ok' }, ['data']],
        [{ data: {} }, ['type']],
        [{ type: 'custom.ok', data: {}, extra: 1 }, ['extra']],
        [{ type: 'custom.ok', data: nested(33) }, ['data'], 422],
        [{ type: 'custom.ok', data: { 'nul\u0000key': 1 } }, ['data.nul\u0000key']],
        [{ type: 'custom.ok', data: { value: 'nul\u0000value' } }, ['data.value']],
      ];
      for (const [body, fields, status = 400] of cases) {
        const response = await api.send('POST', '/v1/events', body);
        expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(status);
        const problem = await problemOf(response);
        expect(problem.code).toBe(status === 400 ? 'validation_failed' : 'rule_violation');
        expect(problem.errors?.map((error) => error.field)).toEqual(fields);
      }
      // Deep nesting (PostgreSQL's jsonb has a depth limit): data deeper than 32 levels is refused at
      // `data` (422: no schema states a depth); a body deeper than 64 levels is refused before it is
      // even read (400, field '': the body).
      const deep = await api.raw('POST', '/v1/events', `{"type":"custom.ok","data":{"list":${'['.repeat(40)}${']'.repeat(40)}}}`, 'application/json');
      expect(deep.status).toBe(422);
      expect((await problemOf(deep)).errors?.map((error) => error.field)).toEqual(['data']);
      const deeper = await api.raw('POST', '/v1/events', `{"type":"custom.ok","data":{"list":${'['.repeat(1000)}${']'.repeat(1000)}}}`, 'application/json');
      expect((await problemOf(deeper)).errors?.map((error) => error.field)).toEqual(['']);
      // At the limits exactly: accepted.
      const padding = 64 * 1024 - JSON.stringify({ big: '' }).length;
      expect((await api.send('POST', '/v1/events', { type: 'custom.limit', data: { big: 'y'.repeat(padding) } })).status).toBe(201);
      const deepest = await publish(api, 'custom.limit', nested(32));
      expect(deepest.data).toEqual(nested(32));
      expect((await json<List<EventRecord>>(await api.get('/v1/events'))).meta.total).toBe(before + 2);
    });

    it('needs events:write to publish; events:write alone gets the published event back', async () => {
      const reader = await clientWithScope(account, 'events:read');
      const refused = await reader.send('POST', '/v1/events', { type: 'custom.refused', data: {} });
      expect(refused.status).toBe(403);
      expect(await problemOf(refused)).toMatchObject({ code: 'insufficient_scope', required_scope: 'events:write' });
      const writer = await clientWithScope(account, 'events:write');
      const event = await publish(writer, 'custom.write_only', { n: 1 });
      expect(event.type).toBe('custom.write_only');
      const list = await json<List<EventRecord>>(await api.get('/v1/events?type=custom.refused'));
      expect(list.meta.total).toBe(0);
      const reading = await writer.get(`/v1/events/${event.id}`);
      expect(reading.status).toBe(403);
      expect(await problemOf(reading)).toMatchObject({ code: 'insufficient_scope', required_scope: 'events:read' });
    });
  });

  describe('GET /v1/events', () => {
    let fresh: ApiClient;
    let events: EventRecord[];

    beforeAll(async () => {
      fresh = (await signedInAccount(SCOPES)).api;
      events = [];
      // One request at a time: each event's transaction starts after the previous one committed.
      for (const [type, n] of [['custom.a', 1], ['custom.b', 2], ['custom.a', 3], ['custom.c.x', 4], ['custom.a', 5]] as const) events.push(await publish(fresh, type, { n }));
    });

    it('lists newest first by default, with the envelope of each event', async () => {
      const list = await json<List<EventRecord>>(await fresh.get('/v1/events'));
      expect(list.meta).toEqual({ total: 5, page: 1, per_page: 25, next_cursor: null, prev_cursor: null });
      expect(list.data).toEqual([...events].reverse());
    });

    it('sorts oldest first with sort=occurred_at; an unknown sort is 400', async () => {
      const list = await json<List<EventRecord>>(await fresh.get('/v1/events?sort=occurred_at'));
      expect(list.data.map((event) => event.id)).toEqual(events.map((event) => event.id));
      const bad = await fresh.get('/v1/events?sort=type');
      expect(bad.status).toBe(400);
      expect((await problemOf(bad)).code).toBe('invalid_parameter');
    });

    it('paginates without overlap', async () => {
      const pages = await Promise.all([1, 2, 3].map(async (page) => json<List<EventRecord>>(await fresh.get(`/v1/events?per_page=2&page=${page}&sort=occurred_at`))));
      expect(pages.map((page) => page.data.map((event) => (event.data as { n: number }).n))).toEqual([[1, 2], [3, 4], [5]]);
      expect(pages.map((page) => page.meta)).toEqual([1, 2, 3].map((page) => ({ total: 5, page, per_page: 2, next_cursor: page < 3 ? expect.any(String) : null, prev_cursor: page > 1 ? expect.any(String) : null })));
      const past = await json<List<EventRecord>>(await fresh.get('/v1/events?per_page=2&page=9'));
      expect(past).toEqual({ data: [], meta: { total: 5, page: 9, per_page: 2, next_cursor: null, prev_cursor: null } });
      expect((await fresh.get('/v1/events?per_page=101')).status).toBe(400);
    });

    it('filters by type and by time (occurred_after inclusive, occurred_before exclusive)', async () => {
      const byType = await json<List<EventRecord>>(await fresh.get('/v1/events?type=custom.a&sort=occurred_at'));
      expect(byType.data.map((event) => (event.data as { n: number }).n)).toEqual([1, 3, 5]);
      const second = events[1] as EventRecord;
      const fourth = events[3] as EventRecord;
      const range = await json<List<EventRecord>>(await fresh.get(`/v1/events?sort=occurred_at&occurred_after=${second.occurred_at}&occurred_before=${fourth.occurred_at}`));
      // Events of one transaction share its time, but each of these had its own.
      const expected = events.filter((event) => event.occurred_at >= second.occurred_at && event.occurred_at < fourth.occurred_at);
      expect(range.data).toEqual(expected);
      expect(expected.map((event) => (event.data as { n: number }).n)).toContain(2);
      expect(expected.map((event) => (event.data as { n: number }).n)).not.toContain(4);
      const none = await json<List<EventRecord>>(await fresh.get('/v1/events?type=custom.never'));
      expect(none.meta.total).toBe(0);
      const resource = await json<List<EventRecord>>(await fresh.get('/v1/events?resource_id=ord_none'));
      expect(resource.meta.total).toBe(0);
    });

    it('refuses a type filter that is no event type (400) or one the scopes cannot receive (403)', async () => {
      const bad = await fresh.get('/v1/events?type=nonsense');
      expect(bad.status).toBe(400);
      expect((await problemOf(bad)).errors?.[0]?.field).toBe('type');
      const noCrm = await fresh.get('/v1/events?type=order.created');
      expect(noCrm.status).toBe(403);
      expect(await problemOf(noCrm)).toMatchObject({ code: 'insufficient_scope', required_scope: 'crm:read' });
      const badTime = await fresh.get('/v1/events?occurred_after=yesterday');
      expect(badTime.status).toBe(400);
      expect((await problemOf(badTime)).code).toBe('invalid_parameter');
    });

    it('needs events:read', async () => {
      const writer = await clientWithScope(account, 'events:write');
      const response = await writer.get('/v1/events');
      expect(response.status).toBe(403);
      expect(await problemOf(response)).toMatchObject({ code: 'insufficient_scope', required_scope: 'events:read' });
    });
  });

  describe('GET /v1/events/{id}', () => {
    it('is 404 for unknown ids and for another tenant’s events', async () => {
      const other = await signedInAccount(SCOPES);
      const theirs = await publish(other.api, 'custom.secret', { mine: true });
      for (const id of [theirs.id, 'evt_000000000000000000000000', 'nope']) {
        const response = await api.get(`/v1/events/${id}`);
        expect(response.status).toBe(404);
        expect((await problemOf(response)).code).toBe('not_found');
      }
      const list = await json<List<EventRecord>>(await api.get('/v1/events?type=custom.secret'));
      expect(list.meta.total).toBe(0);
      const errors = await graphqlErrors(api, 'query($id: String!) { event(id: $id) { id } }', { id: theirs.id });
      expect(errors.map((error) => error.extensions?.code)).toEqual(['not_found']);
    });
  });

  describe('GraphQL', () => {
    it('publishes, lists and reads events with the same envelope', async () => {
      const fresh = (await signedInAccount(SCOPES)).api;
      const published = await graphqlData<{ publish_event: { id: string; type: string; data: unknown; resource: null; source: { type: string }; order: null; inventory_item: null } }>(
        fresh,
        'mutation($input: PublishEventInput!) { publish_event(input: $input) { id type data resource { type id } source { type } order { id } inventory_item { id } } }',
        { input: { type: 'custom.graphql', data: { via: 'graphql' } } },
      );
      expect(published.publish_event).toEqual({ id: expect.stringMatching(/^evt_/), type: 'custom.graphql', data: { via: 'graphql' }, resource: null, source: { type: 'api' }, order: null, inventory_item: null });
      const listed = await graphqlData<{ events: { data: Array<{ id: string }>; meta: { total: number } } }>(fresh, '{ events(type: "custom.graphql") { data { id } meta { total } } }');
      expect(listed.events).toEqual({ data: [{ id: published.publish_event.id }], meta: { total: 1 } });
      const read = await graphqlData<{ event: { id: string; occurred_at: string } }>(fresh, 'query($id: String!) { event(id: $id) { id occurred_at } }', { id: published.publish_event.id });
      const rest = await json<EventRecord>(await fresh.get(`/v1/events/${published.publish_event.id}`));
      expect(read.event).toEqual({ id: rest.id, occurred_at: rest.occurred_at });
      const refused = await graphqlErrors(fresh, 'mutation { publish_event(input: { type: "order.created", data: {} }) { id } }');
      expect(refused.map((error) => error.extensions?.code)).toEqual(['validation_failed']);
    });

    it('refuses without the scopes', async () => {
      const writer = await clientWithScope(account, 'events:write');
      const errors = await graphqlErrors(writer, '{ events { meta { total } } }');
      expect(errors.map((error) => [error.extensions?.code, error.extensions?.required_scope])).toEqual([['insufficient_scope', 'events:read']]);
      const reader = await clientWithScope(account, 'events:read');
      const publishErrors = await graphqlErrors(reader, 'mutation { publish_event(input: { type: "custom.x", data: {} }) { id } }');
      expect(publishErrors.map((error) => [error.extensions?.code, error.extensions?.required_scope])).toEqual([['insufficient_scope', 'events:write']]);
    });
  });
});
