import { defineConfig } from 'prisma/config';

// Only `prisma generate` and `prisma studio` use this file. Migrations are SQL files in
// migrations/, applied by src/migrate.ts (the schema engine binary is not available offline);
// test/schema-drift.test.ts proves they match prisma/schema.
export default defineConfig({
  schema: 'prisma/schema',
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost/unused' },
});
