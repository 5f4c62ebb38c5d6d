import { beforeAll, describe, expect, it } from 'vitest';
import { type FuzzAccount, createFuzzAccount } from '../support/fuzz-account.ts';
import { database, platformUrl } from '../support/fixtures.ts';
import { type SchemathesisTarget, runSchemathesis, schemathesisCommand } from './schemathesis.ts';

/**
 * The bounded Schemathesis runs of `npm test` (see schemathesis.ts for what each checks), with a
 * fixed seed so that a run is reproducible (`SCHEMATHESIS_SEED=<n>` picks another). The long run
 * is `npm run fuzz` (test/fuzz/long-run.ts).
 */
const seed = Number(process.env.SCHEMATHESIS_SEED ?? 17);
const EXAMPLES_PER_OPERATION = 10;
const MAX_SECONDS = 150;

describe('Schemathesis', () => {
  let account: FuzzAccount;

  beforeAll(async () => {
    await schemathesisCommand();
    account = await createFuzzAccount(database(), platformUrl);
  }, 300_000);

  // [target, operations it must test, operations that must answer at least one request with a 2xx]
  // GraphQL: every list field takes `after`, a cursor no generator can make, so a random case of a
  // list succeeds only when it leaves `after` out (seed 17: 16 operations answered without the
  // argument, 14 with it; the REST run and the contract tests cover `after` itself).
  it.each<[SchemathesisTarget, number, number]>([
    ['rest', 80, 30],
    ['graphql', 75, 13],
  ])('%s: no failure of any check', async (target, operations, succeeding) => {
    const { authorization } = await account.headers();
    const result = await runSchemathesis(target, { platformUrl, account, authorization, seed, maxExamples: EXAMPLES_PER_OPERATION, maxTimeSeconds: MAX_SECONDS });
    console.log(
      `schemathesis ${target}: ${result.cases} cases over ${result.operations} operations in ${result.seconds.toFixed(0)} s, seed ${result.seed}, ${result.failures.length} failures, ${result.errors.length} errors; ` +
        `${result.succeeded.length} operations answered with a 2xx; statuses ${JSON.stringify(result.statuses)}\n  ${result.command}`,
    );
    const report = [...result.failures, ...result.errors].join('\n');
    // Its report, with the lines of huge generated bodies cut, so the failure's explanation stays in view.
    const readable = () => result.output.split('\n').map((line) => (line.length > 400 ? `${line.slice(0, 400)}… (${line.length} characters)` : line)).join('\n').slice(-20_000);
    expect(report, report ? readable() : '').toBe('');
    expect(result.operations).toBeGreaterThanOrEqual(operations);
    expect(result.cases).toBeGreaterThan(operations * 5);
    // A run whose requests all bounce (a broken credential, a limit) would pass every check vacuously.
    expect(result.succeeded.length, result.succeeded.join(', ')).toBeGreaterThanOrEqual(succeeding);
  }, (MAX_SECONDS + 240) * 1000);
});
