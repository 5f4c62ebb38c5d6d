import { defineConfig } from 'vitest/config';

// The Redis tests start their own redis-server (apt-get install -y redis-server; CI installs it).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
