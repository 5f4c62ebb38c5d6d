import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClientSmokeFixture, runSmokeProgram, startClientSmokeFixture } from '../support/client-smoke.ts';

/**
 * The Go client (github.com/platform-api/platform/packages/client-go) against a real platform:
 * packages/client-go/smoke/smoke_test.go (`go test -tags smoke`) with the fixture's variables: a
 * client-credentials token, every page of a filtered list, an order created once although the answer of
 * its first attempt was lost, typed 412/409 problems, a throttled burst whose 429s are waited out, a
 * delivered webhook verified with the library.
 */
const PACKAGE = fileURLToPath(new URL('../../packages/client-go', import.meta.url));
const STEPS = 6;

describe('Go client library', () => {
  let fixture: ClientSmokeFixture;
  beforeAll(async () => {
    fixture = await startClientSmokeFixture();
  }, 180_000);
  afterAll(async () => {
    await fixture?.stop();
  });

  it('passes its smoke test against the platform', async () => {
    // Downloads the pinned modules when missing (quick otherwise); fails with a one-line message
    // naming what to install when go is missing.
    const setup = await runSmokeProgram({ command: 'sh', args: ['scripts/setup.sh'], cwd: PACKAGE, env: {}, timeoutMs: 300_000 });
    expect(setup.exitCode, setup.output).toBe(0);
    const result = await runSmokeProgram({
      command: 'go',
      args: ['test', '-tags', 'smoke', './smoke/...', '-count=1', '-v', '-run', '^TestSmoke$'],
      cwd: PACKAGE,
      env: fixture.env,
      timeoutMs: 300_000,
    });
    process.stdout.write(result.output);
    expect(result.exitCode, result.output).toBe(0);
    // Every step ran (none skipped) and passed.
    expect(result.output.match(/^ {4}--- PASS: TestSmoke\//gm) ?? [], result.output).toHaveLength(STEPS);
    expect(result.output).not.toContain('--- SKIP');
    expect(fixture.droppedResponses()).toBeGreaterThan(0);
  }, 600_000);
});
