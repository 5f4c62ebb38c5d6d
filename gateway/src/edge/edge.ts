import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import type { AuditChainer, AuditRecorder } from '@platform/audit';
import type { TokenIssuer, TokenVerifier } from '@platform/auth';
import type { Logger } from '@platform/config';
import type { PrismaClient } from '@platform/db';
import { errorCatalogue } from '@platform/errors';
import type { PlatformOperationExecutor, SubgraphContext, SyncPort } from '@platform/graphql-kit';
import type { RateLimiter } from '@platform/rate-limit';
import { useRestFacade } from '@platform/rest-facade';
import type { Server } from 'node:http';
import { type YogaServerInstance, createYoga } from 'graphql-yoga';
import type { JWK } from 'jose';
import { CONSOLE_BASE_PATH } from '@platform/console';
import type { PlatformEvents } from '../event-bus.ts';
import type { ClusterChannel } from '../cluster/channel.ts';
import type { PlatformMetrics } from '../observability/metrics.ts';
import type { ReportUnexpectedError } from '../observability/unexpected-errors.ts';
import type { Supergraph } from '../supergraph/supergraph.ts';
import type { SubgraphModule } from '../supergraph/subgraphs.ts';
import { createCredentialAuthenticator } from './credentials.ts';
import { type FailedAuthenticationLimits, createFailedAuthentications } from './failed-authentications.ts';
import { HEALTH_ENDPOINT } from './http-listener.ts';
import { createTenantLimitsLookup } from './tenant-limits.ts';
import { useAccessLog } from './plugins/use-access-log.ts';
import { useAuditTrail } from './plugins/use-audit-trail.ts';
import { useAuthentication } from './plugins/use-authentication.ts';
import { useBulkUploads } from './plugins/use-bulk-uploads.ts';
import { useConnectorUploads } from './plugins/use-connector-uploads.ts';
import { useConsole } from './plugins/use-console.ts';
import { useConnectorWebhooks } from './plugins/use-connector-webhooks.ts';
import { useSignedDownloads } from './plugins/use-signed-downloads.ts';
import { useGatewayExecution } from './plugins/use-gateway-execution.ts';
import { useGraphqlRequestLimits } from './plugins/use-graphql-request-limits.ts';
import { useIdempotency } from './plugins/use-idempotency.ts';
import { usePreconditions } from './plugins/use-preconditions.ts';
import { usePersistedOperations } from './plugins/use-persisted-operations.ts';
import { useQueryCost } from './plugins/use-query-cost.ts';
import { maskUnexpectedErrors, useGraphqlErrorCodes } from './plugins/use-graphql-error-codes.ts';
import { useNotFound } from './plugins/use-not-found.ts';
import { useOAuthEndpoints } from './plugins/use-oauth-endpoints.ts';
import { usePublicEndpoints } from './plugins/use-public-endpoints.ts';
import { useRateLimit } from './plugins/use-rate-limit.ts';
import { useRequestId } from './plugins/use-request-id.ts';
import { useRequestMetrics } from './plugins/use-request-metrics.ts';
import { type SignInSettings, useSignIn } from './plugins/use-sign-in.ts';
import { useSingleSignOn } from './plugins/use-single-sign-on.ts';
import { corsFor, useSecurityHeaders } from './plugins/use-security-headers.ts';
import { useStorableText } from './plugins/use-storable-text.ts';
import { useSubscriptions } from './plugins/use-subscriptions.ts';
import { useValidationCache } from './plugins/use-validation-cache.ts';
import { type WebSocketSubscriptions, serveSubscriptionsOverWebSocket } from '../subscriptions/websocket-server.ts';
import type { SubscriptionLimits } from '../subscriptions/subscription-limits.ts';
import { platformOperationExecutor } from './platform-operations.ts';
import { linkRequests, requestState } from './request-state.ts';
import { problemFor } from './responses.ts';
import { restFacadeContract } from './rest-contract.ts';
import { changeRecorder } from './subgraph-context.ts';
import { changeAuditBase, noteAuditedWithChange } from './service-call.ts';
import { documentCache } from '../document-cache.ts';
import { GRAPHIQL_EXAMPLE_TABS } from './graphiql-examples.ts';

export const GRAPHQL_ENDPOINT = '/graphql';
export const REST_BASE_PATH = '/v1';
/** The console's sign-in endpoints (a session cookie, not a bearer token). */
export const AUTH_BASE_PATH = '/auth';

export interface EdgeOptions {
  auditRecorder: AuditRecorder;
  /** Chains the audit records changes queue in their transactions; woken after each commit. */
  auditChainer: AuditChainer;
  events: PlatformEvents;
  /** The sync engine's side of the integrations domain (queueing and interrupting jobs, sealing credentials). */
  sync: SyncPort;
  exportDownloadKey: Buffer;
  rateLimiter: RateLimiter;
  supergraph: Supergraph;
  subgraphs: SubgraphModule[];
  prisma: PrismaClient;
  issuer: TokenIssuer;
  verifyToken: TokenVerifier;
  publicJwks: JWK[];
  logger: Logger;
  /** Reports an unexpected failure (logged with its cause, counted) where it is replaced by `internal_error`. */
  reportUnexpected: ReportUnexpectedError;
  /** Live subscriptions per graphql-ws connection and per tenant (the defaults when absent). */
  subscriptionLimits?: SubscriptionLimits;
  /** Browser origins allowed to call the API with credentials (none when absent). */
  corsAllowedOrigins?: string[];
  /** The platform's public URL is https: responses carry HSTS. */
  servedOverTls?: boolean;
  failedAuthenticationLimits: FailedAuthenticationLimits;
  /** The other workers of the machine, when this process is one of several. */
  cluster?: ClusterChannel;
  /** People signing in to the console: sessions, CSRF, TOTP secrets, links and e-mail. */
  signIn: SignInSettings;
  /** What resolvers reach beyond their subgraph (subgraphPlatform). */
  platform: SubgraphContext['platform'];
  metrics: PlatformMetrics;
}

export type Edge = YogaServerInstance<Record<string, unknown>, SubgraphContext> & {
  /** graphql-ws subscriptions on the same HTTP server and path as POST /graphql (platform.ts attaches it). */
  serveWebSockets(server: Server): WebSocketSubscriptions;
  /** Runs GraphQL operations as a principal the platform established (a connector's writes). */
  executeAs: PlatformOperationExecutor;
  /** The route templates of what it answers: the `route` label of the request metrics (routeLabeller). */
  routes: readonly string[];
};

/** What the edge answers besides /graphql and the OpenAPI document's paths, as route templates. */
const OTHER_ROUTES = [`${REST_BASE_PATH}/openapi.json`, `${REST_BASE_PATH}/connectors/{id}/webhooks/shopify`, `${AUTH_BASE_PATH}/*`, `${CONSOLE_BASE_PATH}/*`, '/docs/*', '/.well-known/jwks.json'];

/**
 * The platform's one HTTP surface. Each concern is a plugin, in the order a request meets them:
 * request id, access log, audit trail, the OAuth endpoints, the console's sign-in endpoints (a session cookie), public documents and connectors' signed webhooks (no credential needed),
 * authentication (access token or API key) and tenant check, the per-tenant rate limit, file uploads (streamed),
 * If-Match and idempotency keys, the REST facade, then GraphQL through the gateway (with its cost limits).
 */
export function createEdge(options: EdgeOptions): Edge {
  const failedAuthentications = createFailedAuthentications(options.rateLimiter, options.failedAuthenticationLimits, () => options.metrics.rateLimitRefusals.inc({ kind: 'failed_authentications' }));
  const credentials = createCredentialAuthenticator({ prisma: options.prisma, verifyToken: options.verifyToken, logger: options.logger, failedAuthentications, cluster: options.cluster });
  const rateLimit = useRateLimit({ limiter: options.rateLimiter, limitsFor: createTenantLimitsLookup(options.prisma), graphqlEndpoint: GRAPHQL_ENDPOINT, logger: options.logger, metrics: options.metrics });
  const recordChanges = changeRecorder({ prisma: options.prisma, auditChainer: options.auditChainer, events: options.events });
  const auditFor = (request: Request): SubgraphContext['audit'] =>
    recordChanges(
      ({ action, resourceId }) => ({ ...changeAuditBase(request, GRAPHQL_ENDPOINT), action, resourceId }),
      () => noteAuditedWithChange(request),
    );
  // One count of live subscriptions per tenant for both transports: SSE here, graphql-ws through serveWebSockets.
  const subscriptions = useSubscriptions({ execute: options.supergraph.execute, live: options.events.live, credentials, subscriptionLimits: options.subscriptionLimits });
  const restFacade = useRestFacade({
    ...restFacadeContract(options.subgraphs, options.supergraph, REST_BASE_PATH),
    problemResponse: (error, request) => {
      reportIfUnexpected(options.reportUnexpected, error, request);
      return problemFor(error, request);
    },
    linkRequests,
    noteOperation: (request, operation) => {
      requestState(request).operation = operation;
    },
  });
  // Built now: a route, a rule or a scope the document cannot describe stops the start, not a request.
  restFacade.openApiDocument();

  const yoga = createYoga<Record<string, unknown>, SubgraphContext>({
    schema: options.supergraph.schema,
    graphqlEndpoint: GRAPHQL_ENDPOINT,
    // The HTTP listener answers the probes (/healthz, /readyz) before Yoga, in every phase.
    healthCheckEndpoint: HEALTH_ENDPOINT,
    landingPage: false,
    cors: corsFor(options.corsAllowedOrigins ?? []),
    batching: false,
    // Parsed documents bounded by characters of source, not entries (document-cache.ts); only
    // successful validations are remembered (use-validation-cache.ts).
    parserAndValidationCache: { documentCache: documentCache(), errorCache: documentCache(), validationCache: false },
    graphiql: {
      title: 'Platform API',
      headers: JSON.stringify({ Authorization: 'Bearer <access token from POST /v1/oauth/token>', 'X-Service-Tenant': '<tenant id>' }, null, 2),
      defaultTabs: GRAPHIQL_EXAMPLE_TABS,
    },
    renderGraphiQL,
    logging: options.logger.child({ component: 'yoga' }) as never,
    context: ({ request }) => {
      const { principal, requestId, ifMatchVersion } = requestState(request);
      if (!principal) throw new Error('GraphQL context is built for an unauthenticated request');
      return { principal, requestId, ifMatchVersion, prisma: options.prisma, platform: options.platform, audit: auditFor(request) };
    },
    maskedErrors: maskUnexpectedErrors(options.logger, options.reportUnexpected),
    plugins: [
      useRequestId(),
      useSecurityHeaders({ servedOverTls: options.servedOverTls ?? false, corsAllowedOrigins: options.corsAllowedOrigins ?? [] }),
      useAccessLog(options.logger),
      useRequestMetrics({ metrics: options.metrics, graphqlEndpoint: GRAPHQL_ENDPOINT }),
      useAuditTrail({ recorder: options.auditRecorder, graphqlEndpoint: GRAPHQL_ENDPOINT, restBasePath: REST_BASE_PATH, oauthBasePath: `${REST_BASE_PATH}/oauth`, authBasePath: AUTH_BASE_PATH, logger: options.logger }),
      useOAuthEndpoints({ basePath: `${REST_BASE_PATH}/oauth`, prisma: options.prisma, issuer: options.issuer, verifyToken: options.verifyToken, credentials, failedAuthentications, admit: rateLimit.admit }),
      useSignIn({ basePath: AUTH_BASE_PATH, prisma: options.prisma, issuer: options.issuer, credentials, failedAuthentications, admit: rateLimit.admit, settings: options.signIn, logger: options.logger }),
      useSingleSignOn({ basePath: AUTH_BASE_PATH, prisma: options.prisma, settings: options.signIn, checkUrl: options.events.port.checkEndpointUrl, logger: options.logger }),
      usePublicEndpoints({ openApiPath: `${REST_BASE_PATH}/openapi.json`, openApiDocument: () => restFacade.openApiDocument(), publicJwks: options.publicJwks }),
      useConsole(),
      useConnectorWebhooks({ basePath: REST_BASE_PATH, sync: options.sync, admit: rateLimit.admit }),
      useSignedDownloads({ basePath: REST_BASE_PATH, prisma: options.prisma, key: options.exportDownloadKey, admit: rateLimit.admit }),
      useAuthentication({ credentials, graphqlEndpoint: GRAPHQL_ENDPOINT, restBasePath: REST_BASE_PATH, reportUnexpected: options.reportUnexpected }),
      rateLimit,
      // After authentication (a saved operation is looked up in the caller's tenant), before the request limits, cost and execution that apply to its document as to any.
      usePersistedOperations({ prisma: options.prisma }),
      useConnectorUploads({ basePath: REST_BASE_PATH, sync: options.sync }),
      useBulkUploads({ basePath: REST_BASE_PATH, prisma: options.prisma }),
      restFacade.routes,
      usePreconditions({ graphqlEndpoint: GRAPHQL_ENDPOINT }),
      useIdempotency({ prisma: options.prisma, graphqlEndpoint: GRAPHQL_ENDPOINT, logger: options.logger }),
      restFacade,
      useNotFound({ keep: [GRAPHQL_ENDPOINT] }),
      useGraphqlRequestLimits({ graphqlEndpoint: GRAPHQL_ENDPOINT }),
      useValidationCache(),
      useStorableText(),
      useQueryCost(),
      // Subscriptions (SSE here, graphql-ws through serveWebSockets) run at the edge: Apollo Gateway executes none.
      subscriptions,
      useGatewayExecution(options.supergraph),
      useGraphqlErrorCodes(),
    ],
  });
  // graphql-ws: platform.ts attaches it to the HTTP server once the edge is ready.
  return Object.assign(yoga, {
    executeAs: platformOperationExecutor(yoga, GRAPHQL_ENDPOINT),
    routes: [GRAPHQL_ENDPOINT, ...Object.keys(restFacade.openApiDocument().paths), ...OTHER_ROUTES],
    serveWebSockets: (server: Server) =>
      serveSubscriptionsOverWebSocket({ server, path: GRAPHQL_ENDPOINT, yoga: yoga as never, credentials, admit: rateLimit.admit, counter: subscriptions.counter, auditRecorder: options.auditRecorder, logger: options.logger, reportUnexpected: options.reportUnexpected, countError: (code) => options.metrics.countError(code, 'subscription') }),
  });
}

/** An error without a platform code is unexpected; an `internal_error` was already reported where it was made. */
function reportIfUnexpected(reportUnexpected: ReportUnexpectedError, error: unknown, request: Request): void {
  const code = (error as { extensions?: { code?: unknown } } | null)?.extensions?.code;
  if (typeof code !== 'string' || !(code in errorCatalogue)) reportUnexpected('rest', error, { request_id: requestState(request).requestId }, 'REST request failed');
}
