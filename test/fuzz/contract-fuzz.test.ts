import { randomInt } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { database, platformUrl } from '../support/fixtures.ts';
import { type FuzzStatistics, describeFailure, newStatistics, prepareFuzzing, recordVerdict, summary } from './harness.ts';

/**
 * The bounded fuzz run of `npm test`: every REST operation of the published OpenAPI document and
 * every root field of the GraphQL schema, each with requests generated from its contract, plain
 * and hostile, checked against the properties of `oracle.ts` (no hang, no 5xx, problem details
 * or GraphQL error codes from the catalogue, nothing internal in a body). Each target runs with a
 * fixed seed (the same cases every run) and a random one printed at the start; `FUZZ_SEED=<n>`
 * replays a run with that seed alone, `FUZZ_RUNS=<n>` changes the cases per target and seed.
 * The long run is `npm run fuzz -- <cases>` (test/fuzz/long-run.ts).
 */
const FIXED_SEED = 17;
const seeds = process.env.FUZZ_SEED ? [Number(process.env.FUZZ_SEED)] : [FIXED_SEED, randomInt(2 ** 31)];
const runsPerTarget = Number(process.env.FUZZ_RUNS ?? 5);
/** The transport target covers every kind of malformed GraphQL request in one generator: it gets more cases. */
const TRANSPORT_RUNS_FACTOR = 10;

console.log(`fuzz seeds: ${seeds.join(', ')} (FUZZ_SEED=<seed> replays one); ${runsPerTarget} cases per target and seed`);

const fuzzing = await prepareFuzzing(platformUrl, database());
const statistics: FuzzStatistics = newStatistics();
afterAll(() => console.log(summary(statistics)));

it('covers every REST operation and every root field of the published contract', () => {
  expect(fuzzing.contract.rest.length).toBeGreaterThan(50);
  expect(fuzzing.contract.graphql.map((field) => field.name)).toEqual(expect.arrayContaining(['Query.inventory_items', 'Mutation.fulfil_order', 'Subscription.events']));
});

it.each(fuzzing.targets.map((target) => [target.name, target] as const))('%s: no hang, no 5xx, only catalogued refusals, no internals', async (_name, target) => {
  const failures: string[] = [];
  for (const seed of seeds) {
    const numRuns = target.name === 'GraphQL transport' ? runsPerTarget * TRANSPORT_RUNS_FACTOR : runsPerTarget;
    const property = fc.asyncProperty(target.cases, async (fuzzCase) => {
      const verdict = await fuzzing.run(fuzzCase);
      recordVerdict(statistics, fuzzCase, verdict);
      if (verdict.violations.length > 0) throw new Error(describeFailure(fuzzCase, verdict));
    });
    // No shrinking: a hang costs the full time-out for every shrink step; the case as generated is reported.
    const result = await fc.check(property, { seed, numRuns, endOnFailure: true });
    if (result.failed) failures.push(`seed ${seed}, path ${result.counterexamplePath}: ${(result.errorInstance as Error).message}`);
  }
  expect(failures.join('\n\n')).toBe('');
}, 120_000);
