import { DEFAULT_DATABASE_TIMEOUTS, createBoundedPool } from '@platform/db';
import { describe, expect, it } from 'vitest';
import { ANONYMOUS_OPERATION, OTHER_OPERATION, PlatformMetrics } from '../src/observability/metrics.ts';
import { UNMATCHED_ROUTE, routeLabeller } from '../src/observability/routes.ts';

/** The value of the one series of `name` whose labels are exactly `labels` as written (prom-client writes them in labelNames order), if any. */
async function valueOf(metrics: PlatformMetrics, name: string, labels: string): Promise<number | undefined> {
  const text = await metrics.registry.metrics();
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}{${labels}} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('route labels', () => {
  const routeOf = routeLabeller(['/graphql', '/v1/crm/orders', '/v1/crm/orders/{id}', '/v1/crm/orders/aggregate', '/v1/workflows/{workflow_id}/runs/{id}', '/console/*', '/healthz']);

  it('names the template a path matches, a literal segment before a parameter', () => {
    expect(routeOf('/v1/crm/orders/ord_123')).toBe('/v1/crm/orders/{id}');
    expect(routeOf('/v1/crm/orders/aggregate')).toBe('/v1/crm/orders/aggregate');
    expect(routeOf('/v1/crm/orders')).toBe('/v1/crm/orders');
    expect(routeOf('/v1/workflows/wf_1/runs/run_2')).toBe('/v1/workflows/{workflow_id}/runs/{id}');
    expect(routeOf('/graphql')).toBe('/graphql');
  });

  it('matches a final * on the path itself and anything below it', () => {
    expect(routeOf('/console')).toBe('/console/*');
    expect(routeOf('/console/assets/index.0123abcd.js')).toBe('/console/*');
  });

  it('never gives a raw path: anything else is unmatched', () => {
    for (const path of ['/v1/crm/orders/', '/v1/crm/orders//cancel', '/v1/crm/orders/ord_1/cancel', '/v1/nothing/here', '/', '', 'v1/crm/orders', '/healthz/x', '/graphql/']) {
      expect(routeOf(path), path).toBe(UNMATCHED_ROUTE);
    }
  });
});

describe('platform metrics', () => {
  it('gives operation names a series each up to a bound, then counts them as (other); unnamed ones as (anonymous)', async () => {
    const metrics = new PlatformMetrics();
    for (let index = 0; index < 100; index++) metrics.observeOperation('query', `Op${index}`, 0.01);
    metrics.observeOperation('query', 'OneTooMany', 0.01);
    metrics.observeOperation('query', 'Op7', 0.01);
    metrics.observeOperation('mutation', undefined, 0.01);
    metrics.observeOperation('query', `Long${'x'.repeat(100)}`, 0.01);
    expect(await valueOf(metrics, 'platform_graphql_operations_total', 'operation_type="query",operation_name="Op7"')).toBe(2);
    expect(await valueOf(metrics, 'platform_graphql_operations_total', 'operation_type="query",operation_name="OneTooMany"')).toBeUndefined();
    expect(await valueOf(metrics, 'platform_graphql_operations_total', `operation_type="query",operation_name="${OTHER_OPERATION}"`)).toBe(2);
    expect(await valueOf(metrics, 'platform_graphql_operations_total', `operation_type="mutation",operation_name="${ANONYMOUS_OPERATION}"`)).toBe(1);
    expect(await valueOf(metrics, 'platform_graphql_operation_duration_seconds_count', 'operation_type="query",operation_name="Op7"')).toBe(2);
    expect((await metrics.registry.metrics()).match(/^platform_graphql_operations_total\{/gm)).toHaveLength(102);
  });

  it('counts error codes from the catalogue by their name, any other as unknown', async () => {
    const metrics = new PlatformMetrics();
    metrics.countError('rate_limited', 'rest');
    metrics.countError('SOMETHING_A_LIBRARY_SAID', 'graphql');
    expect(await valueOf(metrics, 'platform_errors_total', 'code="rate_limited",surface="rest"')).toBe(1);
    expect(await valueOf(metrics, 'platform_errors_total', 'code="unknown",surface="graphql"')).toBe(1);
  });

  it('reads the queue depths at each scrape, and leaves them out of a scrape when they cannot be read', async () => {
    const metrics = new PlatformMetrics();
    let depths: () => Promise<Array<{ queue: string; waiting: number; deferred: number }>> = async () => [{ queue: 'webhook-delivery', waiting: 3, deferred: 1 }];
    metrics.watchJobQueue({ depths: () => depths() });
    expect(await valueOf(metrics, 'platform_job_queue_depth', 'queue="webhook-delivery",state="waiting"')).toBe(3);
    expect(await valueOf(metrics, 'platform_job_queue_depth', 'queue="webhook-delivery",state="deferred"')).toBe(1);
    depths = () => Promise.reject(new Error('database unavailable'));
    expect(await valueOf(metrics, 'platform_job_queue_depth', 'queue="webhook-delivery",state="waiting"')).toBeUndefined();
    // The rest of the scrape is served.
    expect(await metrics.registry.metrics()).toMatch(/^platform_process_cpu_user_seconds_total \d/m);
  });

  it('counts running jobs, their waits and run times by queue and outcome', async () => {
    const metrics = new PlatformMetrics();
    metrics.jobStarted('sync', 0.2);
    metrics.jobStarted('sync', 0.3);
    expect(await valueOf(metrics, 'platform_jobs_running', 'queue="sync"')).toBe(2);
    metrics.jobEnded('sync', 1.5, false);
    metrics.jobEnded('sync', 0.5, true);
    expect(await valueOf(metrics, 'platform_jobs_running', 'queue="sync"')).toBe(0);
    expect(await valueOf(metrics, 'platform_job_wait_seconds_sum', 'queue="sync"')).toBeCloseTo(0.5);
    expect(await valueOf(metrics, 'platform_job_run_seconds_count', 'queue="sync",outcome="completed"')).toBe(1);
    expect(await valueOf(metrics, 'platform_job_run_seconds_count', 'queue="sync",outcome="failed"')).toBe(1);
  });

  it('reads the counts of the open database pools of the process at each scrape', async () => {
    const metrics = new PlatformMetrics();
    const pool = createBoundedPool('postgres://nobody@127.0.0.1:1/none', DEFAULT_DATABASE_TIMEOUTS, { max: 3, applicationName: 'metrics-test' });
    expect(await valueOf(metrics, 'platform_db_pool_max_connections', 'pool="metrics-test"')).toBe(3);
    expect(await valueOf(metrics, 'platform_db_pool_connections', 'pool="metrics-test"')).toBe(0);
    expect(await valueOf(metrics, 'platform_db_pool_idle_connections', 'pool="metrics-test"')).toBe(0);
    expect(await valueOf(metrics, 'platform_db_pool_waiting', 'pool="metrics-test"')).toBe(0);
    await pool.end();
    expect(await valueOf(metrics, 'platform_db_pool_max_connections', 'pool="metrics-test"')).toBeUndefined();
  });
});
