import type { Logger, PlatformConfig } from '@platform/config';
import { type PrismaClient, databaseTimeouts } from '@platform/db';
import { type DispatchConsumer, EVENT_QUEUES, EventBus, type JobQueue, type LiveBus, type LiveMessage, type SecretBox, checkEndpointUrl, createLiveBus, createSecretBox, deliveryRunSeconds, startJobQueue } from '@platform/events';
import type { EventsPort } from '@platform/graphql-kit';
import type { ClusterChannel } from './cluster/channel.ts';
import type { PlatformMetrics } from './observability/metrics.ts';

const LIVE_TOPIC = 'events.live';

export interface PlatformEvents {
  /** What resolvers use (`context.platform.events`). */
  port: EventsPort;
  bus: EventBus;
  /** The job queue in the platform's database, which other domains' jobs share (sync runs). */
  queue: JobQueue;
  /** Seals and opens the secrets the platform must read back (webhook signing secrets, connector credentials). */
  secrets: SecretBox;
  /** Live events for GraphQL subscriptions. */
  live: LiveBus;
  stop(): Promise<void>;
}

/**
 * The event bus of this instance: the job queue in the platform's database, its dispatch and
 * delivery workers, the live fan-out (Redis with `REDIS_URL`, else the machine's other workers
 * through `cluster`), and the secrets key that seals
 * webhook signing secrets.
 */
export async function startPlatformEvents(options: {
  config: PlatformConfig;
  databaseUrl: string;
  prisma: PrismaClient;
  logger: Logger;
  /** The platform's secrets key (`SECRETS_KEY` or the data folder's key file). */
  secretsKey: Buffer;
  cluster?: ClusterChannel;
  /** Other domains' queues on the same job queue, each with the longest a job of it may run. */
  otherQueues?: Record<string, number>;
  /** Other domains' code run in the dispatch of the events they take (registered before the dispatch starts). */
  dispatchConsumers?: DispatchConsumer[];
  /** This process dispatches events and delivers webhooks (the `jobs` role); else it only emits and relays them live. */
  workers: boolean;
  /** Observes the jobs and webhook deliveries, and reads the queue depths when scraped. */
  metrics: PlatformMetrics;
}): Promise<PlatformEvents> {
  const { config, prisma } = options;
  const logger = options.logger.child({ component: 'events' });
  const secrets = createSecretBox(options.secretsKey);
  const queue = await startJobQueue({
    databaseUrl: options.databaseUrl,
    logger,
    queues: [...EVENT_QUEUES, ...Object.keys(options.otherQueues ?? {})],
    recoverySeconds: config.jobRecoverySeconds,
    runSeconds: { ...deliveryRunSeconds(config.webhookTimeoutSeconds), ...options.otherQueues },
    pollingIntervalSeconds: 1,
    timeouts: databaseTimeouts(config),
    observer: options.metrics,
  });
  options.metrics.watchJobQueue(queue);
  // Without Redis, the workers of the machine relay live events to each other.
  const relay = options.cluster && {
    send: (message: LiveMessage) => options.cluster?.publish(LIVE_TOPIC, message),
    onMessage: (listener: (message: LiveMessage) => void) => options.cluster?.subscribe(LIVE_TOPIC, (message) => listener(message as LiveMessage)),
  };
  const live = createLiveBus({ redisUrl: config.redisUrl, relay });
  const urlPolicy = { allowedPrivateNetworks: config.webhookAllowedPrivateNetworks };
  const bus = new EventBus({ prisma, queue, live, secrets, urlPolicy, logger, retryScheduleSeconds: config.webhookRetrySchedule, deliveryTimeoutMs: config.webhookTimeoutSeconds * 1000, eventRetentionDays: config.eventRetentionDays, observer: options.metrics });
  for (const consumer of options.dispatchConsumers ?? []) bus.onDispatch(consumer);
  if (options.workers) await bus.startWorkers();
  const port: EventsPort = {
    emit: (tx, tenantId, event, source) => bus.emit(tx, tenantId, { ...event, source }),
    sealSecret: (secret) => secrets.seal(secret),
    maxWebhookEndpoints: config.webhookEndpointsPerTenant,
    checkEndpointUrl: async (tenantId, url) => {
      // Like Stripe's live mode, production tenants need HTTPS; sandbox tenants may use HTTP.
      const { environment } = await prisma.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { environment: true } });
      const verdict = await checkEndpointUrl(url, { ...urlPolicy, requireHttps: environment === 'production' });
      return verdict.ok ? { ok: true } : verdict;
    },
    redeliver: (tenantId, endpointId, eventIds, trigger) => bus.redeliver(tenantId, endpointId, eventIds.map((id) => ({ id })), trigger),
    ping: async (tenantId, endpointId) => {
      const outcome = await bus.ping(tenantId, endpointId);
      if (!outcome) throw new Error(`no webhook endpoint ${endpointId} in tenant ${tenantId}`);
      return { response_status: outcome.status, duration_ms: outcome.durationMs, response_excerpt: outcome.excerpt, error: outcome.error };
    },
  };
  return {
    port,
    bus,
    queue,
    secrets,
    live,
    stop: async () => {
      await bus.stop();
      await queue.stop();
      await live.close();
    },
  };
}
