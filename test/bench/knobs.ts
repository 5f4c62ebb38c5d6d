/** What the benches share: their environment knobs and the CPU their servers and databases use. */
import { readFile, readdir } from 'node:fs/promises';
import pg from 'pg';

/** An environment knob that must be a positive integer, or its fallback when unset. */
export function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got ${raw}`);
  return value;
}

/** Node options that make the platform's processes write V8 CPU profiles into BENCH_PROFILE (a folder), when it is set. */
export function cpuProfileOptions(): string[] {
  const folder = process.env.BENCH_PROFILE;
  return folder ? ['--cpu-prof', `--cpu-prof-dir=${folder}`] : [];
}

interface ProcessStat {
  pid: number;
  parent: number;
  command: string;
  cpuSeconds: number;
}

async function processStats(): Promise<ProcessStat[]> {
  const stats: ProcessStat[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const text = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => undefined);
    if (!text) continue;
    // "pid (command) state ppid ... utime stime": the command may hold spaces and parentheses.
    const close = text.lastIndexOf(')');
    const fields = text.slice(close + 2).split(' ');
    stats.push({ pid: Number(entry), parent: Number(fields[1]), command: text.slice(text.indexOf('(') + 1, close), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100 });
  }
  return stats;
}

/**
 * CPU seconds (user + system) used so far by a process and every process below it (a primary
 * and its workers, PostgreSQL's postmaster and its backends), by the running ones: a process that
 * ended between two readings takes its time with it, so compare readings of long-lived trees.
 */
export async function treeCpuSeconds(root: number): Promise<number> {
  const stats = await processStats();
  const children = new Map<number, ProcessStat[]>();
  for (const stat of stats) children.set(stat.parent, [...(children.get(stat.parent) ?? []), stat]);
  let total = 0;
  const pending = stats.filter((stat) => stat.pid === root);
  for (let stat = pending.pop(); stat; stat = pending.pop()) {
    total += stat.cpuSeconds;
    pending.push(...(children.get(stat.pid) ?? []));
  }
  return total;
}

/** CPU seconds used so far by each PostgreSQL backend connected to a database, by process id. */
async function backendCpuSeconds(databaseUrl: string): Promise<Map<number, number>> {
  const { rows } = await withClient(databaseUrl, (client) => client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()'));
  const backends = new Set(rows.map((row) => row.pid));
  return new Map((await processStats()).filter((stat) => backends.has(stat.pid)).map((stat) => [stat.pid, stat.cpuSeconds]));
}

/** Runs `work` on a connection of its own to the database, closed afterwards. */
async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Starts counting the CPU of the PostgreSQL backends connected to a database (every client's
 * connections to it; the server's shared background processes are not counted), read from /proc:
 * the server must run on this machine. The returned function gives the CPU seconds they used
 * since: a backend that started meanwhile counts from its start, one that ended meanwhile takes
 * its time with it (pools keep their connections open while they work).
 */
export async function countDatabaseCpu(databaseUrl: string): Promise<() => Promise<number>> {
  const before = await backendCpuSeconds(databaseUrl);
  return async () => {
    let used = 0;
    for (const [pid, seconds] of await backendCpuSeconds(databaseUrl)) used += seconds - (before.get(pid) ?? 0);
    return used;
  };
}

/** Rounds of the benches that compare targets (`BENCH_ROUNDS`, default 3); the ratio they print is the median of the rounds' ratios. */
export const ROUNDS = positiveInteger('BENCH_ROUNDS', 3);
/**
 * Seconds of load before a target's first measurement, not measured (`BENCH_WARMUP`, default 10):
 * the platform's CPU per request mostly keeps falling over its first minute under load, as V8
 * optimises its code, and 2 s understated it. Later rounds warm up for REWARM_SECONDS.
 */
const FIRST_WARMUP_SECONDS = positiveInteger('BENCH_WARMUP', 10);
const REWARM_SECONDS = 2;

/** The warm-up before a measurement of round `round` (0-based). */
export function warmupSeconds(round: number): number {
  return round === 0 ? FIRST_WARMUP_SECONDS : REWARM_SECONDS;
}

/**
 * Measures every target in each of `ROUNDS` rounds, back to back, in alternating order (the
 * first target first in even rounds, last in odd ones). The machines the benches run on are
 * shared, and a slow spell of the host lasts minutes: measured this way it weighs on both sides
 * of a round's ratio. Returns each round's measurements in the targets' order.
 */
export async function inAlternatingRounds<Target, Measured>(targets: readonly Target[], measure: (target: Target, round: number) => Promise<Measured>): Promise<Measured[][]> {
  const rounds: Measured[][] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const measured: Measured[] = [];
    const order = targets.map((_, index) => (round % 2 === 0 ? index : targets.length - 1 - index));
    for (const index of order) measured[index] = await measure(targets[index] as Target, round);
    rounds.push(measured);
  }
  return rounds;
}

/** The median of the rounds' ratios, with their range, as the benches print it. */
export function medianRatio(ratios: readonly number[]): string {
  const sorted = [...ratios].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return `x${median.toFixed(2)}, the median of ${sorted.length} rounds (x${(sorted[0] as number).toFixed(2)} to x${(sorted[sorted.length - 1] as number).toFixed(2)})`;
}

/** One statement's share of a measurement: executions and execution time per unit of work (an order, a request). */
export interface StatementShare {
  callsPerUnit: number;
  msPerUnit: number;
  query: string;
}

/**
 * `BENCH_STATEMENTS=1`: what each SQL statement of the bench database cost in PostgreSQL during
 * a measurement, from pg_stat_statements (nested statements too: foreign-key checks, functions).
 * The server must preload it (`shared_preload_libraries=pg_stat_statements`, with
 * `pg_stat_statements.track=all`), so this needs a DATABASE_URL of such a server; the embedded
 * one does not load it. Execution time is wall-clock time inside the statement: it includes
 * waits for row locks, and not the per-statement work around it (parse, bind, commit).
 */
export const STATEMENTS = process.env.BENCH_STATEMENTS === '1';

/** Creates the view in the bench database (once), or says what the server lacks. */
export async function prepareStatementCounts(databaseUrl: string): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await client.query('SELECT 1 FROM pg_stat_statements LIMIT 1');
  }).catch((error: unknown) => {
    throw new Error(`BENCH_STATEMENTS=1 needs a DATABASE_URL whose server preloads pg_stat_statements (${(error as Error).message})`);
  });
}

/** Starts counting the statements of the bench database; the returned function gives the `limit` costliest since, per `units` of work. */
export async function countStatements(databaseUrl: string): Promise<(units: number, limit: number) => Promise<StatementShare[]>> {
  await withClient(databaseUrl, (client) => client.query('SELECT pg_stat_statements_reset(0, (SELECT oid FROM pg_database WHERE datname = current_database()), 0)'));
  return async (units, limit) => {
    const { rows } = await withClient(databaseUrl, (client) =>
      client.query<{ calls: string; ms: number; query: string }>(
        `SELECT calls, total_exec_time AS ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS query FROM pg_stat_statements
         WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query NOT LIKE '%pg_stat_statements%'
         ORDER BY total_exec_time DESC LIMIT $1`,
        [limit],
      ),
    );
    return rows.map((row) => ({ callsPerUnit: Number(row.calls) / units, msPerUnit: row.ms / units, query: row.query }));
  };
}
