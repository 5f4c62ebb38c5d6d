import cluster from 'node:cluster';

/**
 * Messages between the worker processes of one machine (node:cluster), relayed by the primary:
 * what every worker must hear about at once without Redis (live events, revoked tokens).
 */
export interface ClusterChannel {
  /** To every other worker. */
  publish(topic: string, data: unknown): void;
  subscribe(topic: string, listener: (data: unknown) => void): void;
}

/** The IPC messages of the platform's processes; other modules' (rate-limiter-flexible's) pass by. */
export type ClusterMessage =
  | { platform: 'broadcast'; topic: string; data: unknown }
  /** A worker serves at `url`. */
  | { platform: 'ready'; url: string };

export function isClusterMessage(message: unknown): message is ClusterMessage {
  return typeof message === 'object' && message !== null && 'platform' in message;
}

/** The channel of this worker process. */
export function workerChannel(): ClusterChannel {
  if (!cluster.isWorker || !process.send) throw new Error('workerChannel() is for a node:cluster worker');
  const listeners = new Map<string, Array<(data: unknown) => void>>();
  process.on('message', (message: unknown) => {
    if (!isClusterMessage(message) || message.platform !== 'broadcast') return;
    for (const listener of listeners.get(message.topic) ?? []) listener(message.data);
  });
  return {
    publish: (topic, data) => process.send?.({ platform: 'broadcast', topic, data } satisfies ClusterMessage),
    subscribe: (topic, listener) => listeners.set(topic, [...(listeners.get(topic) ?? []), listener]),
  };
}

/** In the primary: every broadcast of a worker goes to every other worker. */
export function relayBroadcasts(): void {
  cluster.on('message', (sender, message: unknown) => {
    if (!isClusterMessage(message) || message.platform !== 'broadcast') return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker && worker !== sender && worker.isConnected()) worker.send(message);
    }
  });
}
