/**
 * Benchmark: the write path. Sales orders created through `POST /v1/crm/orders` (REST facade ->
 * supergraph -> CRM subgraph: the order, its lines, its `order.created` event and dispatch job,
 * the audit record, all in one transaction) by 20 concurrent clients of ONE tenant, against a
 * bare `node:http` + `pg` baseline doing the same inserts (order, lines, event row) in one
 * transaction, without authentication, validation, audit or idempotency.
 *
 * Run on demand, never by the test suite:   npm run bench:writes
 *
 * Environment knobs:
 *   BENCH_CONNECTIONS  concurrent clients (default 20)
 *   BENCH_DURATION     seconds measured per target and round (default 10)
 *   BENCH_WARMUP       seconds of load before a target's first measurement (default 10; 2 s
 *                      before the later rounds'), not measured
 *   BENCH_ROUNDS       rounds of both targets, in alternating order (default 3); the ratio
 *                      printed is the median of the rounds' ratios
 *   BENCH_WORKERS      the platform's WORKERS (default: the machine's cores, as npm start)
 *   BENCH_KEYED        1: every platform request also carries a fresh Idempotency-Key (default 0)
 *   BENCH_PROFILE      a folder: the platform process writes a V8 CPU profile there (--cpu-prof)
 *   BENCH_STATEMENTS   1: also print each target's costliest SQL statements per order in the last
 *                      round (pg_stat_statements: needs a DATABASE_URL whose server preloads it,
 *                      see docs/performance.md)
 *   DATABASE_URL       create the bench database on this PostgreSQL server instead of an
 *                      embedded one in a temp folder (it is dropped afterwards)
 *
 * The platform runs as its own process (as `npm start`), the baseline in this one; autocannon runs
 * in a worker thread. Everything shares the machine's cores: compare the ratio, not absolute
 * figures. The CPU each server used during its run is printed too (cores busy on average): a
 * server using less than a core while clients wait is waiting on something, not computing.
 * The machines this runs on are shared: one target's figure moves by a fifth between identical
 * runs, hence the rounds (knobs.ts, inAlternatingRounds).
 */
import { randomUUID } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, cpus } from 'node:os';
import { type PrismaClient, createPrismaClient, migrateDatabase } from '@platform/db';
import { freshDatabase } from '@platform/db/testing';
import { createOAuthClient, createTenantPair } from '@platform/subgraph-identity';
import pg from 'pg';
import { spawnPlatform } from '../support/platform-process.ts';
import { type LoadResult, measureInWorker } from './load.ts';
import {
  ROUNDS,
  STATEMENTS,
  type StatementShare,
  countDatabaseCpu,
  countStatements,
  cpuProfileOptions,
  inAlternatingRounds,
  medianRatio,
  positiveInteger,
  prepareStatementCounts,
  treeCpuSeconds,
  warmupSeconds,
} from './knobs.ts';

const CONNECTIONS = positiveInteger('BENCH_CONNECTIONS', 20);
const DURATION_SECONDS = positiveInteger('BENCH_DURATION', 10);
const KEYED = process.env.BENCH_KEYED === '1';
const WORKERS = positiveInteger('BENCH_WORKERS', availableParallelism());
const BASELINE_POOL = 10;
const ITEMS = ['SKU-W-1', 'SKU-W-2', 'SKU-W-3'];
const STATEMENTS_PRINTED = 15;


interface Fixture {
  tenantId: string;
  customerId: string;
  token: string;
}

async function createFixture(prisma: PrismaClient, platformUrl: string): Promise<Fixture> {
  const { production } = await createTenantPair(prisma, { name: 'Write bench', plan: 'enterprise' });
  await prisma.tenant.update({ where: { id: production.id }, data: { rate_limit_per_second: 1_000_000, rate_limit_per_minute: 60_000_000 } });
  const client = await createOAuthClient(prisma, { tenantId: production.id, scopes: ['crm:write', 'crm:read', 'inventory:write'], name: 'bench' });
  const tokenResponse = await fetch(`${platformUrl}/v1/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret }),
  });
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}`, 'x-service-tenant': production.id, 'content-type': 'application/json' };
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${platformUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: string };
  };
  const warehouse = await post('/v1/inventory/warehouses', { name: 'Bench' });
  for (const id of ITEMS) await post('/v1/inventory/items', { id, name: `Bench ${id}`, quantity_on_hand: 1_000_000, reorder_point: 10, warehouse_id: warehouse.id });
  const customer = await post('/v1/crm/customers', { name: 'Bench customer', currency: 'EUR' });
  return { tenantId: production.id, customerId: customer.id, token };
}

function orderBody(fixture: Fixture): string {
  return JSON.stringify({ kind: 'sales', customer_id: fixture.customerId, lines: ITEMS.map((item_id, index) => ({ item_id, quantity: index + 1, unit_price: 1250 })) });
}

/**
 * The floor: one transaction of the same inserts the platform's order creation makes (the order,
 * its lines, the `order.created` event row), with ids and a unique number made in process.
 */
async function startBaseline(databaseUrl: string, fixture: Fixture): Promise<{ url: string; stop(): Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: BASELINE_POOL });
  pool.on('error', () => {});
  let counter = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const input = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { customer_id: string; lines: Array<{ item_id: string; quantity: number; unit_price: number }> };
        const id = `ord_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
        const number = `SB-${String(++counter).padStart(6, '0')}-${process.pid}`;
        const lines = input.lines.map((line, position) => ({ id: `oln_${randomUUID().replaceAll('-', '').slice(0, 24)}`, position, ...line, total: line.quantity * line.unit_price }));
        const subtotal = lines.reduce((sum, line) => sum + line.total, 0);
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const { rows } = await client.query(
            `INSERT INTO orders (tenant_id, id, number, kind, status, customer_id, channel, currency, subtotal, total, updated_at)
             VALUES ($1, $2, $3, 'sales', 'draft', $4, 'api', 'EUR', $5, $5, now()) RETURNING *`,
            [fixture.tenantId, id, number, input.customer_id, subtotal],
          );
          await client.query(
            `INSERT INTO order_lines (tenant_id, id, order_id, position, item_id, description, quantity, unit_price, total)
             SELECT $1, l.id, $2, l.position, l.item_id, l.item_id, l.quantity, l.unit_price, l.total
             FROM jsonb_to_recordset($3::jsonb) AS l(id text, position int, item_id text, quantity int, unit_price bigint, total bigint)`,
            [fixture.tenantId, id, JSON.stringify(lines)],
          );
          const order = { ...rows[0], lines };
          await client.query(`INSERT INTO events (tenant_id, id, type, data, resource_type, resource_id, source) VALUES ($1, $2, 'order.created', $3, 'order', $4, '{"type":"api"}')`, [
            fixture.tenantId,
            `evt_${randomUUID().replaceAll('-', '').slice(0, 24)}`,
            JSON.stringify(order),
            id,
          ]);
          await client.query('COMMIT');
          response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(order));
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          response.writeHead(500).end(String(error));
        } finally {
          client.release();
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
}

interface Measured {
  result: LoadResult;
  /** Cores the server's processes kept busy on average. */
  cores: number;
  /** Cores the PostgreSQL backends serving the bench database kept busy on average. */
  postgresCores: number;
  /** With BENCH_STATEMENTS=1: the costliest statements of the measurement, per order. */
  statements: StatementShare[];
}

async function run(name: string, round: number, origin: string, headers: Record<string, string>, body: string, serverPid: number, databaseUrl: string, idempotencyKeys = false): Promise<Measured> {
  const spec = { origin, path: '/v1/crm/orders', pages: 1, headers, body, idempotencyKeys, connections: CONNECTIONS };
  const warmup = warmupSeconds(round);
  process.stdout.write(`  round ${round + 1}, ${name}: warm-up ${warmup} s, measure ${DURATION_SECONDS} s ... `);
  await measureInWorker({ ...spec, durationSeconds: warmup });
  const [serverBefore, databaseCpu, statements] = await Promise.all([treeCpuSeconds(serverPid), countDatabaseCpu(databaseUrl), STATEMENTS ? countStatements(databaseUrl) : undefined]);
  const started = performance.now();
  const result = await measureInWorker({ ...spec, durationSeconds: DURATION_SECONDS });
  const [serverAfter, postgresUsed] = await Promise.all([treeCpuSeconds(serverPid), databaseCpu()]);
  const elapsed = (performance.now() - started) / 1000;
  process.stdout.write(`${Math.round(result.requestsPerSecond)} orders/s\n`);
  if (result.non2xx > 0 || result.errors > 0) console.warn(`WARNING: ${name}: ${result.non2xx} non-2xx, ${result.errors} errors; ${JSON.stringify(result.statusCodes)}`);
  return { result, cores: (serverAfter - serverBefore) / elapsed, postgresCores: postgresUsed / elapsed, statements: (await statements?.(result.responses, STATEMENTS_PRINTED)) ?? [] };
}

async function main(): Promise<void> {
  const database = await freshDatabase({ prefix: 'bench_writes' });
  const cleanups: Array<() => Promise<unknown>> = [() => database.dispose()];
  try {
    await migrateDatabase(database.url);
    if (STATEMENTS) await prepareStatementCounts(database.url);
    const prisma = createPrismaClient(database.url, 2);
    cleanups.push(() => prisma.$disconnect());
    console.log('Starting the platform ...');
    const platform = await spawnPlatform({ DATABASE_URL: database.url, SEED_DEMO: 'false', LOG_LEVEL: 'warn', WORKERS: String(WORKERS) }, { nodeOptions: cpuProfileOptions() });
    cleanups.push(() => platform.stop());
    const fixture = await createFixture(prisma, platform.url);
    const baseline = await startBaseline(database.url, fixture);
    cleanups.push(() => baseline.stop());
    const body = orderBody(fixture);
    const headers = { authorization: `Bearer ${fixture.token}`, 'x-service-tenant': fixture.tenantId };
    console.log('Measuring:');
    const targets = [
      { name: 'platform POST /v1/crm/orders', measure: (round: number) => run('platform', round, platform.url, headers, body, platform.child.pid as number, database.url, KEYED) },
      { name: 'baseline (one pg transaction)', measure: (round: number) => run('baseline', round, baseline.url, {}, body, process.pid, database.url) },
    ];
    const rounds = await inAlternatingRounds(targets, (target, round) => target.measure(round));
    const cpu = cpus();
    console.log(`\nOrder creation, one tenant, ${CONNECTIONS} concurrent clients, ${DURATION_SECONDS} s per target in each of ${ROUNDS} rounds, after a ${warmupSeconds(0)} s warm-up (${warmupSeconds(1)} s in later rounds)${KEYED ? ', Idempotency-Key on every platform request' : ''}`);
    console.log(`Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}; PostgreSQL ${process.env.DATABASE_URL ? 'external' : 'embedded'}`);
    console.log(`Platform: WORKERS=${WORKERS}; baseline: one process, a pool of ${BASELINE_POOL} connections`);
    console.log('CPU: cores the server processes (the baseline shares its process with the load generator) and the PostgreSQL backends of the bench database kept busy on average,');
    console.log('     and CPU milliseconds per order of each\n');
    console.log('round  target                           orders/s   p50 ms   p95 ms   p99 ms   server  postgres   ms/order server+postgres   ratio');
    const ratios = rounds.map(([platformRun, baselineRun]) => (platformRun as Measured).result.requestsPerSecond / (baselineRun as Measured).result.requestsPerSecond);
    rounds.forEach((measured, round) => {
      measured.forEach(({ result, cores, postgresCores }, index) => {
        const perOrder = (share: number) => ((share / result.requestsPerSecond) * 1000).toFixed(2);
        console.log(
          `${String(round + 1).padStart(5)}  ${targets[index]!.name.padEnd(32)} ${result.requestsPerSecond.toFixed(0).padStart(8)} ${result.p50.toFixed(1).padStart(8)} ${result.p95.toFixed(1).padStart(8)} ${result.p99.toFixed(1).padStart(8)} ${cores.toFixed(2).padStart(8)} ${postgresCores.toFixed(2).padStart(9)}   ${`${perOrder(cores)} + ${perOrder(postgresCores)}`.padEnd(24)} ${index === 0 ? `x${ratios[round]!.toFixed(2)}` : ''}`,
        );
      });
    });
    if (STATEMENTS) printStatements(targets.map((target, index) => ({ name: target.name, measured: rounds.at(-1)?.[index] as Measured })));
    console.log(`\nplatform / baseline: throughput ${medianRatio(ratios)}; target >= x0.40`);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

/** Each target's costliest statements in the last round: what PostgreSQL spends on an order, statement by statement. */
function printStatements(targets: Array<{ name: string; measured: Measured }>): void {
  for (const { name, measured } of targets) {
    console.log(`\nStatements of ${name}, last round (pg_stat_statements; execution time inside each, per order):`);
    console.log('calls/order   ms/order   statement');
    for (const share of measured.statements) console.log(`${share.callsPerUnit.toFixed(2).padStart(11)} ${share.msPerUnit.toFixed(3).padStart(10)}   ${share.query}`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
