import type { Received } from './http-recorder.ts';

// What tests read of OpenTelemetry's export (received by an http-recorder on loopback): the spans.

/** A span as OTLP/HTTP JSON carries it (ids in hex), with its attributes flattened. */
export interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  service: unknown;
}

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type KeyValue = { key: string; value: AnyValue };
const valueOf = (value: AnyValue) => value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : (value.boolValue ?? value.doubleValue));
const attributesOf = (list: KeyValue[] = []) => Object.fromEntries(list.map(({ key, value }) => [key, valueOf(value)]));

export function spansOf(exports: Received[]): ExportedSpan[] {
  return exports.flatMap(({ body }) =>
    (JSON.parse(body) as { resourceSpans: Array<{ resource: { attributes: KeyValue[] }; scopeSpans: Array<{ spans: Array<Omit<ExportedSpan, 'attributes' | 'service'> & { attributes: KeyValue[] }> }> }> }).resourceSpans.flatMap((resourceSpans) =>
      resourceSpans.scopeSpans.flatMap((scope) => scope.spans.map((span) => ({ ...span, parentSpanId: span.parentSpanId ?? '', attributes: attributesOf(span.attributes), service: attributesOf(resourceSpans.resource.attributes)['service.name'] }))),
    ),
  );
}

/** The span's name and its ancestors' names, up to the first span whose parent was not exported (the trace's entry). */
export function ancestry(span: ExportedSpan, byId: Map<string, ExportedSpan>): ExportedSpan[] {
  const chain = [span];
  for (let parent = byId.get(span.parentSpanId); parent; parent = byId.get(parent.parentSpanId)) chain.push(parent);
  return chain;
}

