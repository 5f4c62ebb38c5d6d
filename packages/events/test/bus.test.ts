import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import { createLogger } from '@platform/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBus } from '../src/bus.ts';
import type { EventEnvelope } from '../src/envelope.ts';
import { type BusHarness, type Receiver, emitCommitted, eventually, startBus, startReceiver } from './support.ts';

const source = { type: 'api' as const, credential_id: 'cli_test', request_id: 'req_test' };

describe('event bus: outbox, signed delivery, retries', () => {
  let harness: BusHarness;
  let receiver: Receiver;

  beforeAll(async () => {
    harness = await startBus();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await harness?.stop();
  });

  /** Emits one event in its own committed transaction, as a domain change does. */
  const emit = (type: string, data: unknown = { id: 'ord_1' }) => emitCommitted(harness, { type, data, resource: { type: 'order', id: 'ord_1' }, source });
  const deliveriesOf = (eventId: string) => harness.prisma.webhookDelivery.findMany({ where: { tenant_id: harness.tenantId, event_id: eventId }, include: { attempts: { orderBy: { attempted_at: 'asc' } } } });
  const receivedFor = (eventId: string) => receiver.received.filter((request) => request.headers['webhook-id'] === eventId);

  it('delivers a committed event, signed per Standard Webhooks, which the receiver verifies with the standardwebhooks package', async () => {
    const { secret } = await harness.endpoint(receiver.url, ['order.created']);
    const event = await emit('order.created', { id: 'ord_1', number: 'SO-000001' });
    const [request] = await eventually(() => (receivedFor(event.id).length > 0 ? receivedFor(event.id) : undefined));
    const payload = new Webhook(secret).verify(request?.body ?? '', request?.headers as Record<string, string>) as EventEnvelope;
    expect(payload).toEqual({ id: event.id, type: 'order.created', tenant_id: harness.tenantId, occurred_at: event.occurred_at, data: { id: 'ord_1', number: 'SO-000001' }, resource: { type: 'order', id: 'ord_1' }, source: { ...source, workflow_run_id: null, chain_depth: null } });
    expect(request?.headers['content-type']).toBe('application/json');
    expect(Math.abs(Number(request?.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    // A tampered body or another secret fails verification.
    expect(() => new Webhook(secret).verify(`${request?.body} `, request?.headers as Record<string, string>)).toThrow();
    const [delivery] = await eventually(async () => {
      const deliveries = await deliveriesOf(event.id);
      return deliveries[0]?.status === 'succeeded' ? deliveries : undefined;
    });
    expect(delivery?.attempts).toHaveLength(1);
    expect(delivery?.attempts[0]).toMatchObject({ response_status: 200, response_excerpt: 'answered 200', error: null });
  });

  it('emits nothing for a change that rolls back', async () => {
    await harness.endpoint(receiver.url, ['custom.rollback']);
    await expect(
      harness.prisma.$transaction(async (tx) => {
        await harness.bus.emit(tx, harness.tenantId, { type: 'custom.rollback', data: { n: 1 }, source });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const committed = await emit('custom.rollback', { n: 2 });
    await eventually(() => (receivedFor(committed.id).length > 0 ? true : undefined));
    await sleep(1500);
    const types = receiver.received.map((request) => JSON.parse(request.body) as EventEnvelope).filter((payload) => payload.type === 'custom.rollback');
    expect(types.map((payload) => payload.data)).toEqual([{ n: 2 }]);
    expect(await harness.prisma.event.count({ where: { tenant_id: harness.tenantId, type: 'custom.rollback' } })).toBe(1);
  });

  it('retries a failed delivery after the scheduled delays, with the same webhook-id, until it succeeds', async () => {
    await harness.endpoint(receiver.url, ['custom.retry']);
    receiver.respondWith(500, 503);
    const event = await emit('custom.retry');
    const requests = await eventually(() => (receivedFor(event.id).length >= 3 ? receivedFor(event.id) : undefined));
    expect(requests).toHaveLength(3);
    // Schedule [1, 1]: each retry at least a second after the attempt before.
    expect((requests[1]?.at ?? 0) - (requests[0]?.at ?? 0)).toBeGreaterThanOrEqual(900);
    expect((requests[2]?.at ?? 0) - (requests[1]?.at ?? 0)).toBeGreaterThanOrEqual(900);
    const [delivery] = await eventually(async () => {
      const deliveries = await deliveriesOf(event.id);
      return deliveries[0]?.status === 'succeeded' ? deliveries : undefined;
    });
    expect(delivery?.attempts.map((attempt) => attempt.response_status)).toEqual([500, 503, 200]);
    expect(delivery?.attempt_count).toBe(3);
  });

  it('gives up after the last scheduled attempt, failing the delivery and disabling the endpoint with the reason', async () => {
    const { id } = await harness.endpoint(receiver.url, ['custom.failing']);
    receiver.respondWith(500, 500, 500);
    const event = await emit('custom.failing');
    const endpoint = await eventually(async () => {
      const row = await harness.prisma.webhookEndpoint.findUniqueOrThrow({ where: { tenant_id_id: { tenant_id: harness.tenantId, id } } });
      return row.status === 'disabled' ? row : undefined;
    });
    expect(endpoint.disabled_reason).toBe('Deliveries kept failing for 3 attempts (last: HTTP 500).');
    const [delivery] = await deliveriesOf(event.id);
    expect(delivery).toMatchObject({ status: 'failed', attempt_count: 3, failure_reason: 'gave up after 3 attempts; last: HTTP 500' });
    expect(receivedFor(event.id)).toHaveLength(3);
  });

  it('disables an endpoint that answers 410 Gone at once, without retrying', async () => {
    const { id } = await harness.endpoint(receiver.url, ['custom.gone']);
    receiver.respondWith(410);
    const event = await emit('custom.gone');
    const endpoint = await eventually(async () => {
      const row = await harness.prisma.webhookEndpoint.findUniqueOrThrow({ where: { tenant_id_id: { tenant_id: harness.tenantId, id } } });
      return row.status === 'disabled' ? row : undefined;
    });
    expect(endpoint.disabled_reason).toBe('The endpoint answered 410 Gone.');
    await sleep(1500);
    expect(receivedFor(event.id)).toHaveLength(1);
    expect((await deliveriesOf(event.id))[0]).toMatchObject({ status: 'failed', failure_reason: 'the endpoint answered 410 Gone' });
  });

  it('redelivers an event as a new delivery with the same webhook-id, so receivers can deduplicate', async () => {
    const { id } = await harness.endpoint(receiver.url, ['custom.resend']);
    const event = await emit('custom.resend');
    await eventually(() => (receivedFor(event.id).length === 1 ? true : undefined));
    await harness.bus.redeliver(harness.tenantId, id, [{ id: event.id }], 'resend');
    const requests = await eventually(() => (receivedFor(event.id).length === 2 ? receivedFor(event.id) : undefined));
    expect(requests[1]?.body).toBe(requests[0]?.body);
    const deliveries = await deliveriesOf(event.id);
    expect(deliveries.map((delivery) => delivery.trigger).sort()).toEqual(['event', 'resend']);
  });

  it('signs with both secrets during a rotation, so a receiver with either verifies', async () => {
    const { id, secret: oldSecret } = await harness.endpoint(receiver.url, ['custom.rotation']);
    const { generateSigningSecret } = await import('../src/webhooks/signing.ts');
    const newSecret = generateSigningSecret();
    await harness.prisma.webhookEndpoint.update({
      where: { tenant_id_id: { tenant_id: harness.tenantId, id } },
      data: { secret_ciphertext: harness.secrets.seal(newSecret), previous_secret_ciphertext: harness.secrets.seal(oldSecret), previous_secret_expires_at: new Date(Date.now() + 3_600_000) },
    });
    const event = await emit('custom.rotation');
    const [request] = await eventually(() => (receivedFor(event.id).length > 0 ? receivedFor(event.id) : undefined));
    expect(String(request?.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [oldSecret, newSecret]) expect(new Webhook(secret).verify(request?.body ?? '', request?.headers as Record<string, string>)).toMatchObject({ id: event.id });
  });

  it('dispatches an event whose transaction never woke the dispatch (committed by another instance, or by one that died): the outbox is polled', async () => {
    await harness.endpoint(receiver.url, ['custom.unwoken']);
    // Committed without `committed(tx)`: nothing wakes this instance's dispatch.
    const event = await harness.prisma.$transaction((tx) => harness.bus.emit(tx, harness.tenantId, { type: 'custom.unwoken', data: { n: 1 }, source }));
    await eventually(() => (receivedFor(event.id).length > 0 ? true : undefined), 5_000);
    expect(await harness.prisma.eventOutboxEntry.count({ where: { tenant_id: harness.tenantId, event_id: event.id } })).toBe(0);
  });

  it('dispatches each event once when two instances drain the same outbox side by side', async () => {
    await harness.endpoint(receiver.url, ['custom.shared']);
    const other = new EventBus({ prisma: harness.prisma, queue: harness.queue, live: harness.live, secrets: harness.secrets, urlPolicy: { allowedPrivateNetworks: ['127.0.0.0/8'] }, logger: createLogger('silent') });
    await other.startWorkers();
    try {
      const events = await Promise.all(
        // Every other event through each instance: each wakes its own dispatch, which drains the whole outbox.
        Array.from({ length: 60 }, (_, n) => emitCommitted(harness, { type: 'custom.shared', data: { n }, source }, { bus: n % 2 === 0 ? harness.bus : other })),
      );
      await eventually(() => (events.every((event) => receivedFor(event.id).length > 0) ? true : undefined));
      await sleep(1500);
      expect(events.map((event) => receivedFor(event.id).length)).toEqual(events.map(() => 1));
      const deliveries = await harness.prisma.webhookDelivery.groupBy({ by: ['event_id'], where: { tenant_id: harness.tenantId, event_id: { in: events.map((event) => event.id) } }, _count: true });
      expect(deliveries.map((row) => row._count)).toEqual(events.map(() => 1));
    } finally {
      await other.stop();
    }
  });

  it('publishes every dispatched event to live subscribers of its tenant', async () => {
    const iterator = harness.live.subscribe(harness.tenantId)[Symbol.asyncIterator]();
    const next = iterator.next();
    const event = await emit('custom.live');
    const received = await Promise.race([next, sleep(10_000).then(() => undefined)]);
    expect(received?.value).toMatchObject({ id: event.id, type: 'custom.live', tenant_id: harness.tenantId });
    await iterator.return?.();
  });
});

describe('event bus: consumers of the dispatch', () => {
  const consumed: string[][] = [];
  let woken = 0;
  let harness: BusHarness;

  beforeAll(async () => {
    // A consumer of every type, as the workflows' triggers are, which has work only for some events.
    harness = await startBus({
      dispatchConsumers: [
        {
          takes: () => true,
          consume: async (_tx, events) => {
            consumed.push(events.map((event) => event.type));
            return events.some((event) => event.type === 'custom.work');
          },
          committed: () => {
            woken += 1;
          },
        },
      ],
    });
  });
  afterAll(async () => {
    await harness?.stop();
  });

  it('wakes a consumer’s workers only after a dispatch it gave work to', async () => {
    await emitCommitted(harness, { type: 'custom.nothing', data: {}, source });
    await eventually(() => (consumed.flat().includes('custom.nothing') ? true : undefined));
    await sleep(200);
    expect(woken).toBe(0);
    await emitCommitted(harness, { type: 'custom.work', data: {}, source });
    await eventually(() => (woken === 1 ? true : undefined));
    expect(consumed.flat()).toEqual(['custom.nothing', 'custom.work']);
  });
});
