import type { Prisma } from '@platform/db';

/** A delivery just created or rescheduled, whose job is about to be queued. */
export interface QueuedDelivery {
  tenant_id: string;
  id: string;
  endpoint_id: string;
}

/** The lowest priority PostgreSQL's integer holds (pg-boss stores priorities as `integer`). */
const LOWEST_PRIORITY = -2_147_483_648;

/**
 * The pg-boss priority of each delivery's job, for a fair delivery order. Jobs are fetched highest
 * priority first, then oldest first; a job's priority is minus the number of its endpoint's
 * pending deliveries ahead of it. So every endpoint's first pending delivery is attempted before
 * any endpoint's second, its second before any third, and so on: round-robin over endpoints, and
 * so over tenants (each holding at most its quota of endpoints). An endpoint with a backlog (a
 * slow or failing receiver, a replay of 10,000 events) keeps its place in the round but can no
 * longer make another wait for the backlog: another endpoint's delivery waits at most for one
 * delivery slot to free. Deliveries to one endpoint carry no order guarantee (see the docs).
 *
 * Call within the transaction that created (or rescheduled) the deliveries, after doing so: the
 * count of pending deliveries includes them.
 */
export async function fairPriorities(tx: Prisma.TransactionClient, deliveries: QueuedDelivery[]): Promise<Map<string, number>> {
  const priorities = new Map<string, number>();
  if (deliveries.length === 0) return priorities;
  const keyOf = (delivery: { tenant_id: string; endpoint_id: string }) => `${delivery.tenant_id}/${delivery.endpoint_id}`;
  const pending = await tx.webhookDelivery.groupBy({
    by: ['tenant_id', 'endpoint_id'],
    where: { status: 'pending', tenant_id: { in: [...new Set(deliveries.map((delivery) => delivery.tenant_id))] }, endpoint_id: { in: [...new Set(deliveries.map((delivery) => delivery.endpoint_id))] } },
    _count: { _all: true },
  });
  const pendingByEndpoint = new Map(pending.map((row) => [keyOf(row), row._count._all]));
  const queuedByEndpoint = new Map<string, number>();
  for (const delivery of deliveries) queuedByEndpoint.set(keyOf(delivery), (queuedByEndpoint.get(keyOf(delivery)) ?? 0) + 1);
  // The endpoint's deliveries queued now take the last places of its pending ones, in the order given.
  const placeByEndpoint = new Map<string, number>();
  for (const delivery of deliveries) {
    const key = keyOf(delivery);
    const ahead = Math.max(0, (pendingByEndpoint.get(key) ?? 0) - (queuedByEndpoint.get(key) ?? 0)) + (placeByEndpoint.get(key) ?? 0);
    placeByEndpoint.set(key, (placeByEndpoint.get(key) ?? 0) + 1);
    priorities.set(delivery.id, Math.max(LOWEST_PRIORITY, -ahead));
  }
  return priorities;
}
