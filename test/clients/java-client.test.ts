import { describeClientSmoke } from '../support/client-smoke.ts';

/**
 * The Java client (packages/client-java, Maven artifact dev.platform:platform-client) against a real
 * platform: its SmokeIT JUnit class, run by Maven's `smoke` profile (no code generation, no unit
 * tests) with the fixture's variables: a client-credentials token, every page of a filtered list, an
 * order created once although the answer of its first attempt was lost, typed 412/409 problems, a
 * throttled burst whose 429s are waited out, a delivered webhook verified with the library. The setup
 * fills ~/.m2 when needed.
 */
describeClientSmoke({
  library: 'Java client library',
  packageFolder: 'client-java',
  setup: { command: 'bash', args: ['scripts/setup.sh'] },
  command: 'mvn',
  args: ['-q', '-B', '-o', '-Psmoke', 'test'],
  completed: [1, 2, 3, 4, 5, 6].map((step) => new RegExp(`\\[java smoke\\] ${step}\\.`)).concat(/\[java smoke\] done/),
  timeoutMs: 300_000,
});
