import type { IncomingMessage, Server } from 'node:http';
import type { AuditRecorder } from '@platform/audit';
import type { Principal } from '@platform/auth';
import type { Logger } from '@platform/config';
import { ApiError, type ErrorCode, errorCatalogue, retryAfterSeconds } from '@platform/errors';
import type { SubgraphContext } from '@platform/graphql-kit';
import { type DocumentNode, type ExecutionArgs, GraphQLError, OperationTypeNode, getOperationAST } from 'graphql';
import type { Context, OperationResult } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import type { YogaServerInstance } from 'graphql-yoga';
import { type WebSocket, WebSocketServer } from 'ws';
import type { CredentialAuthenticator } from '../edge/credentials.ts';
import { requestAuditEntry } from '../edge/plugins/use-audit-trail.ts';
import { requestState } from '../edge/request-state.ts';
import type { ReportUnexpectedError } from '../observability/unexpected-errors.ts';
import { resumePosition, webSocketStarts } from './event-log.ts';
import { type EventSubscriptionPlan, isPlan, missingScope, planEventSubscription } from './event-subscription.ts';
import { SubscriberCredential, webSocketCredentials } from './subscriber-credential.ts';
import type { ReleaseSubscription, SubscriptionCounter } from './subscription-limits.ts';

/** A subscription document is small; a bigger message is refused by ws (close code 1009). */
const MAX_MESSAGE_BYTES = 1024 * 1024;
/** Time a client has to send `connection_init` (with its credential) after the socket opens. */
const CONNECTION_INIT_TIMEOUT_MS = 10_000;

export interface WebSocketSubscriptionsOptions {
  server: Server;
  path: string;
  yoga: YogaServerInstance<Record<string, unknown>, object>;
  credentials: CredentialAuthenticator;
  /** The rate limit plugin's `admit`: every subscription start counts against the tenant. */
  admit(request: Request, tenantId: string): Promise<Response | undefined>;
  /** The instance's live subscriptions per tenant (shared with SSE), and the per-connection limit. */
  counter: SubscriptionCounter;
  auditRecorder: AuditRecorder;
  logger: Logger;
  reportUnexpected: ReportUnexpectedError;
  /** Counts a refusal's code (the metrics' `platform_errors_total{surface="subscription"}`). */
  countError(code: ErrorCode): void;
}

export interface WebSocketSubscriptions {
  /** Closes every socket (1012 Service Restart: reconnect, to another instance) and stops accepting new ones. */
  close(): Promise<void>;
}

interface Connection {
  upgrade: IncomingMessage;
  /** Authorization and X-Service-Tenant from the connection payload or the latest renewal (and X-Request-Id, if sent). */
  headers: Headers;
  /** Ends at the credential's expiry or failed check, closing the socket; a renewal replaces it. */
  credential: SubscriberCredential;
  /** The live subscriptions by id: what each needs of a renewed credential, and how to give its place back. */
  subscriptions: Map<string, { plan: EventSubscriptionPlan; release: ReleaseSubscription }>;
}

/**
 * graphql-ws (the `graphql-transport-ws` protocol) on the platform's HTTP server at /graphql.
 * The credential travels in the connection payload, `{ "Authorization": "Bearer …",
 * "X-Service-Tenant": "ten_…" }` (names case-insensitive), checked like a request's headers; a
 * refusal closes the socket with 4400/4401/4403 and the platform error code as the reason.
 * Each subscription start is a request of its own for the edge: a request id, the tenant's rate
 * limit, the same parsing and validation (cost limits included) as POST /graphql through Yoga's
 * envelop chain, the credential checked again, the per-connection and per-tenant limits of live
 * subscriptions, and one audit record with surface `subscription`. Only subscriptions are
 * accepted here; queries and mutations go to POST /graphql.
 *
 * The socket lives as long as its credential: it closes with 4401 `invalid_token` at the
 * credential's expiry, or when a check (before each start and each event) finds it revoked or
 * deleted. A client renews it without losing its subscriptions by sending a `ping` whose payload
 * carries a new credential, checked like the connection payload (same tenant, every scope the
 * open subscriptions need); the `pong` confirms it, a refused renewal closes the socket.
 */
export function serveSubscriptionsOverWebSocket(options: WebSocketSubscriptionsOptions): WebSocketSubscriptions {
  const { logger } = options;
  const sockets = new WebSocketServer({ server: options.server, path: options.path, maxPayload: MAX_MESSAGE_BYTES });
  const connections = new WeakMap<Context, Connection>();

  /** A Request standing for one connection attempt or subscription start (audit, rate limit, context). */
  const requestFor = (upgrade: IncomingMessage, headers: Headers): Request => {
    const request = new Request(new URL(options.path, `http://${upgrade.headers.host ?? 'localhost'}`), { method: 'GET', headers });
    requestState(request).clientAddress = upgrade.socket.remoteAddress;
    return request;
  };
  const audit = (request: Request, action: string, status: number, operationName: string | null = null) => {
    const state = requestState(request);
    options.auditRecorder
      .record(requestAuditEntry(request, { surface: 'subscription', action, operationName, status, durationMs: performance.now() - state.startedAt }))
      .catch((error: unknown) => logger.error({ err: error, request_id: state.requestId }, 'could not queue the audit record'));
  };

  const disposable = useServer<Record<string, unknown> | undefined, Record<PropertyKey, never>>(
    {
      isProd: true,
      connectionInitWaitTimeout: CONNECTION_INIT_TIMEOUT_MS,
      async onConnect(context) {
        const upgrade = context.extra.request;
        const headers = headersOf(context.connectionParams);
        const request = requestFor(upgrade, headers);
        try {
          const { token, principal } = await authenticate(options.credentials, headers, request);
          const credential = new SubscriberCredential(options.credentials, token, principal);
          connections.set(context, { upgrade, headers, credential, subscriptions: new Map() });
          // Expired, revoked, or a renewal refused: the socket closes with the code.
          credential.onEnd((error) => {
            const code = codeOf(error);
            options.countError(code);
            closeWith(context.extra.socket, code);
          });
          return true;
        } catch (error) {
          const code = codeOf(error);
          if (code === 'internal_error') options.reportUnexpected('subscription', error, { request_id: requestState(request).requestId }, 'could not authenticate a connection');
          audit(request, 'subscription connect', statusOf(code));
          options.countError(code);
          closeWith(context.extra.socket, code);
          return false;
        }
      },
      async onPing(context, payload) {
        const connection = connections.get(context);
        // A ping without a credential is a keep-alive ping, answered as such.
        if (!connection || !carriesCredential(payload)) return;
        const headers = headersOf(payload);
        const request = requestFor(connection.upgrade, headers);
        try {
          const { token, principal } = await authenticate(options.credentials, headers, request);
          if (principal.tenantId !== connection.credential.principal.tenantId) throw new ApiError('tenant_mismatch', 'A renewed credential must belong to the tenant of the connection.');
          for (const { plan } of connection.subscriptions.values()) {
            const missing = missingScope(principal, plan.types ?? []);
            if (missing) throw missing;
          }
          connection.credential.replace(token, principal);
          connection.headers = headers;
          audit(request, 'subscription renew', 200);
          // graphql-ws answers the ping with this same payload object: the pong says until when the
          // renewed credential holds rather than echoing the credential.
          for (const name of Object.keys(payload)) delete payload[name];
          payload.expires_at = principal.expiresAt?.toISOString() ?? null;
        } catch (error) {
          const code = codeOf(error);
          if (code === 'internal_error') options.reportUnexpected('subscription', error, { request_id: requestState(request).requestId }, 'could not renew a credential');
          audit(request, 'subscription renew', statusOf(code));
          connection.credential.end(error instanceof ApiError ? error : new ApiError('internal_error', 'The renewal could not be checked.'));
        }
      },
      async onSubscribe(context, id, payload) {
        const connection = connections.get(context);
        if (!connection) return [new ApiError('unauthenticated', 'Send the credential in the connection payload first.')];
        const request = requestFor(connection.upgrade, connection.headers);
        const state = requestState(request);
        const principal = connection.credential.principal;
        state.principal = principal;
        state.authenticatedAs = principal;
        const refuse = (errors: readonly GraphQLError[], operationName: string | null = null): readonly GraphQLError[] => {
          const platformErrors = errors.map(withPlatformCode).map((error) => withRequestId(error, state.requestId));
          for (const code of new Set(platformErrors.map((error) => codeOf(error)))) options.countError(code);
          audit(request, `subscription ${operationName ?? '(anonymous)'}`, statusOf(platformErrors[0]?.extensions.code as ErrorCode), operationName);
          return platformErrors;
        };
        try {
          const refused = await options.admit(request, principal.tenantId);
          if (refused) return refuse([await errorOfProblem(refused)]);
          const enveloped = options.yoga.getEnveloped({ request, params: payload });
          let document: DocumentNode;
          try {
            document = enveloped.parse(payload.query);
          } catch (error) {
            return refuse([new ApiError('query_invalid', error instanceof Error ? error.message : String(error))]);
          }
          const invalid = enveloped.validate(enveloped.schema, document);
          if (invalid.length > 0) return refuse(invalid);
          const operation = getOperationAST(document, payload.operationName);
          const operationName = operation?.name?.value ?? null;
          if (operationName) state.operation = operationName;
          if (operation?.operation !== OperationTypeNode.SUBSCRIPTION) {
            return refuse([new ApiError('query_invalid', 'Over WebSocket, send subscription operations; queries and mutations go to POST /graphql.')], operationName);
          }
          const args: ExecutionArgs = {
            schema: enveloped.schema,
            document,
            variableValues: payload.variables ?? {},
            operationName: payload.operationName ?? undefined,
            contextValue: await enveloped.contextFactory(),
            rootValue: { subscribe: enveloped.subscribe },
          };
          // Refused up front (scope, unknown type, cost) as an `error` message, not a result.
          const planned = planEventSubscription(args, principal);
          if (!isPlan(planned)) return refuse(planned, operationName);
          // A revoked or deleted credential ends here (closing the socket) rather than at the first
          // event; one that cannot be checked now (an outage) refuses only this start.
          const unchecked = await connection.credential.check();
          if (unchecked) return refuse([withRetryAfter(unchecked)], operationName);
          // Resuming after an event: an id not in the tenant's log, or too far behind, refuses the start.
          if (planned.after !== undefined) {
            const { prisma } = args.contextValue as SubgraphContext;
            const start = await resumePosition(prisma, principal.tenantId, planned.after, 'after', planned.types);
            if (start instanceof ApiError) return refuse([start], operationName);
            webSocketStarts.set(request, start);
          }
          // Counted and registered without a pause in between: concurrent starts cannot both take the last place.
          const release = options.counter.claim(principal.tenantId, connection.subscriptions.size);
          if (release instanceof ApiError) return refuse([withRetryAfter(release)], operationName);
          connection.subscriptions.set(id, { plan: planned, release });
          webSocketCredentials.set(request, connection.credential);
          audit(request, `subscription ${operationName ?? '(anonymous)'}`, 200, operationName);
          return args;
        } catch (error) {
          options.reportUnexpected('subscription', error, { request_id: state.requestId }, 'could not start a subscription');
          return refuse([new ApiError('internal_error', 'Something failed on our side.')]);
        }
      },
      // Yoga's envelop chain: its subscribe runs the useSubscriptions plugin and error masking.
      subscribe: (args) => (args.rootValue as { subscribe: (args: ExecutionArgs) => OperationResult }).subscribe(args),
      // Every way a subscription ends (completed by either side, failed, its socket closed) comes through here.
      onComplete(context, id) {
        const connection = connections.get(context);
        connection?.subscriptions.get(id)?.release();
        connection?.subscriptions.delete(id);
      },
      onClose(context) {
        const connection = connections.get(context);
        if (!connection) return;
        for (const { release } of connection.subscriptions.values()) release();
        connection.subscriptions.clear();
        connection.credential.dispose();
      },
    },
    sockets,
  );

  return {
    close: async () => {
      // 1012 rather than graphql-ws's 1001: clients read it as "reconnect now" (graphql-ws's client retries it), and a load balancer sends them to a serving instance.
      for (const client of sockets.clients) client.close(SERVICE_RESTART, 'the platform instance is stopping; reconnect');
      await disposable.dispose();
      // Clients that do not answer the close handshake are cut off.
      for (const client of sockets.clients) client.terminate();
    },
  };
}

/** WebSocket close code 1012 (RFC 6455 registry): the service is restarting, reconnect. */
const SERVICE_RESTART = 1012;

/** The connection payload's credential headers, by case-insensitive name. */
function headersOf(params: Record<string, unknown> | undefined): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(params ?? {})) {
    const lower = name.toLowerCase();
    if ((lower === 'authorization' || lower === 'x-service-tenant' || lower === 'x-request-id') && typeof value === 'string') {
      try {
        headers.set(lower, value);
      } catch {
        // A value no HTTP header could carry: as if absent.
      }
    }
  }
  return headers;
}

/** 4401 / 4403 / 4400 (and 4500): the HTTP status the same refusal has, in the 4xxx range of application close codes; the reason is the code. */
function closeWith(socket: WebSocket, code: ErrorCode): void {
  socket.close(4000 + statusOf(code), code);
}

/** Whether a ping's payload carries a credential (a renewal): an `Authorization` member, by case-insensitive name. */
function carriesCredential(payload: Record<string, unknown> | undefined): payload is Record<string, unknown> {
  return Object.keys(payload ?? {}).some((name) => name.toLowerCase() === 'authorization');
}

/** The same checks as `useAuthentication` for a request: a valid bearer credential naming its tenant. */
async function authenticate(credentials: CredentialAuthenticator, headers: Headers, request: Request): Promise<{ token: string; principal: Principal }> {
  const authorization = headers.get('authorization');
  if (!authorization) throw new ApiError('unauthenticated', 'Send Authorization: Bearer <access token or API key> in the connection payload.');
  const [scheme, token] = authorization.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw new ApiError('invalid_token', 'Authorization must have the form Bearer <token>.');
  const principal = await credentials.authenticate(token, requestState(request).clientAddress);
  requestState(request).authenticatedAs = principal;
  const tenant = headers.get('x-service-tenant');
  if (!tenant) throw new ApiError('tenant_header_missing', 'Name the tenant in X-Service-Tenant in the connection payload.');
  if (tenant !== principal.tenantId) throw new ApiError('tenant_mismatch', 'X-Service-Tenant names a tenant this credential does not belong to.');
  requestState(request).principal = principal;
  return { token, principal };
}

function codeOf(error: unknown): ErrorCode {
  const code = error instanceof GraphQLError ? error.extensions?.code : undefined;
  return typeof code === 'string' && code in errorCatalogue ? (code as ErrorCode) : 'internal_error';
}

function statusOf(code: ErrorCode | undefined): number {
  return (code && errorCatalogue[code]?.status) || 500;
}

/** Validation errors without a platform code are errors in the document: `query_invalid`, as over HTTP. */
function withPlatformCode(error: GraphQLError): GraphQLError {
  const code = error.extensions?.code;
  if (typeof code === 'string' && code in errorCatalogue) return error;
  return new GraphQLError(error.message, { nodes: error.nodes, extensions: { ...error.extensions, code: 'query_invalid' } });
}

function withRequestId(error: GraphQLError, requestId: string): GraphQLError {
  return new GraphQLError(error.message, { nodes: error.nodes, path: error.path, extensions: { ...error.extensions, request_id: requestId } });
}

/** Over graphql-ws there are no headers: a refusal that has a Retry-After carries it as `retry_after`. */
function withRetryAfter(error: ApiError): ApiError {
  const seconds = retryAfterSeconds[error.code];
  return seconds === undefined ? error : new ApiError(error.code, error.message, { ...error.extensions, retry_after: seconds });
}

/** The rate limit's refusal (a problem+json response) as a GraphQL error with its `retry_after`. */
async function errorOfProblem(response: Response): Promise<GraphQLError> {
  const problem = (await response.json()) as { code: ErrorCode; detail: string };
  const retryAfter = Number(response.headers.get('retry-after'));
  return new ApiError(problem.code, problem.detail, Number.isFinite(retryAfter) && retryAfter > 0 ? { retry_after: retryAfter } : {});
}
