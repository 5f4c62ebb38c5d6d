import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** Every environment variable the platform reads. README.md documents each one. */
const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z.string().min(1).optional(),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).optional(),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
  DATABASE_PREPARED_STATEMENTS: booleanFlag.default(true),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  SEED_DEMO: booleanFlag.default(true),
  SECRETS_KEY: z.string().optional(),
  WEBHOOK_ALLOWED_PRIVATE_NETWORKS: z
    .string()
    .regex(/^[0-9a-fA-F.:/]+(,[0-9a-fA-F.:/]+)*$/, 'must be comma-separated CIDRs such as 127.0.0.0/8,::1/128')
    .optional(),
  WEBHOOK_RETRY_SCHEDULE: z.string().regex(/^\d+(,\d+)*$/, 'must be comma-separated seconds such as 5,300,1800').optional(),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  JOB_RECOVERY_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  CONNECTORS_PER_TENANT: z.coerce.number().int().min(1).max(10_000).default(20),
  WORKFLOWS_PER_TENANT: z.coerce.number().int().min(1).max(10_000).default(50),
  WORKFLOW_SCHEDULE_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  SYNC_SLICE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).max(8 * 1024 * 1024 * 1024).default(1024 * 1024 * 1024),
  UPLOADS_PER_CONNECTOR: z.coerce.number().int().min(1).max(1000).default(10),
  UPLOAD_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  WEBHOOK_ENDPOINTS_PER_TENANT: z.coerce.number().int().min(1).max(10_000).default(20),
  EVENT_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(30),
  SUBSCRIPTIONS_PER_CONNECTION: z.coerce.number().int().min(1).max(1000).default(25),
  SUBSCRIPTIONS_PER_TENANT: z.coerce.number().int().min(1).max(1_000_000).default(500),
  MAX_REQUEST_BODY_BYTES: z.coerce.number().int().min(1024).max(64 * 1024 * 1024).default(1024 * 1024),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  DRAIN_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(600).default(10),
  FAILED_AUTHENTICATIONS_PER_CLIENT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(10),
  FAILED_AUTHENTICATIONS_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(30),
  CORS_ALLOWED_ORIGINS: z
    .string()
    .regex(/^https?:\/\/[^\s,/]+(,https?:\/\/[^\s,/]+)*$/, 'must be comma-separated origins such as https://console.example.com')
    .optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  OTEL_EXPORTER_OTLP_HEADERS: z.string().regex(/^[^=,%\s]+=(?:[^,%]|%[0-9A-Fa-f]{2})*(,[^=,%\s]+=(?:[^,%]|%[0-9A-Fa-f]{2})*)*$/, 'must be comma-separated key=value pairs, values percent-encoded, such as authorization=Bearer%20abc').optional(),
  OTEL_SERVICE_NAME: z.string().min(1).max(200).default('platform'),
  WORKERS: z.coerce.number().int().min(1).max(256).optional(),
  ROLES: z
    .string()
    .regex(/^(edge|subgraphs|jobs)(,(edge|subgraphs|jobs))*$/, 'must be a comma-separated list of edge, subgraphs, jobs')
    .default('edge,subgraphs,jobs'),
  SUBGRAPHS: z.string().regex(/^[a-z]+(,[a-z]+)*$/, 'must be comma-separated subgraph names such as crm,finance').optional(),
  SUBGRAPH_URLS: z
    .string()
    .regex(/^[a-z]+=https?:\/\/[^\s,]+(,[a-z]+=https?:\/\/[^\s,]+)*$/, 'must be comma-separated name=url pairs such as crm=http://subgraphs-a:4000/subgraphs/crm')
    .optional(),
  SERVICE_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SERVICE_TOKEN_ALSO_ACCEPTED: z.string().min(32, 'must be at least 32 characters').optional(),
  SUPERGRAPH_PATH: z.string().min(1).optional(),
  AI_MODEL_BASE_URL: z.url().optional(),
  AI_MODEL: z.string().min(1).max(200).optional(),
  AI_MODEL_API_KEY: z.string().min(1).optional(),
  AI_MODEL_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  AI_EXTRACTION_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  AI_EXTRACTION_MAX_PAGES: z.coerce.number().int().min(1).max(200).default(10),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).max(1440).default(120),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(720).default(12),
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL such as smtps://user:pass@mail.example.com:465').optional(),
  SMTP_FROM: z.string().min(3).max(320).optional(),
})
  .refine((env) => (env.AI_MODEL_BASE_URL === undefined) === (env.AI_MODEL === undefined), { message: 'AI_MODEL_BASE_URL and AI_MODEL are set together (or neither: the offline engine answers)', path: ['AI_MODEL'] })
  .refine((env) => (env.SMTP_URL === undefined) === (env.SMTP_FROM === undefined), { message: 'SMTP_URL and SMTP_FROM are set together (or neither: no e-mail is sent)', path: ['SMTP_FROM'] })
  .refine((env) => env.SERVICE_TOKEN_SECRET !== undefined || (env.SUBGRAPH_URLS === undefined && (env.ROLES.includes('edge') || !env.ROLES.includes('subgraphs'))), {
    message: 'is needed when subgraphs are called over HTTP (SUBGRAPH_URLS, or ROLES with subgraphs but not edge)',
    path: ['SERVICE_TOKEN_SECRET'],
  });

/** What a process of the platform does (ROLES); one process with all three is the platform whole. */
export type PlatformRole = 'edge' | 'subgraphs' | 'jobs';

export interface PlatformConfig {
  port: number;
  host: string;
  /** Base URL clients use; the issuer of access tokens. */
  publicUrl: string;
  dataDir: string;
  /** External PostgreSQL; when absent the platform runs embedded PostgreSQL under dataDir. */
  databaseUrl: string | undefined;
  /** Longest wait (ms) to open a database connection or get a pooled one; @platform/db's default when absent. */
  databaseConnectTimeoutMs: number | undefined;
  /** Longest run (ms) of one database statement; @platform/db's default when absent. */
  databaseStatementTimeoutMs: number | undefined;
  /** Named statements, parsed and planned once per connection; off behind a pooler that cannot carry them. */
  databasePreparedStatements: boolean;
  /** Redis shared by several instances (rate-limit counters); in-process counters when absent. */
  redisUrl: string | undefined;
  logLevel: z.infer<typeof environmentSchema>['LOG_LEVEL'];
  accessTokenTtlSeconds: number;
  seedDemo: boolean;
  /** Key (32 bytes, base64) encrypting webhook signing secrets; a key file in dataDir when absent. */
  secretsKey: string | undefined;
  /** Private networks webhook endpoints may nevertheless point to (local development). */
  webhookAllowedPrivateNetworks: string[];
  /** Seconds before each retry of a failed webhook delivery; the platform's 3-day schedule when absent. */
  webhookRetrySchedule: number[] | undefined;
  webhookTimeoutSeconds: number;
  /** After how long a job of a crashed instance is taken over by another. */
  jobRecoverySeconds: number;
  /** Connectors one tenant may hold. */
  connectorsPerTenant: number;
  workflowsPerTenant: number;
  /** An OpenAI-compatible chat-completions endpoint for the copilot and agent tasks; absent: the offline engine. */
  languageModel: { baseUrl: string; model: string; apiKey?: string; timeoutMs: number } | undefined;
  /** Bounds of a document extraction (text recognition of scans is the slow part). */
  extraction: { timeoutMs: number; maxPages: number };
  /** How often due workflow schedules are looked for. */
  workflowSchedulePollSeconds: number;
  /** How long one run of a sync job holds it before handing over to the next at a page boundary. */
  syncSliceSeconds: number;
  /** Files uploaded to CSV connectors: the largest accepted, and how many unexpired uploads one connector may hold. */
  uploadLimits: { maxBytes: number; perConnector: number };
  /** How long an upload may take to arrive (other requests have `requestTimeoutSeconds`). */
  uploadTimeoutSeconds: number;
  /** Webhook endpoints one tenant may register (enabled and disabled together). */
  webhookEndpointsPerTenant: number;
  /** Days the event log keeps an event (its deliveries with it); 0 keeps events forever. */
  eventRetentionDays: number;
  /** Live subscriptions one graphql-ws connection may hold. */
  subscriptionsPerConnection: number;
  /** Live subscriptions one tenant may hold on one instance (graphql-ws and SSE together). */
  subscriptionsPerTenant: number;
  /** Largest request body (JSON); form-encoded bodies (the OAuth endpoints) get at most 64 KiB of it. */
  maxRequestBodyBytes: number;
  /** Deadline of every request that is not a stream (504 `request_timeout` past it). */
  requestTimeoutSeconds: number;
  /** How long stopping waits for requests in flight. */
  drainTimeoutSeconds: number;
  /** Browser origins allowed to call the API with credentials (CORS); none by default. */
  corsAllowedOrigins: string[];
  /** Failed client authentications per minute, per client id and per source address, before attempts are refused (429). */
  failedAuthenticationLimits: { perClient: number; perAddress: number };
  /** Bearer token a Prometheus scraper presents at /metrics; no /metrics without it. */
  metricsToken: string | undefined;
  /** Where traces are exported (OTLP over HTTP, JSON), with what headers and as what service; no tracing at all when absent. */
  tracing: { tracesUrl: string; headers: Record<string, string>; serviceName: string } | undefined;
  /** Processes serving on the port (`npm start`); 1 runs everything in one process. Default: the machine's cores. */
  workers: number;
  /** What this process does: the edge (gateway, REST facade, subscriptions), subgraph services over HTTP, job workers. */
  roles: ReadonlySet<PlatformRole>;
  /** The subgraphs this process executes itself (the `subgraphs` role's SUBGRAPHS); undefined: every subgraph not in `subgraphUrls`. */
  localSubgraphs: string[] | undefined;
  /** Where the subgraphs this process does not execute are served (a fleet's subgraph services). */
  subgraphUrls: Record<string, string>;
  /** Shared by edges and subgraph services: signs and checks the service token of every subgraph call over HTTP. */
  serviceTokenSecret: string | undefined;
  /** A second secret service tokens may be signed with (accepted, never used to sign): rotating SERVICE_TOKEN_SECRET without refusals. */
  serviceTokenAlsoAccepted: string | undefined;
  /** The supergraph composed at build time (gateway/dist/supergraph.graphql); absent: composed at start. */
  supergraphPath: string | undefined;
  /** Console sessions end after this long unused, and at the latest this long after signing in. */
  sessionLifetimes: { idleMinutes: number; maxHours: number };
  /** The mail server invitations and password resets are sent through; none are sent when absent. */
  smtp: { url: string; from: string } | undefined;
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env, overrides: Partial<PlatformConfig> = {}): PlatformConfig {
  // An empty variable counts as unset (`DATABASE_URL= npm start` means "use the embedded one").
  const parsed = environmentSchema.safeParse(Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const env = parsed.data;
  const port = overrides.port ?? env.PORT;
  return {
    port,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir: resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databaseConnectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    databaseStatementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    databasePreparedStatements: env.DATABASE_PREPARED_STATEMENTS,
    redisUrl: env.REDIS_URL,
    logLevel: env.LOG_LEVEL,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    seedDemo: env.SEED_DEMO,
    secretsKey: env.SECRETS_KEY,
    webhookAllowedPrivateNetworks: env.WEBHOOK_ALLOWED_PRIVATE_NETWORKS?.split(',') ?? [],
    webhookRetrySchedule: env.WEBHOOK_RETRY_SCHEDULE?.split(',').map(Number),
    webhookTimeoutSeconds: env.WEBHOOK_TIMEOUT_SECONDS,
    jobRecoverySeconds: env.JOB_RECOVERY_SECONDS,
    connectorsPerTenant: env.CONNECTORS_PER_TENANT,
    workflowsPerTenant: env.WORKFLOWS_PER_TENANT,
    workflowSchedulePollSeconds: env.WORKFLOW_SCHEDULE_POLL_SECONDS,
    syncSliceSeconds: env.SYNC_SLICE_SECONDS,
    uploadLimits: { maxBytes: env.UPLOAD_MAX_BYTES, perConnector: env.UPLOADS_PER_CONNECTOR },
    uploadTimeoutSeconds: env.UPLOAD_TIMEOUT_SECONDS,
    webhookEndpointsPerTenant: env.WEBHOOK_ENDPOINTS_PER_TENANT,
    eventRetentionDays: env.EVENT_RETENTION_DAYS,
    subscriptionsPerConnection: env.SUBSCRIPTIONS_PER_CONNECTION,
    subscriptionsPerTenant: env.SUBSCRIPTIONS_PER_TENANT,
    maxRequestBodyBytes: env.MAX_REQUEST_BODY_BYTES,
    requestTimeoutSeconds: env.REQUEST_TIMEOUT_SECONDS,
    drainTimeoutSeconds: env.DRAIN_TIMEOUT_SECONDS,
    corsAllowedOrigins: env.CORS_ALLOWED_ORIGINS?.split(',') ?? [],
    failedAuthenticationLimits: { perClient: env.FAILED_AUTHENTICATIONS_PER_CLIENT_PER_MINUTE, perAddress: env.FAILED_AUTHENTICATIONS_PER_ADDRESS_PER_MINUTE },
    metricsToken: env.METRICS_TOKEN,
    tracing: tracingOf(env),
    workers: env.WORKERS ?? availableParallelism(),
    roles: new Set(env.ROLES.split(',') as PlatformRole[]),
    localSubgraphs: env.SUBGRAPHS?.split(','),
    subgraphUrls: Object.fromEntries(env.SUBGRAPH_URLS?.split(',').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]) ?? []),
    serviceTokenSecret: env.SERVICE_TOKEN_SECRET,
    serviceTokenAlsoAccepted: env.SERVICE_TOKEN_ALSO_ACCEPTED,
    supergraphPath: env.SUPERGRAPH_PATH,
    languageModel: env.AI_MODEL_BASE_URL && env.AI_MODEL ? { baseUrl: env.AI_MODEL_BASE_URL, model: env.AI_MODEL, ...(env.AI_MODEL_API_KEY && { apiKey: env.AI_MODEL_API_KEY }), timeoutMs: env.AI_MODEL_TIMEOUT_SECONDS * 1000 } : undefined,
    extraction: { timeoutMs: env.AI_EXTRACTION_TIMEOUT_SECONDS * 1000, maxPages: env.AI_EXTRACTION_MAX_PAGES },
    sessionLifetimes: { idleMinutes: env.SESSION_IDLE_MINUTES, maxHours: env.SESSION_MAX_HOURS },
    smtp: env.SMTP_URL && env.SMTP_FROM ? { url: env.SMTP_URL, from: env.SMTP_FROM } : undefined,
    // An override given as undefined means "not overridden", not "unset".
    ...Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined)),
  };
}

/** OTLP's own variables: the traces endpoint as given, or the general one with `v1/traces` appended; header values percent-decoded. */
function tracingOf(env: z.infer<typeof environmentSchema>): PlatformConfig['tracing'] {
  const tracesUrl = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (env.OTEL_EXPORTER_OTLP_ENDPOINT && `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/$/, '')}/v1/traces`);
  if (!tracesUrl) return undefined;
  const headers = Object.fromEntries(env.OTEL_EXPORTER_OTLP_HEADERS?.split(',').map((pair) => [pair.slice(0, pair.indexOf('=')).trim(), decodeURIComponent(pair.slice(pair.indexOf('=') + 1).trim())]) ?? []);
  return { tracesUrl, headers, serviceName: env.OTEL_SERVICE_NAME };
}
