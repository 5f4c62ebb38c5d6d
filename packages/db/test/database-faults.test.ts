import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError } from '@platform/errors';
import { GraphQLError } from 'graphql';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type PrismaClient, createBoundedPool, createPrismaClient, databaseFault, databaseReachable, openDatabase, sqlTransaction } from '../src/index.ts';

/**
 * The database's faults as the platform sees them, on real embedded PostgreSQL servers of the
 * tests' own (whatever DATABASE_URL says: these servers are killed and frozen): which errors mean
 * "unavailable", how long a frozen server can hold a query, that a connection whose query was
 * abandoned never serves again, and that a killed server is restarted.
 */

/** Short bounds, so the frozen server's refusals come quickly. */
const TIMEOUTS = { connectMs: 500, statementMs: 300 };

async function postmasterPid(dataDir: string): Promise<number> {
  return Number((await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

/** The postmaster and its children (a frozen server is all of them stopped). */
async function serverProcesses(dataDir: string): Promise<number[]> {
  const postmaster = await postmasterPid(dataDir);
  const children: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster) children.push(Number(entry));
  }
  return [postmaster, ...children];
}

function signalAll(pids: number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // Gone already.
    }
  }
}

/** `work`'s result once it succeeds, trying every 50 ms for at most 5 s. */
async function eventually<T>(work: () => Promise<T>): Promise<T> {
  for (const deadline = Date.now() + 5_000; ; await sleep(50)) {
    try {
      return await work();
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

async function failureOf(work: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now();
  try {
    await work;
  } catch (error) {
    return { error, ms: performance.now() - started };
  }
  throw new Error('expected a failure');
}

describe('database faults', () => {
  let dataDir: string;
  let database: Database;
  let prisma: PrismaClient;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'db-faults-'));
    database = await openDatabase({ dataDir });
    // One connection: whatever a statement leaves on it, the next statement meets.
    prisma = createPrismaClient(database.url, { poolSize: 1, timeouts: TIMEOUTS });
    await prisma.$executeRawUnsafe('CREATE TABLE notes (id int PRIMARY KEY, parent int REFERENCES notes (id), body text NOT NULL)');
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await database?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('tells a client mistake or a defect from an unavailable database', async () => {
    await prisma.$executeRaw`INSERT INTO notes (id, body) VALUES (1, 'first')`;
    const mistakes = [
      prisma.$executeRaw`INSERT INTO notes (id, body) VALUES (1, 'again')`, // unique violation
      prisma.$executeRaw`INSERT INTO notes (id, parent, body) VALUES (2, 99, 'orphan')`, // foreign key violation
      prisma.$executeRaw`INSERT INTO notes (id, body) VALUES (3, NULL)`, // not null violation
      prisma.$queryRaw`SELECT ${'not a number'}::int`, // invalid input
      prisma.$queryRawUnsafe('SELECT * FROM no_such_table'),
    ];
    for (const mistake of mistakes) expect(databaseFault((await failureOf(mistake)).error)).toBeUndefined();
    for (const defect of [new Error('boom'), new ApiError('not_found', 'No such note.'), new GraphQLError('wrapped', { originalError: new TypeError('x is undefined') }), undefined, 'text']) {
      expect(databaseFault(defect)).toBeUndefined();
    }

    // A statement over its time (statement_timeout, 57014), and a server that refuses connections.
    const slow = await failureOf(prisma.$queryRaw`SELECT pg_sleep(2)`);
    expect(databaseFault(slow.error)?.code).toBe('database_unavailable');
    // Over TCP (ECONNREFUSED) and over a Unix socket that is gone (ENOENT: the embedded server's
    // way in), through Prisma and through the driver.
    const socketFolder = new URL(database.url).searchParams.get('host');
    expect(socketFolder).toMatch(/^\//);
    const tcpUrl = new URL(database.url);
    tcpUrl.search = '';
    for (const url of [tcpUrl.toString(), database.url]) {
      const unreachable = createPrismaClient(url.replace(/:\d+\//, ':1/'), { timeouts: TIMEOUTS });
      const refused = await failureOf(unreachable.$queryRaw`SELECT 1`);
      const refusedOverDriver = await failureOf(sqlTransaction(unreachable, (tx) => tx.$queryRaw`SELECT 1`, { timeoutMs: 5_000 }));
      await unreachable.$disconnect();
      const fault = databaseFault(refused.error);
      expect(fault?.code).toBe('database_unavailable');
      expect(fault?.extensions).toMatchObject({ code: 'database_unavailable', retry_after: 2 });
      expect(databaseFault(refusedOverDriver.error)?.code).toBe('database_unavailable');
      // As the GraphQL boundary sees it: the resolver's error is the GraphQLError's originalError.
      expect(databaseFault(new GraphQLError('Raw query failed.', { originalError: refused.error as Error }))?.code).toBe('database_unavailable');
    }
    // A missing file is not a missing database.
    expect(databaseFault(Object.assign(new Error("ENOENT: no such file or directory, open 'report.csv'"), { code: 'ENOENT', syscall: 'open' }))).toBeUndefined();
  });

  it('gives up on a frozen server within its bounds, and a connection it gave up on never serves again', async () => {
    let frozen: number[] = [];
    // A transaction that wrote, then meets the server frozen at its next statement.
    const transaction = prisma.$transaction(async (tx) => {
      await tx.$executeRaw`INSERT INTO notes (id, body) VALUES (10, 'in the frozen transaction')`;
      // Listed now: the transaction's own backend is among them.
      frozen = await serverProcesses(dataDir);
      signalAll(frozen, 'SIGSTOP');
      await tx.$executeRaw`INSERT INTO notes (id, body) VALUES (11, 'never answered')`;
    });
    try {
      const abandoned = await failureOf(transaction);
      expect(databaseFault(abandoned.error)?.code).toBe('database_unavailable');
      expect(abandoned.ms).toBeLessThan(TIMEOUTS.statementMs + 1_000);
      expect(await databaseReachable(database.url, 300)).toBe(false);
    } finally {
      signalAll(frozen, 'SIGCONT');
    }

    // The server answers again: the next statement runs on a clean connection, not inside the abandoned transaction.
    await eventually(() => prisma.$executeRaw`INSERT INTO notes (id, body) VALUES (12, 'after the thaw')`);
    const observer = new pg.Client({ connectionString: database.url });
    await observer.connect();
    try {
      const { rows } = await observer.query<{ id: number }>('SELECT id FROM notes WHERE id >= 10 ORDER BY id');
      expect(rows.map((row) => row.id)).toEqual([12]);
      const { rows: stuck } = await observer.query("SELECT pid FROM pg_stat_activity WHERE state LIKE 'idle in transaction%'");
      expect(stuck).toEqual([]);
    } finally {
      await observer.end();
    }
    expect(await databaseReachable(database.url, 1_000)).toBe(true);

  });

  it('refuses statements at once while the server does not answer, after the first has waited its bound, and serves again as soon as it answers', async () => {
    await prisma.$queryRaw`SELECT 1`;
    const frozen = await serverProcesses(dataDir);
    signalAll(frozen, 'SIGSTOP');
    try {
      // The pooled connection's statement waits for its deadline; the next ones are refused without waiting.
      const first = await failureOf(prisma.$queryRaw`SELECT 1`);
      expect(databaseFault(first.error)?.code).toBe('database_unavailable');
      expect(first.ms).toBeGreaterThanOrEqual(TIMEOUTS.statementMs);
      for (let attempt = 0; attempt < 3; attempt++) {
        const refused = await failureOf(prisma.$transaction((tx) => tx.$queryRaw`SELECT 1`));
        expect(databaseFault(refused.error)?.code).toBe('database_unavailable');
        expect(refused.ms).toBeLessThan(100);
      }
    } finally {
      signalAll(frozen, 'SIGCONT');
    }
    const thawed = performance.now();
    await eventually(() => prisma.$queryRaw`SELECT 1`);
    // A probe every half second notices the server is back.
    expect(performance.now() - thawed).toBeLessThan(1_500);
  });
  it('lives through a connection lost while lent out with no statement running, whoever holds it, and drops that connection when it comes back', async () => {
    // A killed server ends every session at once, and a borrower may be between statements with no
    // listener of its own (a connection handed from one borrower to the next is one): the client
    // hears the loss as an 'error' event, which, unheard, ends the process (vitest reports it as
    // an unhandled error).
    const pool = createBoundedPool(database.url, TIMEOUTS, { max: 1, applicationName: 'lent-out-test' });
    const observer = new pg.Client({ connectionString: database.url });
    await observer.connect();
    try {
      const lent = await pool.connect();
      const { rows } = await lent.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await observer.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
      await sleep(200);
      expect(databaseFault((await failureOf(lent.query('SELECT 1'))).error)?.code).toBe('database_unavailable');
      lent.release();
      // The pool opened a new connection (its only slot): another session, once the circuit's probe found the server answering.
      const answered = await eventually(() => pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'));
      expect(answered.rows[0]?.pid).not.toBe(rows[0]?.pid);
    } finally {
      await observer.end();
      await pool.end();
    }
  });

  it('never lets a connection whose transaction could not be ended serve again: its writes are not committed by the next transaction', async () => {
    // Two connections: the transaction's, and one whose statement finds the server frozen (tripping the circuit).
    const client = createPrismaClient(database.url, { poolSize: 2, timeouts: TIMEOUTS });
    let frozen: number[] = [];
    try {
      const transaction = client.$transaction(async (tx) => {
        await tx.$executeRaw`INSERT INTO notes (id, body) VALUES (20, 'must never be committed')`;
        frozen = await serverProcesses(dataDir);
        signalAll(frozen, 'SIGSTOP');
        expect(databaseFault((await failureOf(client.$queryRaw`SELECT 1`)).error)?.code).toBe('database_unavailable');
        signalAll(frozen, 'SIGCONT');
        // The change fails now: the ROLLBACK is refused while the circuit is tripped (the server answers again).
        throw new Error('the change failed');
      });
      expect(((await failureOf(transaction)).error as Error).message).toBe('the change failed');
    } finally {
      signalAll(frozen, 'SIGCONT');
    }
    // Writes on every connection of the pool once it serves again: none may run inside the abandoned transaction.
    for (let id = 21; id <= 24; id++) await eventually(() => client.$transaction((tx) => tx.$executeRaw`INSERT INTO notes (id, body) VALUES (${id}, 'after')`));
    const observer = new pg.Client({ connectionString: database.url });
    await observer.connect();
    try {
      expect((await observer.query('SELECT id FROM notes WHERE id >= 20 ORDER BY id')).rows.map((row) => row.id)).toEqual([21, 22, 23, 24]);
    } finally {
      await observer.end();
    }
    await client.$disconnect();
  });
});

describe('the embedded server supervised', () => {
  let dataDir: string;
  let database: Database;
  const messages: Array<{ message: string; level: string | undefined }> = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'db-supervised-'));
    database = await openDatabase({ dataDir, log: (message, level) => messages.push({ message, level }) });
  });
  afterAll(async () => {
    await database?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('restarts a killed server on the same port and data, with back-off, logging each restart', async () => {
    const client = createPrismaClient(database.url, { poolSize: 2, timeouts: TIMEOUTS });
    try {
      await client.$executeRawUnsafe('CREATE TABLE survivors (id int)');
      await client.$executeRawUnsafe('INSERT INTO survivors VALUES (1)');
      const killed = await postmasterPid(dataDir);
      process.kill(killed, 'SIGKILL');

      const restarted = /^embedded PostgreSQL restarted on port \d+ \(attempt \d+\)$/;
      for (const deadline = Date.now() + 30_000; !messages.some(({ message }) => restarted.test(message)); await sleep(100)) {
        if (Date.now() > deadline) throw new Error(`not restarted within 30 s: ${JSON.stringify(messages.slice(-5))}`);
      }
      expect(messages).toContainEqual({ message: expect.stringMatching(/^embedded PostgreSQL exited unexpectedly \(SIGKILL\); restarting it in \d+ ms$/), level: 'warn' });
      expect(messages).toContainEqual({ message: expect.stringMatching(restarted), level: 'info' });
      expect(await postmasterPid(dataDir)).not.toBe(killed);
      // The same URL answers again, with the data committed before the crash; the pool replaced its dead connections.
      expect(await eventually(() => client.$queryRawUnsafe('SELECT id FROM survivors'))).toEqual([{ id: 1 }]);
    } finally {
      await client.$disconnect();
    }
  });

  it('is reached over the Unix socket in its data folder, by a second opener of the folder too, or over loopback TCP when the socket path would not fit', async () => {
    const socket = join(dataDir, 'postgres');
    expect(new URL(database.url).searchParams.get('host')).toBe(socket);
    const again = await openDatabase({ dataDir });
    expect(again).toMatchObject({ url: database.url, owned: false });
    expect(await databaseReachable(again.url, 2_000)).toBe(true);
    // The bound of a socket's path (sun_path) is 107 bytes: this folder's would be longer.
    const deepDir = await mkdtemp(join(tmpdir(), `db-faults-${'d'.repeat(100)}-`));
    const deep = await openDatabase({ dataDir: deepDir });
    try {
      expect(new URL(deep.url).search).toBe('');
      expect(new URL(deep.url).hostname).toBe('127.0.0.1');
      expect(await databaseReachable(deep.url, 2_000)).toBe(true);
    } finally {
      await deep.stop();
      await rm(deepDir, { recursive: true, force: true });
    }
  });

  it('stops at once when its server is dead, and restarts nothing after', async () => {
    process.kill(await postmasterPid(dataDir), 'SIGKILL');
    await sleep(50);
    const started = performance.now();
    await database.stop();
    expect(performance.now() - started).toBeLessThan(5_000);
    await sleep(1_000);
    expect(await databaseReachable(database.url, 500)).toBe(false);
  });
});
