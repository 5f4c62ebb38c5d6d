import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

// Tests read generated documents (text recognition takes seconds) and talk to a chat-completions server on loopback.
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
