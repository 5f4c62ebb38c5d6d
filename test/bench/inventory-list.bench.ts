/**
 * Benchmark: GET /v1/inventory/items (REST facade -> supergraph -> inventory subgraph -> Prisma)
 * against a bare baseline (node:http + pg.Pool running the same SQL statement and writing the
 * same JSON, without authentication), over 10,000 items in one tenant.
 *
 * Run on demand, never by the test suite:   npm run bench
 *
 * Environment knobs:
 *   BENCH_WORKERS      processes of each target (default: the machine's cores): the platform runs
 *                      as `npm start` does with WORKERS set to it, the baseline as as many
 *                      node:cluster workers on one port
 *   BENCH_CONNECTIONS  concurrent connections (default 20)
 *   BENCH_DURATION     seconds measured per scenario, target and round (default 10)
 *   BENCH_WARMUP       seconds of load before a target's first measurement of a scenario
 *                      (default 10; 2 s before the later rounds'), not measured
 *   BENCH_ROUNDS       rounds of both targets per scenario, in alternating order (default 3); the
 *                      ratios printed are the medians of the rounds' ratios
 *   BENCH_PROFILE      a folder: the platform's processes write V8 CPU profiles there (--cpu-prof)
 *   DATABASE_URL       create the bench database on this PostgreSQL server instead of an
 *                      embedded one in a temp folder (it is dropped afterwards)
 *
 * Scenarios: the plain list (pages 1..400 of 25) and `reorder_below=true` (every page of the
 * matching items). Requests cycle through the pages; the platform gets a real bearer token and
 * X-Service-Tenant. autocannon runs in a worker thread of this process, on the same machine; the
 * platform, the baseline and PostgreSQL all share its cores, so compare the ratios, not absolute
 * figures.
 */
import { spawn } from 'node:child_process';
import { availableParallelism, cpus } from 'node:os';
import { createPrismaClient, migrateDatabase } from '@platform/db';
import { freshDatabase } from '@platform/db/testing';
import { repositoryRoot, spawnPlatform } from '../support/platform-process.ts';
import { type Fixture, createFixture, fetchToken } from './fixture.ts';
import { type LoadResult, type LoadSpec, measureInWorker } from './load.ts';
import { ROUNDS, cpuProfileOptions, inAlternatingRounds, medianRatio, positiveInteger, warmupSeconds } from './knobs.ts';

const ITEM_COUNT = 10_000;
const PER_PAGE = 25;
const CONNECTIONS = positiveInteger('BENCH_CONNECTIONS', 20);
const DURATION_SECONDS = positiveInteger('BENCH_DURATION', 10);
const WORKERS = positiveInteger('BENCH_WORKERS', availableParallelism());

interface Scenario {
  name: string;
  query: string;
  matchingItems: (fixture: Fixture) => number;
}

interface Target {
  name: string;
  origin: string;
  headers: Record<string, string>;
}

interface Measurement {
  scenario: Scenario;
  target: Target;
  /** 0-based. */
  round: number;
  result: LoadResult;
}

const SCENARIOS: Scenario[] = [
  { name: 'list', query: `per_page=${PER_PAGE}`, matchingItems: (fixture) => fixture.items },
  { name: 'reorder_below=true', query: `reorder_below=true&per_page=${PER_PAGE}`, matchingItems: (fixture) => fixture.belowReorderPoint },
];


/** The baseline's node:cluster workers on one port, as a process of their own. */
async function startBaselineCluster(databaseUrl: string, tenantId: string): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/bench/baseline-cluster.ts', databaseUrl, tenantId, String(WORKERS)], { cwd: repositoryRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /baseline on (\S+)/.exec(output);
      if (match) resolve(match[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`the baseline exited with ${code}`)));
  });
  return { url, stop: () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM')))) };
}

function loadSpec(scenario: Scenario, target: Target, fixture: Fixture, durationSeconds: number): LoadSpec {
  return {
    origin: target.origin,
    path: `/v1/inventory/items?${scenario.query}`,
    pages: Math.max(1, Math.ceil(scenario.matchingItems(fixture) / PER_PAGE)),
    headers: target.headers,
    connections: CONNECTIONS,
    durationSeconds,
  };
}

/** Both targets must answer the first page of each scenario with the same JSON. */
async function checkSameResponses(targets: Target[], fixture: Fixture): Promise<void> {
  for (const scenario of SCENARIOS) {
    const bodies = await Promise.all(
      targets.map(async (target) => {
        const response = await fetch(`${target.origin}/v1/inventory/items?${scenario.query}&page=2`, { headers: target.headers });
        if (response.status !== 200) throw new Error(`${target.name} answered ${scenario.name} with ${response.status}: ${await response.text()}`);
        return response.text();
      }),
    );
    if (new Set(bodies).size !== 1) console.warn(`WARNING: ${scenario.name}: the targets' responses differ:\n${bodies.join('\n')}`);
    const total = (JSON.parse(bodies[0] as string) as { meta: { total: number } }).meta.total;
    if (total !== scenario.matchingItems(fixture)) console.warn(`WARNING: ${scenario.name}: meta.total is ${total}, expected ${scenario.matchingItems(fixture)}`);
  }
}

async function measureAll(targets: Target[], fixture: Fixture): Promise<Measurement[]> {
  const measurements: Measurement[] = [];
  for (const scenario of SCENARIOS) {
    const rounds = await inAlternatingRounds(targets, async (target, round): Promise<Measurement> => {
      const warmup = warmupSeconds(round);
      process.stdout.write(`  ${scenario.name}, round ${round + 1} / ${target.name}: warm-up ${warmup} s, measure ${DURATION_SECONDS} s ... `);
      await measureInWorker(loadSpec(scenario, target, fixture, warmup));
      const result = await measureInWorker(loadSpec(scenario, target, fixture, DURATION_SECONDS));
      process.stdout.write(`${Math.round(result.requestsPerSecond)} req/s\n`);
      return { scenario, target, round, result };
    });
    measurements.push(...rounds.flat());
  }
  return measurements;
}

function printMachine(fixture: Fixture, databaseMode: string): void {
  const cpu = cpus();
  console.log(`Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, ${process.platform}/${process.arch}`);
  console.log(`Data: ${fixture.items} items in the tenant (${fixture.belowReorderPoint} below their reorder point), ${fixture.warehouseIds.length} warehouses; PostgreSQL ${databaseMode}`);
  console.log(`Load: autocannon, ${CONNECTIONS} connections, ${DURATION_SECONDS} s per run, ${ROUNDS} rounds, after a ${warmupSeconds(0)} s warm-up (${warmupSeconds(1)} s in later rounds), per_page=${PER_PAGE}, pages cycled`);
}

function formatMs(value: number): string {
  return Number.isNaN(value) ? 'n/a' : value.toFixed(1);
}

function printTable(measurements: Measurement[]): void {
  const header = ['scenario', 'round', 'target', 'responses', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'non-2xx'];
  const rows = measurements.map(({ scenario, target, round, result }) => [
    scenario.name,
    String(round + 1),
    target.name,
    String(result.responses),
    result.requestsPerSecond.toFixed(0),
    formatMs(result.p50),
    formatMs(result.p95),
    formatMs(result.p99),
    String(result.errors),
    String(result.non2xx),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] as string).length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column !== 1 && column < 3 ? cell.padEnd(widths[column] as number) : cell.padStart(widths[column] as number))).join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

function printRatios(measurements: Measurement[]): void {
  console.log('\nplatform / baseline:');
  for (const scenario of SCENARIOS) {
    const ratios = (of: (result: LoadResult) => number) =>
      Array.from({ length: ROUNDS }, (_, round) => {
        const [platform, baseline] = ['platform', 'baseline'].map((name) => measurements.find((m) => m.scenario === scenario && m.round === round && m.target.name.startsWith(name))?.result);
        return platform && baseline ? of(platform) / of(baseline) : Number.NaN;
      });
    console.log(`  ${scenario.name.padEnd(20)} throughput ${medianRatio(ratios((result) => result.requestsPerSecond))}`);
    console.log(`  ${''.padEnd(20)} p95 latency ${medianRatio(ratios((result) => result.p95))}`);
  }
}

function warnOnFailures(measurements: Measurement[]): boolean {
  const failed = measurements.filter(({ result }) => result.non2xx > 0 || result.errors > 0);
  for (const { scenario, target, result } of failed) {
    console.warn(`WARNING: ${scenario.name} / ${target.name}: ${result.non2xx} non-2xx responses, ${result.errors} errors; status codes ${JSON.stringify(result.statusCodes)}`);
  }
  return failed.length === 0;
}

async function main(): Promise<number> {
  const database = await freshDatabase({ prefix: 'bench_list' });
  const cleanups: Array<() => Promise<unknown>> = [() => database.dispose()];
  try {
    console.log('Loading data and starting both targets ...');
    await migrateDatabase(database.url);
    const prisma = createPrismaClient(database.url, 2);
    cleanups.push(() => prisma.$disconnect());
    const fixture = await createFixture(prisma, ITEM_COUNT);
    const platform = await spawnPlatform({ DATABASE_URL: database.url, SEED_DEMO: 'false', WORKERS: String(WORKERS), LOG_LEVEL: 'silent' }, { nodeOptions: cpuProfileOptions() });
    cleanups.push(() => platform.stop());
    const token = await fetchToken(platform.url, fixture);
    const baseline = await startBaselineCluster(database.url, fixture.tenantId);
    cleanups.push(() => baseline.stop());

    const targets: Target[] = [
      { name: 'platform', origin: platform.url, headers: { authorization: `Bearer ${token}`, 'x-service-tenant': fixture.tenantId } },
      { name: 'baseline (no auth)', origin: baseline.url, headers: {} },
    ];
    await checkSameResponses(targets, fixture);
    console.log('Measuring:');
    const measurements = await measureAll(targets, fixture);

    console.log('\nGET /v1/inventory/items: platform vs bare node:http + pg baseline (baseline has no authentication)');
    printMachine(fixture, process.env.DATABASE_URL ? 'external (DATABASE_URL)' : 'embedded');
    console.log(`Processes: the platform with WORKERS=${WORKERS} (${WORKERS === 1 ? 'one process' : `a primary and ${WORKERS} workers`}), the baseline as ${WORKERS} node:cluster worker${WORKERS === 1 ? '' : 's'} on one port; both pools 10 connections per process`);
    console.log('Latency: exact percentiles over every 2xx response time as reported by autocannon.\n');
    printTable(measurements);
    printRatios(measurements);
    return warnOnFailures(measurements) ? 0 : 1;
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

// Exit explicitly: a forgotten handle (pool, timer, exit hook) must not keep a finished bench alive.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
