/**
 * Benchmark: federated GraphQL against the gateways users could pick instead. One analyst query
 * that crosses every business subgraph (orders -> customer -> open balances, lines -> item ->
 * warehouse, invoices -> ledger entries) at 50 concurrent clients, through
 *   (a) the platform as `npm start` runs it (its gateway with the subgraphs in process, WORKERS
 *       processes), authenticated, scope-checked, rate-limited and cost-limited;
 *   (b) the platform as a fleet of two (issue 15): its edge (ROLES=edge) in one process, every
 *       subgraph in one subgraph service (ROLES=subgraphs) in another, WORKERS=1 each, both from
 *       the build `npm start` runs; the same checks, plus one HTTP call with a signed service
 *       token per subgraph fetch;
 *   (c) stock Apollo Gateway 2.14 on @apollo/server 5 and (d) Hive Gateway 2.12, each one process,
 *       over the same subgraphs served as HTTP services by one more process (peer-gateways.ts),
 *       with none of the platform's checks.
 * All of them read the same database through the same subgraph resolvers, and their answers are
 * compared before anything is measured. Requests cycle through sixty pages (see VARIANTS).
 *
 * Run on demand, never by the test suite:   npm run bench:gateways
 *
 * Environment knobs:
 *   BENCH_CONNECTIONS  concurrent clients (default 50)
 *   BENCH_DURATION     seconds measured per target and round (default 10)
 *   BENCH_WARMUP       seconds of load before a target's first measurement (default 10; 2 s
 *                      before the later rounds'), not measured
 *   BENCH_ROUNDS       rounds of every target, in alternating order (default 3); the ratios
 *                      printed are the medians of the rounds' ratios
 *   BENCH_WORKERS      the platform's WORKERS (default: the machine's cores, as npm start)
 *   BENCH_TARGETS      which to measure, a comma list of platform, fleet, apollo, hive (default
 *                      all); the platform process starts anyway: it seeds the data and issues the token
 *   BENCH_PROFILE      a folder: the platform's and the fleet's processes write V8 CPU profiles
 *                      there (--cpu-prof)
 *   DATABASE_URL       create the bench database on this PostgreSQL server instead of an
 *                      embedded one in a temp folder (it is dropped afterwards)
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { availableParallelism, cpus } from 'node:os';
import { type PrismaClient, createPrismaClient, migrateDatabase } from '@platform/db';
import { freshDatabase } from '@platform/db/testing';
import { subgraphs } from '@platform/gateway';
import { createOAuthClient, createTenantPair } from '@platform/subgraph-identity';
import { TEST_SECRETS_KEY, repositoryRoot, spawnPlatform } from '../support/platform-process.ts';
import { seedSalesHistory } from '../support/sales-history.ts';
import { ROUNDS, cpuProfileOptions, inAlternatingRounds, medianRatio, positiveInteger, treeCpuSeconds, warmupSeconds } from './knobs.ts';
import { type LoadResult, measureInWorker } from './load.ts';

const CONNECTIONS = positiveInteger('BENCH_CONNECTIONS', 50);
const DURATION_SECONDS = positiveInteger('BENCH_DURATION', 10);
const WORKERS = positiveInteger('BENCH_WORKERS', availableParallelism());
const TARGET_KEYS = ['platform', 'fleet', 'apollo', 'hive'] as const;
type TargetKey = (typeof TARGET_KEYS)[number];
const SELECTED = selectedTargets();
/** The issuer of access tokens, the same in every process: the fleet's edge accepts the token the platform issued. */
const PUBLIC_URL = 'http://gateway-bench.localhost';
const SERVICE_TOKEN_SECRET = 'gateway-bench-service-token-secret-0123456789';
/** The longest any one set-up or check request may take. */
const REQUEST_TIMEOUT_MS = 30_000;
/**
 * Requests cycle through pages 1-3 of 11 to 30 orders each: sixty different requests, more than
 * clients in flight, so no two identical ones are ever in flight together (Hive Gateway would
 * answer them with one subgraph fetch: its in-flight deduplication).
 */
const VARIANTS = Array.from({ length: 60 }, (_, index) => ({ page: (index % 3) + 1, per_page: 11 + Math.floor(index / 3) }));

const ANALYST_QUERY = /* GraphQL */ `
  query SalesReview($page: Int!, $per_page: Int!) {
    orders(kind: sales, page: $page, per_page: $per_page) {
      data {
        number
        status
        total
        customer { name open_balances { currency amount } }
        lines { quantity total item { id name quantity_on_hand warehouse { name } } }
        invoices { number status total amount_due ledger_entries { description lines { account debit credit } } }
      }
    }
  }`;

const bodies = VARIANTS.map((variables) => JSON.stringify({ query: ANALYST_QUERY, variables }));

interface Target {
  key: TargetKey;
  name: string;
  origin: string;
  headers: Record<string, string>;
  pid: number;
  /** Further processes serving it (the fleet's and the peers' subgraph services). */
  helperPids: number[];
}

async function main(): Promise<void> {
  if (SELECTED.has('fleet')) {
    const build = spawnSync(process.execPath, ['gateway/scripts/build.mjs', '--if-stale'], { cwd: repositoryRoot, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`the build failed:\n${build.stdout}${build.stderr}`);
  }
  const database = await freshDatabase({ prefix: 'bench_gateways' });
  const cleanups: Array<() => Promise<unknown>> = [() => database.dispose()];
  try {
    await migrateDatabase(database.url);
    const prisma = createPrismaClient(database.url, 2);
    cleanups.push(() => prisma.$disconnect());
    console.log(`Starting the platform (WORKERS=${WORKERS}) ...`);
    const shared = { DATABASE_URL: database.url, SEED_DEMO: 'false', LOG_LEVEL: 'warn', PUBLIC_URL };
    const platform = await spawnPlatform({ ...shared, WORKERS: String(WORKERS) }, { nodeOptions: cpuProfileOptions() });
    cleanups.push(() => platform.stop());
    const { tenantId, token } = await seed(prisma, platform.url);

    const platformHeaders = { authorization: `Bearer ${token}`, 'x-service-tenant': tenantId };
    const targets: Target[] = [];
    if (SELECTED.has('platform')) targets.push({ key: 'platform', name: 'platform', origin: platform.url, headers: platformHeaders, pid: platform.child.pid as number, helperPids: [] });
    if (SELECTED.has('fleet')) {
      console.log('Starting the fleet (a subgraph service, then an edge) ...');
      const fleet = { ...shared, SECRETS_KEY: TEST_SECRETS_KEY, SERVICE_TOKEN_SECRET, SUPERGRAPH_PATH: 'gateway/dist/supergraph.graphql', WORKERS: '1' };
      const options = { compiled: true, nodeOptions: cpuProfileOptions() };
      const service = await spawnPlatform({ ...fleet, ROLES: 'subgraphs' }, options);
      cleanups.push(() => service.stop());
      const edge = await spawnPlatform({ ...fleet, ROLES: 'edge', SUBGRAPH_URLS: subgraphs.map(({ name }) => `${name}=${service.url}/subgraphs/${name}`).join(',') }, options);
      cleanups.push(() => edge.stop());
      targets.push({ key: 'fleet', name: 'platform fleet', origin: edge.url, headers: platformHeaders, pid: edge.child.pid as number, helperPids: [service.child.pid as number] });
    }
    if (SELECTED.has('apollo') || SELECTED.has('hive')) {
      console.log('Starting the subgraph services and the peer gateways ...');
      const services = await spawnPeer(['subgraphs', database.url]);
      cleanups.push(() => services.stop());
      const peerHeaders = { 'x-bench-tenant': tenantId };
      if (SELECTED.has('apollo')) {
        const apollo = await spawnPeer(['apollo', services.origin]);
        cleanups.push(() => apollo.stop());
        targets.push({ key: 'apollo', name: 'Apollo Gateway (stock)', origin: apollo.origin, headers: peerHeaders, pid: apollo.pid, helperPids: [services.pid] });
      }
      if (SELECTED.has('hive')) {
        const hive = await spawnPeer(['hive', services.origin]);
        cleanups.push(() => hive.stop());
        targets.push({ key: 'hive', name: 'Hive Gateway', origin: hive.origin, headers: peerHeaders, pid: hive.pid, helperPids: [services.pid] });
      }
    }
    await assertSameAnswers(targets);

    console.log('Measuring:');
    const rounds = await inAlternatingRounds(targets, async (target, round) => ({ ...target, ...(await run(target, round)) }));

    const cpu = cpus();
    console.log(`\nCross-subgraph analyst query (11 to 30 orders a page, ${VARIANTS.length} different pages in turn), ${CONNECTIONS} concurrent clients, ${DURATION_SECONDS} s per target in each of ${ROUNDS} rounds, after a ${warmupSeconds(0)} s warm-up (${warmupSeconds(1)} s in later rounds)`);
    console.log(`Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}; PostgreSQL ${process.env.DATABASE_URL ? 'external' : 'embedded'}`);
    console.log(`Platform: WORKERS=${WORKERS}, subgraphs in process; fleet: its edge in one process, every subgraph in a subgraph service in another; peers: the gateway in one process, the subgraphs as HTTP services in another`);
    console.log('CPU: cores the target\'s processes (gateway and subgraph services) kept busy on average\n');
    console.log('round  target                     req/s   p50 ms   p95 ms   p99 ms   cores');
    rounds.forEach((measured, round) => {
      for (const { name, result, cores } of measured) {
        console.log(`${String(round + 1).padStart(5)}  ${name.padEnd(24)} ${result.requestsPerSecond.toFixed(0).padStart(7)} ${result.p50.toFixed(1).padStart(8)} ${result.p95.toFixed(1).padStart(8)} ${result.p99.toFixed(1).padStart(8)} ${cores.toFixed(2).padStart(7)}`);
      }
    });
    const ratios: Array<[TargetKey, TargetKey, string]> = [
      ['platform', 'hive', 'platform / Hive Gateway: %s; target >= x2'],
      ['platform', 'apollo', 'platform / Apollo Gateway: %s; target >= x1.5'],
      // The same platform with each subgraph fetch an HTTP call carrying a service token it signs
      // (and the subgraph service verifies) instead of a call in process: what that hop costs.
      ['fleet', 'platform', 'fleet / platform in process: %s'],
    ];
    const rate = (measured: Array<Target & { result: LoadResult }>, key: TargetKey) => measured.find((entry) => entry.key === key)?.result.requestsPerSecond;
    console.log('');
    for (const [numerator, denominator, line] of ratios) {
      if (!SELECTED.has(numerator) || !SELECTED.has(denominator)) continue;
      const perRound = rounds.map((measured) => (rate(measured, numerator) as number) / (rate(measured, denominator) as number));
      console.log(line.replace('%s', medianRatio(perRound)));
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

/** BENCH_TARGETS: the targets named there (all when unset), or a start refused over a name that is none. */
function selectedTargets(): Set<TargetKey> {
  const names = process.env.BENCH_TARGETS ? process.env.BENCH_TARGETS.split(',').map((name) => name.trim()) : [...TARGET_KEYS];
  const unknown = names.filter((name) => !(TARGET_KEYS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`BENCH_TARGETS names no target ${unknown.join(', ')} (the targets are ${TARGET_KEYS.join(', ')})`);
  return new Set(names as TargetKey[]);
}

/** One tenant with its sales history (seedSalesHistory), and an access token of it. */
async function seed(prisma: PrismaClient, platformUrl: string): Promise<{ tenantId: string; token: string }> {
  const { production } = await createTenantPair(prisma, { name: 'Gateway bench', plan: 'enterprise' });
  await prisma.tenant.update({ where: { id: production.id }, data: { rate_limit_per_second: 1_000_000, rate_limit_per_minute: 60_000_000 } });
  const client = await createOAuthClient(prisma, { tenantId: production.id, scopes: ['inventory:read', 'inventory:write', 'crm:read', 'crm:write', 'finance:read', 'finance:write'], name: 'bench' });
  const tokenResponse = await fetch(`${platformUrl}/v1/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}`, 'x-service-tenant': production.id, 'content-type': 'application/json' };
  const post = async (path: string, body?: unknown) => {
    const response = await fetch(`${platformUrl}${path}`, { method: 'POST', headers, ...(body !== undefined && { body: JSON.stringify(body) }), signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: string };
  };
  process.stdout.write('Seeding 100 orders with their invoices ... ');
  await seedSalesHistory(post);
  console.log('done');
  return { tenantId: production.id, token };
}

/** Every target gives the same data for every page (and no error), or the comparison means nothing. */
async function assertSameAnswers(targets: Target[]): Promise<void> {
  for (const [index, body] of bodies.entries()) {
    const expected = VARIANTS[index]?.per_page;
    const answers = await Promise.all(
      targets.map(async (target) => {
        const response = await fetch(`${target.origin}/graphql`, { method: 'POST', headers: { ...target.headers, 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
        const text = await response.text();
        const result = JSON.parse(text) as { data?: { orders: { data: unknown[] } }; errors?: unknown };
        if (!response.ok || result.errors || result.data?.orders.data.length !== expected) throw new Error(`${target.name} answered ${response.status}: ${text.slice(0, 500)}`);
        return JSON.stringify(result.data);
      }),
    );
    answers.forEach((answer, target) => {
      if (answer !== answers[0]) throw new Error(`${targets[target]?.name} answers differently from ${targets[0]?.name}`);
    });
  }
}

async function run(target: Target, round: number): Promise<{ result: LoadResult; cores: number }> {
  const spec = { origin: target.origin, path: '/graphql', pages: 1, bodies, headers: target.headers, connections: CONNECTIONS };
  const warmup = warmupSeconds(round);
  process.stdout.write(`  round ${round + 1}, ${target.name}: warm-up ${warmup} s, measure ${DURATION_SECONDS} s ... `);
  await measureInWorker({ ...spec, durationSeconds: warmup });
  const pids = [target.pid, ...target.helperPids];
  const cpuOf = async () => (await Promise.all(pids.map((pid) => treeCpuSeconds(pid)))).reduce((sum, seconds) => sum + seconds, 0);
  const before = await cpuOf();
  const started = performance.now();
  const result = await measureInWorker({ ...spec, durationSeconds: DURATION_SECONDS });
  const cores = ((await cpuOf()) - before) / ((performance.now() - started) / 1000);
  process.stdout.write(`${Math.round(result.requestsPerSecond)} req/s\n`);
  if (result.non2xx > 0 || result.errors > 0) console.warn(`WARNING: ${target.name}: ${result.non2xx} non-2xx, ${result.errors} errors; ${JSON.stringify(result.statusCodes)}`);
  return { result, cores };
}

/** Starts one role of peer-gateways.ts and resolves once it serves. */
async function spawnPeer(args: string[]): Promise<{ origin: string; pid: number; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'test/bench/peer-gateways.ts', ...args], { cwd: repositoryRoot, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`peer ${args[0]} did not start within 60 s:\n${output}`)), 60_000);
    const onOutput = (chunk: Buffer) => {
      output += chunk;
      const match = /listening (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] as string);
      }
    };
    child.stdout?.on('data', onOutput);
    child.stderr?.on('data', (chunk: Buffer) => void (output += chunk));
    void exited.then(() => reject(new Error(`peer ${args[0]} exited before serving:\n${output}`)));
  });
  return {
    origin,
    pid: child.pid as number,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
