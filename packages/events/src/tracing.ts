// OpenTelemetry through its API only. Until a process registers the SDK (OTEL_EXPORTER_OTLP_ENDPOINT,
// gateway/src/observability/tracing.ts) every call here is a no-op: no span, no header added,
// nothing stored.
import { type Attributes, type Context, ROOT_CONTEXT, SpanKind, SpanStatusCode, context, propagation } from '@opentelemetry/api';
import { inSpan } from '@platform/config';

/** A W3C trace context as carried in headers and stored with an event: `traceparent`, maybe `tracestate`. */
export type TraceCarrier = Record<string, string>;

/** The trace context of the active span, to continue its trace later (an event's deliveries); undefined when nothing is traced. */
export function activeTraceContext(): TraceCarrier | undefined {
  const carrier: TraceCarrier = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? carrier : undefined;
}

/** The context a stored trace context (activeTraceContext's) continues: a new trace when there is none. */
export function storedTraceContext(stored: unknown): Context {
  return stored !== null && typeof stored === 'object' ? propagation.extract(ROOT_CONTEXT, stored) : ROOT_CONTEXT;
}

/**
 * An outbound HTTP request of the platform (a webhook delivery, a connector's call, a workflow's
 * HTTP step) as a client span named `METHOD purpose`: `send` gets the headers carrying the span's
 * `traceparent` (none when tracing is off), `statusOf` reads the answer's status from its result
 * (null: no answer). Only the host and port are recorded, never the URL, whose path or query may
 * hold a receiver's secret.
 */
export function outboundRequest<T>(
  purpose: 'webhook' | 'connector' | 'workflow',
  method: string,
  target: URL,
  options: { parent?: Context; attributes?: Attributes },
  send: (traceHeaders: TraceCarrier) => Promise<T>,
  statusOf: (result: T) => number | null | undefined,
): Promise<T> {
  const attributes = { 'http.request.method': method, 'server.address': target.hostname, 'server.port': Number(target.port) || (target.protocol === 'https:' ? 443 : 80), ...options.attributes };
  return inSpan(`${method} ${purpose}`, { kind: SpanKind.CLIENT, attributes, parent: options.parent }, async (span) => {
    const traceHeaders: TraceCarrier = {};
    propagation.inject(context.active(), traceHeaders);
    const result = await send(traceHeaders);
    const status = statusOf(result);
    if (typeof status === 'number') span.setAttribute('http.response.status_code', status);
    if (typeof status !== 'number' || status >= 400) span.setStatus({ code: SpanStatusCode.ERROR, message: typeof status === 'number' ? `HTTP ${status}` : 'no answer' });
    return result;
  });
}
