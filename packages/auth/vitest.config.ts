import { defineConfig } from 'vitest/config';

// Unit tier of token, scope and secret handling: no database, no network.
export default defineConfig({
  // graphql ships ESM and CJS builds; ApiError must come from one of them (instanceof checks).
  resolve: { alias: { graphql: 'graphql/index.js' } },
  test: {
    include: ['test/**/*.test.ts'],
  },
});
