import { defineConfig } from 'vitest/config';

// Tests start an embedded PostgreSQL (or create a database on DATABASE_URL's server) and migrate it,
// and receive webhooks on real HTTP servers on loopback.
export default defineConfig({
  resolve: { alias: { graphql: 'graphql/index.js' } },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
