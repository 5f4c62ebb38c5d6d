import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import base from '../../packages/events/vitest.config.ts';

/**
 * @platform/events under mutation: the package's own configuration, with only the unit tests of
 * the mutated modules (the bus tests, which start a database, are not what guards them). Stryker's
 * own `testFiles` option is not used: with it, mutants evaluated at module load are never activated.
 */
export default defineConfig({
  ...base,
  root: fileURLToPath(new URL('../../packages/events', import.meta.url)),
  test: {
    ...base.test,
    include: ['test/url-policy.test.ts', 'test/post.test.ts', 'test/post-policy.test.ts', 'test/signing.test.ts', 'test/secrets.test.ts'],
  },
});
