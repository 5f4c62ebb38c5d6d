/**
 * Benchmark: start-up (issue 14, item 6). On an existing data folder (an embedded PostgreSQL
 * created by a first start here, then stopped), the time from spawning a start command to the
 * first `GET /healthz` 200 (the port is open) and to the first authenticated 200 on
 * `GET /v1/inventory/items` (the platform serves), for
 *   npm start                               the prestart freshness check, then the compiled entry
 *   node gateway/dist/main.mjs              the compiled entry alone
 *   node --import tsx gateway/src/main.ts   the sources through tsx (npm start before item 6)
 * each with WORKERS=1 and with WORKERS unset (one worker per core). Runs are interleaved (each
 * round starts every command once), so a change in the machine's load spreads over all of them.
 * Every start includes starting the embedded PostgreSQL and checking its migrations; every stop
 * waits for PostgreSQL to be down before the next start.
 *
 * Run on demand, never by the test suite:   npm run bench:start
 *
 * Environment knobs:
 *   BENCH_RUNS   starts per command and WORKERS setting (default 5)
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '@platform/rate-limit/testing';
import { COMPILED_ENTRY, repositoryRoot } from '../support/platform-process.ts';
import { positiveInteger } from './knobs.ts';

const RUNS = positiveInteger('BENCH_RUNS', 5);
const START_TIMEOUT_MS = 180_000;
const POLL_INTERVAL_MS = 10;

const COMMANDS: Array<{ name: string; command: string; args: string[] }> = [
  { name: 'npm start', command: 'npm', args: ['start'] },
  { name: `node ${COMPILED_ENTRY}`, command: process.execPath, args: [COMPILED_ENTRY] },
  { name: 'node --import tsx gateway/src/main.ts', command: process.execPath, args: ['--import', 'tsx', 'gateway/src/main.ts'] },
];
const WORKER_SETTINGS: Array<string | undefined> = ['1', undefined];



async function status(url: string, headers: Record<string, string> = {}): Promise<number | undefined> {
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return undefined;
  }
}

interface Started {
  child: ChildProcess;
  output(): string;
}

function start(command: string, args: string[], env: NodeJS.ProcessEnv): Started {
  // Its own process group: npm start is npm, then node; stopping waits for all of it.
  const child = spawn(command, args, { cwd: repositoryRoot, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

/**
 * SIGTERM to the command's process group, as a terminal's Ctrl-C reaches every process of the
 * foreground group (npm exits on SIGTERM without passing it on), then wait for the group and the
 * database to be gone.
 */
async function stop(started: Started, dataDir: string): Promise<void> {
  const { child } = started;
  const pid = child.pid as number;
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    // already gone
  }
  const groupAlive = () => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const deadline = Date.now() + 60_000;
  while ((groupAlive() || existsSync(join(dataDir, 'postgres', 'postmaster.pid'))) && Date.now() < deadline) await sleep(50);
  if (groupAlive()) {
    process.kill(-pid, 'SIGKILL');
    throw new Error(`the platform did not stop within 60 s:\n${started.output()}`);
  }
}

interface Timing {
  healthz: number;
  served: number;
  /** npm start's prestart built again (a source changed since: other work in the same checkout). */
  rebuilt: boolean;
}

async function timeStart(command: string, args: string[], env: NodeJS.ProcessEnv, base: string, headers: Record<string, string>, dataDir: string): Promise<Timing> {
  const begin = performance.now();
  const started = start(command, args, env);
  const deadline = begin + START_TIMEOUT_MS;
  const until = async (check: () => Promise<boolean>) => {
    while (!(await check())) {
      if (performance.now() > deadline || started.child.exitCode !== null) {
        await stop(started, dataDir).catch(() => {});
        throw new Error(`${command} ${args.join(' ')} did not serve:\n${started.output()}`);
      }
      await sleep(POLL_INTERVAL_MS);
    }
    return performance.now() - begin;
  };
  const healthz = await until(async () => (await status(`${base}/healthz`)) === 200);
  const served = await until(async () => (await status(`${base}/v1/inventory/items?per_page=1`, headers)) === 200);
  await stop(started, dataDir);
  return { healthz, served, rebuilt: started.output().includes('Built gateway/dist/main.mjs') };
}

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median = sorted.length % 2 ? (sorted[Math.floor(middle)] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  const seconds = (ms: number) => (ms / 1000).toFixed(2);
  return `${seconds(median)} s (${seconds(sorted[0] as number)}-${seconds(sorted.at(-1) as number)})`;
}

async function main(): Promise<void> {
  console.log(`start-up bench: ${RUNS} runs per command and WORKERS setting; ${cpus().length} x ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`);
  console.log(`load average before: ${loadavg().map((load) => load.toFixed(2)).join(' ')}`);

  // A build from scratch (what the first npm start of a fresh clone adds), then the freshness
  // check alone (what every later npm start adds before node starts).
  const buildStarted = performance.now();
  const build = spawnSync(process.execPath, ['gateway/scripts/build.mjs'], { cwd: repositoryRoot, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`build failed:\n${build.stderr}`);
  const buildMs = performance.now() - buildStarted;
  const checks = Array.from({ length: 5 }, () => {
    const checkStarted = performance.now();
    const check = spawnSync(process.execPath, ['gateway/scripts/build.mjs', '--if-stale'], { cwd: repositoryRoot, encoding: 'utf8' });
    if (check.status !== 0 || check.stderr.includes('Built')) throw new Error(`the build is stale right after building:\n${check.stderr}`);
    return performance.now() - checkStarted;
  });
  console.log(`build (node gateway/scripts/build.mjs): ${(buildMs / 1000).toFixed(2)} s; freshness check (--if-stale, up to date): ${summary(checks)}`);

  const dataDir = await mkdtemp(join(tmpdir(), 'start-up-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = (workers: string | undefined): NodeJS.ProcessEnv => {
    // Generous database timeouts: on a busy machine a slow moment must not fail a start (they
    // change no timing unless reached).
    const variables: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      ACCESS_TOKEN_TTL_SECONDS: '86400',
      DATABASE_CONNECT_TIMEOUT_MS: '15000',
      DATABASE_STATEMENT_TIMEOUT_MS: '30000',
      WORKERS: workers,
    };
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'NODE_OPTIONS', ...(workers === undefined ? ['WORKERS'] : [])]) delete variables[name];
    return variables;
  };
  try {
    // The existing data folder: a first start creates the database and the demo account, whose
    // token (issued for this PUBLIC_URL, valid a day) every timed start is then asked to accept.
    const first = start(process.execPath, [COMPILED_ENTRY], env('1'));
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (!/Platform API on/.test(first.output())) {
      if (Date.now() > deadline || first.child.exitCode !== null) throw new Error(`first start failed:\n${first.output()}`);
      await sleep(50);
    }
    const output = first.output();
    const tokenResponse = await fetch(`${base}/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: /client_id\s+(\S+)/.exec(output)?.[1], client_secret: /client_secret\s+(\S+)/.exec(output)?.[1], scope: 'inventory:read' }),
    });
    if (tokenResponse.status !== 200) throw new Error(`token request: ${tokenResponse.status} ${await tokenResponse.text()}`);
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${token}`, 'x-service-tenant': /production tenant\s+(\S+)/.exec(output)?.[1] as string };
    await stop(first, dataDir);

    const timings = new Map<string, Timing[]>();
    for (let run = 1; run <= RUNS; run++) {
      for (const workers of WORKER_SETTINGS) {
        for (const { name, command, args } of COMMANDS) {
          const key = `${workers === undefined ? `default (${cpus().length})` : workers}\t${name}`;
          const timing = await timeStart(command, args, env(workers), base, headers, dataDir);
          timings.set(key, [...(timings.get(key) ?? []), timing]);
          process.stdout.write(`run ${run}/${RUNS}  WORKERS=${workers ?? 'default'}  ${name}: healthz ${(timing.healthz / 1000).toFixed(2)} s, served ${(timing.served / 1000).toFixed(2)} s${timing.rebuilt ? ' (built first: a source had changed)' : ''}\n`);
        }
      }
    }

    console.log(`\nload average after: ${loadavg().map((load) => load.toFixed(2)).join(' ')}`);
    console.log('\nmedian (min-max) from spawning the command, on an existing data folder:');
    console.log(`${'WORKERS'.padEnd(12)}${'command'.padEnd(42)}${'/healthz 200'.padEnd(24)}first authenticated 200`);
    for (const [key, values] of timings) {
      const [workers, name] = key.split('\t') as [string, string];
      const rebuilt = values.filter((value) => value.rebuilt).length;
      console.log(`${workers.padEnd(12)}${name.padEnd(42)}${summary(values.map((value) => value.healthz)).padEnd(24)}${summary(values.map((value) => value.served))}${rebuilt ? `  (${rebuilt} built first)` : ''}`);
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
