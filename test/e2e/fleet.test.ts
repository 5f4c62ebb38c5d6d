import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, readdir, readlink, writeFile } from 'node:fs/promises';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { serviceTokens } from '@platform/auth';
import { type PrismaClient, createPrismaClient, migrateDatabase } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import { type RedisServer, startRedisServer } from '@platform/rate-limit/testing';
import { createOAuthClient, createTenantPair } from '@platform/subgraph-identity';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../support/fixtures.ts';
import { type PlatformProcess, TEST_SECRETS_KEY, accessTokenFrom, repositoryRoot, spawnPlatform } from '../support/platform-process.ts';
import { type LiveSubscription, barrier, bearerParams, subscribeWs, wsClient } from '../support/subscriptions.ts';
import { eventually } from '../support/events.ts';
import { startRecorder } from '../support/http-recorder.ts';
import { type ExportedSpan, ancestry, spansOf } from '../support/otlp.ts';

/**
 * The platform as a fleet on loopback (issue 15): the subgraphs split across two subgraph services,
 * two edges and two job workers, all compiled processes started here over one PostgreSQL and one
 * redis-server, each loading the supergraph the build composed. What holds for one process must
 * hold across the fleet: the same answers through either edge, one rate limit, live events across
 * edges, each webhook delivered once, a complete audit trail; and faults are survived: an edge
 * killed under load, a job worker killed mid-delivery, a subgraph service restarted.
 */
const SERVICE_TOKEN_SECRET = 'fleet-test-service-token-secret-0123456789';
const SERVICE_A = ['identity', 'inventory', 'crm', 'events', 'analytics'];
const SERVICE_B = ['finance', 'integrations', 'workflows', 'ai', 'bulk'];
const METRICS_TOKEN = 'fleet-test-metrics-token';
const SCOPES = ['crm:read', 'crm:write', 'finance:read', 'finance:write', 'inventory:read', 'inventory:write', 'events:read', 'events:write', 'webhooks:read', 'webhooks:write', 'audit:read'];

describe('the platform as a fleet', { timeout: 120_000 }, () => {
  let redis: RedisServer;
  let database: FreshDatabase;
  let prisma: PrismaClient;
  const ports = new Map<string, number>();
  let env: Record<string, string>;
  const processes = new Map<string, PlatformProcess>();
  const clients: Client[] = [];
  let receiver: SlowReceiver;
  let collector: Awaited<ReturnType<typeof startRecorder>>;

  const start = async (name: string, roles: Record<string, string>) => {
    const instance = await spawnPlatform({ ...env, PORT: String(ports.get(name)), OTEL_SERVICE_NAME: name, ...roles }, { compiled: true });
    processes.set(name, instance);
    return instance;
  };
  const serviceA = () => start('subgraphs-a', { ROLES: 'subgraphs', SUBGRAPHS: SERVICE_A.join(',') });
  const serviceB = () => start('subgraphs-b', { ROLES: 'subgraphs', SUBGRAPHS: SERVICE_B.join(',') });
  const edge = (name: string) => processes.get(name) as PlatformProcess;

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['gateway/scripts/build.mjs', '--if-stale'], { cwd: repositoryRoot, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    redis = await startRedisServer();
    database = await freshDatabase({ prefix: 'fleet' });
    await migrateDatabase(database.url);
    prisma = createPrismaClient(database.url, 2);
    receiver = await startSlowReceiver();
    collector = await startRecorder('{}');
    for (const name of ['subgraphs-a', 'subgraphs-b', 'edge-1', 'edge-2', 'jobs-1', 'jobs-2']) ports.set(name, await freePort());
    const urlOf = (service: string, names: string[]) => names.map((name) => `${name}=http://127.0.0.1:${ports.get(service)}/subgraphs/${name}`);
    env = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      SEED_DEMO: 'false',
      PUBLIC_URL: 'http://127.0.0.1:4996',
      SECRETS_KEY: TEST_SECRETS_KEY,
      SERVICE_TOKEN_SECRET,
      SUPERGRAPH_PATH: 'gateway/dist/supergraph.graphql',
      WEBHOOK_ALLOWED_PRIVATE_NETWORKS: '127.0.0.0/8',
      JOB_RECOVERY_SECONDS: '5',
      WEBHOOK_TIMEOUT_SECONDS: '5',
      REQUEST_TIMEOUT_SECONDS: '10',
      METRICS_TOKEN,
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      SUBGRAPH_URLS: [...urlOf('subgraphs-a', SERVICE_A), ...urlOf('subgraphs-b', SERVICE_B)].join(','),
    };
    // Each process is told where every subgraph is; its own SUBGRAPHS are executed in place.
    await Promise.all([serviceA(), serviceB()]);
    await Promise.all([start('edge-1', { ROLES: 'edge' }), start('edge-2', { ROLES: 'edge' }), start('jobs-1', { ROLES: 'jobs' }), start('jobs-2', { ROLES: 'jobs' })]);
  }, 300_000);
  afterAll(async () => {
    if (process.env.FLEET_LOGS) for (const [name, instance] of processes) await writeFile(`${process.env.FLEET_LOGS}/${name}.log`, instance.output());
    await Promise.all(clients.map((client) => client.dispose()));
    await Promise.all([...processes.values()].map((instance) => instance.stop()));
    await receiver?.close();
    await collector?.close();
    await prisma?.$disconnect();
    await database?.dispose();
    await redis?.stop();
  });

  /** A tenant of `plan` with a client holding SCOPES, and a REST/GraphQL client of it on each edge. */
  async function tenant(plan: 'launch' | 'enterprise' = 'enterprise'): Promise<{ tenantId: string; on: (edgeName: string) => ApiClient }> {
    // The sandbox tenant: its webhook endpoints may use http (the receiver on loopback); the surface is the same.
    const { sandbox } = await createTenantPair(prisma, { name: `Fleet ${Date.now()}`, plan });
    const client = await createOAuthClient(prisma, { tenantId: sandbox.id, scopes: SCOPES });
    const token = await accessTokenFrom(edge('edge-1'), client);
    return { tenantId: sandbox.id, on: (edgeName) => apiClient(token, sandbox.id, edge(edgeName).url) };
  }

  async function json<T>(response: Response, status: number): Promise<T> {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return JSON.parse(text) as T;
  }

  it('answers a query across both subgraph services the same through either edge, auditing each change once', async () => {
    const { tenantId, on } = await tenant();
    const customer = await json<{ id: string }>(await on('edge-1').send('POST', '/v1/crm/customers', { name: 'Fleet GmbH', currency: 'EUR' }), 201);
    const invoice = await json<{ id: string }>(await on('edge-2').send('POST', '/v1/finance/invoices', { customer_id: customer.id, currency: 'EUR', lines: [{ description: 'Work', quantity: 2, unit_price: 5_000, tax_rate: 0 }] }), 201);
    const query = `query Fleet($id: String!) { customer(id: $id) { id name invoices { id total } invoices_aggregate { groups { count } } } }`;
    const answers = await Promise.all(['edge-1', 'edge-2'].map(async (name) => json<{ data: unknown; errors?: unknown }>(await on(name).graphql(query, { id: customer.id }), 200)));
    expect(answers[0]?.errors).toBeUndefined();
    expect(answers[0]?.data).toEqual({ customer: { id: customer.id, name: 'Fleet GmbH', invoices: [{ id: invoice.id, total: 10_000 }], invoices_aggregate: { groups: [{ count: 1 }] } } });
    expect(answers[1]).toEqual(answers[0]);

    // Each change was recorded once, with its change, by the subgraph service that made it; each read once by its edge.
    await eventually(async () => ((await prisma.auditRecord.count({ where: { tenant_id: tenantId } })) >= 5 ? true : undefined), 10_000, 'audit records');
    await sleep(500);
    const records = await prisma.auditRecord.findMany({ where: { tenant_id: tenantId }, orderBy: { occurred_at: 'asc' } });
    const actions = records.map((record) => record.action).sort();
    expect(actions).toEqual(['POST /v1/oauth/token', 'customer.create', 'invoice.create', 'graphql Fleet', 'graphql Fleet'].sort());
    expect(new Set(records.map((record) => record.request_id)).size).toBe(records.length);
  });

  it('follows one request across the edge and both subgraph services in its trace and their metrics', async () => {
    const { on } = await tenant();
    const customer = await json<{ id: string }>(await on('edge-1').send('POST', '/v1/crm/customers', { name: 'Traced GmbH', currency: 'EUR' }), 201);
    const traceId = randomBytes(16).toString('hex');
    const traceparent = `00-${traceId}-${randomBytes(8).toString('hex')}-01`;
    const answer = await json<{ errors?: unknown }>(await on('edge-1').graphql('query Traced($id: String!) { customer(id: $id) { name invoices { id } } }', { id: customer.id }, { traceparent }), 200);
    expect(answer.errors).toBeUndefined();

    // One trace: the edge's spans, then each subgraph service's request span under the edge's fetch to it, then their statements.
    const spans = await eventually(() => {
      const found = spansOf(collector.received).filter((span) => span.traceId === traceId);
      return ['edge-1', 'subgraphs-a', 'subgraphs-b'].every((service) => found.some((span) => span.service === service && span.name.startsWith('POST'))) ? found : undefined;
    }, 30_000, 'spans of the edge and both subgraph services');
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    for (const [service, subgraph] of [['subgraphs-a', 'crm'], ['subgraphs-b', 'finance']] as const) {
      const served = spans.find((span) => span.service === service && span.name === 'POST /subgraphs/{name}') as ExportedSpan;
      expect(served, `${service}: ${spans.map((span) => `${span.service} ${span.name}`).join(', ')}`).toBeDefined();
      expect(byId.get(served.parentSpanId)?.service).toBe('edge-1');
      const executed = spans.find((span) => span.service === service && span.name === `subgraph.execute ${subgraph}`) as ExportedSpan;
      expect(ancestry(executed, byId).map((span) => span.service)).toContain('edge-1');
    }

    // Each process counted its part: the edge the GraphQL request, each service the calls it served.
    const scrape = async (name: string) => (await fetch(`${processes.get(name)?.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    expect(counted(await scrape('edge-1'), 'platform_graphql_operations_total', { operation_type: 'query', operation_name: 'Traced' })).toBeGreaterThan(0);
    for (const service of ['subgraphs-a', 'subgraphs-b']) expect(counted(await scrape(service), 'platform_http_request_duration_seconds_count', { method: 'POST', route: '/subgraphs/{name}', status: '200' })).toBeGreaterThan(0);
  });

  it('refuses a direct call to a subgraph service without the gateway\'s service token', async () => {
    const { on } = await tenant();
    const serviceUrl = `${processes.get('subgraphs-a')?.url}/subgraphs/crm`;
    const body = JSON.stringify({ query: '{ _service { sdl } }' });
    const call = (headers: Record<string, string>) => fetch(serviceUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    // A client's own credential is not one.
    expect((await call(on('edge-1').headers)).status).toBe(401);
    const tokens = serviceTokens(SERVICE_TOKEN_SECRET);
    const forged = serviceTokens('another-secret-that-is-long-enough-0123456789');
    const serviceCall = { principal: { tenantId: 't', scopes: new Set(['crm:read']), credential: { type: 'oauth_client' as const, id: 'c' } }, requestId: 'req_fleet_test', audit: {}, exportPages: false };
    const refusal = await json<{ code: string }>(await call({ 'x-platform-service-token': await forged.sign(serviceCall, 'crm') }), 401);
    expect(refusal.code).toBe('unauthenticated');
    // A token for another subgraph does not open this one.
    expect((await call({ 'x-platform-service-token': await tokens.sign(serviceCall, 'inventory') })).status).toBe(401);
    // The edges' token does: the subgraph answers federation's own fields.
    const answer = await json<{ data: { _service: { sdl: string } } }>(await call({ 'x-platform-service-token': await tokens.sign(serviceCall, 'crm') }), 200);
    expect(answer.data._service.sdl).toContain('type Customer');
    // The edge's port serves no subgraph, and a service's port serves no API.
    expect((await fetch(`${edge('edge-1').url}/subgraphs/crm`, { method: 'POST', body })).status).toBe(404);
    expect((await fetch(`${processes.get('subgraphs-a')?.url}/v1/crm/customers`, { headers: on('edge-1').headers })).status).toBe(404);
  });

  it('keeps one rate limit per tenant across the edges', async () => {
    const { on } = await tenant('launch');
    // Launch: 60 requests a minute, 30 a second; the token request counted one. 70 more, alternating
    // edges as a round-robin balancer sends them, in bursts that stay under the per-second limit.
    const statuses: number[] = [];
    for (let burst = 0; burst < 7; burst++) {
      const responses = await Promise.all(Array.from({ length: 10 }, (_, index) => on(index % 2 ? 'edge-2' : 'edge-1').get('/v1/events?per_page=1')));
      for (const response of responses) {
        statuses.push(response.status);
        await response.arrayBuffer();
      }
      await sleep(500);
    }
    expect(statuses.filter((status) => status === 200).length, statuses.join(' ')).toBe(59);
    expect(statuses.filter((status) => status === 429).length, statuses.join(' ')).toBe(11);
  });

  it('delivers events produced through one edge to a subscriber on the other, and each webhook once', async () => {
    const { on } = await tenant();
    const connection = wsClient(edge('edge-2').url, bearerParams(on('edge-2')));
    clients.push(connection.client);
    const subscription: LiveSubscription<{ events: { id: string; type: string; data: unknown } }> = subscribeWs(connection.client, 'subscription { events(types: ["custom.fleet"]) { id type data } }');
    await barrier(subscription, on('edge-1'), 'custom.fleet');

    const endpoint = await json<{ id: string }>(await on('edge-1').send('POST', '/v1/events/webhook-endpoints', { url: receiver.url, event_types: ['custom.fleet_hook'] }), 201);
    const published = await Promise.all(Array.from({ length: 12 }, async (_, index) => json<{ id: string }>(await on(index % 2 ? 'edge-2' : 'edge-1').send('POST', '/v1/events', { type: 'custom.fleet_hook', data: { n: index } }), 201)));
    const live = await json<{ id: string }>(await on('edge-1').send('POST', '/v1/events', { type: 'custom.fleet', data: {} }), 201);
    const next = await subscription.results.next(20_000);
    expect((next.data?.events as { id: string }).id).toBe(live.id);

    await eventually(() => (published.every((event) => receiver.eventIds().includes(event.id)) ? true : undefined), 30_000, 'every webhook');
    await sleep(2000);
    const ids = receiver.eventIds().filter((id) => published.some((event) => event.id === id));
    expect(ids.sort()).toEqual(published.map((event) => event.id).sort());
    const deliveries = await json<{ data: Array<{ status: string }> }>(await on('edge-2').get(`/v1/events/webhook-endpoints/${endpoint.id}/deliveries?per_page=100`), 200);
    expect(deliveries.data.map((delivery) => delivery.status)).toEqual(Array(12).fill('succeeded'));
  });

  it('hands a delivery over to the other job worker when the one delivering it is killed', async () => {
    const { on } = await tenant();
    await json(await on('edge-1').send('POST', '/v1/events/webhook-endpoints', { url: receiver.url, event_types: ['custom.fleet_handover'] }), 201);
    const held = receiver.holdNext();
    const event = await json<{ id: string }>(await on('edge-1').send('POST', '/v1/events', { type: 'custom.fleet_handover', data: {} }), 201);
    const { remotePort } = await held.arrived;
    // Which worker opened the connection: the one holding the socket's local port.
    const workers = ['jobs-1', 'jobs-2'];
    const owner = await ownerOfLocalPort(remotePort, workers.map((name) => processes.get(name)?.child.pid as number));
    const victim = workers[owner] as string;
    await processes.get(victim)?.kill('SIGKILL');
    held.release();
    // The survivor takes the job over once its lease lapses (JOB_RECOVERY_SECONDS) and delivers again: at least once.
    await eventually(() => (receiver.completed().includes(event.id) ? true : undefined), 60_000, 'the delivery taken over');
    const restarted = await start(victim, { ROLES: 'jobs' });
    expect(restarted.url).toContain('127.0.0.1');
  });

  it('keeps serving through the other edge while one is killed under load', async () => {
    const { on } = await tenant();
    const edges = ['edge-1', 'edge-2'];
    let killed = false;
    const outcomes: number[] = [];
    // Clients retry a request whose connection failed at the other edge, as behind a load balancer.
    const client = async (index: number) => {
      for (let request = 0; request < 15; request++) {
        const first = edges[(index + request) % 2] as string;
        for (const name of [first, ...edges.filter((other) => other !== first)]) {
          try {
            const response = await on(name).get('/v1/crm/customers?per_page=1');
            await response.arrayBuffer();
            if (response.status === 503) continue;
            outcomes.push(response.status);
            break;
          } catch {
            // Connection refused or reset: the edge is gone.
          }
        }
      }
    };
    const load = Promise.all(Array.from({ length: 6 }, (_, index) => client(index)));
    await sleep(300);
    await edge('edge-1').kill('SIGKILL');
    killed = true;
    await load;
    expect(killed).toBe(true);
    expect(outcomes.length).toBe(90);
    expect(outcomes.every((status) => status === 200), outcomes.join(' ')).toBe(true);
    await start('edge-1', { ROLES: 'edge' });
  });

  it('answers a clear 503 while a subgraph service is down and recovers unaided once it is back', async () => {
    const { on } = await tenant();
    const customer = await json<{ id: string }>(await on('edge-1').send('POST', '/v1/crm/customers', { name: 'Down GmbH', currency: 'EUR' }), 201);
    await processes.get('subgraphs-b')?.stop();
    const rest = await on('edge-1').get('/v1/finance/invoices');
    expect(rest.status).toBe(503);
    expect(rest.headers.get('retry-after')).toBe('2');
    expect(((await rest.json()) as { code: string }).code).toBe('subgraph_unavailable');
    const graphql = await on('edge-2').graphql('{ invoices { data { id } } }');
    expect(graphql.status).toBe(503);
    expect(((await graphql.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]?.extensions.code).toBe('subgraph_unavailable');
    // What does not need the service is served meanwhile.
    expect((await on('edge-2').get(`/v1/crm/customers/${customer.id}`)).status).toBe(200);

    await serviceB();
    for (const name of ['edge-1', 'edge-2']) expect((await on(name).get('/v1/finance/invoices')).status).toBe(200);
  });

  it('stops an edge gracefully: its WebSocket clients are told to reconnect (1012), and it exits 0', async () => {
    const { on } = await tenant();
    const connection = wsClient(edge('edge-2').url, bearerParams(on('edge-2')));
    clients.push(connection.client);
    const subscription: LiveSubscription<{ events: { data: unknown } }> = subscribeWs(connection.client, 'subscription { events(types: ["custom.fleet_stop"]) { data } }');
    await barrier(subscription, on('edge-2'), 'custom.fleet_stop');
    const exitCode = edge('edge-2').stop();
    expect((await connection.closed).code).toBe(1012);
    expect(await exitCode).toBe(0);
  });
});

/** The value of the Prometheus sample `name` with (at least) these labels, 0 when there is none. */
function counted(metrics: string, name: string, labels: Record<string, string>): number {
  const line = metrics.split('\n').find((sample) => sample.startsWith(`${name}{`) && Object.entries(labels).every(([label, value]) => sample.includes(`${label}="${value}"`)));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface SlowReceiver {
  url: string;
  /** The event ids of every request received (answered or not). */
  eventIds(): string[];
  /** The event ids of requests answered 200. */
  completed(): string[];
  /** The next request is held unanswered until `release` (its connection's port tells the sender). */
  holdNext(): { arrived: Promise<{ remotePort: number }>; release(): void };
  close(): Promise<void>;
}

/** A webhook receiver on loopback that can hold a request unanswered, as a slow receiver does. */
async function startSlowReceiver(): Promise<SlowReceiver> {
  const received: string[] = [];
  const answered: string[] = [];
  let hold: { arrived: (value: { remotePort: number }) => void; released: Promise<void> } | undefined;
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const id = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string }).id;
      received.push(id);
      const held = hold;
      hold = undefined;
      if (held) {
        held.arrived({ remotePort: request.socket.remotePort as number });
        await held.released;
      }
      if (response.destroyed) return;
      answered.push(id);
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    eventIds: () => [...received],
    completed: () => [...answered],
    holdNext() {
      let arrived!: (value: { remotePort: number }) => void;
      let release!: () => void;
      const arrival = new Promise<{ remotePort: number }>((resolve) => {
        arrived = resolve;
      });
      hold = { arrived, released: new Promise<void>((resolve) => (release = resolve)) };
      return { arrived: arrival, release };
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Which of `pids` holds the TCP socket bound to local `port` (Linux: /proc/net/tcp's inode among each process's descriptors). */
async function ownerOfLocalPort(port: number, pids: number[]): Promise<number> {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const lines = (await readFile(table, 'utf8').catch(() => '')).split('\n').slice(1);
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      if (fields[1]?.endsWith(`:${hexPort}`) && fields[9]) inodes.add(fields[9]);
    }
  }
  for (const [index, pid] of pids.entries()) {
    for (const fd of await readdir(`/proc/${pid}/fd`).catch(() => [])) {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode && inodes.has(inode)) return index;
    }
  }
  throw new Error(`no process among ${pids.join(', ')} holds local port ${port}`);
}
