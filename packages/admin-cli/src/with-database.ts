import type { PlatformConfig } from '@platform/config';
import { createPrismaClient, migrateDatabase, openDatabase, type PrismaClient } from '@platform/db';

/**
 * Runs `work` against the platform's database: the running platform's embedded server if there
 * is one on this data folder, else one started here and stopped again afterwards.
 */
export async function withDatabase<T>(config: PlatformConfig, work: (prisma: PrismaClient) => Promise<T>): Promise<T> {
  // stdout carries only the command's JSON, so database logs go to stderr, and only when asked.
  const log = config.logLevel === 'debug' || config.logLevel === 'trace' ? (message: string) => process.stderr.write(`${message}\n`) : undefined;
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, log });
  let prisma: PrismaClient | undefined;
  try {
    await migrateDatabase(database.url, log);
    prisma = createPrismaClient(database.url, 1);
    return await work(prisma);
  } finally {
    await prisma?.$disconnect();
    await database.stop();
  }
}
