import type { Prisma } from '@platform/db';
import type { Event } from '@platform/db';
import { createTenantPair } from '@platform/subgraph-identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BusHarness, type Receiver, type SilentReceiver, eventually, startBus, startReceiver, startSilentReceiver } from './support.ts';

/**
 * Fair delivery: one endpoint with thousands of deliveries pending to a receiver that never
 * answers (each attempt waits the whole delivery timeout) must not hold up the deliveries of other
 * endpoints, of another tenant or of the same one. Before deliveries were ranked per endpoint,
 * the queue was first in, first out: the other endpoints waited for the whole backlog
 * (2,000 × 1 s / 20 concurrent attempts = 100 s).
 */

const BACKLOG = 2000;
const TIMEOUT_MS = 1000;
/** Generous next to one delivery timeout; far below the time the backlog takes to drain. */
const PROMPTLY_MS = 10_000;
const source = { type: 'platform' as const };

describe('fair delivery across endpoints and tenants', () => {
  let harness: BusHarness;
  let slow: SilentReceiver;
  let fast: Receiver;

  beforeAll(async () => {
    harness = await startBus({ deliveryTimeoutMs: TIMEOUT_MS, retryScheduleSeconds: [1, 300] });
    slow = await startSilentReceiver();
    fast = await startReceiver();
  });
  afterAll(async () => {
    await slow?.close();
    await fast?.close();
    await harness?.stop();
  });

  async function emit(tenantId: string, type: string): Promise<{ id: string; at: number }> {
    const at = Date.now();
    let transaction: Prisma.TransactionClient | undefined;
    const event = await harness.prisma.$transaction((tx) => {
      transaction = tx;
      return harness.bus.emit(tx, tenantId, { type, data: { n: 1 }, source });
    });
    if (transaction) harness.bus.committed(transaction);
    return { id: event.id, at };
  }
  const receivedAt = (eventId: string) => fast.received.find((request) => request.headers['webhook-id'] === eventId)?.at;

  it(`delivers to other endpoints promptly while one endpoint has ${BACKLOG} deliveries pending that time out`, async () => {
    const { id: slowEndpoint } = await harness.endpoint(slow.url, ['custom.flood']);
    const { production: otherTenant } = await createTenantPair(harness.prisma, { name: 'Other', plan: 'enterprise' });
    await harness.endpoint(fast.url, ['custom.signal']);
    await harness.endpoint(fast.url, ['custom.signal'], otherTenant.id);

    // The backlog: a replay of 2,000 events to the slow endpoint.
    const events: Array<Pick<Event, 'id'>> = Array.from({ length: BACKLOG }, (_, index) => ({ id: `evt_flood_${index}` }));
    await harness.prisma.event.createMany({ data: events.map(({ id }) => ({ tenant_id: harness.tenantId, id, type: 'custom.flood', data: {}, source })) });
    await harness.bus.redeliver(harness.tenantId, slowEndpoint, events, 'replay');
    // Every delivery slot is now waiting on the slow receiver.
    await eventually(() => (slow.requests() >= 10 ? true : undefined));

    const latencies: number[] = [];
    for (let round = 0; round < 3; round++) {
      const sameTenant = await emit(harness.tenantId, 'custom.signal');
      const otherTenantEvent = await emit(otherTenant.id, 'custom.signal');
      for (const event of [sameTenant, otherTenantEvent]) {
        const at = await eventually(() => receivedAt(event.id), PROMPTLY_MS);
        latencies.push(at - event.at);
      }
    }
    process.stdout.write(`fair delivery: ${latencies.length} deliveries beside a backlog of ${BACKLOG} timing out, received after ${latencies.join(', ')} ms\n`);

    // The slow endpoint's attempts timed out, each bounded by the timeout, and their retries are scheduled per the schedule.
    const timedOut = await eventually(async () => {
      const deliveries = await harness.prisma.webhookDelivery.findMany({ where: { tenant_id: harness.tenantId, endpoint_id: slowEndpoint, attempt_count: { gt: 0 } }, include: { attempts: true }, take: 5 });
      return deliveries.length > 0 ? deliveries : undefined;
    });
    for (const delivery of timedOut) {
      expect(delivery.status).toBe('pending');
      const [attempt] = delivery.attempts;
      expect(attempt).toMatchObject({ response_status: null, error: `no response within ${TIMEOUT_MS} ms` });
      expect(attempt?.duration_ms).toBeLessThan(TIMEOUT_MS + 2000);
      expect((delivery.next_attempt_at?.getTime() ?? 0) - (attempt?.attempted_at.getTime() ?? 0)).toBe(1000);
    }
  });
});
