import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClientSmokeFixture, runSmokeProgram, startClientSmokeFixture } from '../support/client-smoke.ts';

/**
 * The Java client (packages/client-java, Maven artifact dev.platform:platform-client) against a real
 * platform: its SmokeIT JUnit class, run by Maven's `smoke` profile (no code generation, no unit
 * tests) with the fixture's variables: a client-credentials token, every page of a filtered list, an
 * order created once although the answer of its first attempt was lost, typed 412/409 problems, a
 * throttled burst whose 429s are waited out, a delivered webhook verified with the library.
 */
const PACKAGE = fileURLToPath(new URL('../../packages/client-java', import.meta.url));
const STEPS = 6;

describe('Java client library', () => {
  let fixture: ClientSmokeFixture;
  beforeAll(async () => {
    fixture = await startClientSmokeFixture();
  }, 180_000);
  afterAll(async () => {
    await fixture?.stop();
  });

  it('passes its smoke test against the platform', async () => {
    // Fills ~/.m2 when needed (quick otherwise); fails with a one-line message naming what to
    // install when java or mvn is missing.
    const setup = await runSmokeProgram({ command: 'bash', args: ['scripts/setup.sh'], cwd: PACKAGE, env: {}, timeoutMs: 300_000 });
    expect(setup.exitCode, setup.output).toBe(0);
    const result = await runSmokeProgram({
      command: 'mvn',
      args: ['-q', '-B', '-o', '-Psmoke', 'test'],
      cwd: PACKAGE,
      env: fixture.env,
      timeoutMs: 300_000,
    });
    process.stdout.write(result.output);
    expect(result.exitCode, result.output).toBe(0);
    // Every step ran (SmokeIT is skipped only without PLATFORM_URL) and passed.
    for (let step = 1; step <= STEPS; step++) expect(result.output, result.output).toContain(`[java smoke] ${step}.`);
    expect(result.output).toContain('[java smoke] done');
    expect(fixture.droppedResponses()).toBeGreaterThan(0);
  }, 600_000);
});
