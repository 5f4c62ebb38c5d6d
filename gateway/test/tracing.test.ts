import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ROOT_CONTEXT, context, propagation, trace } from '@opentelemetry/api';
import { createLogger } from '@platform/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectTraceContext, startTracing } from '../src/observability/tracing.ts';

// Obtained before tracing starts, as Apollo Gateway's and the platform's module-level tracers are.
const earlyTracer = trace.getTracer('early');
const logger = createLogger('silent');

/** The process's tracing (test/e2e/tracing.test.ts follows requests through a whole platform). */
describe('tracing', () => {
  let collector: Server;
  const exported: Array<{ name: string; traceId: string; spanId: string; parentSpanId?: string }> = [];
  let tracesUrl: string;

  beforeAll(async () => {
    collector = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { resourceSpans: Array<{ scopeSpans: Array<{ spans: typeof exported }> }> };
        exported.push(...body.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)));
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    tracesUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}/v1/traces`;
  });
  afterAll(() => new Promise<void>((resolve) => collector.close(() => resolve())));

  it('is off without settings: spans record nothing and no trace context is sent', async () => {
    expect(await startTracing(undefined, logger)).toBeUndefined();
    const span = earlyTracer.startSpan('not recorded');
    expect(span.isRecording()).toBe(false);
    expect(context.with(trace.setSpan(context.active(), span), () => injectTraceContext({}))).toEqual({});
    span.end();
  });

  it('starts once per process, and tracers obtained before the start export through it', async () => {
    const tracing = await startTracing({ tracesUrl, headers: {}, serviceName: 'unit' }, logger);
    // A start made again (after a database fault) keeps the provider every tracer already holds.
    expect(await startTracing({ tracesUrl, headers: {}, serviceName: 'unit' }, logger)).toBe(tracing);

    const caller = earlyTracer.startSpan('caller');
    const headers = context.with(trace.setSpan(context.active(), caller), () => injectTraceContext({ 'content-type': 'application/json' }));
    const { traceId, spanId } = caller.spanContext();
    expect(headers).toEqual({ 'content-type': 'application/json', traceparent: `00-${traceId}-${spanId}-01` });
    // The called process continues the caller's trace (its listener extracts the context as here: traceRequest).
    const callee = context.with(propagation.extract(ROOT_CONTEXT, headers), () => earlyTracer.startSpan('callee'));
    callee.end();
    caller.end();

    await tracing?.flush();
    expect(exported.find((span) => span.name === 'caller')).toMatchObject({ traceId, spanId });
    expect(exported.find((span) => span.name === 'callee')).toMatchObject({ traceId, parentSpanId: spanId });
  });
});
