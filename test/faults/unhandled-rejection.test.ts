import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlatformProcess, spawnPlatform } from '../support/platform-process.ts';

/**
 * A promise rejected with nothing awaiting it ends a Node process by default, and every request in
 * flight with it. The platform reports it (an error line, platform_unexpected_errors_total) and
 * keeps serving. The rejection is injected on a signal by a module loaded into the process.
 */
describe('a rejection nothing awaits', () => {
  let platform: PlatformProcess;
  const metricsToken = 'metrics-token-of-the-rejection-test';

  beforeAll(async () => {
    platform = await spawnPlatform({ DATABASE_URL: inject('databaseUrl'), SEED_DEMO: 'false', LOG_LEVEL: 'info', METRICS_TOKEN: metricsToken }, { nodeOptions: ['--import', './test/support/reject-on-signal.mjs'] });
  }, 120_000);
  afterAll(async () => {
    await platform?.stop();
  });

  it('is reported once, counted, and the process keeps serving', async () => {
    platform.child.kill('SIGUSR2');
    await sleep(500);
    expect(platform.child.exitCode).toBeNull();
    expect((await fetch(`${platform.url}/healthz`)).status).toBe(200);
    const errors = platform
      .output()
      .split('\n')
      .filter((line) => line.includes('"level":50') && line.includes('injected rejection that nothing awaits'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('"surface":"process"');
    const metrics = await (await fetch(`${platform.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
    expect(metrics).toMatch(/^platform_unexpected_errors_total\{surface="process"\} 1$/m);
  });
});
