import type { PlatformConfig } from '@platform/config';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { type Prisma, PrismaClient } from './generated/prisma/client.ts';

/** How long the platform waits for its database before it gives up (and answers 503). */
export interface DatabaseTimeouts {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectMs: number;
  /** The longest a statement may run: the server cancels it (`statement_timeout`), and the client gives up on its answer shortly after. */
  statementMs: number;
}

/** A request hitting a database that is down or hung gets its 503 within 4 s (connecting 2 s, or a statement's 3 s and the client's margin). */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { connectMs: 2_000, statementMs: 3_000 };

/** The timeouts an operator configured (`DATABASE_CONNECT_TIMEOUT_MS`, `DATABASE_STATEMENT_TIMEOUT_MS`), the defaults for the rest. */
export function databaseTimeouts(config: Pick<PlatformConfig, 'databaseConnectTimeoutMs' | 'databaseStatementTimeoutMs'>): DatabaseTimeouts {
  return {
    connectMs: config.databaseConnectTimeoutMs ?? DEFAULT_DATABASE_TIMEOUTS.connectMs,
    statementMs: config.databaseStatementTimeoutMs ?? DEFAULT_DATABASE_TIMEOUTS.statementMs,
  };
}

/** The server cancels a slow statement first; the client's own deadline only catches a server that cannot answer at all. */
const CLIENT_DEADLINE_MARGIN_MS = 500;
/** A transaction left open by a client that stopped talking (hung, partitioned) releases its locks after this long. */
const IDLE_IN_TRANSACTION_MS = 30_000;

/**
 * A node-postgres client that closes its connection when a query outlives its deadline
 * (`query_timeout`). node-postgres itself only rejects the query and leaves it running on the
 * connection: a pooled connection would go back to the pool still waiting for that answer, still
 * inside its transaction, and the next borrower's statements would run in it. Closed, the pool
 * drops it and opens a fresh one.
 */
class DeadlineClient extends pg.Client {
  override query(...args: unknown[]): never {
    const closeOnDeadline = (error: unknown) => {
      if (error instanceof Error && error.message === 'Query read timeout') this.connection.stream.destroy();
    };
    const callbackAt = args.findIndex((arg, index) => index > 0 && typeof arg === 'function');
    if (callbackAt > 0) {
      const callback = args[callbackAt] as (error: unknown, result?: unknown) => void;
      args[callbackAt] = (error: unknown, result?: unknown) => {
        closeOnDeadline(error);
        callback(error, result);
      };
    }
    const result = (super.query as (...queryArgs: unknown[]) => unknown)(...args);
    if (!(result instanceof Promise)) return result as never;
    return result.catch((error: unknown) => {
      closeOnDeadline(error);
      throw error;
    }) as never;
  }
}

/**
 * The node-postgres pool settings that bound every wait on the database: connecting and waiting
 * for a pooled connection (`connectionTimeoutMillis`), each statement on the server
 * (`statement_timeout`) and its answer on the client (`query_timeout`, past which the
 * connection is closed), transactions left idle (`idle_in_transaction_session_timeout`), and TCP
 * keepalive so a peer that vanished is noticed on idle connections.
 */
export function boundedPoolConfig(databaseUrl: string, timeouts: DatabaseTimeouts = DEFAULT_DATABASE_TIMEOUTS): pg.PoolConfig {
  return {
    connectionString: databaseUrl,
    Client: DeadlineClient,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + CLIENT_DEADLINE_MARGIN_MS,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}

export interface PrismaClientOptions {
  poolSize?: number;
  /** Called with every SQL statement the client sends (diagnostics; costs an event per query). */
  onQuery?: (sql: string) => void;
  /** Default: DEFAULT_DATABASE_TIMEOUTS. */
  timeouts?: DatabaseTimeouts;
}

/**
 * One pooled Prisma client per process, over node-postgres (Prisma 7 needs a driver adapter).
 * Every wait is bounded (see boundedPoolConfig); a connection lost to a database that died or
 * restarted is dropped from the pool and replaced on next use, so the client recovers by itself.
 */
export function createPrismaClient(databaseUrl: string, options: number | PrismaClientOptions = {}): PrismaClient {
  const { poolSize = 10, onQuery, timeouts = DEFAULT_DATABASE_TIMEOUTS } = typeof options === 'number' ? { poolSize: options } : options;
  const adapter = new PrismaPg({ ...boundedPoolConfig(databaseUrl, timeouts), max: poolSize });
  // Starting an interactive transaction waits for a pooled connection no longer than any other query does.
  const transactionOptions = { maxWait: timeouts.connectMs };
  if (!onQuery) return new PrismaClient({ adapter, transactionOptions });
  const client = new PrismaClient({ adapter, transactionOptions, log: [{ emit: 'event', level: 'query' }] });
  client.$on('query', (event) => onQuery(event.query));
  return client as unknown as PrismaClient;
}

/** Either the client or an interactive transaction's client: what repositories write through. */
export type Db = PrismaClient | Prisma.TransactionClient;

/** Runs `work` in a transaction: `db` itself when it already is one, a new one otherwise. */
export function inTransaction<T>(db: Db, work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return '$transaction' in db ? db.$transaction(work) : work(db);
}
