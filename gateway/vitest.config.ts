import { defineConfig } from 'vitest/config';

// Unit tier of the gateway: its pieces on real HTTP servers on loopback, without a database.
export default defineConfig({
  resolve: { alias: { graphql: 'graphql/index.js' } },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
