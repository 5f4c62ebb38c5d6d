import { PrismaPg } from '@prisma/adapter-pg';
import { type Prisma, PrismaClient } from './generated/prisma/client.ts';
import { DEFAULT_DATABASE_TIMEOUTS, type DatabaseTimeouts, createBoundedPool } from './pool.ts';
import { preparedStatementNames } from './prepared-statements.ts';
import { registerClientDriver } from './sql-transaction.ts';

export interface PrismaClientOptions {
  poolSize?: number;
  /** Called with every SQL statement the client sends (diagnostics; costs an event per query). */
  onQuery?: (sql: string) => void;
  /** Default: DEFAULT_DATABASE_TIMEOUTS. */
  timeouts?: DatabaseTimeouts;
  /**
   * Named (prepared) statements, each parsed and planned once per connection (default true). Off
   * for a connection pooler that cannot carry them across its server connections (PgBouncer in
   * transaction mode before 1.21, or without `max_prepared_statements`).
   */
  preparedStatements?: boolean;
}

/**
 * One pooled Prisma client per process, over node-postgres (Prisma 7 needs a driver adapter), on
 * a bounded pool (createBoundedPool): every wait on the database is bounded, and the client
 * recovers by itself when the database comes back.
 */
export function createPrismaClient(databaseUrl: string, options: number | PrismaClientOptions = {}): PrismaClient {
  const { poolSize = 10, onQuery, timeouts = DEFAULT_DATABASE_TIMEOUTS, preparedStatements = true } = typeof options === 'number' ? { poolSize: options } : options;
  const pool = createBoundedPool(databaseUrl, timeouts, { max: poolSize });
  const statementName = preparedStatements ? preparedStatementNames() : () => '';
  const adapter = new PrismaPg(pool, { disposeExternalPool: true, ...(preparedStatements && { statementNameGenerator: statementName }) });
  const clientOptions = {
    adapter,
    // Starting an interactive transaction waits for a pooled connection no longer than any other query does.
    transactionOptions: { maxWait: timeouts.connectMs },
    // The other formats capture a stack trace at every call, to quote the caller's code in an
    // error's message: about a tenth of Prisma's CPU per statement inside a transaction
    // (`npm run bench:db-client`). Errors keep their stack and code either way.
    errorFormat: 'minimal' as const,
  };
  let client: PrismaClient;
  if (onQuery) {
    const logging = new PrismaClient({ ...clientOptions, log: [{ emit: 'event', level: 'query' }] });
    logging.$on('query', (event) => onQuery(event.query));
    client = logging as unknown as PrismaClient;
  } else client = new PrismaClient(clientOptions);
  // The client's SqlTransactions borrow its connections and share its statement names.
  registerClientDriver(client, { pool, statementName, onQuery });
  return client;
}

/** Either the client or an interactive transaction's client: what repositories write through. */
export type Db = PrismaClient | Prisma.TransactionClient;

/**
 * Runs `work` in a new transaction and, once it committed, hands the transaction to `committed`
 * (the event bus: the events it emitted go live and their dispatch starts). A transaction that
 * rolls back is never handed over.
 */
export async function transactionThen<T>(prisma: PrismaClient, work: (tx: Prisma.TransactionClient) => Promise<T>, committed: (tx: Prisma.TransactionClient) => void): Promise<T> {
  let transaction: Prisma.TransactionClient | undefined;
  const result = await prisma.$transaction((tx) => {
    transaction = tx;
    return work(tx);
  });
  if (transaction) committed(transaction);
  return result;
}

/** Runs `work` in a transaction: `db` itself when it already is one, a new one otherwise. */
export function inTransaction<T>(db: Db, work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return '$transaction' in db ? db.$transaction(work) : work(db);
}
