import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from './postgres.ts';

export interface FreshDatabase {
  /** Connection string of an empty database that belongs to this caller alone. */
  url: string;
  /** Drops the database (or stops the embedded server and deletes its files). */
  dispose(): Promise<void>;
}

/**
 * An empty, not yet migrated database for one test.
 *
 * With `DATABASE_URL` set, creates `<prefix>_<random>` on that server (the URL's user needs
 * CREATEDB) and drops it on dispose. Otherwise starts an embedded PostgreSQL in a temporary
 * folder and stops and deletes it on dispose.
 */
export async function freshDatabase(options: { prefix?: string } = {}): Promise<FreshDatabase> {
  const prefix = options.prefix ?? 'test';
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error(`invalid database name prefix: ${prefix}`);

  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) return createOnServer(serverUrl, `${prefix}_${randomBytes(6).toString('hex')}`);

  const dataDir = await mkdtemp(join(tmpdir(), `${prefix}-db-`));
  try {
    const database = await openDatabase({ dataDir });
    return {
      url: database.url,
      dispose: async () => {
        try {
          await database.stop();
        } finally {
          await rm(dataDir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

async function createOnServer(serverUrl: string, name: string): Promise<FreshDatabase> {
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    dispose: () =>
      withClient(serverUrl, async (client) => {
        try {
          // FORCE (PostgreSQL 13+) ends sessions a test left open.
          await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        } catch (error) {
          if ((error as { code?: string }).code !== '42601') throw error; // syntax error: older server
          await client.query(`DROP DATABASE IF EXISTS "${name}"`);
        }
      }),
  };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
