import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PrismaClient, createPrismaClient, driverSql, isUniqueViolation, migrateDatabase } from '../src/index.ts';
import { type FreshDatabase, freshDatabase } from '../src/testing.ts';

/** A unique violation is told apart however the statement was sent: a model call or raw SQL. */
describe('isUniqueViolation', () => {
  let database: FreshDatabase;
  let prisma: PrismaClient;

  beforeAll(async () => {
    database = await freshDatabase({ prefix: 'db_errors' });
    await migrateDatabase(database.url);
    prisma = createPrismaClient(database.url, 2);
    await prisma.$executeRaw`INSERT INTO signing_keys (kid, private_jwk, public_jwk) VALUES ('kid_1', '{}', '{}')`;
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await database?.dispose();
  });

  const failureOf = async (work: Promise<unknown>) => work.then(() => expect.unreachable('expected a failure'), (error: unknown) => error);

  it('recognises a duplicate key from a model call, from raw SQL and from a statement sent over the driver', async () => {
    expect(isUniqueViolation(await failureOf(prisma.signingKey.create({ data: { kid: 'kid_1', private_jwk: {}, public_jwk: {} } })))).toBe(true);
    expect(isUniqueViolation(await failureOf(prisma.$executeRaw`INSERT INTO signing_keys (kid, private_jwk, public_jwk) VALUES ('kid_1', '{}', '{}')`))).toBe(true);
    expect(isUniqueViolation(await failureOf(prisma.$queryRaw`INSERT INTO signing_keys (kid, private_jwk, public_jwk) VALUES ('kid_1', '{}', '{}') RETURNING kid`))).toBe(true);
    expect(isUniqueViolation(await failureOf(Promise.resolve(driverSql(prisma).$executeRaw`INSERT INTO signing_keys (kid, private_jwk, public_jwk) VALUES ('kid_1', '{}', '{}')`)))).toBe(true);
  });

  it('is false for every other failure', async () => {
    expect(isUniqueViolation(await failureOf(prisma.$executeRaw`INSERT INTO signing_keys (kid, private_jwk, public_jwk) VALUES (NULL, '{}', '{}')`))).toBe(false);
    expect(isUniqueViolation(await failureOf(prisma.$queryRawUnsafe('SELECT * FROM no_such_table')))).toBe(false);
    expect(isUniqueViolation(await failureOf(Promise.resolve(driverSql(prisma).$executeRaw`INSERT INTO signing_keys (kid, private_jwk, public_jwk) VALUES (NULL, '{}', '{}')`)))).toBe(false);
    expect(isUniqueViolation(new Error('23505'))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
