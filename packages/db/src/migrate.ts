import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';

export const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * Applies pending SQL migrations (migrations/*.sql, in name order). node-pg-migrate takes a
 * PostgreSQL advisory lock, so instances starting together apply each migration once.
 */
export async function migrateDatabase(databaseUrl: string, log: (message: string) => void = () => {}): Promise<string[]> {
  const applied = await runner({
    databaseUrl,
    dir: migrationsDir,
    direction: 'up',
    migrationsTable: 'schema_migrations',
    // Instances starting together wait for the one migrating, then find nothing left to apply.
    advisoryLockMode: 'wait',
    singleTransaction: true,
    checkOrder: true,
    verbose: false,
    log,
    logger: { debug: () => {}, info: log, warn: log, error: log },
  });
  return applied.map((migration) => migration.name);
}
