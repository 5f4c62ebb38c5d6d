/**
 * The long fuzz run: `npm run fuzz -- [cases] [--seed <n>] [--concurrency <n>]` (default 100,000
 * cases, a random seed, 4 requests in flight). Starts its own platform on a fresh database, as
 * the test run does, sends cases drawn evenly from every target of the published contract
 * (each REST operation, each root field, the GraphQL transport) and prints progress, then the
 * figures: cases per second, statuses, error codes and each kind of failure with an example.
 * Exits with 1 when any case broke a property. The same seed and case count send the same cases.
 */
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createPrismaClient } from '@platform/db';
import fc from 'fast-check';
import { startTestPlatform } from '../support/global-setup.ts';
import { newStatistics, prepareFuzzing, recordVerdict, summary } from './harness.ts';

/** Cases generated at a time: generated cases hold their bodies (some of megabytes) until sent. */
const CHUNK = 500;

const { values, positionals } = parseArgs({ allowPositionals: true, options: { seed: { type: 'string' }, concurrency: { type: 'string' } } });
const total = Number(positionals[0] ?? 100_000);
const seed = Number(values.seed ?? randomInt(2 ** 31));
const concurrency = Number(values.concurrency ?? 4);
if (!Number.isInteger(total) || total < 1 || !Number.isInteger(seed) || !Number.isInteger(concurrency) || concurrency < 1) {
  console.error('usage: npm run fuzz -- [cases] [--seed <integer>] [--concurrency <n>]');
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
} finally {
  await prisma.$disconnect();
  await platform.stop();
}
process.exit(exitCode);
