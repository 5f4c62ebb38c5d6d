import { defineConfig } from 'vitest/config';

// Tests start an embedded PostgreSQL (or create a database on DATABASE_URL's server) and migrate it.
export default defineConfig({
  // Dependencies (Pothos, via the identity subgraph) load graphql through Node, which picks its
  // CommonJS entry; the tests must use the same module, not Vite's pick of `index.mjs`.
  resolve: { alias: { graphql: 'graphql/index.js' } },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
