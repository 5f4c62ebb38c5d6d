import { randomBytes } from 'node:crypto';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type PrismaClient, createPrismaClient, migrateDatabase } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import { createOAuthClient, createTenantPair } from '@platform/subgraph-identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlatformProcess, TEST_SECRETS_KEY, accessTokenFrom, spawnPlatform } from '../support/platform-process.ts';
import { eventually } from '../support/fixtures.ts';
import { startRecorder } from '../support/http-recorder.ts';
import { type ExportedSpan, ancestry, spansOf } from '../support/otlp.ts';

/**
 * OpenTelemetry traces (docs/reliability.md, "Traces"): a platform process exporting to an OTLP/HTTP
 * receiver on loopback continues a client's trace through the edge, Apollo Gateway's planning and
 * fetches, the subgraphs and their database statements, and into the webhook deliveries of the
 * change a request made; a process without OTEL_EXPORTER_OTLP_ENDPOINT exports nothing, connects
 * to nothing for it and adds no `traceparent` to its webhooks.
 */

const SERVER = 2;
const CLIENT = 3;
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

describe('OpenTelemetry traces', () => {
  let database: FreshDatabase;
  let prisma: PrismaClient;
  let collector: Awaited<ReturnType<typeof startRecorder>>;
  let webhooks: Awaited<ReturnType<typeof startRecorder>>;
  let dataDir: string;
  const env = (url: string) => ({ DATABASE_URL: url, SEED_DEMO: 'false', WEBHOOK_ALLOWED_PRIVATE_NETWORKS: '127.0.0.0/8', SECRETS_KEY: TEST_SECRETS_KEY });

  beforeAll(async () => {
    database = await freshDatabase({ prefix: 'tracing' });
    await migrateDatabase(database.url);
    prisma = createPrismaClient(database.url, 2);
    collector = await startRecorder('{}');
    webhooks = await startRecorder('ok');
    dataDir = await mkdtemp(join(tmpdir(), 'tracing-'));
  }, 120_000);
  afterAll(async () => {
    await collector?.close();
    await webhooks?.close();
    await prisma?.$disconnect();
    await database?.dispose();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** A sandbox tenant (its webhook endpoints may be plain HTTP) with CRM, inventory and webhook scopes, and its request headers on `instance`. */
  async function account(instance: PlatformProcess) {
    const { sandbox } = await createTenantPair(prisma, { name: `Tracing ${hex(3)}`, plan: 'enterprise' });
    const client = await createOAuthClient(prisma, { tenantId: sandbox.id, scopes: ['crm:read', 'crm:write', 'inventory:read', 'inventory:write', 'webhooks:read', 'webhooks:write', 'workflows:read', 'workflows:write'] });
    const headers = { authorization: `Bearer ${await accessTokenFrom(instance, client)}`, 'x-service-tenant': sandbox.id, 'content-type': 'application/json' };
    const post = async (path: string, body: unknown, extra: Record<string, string> = {}) => {
      const response = await fetch(`${instance.url}${path}`, { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body) });
      const text = await response.text();
      expect(response.status, `${path}: ${text}`).toBeLessThan(300);
      return JSON.parse(text) as { id: string; data?: unknown };
    };
    await post('/v1/events/webhook-endpoints', { url: `${webhooks.url}/hooks/${sandbox.id}`, event_types: ['order.created'] });
    const warehouse = await post('/v1/inventory/warehouses', { name: 'Main' });
    await post('/v1/inventory/items', { id: 'TRACE-1', name: 'Traced item', quantity_on_hand: 100, reorder_point: 0, warehouse_id: warehouse.id });
    const customer = await post('/v1/crm/customers', { name: 'Trace Corp', currency: 'EUR' });
    const createOrder = (traceparent: string) => post('/v1/crm/orders', { kind: 'sales', customer_id: customer.id, lines: [{ item_id: 'TRACE-1', quantity: 2, unit_price: 100 }] }, { traceparent });
    return { tenantId: sandbox.id, post, createOrder };
  }

  const deliveriesTo = (tenantId: string) => webhooks.received.filter((request) => request.body.includes('"order.created"') && request.body.includes(tenantId));
  const workflowCallsTo = (tenantId: string) => webhooks.received.filter((request) => request.body.includes(`"workflow call ${tenantId}"`));

  it('continues a client trace through the edge, the planner, the subgraphs and the database, and into webhook deliveries', async () => {
    const platform = await spawnPlatform({ ...env(database.url), OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_SERVICE_NAME: 'platform-under-test', OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20collector-token' });
    let stopped = false;
    try {
      const { tenantId, post, createOrder } = await account(platform);

      // A change: its event's delivery joins the trace of the request that made it.
      const changeTrace = hex(16);
      await createOrder(`00-${changeTrace}-${hex(8)}-01`);
      const delivery = await eventually(() => deliveriesTo(tenantId)[0], 20_000, 'the order.created delivery');

      // A read across subgraphs (orders in CRM, their items in inventory), planned by the gateway.
      const readTrace = hex(16);
      const clientSpan = hex(8);
      const read = await post('/graphql', { query: 'query TracedOrders { orders(kind: sales) { data { number customer { name } lines { quantity item { name warehouse { name } } } } } }' }, { traceparent: `00-${readTrace}-${clientSpan}-01` });
      expect(JSON.stringify(read.data)).toContain('Traced item');

      // A workflow's HTTP step (run by the job workers): a client span whose traceparent its request carries.
      const workflow = await post('/v1/workflows', { name: 'Traced call', scopes: ['crm:read'], definition: { trigger: { type: 'manual' }, steps: [{ id: 'call', kind: 'http', method: 'POST', url: `${webhooks.url}/workflow`, body: `{ "note": "workflow call ${tenantId}" }` }] } });
      await post(`/v1/workflows/${workflow.id}/runs`, { input: {} });
      const workflowCall = await eventually(() => workflowCallsTo(tenantId)[0], 20_000, "the workflow's HTTP call");

      // Stopping exports what is still queued.
      expect(await platform.stop()).toBe(0);
      stopped = true;
      expect(collector.received.length).toBeGreaterThan(0);
      expect(collector.received.every((request) => request.headers.authorization === 'Bearer collector-token' && request.headers['content-type'] === 'application/json')).toBe(true);
      const spans = spansOf(collector.received);
      const byId = new Map(spans.map((span) => [span.spanId, span]));
      expect(new Set(spans.map((span) => span.service))).toEqual(new Set(['platform-under-test']));

      // The read: the edge's server span is the child of the client's span ...
      const readSpans = spans.filter((span) => span.traceId === readTrace);
      const edge = readSpans.find((span) => span.kind === SERVER) as ExportedSpan;
      expect(edge, readSpans.map((span) => span.name).join(', ')).toBeDefined();
      expect(edge).toMatchObject({ name: 'POST /graphql', parentSpanId: clientSpan, attributes: { 'http.request.method': 'POST', 'http.route': '/graphql', 'url.path': '/graphql', 'http.response.status_code': 200, 'tenant.id': tenantId } });
      expect(edge.attributes['platform.request_id']).toMatch(/^req_/);
      // ... and every other span of the trace descends from it: the planner's, each subgraph's, each statement's.
      for (const span of readSpans) expect(ancestry(span, byId).at(-1), span.name).toBe(edge);
      const names = new Set(readSpans.map((span) => span.name));
      for (const name of ['gateway.request', 'gateway.plan', 'gateway.execute', 'gateway.fetch', 'subgraph.execute crm', 'subgraph.execute inventory', 'prisma:client:db_query']) expect(names, [...names].join(', ')).toContain(name);
      // A statement of the inventory subgraph: edge → gateway → fetch → subgraph → Prisma.
      const itemStatement = readSpans.find((span) => span.name === 'prisma:client:db_query' && String(span.attributes['db.query.text']).includes('inventory_items')) as ExportedSpan;
      expect(itemStatement).toBeDefined();
      const chain = ancestry(itemStatement, byId).map((span) => span.name);
      expect(chain.indexOf('subgraph.execute inventory')).toBeGreaterThan(0);
      expect(chain.indexOf('gateway.fetch')).toBeGreaterThan(chain.indexOf('subgraph.execute inventory'));
      expect(chain.indexOf('gateway.request')).toBeGreaterThan(chain.indexOf('gateway.fetch'));
      expect(chain.at(-1)).toBe('POST /graphql');

      // The change's delivery: its request carried the traceparent of its own client span, in the change's trace.
      const traceparent = String(delivery.headers.traceparent);
      expect(traceparent).toMatch(new RegExp(`^00-${changeTrace}-[0-9a-f]{16}-01$`));
      const deliverySpan = byId.get(traceparent.split('-')[2] as string) as ExportedSpan;
      expect(deliverySpan).toMatchObject({ name: 'POST webhook', kind: CLIENT, traceId: changeTrace, attributes: { 'http.request.method': 'POST', 'server.address': '127.0.0.1', 'http.response.status_code': 200, 'event.type': 'order.created', 'tenant.id': tenantId } });
      // It descends from the order's creation (whose span has ended long before).
      const creation = ancestry(deliverySpan, byId).at(-1) as ExportedSpan;
      expect(creation).toMatchObject({ kind: SERVER, traceId: changeTrace, attributes: { 'http.request.method': 'POST', 'url.path': '/v1/crm/orders' } });
      // The creation's transaction runs over node-postgres, not Prisma: its statements are spans of the request all the same.
      const changeSpans = spans.filter((span) => span.traceId === changeTrace);
      const transaction = changeSpans.find((span) => span.name === 'db.transaction') as ExportedSpan;
      expect(transaction, changeSpans.map((span) => span.name).join(', ')).toBeDefined();
      expect(ancestry(transaction, byId).at(-1)).toBe(creation);
      const insert = changeSpans.find((span) => span.name === 'db.query' && String(span.attributes['db.query.text']).includes('INSERT INTO orders')) as ExportedSpan;
      expect(insert).toMatchObject({ kind: CLIENT, parentSpanId: transaction.spanId, attributes: { 'db.system.name': 'postgresql' } });
      // The text only: the order's values are bound as parameters, never recorded.
      expect(JSON.stringify(insert.attributes)).not.toContain(tenantId);

      const [, workflowTrace, workflowSpanId] = String(workflowCall.headers.traceparent).split('-');
      expect(byId.get(workflowSpanId as string)).toMatchObject({ name: 'POST workflow', kind: CLIENT, traceId: workflowTrace, attributes: { 'http.request.method': 'POST', 'server.address': '127.0.0.1', 'http.response.status_code': 200 } });
    } finally {
      if (!stopped) await platform.stop();
    }
  }, 180_000);

  it('exports nothing, connects nowhere for it and adds no traceparent without OTEL_EXPORTER_OTLP_ENDPOINT', async () => {
    const recordFile = join(dataDir, 'connections.jsonl');
    const recorder = fileURLToPath(new URL('../support/record-connections.mjs', import.meta.url));
    const exportsBefore = collector.received.length;
    // Everything but the endpoint: nothing else turns tracing on.
    const platform = await spawnPlatform({ ...env(database.url), OTEL_SERVICE_NAME: 'platform-untraced', OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20collector-token', RECORD_CONNECTIONS_TO: recordFile }, { nodeOptions: ['--import', recorder] });
    let exitCode: number | null = null;
    try {
      const { tenantId, post, createOrder } = await account(platform);
      await createOrder(`00-${hex(16)}-${hex(8)}-01`);
      const delivery = await eventually(() => deliveriesTo(tenantId)[0], 20_000, 'the order.created delivery');
      expect(delivery.headers.traceparent).toBeUndefined();
      await post('/graphql', { query: '{ orders(kind: sales) { data { number lines { item { name } } } } }' }, { traceparent: `00-${hex(16)}-${hex(8)}-01` });
    } finally {
      exitCode = await platform.stop();
    }
    expect(exitCode).toBe(0);
    expect(collector.received.length).toBe(exportsBefore);
    const server = new URL(database.url);
    const allowed = new Set([`${server.hostname}:${server.port || 5432}`, `127.0.0.1:${webhooks.port}`]);
    const tcp = (await readFile(recordFile, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { kind: string; destination: string })
      .filter((attempt) => attempt.kind !== 'dns' && !attempt.destination.startsWith('/'));
    // The recorder works: the webhook delivery is in the record (so are the database's connections when they are TCP ones).
    expect(tcp.length).toBeGreaterThan(0);
    expect(tcp.filter((attempt) => !allowed.has(attempt.destination))).toEqual([]);
  }, 180_000);
});
