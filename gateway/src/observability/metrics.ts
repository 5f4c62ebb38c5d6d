import { timingSafeEqual } from 'node:crypto';
import { Counter, Registry, collectDefaultMetrics } from 'prom-client';

/** Where an unexpected failure was met: the label of `platform_unexpected_errors_total`. */
/** `process`: a promise that failed with nothing awaiting it (see main.ts). */
export type FailureSurface = 'http' | 'oauth' | 'rest' | 'graphql' | 'subgraph' | 'subscription' | 'process';

/**
 * The platform's Prometheus metrics (prom-client), served at `/metrics` to a scraper presenting
 * `METRICS_TOKEN` as a bearer token; without the setting the endpoint does not exist.
 */
export class PlatformMetrics {
  readonly registry = new Registry();
  readonly responses = new Counter({
    name: 'platform_http_responses_total',
    help: 'HTTP responses sent, by method and status.',
    labelNames: ['method', 'status'] as const,
    registers: [this.registry],
  });
  readonly unexpectedErrors = new Counter({
    name: 'platform_unexpected_errors_total',
    help: 'Failures answered as internal_error (a defect; each is logged at error level with its cause and request id), by surface.',
    labelNames: ['surface'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'platform_' });
  }

  /** Whether `authorization` carries the operator's metrics token (compared in constant time). */
  static authorized(authorization: string | undefined, token: string): boolean {
    const presented = Buffer.from(authorization?.replace(/^Bearer /i, '') ?? '');
    const expected = Buffer.from(token);
    return presented.length === expected.length && timingSafeEqual(presented, expected);
  }
}
