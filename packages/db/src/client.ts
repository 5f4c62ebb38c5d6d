import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client.ts';

/** One pooled Prisma client per process, over node-postgres (Prisma 7 needs a driver adapter). */
export function createPrismaClient(databaseUrl: string, poolSize = 10): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl, max: poolSize }) });
}
