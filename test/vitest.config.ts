import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // graphql 16 ships ESM and CJS builds; loading both breaks instanceof checks ("another realm").
    alias: { graphql: require.resolve('graphql') },
  },
  test: {
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**', 'bench/**'],
    // One platform process for the whole run, started on a fresh database (see support/global-setup.ts).
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
