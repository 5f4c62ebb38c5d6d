import { defineConfig } from 'vitest/config';

// Tests start an embedded PostgreSQL (or create a database on DATABASE_URL's server) and migrate it.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
