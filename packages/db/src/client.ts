import { PrismaPg } from '@prisma/adapter-pg';
import { type Prisma, PrismaClient } from './generated/prisma/client.ts';

/** One pooled Prisma client per process, over node-postgres (Prisma 7 needs a driver adapter). */
export function createPrismaClient(databaseUrl: string, poolSize = 10): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl, max: poolSize }) });
}

/** Either the client or an interactive transaction's client: what repositories write through. */
export type Db = PrismaClient | Prisma.TransactionClient;

/** Runs `work` in a transaction: `db` itself when it already is one, a new one otherwise. */
export function inTransaction<T>(db: Db, work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return '$transaction' in db ? db.$transaction(work) : work(db);
}
