import { PrismaPg } from '@prisma/adapter-pg';
import { type Prisma, PrismaClient } from './generated/prisma/client.ts';
import { DEFAULT_DATABASE_TIMEOUTS, type DatabaseTimeouts, createBoundedPool } from './pool.ts';

export interface PrismaClientOptions {
  poolSize?: number;
  /** Called with every SQL statement the client sends (diagnostics; costs an event per query). */
  onQuery?: (sql: string) => void;
  /** Default: DEFAULT_DATABASE_TIMEOUTS. */
  timeouts?: DatabaseTimeouts;
}

/**
 * One pooled Prisma client per process, over node-postgres (Prisma 7 needs a driver adapter), on
 * a bounded pool (createBoundedPool): every wait on the database is bounded, and the client
 * recovers by itself when the database comes back.
 */
export function createPrismaClient(databaseUrl: string, options: number | PrismaClientOptions = {}): PrismaClient {
  const { poolSize = 10, onQuery, timeouts = DEFAULT_DATABASE_TIMEOUTS } = typeof options === 'number' ? { poolSize: options } : options;
  const adapter = new PrismaPg(createBoundedPool(databaseUrl, timeouts, { max: poolSize }), { disposeExternalPool: true });
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
