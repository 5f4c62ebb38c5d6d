/**
 * Benchmark: bytes on the wire (issue 14, item 7). For the GraphiQL page, the API reference page
 * and its script bundle, the errors page, the OpenAPI document, and a 25- and a 100-item inventory
 * list (REST and GraphQL), prints the body bytes sent as they are (identity: what every client got
 * before compression), with gzip and with br, and the ratios; then the bytes of a revalidation
 * (304), and the CPU cost of compression: per body in process, then requests/s and the platform
 * process's CPU per response of the 100-item list without Accept-Encoding, with gzip and with br.
 *
 * Run on demand, never by the test suite:   npm run bench:bytes
 *
 * Environment knobs:
 *   BENCH_CONNECTIONS  concurrent connections of the throughput runs (default 20)
 *   BENCH_DURATION     seconds measured per throughput run (default 5), after a 2 s warm-up
 *   BENCH_ROUNDS       rounds of the three throughput runs, interleaved so that drift of a shared
 *                      machine hits each alike (default 2)
 *   DATABASE_URL       use this PostgreSQL as is instead of an embedded one in a temp folder
 *
 * Sizes are of the body as it goes on the wire (headers, about 400-500 bytes, are not counted),
 * read with node:http, which does not decode; every compressed body is decoded and compared with
 * the identity body.
 */
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type Platform, startPlatform } from '@platform/gateway';
import { compress } from '../../gateway/src/edge/compression.ts';
import { type Fixture, createFixture, fetchToken, removeFixture } from './fixture.ts';
import type { LoadResult, LoadSpec } from './load.ts';
import { positiveInteger } from './knobs.ts';

const ITEM_COUNT = 2_000;
const WARMUP_SECONDS = 2;
const CONNECTIONS = positiveInteger('BENCH_CONNECTIONS', 20);
const DURATION_SECONDS = positiveInteger('BENCH_DURATION', 5);
const ROUNDS = positiveInteger('BENCH_ROUNDS', 2);
const CODINGS = ['identity', 'gzip', 'br'] as const;
type Coding = (typeof CODINGS)[number];

const ITEM_FIELDS = 'id name quantity_on_hand reorder_point warehouse_id allow_backorder version last_synced_at created_at updated_at archived_at';


interface Exchange {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as it came over the wire (not decoded). */
  body: Buffer;
  milliseconds: number;
}

interface Resource {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

function exchange(origin: string, resource: Resource, extraHeaders: Record<string, string>): Promise<Exchange> {
  const target = new URL(resource.path, origin);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = request(target, { method: resource.method, headers: { ...resource.headers, ...extraHeaders, ...(resource.body !== undefined && { 'content-type': 'application/json' }) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks), milliseconds: performance.now() - started }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(resource.body);
  });
}

function acceptEncoding(coding: Coding): Record<string, string> {
  return coding === 'identity' ? {} : { 'accept-encoding': coding };
}

function decoded(answer: Exchange): Buffer {
  const coding = answer.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(answer.body);
  if (coding === 'gzip') return gunzipSync(answer.body);
  return answer.body;
}

interface SizeRow {
  resource: Resource;
  bytes: Record<Coding, number>;
  codings: Record<Coding, string>;
  /** Milliseconds of the first and of a later br request (a static document is compressed once). */
  firstBrMs: number;
  laterBrMs: number;
  etag?: string;
}

async function measureSizes(origin: string, resources: Resource[]): Promise<SizeRow[]> {
  const rows: SizeRow[] = [];
  for (const resource of resources) {
    const answers = {} as Record<Coding, Exchange>;
    for (const coding of CODINGS) answers[coding] = await exchange(origin, resource, acceptEncoding(coding));
    const later = await exchange(origin, resource, acceptEncoding('br'));
    for (const coding of CODINGS) {
      const answer = answers[coding];
      if (answer.status !== 200) throw new Error(`${resource.name} (${coding}) answered ${answer.status}: ${answer.body.toString().slice(0, 500)}`);
      if (Number(answer.headers['content-length']) !== answer.body.length) console.warn(`WARNING: ${resource.name} (${coding}): Content-Length ${answer.headers['content-length']} for ${answer.body.length} bytes`);
      if (!decoded(answer).equals(answers.identity.body)) console.warn(`WARNING: ${resource.name} (${coding}): the decoded body differs from the identity body`);
    }
    rows.push({
      resource,
      bytes: { identity: answers.identity.body.length, gzip: answers.gzip.body.length, br: answers.br.body.length },
      codings: { identity: String(answers.identity.headers['content-encoding'] ?? '-'), gzip: String(answers.gzip.headers['content-encoding'] ?? '-'), br: String(answers.br.headers['content-encoding'] ?? '-') },
      firstBrMs: answers.br.milliseconds,
      laterBrMs: later.milliseconds,
      etag: typeof answers.identity.headers.etag === 'string' ? answers.identity.headers.etag : undefined,
    });
  }
  return rows;
}

function table(header: string[], rows: string[][], leftColumns = 1): void {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column < leftColumns ? cell.padEnd(widths[column] as number) : cell.padStart(widths[column] as number))).join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

const kib = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MiB` : bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${bytes} B`);

function printSizes(rows: SizeRow[]): void {
  table(
    ['response', 'identity', 'gzip', 'br', 'identity/gzip', 'identity/br', 'sent as (gzip, br)', 'first br ms', 'later br ms'],
    rows.map(({ resource, bytes, codings, firstBrMs, laterBrMs }) => [
      resource.name,
      kib(bytes.identity),
      kib(bytes.gzip),
      kib(bytes.br),
      `x${(bytes.identity / bytes.gzip).toFixed(1)}`,
      `x${(bytes.identity / bytes.br).toFixed(1)}`,
      `${codings.gzip}, ${codings.br}`,
      firstBrMs.toFixed(0),
      laterBrMs.toFixed(0),
    ]),
  );
}

async function printRevalidations(origin: string, rows: SizeRow[]): Promise<void> {
  const revalidated = [];
  for (const row of rows.filter((candidate) => candidate.etag)) {
    const answer = await exchange(origin, row.resource, { 'if-none-match': row.etag as string });
    revalidated.push([row.resource.name, String(answer.status), String(answer.body.length), String(answer.headers['cache-control'] ?? '')]);
  }
  table(['revalidation (If-None-Match)', 'status', 'body bytes', 'cache-control'], revalidated, 1);
}

/**
 * One autocannon run (test/bench/load.ts) in a child process rather than a worker thread, so that
 * this process's CPU time during the run is the platform's alone (PostgreSQL runs apart too):
 * its CPU per response is the figure that contention on a shared machine distorts least.
 */
function measureInChild(spec: LoadSpec): Promise<LoadResult> {
  const load = new URL('./load.ts', import.meta.url).href;
  const code = `const { measure } = await import(${JSON.stringify(load)}); process.stdout.write(JSON.stringify(await measure(JSON.parse(process.env.LOAD_SPEC))));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { env: { ...process.env, LOAD_SPEC: JSON.stringify(spec) }, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(output) as LoadResult) : reject(new Error(`load process exited with ${code}`))));
  });
}

interface ThroughputRow {
  round: number;
  coding: Coding;
  result: LoadResult;
  /** CPU time of the platform's process per response during the run, less its idle CPU, ms. */
  cpuMsPerResponse: number;
  bytesPerResponse: number;
}

/** CPU ms per second the platform's process spends with no request at all (its job pollers, the audit chainer). */
async function idleCpuMsPerSecond(): Promise<number> {
  const before = process.cpuUsage();
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / ((performance.now() - started) / 1000);
}

async function measureThroughput(origin: string, headers: Record<string, string>, pages: number): Promise<ThroughputRow[]> {
  const rows: ThroughputRow[] = [];
  // Subtracted from each run: at a few hundred responses per run, background work would otherwise count as theirs.
  const idle = await idleCpuMsPerSecond();
  console.log(`  idle CPU of the platform process: ${idle.toFixed(1)} ms/s`);
  for (let round = 1; round <= ROUNDS; round++) {
    for (const coding of CODINGS) {
      const spec = { origin, path: '/v1/inventory/items?per_page=100', pages, headers: { ...headers, ...acceptEncoding(coding) }, connections: CONNECTIONS };
      process.stdout.write(`  round ${round}, 100-item list, ${coding}: warm-up ${WARMUP_SECONDS} s, measure ${DURATION_SECONDS} s ... `);
      await measureInChild({ ...spec, durationSeconds: WARMUP_SECONDS });
      const cpuBefore = process.cpuUsage();
      const runStarted = performance.now();
      const result = await measureInChild({ ...spec, durationSeconds: DURATION_SECONDS });
      const cpu = process.cpuUsage(cpuBefore);
      const cpuMs = (cpu.user + cpu.system) / 1000 - (idle * (performance.now() - runStarted)) / 1000;
      const sample = await exchange(origin, { name: '', method: 'GET', path: '/v1/inventory/items?per_page=100&page=2', headers }, acceptEncoding(coding));
      process.stdout.write(`${Math.round(result.requestsPerSecond)} req/s\n`);
      rows.push({ round, coding, result, cpuMsPerResponse: cpuMs / result.responses, bytesPerResponse: sample.body.length });
    }
  }
  return rows;
}

function printThroughput(rows: ThroughputRow[]): void {
  const identityOf = (round: number) => rows.find((row) => row.round === round && row.coding === 'identity')?.result.requestsPerSecond ?? Number.NaN;
  table(
    ['round', 'GET /v1/inventory/items?per_page=100', 'req/s', 'vs identity', 'CPU ms/response', 'p50 ms', 'p95 ms', 'p99 ms', 'body bytes', 'body MB/s', 'non-2xx'],
    rows.map(({ round, coding, result, cpuMsPerResponse, bytesPerResponse }) => [
      String(round),
      coding === 'identity' ? 'no Accept-Encoding' : `Accept-Encoding: ${coding}`,
      result.requestsPerSecond.toFixed(0),
      `x${(result.requestsPerSecond / identityOf(round)).toFixed(2)}`,
      cpuMsPerResponse.toFixed(2),
      result.p50.toFixed(1),
      result.p95.toFixed(1),
      result.p99.toFixed(1),
      String(bytesPerResponse),
      ((result.requestsPerSecond * bytesPerResponse) / 1e6).toFixed(2),
      String(result.non2xx + result.errors),
    ]),
    2,
  );
}

/** CPU per compression of one body as the platform compresses dynamic responses, measured in process on an idle event loop. */
async function printCompressionCost(bodies: Array<{ name: string; body: Buffer }>): Promise<void> {
  const ITERATIONS = 500;
  const rows: string[][] = [];
  for (const { name, body } of bodies) {
    const cells = [name, String(body.length)];
    for (const coding of ['gzip', 'br'] as const) {
      for (let index = 0; index < 50; index++) await compress(body, coding, 'dynamic');
      const before = process.cpuUsage();
      for (let index = 0; index < ITERATIONS; index++) await compress(body, coding, 'dynamic');
      const used = process.cpuUsage(before);
      cells.push(((used.user + used.system) / ITERATIONS / 1000).toFixed(3));
    }
    rows.push(cells);
  }
  table(['compression CPU per response', 'bytes', 'gzip 6 ms', 'br 4 ms'], rows);
}

function graphqlList(perPage: number): string {
  return JSON.stringify({ query: `{ inventory_items(per_page: ${perPage}, page: 2) { data { ${ITEM_FIELDS} } meta { total page per_page } } }` });
}

async function main(): Promise<number> {
  const dataDir = await mkdtemp(join(tmpdir(), 'platform-bench-'));
  // As root, embedded PostgreSQL runs as the `postgres` user, which must enter the folder.
  if (process.getuid?.() === 0) await chmod(dataDir, 0o755);
  let platform: Platform | undefined;
  let fixture: Fixture | undefined;
  try {
    console.log('Starting the platform and loading data ...');
    platform = await startPlatform({ port: 0, host: '127.0.0.1', dataDir, databaseUrl: process.env.DATABASE_URL, logLevel: 'silent', seedDemo: false });
    fixture = await createFixture(platform.prisma, ITEM_COUNT);
    const token = await fetchToken(platform.url, fixture);
    const auth = { authorization: `Bearer ${token}`, 'x-service-tenant': fixture.tenantId };

    const referencePage = (await exchange(platform.url, { name: '', method: 'GET', path: '/docs', headers: {} }, {})).body.toString();
    const bundlePath = /<script src="(\/docs\/assets\/[^"]+)"/.exec(referencePage)?.[1];
    if (!bundlePath) throw new Error('the /docs page names no script bundle');
    const resources: Resource[] = [
      { name: 'GraphiQL page (GET /graphql, text/html)', method: 'GET', path: '/graphql', headers: { accept: 'text/html' } },
      { name: `API reference bundle (${bundlePath.slice(0, 36)}…)`, method: 'GET', path: bundlePath, headers: {} },
      { name: 'API reference page (/docs)', method: 'GET', path: '/docs', headers: {} },
      { name: 'errors page (/docs/errors)', method: 'GET', path: '/docs/errors', headers: {} },
      { name: 'GET /v1/openapi.json', method: 'GET', path: '/v1/openapi.json', headers: {} },
      { name: 'GET /.well-known/jwks.json', method: 'GET', path: '/.well-known/jwks.json', headers: {} },
      { name: 'REST list, 25 items', method: 'GET', path: '/v1/inventory/items?per_page=25&page=2', headers: auth },
      { name: 'REST list, 100 items', method: 'GET', path: '/v1/inventory/items?per_page=100&page=2', headers: auth },
      { name: 'GraphQL list, 25 items', method: 'POST', path: '/graphql', headers: auth, body: graphqlList(25) },
      { name: 'GraphQL list, 100 items', method: 'POST', path: '/graphql', headers: auth, body: graphqlList(100) },
    ];
    console.log('Measuring sizes ...');
    const sizes = await measureSizes(platform.url, resources);
    console.log('Measuring throughput:');
    const throughput = await measureThroughput(platform.url, auth, Math.ceil(fixture.items / 100));

    const cpu = cpus();
    console.log(`\nBytes on the wire. Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, ${process.platform}/${process.arch}`);
    console.log(`Data: ${fixture.items} items in the tenant; PostgreSQL ${platform.config.databaseUrl ? 'external (DATABASE_URL)' : 'embedded'}; body bytes, headers not counted.`);
    console.log('Dynamic responses: br quality 4, gzip level 6, per response; static documents: compressed once (gzip 9; br 11 up to 1 MiB, 9 above).\n');
    printSizes(sizes);
    console.log('');
    await printRevalidations(platform.url, sizes);
    console.log('');
    const listBodies = [];
    for (const resource of resources.filter((candidate) => candidate.name.startsWith('REST list'))) listBodies.push({ name: resource.name, body: (await exchange(platform.url, resource, {})).body });
    await printCompressionCost(listBodies);
    console.log(`\nCPU cost under load: autocannon in a child process, ${CONNECTIONS} connections, ${DURATION_SECONDS} s per run after a ${WARMUP_SECONDS} s warm-up, pages cycled;`);
    console.log('platform, PostgreSQL and load generator share the cores. CPU ms/response: the platform process only, less its idle CPU.\n');
    printThroughput(throughput);
    return throughput.every((row) => row.result.non2xx + row.result.errors === 0) ? 0 : 1;
  } finally {
    if (platform && fixture && platform.config.databaseUrl) await removeFixture(platform.prisma, fixture).catch((error: unknown) => console.warn(`WARNING: could not remove the bench tenants: ${String(error)}`));
    await platform?.stop();
    await rm(dataDir, { recursive: true, force: true });
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
