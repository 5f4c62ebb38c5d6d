import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import type { Logger } from '@platform/config';
import { databaseFault } from '@platform/db';
import { ApiError, type ErrorCode, problemFromError } from '@platform/errors';
import { sendNodeResponse } from '@whatwg-node/server';
import { PlatformMetrics } from '../observability/metrics.ts';
import { routeLabeller } from '../observability/routes.ts';
import { traceRequest } from '../observability/tracing.ts';
import { type ReportUnexpectedError, unexpectedErrorReporter } from '../observability/unexpected-errors.ts';
import { sendCompressible } from './compression.ts';
import { logRequest } from './plugins/use-access-log.ts';
import { requestIdFor } from './request-state.ts';
import { withRetryAfter } from './responses.ts';

export const HEALTH_ENDPOINT = '/healthz';
export const READINESS_ENDPOINT = '/readyz';
export const METRICS_ENDPOINT = '/metrics';

/** What a handler of the listener is given besides the request and response (Yoga's server context; a type, so that it fits Yoga's index signature). */
export type NodeContext = { req: IncomingMessage; res: ServerResponse };

/** The edge as the listener calls it: Yoga's node entry point. */
export interface EdgeHandler {
  handleNodeRequestAndResponse(request: IncomingMessage, response: ServerResponse, context: NodeContext): Response | Promise<Response>;
  /** The route templates it serves (routeLabeller's): the `route` label of the request metrics. */
  routes?: readonly string[];
}

export interface HttpLimits {
  /** Largest request body of a JSON (or any other) content type, in bytes. */
  bodyBytes: number;
  /** Largest form-encoded body (the OAuth endpoints'), in bytes. */
  formBodyBytes: number;
  /** Deadline of a request that is not a stream (its body's arrival included): past it the client gets 504 `request_timeout`. */
  requestTimeoutMs: number;
  /** Deadline of a streamed upload (`streamsBody`), whose body the handler reads as it arrives. */
  uploadTimeoutMs?: number;
  /** Longest wait for requests in flight when the platform stops. */
  drainTimeoutMs: number;
}

export interface HttpListener {
  /** Starts answering with the edge; until then every request but the probes is 503 `service_unavailable`. */
  serve(edge: EdgeHandler): void;
  /** Refuses new requests (503, readiness false) and waits, bounded, for those in flight. */
  drain(): Promise<void>;
}

type Phase = 'starting' | 'serving' | 'draining';

/**
 * The platform's node:http request listener, in front of Yoga: what must hold for every request,
 * whatever route or plugin answers it.
 * - Probes: `/healthz` (liveness: the process answers) and `/readyz` (readiness: serving and the
 *   database reachable), in every phase, never rate-limited or audited.
 * - Phases: while starting and while draining, requests get 503 `service_unavailable` with
 *   `Retry-After` at once instead of waiting on a handler that is not there.
 * - Bodies are read here, bounded while they stream in: a declared or counted size past the limit
 *   is 413 `payload_too_large` before the rest is read (nothing large is ever buffered).
 * - A deadline per request (streams excepted), the body's arrival included: 504 `request_timeout`
 *   rather than a hang. File uploads (`streamsBody`) are read by the edge as they arrive, under
 *   their own, longer deadline.
 * - The error boundary: an exception escaping the edge is reported once (logged with its cause,
 *   counted) and answered 500 `internal_error` with only the request id; a malformed request line
 *   or oversized headers get a problem response (400 / 431) from the HTTP parser's error handler.
 * - Bytes on the wire: responses of the edge in a compressible media type go out with br or gzip
 *   as the client's Accept-Encoding asks, with `Vary: Accept-Encoding` (see compression.ts).
 * - Metrics: every response is counted by method and status, and timed by method, route template
 *   and status; each refusal of its own counted by code; `/metrics` serves them (Prometheus text)
 *   to a scraper presenting `metricsToken`, and does not exist without one.
 * - Traces: every request but the probes is a server span continuing the caller's `traceparent`
 *   (observability/tracing.ts; a no-op unless tracing is configured).
 */
export function createHttpListener(options: {
  server: Server;
  logger: Logger;
  limits: HttpLimits;
  ready(): Promise<ErrorCode | undefined>;
  metrics?: PlatformMetrics;
  metricsToken?: string;
  reportUnexpected?: ReportUnexpectedError;
  /** Requests whose body the edge reads itself as it streams in (file uploads), under `uploadTimeoutMs`; every other body is read here first. */
  streamsBody?(method: string, path: string): boolean;
}): HttpListener {
  const { server, logger, limits } = options;
  const metrics = options.metrics ?? new PlatformMetrics();
  const reportUnexpected = options.reportUnexpected ?? unexpectedErrorReporter(logger, metrics);
  let phase: Phase = 'starting';
  let edge: EdgeHandler | undefined;
  const probes = [HEALTH_ENDPOINT, READINESS_ENDPOINT, ...(options.metricsToken ? [METRICS_ENDPOINT] : [])];
  let routeOf = routeLabeller(probes);
  const inFlight = new Set<ServerResponse>();
  let drained: (() => void) | undefined;

  // Node cuts off slow senders (408) past the longest deadline; readBody holds other bodies to theirs.
  const uploadTimeoutMs = limits.uploadTimeoutMs ?? limits.requestTimeoutMs;
  server.requestTimeout = Math.max(limits.requestTimeoutMs, uploadTimeoutMs);
  server.headersTimeout = Math.min(limits.requestTimeoutMs, 10_000);

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const startedAt = performance.now();
    const requestId = requestIdFor(request.headers['x-request-id']);
    // The edge's request state takes the id from this header, so every layer logs the same one.
    request.headers['x-request-id'] = requestId;
    // Media types are case-insensitive (RFC 9110 section 8.3.1); Yoga compares them as written.
    const contentType = request.headers['content-type'];
    if (contentType) request.headers['content-type'] = contentType.replace(/^[^;]*/, (mediaType) => mediaType.toLowerCase());
    const path = pathOf(request);
    const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      if (response.headersSent || response.destroyed) return;
      const json = JSON.stringify(body);
      response.writeHead(status, { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'x-request-id': requestId, ...headers });
      response.end(json);
    };
    const refuse = (error: unknown, headers: Record<string, string> = {}) => {
      const problem = problemFromError(error, requestId, path);
      reply(problem.status, problem, Object.fromEntries(withRetryAfter(problem, headers)));
      // A readiness probe's 503 is an answer about the instance, not a request refused.
      if (path !== READINESS_ENDPOINT) metrics.countError(problem.code, 'http');
      logRequest(logger, { request_id: requestId, method: request.method, path, status: problem.status, duration_ms: performance.now() - startedAt });
    };

    response.once('finish', () => {
      metrics.responses.inc({ method: request.method, status: response.statusCode });
      // An event stream lasts as long as its subscription: its length is no latency.
      if (String(response.getHeader('content-type')).startsWith('text/event-stream')) return;
      metrics.requestDuration.observe({ method: request.method, route: routeOf(path), status: response.statusCode }, (performance.now() - startedAt) / 1000);
    });
    if (path === HEALTH_ENDPOINT) return reply(200, { status: 'alive' });
    if (path === METRICS_ENDPOINT && options.metricsToken) {
      if (!PlatformMetrics.authorized(request.headers.authorization, options.metricsToken)) return refuse(new ApiError('unauthenticated', 'Present the metrics token as a bearer token.'));
      const text = await metrics.registry.metrics();
      response.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'x-request-id': requestId });
      return void response.end(text);
    }
    if (path === READINESS_ENDPOINT) {
      const notReady = phase === 'serving' ? await options.ready() : 'service_unavailable';
      if (!notReady) return reply(200, { status: 'ready' });
      return refuse(new ApiError(notReady, notReady === 'database_unavailable' ? 'The database is not reachable.' : `The platform is ${phase === 'starting' ? 'starting' : 'shutting down'}.`));
    }
    if (phase !== 'serving' || !edge) {
      request.resume();
      return refuse(new ApiError('service_unavailable', `The platform is ${phase === 'starting' ? 'starting' : 'shutting down'}; retry shortly.`), { connection: 'close' });
    }

    inFlight.add(response);
    response.once('close', () => {
      inFlight.delete(response);
      if (inFlight.size === 0) drained?.();
    });
    const upload = hasBody(request) && (options.streamsBody?.(request.method ?? '', path) ?? false);
    if (hasBody(request) && !upload) {
      const body = await readBody(request, bodyLimitOf(request, limits), limits.requestTimeoutMs);
      if (body === undefined) return;
      if (body instanceof ApiError && body.code === 'request_timeout') return refuse(body, { connection: 'close' });
      if (body instanceof ApiError) {
        // The connection stays open while the rest is dropped: closing it now would reset a client still sending.
        refuse(body);
        discardRest(request, DISCARD_BYTES_FACTOR * limits.bodyBytes);
        return;
      }
      // Yoga's request adapter takes a body already read from `body` instead of the stream.
      if (body.length > 0) (request as IncomingMessage & { body?: Buffer }).body = body;
    }

    const streaming = /text\/event-stream/i.test(request.headers.accept ?? '');
    const timeoutMs = upload ? uploadTimeoutMs : limits.requestTimeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'timeout'>((resolve) => {
      if (!streaming) timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    try {
      const outcome = await Promise.race([edge.handleNodeRequestAndResponse(request, response, { req: request, res: response }), deadline]);
      if (outcome === 'timeout') {
        logger.warn({ request_id: requestId, path, timeout_ms: timeoutMs }, 'request passed its deadline');
        if (upload) request.destroy();
        return refuse(new ApiError('request_timeout', `The request did not complete within ${timeoutMs / 1000} s.`), { connection: 'close' });
      }
      // Stopping: the client's next request goes to another instance.
      if ((phase as Phase) === 'draining') outcome.headers.set('connection', 'close');
      // JSON, HTML and the like leave compressed as the client accepts (streams and the rest as they are).
      if (!(await sendCompressible(outcome, request, response, path))) await sendNodeResponse(outcome, response, request, true);
    } catch (error) {
      // A database that is down or not answering is a 503 `database_unavailable`, wherever on the way it was met.
      const fault = error instanceof ApiError ? undefined : databaseFault(error);
      if (fault) {
        logger.warn({ err: error, request_id: requestId, path }, 'database unavailable');
        return refuse(fault);
      }
      reportUnexpected('http', error, { request_id: requestId, path }, 'request failed unexpectedly');
      // An error without a platform code renders as `internal_error` with a generic detail only.
      refuse(error instanceof ApiError ? error : new Error('unexpected'));
    } finally {
      clearTimeout(timer);
    }
  };

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const path = pathOf(request);
    const handled = probes.includes(path) ? handle(request, response) : traceRequest(request, response, path, () => routeOf(path), () => handle(request, response));
    handled.catch((error: unknown) => {
      reportUnexpected('http', error, {}, 'request failed unexpectedly');
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  // Errors of the HTTP parser (oversized headers, a malformed request line) never reach a handler.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable) return socket.destroy();
    const [status, code, detail] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'headers_too_large' as const, 'The request headers are larger than the platform accepts.']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, undefined, undefined]
          : [400, 'malformed_body' as const, 'The request is not well-formed HTTP.'];
    if (!code) return socket.end('HTTP/1.1 408 Request Timeout\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    metrics.countError(code, 'http');
    const requestId = requestIdFor(undefined);
    const body = JSON.stringify(problemFromError(new ApiError(code, detail), requestId, ''));
    // A response to HEAD has no body (its length is still announced).
    const head = (error as { rawPacket?: Buffer }).rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
    // The HTTP parser is detached (it would fail again on every chunk) and what the client still
    // sends is dropped, bounded, so that it reads this answer instead of a reset.
    socket.removeAllListeners('data');
    socket.write(
      `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\ncontent-type: application/problem+json\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nx-request-id: ${requestId}\r\ncache-control: no-store\r\nx-content-type-options: nosniff\r\nconnection: close\r\n\r\n${head ? '' : body}`,
    );
    discardRest(socket, DISCARD_BYTES_FACTOR * limits.bodyBytes);
    socket.once('end', () => socket.end());
  });

  return {
    serve(handler) {
      edge = handler;
      routeOf = routeLabeller([...probes, ...(handler.routes ?? [])]);
      phase = 'serving';
    },
    async drain() {
      phase = 'draining';
      server.closeIdleConnections();
      if (inFlight.size === 0) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, limits.drainTimeoutMs);
        drained = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    },
  };
}

/**
 * After a 413, up to this many times the body limit is still read and dropped (for at most
 * DISCARD_MS), so that an ordinary client still sending reads the answer instead of a reset; past
 * that the socket is cut. Nothing of it is kept. The budget is the general limit's even for a form
 * body refused at its smaller one: a reset while the client still writes can overtake the 413 it
 * has not read yet (as nginx's lingering close, bounded by time, avoids).
 */
const DISCARD_BYTES_FACTOR = 32;
const DISCARD_MS = 5_000;

function discardRest(incoming: Readable, maxBytes: number): void {
  let discarded = 0;
  const cut = setTimeout(() => incoming.destroy(), DISCARD_MS);
  incoming.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > maxBytes) incoming.destroy();
  });
  incoming.once('close', () => clearTimeout(cut));
  incoming.resume();
}

function pathOf(request: IncomingMessage): string {
  const target = request.url ?? '/';
  const query = target.indexOf('?');
  return query < 0 ? target : target.slice(0, query);
}

function hasBody(request: IncomingMessage): boolean {
  return request.method !== 'GET' && request.method !== 'HEAD' && (request.headers['content-length'] !== undefined ? request.headers['content-length'] !== '0' : request.headers['transfer-encoding'] !== undefined);
}

function bodyLimitOf(request: IncomingMessage, limits: HttpLimits): number {
  return /^application\/x-www-form-urlencoded\b/i.test(request.headers['content-type'] ?? '') ? limits.formBodyBytes : limits.bodyBytes;
}

/**
 * The body, or the refusal when it is larger than `limit` (by its declared length, or as it streams
 * in: reading stops there) or has not arrived within `timeoutMs`, or undefined when the client went
 * away before sending it all.
 */
function readBody(request: IncomingMessage, limit: number, timeoutMs: number): Promise<Buffer | ApiError | undefined> {
  const tooLarge = () => new ApiError('payload_too_large', `The request body is larger than ${limit} bytes.`, { limit_bytes: limit });
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve(tooLarge());
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => {
      request.pause();
      settle(new ApiError('request_timeout', `The request body did not arrive within ${timeoutMs / 1000} s.`));
    }, timeoutMs);
    const settle = (outcome: Buffer | ApiError | undefined) => {
      clearTimeout(timer);
      request.off('data', onData).off('end', onEnd).off('error', onGone).off('aborted', onGone);
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // Stop reading without destroying the socket: the 413 must still go out on it.
        request.pause();
        settle(tooLarge());
      } else chunks.push(chunk);
    };
    const onEnd = () => settle(Buffer.concat(chunks, size));
    const onGone = () => settle(undefined);
    request.on('data', onData).on('end', onEnd).on('error', onGone).on('aborted', onGone);
  });
}
