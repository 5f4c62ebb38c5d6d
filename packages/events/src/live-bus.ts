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

/** A message channel to the other processes of one machine (node:cluster IPC through the primary). */
export interface LiveRelay {
  /** To every other process. */
  send(message: LiveMessage): void;
  onMessage(listener: (message: LiveMessage) => void): void;
}

export interface LiveMessage {
  channel: string;
  message: string;
}

/**
 * With `redisUrl`, events reach subscribers on every instance through Redis; else, with `relay`,
 * on every process of the machine; else in this process only.
 */
export function createLiveBus(options: { redisUrl?: string; relay?: LiveRelay }): LiveBus {
  const redis = options.redisUrl ? connectRedis(options.redisUrl) : undefined;
  const eventTarget = redis ? createRedisEventTarget(redis) : options.relay ? createRedisEventTarget(relayClients(options.relay)) : undefined;
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
      await redis?.close();
    },
  };
}

/**
 * The two Redis connections of the fan-out, made to ride out a Redis outage of any length.
 * `createRedisEventTarget` ignores the promises of the commands it sends, so a failed one would be
 * an unhandled rejection, which ends the process (ioredis fails queued commands after 20
 * reconnection attempts, about 11 s into an outage): every command's failure is caught here.
 * While Redis is unreachable an event is not published (live delivery is best effort; the event
 * log and webhooks have it) rather than queued, so an outage cannot fill memory; a subscription
 * waits for the connection, and ioredis subscribes every channel again when it reconnects.
 */
function connectRedis(redisUrl: string) {
  const publisher = new Redis(redisUrl, { enableOfflineQueue: false });
  const subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const clients = [publisher, subscriber];
  // Both reconnect by themselves; the rate limiter, on the same Redis, logs the outage.
  for (const client of clients) client.on('error', () => {});
  const failureIgnored = () => undefined;
  const publishClient = { publish: (channel: string, message: string) => publisher.publish(channel, message).catch(failureIgnored) };
  const subscribeClient = {
    on: (event: 'message', listener: (channel: string, message: string) => void) => subscriber.on(event, listener),
    subscribe: (channel: string) => subscriber.subscribe(channel).catch(failureIgnored),
    unsubscribe: (channel: string) => subscriber.unsubscribe(channel).catch(failureIgnored),
  };
  return {
    publishClient: publishClient as unknown as Redis,
    subscribeClient: subscribeClient as unknown as Redis,
    // quit() waits for a connection that may never come back: only a connected client says goodbye.
    close: () => Promise.all(clients.map((client) => (client.status === 'ready' ? client.quit().catch(() => client.disconnect()) : client.disconnect()))),
  };
}

/**
 * The relay in the shape of the two Redis clients the Redis event target takes: a publication is
 * delivered to this process's subscribers (as Redis would echo it) and sent to the others.
 */
function relayClients(relay: LiveRelay) {
  const listeners: Array<(channel: string, message: string) => void> = [];
  const deliver = ({ channel, message }: LiveMessage) => {
    for (const listener of listeners) listener(channel, message);
  };
  relay.onMessage(deliver);
  return {
    publishClient: {
      publish: (channel: string, message: string) => {
        queueMicrotask(() => deliver({ channel, message }));
        relay.send({ channel, message });
      },
    } as unknown as Redis,
    subscribeClient: {
      on: (_event: 'message', listener: (channel: string, message: string) => void) => listeners.push(listener),
      subscribe: () => {},
      unsubscribe: () => {},
    } as unknown as Redis,
  };
}
