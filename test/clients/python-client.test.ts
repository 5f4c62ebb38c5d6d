import { describeClientSmoke } from '../support/client-smoke.ts';

/**
 * The Python client (platform-api-client) against a real platform: packages/client-python/smoke/test_smoke.py
 * (pytest) with the fixture's variables: a client-credentials token, every page of a filtered list, an order
 * created once although the answer of its first attempt was lost, typed 412/409 problems, a throttled burst
 * whose 429s are waited out, a delivered webhook verified with the library. The setup creates
 * packages/client-python/.venv when missing or stale.
 */
describeClientSmoke({
  library: 'Python client library',
  packageFolder: 'client-python',
  setup: { command: 'bash', args: ['scripts/setup.sh'] },
  command: (packageDir) => `${packageDir}/.venv/bin/python`,
  args: ['-m', 'pytest', 'smoke', '-q', '-p', 'no:cacheprovider'],
  completed: [/\b6 passed\b/],
  timeoutMs: 150_000,
});
