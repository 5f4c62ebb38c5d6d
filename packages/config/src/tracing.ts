import { type Attributes, type Context, type Span, SpanKind, SpanStatusCode, context, trace } from '@opentelemetry/api';

/**
 * OpenTelemetry through its API only. Until a process registers the SDK (OTEL_EXPORTER_OTLP_ENDPOINT,
 * gateway/src/observability/tracing.ts) every call here is a no-op: no span is made or stored.
 */
const tracer = trace.getTracer('platform');

/**
 * Runs `work` in a new span, active while it runs (a child of the active span, or of `parent`),
 * ended when `work` settles; a failure is recorded on the span and thrown on.
 */
export function inSpan<T>(name: string, options: { kind?: SpanKind; attributes?: Attributes; parent?: Context }, work: (span: Span) => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes }, options.parent ?? context.active(), async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}
