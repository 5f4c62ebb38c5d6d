import type { IncomingMessage, ServerResponse } from 'node:http';
import { hostname } from 'node:os';
import { type Attributes, ROOT_CONTEXT, type Span, SpanKind, SpanStatusCode, context, createContextKey, propagation, trace } from '@opentelemetry/api';
import type { Logger, PlatformConfig } from '@platform/config';

/** The process's tracing, started by startTracing. */
export interface Tracing {
  /** Exports the spans queued so far (each batch bounded by EXPORT_TIMEOUT_MS): the platform's last act when it stops. */
  flush(): Promise<void>;
}

/** Spans waiting for export at most: past it new spans are dropped rather than held (a collector down costs no memory). */
const MAX_QUEUED_SPANS = 2048;
const EXPORT_BATCH_SPANS = 512;
const EXPORT_DELAY_MS = 2000;
/** One export request's bound, and so the longest a stop waits for the last spans. */
const EXPORT_TIMEOUT_MS = 10_000;
/** A collector that keeps refusing is logged once per this long, not once per batch. */
const EXPORT_FAILURE_LOG_MS = 60_000;

const tracer = trace.getTracer('platform');
/** The server span of the request being handled, for annotateRequestSpan. */
const REQUEST_SPAN = createContextKey('platform request span');
/**
 * Tracing belongs to the process, not to one start of the platform: the SDK is registered once
 * and never replaced, because tracers (Apollo Gateway's, this module's) hold on to the provider
 * they first met. A start made again in the same process (after a database fault) reuses it.
 */
let started: Promise<Tracing> | undefined;

/**
 * Starts OpenTelemetry tracing in this process when `tracing` is configured (OTEL_EXPORTER_OTLP_ENDPOINT
 * or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT): the SDK registered as the global tracer provider, so
 * the spans of the platform, of Apollo Gateway (`gateway.*`, through the same @opentelemetry/api
 * 1.x) and of Prisma (`prisma:*`) are exported, in batches, as OTLP/HTTP JSON; W3C trace context
 * propagated; the active span carried across `await` by AsyncLocalStorage. Not configured,
 * nothing is loaded or started and no connection is ever opened: every span call of the platform
 * stays the API's no-op.
 */
export function startTracing(settings: PlatformConfig['tracing'], logger: Logger): Promise<Tracing | undefined> {
  if (!settings) return Promise.resolve(undefined);
  started ??= registerTracing(settings, logger);
  return started;
}

async function registerTracing(settings: NonNullable<PlatformConfig['tracing']>, logger: Logger): Promise<Tracing> {
  const [{ BatchSpanProcessor, NodeTracerProvider, ParentBasedSampler, SamplingDecision }, { OTLPTraceExporter }, { Resource }, { W3CTraceContextPropagator, setGlobalErrorHandler }, { PrismaInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/core'),
    import('@prisma/instrumentation'),
  ]);
  const exporter = new OTLPTraceExporter({ url: settings.tracesUrl, headers: settings.headers, timeoutMillis: EXPORT_TIMEOUT_MS });
  const provider = new NodeTracerProvider({
    resource: new Resource({ 'service.name': settings.serviceName, 'service.instance.id': `${hostname()}/${process.pid}` }),
    // A caller's `traceparent` decides for its request (sampled or not); everything else is
    // recorded, except a trace that would start with a statement of Prisma's: the polls of the
    // background loops (the event dispatch, the audit chainer, the schedules) would make one every
    // second. A statement is recorded as part of the work that made it.
    sampler: new ParentBasedSampler({
      root: { shouldSample: (_parent, _traceId, name) => ({ decision: name.startsWith('prisma:') ? SamplingDecision.NOT_RECORD : SamplingDecision.RECORD_AND_SAMPLED }), toString: () => 'NoPrismaRoots' },
    }),
    spanProcessors: [new BatchSpanProcessor(exporter, { maxQueueSize: MAX_QUEUED_SPANS, maxExportBatchSize: EXPORT_BATCH_SPANS, scheduledDelayMillis: EXPORT_DELAY_MS, exportTimeoutMillis: EXPORT_TIMEOUT_MS })],
  });
  // The context manager is NodeTracerProvider's default: AsyncLocalStorage.
  provider.register({ propagator: new W3CTraceContextPropagator() });
  // Enabled as it is made: Prisma's client looks the instrumentation up at each query.
  new PrismaInstrumentation();
  let lastFailureLogged = 0;
  setGlobalErrorHandler((error) => {
    if (Date.now() - lastFailureLogged < EXPORT_FAILURE_LOG_MS) return;
    lastFailureLogged = Date.now();
    logger.warn({ err: error, traces_url: settings.tracesUrl }, 'traces could not be exported; spans are dropped while the collector does not take them');
  });
  logger.info({ traces_url: settings.tracesUrl, service: settings.serviceName }, 'exporting traces');
  return {
    // A collector that does not answer costs the last spans, never the rest of the stop.
    flush: () => provider.forceFlush().catch((error: unknown) => logger.warn({ err: error, traces_url: settings.tracesUrl }, 'the last traces could not be exported')),
  };
}

/**
 * Runs the handling of one HTTP request in a server span, a child of the caller's `traceparent`
 * when it sends one. Named by the method until the response ends, then `METHOD route` (`routeOf`:
 * a template, never the raw path); attributes per OpenTelemetry's HTTP conventions, the request id
 * and, once known, the tenant (annotateRequestSpan).
 */
export function traceRequest(request: IncomingMessage, response: ServerResponse, path: string, routeOf: () => string, handle: () => Promise<void>): Promise<void> {
  const method = request.method ?? 'GET';
  const parent = propagation.extract(ROOT_CONTEXT, request.headers);
  const span = tracer.startSpan(method, { kind: SpanKind.SERVER, attributes: { 'http.request.method': method, 'url.path': path } }, parent);
  // Tracing off, or a caller's trace not sampled: nothing to record at the end either.
  if (span.isRecording()) response.once('close', () => {
    const route = routeOf();
    span.updateName(`${method} ${route}`);
    span.setAttributes({ 'http.route': route, 'http.response.status_code': response.statusCode, 'platform.request_id': String(request.headers['x-request-id']) });
    if (response.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
  return context.with(trace.setSpan(parent, span).setValue(REQUEST_SPAN, span), handle);
}

/** Adds what the edge learnt (the tenant) to the server span of the request being handled, if any. */
export function annotateRequestSpan(attributes: Attributes): void {
  (context.active().getValue(REQUEST_SPAN) as Span | undefined)?.setAttributes(attributes);
}

/** Adds the active trace context (`traceparent`, `tracestate`) to the headers of a call to another process of the platform. */
export function injectTraceContext(headers: Record<string, string>): Record<string, string> {
  propagation.inject(context.active(), headers);
  return headers;
}
