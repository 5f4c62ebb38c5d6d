import { type PrismaClient, createPrismaClient, migrateDatabase } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import { createOAuthClient, createTenantPair } from '@platform/subgraph-identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEndpoint, eventually, publish, receivedExactly, startReceiver } from '../support/events.ts';
import { bearerParams, subscribeWs, wsClient } from '../support/subscriptions.ts';
import { type ApiClient, apiClient } from '../support/fixtures.ts';
import { type PlatformProcess, TEST_SECRETS_KEY, accessTokenFrom, spawnPlatform } from '../support/platform-process.ts';

const METRICS_TOKEN = 'metrics-token-of-the-metrics-test';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition. */
function samplesOf(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [, name, labels = '', value] = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line) ?? [];
      return { name: name as string, labels: Object.fromEntries([...labels.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, labelValue]) => [key, labelValue])), value: Number(value) };
    });
}

/**
 * The metrics at `/metrics` of a platform of its own (with METRICS_TOKEN), after real traffic: a
 * REST list call, a GraphQL named operation, refusals (bad input, a tenant's rate limit, failed
 * client authentications), webhook deliveries to loopback receivers (one delivered, one failing
 * until it gives up), a deferred job; each series read with its labels and seen moving.
 */
describe('Prometheus metrics', () => {
  let database: FreshDatabase;
  let prisma: PrismaClient;
  let platform: PlatformProcess;
  let api: ApiClient;
  let sandbox: ApiClient;

  beforeAll(async () => {
    database = await freshDatabase({ prefix: 'metrics' });
    await migrateDatabase(database.url);
    prisma = createPrismaClient(database.url, 2);
    platform = await spawnPlatform({
      DATABASE_URL: database.url,
      SEED_DEMO: 'false',
      METRICS_TOKEN,
      SECRETS_KEY: TEST_SECRETS_KEY,
      WEBHOOK_ALLOWED_PRIVATE_NETWORKS: '127.0.0.0/8,::1/128',
      WEBHOOK_RETRY_SCHEDULE: '1,1',
      FAILED_AUTHENTICATIONS_PER_CLIENT_PER_MINUTE: '2',
    });
    const { production, sandbox: sandboxTenant } = await createTenantPair(prisma, { name: 'Metrics', plan: 'enterprise' });
    const scopes = ['inventory:read', 'inventory:write', 'events:read', 'events:write', 'webhooks:read', 'webhooks:write'];
    const client = await createOAuthClient(prisma, { tenantId: production.id, scopes });
    const sandboxClient = await createOAuthClient(prisma, { tenantId: sandboxTenant.id, scopes });
    api = apiClient(await accessTokenFrom(platform, client), production.id, platform.url);
    sandbox = apiClient(await accessTokenFrom(platform, sandboxClient), sandboxTenant.id, platform.url);
  }, 120_000);
  afterAll(async () => {
    await platform?.stop();
    await prisma?.$disconnect();
    await database?.dispose();
  });

  async function scrape(): Promise<Sample[]> {
    const response = await fetch(`${platform.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.status).toBe(200);
    return samplesOf(await response.text());
  }
  /** The sum of the samples of `name` carrying `labels` (among others); undefined when there is none. */
  function valueIn(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
    const matching = samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
    return matching.length === 0 ? undefined : matching.reduce((sum, sample) => sum + sample.value, 0);
  }
  /** How much `work` moved each of `series` (a missing series counts as 0). */
  async function moved(series: Array<[string, Record<string, string>]>, work: () => Promise<unknown>): Promise<number[]> {
    const before = await scrape();
    await work();
    const after = await scrape();
    return series.map(([name, labels]) => (valueIn(after, name, labels) ?? 0) - (valueIn(before, name, labels) ?? 0));
  }

  it('times a REST list call under its route template, and a refused one under its own with its code', async () => {
    const missing = 'itm_metrics_not_there';
    const [listed, notFound, notFoundErrors, unmatched] = await moved(
      [
        ['platform_http_request_duration_seconds_count', { method: 'GET', route: '/v1/inventory/items', status: '200' }],
        ['platform_http_request_duration_seconds_count', { method: 'GET', route: '/v1/inventory/items/{id}', status: '404' }],
        ['platform_errors_total', { code: 'not_found', surface: 'rest' }],
        ['platform_http_request_duration_seconds_count', { route: 'unmatched', status: '404' }],
      ],
      async () => {
        expect((await api.get('/v1/inventory/items?per_page=5')).status).toBe(200);
        expect((await api.get(`/v1/inventory/items/${missing}`)).status).toBe(404);
        expect((await api.get('/v1/zz-no-such-path/zz-4711')).status).toBe(404);
      },
    );
    expect([listed, notFound, notFoundErrors, unmatched]).toEqual([1, 1, 1, 1]);
    const samples = await scrape();
    const sum = valueIn(samples, 'platform_http_request_duration_seconds_sum', { method: 'GET', route: '/v1/inventory/items', status: '200' }) ?? 0;
    expect(sum).toBeGreaterThan(0);
    // Routes are templates: no raw path (ids, unknown segments) becomes a label.
    const routes = new Set(samples.filter((sample) => sample.name === 'platform_http_request_duration_seconds_count').map((sample) => sample.labels.route));
    expect([...routes].filter((route) => route?.includes(missing) || route?.includes('zz-'))).toEqual([]);
  });

  it('counts a GraphQL named operation by type and name, with its duration, and the codes of its errors', async () => {
    const [named, timed, http, anonymous, invalid] = await moved(
      [
        ['platform_graphql_operations_total', { operation_type: 'query', operation_name: 'MetricsItems' }],
        ['platform_graphql_operation_duration_seconds_count', { operation_type: 'query', operation_name: 'MetricsItems' }],
        ['platform_http_request_duration_seconds_count', { method: 'POST', route: '/graphql', status: '200' }],
        ['platform_graphql_operations_total', { operation_type: 'query', operation_name: '(anonymous)' }],
        ['platform_errors_total', { code: 'query_invalid', surface: 'graphql' }],
      ],
      async () => {
        const answer = (await (await api.graphql('query MetricsItems { inventory_items(per_page: 1) { meta { total } } }')).json()) as { data?: unknown; errors?: unknown };
        expect(answer.errors).toBeUndefined();
        const refused = (await (await api.graphql('{ inventory_items { no_such_field } }')).json()) as { errors: Array<{ extensions: { code: string } }> };
        expect(refused.errors[0]?.extensions.code).toBe('query_invalid');
      },
    );
    expect([named, timed, anonymous, invalid]).toEqual([1, 1, 1, 1]);
    expect(http).toBeGreaterThanOrEqual(1);
  });

  it('counts REST refusals of bad input by their problem code', async () => {
    const before = await scrape();
    const response = await api.send('POST', '/v1/inventory/items', { sku: '' });
    const { code, status } = (await response.json()) as { code: string; status: number };
    expect([response.status, status]).toEqual([400, 400]);
    const after = await scrape();
    expect((valueIn(after, 'platform_errors_total', { code, surface: 'rest' }) ?? 0) - (valueIn(before, 'platform_errors_total', { code, surface: 'rest' }) ?? 0)).toBe(1);
  });

  it('counts refusals over graphql-ws under the subscription surface: a start and a connection', async () => {
    const [scope, token] = await moved(
      [
        ['platform_errors_total', { code: 'insufficient_scope', surface: 'subscription' }],
        ['platform_errors_total', { code: 'invalid_token', surface: 'subscription' }],
      ],
      async () => {
        const allowed = wsClient(platform.url, bearerParams(api));
        // The client may receive events but not the CRM's.
        const refused = subscribeWs(allowed.client, 'subscription { events(types: ["order.created"]) { id } }');
        expect(await refused.failed).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'insufficient_scope' }) })]);
        await allowed.client.dispose();
        const forged = wsClient(platform.url, { ...bearerParams(api), Authorization: 'Bearer not-a-token' });
        expect(await forged.closed).toMatchObject({ code: 4401, reason: 'invalid_token' });
      },
    );
    expect([scope, token]).toEqual([1, 1]);
  });

  it('counts each refusal of a tenant’s rate limit, and of failed client authentications past their limit', async () => {
    const { production } = await createTenantPair(prisma, { name: 'Metrics limited', plan: 'launch' });
    await prisma.tenant.update({ where: { id: production.id }, data: { rate_limit_per_second: 2, rate_limit_per_minute: 1000 } });
    const client = await createOAuthClient(prisma, { tenantId: production.id, scopes: ['inventory:read'] });
    const limited = apiClient(await accessTokenFrom(platform, client), production.id, platform.url);
    let refusedRequests = 0;
    let refusedGuesses = 0;
    const [requests, rateLimited, guesses] = await moved(
      [
        ['platform_rate_limit_refusals_total', { kind: 'requests' }],
        ['platform_errors_total', { code: 'rate_limited', surface: 'rest' }],
        ['platform_rate_limit_refusals_total', { kind: 'failed_authentications' }],
      ],
      async () => {
        const statuses = await Promise.all(Array.from({ length: 6 }, async () => (await limited.get('/v1/inventory/items?per_page=1')).status));
        refusedRequests = statuses.filter((status) => status === 429).length;
        for (let attempt = 0; attempt < 4; attempt++) {
          const response = await fetch(`${platform.url}/v1/oauth/token`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'cl_metrics_guessed', client_secret: `wrong-${attempt}` }),
          });
          if (response.status === 429) refusedGuesses++;
        }
      },
    );
    expect(refusedRequests).toBeGreaterThanOrEqual(1);
    expect(refusedGuesses).toBeGreaterThanOrEqual(1);
    expect([requests, rateLimited, guesses]).toEqual([refusedRequests, refusedRequests, refusedGuesses]);
  });

  it('counts webhook delivery outcomes and their durations, and the delivery jobs’ waits and run times', async () => {
    const receiver = await startReceiver();
    const failing = await startReceiver();
    failing.always(500);
    const series: Array<[string, Record<string, string>]> = [
      ['platform_webhook_deliveries_total', { outcome: 'delivered' }],
      ['platform_webhook_deliveries_total', { outcome: 'retrying' }],
      ['platform_webhook_deliveries_total', { outcome: 'gave_up' }],
      ['platform_webhook_delivery_duration_seconds_count', { outcome: 'delivered' }],
      ['platform_job_wait_seconds_count', { queue: 'webhook-delivery' }],
      ['platform_job_run_seconds_count', { queue: 'webhook-delivery', outcome: 'completed' }],
    ];
    const before = await scrape();
    await createEndpoint(sandbox, { url: receiver.url, event_types: ['custom.metrics.delivered'] });
    await createEndpoint(sandbox, { url: failing.url, event_types: ['custom.metrics.failing'] });
    await publish(sandbox, 'custom.metrics.delivered', { n: 1 });
    await publish(sandbox, 'custom.metrics.failing', { n: 2 });
    await receivedExactly(receiver, 1);
    // The first attempt and both retries of the schedule (1 s, 1 s), then the endpoint is disabled.
    await receivedExactly(failing, 3);
    const deltas = await eventually(async () => {
      const after = await scrape();
      const moves = series.map(([name, labels]) => (valueIn(after, name, labels) ?? 0) - (valueIn(before, name, labels) ?? 0));
      return moves[2] === 1 ? moves : undefined;
    }, 20_000, 'the failing delivery given up');
    const [delivered, retrying, gaveUp, timed, waited, ran] = deltas as number[];
    expect([delivered, retrying, gaveUp, timed]).toEqual([1, 2, 1, 1]);
    // Four delivery jobs ran (at least: a job may run twice).
    expect(waited).toBeGreaterThanOrEqual(4);
    expect(ran).toBeGreaterThanOrEqual(4);
    expect(valueIn(await scrape(), 'platform_jobs_running', { queue: 'webhook-delivery' })).toBe(0);
  });

  it('reads queue depths (waiting and deferred) and the database pools at scrape time', async () => {
    const [deferred] = await prisma.$queryRaw<Array<{ id: string }>>`INSERT INTO pgboss.job (name, data, start_after) VALUES ('event-retention', '{}'::jsonb, now() + interval '1 hour') RETURNING id::text`;
    try {
      const samples = await scrape();
      expect(valueIn(samples, 'platform_job_queue_depth', { queue: 'event-retention', state: 'deferred' })).toBe(1);
      expect(valueIn(samples, 'platform_job_queue_depth', { queue: 'webhook-delivery', state: 'waiting' })).toBeGreaterThanOrEqual(0);
    } finally {
      await prisma.$executeRaw`DELETE FROM pgboss.job WHERE id = ${deferred?.id}::uuid`;
    }
    expect(valueIn(await scrape(), 'platform_job_queue_depth', { queue: 'event-retention', state: 'deferred' })).toBe(0);

    expect((await api.get('/v1/inventory/items?per_page=1')).status).toBe(200);
    const samples = await scrape();
    expect(valueIn(samples, 'platform_db_pool_max_connections', { pool: 'platform' })).toBe(10);
    expect(valueIn(samples, 'platform_db_pool_max_connections', { pool: 'platform-jobs' })).toBe(4);
    const open = valueIn(samples, 'platform_db_pool_connections', { pool: 'platform' }) ?? 0;
    expect(open).toBeGreaterThanOrEqual(1);
    expect(valueIn(samples, 'platform_db_pool_idle_connections', { pool: 'platform' })).toBeLessThanOrEqual(open);
    expect(valueIn(samples, 'platform_db_pool_waiting', { pool: 'platform' })).toBe(0);
  });
});
