export { openDatabase, type Database, type DatabaseLog, type OpenDatabaseOptions } from './postgres.ts';
export { migrateDatabase, migrationsDir } from './migrate.ts';
export { createPrismaClient, type Db, type PrismaClientOptions, inTransaction, transactionThen } from './client.ts';
export { DEFAULT_DATABASE_TIMEOUTS, type DatabaseTimeouts, type PoolCounts, createBoundedPool, databaseTimeouts, poolCounts } from './pool.ts';
export { TransactionDeadlineError, databaseFault, databaseReachable, databaseUnavailable, withDatabaseFaults } from './faults.ts';
export { type SqlRunner, driverSql, sqlTransaction } from './sql-transaction.ts';
export { newId, randomHex } from './ids.ts';
export { DrainLoop, type DrainLoopOptions } from './drain-loop.ts';
export { allowTenantPurge } from './purge.ts';
export { lockTenantRegistrations } from './tenant-quota.ts';
export { isUniqueViolation, isRecordNotFound } from './errors.ts';
// The client, the Prisma namespace and every model's type (`Customer`, `Invoice`, …).
export * from './generated/prisma/client.ts';
export * from './generated/prisma/enums.ts';
export { getDatamodel } from './generated/pothos-types.ts';
export type { default as PrismaTypes } from './generated/pothos-types.ts';
