import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';
import pg from 'pg';
import { DEFAULT_DATABASE_TIMEOUTS } from './pool.ts';

export const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * Applies pending SQL migrations (migrations/*.sql, in name order). node-pg-migrate takes a
 * PostgreSQL advisory lock, so instances starting together apply each migration once.
 */
export async function migrateDatabase(databaseUrl: string, log: (message: string) => void = () => {}): Promise<string[]> {
  // A connection of our own: node-pg-migrate does not wait for its own to close, and one still
  // open when the server stops would end the process with an unhandled 'error' event.
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: DEFAULT_DATABASE_TIMEOUTS.connectMs });
  client.on('error', (error) => log(`migration connection lost: ${error.message}`));
  await client.connect();
  try {
    const applied = await runner({
      dbClient: client,
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
  } finally {
    await client.end();
  }
}
