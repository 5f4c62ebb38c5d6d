import { describeClientSmoke } from '../support/client-smoke.ts';

/**
 * The TypeScript client (@platform/client) against a real platform: packages/client-typescript/smoke/smoke.ts
 * with the fixture's variables (token, iterating a filtered list, a write retried after a lost answer and
 * created once, typed 412/409 problems, 429s waited out, a verified webhook, typed GraphQL, a live subscription).
 */
describeClientSmoke({
  library: 'TypeScript client library',
  packageFolder: 'client-typescript',
  command: process.execPath,
  args: ['--import', 'tsx', 'smoke/smoke.ts'],
  // Every step reports `ok   <n>. …`; the last is the eighth.
  completed: [1, 2, 3, 4, 5, 6, 7, 8].map((step) => new RegExp(`^ok {3}${step}\\. `, 'm')),
  timeoutMs: 150_000,
});
