import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { Repeater, SlidingBuffer, createPubSub } from '@graphql-yoga/subscription';
import { Redis } from 'ioredis';
import type { EventEnvelope } from './envelope.ts';

/**
 * Live fan-out of events to GraphQL subscribers. In one process an in-memory bus; with
 * `REDIS_URL`, Redis pub/sub, so a subscriber on any instance receives the events every instance
 * dispatches. Live delivery is best effort (a subscriber that is not connected misses events; the
 * event log and webhooks are the durable paths). Each subscriber has a bounded buffer: one that
 * falls more than LIVE_BUFFER_EVENTS behind loses the oldest events rather than holding the
 * process's memory (or, unbounded, crashing it).
 */
export interface LiveBus {
  publish(event: EventEnvelope): void;
  subscribe(tenantId: string): AsyncIterable<EventEnvelope>;
  close(): Promise<void>;
}

export const LIVE_BUFFER_EVENTS = 1000;

export function createLiveBus(options: { redisUrl?: string }): LiveBus {
  const clients = options.redisUrl ? [new Redis(options.redisUrl, { lazyConnect: false }), new Redis(options.redisUrl, { lazyConnect: false })] : [];
  const eventTarget = clients.length === 2 ? createRedisEventTarget({ publishClient: clients[0] as Redis, subscribeClient: clients[1] as Redis }) : undefined;
  const pubsub = createPubSub<{ 'tenant-events': [tenantId: string, event: EventEnvelope] }>(eventTarget ? { eventTarget } : {});
  return {
    publish: (event) => pubsub.publish('tenant-events', event.tenant_id, event),
    subscribe: (tenantId) =>
      new Repeater<EventEnvelope>(async (push, stop) => {
        const source = pubsub.subscribe('tenant-events', tenantId)[Symbol.asyncIterator]();
        void stop.then(() => source.return?.());
        // Drained eagerly into the sliding buffer: pushes are not awaited, so a slow reader never backs up the bus.
        for (let next = await source.next(); !next.done; next = await source.next()) void push(next.value);
      }, new SlidingBuffer(LIVE_BUFFER_EVENTS)),
    close: async () => {
      await Promise.all(clients.map((client) => client.quit().catch(() => undefined)));
    },
  };
}
