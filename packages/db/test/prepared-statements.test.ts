import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PrismaClient, createPrismaClient } from '../src/index.ts';
import { preparedStatementNames } from '../src/prepared-statements.ts';
import { type FreshDatabase, freshDatabase } from '../src/testing.ts';

describe('preparedStatementNames', () => {
  it('names a statement by its text: the same text the same name, another text another name', () => {
    const nameOf = preparedStatementNames();
    const first = nameOf({ sql: 'SELECT 1' });
    expect(first).toMatch(/^s_[\w-]{32}$/);
    expect(nameOf({ sql: 'SELECT 1' })).toBe(first);
    expect(nameOf({ sql: 'SELECT 2' })).not.toBe(first);
    // Each generator names by the text alone: two processes agree.
    expect(preparedStatementNames()({ sql: 'SELECT 1' })).toBe(first);
  });

  it('names at most `limit` distinct statements; later ones are sent unnamed, the named ones keep their names', () => {
    const nameOf = preparedStatementNames(2);
    const a = nameOf({ sql: 'SELECT 1' });
    const b = nameOf({ sql: 'SELECT 2' });
    expect(nameOf({ sql: 'SELECT 3' })).toBe('');
    expect(nameOf({ sql: 'SELECT 1' })).toBe(a);
    expect(nameOf({ sql: 'SELECT 2' })).toBe(b);
  });
});

/** What the connection itself holds: PostgreSQL lists the statements prepared on it. */
describe('the Prisma client over node-postgres', () => {
  let database: FreshDatabase;
  const clients: PrismaClient[] = [];

  beforeAll(async () => {
    database = await freshDatabase({ prefix: 'db_prepared' });
  });
  afterAll(async () => {
    for (const client of clients) await client.$disconnect();
    await database?.dispose();
  });

  /** One connection, so that every statement runs where the next one looks. */
  const clientOf = (options: { preparedStatements?: boolean }) => {
    const client = createPrismaClient(database.url, { poolSize: 1, ...options });
    clients.push(client);
    return client;
  };
  const prepared = (client: PrismaClient) => client.$queryRaw<Array<{ name: string; statement: string }>>`SELECT name, statement FROM pg_prepared_statements`;

  it('prepares each statement once per connection, in and out of transactions, by default', async () => {
    const client = clientOf({});
    for (const value of [1, 2]) expect(await client.$queryRaw`SELECT ${value}::int AS value`).toEqual([{ value }]);
    expect(await client.$transaction(async (tx) => tx.$queryRaw`SELECT ${3}::int AS value`)).toEqual([{ value: 3 }]);
    const statements = await prepared(client);
    const mine = statements.filter((statement) => statement.statement.includes('::int AS value'));
    expect(mine).toHaveLength(1);
    expect(mine[0]?.name).toMatch(/^s_/);
  });

  it('prepares nothing when turned off', async () => {
    const client = clientOf({ preparedStatements: false });
    expect(await client.$queryRaw`SELECT ${1}::int AS value`).toEqual([{ value: 1 }]);
    expect(await prepared(client)).toEqual([]);
  });
});
