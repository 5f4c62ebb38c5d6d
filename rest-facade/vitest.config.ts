import { defineConfig } from 'vitest/config';

export default defineConfig({
  // graphql 16 ships ESM and CJS builds; Yoga and SOFA load the CJS one, so the tests must too (one realm).
  resolve: { alias: { graphql: 'graphql/index.js' } },
  test: { include: ['test/**/*.test.ts'] },
});
