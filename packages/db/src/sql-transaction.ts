import { type Attributes, SpanKind, trace } from '@opentelemetry/api';
import { inSpan } from '@platform/config';
import pg from 'pg';
import { TransactionDeadlineError } from './faults.ts';
import { Prisma, type PrismaClient } from './generated/prisma/client.ts';

/**
 * What raw statements run on: the Prisma client, one of its interactive transactions, or a
 * SqlTransaction. Repositories whose statements are all raw take this type, so they run on
 * either kind of transaction.
 */
export interface SqlRunner {
  $queryRaw<T = unknown>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): PromiseLike<T>;
  $executeRaw(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): PromiseLike<number>;
}

/** The node-postgres pool under a Prisma client and the names its statements are prepared under (see createPrismaClient). */
export interface ClientDriver {
  pool: pg.Pool;
  statementName: (query: { sql: string }) => string;
  /** The client's `onQuery` diagnostics, shown this transaction's statements too. */
  onQuery?: ((sql: string) => void) | undefined;
}

const drivers = new WeakMap<PrismaClient, ClientDriver>();

/** Called by createPrismaClient: a SqlTransaction of the client borrows from the client's own pool. */
export function registerClientDriver(client: PrismaClient, driver: ClientDriver): void {
  drivers.set(client, driver);
}

const INT8_OID = 20;
/** Values as Prisma's raw queries give them (int8 as a bigint), so a repository reads the same rows on either runner. */
const PRISMA_RAW_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === INT8_OID ? BigInt : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser,
};

/**
 * Runs `work` in a span when the active span records (a traced request); otherwise no span is
 * made at all: background work and untraced requests pay nothing. Prisma's instrumentation makes
 * the same kind of spans for the statements it sends.
 */
function traced<T>(name: string, kind: SpanKind, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  if (!trace.getActiveSpan()?.isRecording()) return work();
  return inSpan(name, { kind, attributes: { 'db.system.name': 'postgresql', ...attributes } }, work);
}

/** Raw statements sent straight to node-postgres (a pool or one of its connections), skipping Prisma's query engine. */
class DriverSql implements SqlRunner {
  constructor(
    protected readonly queryable: pg.Pool | pg.PoolClient,
    protected readonly driver: ClientDriver,
  ) {}

  async $queryRaw<T = unknown>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<T> {
    return (await this.run(query, values)).rows as T;
  }

  async $executeRaw(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<number> {
    return (await this.run(query, values)).rowCount ?? 0;
  }

  protected run(query: TemplateStringsArray | Prisma.Sql, values: unknown[]): Promise<pg.QueryResult> {
    const sql = Array.isArray(query) ? Prisma.sql(query as TemplateStringsArray, ...(values as Prisma.Sql[])) : (query as Prisma.Sql);
    this.driver.onQuery?.(sql.text);
    // The statement's text only: its values are bound as parameters and never recorded.
    return traced('db.query', SpanKind.CLIENT, { 'db.query.text': sql.text }, () =>
      this.queryable.query({ text: sql.text, values: sql.values, name: this.driver.statementName({ sql: sql.text }) || undefined, types: PRISMA_RAW_TYPES }),
    );
  }
}

/**
 * A transaction on one pooled connection, for writes made only of raw statements. It costs a
 * fraction of Prisma's interactive transaction (`npm run bench:db-client`: 0.54 ms of Node CPU per
 * transaction of six inserts, against 2.96). Statements are sent in call order, each under the
 * pool's bounds; once the deadline passed, none is sent any more.
 */
class SqlTransaction extends DriverSql {
  #expired = false;

  constructor(
    connection: pg.PoolClient,
    driver: ClientDriver,
    private readonly timeoutMs: number,
  ) {
    super(connection, driver);
  }

  expire(): void {
    this.#expired = true;
  }

  assertLive(): void {
    if (this.#expired) throw new TransactionDeadlineError(this.timeoutMs);
  }

  /** BEGIN, COMMIT and ROLLBACK. */
  control(command: string): Promise<unknown> {
    this.driver.onQuery?.(command);
    return this.queryable.query(command);
  }

  protected override run(query: TemplateStringsArray | Prisma.Sql, values: unknown[]): Promise<pg.QueryResult> {
    this.assertLive();
    return super.run(query, values);
  }
}

function driverOf(prisma: PrismaClient): ClientDriver {
  const driver = drivers.get(prisma);
  if (!driver) throw new Error('raw statements over the driver need a client made by createPrismaClient');
  return driver;
}

/** Single raw statements on `prisma`'s own pool without Prisma's query engine: for a hot statement outside any transaction. */
export function driverSql(prisma: PrismaClient): SqlRunner {
  const driver = driverOf(prisma);
  return new DriverSql(driver.pool, driver);
}

/**
 * Runs `work` in a SqlTransaction on a connection of `prisma`'s own pool: commits what it did if it
 * returns, rolls it back if it throws or is still running after `timeoutMs` (its later statements
 * and its commit then fail with TransactionDeadlineError, a 503 at the edge). Waiting for a
 * connection and each statement are bounded by the pool (createBoundedPool).
 */
export function sqlTransaction<T>(prisma: PrismaClient, work: (tx: SqlRunner) => PromiseLike<T>, options: { timeoutMs: number }): Promise<T> {
  return traced('db.transaction', SpanKind.INTERNAL, {}, () => runTransaction(prisma, work, options));
}

async function runTransaction<T>(prisma: PrismaClient, work: (tx: SqlRunner) => PromiseLike<T>, options: { timeoutMs: number }): Promise<T> {
  const driver = driverOf(prisma);
  const client = await driver.pool.connect();
  const tx = new SqlTransaction(client, driver, options.timeoutMs);
  const deadline = setTimeout(() => tx.expire(), options.timeoutMs).unref();
  // A connection whose rollback failed is closed by the pool instead of lent again (a lost one is
  // no longer queryable, which the pool checks itself; its 'error' event is heard by the client, see pool.ts).
  let unusable: Error | undefined;
  try {
    await tx.control('BEGIN');
    const result = await work(tx);
    tx.assertLive();
    await tx.control('COMMIT');
    return result;
  } catch (error) {
    try {
      await tx.control('ROLLBACK');
    } catch (rollbackFailure) {
      unusable = rollbackFailure as Error;
    }
    throw error;
  } finally {
    clearTimeout(deadline);
    client.release(unusable);
  }
}
