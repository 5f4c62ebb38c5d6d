import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClientSmokeFixture, runSmokeProgram, startClientSmokeFixture } from '../support/client-smoke.ts';

/**
 * The Python client (platform-api-client) against a real platform: packages/client-python/smoke/test_smoke.py
 * (pytest) with the fixture's variables: a client-credentials token, every page of a filtered list, an order
 * created once although the answer of its first attempt was lost, typed 412/409 problems, a throttled burst
 * whose 429s are waited out, a delivered webhook verified with the library.
 */
const PACKAGE = fileURLToPath(new URL('../../packages/client-python', import.meta.url));

describe('Python client library', () => {
  let fixture: ClientSmokeFixture;
  beforeAll(async () => {
    fixture = await startClientSmokeFixture();
  }, 180_000);
  afterAll(async () => {
    await fixture?.stop();
  });

  it('passes its smoke tests against the platform', async () => {
    // Creates packages/client-python/.venv when missing or stale (quick otherwise); fails with a
    // one-line message naming what to install when python3 is missing.
    const setup = await runSmokeProgram({ command: 'bash', args: ['scripts/setup.sh'], cwd: PACKAGE, env: {}, timeoutMs: 300_000 });
    expect(setup.exitCode, setup.output).toBe(0);
    const result = await runSmokeProgram({
      command: `${PACKAGE}/.venv/bin/python`,
      args: ['-m', 'pytest', 'smoke', '-q', '-p', 'no:cacheprovider'],
      cwd: PACKAGE,
      env: fixture.env,
      timeoutMs: 150_000,
    });
    expect(result.exitCode, result.output).toBe(0);
    expect(result.output).toMatch(/\b6 passed\b/);
    expect(fixture.droppedResponses()).toBeGreaterThan(0);
  }, 480_000);
});
