import { ApiError, retryAfterSeconds } from '@platform/errors';
import pg from 'pg';

/**
 * Prisma's codes for a database it cannot reach or that does not answer in time: P1001 can't
 * reach, P1002 timed out reaching, P1008 operation timed out, P1017 server closed the connection,
 * P2024 timed out waiting for a pooled connection, P2037 too many connections.
 */
const PRISMA_UNAVAILABLE_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2037']);

/** The driver adapter's kinds for the same faults (`DriverAdapterError.cause.kind`). */
const ADAPTER_UNAVAILABLE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);

/**
 * PostgreSQL's SQLSTATEs for a server ending or refusing sessions: connection exceptions (class
 * 08), 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting up).
 */
const DISCONNECTION_SQLSTATE = /^08...$|^57P0[1-3]$/;

/**
 * And for a server that cannot serve a statement: insufficient resources (53: disk full, out of
 * memory, too many connections), system errors (58: I/O), 57014 a statement cancelled by
 * `statement_timeout`. Never a client's mistake: constraint violations (23), bad input (22) and
 * conflicts (40) are in neither list.
 */
const UNAVAILABLE_SQLSTATE = /^(53|58)...$|^57014$/;

/** Socket errors of a server that is down, restarting or unreachable. */
const SOCKET_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * node-postgres's own errors for a lost or silent server: the connection ended under a query or
 * could not be opened in time, a query outlived its deadline, or the client was left unusable by
 * one of those.
 */
const DRIVER_MESSAGES = [/^Connection terminated/, /^Query read timeout/, /is not queryable/];
/** node-pg-pool's: no pooled connection came free in time (a busy pool, or connections that cannot be opened). */
const POOL_TIMEOUT_MESSAGE = /^timeout exceeded when trying to connect/;

/** A statement or connection refused at once: the database did not answer lately and has not answered a probe since. */
export class DatabaseNotAnsweringError extends Error {
  constructor() {
    super('The database did not answer lately; statements are refused until it answers a probe again.');
    this.name = 'DatabaseNotAnsweringError';
  }
}

/** A SqlTransaction outlived its deadline (a database too slow to finish it in time): it was rolled back. */
export class TransactionDeadlineError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`The transaction did not finish within ${timeoutMs} ms and was rolled back.`);
    this.name = 'TransactionDeadlineError';
  }
}

/** The causes of an error as Prisma, the driver adapter, GraphQL and pg nest them. */
function* causesOf(error: unknown, depth = 0): Generator<Record<string, unknown>> {
  if (depth > 6 || error === null || typeof error !== 'object') return;
  const node = error as Record<string, unknown>;
  yield node;
  const meta = node.meta as Record<string, unknown> | undefined;
  for (const next of [node.cause, node.originalError, meta?.driverAdapterError]) {
    if (next !== undefined && next !== error) yield* causesOf(next, depth + 1);
  }
}

/** A connection that could not be opened or was lost, or an answer that never came: node-postgres's own errors, as the pool sees them. */
export function isConnectivityFault(error: unknown): boolean {
  if (error instanceof DatabaseNotAnsweringError) return true;
  const { code, message, syscall } = (error ?? {}) as { code?: unknown; message?: unknown; syscall?: unknown };
  if (typeof code === 'string' && (SOCKET_ERROR_CODES.has(code) || DISCONNECTION_SQLSTATE.test(code))) return true;
  if (typeof message !== 'string') return false;
  // A server whose Unix socket is gone (stopped, restarting): `connect ENOENT <socket>`, the code
  // alone being any missing file's. Prisma keeps the code and the message, not the syscall.
  if (code === 'ENOENT' && (syscall === 'connect' || /\bconnect ENOENT\b/.test(message))) return true;
  return DRIVER_MESSAGES.some((pattern) => pattern.test(message));
}

function isUnavailability(node: Record<string, unknown>): boolean {
  if (isConnectivityFault(node) || node instanceof TransactionDeadlineError) return true;
  const { code, kind, originalCode, message } = node;
  if (typeof code === 'string' && (PRISMA_UNAVAILABLE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  if (typeof kind === 'string' && ADAPTER_UNAVAILABLE_KINDS.has(kind)) return true;
  if (typeof originalCode === 'string' && (UNAVAILABLE_SQLSTATE.test(originalCode) || DISCONNECTION_SQLSTATE.test(originalCode))) return true;
  // Prisma's interactive transactions: no connection to start one on within `maxWait`.
  if (code === 'P2028' && typeof message === 'string' && message.includes('Unable to start a transaction in the given time')) return true;
  return typeof message === 'string' && POOL_TIMEOUT_MESSAGE.test(message);
}

/**
 * The `database_unavailable` problem (503 with Retry-After) for an error that means the database
 * is down, refusing, restarting or not answering in time; undefined for any other error (a
 * constraint violation, a bug), which callers handle as before. Recognises Prisma's errors, the
 * driver adapter's, node-postgres's and their wrapped forms (a GraphQL error's `originalError`).
 */
export function databaseFault(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error.code === 'database_unavailable' ? error : undefined;
  for (const node of causesOf(error)) {
    if (isUnavailability(node)) return databaseUnavailable();
  }
  return undefined;
}

/** Runs `work`, turning a database fault into the `database_unavailable` problem; other errors pass unchanged. */
export async function withDatabaseFaults<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw databaseFault(error) ?? error;
  }
}

export function databaseUnavailable(): ApiError {
  const seconds = retryAfterSeconds.database_unavailable ?? 2;
  return new ApiError('database_unavailable', `The database is not reachable right now. Retry after ${seconds} seconds; repeat a write with the same Idempotency-Key, so it is applied once.`, {
    retry_after: seconds,
  });
}

/**
 * Whether the database answers a trivial query within `timeoutMs`, on a connection of its own
 * (a full or stuck pool does not make it look down, and the probe never waits for the pool): the
 * readiness check. Never throws and never waits longer than `timeoutMs`.
 */
export async function databaseReachable(databaseUrl: string, timeoutMs = 1000): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs, application_name: 'platform-readiness' });
  // A connection lost after connecting surfaces as an 'error' event: handled, it means "not reachable".
  client.on('error', () => {});
  const deadline = new Promise<boolean>((resolve) => setTimeout(resolve, timeoutMs, false).unref());
  const probe = (async () => {
    try {
      await client.connect();
      await client.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  })();
  try {
    return await Promise.race([probe, deadline]);
  } finally {
    // Not awaited: ending a connection to a hung server would wait as long as the server does.
    void client.end().catch(() => {});
  }
}
