import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, database, graphqlData, json, type List, problemOf } from '../support/fixtures.ts';
import {
  type Delivery,
  type Endpoint,
  type EndpointWithSecret,
  type EventRecord,
  type ReceivedWebhook,
  createEndpoint,
  deliveriesOf,
  eventsAccount,
  eventually,
  publish,
  receivedExactly,
  sandboxClientWithScope,
  startReceiver,
  verified,
} from '../support/events.ts';

/** Waits until every delivery of an endpoint is over (none pending) and there are `count` of them. */
async function settledDeliveries(api: ApiClient, endpointId: string, count: number): Promise<Delivery[]> {
  try {
    return await eventually(async () => {
      const deliveries = await deliveriesOf(api, endpointId, '?per_page=100');
      return deliveries.length === count && deliveries.every((delivery) => delivery.status !== 'pending') ? deliveries : undefined;
    }, 20_000, `${count} settled deliveries of ${endpointId}`);
  } catch (error) {
    // What the deliveries and their queue jobs look like then: why they did not settle (a rare timeout under load).
    const deliveries = await database().webhookDelivery.findMany({ where: { endpoint_id: endpointId }, select: { id: true, status: true, attempt_count: true, next_attempt_at: true, created_at: true } });
    const jobs = await database().$queryRaw<unknown[]>`SELECT name, state, priority, retry_count, created_on, started_on, start_after, completed_on FROM pgboss.job WHERE data->>'delivery_id' = ANY(${deliveries.map((delivery) => delivery.id)}::text[])`;
    throw new Error(`${(error as Error).message}; deliveries: ${JSON.stringify(deliveries)}; jobs: ${JSON.stringify(jobs)}`);
  }
}

const idsOf = (received: ReceivedWebhook[]) => received.map((webhook) => webhook.headers['webhook-id']);

describe('webhook delivery (sandbox tenant, receivers on loopback)', () => {
  let account: Awaited<ReturnType<typeof eventsAccount>>;
  let api: ApiClient;

  beforeAll(async () => {
    account = await eventsAccount(['events:read', 'events:write', 'webhooks:read', 'webhooks:write', 'tenants:read', 'tenants:write']);
    api = account.sandbox;
  });

  it('delivers a published event, signed per Standard Webhooks, with the envelope GET /v1/events/{id} returns as its body', async () => {
    const receiver = await startReceiver();
    const other = await startReceiver();
    const endpoint = await createEndpoint(api, { url: receiver.url, event_types: ['custom.order.synced', 'custom.other'] });
    const unsubscribed = await createEndpoint(api, { url: other.url, event_types: ['custom.not_this_one'] });
    const event = await publish(api, 'custom.order.synced', { order: 'WEB-1001', total: 4999, tags: ['a', 'b'] });

    const [webhook] = await receivedExactly(receiver, 1);
    expect(receiver.received).toHaveLength(1);
    expect(webhook?.headers['webhook-id']).toBe(event.id);
    expect(webhook?.headers['content-type']).toBe('application/json');
    expect(Number(webhook?.headers['webhook-timestamp'])).toBeGreaterThan(Date.now() / 1000 - 300);
    const payload = verified(endpoint.secret, webhook as ReceivedWebhook);
    const rest = await json<EventRecord>(await api.get(`/v1/events/${event.id}`));
    expect(payload).toEqual(rest);
    expect(rest).toEqual(event);
    // Another secret does not verify it.
    expect(() => verified(unsubscribed.secret, webhook as ReceivedWebhook)).toThrow();
    // The endpoint not subscribed to the type got nothing and has no delivery.
    expect(other.received).toEqual([]);
    expect(await deliveriesOf(api, unsubscribed.id)).toEqual([]);

    const [delivery] = await settledDeliveries(api, endpoint.id, 1);
    expect(delivery).toEqual({
      id: expect.stringMatching(/^wd_/),
      endpoint_id: endpoint.id,
      event_id: event.id,
      event_type: 'custom.order.synced',
      trigger: 'event',
      status: 'succeeded',
      attempt_count: 1,
      next_attempt_at: null,
      failure_reason: null,
      created_at: expect.any(String),
      completed_at: expect.any(String),
      attempts: [{ attempted_at: expect.any(String), response_status: 200, duration_ms: expect.any(Number), response_excerpt: 'answered 200', error: null }],
    });
    expect(await json<Delivery>(await api.get(`/v1/events/webhook-deliveries/${delivery?.id}`))).toEqual(delivery);
  });

  it('retries a failed attempt and records each attempt: 503 then 200', async () => {
    const receiver = await startReceiver();
    receiver.respondWith({ status: 503, body: 'maintenance, come back later' });
    const endpoint = await createEndpoint(api, { url: receiver.url, event_types: ['custom.retry'] });
    const event = await publish(api, 'custom.retry', { n: 1 });
    const [delivery] = await settledDeliveries(api, endpoint.id, 1);
    expect(delivery).toMatchObject({ event_id: event.id, status: 'succeeded', attempt_count: 2, failure_reason: null });
    expect(delivery?.attempts.map((attempt) => [attempt.response_status, attempt.response_excerpt, attempt.error])).toEqual([
      [503, 'maintenance, come back later', null],
      [200, 'answered 200', null],
    ]);
    expect(idsOf(receiver.received)).toEqual([event.id, event.id]);
    for (const webhook of receiver.received) expect(verified(endpoint.secret, webhook)).toEqual(event);
    expect((await json<Endpoint>(await api.get(`/v1/events/webhook-endpoints/${endpoint.id}`))).status).toBe('enabled');
  });

  it('disables an endpoint whose deliveries fail every attempt (3 in the test schedule), with the reason visible', async () => {
    const receiver = await startReceiver();
    receiver.always(500);
    const endpoint = await createEndpoint(api, { url: receiver.url, event_types: ['custom.fail'] });
    const event = await publish(api, 'custom.fail', { n: 1 });
    const disabled = await eventually(async () => {
      const current = await json<Endpoint>(await api.get(`/v1/events/webhook-endpoints/${endpoint.id}`));
      return current.status === 'disabled' ? current : undefined;
    }, 20_000, 'the endpoint disabled');
    expect(disabled).toMatchObject({ disabled_reason: 'Deliveries kept failing for 3 attempts (last: HTTP 500).', disabled_at: expect.any(String), version: 2 });
    const [delivery] = await settledDeliveries(api, endpoint.id, 1);
    expect(delivery).toMatchObject({ event_id: event.id, status: 'failed', attempt_count: 3, next_attempt_at: null, failure_reason: 'gave up after 3 attempts; last: HTTP 500', completed_at: expect.any(String) });
    expect(delivery?.attempts.map((attempt) => [attempt.response_status, attempt.response_excerpt])).toEqual([
      [500, 'answered 500'],
      [500, 'answered 500'],
      [500, 'answered 500'],
    ]);
    expect(idsOf(receiver.received)).toEqual([event.id, event.id, event.id]);
    // A disabled endpoint gets no new deliveries: once an enabled endpoint of the same type got
    // the next event, its dispatch is over.
    const witness = await startReceiver();
    const witnessEndpoint = await createEndpoint(api, { url: witness.url, event_types: ['custom.fail'] });
    const next = await publish(api, 'custom.fail', { n: 2 });
    expect((await settledDeliveries(api, witnessEndpoint.id, 1)).map((entry) => entry.event_id)).toEqual([next.id]);
    const later = await json<List<Delivery>>(await api.get(`/v1/events/webhook-endpoints/${endpoint.id}/deliveries`));
    expect(later.meta.total).toBe(1);
    const failed = await json<List<Delivery>>(await api.get(`/v1/events/webhook-endpoints/${endpoint.id}/deliveries?status=failed`));
    expect(failed.data.map((entry) => entry.id)).toEqual([delivery?.id]);
    expect((await json<List<Delivery>>(await api.get(`/v1/events/webhook-endpoints/${endpoint.id}/deliveries?status=succeeded`))).meta.total).toBe(0);
    // Enabling clears the reason.
    const enabled = await json<Endpoint>(await api.send('POST', `/v1/events/webhook-endpoints/${endpoint.id}/enable`, {}));
    expect(enabled).toMatchObject({ status: 'enabled', disabled_reason: null, disabled_at: null });
  });

  it('fails a pending delivery when its endpoint is disabled before the retry', async () => {
    const receiver = await startReceiver();
    receiver.always(500);
    const endpoint = await createEndpoint(api, { url: receiver.url, event_types: ['custom.halt'] });
    await publish(api, 'custom.halt', {});
    // The first attempt failed; the retry is due a second later.
    await eventually(() => (receiver.received.length >= 1 ? true : undefined), 20_000, 'the first attempt');
    await json(await api.send('POST', `/v1/events/webhook-endpoints/${endpoint.id}/disable`, {}));
    const [delivery] = await settledDeliveries(api, endpoint.id, 1);
    expect(delivery).toMatchObject({ status: 'failed', failure_reason: 'endpoint disabled: Disabled through the API.', attempt_count: receiver.received.length });
    expect(delivery?.attempts).toHaveLength(receiver.received.length);
    expect(receiver.received.length).toBeLessThan(3);
    expect(await json<Endpoint>(await api.get(`/v1/events/webhook-endpoints/${endpoint.id}`))).toMatchObject({ status: 'disabled', disabled_reason: 'Disabled through the API.' });
  });

  it('disables an endpoint at once when it answers 410 Gone', async () => {
    const receiver = await startReceiver();
    receiver.respondWith({ status: 410, body: 'this hook is gone' });
    const endpoint = await createEndpoint(api, { url: receiver.url, event_types: ['custom.gone'] });
    const event = await publish(api, 'custom.gone', {});
    const [delivery] = await settledDeliveries(api, endpoint.id, 1);
    expect(delivery).toMatchObject({ event_id: event.id, status: 'failed', attempt_count: 1, failure_reason: 'the endpoint answered 410 Gone' });
    expect(delivery?.attempts.map((attempt) => [attempt.response_status, attempt.response_excerpt])).toEqual([[410, 'this hook is gone']]);
    expect(await json<Endpoint>(await api.get(`/v1/events/webhook-endpoints/${endpoint.id}`))).toMatchObject({ status: 'disabled', disabled_reason: 'The endpoint answered 410 Gone.' });
    expect(receiver.received).toHaveLength(1);
  });

  it('rotates the secret: during the overlap both secrets verify; with no overlap only the new one', async () => {
    const receiver = await startReceiver();
    const endpoint = await createEndpoint(api, { url: receiver.url, event_types: ['custom.rotate'] });
    const before = Date.now();
    const rotated = await json<EndpointWithSecret>(await api.send('POST', `/v1/events/webhook-endpoints/${endpoint.id}/rotate-secret`, {}));
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(endpoint.secret);
    expect(rotated.version).toBe(2);
    const expiry = Date.parse(rotated.previous_secret_expires_at ?? '');
    expect(expiry).toBeGreaterThanOrEqual(before + 86_400_000 - 1000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 86_400_000 + 1000);
    const shown = await api.get(`/v1/events/webhook-endpoints/${endpoint.id}`);
    const text = await shown.text();
    expect(text).not.toContain(rotated.secret.slice(6, 20));
    expect(JSON.parse(text)).toMatchObject({ previous_secret_expires_at: rotated.previous_secret_expires_at, version: 2 });

    const first = await publish(api, 'custom.rotate', { n: 1 });
    const [overlap] = await receivedExactly(receiver, 1, 0);
    expect(String(overlap?.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verified(rotated.secret, overlap as ReceivedWebhook)).toEqual(first);
    expect(verified(endpoint.secret, overlap as ReceivedWebhook)).toEqual(first);

    const again = await json<EndpointWithSecret>(await api.send('POST', `/v1/events/webhook-endpoints/${endpoint.id}/rotate-secret`, { expire_previous_in_seconds: 0, version: 2 }));
    expect(again.previous_secret_expires_at).toBeNull();
    const second = await publish(api, 'custom.rotate', { n: 2 });
    const received = await receivedExactly(receiver, 2, 0);
    const latest = received[1] as ReceivedWebhook;
    expect(latest.headers['webhook-id']).toBe(second.id);
    expect(String(latest.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verified(again.secret, latest)).toEqual(second);
    expect(() => verified(rotated.secret, latest)).toThrow();
    expect(() => verified(endpoint.secret, latest)).toThrow();

    for (const body of [{ expire_previous_in_seconds: 604_801 }, { expire_previous_in_seconds: -1 }]) {
      const refused = await api.send('POST', `/v1/events/webhook-endpoints/${endpoint.id}/rotate-secret`, body);
      expect(refused.status).toBe(400);
      expect((await problemOf(refused)).errors?.map((error) => error.field)).toEqual(['expire_previous_in_seconds']);
    }
    expect((await json<Endpoint>(await api.get(`/v1/events/webhook-endpoints/${endpoint.id}`))).version).toBe(3);
  });

  it('resends one event as a new delivery with the same webhook-id', async () => {
    const receiver = await startReceiver();
    const endpoint = await createEndpoint(api, { url: receiver.url, event_types: ['custom.resend'] });
    const event = await publish(api, 'custom.resend', { n: 1 });
    await settledDeliveries(api, endpoint.id, 1);
    const answer = await json<{ deliveries: number }>(await api.send('POST', `/v1/events/webhook-endpoints/${endpoint.id}/resend`, { event_id: event.id }));
    expect(answer).toEqual({ deliveries: 1 });
    const deliveries = await settledDeliveries(api, endpoint.id, 2);
    expect(deliveries.map((delivery) => [delivery.trigger, delivery.event_id, delivery.status])).toEqual([
      ['resend', event.id, 'succeeded'],
      ['event', event.id, 'succeeded'],
    ]);
    expect(idsOf(receiver.received)).toEqual([event.id, event.id]);
    expect(receiver.received[1]?.body).toBe(receiver.received[0]?.body);
    const byEvent = await json<List<Delivery>>(await api.get(`/v1/events/webhook-endpoints/${endpoint.id}/deliveries?event_id=${event.id}&per_page=1`));
    expect(byEvent.meta.total).toBe(2);
    expect(byEvent.data.map((delivery) => delivery.trigger)).toEqual(['resend']);
  });

  it('refuses resends of unknown, foreign or unsubscribed events, and to disabled endpoints', async () => {
    const receiver = await startReceiver();
    const endpoint = await createEndpoint(api, { url: receiver.url, event_types: ['custom.resend_rules'] });
    const unsubscribed = await publish(api, 'custom.elsewhere', {});
    const foreign = await publish(account.api, 'custom.resend_rules', {});
    for (const [eventId, message] of [
      ['evt_000000000000000000000000', 'no event evt_000000000000000000000000 exists in this tenant'],
      [foreign.id, `no event ${foreign.id} exists in this tenant`],
      [unsubscribed.id, 'is a custom.elsewhere event, a type the endpoint does not subscribe to'],
    ] as const) {
      const response = await api.send('POST', `/v1/events/webhook-endpoints/${endpoint.id}/resend`, { event_id: eventId });
      expect(response.status).toBe(422);
      expect((await problemOf(response)).errors).toEqual([{ field: 'event_id', message }]);
    }
    const mine = await publish(api, 'custom.resend_rules', {});
    await settledDeliveries(api, endpoint.id, 1);
    await json(await api.send('POST', `/v1/events/webhook-endpoints/${endpoint.id}/disable`, {}));
    for (const [path, body] of [
      ['resend', { event_id: mine.id }],
      ['replay', { occurred_after: '2020-01-01T00:00:00Z', occurred_before: '2100-01-01T00:00:00Z' }],
    ] as const) {
      const response = await api.send('POST', `/v1/events/webhook-endpoints/${endpoint.id}/${path}`, body);
      expect(response.status, path).toBe(409);
      expect((await problemOf(response)).code).toBe('invalid_state');
    }
    expect((await deliveriesOf(api, endpoint.id)).length).toBe(1);
    expect(receiver.received).toHaveLength(1);
  });

  it('replays exactly the events of the endpoint’s types in [occurred_after, occurred_before), oldest first', async () => {
    const fresh = await eventsAccount();
    const receiver = await startReceiver();
    const events: EventRecord[] = [];
    for (const [type, n] of [['custom.replay', 1], ['custom.replay', 2], ['custom.unrelated', 3], ['custom.replay', 4], ['custom.replay', 5]] as const) events.push(await publish(fresh.sandbox, type, { n }));
    // Registered once they were dispatched (a busy dispatch would find the new endpoint and deliver
    // to it too): none of these events was delivered to it before the replay.
    const published = events.map((event) => event.id);
    await eventually(async () => ((await database().eventOutboxEntry.count({ where: { event_id: { in: published } } })) === 0 ? true : undefined), 20_000, 'the events dispatched');
    const endpoint = await createEndpoint(fresh.sandbox, { url: receiver.url, event_types: ['custom.replay'] });
    const from = events[1] as EventRecord;
    const until = events[4] as EventRecord;
    const answer = await json<{ deliveries: number }>(await fresh.sandbox.send('POST', `/v1/events/webhook-endpoints/${endpoint.id}/replay`, { occurred_after: from.occurred_at, occurred_before: until.occurred_at }));
    const expected = events.filter((event) => event.type === 'custom.replay' && event.occurred_at >= from.occurred_at && event.occurred_at < until.occurred_at);
    expect(expected.map((event) => (event.data as { n: number }).n)).toEqual([2, 4]);
    expect(answer).toEqual({ deliveries: 2 });
    const deliveries = await settledDeliveries(fresh.sandbox, endpoint.id, 2);
    expect(deliveries.map((delivery) => [delivery.trigger, delivery.status]).sort()).toEqual([['replay', 'succeeded'], ['replay', 'succeeded']]);
    expect(deliveries.map((delivery) => delivery.event_id).sort()).toEqual(expected.map((event) => event.id).sort());
    expect(idsOf(receiver.received).sort()).toEqual(expected.map((event) => event.id).sort());
    for (const webhook of receiver.received) expect(verified(endpoint.secret, webhook)).toEqual(expected.find((event) => event.id === webhook.headers['webhook-id']));

    const empty = await json<{ deliveries: number }>(await fresh.sandbox.send('POST', `/v1/events/webhook-endpoints/${endpoint.id}/replay`, { occurred_after: '2001-01-01T00:00:00Z', occurred_before: '2001-01-02T00:00:00Z' }));
    expect(empty).toEqual({ deliveries: 0 });
    const backwards = await fresh.sandbox.send('POST', `/v1/events/webhook-endpoints/${endpoint.id}/replay`, { occurred_after: until.occurred_at, occurred_before: from.occurred_at });
    expect(backwards.status).toBe(422);
    expect((await problemOf(backwards)).errors?.map((error) => error.field)).toEqual(['occurred_before']);
    const missing = await fresh.sandbox.send('POST', `/v1/events/webhook-endpoints/${endpoint.id}/replay`, { occurred_after: from.occurred_at });
    expect(missing.status).toBe(400);
    expect((await problemOf(missing)).errors?.map((error) => error.field)).toEqual(['occurred_before']);
    expect((await deliveriesOf(fresh.sandbox, endpoint.id)).length).toBe(2);
  });

  it('pings: a signed webhook.ping now, its outcome in the answer, nothing in the delivery log', async () => {
    const receiver = await startReceiver();
    const endpoint = await createEndpoint(api, { url: receiver.url, event_types: ['custom.ping_test'] });
    const result = await json<{ response_status: number | null; duration_ms: number; response_excerpt: string | null; error: string | null }>(
      await api.send('POST', `/v1/events/webhook-endpoints/${endpoint.id}/ping`, {}),
    );
    expect(result).toEqual({ response_status: 200, duration_ms: expect.any(Number), response_excerpt: 'answered 200', error: null });
    expect(receiver.received).toHaveLength(1);
    const ping = verified(endpoint.secret, receiver.received[0] as ReceivedWebhook) as EventRecord;
    expect(ping).toMatchObject({ type: 'webhook.ping', tenant_id: account.sandboxTenantId, data: { endpoint_id: endpoint.id }, resource: null, source: { type: 'platform' } });
    expect(receiver.received[0]?.headers['webhook-id']).toBe(ping.id);
    expect((await api.get(`/v1/events/${ping.id}`)).status).toBe(404);

    receiver.respondWith({ status: 418, body: 'I am a teapot' });
    const teapot = await json<{ response_status: number; response_excerpt: string }>(await api.send('POST', `/v1/events/webhook-endpoints/${endpoint.id}/ping`, {}));
    expect(teapot).toMatchObject({ response_status: 418, response_excerpt: 'I am a teapot', error: null });
    await receiver.close();
    const down = await json<{ response_status: number | null; error: string | null }>(await api.send('POST', `/v1/events/webhook-endpoints/${endpoint.id}/ping`, {}));
    expect(down).toMatchObject({ response_status: null, response_excerpt: null, error: expect.stringMatching(/ECONNREFUSED/) });
    expect(await deliveriesOf(api, endpoint.id)).toEqual([]);
  });

  it('serves the delivery log, resend and ping in GraphQL too', async () => {
    const receiver = await startReceiver();
    const endpoint = await createEndpoint(api, { url: receiver.url, event_types: ['custom.graphql_log'] });
    const event = await publish(api, 'custom.graphql_log', { n: 1 });
    await settledDeliveries(api, endpoint.id, 1);
    const resent = await graphqlData<{ resend_webhook_event: { deliveries: number } }>(
      api,
      'mutation($id: String!, $event: String!) { resend_webhook_event(id: $id, input: { event_id: $event }) { deliveries } }',
      { id: endpoint.id, event: event.id },
    );
    expect(resent.resend_webhook_event).toEqual({ deliveries: 1 });
    await settledDeliveries(api, endpoint.id, 2);
    const log = await graphqlData<{ webhook_deliveries: { data: Array<{ trigger: string; status: string; event_type: string; attempts: Array<{ response_status: number }> }>; meta: { total: number } } }>(
      api,
      'query($id: String!) { webhook_deliveries(endpoint_id: $id) { data { trigger status event_type attempts { response_status } } meta { total } } }',
      { id: endpoint.id },
    );
    expect(log.webhook_deliveries).toEqual({
      data: [
        { trigger: 'resend', status: 'succeeded', event_type: 'custom.graphql_log', attempts: [{ response_status: 200 }] },
        { trigger: 'event', status: 'succeeded', event_type: 'custom.graphql_log', attempts: [{ response_status: 200 }] },
      ],
      meta: { total: 2 },
    });
    const ping = await graphqlData<{ ping_webhook_endpoint: { response_status: number; error: null } }>(api, 'mutation($id: String!) { ping_webhook_endpoint(id: $id) { response_status error } }', { id: endpoint.id });
    expect(ping.ping_webhook_endpoint).toEqual({ response_status: 200, error: null });
    expect(receiver.received).toHaveLength(3);
  });

  it('keeps deliveries to itself: another tenant’s deliveries are 404, reading them needs webhooks:read', async () => {
    const receiver = await startReceiver();
    const endpoint = await createEndpoint(api, { url: receiver.url, event_types: ['custom.private'] });
    await publish(api, 'custom.private', {});
    const [delivery] = await settledDeliveries(api, endpoint.id, 1);
    const stranger = await eventsAccount();
    for (const path of [`/v1/events/webhook-deliveries/${delivery?.id}`, `/v1/events/webhook-endpoints/${endpoint.id}/deliveries`, '/v1/events/webhook-deliveries/wd_unknown']) {
      const response = await stranger.sandbox.get(path);
      expect(response.status, path).toBe(404);
      expect((await problemOf(response)).code).toBe('not_found');
    }
    const writer = await sandboxClientWithScope(account, 'webhooks:write');
    const refused = await writer.get(`/v1/events/webhook-deliveries/${delivery?.id}`);
    expect(refused.status).toBe(403);
    expect(await problemOf(refused)).toMatchObject({ code: 'insufficient_scope', required_scope: 'webhooks:read' });
  });

  it('a sandbox reset deletes the tenant’s events, endpoints and deliveries, and nothing of production', async () => {
    const fresh = await eventsAccount(['events:read', 'events:write', 'webhooks:read', 'webhooks:write', 'tenants:read', 'tenants:write']);
    const receiver = await startReceiver();
    const endpoint = await createEndpoint(fresh.sandbox, { url: receiver.url, event_types: ['custom.reset'] });
    await publish(fresh.sandbox, 'custom.reset', {});
    await settledDeliveries(fresh.sandbox, endpoint.id, 1);
    const kept = await publish(fresh.api, 'custom.reset', {});
    await json(await fresh.sandbox.send('POST', '/v1/tenants/current/reset', {}));
    expect((await json<List<unknown>>(await fresh.sandbox.get('/v1/events'))).meta.total).toBe(0);
    expect((await json<List<unknown>>(await fresh.sandbox.get('/v1/events/webhook-endpoints'))).meta.total).toBe(0);
    expect((await fresh.sandbox.get(`/v1/events/webhook-endpoints/${endpoint.id}/deliveries`)).status).toBe(404);
    expect((await json<List<EventRecord>>(await fresh.api.get('/v1/events'))).data.map((event) => event.id)).toEqual([kept.id]);
  });
});
