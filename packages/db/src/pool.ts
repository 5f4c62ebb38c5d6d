import { setTimeout as sleep } from 'node:timers/promises';
import type { PlatformConfig } from '@platform/config';
import pg from 'pg';
import { DatabaseNotAnsweringError, databaseReachable, isConnectivityFault } from './faults.ts';

/** How long the platform waits for its database before it gives up (and answers 503). */
export interface DatabaseTimeouts {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectMs: number;
  /** The longest a statement may run: the server cancels it (`statement_timeout`), and the client gives up on its answer shortly after. */
  statementMs: number;
}

/** A request meeting a database that is down or frozen gets its 503 within 4 s (connecting 2 s, or a statement's 3 s and the client's margin). */
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
/** While the database does not answer, it is probed this often. */
const PROBE_INTERVAL_MS = 500;

/**
 * Whether one pool's database answers. A connection that cannot be opened, is lost, or whose
 * answer never came trips it; while tripped, the pool's statements fail at once instead of each
 * waiting out its own bound (a request meets one wait, not one per statement), and a probe on a
 * connection of its own, every PROBE_INTERVAL_MS, resets it as soon as the database answers.
 */
class Circuit {
  #tripped = false;
  #stopped = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly probeTimeoutMs: number,
  ) {}

  get tripped(): boolean {
    return this.#tripped;
  }

  observe(error: unknown): void {
    if (this.#tripped || this.#stopped || !isConnectivityFault(error)) return;
    this.#tripped = true;
    void this.#probeUntilAnswered();
  }

  stop(): void {
    this.#stopped = true;
  }

  async #probeUntilAnswered(): Promise<void> {
    while (!this.#stopped && !(await databaseReachable(this.databaseUrl, this.probeTimeoutMs))) await sleep(PROBE_INTERVAL_MS, undefined, { ref: false });
    this.#tripped = false;
  }
}

/** `work`'s outcome, with its error (if any) shown to `observe` first; `work` takes a callback or returns a promise. */
function observed(args: unknown[], from: number, observe: (error: unknown) => void, work: (args: unknown[]) => unknown): unknown {
  const callbackAt = args.findIndex((arg, index) => index >= from && typeof arg === 'function');
  if (callbackAt >= 0) {
    const callback = args[callbackAt] as (error: unknown, result?: unknown) => void;
    args[callbackAt] = (error: unknown, result?: unknown) => {
      if (error) observe(error);
      callback(error, result);
    };
  }
  const result = work(args);
  if (!(result instanceof Promise)) return result;
  return result.catch((error: unknown) => {
    observe(error);
    throw error;
  });
}

/** The failure of a statement or connection refused at once because the circuit is tripped: as a promise, or to the callback among `args`. */
function refused(args: unknown[]): unknown {
  const error = new DatabaseNotAnsweringError();
  const callback = args.find((arg) => typeof arg === 'function') as ((error: Error) => void) | undefined;
  if (!callback) return Promise.reject(error);
  process.nextTick(callback, error);
  return undefined;
}

/**
 * The node-postgres client of a bounded pool. It closes its connection when a query outlives its
 * deadline (`query_timeout`): node-postgres itself only rejects the query and leaves it running
 * on the connection, which would go back to the pool still waiting for that answer, still inside
 * its transaction, and the next borrower's statements would run in it. Closed, the pool drops it
 * and opens a fresh one. Every failure is shown to the pool's circuit, and while the circuit is
 * tripped the client neither connects nor sends anything.
 *
 * A connection lost while lent out with no statement running (a killed server ends every
 * session at once) reports it as an 'error' event. The pool listens only to idle clients, and
 * not every borrower listens at every moment (one being handed a connection does not yet), while
 * an 'error' event heard by nobody ends the process: so each client listens from its creation.
 * The holder's next statement fails (the client is no longer queryable) and the pool drops the
 * client when it comes back.
 */
function boundedClient(circuit: Circuit): typeof pg.Client {
  return class BoundedClient extends pg.Client {
    constructor(...args: ConstructorParameters<typeof pg.Client>) {
      super(...args);
      this.on('error', (error) => circuit.observe(error));
    }

    override connect(...args: unknown[]): never {
      if (circuit.tripped) return refused(args) as never;
      return observed(args, 0, (error) => circuit.observe(error), (connectArgs) => (super.connect as (...a: unknown[]) => unknown)(...connectArgs)) as never;
    }

    override query(...args: unknown[]): never {
      if (circuit.tripped) return refused(args) as never;
      const onError = (error: unknown) => {
        if (error instanceof Error && error.message === 'Query read timeout') this.connection.stream.destroy();
        circuit.observe(error);
      };
      return observed(args, 1, onError, (queryArgs) => (super.query as (...a: unknown[]) => unknown)(...queryArgs)) as never;
    }
  };
}

/** The connections of one pool, as node-postgres counts them: the database pool gauges of the metrics. */
export interface PoolCounts {
  /** The pool's `application_name` (`platform` when it has none). */
  name: string;
  max: number;
  /** Open connections, busy or idle. */
  total: number;
  idle: number;
  /** Borrowers waiting for a connection. */
  waiting: number;
}

/** The bounded pools of this process not yet ended, whatever created them (Prisma's adapter, the job queue). */
const openPools = new Set<BoundedPool>();

/** The counts of every bounded pool of this process, read now. */
export function poolCounts(): PoolCounts[] {
  return [...openPools].map((pool) => ({ name: pool.name, max: pool.options.max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
}

class BoundedPool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    private readonly circuit: Circuit,
    readonly name: string,
  ) {
    super(config);
    openPools.add(this);
  }

  override end(...args: unknown[]): never {
    this.circuit.stop();
    openPools.delete(this);
    return (super.end as (...a: unknown[]) => unknown)(...args) as never;
  }
}

/**
 * A node-postgres pool whose every wait on the database is bounded: connecting and waiting for a
 * pooled connection (`connectionTimeoutMillis`), each statement on the server
 * (`statement_timeout`) and its answer on the client (`query_timeout`, past which the connection
 * is closed), transactions left idle (`idle_in_transaction_session_timeout`); TCP keepalive
 * notices a peer that vanished. While the database does not answer, statements fail at once
 * (see Circuit). Connections lost with a database that died or restarted are replaced on next
 * use, so the pool recovers by itself.
 */
export function createBoundedPool(databaseUrl: string, timeouts: DatabaseTimeouts, options: { max: number; applicationName?: string }): pg.Pool {
  const circuit = new Circuit(databaseUrl, timeouts.connectMs);
  const pool = new BoundedPool(
    {
      connectionString: databaseUrl,
      Client: boundedClient(circuit) as never,
      max: options.max,
      application_name: options.applicationName,
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      query_timeout: timeouts.statementMs + CLIENT_DEADLINE_MARGIN_MS,
      idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    },
    circuit,
    options.applicationName ?? 'platform',
  );
  // An idle connection lost with the database is dropped by the pool, which opens a new one when needed.
  pool.on('error', (error) => circuit.observe(error));
  return pool;
}
