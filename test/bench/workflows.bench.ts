/**
 * Benchmark: workflow runs started from an event. One workflow is triggered by `custom.bench.tick`
 * and has one step (BENCH_WORKFLOW_STEP: by default an `emit` of `custom.bench.done`, a real write:
 * an event and its outbox row through `publish_event`). N tick events are published through the
 * REST API (POST /v1/events, each commits its event before its 201); the bench then waits until
 * every one of them has a run and every run is over, and reads the runs, their first step and
 * the trigger jobs from the database. Prints runs started and finished per second (runs ÷ the
 * time from the first publish request to the last run's `started_at`, resp. `finished_at`) and
 * the latency from each event's `occurred_at` to its run's first step's `started_at` (p50, p95,
 * p99, max), the end-to-end latency to the run's `finished_at`, and the phases in between: the
 * dispatch (the trigger job created), the job queue (the job fetched), the trigger (the run
 * created), the claim (the run started), the step.
 *
 * Run on demand, never by the test suite:   npm run bench:workflows
 *
 * Environment knobs:
 *   BENCH_WORKFLOW_EVENTS       tick events published, one run each (default 1000)
 *   BENCH_WORKFLOW_CONCURRENCY  publish requests in flight at once (default 10)
 *   BENCH_WORKFLOW_RATE         events per second to publish, paced (default: as fast as
 *                               BENCH_WORKFLOW_CONCURRENCY clients go)
 *   BENCH_WORKFLOW_STEP         the workflow's one step: emit (publish custom.bench.done, the
 *                               default), condition (`true`, no operation) or graphql (create_customer)
 *   BENCH_WORKFLOW_WARMUP       events published the same way before the measurement, their runs
 *                               awaited, not measured (default 50)
 *   BENCH_WORKERS               the platform's WORKERS (default: the machine's cores)
 *   BENCH_PROFILE               a folder: the platform's processes write V8 CPU profiles there (--cpu-prof)
 *   DATABASE_URL                create the bench database on this PostgreSQL server instead of an
 *                               embedded one in a temp folder (it is dropped afterwards)
 *
 * The platform runs as its own process (as `npm start`); the load generator shares this process.
 * `occurred_at` is the start of the publishing transaction on the database clock, the run's and
 * the step's times are the platform's clock, the trigger job's pg-boss's (the database's): all the
 * same machine.
 */
import { availableParallelism } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { createPrismaClient, migrateDatabase } from '@platform/db';
import { freshDatabase } from '@platform/db/testing';
import { createOAuthClient, createTenantPair } from '@platform/subgraph-identity';
import { TEST_SECRETS_KEY, accessTokenFrom, spawnPlatform } from '../support/platform-process.ts';
import { countDatabaseCpu, cpuProfileOptions, positiveInteger, treeCpuSeconds } from './knobs.ts';

const EVENTS = positiveInteger('BENCH_WORKFLOW_EVENTS', 1000);
const CONCURRENCY = positiveInteger('BENCH_WORKFLOW_CONCURRENCY', 10);
const RATE = process.env.BENCH_WORKFLOW_RATE ? positiveInteger('BENCH_WORKFLOW_RATE', 1) : undefined;
const WARMUP = positiveInteger('BENCH_WORKFLOW_WARMUP', 50);
const WORKERS = positiveInteger('BENCH_WORKERS', availableParallelism());
const STEP_KIND = process.env.BENCH_WORKFLOW_STEP || 'emit';
const DEADLINE_MS = 300_000;
const TICK = 'custom.bench.tick';

/** The workflow's one step, with the scopes it takes beyond receiving the tick (events:read). */
const STEPS: Record<string, { describe: string; scopes: string[]; step: Record<string, unknown> }> = {
  emit: { describe: 'emit custom.bench.done (publish_event: an event and its outbox row)', scopes: ['events:write'], step: { id: 'done', kind: 'emit', event_type: 'custom.bench.done', data: `{ 'n': input.data.n }` } },
  condition: { describe: 'condition `true` (no operation, the step log only)', scopes: [], step: { id: 'check', kind: 'condition', if: 'true', then: [] } },
  graphql: {
    describe: 'graphql create_customer (a customer, its event and audit record)',
    scopes: ['crm:write'],
    step: { id: 'customer', kind: 'graphql', document: 'mutation BenchCustomer($input: CreateCustomerInput!) { create_customer(input: $input) { id } }', variables: { input: `{ 'name': 'Bench customer ' & $string(input.data.n), 'currency': 'EUR' }` } },
  },
};

interface Published {
  id: string;
  /** When the request was sent and its 201 arrived (this process's clock, ms). */
  sentAt: number;
  answeredAt: number;
}

/** One measured run, its times in ms since the epoch (null: not recorded). */
interface RunTimes {
  status: string;
  occurred: number;
  jobCreated: number | null;
  jobStarted: number | null;
  runCreated: number;
  runStarted: number | null;
  stepStarted: number | null;
  stepFinished: number | null;
  runFinished: number | null;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

let platformOutput = () => '(the platform did not start)';

async function main(): Promise<void> {
  const step = STEPS[STEP_KIND];
  if (!step) throw new Error(`BENCH_WORKFLOW_STEP must be one of ${Object.keys(STEPS).join(', ')}, got ${STEP_KIND}`);
  const database = await freshDatabase({ prefix: 'bench_workflows' });
  const cleanups: Array<() => Promise<unknown>> = [() => database.dispose()];
  try {
    await migrateDatabase(database.url);
    const prisma = createPrismaClient(database.url, 2);
    cleanups.push(() => prisma.$disconnect());
    const platform = await spawnPlatform({ DATABASE_URL: database.url, SEED_DEMO: 'false', SECRETS_KEY: TEST_SECRETS_KEY, LOG_LEVEL: 'warn', WORKERS: String(WORKERS) }, { nodeOptions: cpuProfileOptions() });
    cleanups.push(() => platform.stop());
    platformOutput = () => platform.output();

    const { production } = await createTenantPair(prisma, { name: 'Workflows bench', plan: 'enterprise' });
    const tenantId = production.id;
    // Limits far above what the machine can serve: the bench measures runs, not refusals (the
    // publish requests and the runs' own operations count against them).
    await prisma.tenant.update({ where: { id: tenantId }, data: { rate_limit_per_second: 1_000_000, rate_limit_per_minute: 60_000_000 } });
    const workflowScopes = ['events:read', ...step.scopes];
    const client = await createOAuthClient(prisma, { tenantId, scopes: ['workflows:read', 'workflows:write', 'events:write', ...workflowScopes] });
    const headers = { authorization: `Bearer ${await accessTokenFrom(platform, client)}`, 'x-service-tenant': tenantId, 'content-type': 'application/json' };
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${platform.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      const text = await response.text();
      if (response.status !== 201) throw new Error(`POST ${path}: ${response.status} ${text}`);
      return JSON.parse(text) as Record<string, unknown>;
    };

    const workflow = await post('/v1/workflows', { name: 'Bench tick', scopes: [...new Set(workflowScopes)], definition: { trigger: { type: 'event', event_type: TICK }, steps: [step.step] } });
    const workflowId = workflow.id as string;

    const publish = async (n: number): Promise<Published> => {
      const sentAt = Date.now();
      const event = await post('/v1/events', { type: TICK, data: { n } });
      return { id: event.id as string, sentAt, answeredAt: Date.now() };
    };

    /** Publishes ticks first..first+count-1: paced at RATE, or CONCURRENCY at a time. */
    const publishAll = async (first: number, count: number): Promise<Published[]> => {
      const published: Published[] = [];
      const begun = Date.now();
      if (RATE) {
        // Paced: publish i starts at its time, whatever the earlier ones are doing (a sustained load).
        const inFlight: Array<Promise<void>> = [];
        for (let index = 0; index < count; index++) {
          const wait = begun + (index * 1000) / RATE - Date.now();
          if (wait > 0) await sleep(wait);
          const one = publish(first + index).then((event) => void published.push(event));
          // Handled by the Promise.all below; a failure before it must not end the process unhandled (and leave the platform running).
          one.catch(() => {});
          inFlight.push(one);
        }
        await Promise.all(inFlight);
      } else {
        let next = first;
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (next < first + count) published.push(await publish(next++));
          }),
        );
      }
      return published;
    };

    /** Waits until each event has its run and every run is over; answers how many ended. */
    const awaitRuns = async (ids: string[], deadline: number): Promise<{ runs: number; over: number }> => {
      for (;;) {
        const [counts] = await prisma.$queryRaw<Array<{ runs: number; over: number }>>`
          SELECT count(*)::int AS runs, count(*) FILTER (WHERE finished_at IS NOT NULL)::int AS over
          FROM workflow_runs WHERE tenant_id = ${tenantId} AND workflow_id = ${workflowId} AND trigger_event_id = ANY(${ids}::text[])`;
        const state = counts ?? { runs: 0, over: 0 };
        if (state.over >= ids.length || Date.now() > deadline) return state;
        await sleep(100);
      }
    };

    // Warm-up under the measurement's own load (the JIT, the pools, the queue's workers), until its runs are over.
    const warmup = await publishAll(0, WARMUP);
    const warmed = await awaitRuns(warmup.map((event) => event.id), Date.now() + 60_000);
    if (warmed.over < WARMUP) throw new Error(`warm-up: ${warmed.runs} runs of ${WARMUP} events, ${warmed.over} over`);

    console.log(
      `Workflows bench: ${EVENTS} ${TICK} events after ${WARMUP} to warm up, ${RATE ? `paced at ${RATE}/s` : `${CONCURRENCY} publish requests in flight`}, platform WORKERS=${WORKERS}; one workflow, one step: ${step.describe}`,
    );
    const pid = platform.child.pid as number;
    const databaseCpu = await countDatabaseCpu(database.url);
    const platformCpuBefore = await treeCpuSeconds(pid);
    const started = Date.now();
    const published = await publishAll(WARMUP, EVENTS);
    const publishedAt = Date.now();
    const ids = published.map((event) => event.id);
    const ended = await awaitRuns(ids, Date.now() + DEADLINE_MS);
    const cpu = { platform: (await treeCpuSeconds(pid)) - platformCpuBefore, database: await databaseCpu() };
    if (ended.over < EVENTS) console.log(`Only ${ended.runs} runs of ${EVENTS} events after ${DEADLINE_MS / 1000} s, ${ended.over} over: the figures below are theirs.`);

    // The runs, their first step, and the trigger job of each event (pg-boss moves completed jobs to its archive after a while: both tables).
    const rows = await prisma.$queryRaw<Array<{ status: string; occurred_at: Date; job_created: Date | null; job_started: Date | null; created_at: Date; started_at: Date | null; step_started: Date | null; step_finished: Date | null; finished_at: Date | null }>>`
      WITH jobs AS (
        SELECT data->>'event_id' AS event_id, min(created_on) AS created_on, min(started_on) AS started_on FROM (
          SELECT data, created_on, started_on FROM pgboss.job WHERE name = 'workflow-trigger'
          UNION ALL SELECT data, created_on, started_on FROM pgboss.archive WHERE name = 'workflow-trigger') j
        WHERE data->>'tenant_id' = ${tenantId} AND data->>'event_id' = ANY(${ids}::text[])
        GROUP BY 1)
      SELECT r.status::text AS status, e.occurred_at, j.created_on AS job_created, j.started_on AS job_started, r.created_at, r.started_at,
        s.started_at AS step_started, s.finished_at AS step_finished, r.finished_at
      FROM workflow_runs r
      JOIN events e ON e.tenant_id = r.tenant_id AND e.id = r.trigger_event_id
      LEFT JOIN jobs j ON j.event_id = r.trigger_event_id
      LEFT JOIN workflow_run_steps s ON s.tenant_id = r.tenant_id AND s.run_id = r.id AND s.position = 0
      WHERE r.tenant_id = ${tenantId} AND r.workflow_id = ${workflowId} AND r.trigger_event_id = ANY(${ids}::text[])`;
    const at = (date: Date | null) => (date ? date.getTime() : null);
    const runs: RunTimes[] = rows.map((row) => ({
      status: row.status,
      occurred: row.occurred_at.getTime(),
      jobCreated: at(row.job_created),
      jobStarted: at(row.job_started),
      runCreated: row.created_at.getTime(),
      runStarted: at(row.started_at),
      stepStarted: at(row.step_started),
      stepFinished: at(row.step_finished),
      runFinished: at(row.finished_at),
    }));
    // Cross-check through the API: the runs list counts the same runs (warm-up's included).
    const listed = (await (await fetch(`${platform.url}/v1/workflows/runs?workflow_id=${workflowId}&per_page=1`, { headers })).json()) as { meta?: { total?: number } };

    const statuses = new Map<string, number>();
    for (const run of runs) statuses.set(run.status, (statuses.get(run.status) ?? 0) + 1);
    const last = (times: Array<number | null>) => Math.max(...times.filter((time): time is number => time !== null));
    const lastStarted = last(runs.map((run) => run.runStarted));
    const lastFinished = last(runs.map((run) => run.runFinished));
    const seconds = (ms: number) => (ms / 1000).toFixed(2);
    console.log(`Published ${EVENTS} events in ${seconds(publishedAt - started)} s: ${(EVENTS / ((publishedAt - started) / 1000)).toFixed(0)} events/s`);
    console.log(
      `Runs: ${runs.length}/${EVENTS} (${[...statuses].map(([status, count]) => `${count} ${status}`).join(', ')}; the API lists ${listed.meta?.total ?? '?'} with the warm-up's ${WARMUP})` +
        `  started ${(runs.filter((run) => run.runStarted !== null).length / ((lastStarted - started) / 1000)).toFixed(0)} runs/s (first publish to last run started ${seconds(lastStarted - started)} s)` +
        `  finished ${(runs.filter((run) => run.runFinished !== null).length / ((lastFinished - started) / 1000)).toFixed(0)} runs/s (to last run finished ${seconds(lastFinished - started)} s)`,
    );
    console.log(`CPU during the measurement: platform ${cpu.platform.toFixed(1)} s (${((cpu.platform * 1000) / EVENTS).toFixed(2)} ms/run), database ${cpu.database.toFixed(1)} s (${((cpu.database * 1000) / EVENTS).toFixed(2)} ms/run), over ${seconds(lastFinished - started)} s`);

    const span = (from: (run: RunTimes) => number | null, to: (run: RunTimes) => number | null) =>
      runs.flatMap((run) => {
        const a = from(run);
        const b = to(run);
        return a === null || b === null ? [] : [b - a];
      });
    const table: Array<[string, number[]]> = [
      ['publish request (sent to 201)', published.map((event) => event.answeredAt - event.sentAt)],
      ['occurred_at to trigger job created (dispatch)', span((run) => run.occurred, (run) => run.jobCreated)],
      ['trigger job created to fetched (job queue)', span((run) => run.jobCreated, (run) => run.jobStarted)],
      ['trigger job fetched to run created (trigger)', span((run) => run.jobStarted, (run) => run.runCreated)],
      ['run started to first step started', span((run) => run.runStarted, (run) => run.stepStarted)],
      ['first step started to finished', span((run) => run.stepStarted, (run) => run.stepFinished)],
      ['first step finished to run finished', span((run) => run.stepFinished, (run) => run.runFinished)],
      ['occurred_at to first step started', span((run) => run.occurred, (run) => run.stepStarted)],
      ['occurred_at to run finished (end to end)', span((run) => run.occurred, (run) => run.runFinished)],
    ];
    const width = Math.max(...table.map(([name]) => name.length));
    const cell = (value: number) => `${value} ms`.padStart(9);
    console.log(`\n${'latency'.padEnd(width)}  ${'count'.padStart(5)}  ${['p50', 'p95', 'p99', 'max'].map((name) => name.padStart(9)).join('')}`);
    for (const [name, values] of table) {
      const sorted = [...values].sort((a, b) => a - b);
      console.log(`${name.padEnd(width)}  ${String(sorted.length).padStart(5)}  ${[50, 95, 99, 100].map((p) => cell(percentile(sorted, p))).join('')}`);
    }
    // How many runs were in hand at once (a trigger job executes its run inline: from the job fetched to the run finished), at most and on average.
    const working = runs.flatMap((run) => (run.jobStarted === null || run.runFinished === null ? [] : [[run.jobStarted, run.runFinished] as const]));
    const edges = working.flatMap(([from, to]) => [[from, 1] as const, [to, -1] as const]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let atOnce = 0;
    let mostAtOnce = 0;
    for (const [, change] of edges) mostAtOnce = Math.max(mostAtOnce, (atOnce += change));
    const busySpan = (edges.at(-1)?.[0] ?? 0) - (edges[0]?.[0] ?? 0);
    const busyTotal = working.reduce((sum, [from, to]) => sum + (to - from), 0);
    console.log(`\nRuns in hand at once (trigger job fetched to run finished): at most ${mostAtOnce}, on average ${(busyTotal / busySpan).toFixed(1)} over ${seconds(busySpan)} s (a platform process works TRIGGER_SLOTS trigger jobs at once, subgraphs/workflows/src/engine/engine.ts; each creates its run claimed and executes it)`);
    // A backlog that grows shows as later events waiting longer: the headline's p95 of the first and the last half, by occurrence.
    const byOccurrence = [...runs].sort((a, b) => a.occurred - b.occurred);
    const half = (part: RunTimes[]) => percentile(part.flatMap((run) => (run.stepStarted === null ? [] : [run.stepStarted - run.occurred])).sort((a, b) => a - b), 95);
    console.log(`(occurred_at to first step started, p95 of the first half ${half(byOccurrence.slice(0, byOccurrence.length / 2))} ms, of the second half ${half(byOccurrence.slice(byOccurrence.length / 2))} ms)`);
  } catch (error) {
    console.error(`The bench failed; the platform's last output:\n${platformOutput().slice(-4000)}`);
    throw error;
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error('cleanup failed:', error));
  }
}

await main();
