import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

// Tests start an embedded PostgreSQL (or create a database on DATABASE_URL's server) and migrate it.
export default defineConfig({
  resolve: {
    // graphql 16 ships ESM and CJS builds; loading both breaks instanceof checks ("another realm").
    alias: { graphql: require.resolve('graphql') },
  },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
