/**
 * The long fuzz run: `npm run fuzz -- [cases] [--seed <n>] [--concurrency <n>]
 * [--schemathesis-minutes <m>]` (default 100,000 cases, a random seed, 4 requests in flight, 30
 * minutes for each Schemathesis run). Starts its own platform on a fresh database, as the test run
 * does. First the suite's own cases, drawn evenly from every target of the published contract
 * (each REST operation, each root field, the GraphQL transport), with progress and then the
 * figures: cases per second, statuses, error codes and each kind of failure with an example.
 * Then Schemathesis against the REST document and the GraphQL schema (schemathesis.ts), each for
 * its time budget (`0` skips them). Exits with 1 when any case broke a property or any check
 * failed. The same seed and case count send the same cases.
 */
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createPrismaClient } from '@platform/db';
import fc from 'fast-check';
import { startTestPlatform } from '../support/global-setup.ts';
import { newStatistics, prepareFuzzing, recordVerdict, summary } from './harness.ts';
import { runSchemathesis } from './schemathesis.ts';

/** Cases generated at a time: generated cases hold their bodies (some of megabytes) until sent. */
const CHUNK = 500;

const { values, positionals } = parseArgs({ allowPositionals: true, options: { seed: { type: 'string' }, concurrency: { type: 'string' }, 'schemathesis-minutes': { type: 'string' } } });
const total = Number(positionals[0] ?? 100_000);
const seed = Number(values.seed ?? randomInt(2 ** 31));
const concurrency = Number(values.concurrency ?? 4);
const schemathesisMinutes = Number(values['schemathesis-minutes'] ?? 30);
if (!Number.isInteger(total) || total < 1 || !Number.isInteger(seed) || !Number.isInteger(concurrency) || concurrency < 1 || !(schemathesisMinutes >= 0)) {
  console.error('usage: npm run fuzz -- [cases] [--seed <integer>] [--concurrency <n>] [--schemathesis-minutes <m>]');
  process.exit(2);
}

console.log(`fuzz: ${total} cases, seed ${seed}, ${concurrency} in flight; starting a platform…`);
const platform = await startTestPlatform();
const prisma = createPrismaClient(platform.databaseUrl, 2);
let exitCode = 0;
try {
  const fuzzing = await prepareFuzzing(platform.url, prisma);
  console.log(`platform on ${platform.url}; ${fuzzing.contract.rest.length} REST operations, ${fuzzing.contract.graphql.length} root fields`);
  const everyTarget = fc.oneof(...fuzzing.targets.map((target) => target.cases));
  const statistics = newStatistics();
  for (let chunk = 0; chunk * CHUNK < total; chunk += 1) {
    // Chunk n's cases come from seed + n: a run can be replayed in part.
    const cases = fc.sample(everyTarget, { seed: seed + chunk, numRuns: Math.min(CHUNK, total - chunk * CHUNK) });
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let fuzzCase = cases.shift(); fuzzCase; fuzzCase = cases.shift()) recordVerdict(statistics, fuzzCase, await fuzzing.run(fuzzCase));
      }),
    );
    const seconds = (performance.now() - statistics.started) / 1000;
    console.log(`${statistics.cases} cases, ${(statistics.cases / seconds).toFixed(1)}/s, failures so far: ${[...statistics.failures.values()].reduce((sum, failure) => sum + failure.count, 0)}`);
  }
  console.log(`\nseed ${seed}\n${summary(statistics)}`);
  exitCode = statistics.failures.size > 0 ? 1 : 0;
  for (const target of schemathesisMinutes > 0 ? (['rest', 'graphql'] as const) : []) {
    console.log(`\nSchemathesis (${target}), ${schemathesisMinutes} minutes, seed ${seed}…`);
    const result = await runSchemathesis(target, {
      platformUrl: platform.url,
      account: fuzzing.account,
      authorization: (await fuzzing.account.headers()).authorization,
      seed,
      maxExamples: 100_000,
      maxTimeSeconds: schemathesisMinutes * 60,
    });
    console.log(`${result.cases} cases over ${result.operations} operations in ${result.seconds.toFixed(0)} s (${(result.cases / result.seconds).toFixed(1)}/s); ${result.succeeded.length} operations succeeded at least once`);
    console.log(`statuses: ${JSON.stringify(result.statuses)}`);
    console.log(`failures: ${result.failures.length}, errors: ${result.errors.length}`);
    for (const problem of [...result.failures, ...result.errors]) console.log(`  ${problem}`);
    if (result.failures.length > 0 || result.errors.length > 0) {
      console.log(result.output.slice(-20_000));
      exitCode = 1;
    }
  }
} finally {
  await prisma.$disconnect();
  await platform.stop();
}
process.exit(exitCode);
