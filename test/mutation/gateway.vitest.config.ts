import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import base from '../../gateway/vitest.config.ts';

/**
 * @platform/gateway under mutation: the package's own configuration, with only the tests of the
 * credential check, the tenant guard and the verified-token memory (see events.vitest.config.ts).
 */
export default defineConfig({
  ...base,
  root: fileURLToPath(new URL('../../gateway', import.meta.url)),
  test: {
    ...base.test,
    include: ['test/credentials.test.ts', 'test/authentication.test.ts', 'test/verified-tokens.test.ts'],
  },
});
