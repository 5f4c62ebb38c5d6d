import { hkdfSync } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createTokenIssuer, createTokenVerifier, serviceTokens } from '@platform/auth';
import { type PlatformConfig, createLogger, loadConfig } from '@platform/config';
import { type PrismaClient, createPrismaClient, databaseReachable, databaseTimeouts, migrateDatabase, openDatabase } from '@platform/db';
import { AuditChainer, AuditRecorder } from '@platform/audit';
import { loadSecretsKey } from '@platform/events';
import { createRateLimiter } from '@platform/rate-limit';
import type { AiPort, PlatformOperationExecutor } from '@platform/graphql-kit';
import { createMailer, loadSigningKeys } from '@platform/subgraph-identity';
import { DEFAULT_OUTBOUND_HTTP, PAGE_ALLOWANCE_SECONDS, SYNC_QUEUE, SyncEngine, createOutboundHttp, pushRequestConsumer } from '@platform/subgraph-integrations';
import { WORKFLOW_RUN_QUEUE, WORKFLOW_RUN_SECONDS, WORKFLOW_TRIGGER_QUEUE, WorkflowEngine } from '@platform/subgraph-workflows';
import { AI_TASK_QUEUE, AI_TASK_STEP_SECONDS, TaskEngine, closeExtraction } from '@platform/subgraph-ai';
import { BULK_EXPORT_QUEUE, BULK_EXPORT_SECONDS, BULK_MUTATION_QUEUE, BULK_MUTATION_SECONDS, BulkExportEngine, BulkMutationEngine, downloadLinkKey } from '@platform/subgraph-bulk';
import { isInputObjectType } from 'graphql';
import { REST_BASE_PATH, createEdge } from './edge/edge.ts';
import { isConnectorUpload } from './edge/plugins/use-connector-uploads.ts';
import { isBulkUpload } from './edge/plugins/use-bulk-uploads.ts';
import type { ClusterChannel } from './cluster/channel.ts';
import { createHttpListener } from './edge/http-listener.ts';
import { changeRecorder, subgraphPlatform } from './edge/subgraph-context.ts';
import { routeRequests, subgraphPlacement } from './fleet/roles.ts';
import { serveSubgraphs } from './fleet/subgraph-service.ts';
import type { SignInSettings } from './edge/plugins/use-sign-in.ts';
import { PlatformMetrics } from './observability/metrics.ts';
import { startTracing } from './observability/tracing.ts';
import { type ReportUnexpectedError, unexpectedErrorReporter } from './observability/unexpected-errors.ts';
import { startPlatformEvents } from './event-bus.ts';
import { rememberVerifiedTokens } from './edge/verified-tokens.ts';
import { type DemoSeed, seedDemoIfEmpty } from './seed/demo.ts';
import { subgraphs } from './supergraph/subgraphs.ts';
import { createSupergraph } from './supergraph/supergraph.ts';

export interface Platform {
  /** Base URL of the running platform, e.g. http://127.0.0.1:4000 */
  url: string;
  config: PlatformConfig;
  /** Connection URL of the platform's database (embedded or external). */
  databaseUrl: string;
  prisma: PrismaClient;
  /** Set when this start seeded an empty database with the demo account. */
  demo: DemoSeed | undefined;
  /** Reports a failure no request owns (logged with its cause, counted): see main.ts. */
  reportUnexpected: ReportUnexpectedError;
  stop(): Promise<void>;
}

export interface PlatformHooks {
  /** Every SQL statement the platform sends (diagnostics and tests: counting queries). */
  onDatabaseQuery?: (sql: string) => void;
  /**
   * This process is one worker of several on the machine (`WORKERS`): without Redis, rate-limit
   * counters are kept by the primary and live events and token revocations reach the other
   * workers through this channel.
   */
  cluster?: ClusterChannel;
  /** The time workflow schedules and the copilot's relative dates read (tests: a controllable clock; default the machine's). */
  clock?: () => Date;
}

/**
 * Starts the whole platform in this process: PostgreSQL (embedded unless DATABASE_URL), migrations,
 * the supergraph over in-process subgraphs, and the edge on one HTTP port. From the moment the
 * port opens every request is answered: 503 `service_unavailable` until the edge is ready (and
 * again while stopping), `/healthz` always, `/readyz` once serving with a reachable database.
 */
export async function startPlatform(overrides: Partial<PlatformConfig> = {}, environment: NodeJS.ProcessEnv = process.env, hooks: PlatformHooks = {}): Promise<Platform> {
  const config = loadConfig(environment, overrides);
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, log: (message, level = 'debug') => logger[level]({ component: 'postgres' }, message) });
  const cleanups: Array<() => Promise<unknown>> = [() => database.stop()];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    // Flushed next to last (cleanups run in reverse): the spans of the whole stop are exported.
    const tracing = await startTracing(config.tracing, logger);
    if (tracing) cleanups.push(() => tracing.flush());
    const placement = await subgraphPlacement(config, environment, logger);
    await migrateDatabase(database.url, (message) => logger.debug({ component: 'migrate' }, message));
    const prisma = createPrismaClient(database.url, { onQuery: hooks.onDatabaseQuery, timeouts: databaseTimeouts(config), preparedStatements: config.databasePreparedStatements });
    cleanups.push(() => prisma.$disconnect());
    // Closed after the server (cleanups run in reverse): every queued record is written first.
    const auditRecorder = new AuditRecorder(prisma, { logger: logger.child({ component: 'audit' }) });
    cleanups.push(() => auditRecorder.close());
    const auditChainer = new AuditChainer(prisma, { logger: logger.child({ component: 'audit-chainer' }) });
    auditChainer.start();
    cleanups.push(() => auditChainer.close());
    // Stopped after the server (cleanups run in reverse): requests in flight may still emit events.
    // With Redis, it already connects every process of every instance.
    const cluster = config.redisUrl ? undefined : hooks.cluster;
    // Pushes asked for by the event dispatch before the sync engine runs start at its first poll; workflow triggers likewise.
    let wakePushes = () => {};
    let wakeWorkflowTriggers = () => {};
    const secretsKey = await loadSecretsKey(config.secretsKey, join(config.dataDir, 'secrets.key'));
    const metrics = new PlatformMetrics();
    const events = await startPlatformEvents({
      config,
      databaseUrl: database.url,
      prisma,
      logger,
      secretsKey,
      cluster,
      otherQueues: { [SYNC_QUEUE]: config.syncSliceSeconds + PAGE_ALLOWANCE_SECONDS, [WORKFLOW_RUN_QUEUE]: WORKFLOW_RUN_SECONDS, [WORKFLOW_TRIGGER_QUEUE]: WORKFLOW_RUN_SECONDS, [AI_TASK_QUEUE]: AI_TASK_STEP_SECONDS, [BULK_EXPORT_QUEUE]: BULK_EXPORT_SECONDS, [BULK_MUTATION_QUEUE]: BULK_MUTATION_SECONDS },
      dispatchConsumers: [pushRequestConsumer(() => wakePushes()), WorkflowEngine.triggerConsumer(() => wakeWorkflowTriggers())],
      workers: config.roles.has('jobs'),
      metrics,
    });
    cleanups.push(() => events.stop());

    const reportUnexpected = unexpectedErrorReporter(logger, metrics);
    // Composed before the port opens: composition holds the event loop for a second or more (longer
    // on a busy machine), and while the port is open every request must be answered promptly.
    const supergraph = await createSupergraph(subgraphs, logger, reportUnexpected, placement);
    cleanups.push(() => supergraph.stop());
    const server = createServer();
    const listener = createHttpListener({
      server,
      logger,
      metrics,
      metricsToken: config.metricsToken,
      reportUnexpected,
      limits: {
        bodyBytes: config.maxRequestBodyBytes,
        formBodyBytes: Math.min(config.maxRequestBodyBytes, FORM_BODY_BYTES),
        requestTimeoutMs: config.requestTimeoutSeconds * 1000,
        uploadTimeoutMs: config.uploadTimeoutSeconds * 1000,
        drainTimeoutMs: config.drainTimeoutSeconds * 1000,
      },
      streamsBody: (method, path) => isConnectorUpload(REST_BASE_PATH, method, path) || isBulkUpload(REST_BASE_PATH, method, path),
      // On a connection of its own: a busy pool does not make the instance look unready.
      ready: async () => ((await databaseReachable(database.url, READINESS_TIMEOUT_MS)) ? undefined : 'database_unavailable'),
    });
    await listen(server, config.port, config.host);
    cleanups.push(() => closeServer(server));
    // First thing on stop (cleanups run in reverse): refuse new requests, let those in flight finish.
    cleanups.push(() => listener.drain());
    const { port } = server.address() as AddressInfo;
    const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
    const publicUrl = environment.PUBLIC_URL ? config.publicUrl : `http://localhost:${port}`;

    const keys = await loadSigningKeys(prisma);
    const issuer = await createTokenIssuer(keys.active, { issuer: publicUrl, ttlSeconds: config.accessTokenTtlSeconds });
    const verifyToken = rememberVerifiedTokens(createTokenVerifier({ publicJwks: keys.publicJwks, issuer: publicUrl }));
    const rateLimiter = createRateLimiter({ redisUrl: config.redisUrl, cluster: cluster !== undefined, logger: logger.child({ component: 'rate-limit' }) });
    cleanups.push(() => rateLimiter.close());
    if (config.redisUrl && !(await rateLimiter.ready(5000))) logger.warn('Redis is not reachable: rate limits hold per instance until it is');
    const subscriptionLimits = { perConnection: config.subscriptionsPerConnection, perTenant: config.subscriptionsPerTenant };
    // The sync engine writes through the edge it serves (a connector's writes are GraphQL operations): bound once the edge exists.
    let executeAs: PlatformOperationExecutor = () => Promise.reject(new Error('the edge is not ready'));
    const syncEngine = new SyncEngine({
      prisma,
      queue: events.queue,
      secrets: events.secrets,
      http: createOutboundHttp({ ...DEFAULT_OUTBOUND_HTTP, urlPolicy: { allowedPrivateNetworks: config.webhookAllowedPrivateNetworks } }),
      events: events.port,
      committed: (tx) => events.bus.committed(tx),
      execute: (principal, operation) => executeAs(principal, operation),
      inputType: (name) => {
        const type = supergraph.schema.getType(name);
        return isInputObjectType(type) ? type : undefined;
      },
      logger: logger.child({ component: 'sync' }),
      sliceSeconds: config.syncSliceSeconds,
      maxConnectors: config.connectorsPerTenant,
      uploads: config.uploadLimits,
      leaseSeconds: config.jobRecoverySeconds,
    });
    const clock = hooks.clock ?? (() => new Date());
    const workflowEngine = new WorkflowEngine({
      prisma,
      queue: events.queue,
      secrets: events.secrets,
      events: events.port,
      committed: (tx) => events.bus.committed(tx),
      execute: (principal, operation) => executeAs(principal, operation),
      schema: supergraph.schema,
      rootFieldScopes: supergraph.scopes,
      urlPolicy: { allowedPrivateNetworks: config.webhookAllowedPrivateNetworks },
      logger: logger.child({ component: 'workflows' }),
      leaseSeconds: config.jobRecoverySeconds,
      maxWorkflows: config.workflowsPerTenant,
      schedulePollSeconds: config.workflowSchedulePollSeconds,
      clock,
    });
    const taskEngine = new TaskEngine({
      prisma,
      queue: events.queue,
      events: events.port,
      committed: (tx) => events.bus.committed(tx),
      execute: (principal, operation) => executeAs(principal, operation),
      logger: logger.child({ component: 'ai-tasks' }),
    });
    const exportDownloadKey = downloadLinkKey(secretsKey);
    const exportEngine = new BulkExportEngine({
      prisma,
      queue: events.queue,
      events: events.port,
      committed: (tx) => events.bus.committed(tx),
      execute: (principal, operation) => executeAs(principal, operation),
      schema: supergraph.schema,
      downloadKey: exportDownloadKey,
      downloadBaseUrl: `${publicUrl}${REST_BASE_PATH}/bulk/exports`,
      logger: logger.child({ component: 'bulk-exports' }),
    });
    const bulkMutationEngine = new BulkMutationEngine({
      prisma,
      queue: events.queue,
      events: events.port,
      committed: (tx) => events.bus.committed(tx),
      execute: (principal, operation) => executeAs(principal, operation),
      downloadKey: exportDownloadKey,
      resultBaseUrl: `${publicUrl}${REST_BASE_PATH}/bulk/mutations`,
      rootFieldScopes: supergraph.scopes,
      logger: logger.child({ component: 'bulk-mutations' }),
    });
    const ai: AiPort = {
      execute: (principal, operation) => executeAs(principal, operation),
      supergraph: () => ({ schema: supergraph.schema, rootFieldScopes: supergraph.scopes }),
      languageModel: config.languageModel,
      queueTask: (tx, tenantId, taskId) => taskEngine.queueTask(tx, tenantId, taskId),
      wake: () => taskEngine.wake(),
      now: clock,
      extraction: config.extraction,
    };
    // Text recognition runs in worker threads started on first use; they end with the platform.
    cleanups.push(() => closeExtraction());
    const mailer = config.smtp && createMailer(config.smtp);
    if (mailer) cleanups.push(async () => mailer.close());
    const signIn: SignInSettings = {
      secretBox: events.secrets,
      // A key of its own for CSRF tokens, so that no other use of the secrets key can produce one.
      csrfKey: Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), 'platform console csrf tokens', 32)),
      publicUrl,
      lifetimes: config.sessionLifetimes,
      // Short-lived whatever ACCESS_TOKEN_TTL_SECONDS says: the session renews them, and a role change applies at the next renewal.
      accessTokenTtlSeconds: Math.min(config.accessTokenTtlSeconds, SESSION_ACCESS_TOKEN_SECONDS),
      ...(mailer && { mailer }),
    };
    const platform = subgraphPlatform({ subgraphs, events, sync: syncEngine.port, workflows: workflowEngine.port, ai, bulk: { ...exportEngine.port, mutations: bulkMutationEngine.port }, signIn, logger });
    // Every role builds the edge: the job workers and the subgraphs run operations through it (executeAs), only the edge role serves it.
    const edge = createEdge({ platform, sync: syncEngine.port, exportDownloadKey, supergraph, subgraphs, prisma, issuer, verifyToken, rateLimiter, auditRecorder, auditChainer, events, publicJwks: keys.publicJwks, logger, reportUnexpected, subscriptionLimits, corsAllowedOrigins: config.corsAllowedOrigins, servedOverTls: publicUrl.startsWith('https://'), failedAuthenticationLimits: config.failedAuthenticationLimits, cluster, signIn, metrics });
    executeAs = edge.executeAs;
    const demo = config.seedDemo && config.roles.has('edge') ? await seedDemoIfEmpty(prisma) : undefined;
    cleanups.push(async () => edge.dispose());
    if (config.roles.has('jobs')) {
      await syncEngine.start();
      wakePushes = () => syncEngine.wake();
      // Before the job queue stops (cleanups run in reverse): running syncs hand over at once.
      cleanups.push(() => syncEngine.stop());
      await workflowEngine.start();
      wakeWorkflowTriggers = () => workflowEngine.wakeTriggers();
      // Likewise: runs under way hand over at once, resuming from their last recorded step.
      cleanups.push(() => workflowEngine.stop());
      await taskEngine.start();
      await exportEngine.start();
      // Likewise: exports under way queue their next job and resume after their last page written.
      cleanups.push(() => exportEngine.stop());
      await bulkMutationEngine.start();
      // Likewise: bulk mutations under way queue their next job and resume after their last recorded batch.
      cleanups.push(() => bulkMutationEngine.stop());
    }
    if (config.roles.has('edge')) {
      // graphql-ws subscriptions on the same port and path (/graphql); closed before the HTTP server and the live bus.
      const webSockets = edge.serveWebSockets(server);
      cleanups.push(() => webSockets.close());
    }
    const services =
      config.roles.has('subgraphs') && config.serviceTokenSecret
        ? serveSubgraphs({ subgraphs: supergraph.localSubgraphs, tokens: serviceTokens(config.serviceTokenSecret, config.serviceTokenAlsoAccepted), prisma, platform, recordChanges: changeRecorder({ prisma, auditChainer, events }) })
        : undefined;
    listener.serve(routeRequests({ edge: config.roles.has('edge') ? edge : undefined, services }));

    logger.info({ url, database: database.owned ? 'embedded' : 'external' }, 'platform ready');
    return { url, config: { ...config, port, publicUrl }, databaseUrl: database.url, prisma, demo, reportUnexpected, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Lifetime of a console session's access tokens (at most; ACCESS_TOKEN_TTL_SECONDS may be shorter). */
const SESSION_ACCESS_TOKEN_SECONDS = 300;
/** The OAuth endpoints' form-encoded parameters are a few short strings. */
const FORM_BODY_BYTES = 64 * 1024;
const READINESS_TIMEOUT_MS = 1000;

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
