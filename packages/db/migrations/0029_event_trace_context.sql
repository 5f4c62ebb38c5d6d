-- Up Migration
-- Traces across the event bus (issue 15): the W3C trace context (`traceparent`, and `tracestate`
-- when there is one) of the span that emitted the event, when tracing is configured. Each webhook
-- delivery of the event is a span of that trace, and its request carries the delivery span's
-- `traceparent`, so a receiver's work joins the trace of the request that made the change. Null
-- when nothing traced the change (tracing off, or an event of a job). Never shown to consumers.
ALTER TABLE "events" ADD COLUMN "trace_context" JSONB;
