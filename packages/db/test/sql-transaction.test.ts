import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PrismaClient, TransactionDeadlineError, createPrismaClient, databaseFault, driverSql, migrateDatabase, sqlTransaction } from '../src/index.ts';
import { type FreshDatabase, freshDatabase } from '../src/testing.ts';

/** Raw statements sent over node-postgres (sqlTransaction, driverSql) behave as the same statements sent through Prisma. */
describe('sqlTransaction', () => {
  let database: FreshDatabase;
  let prisma: PrismaClient;
  const statements: string[] = [];

  beforeAll(async () => {
    database = await freshDatabase({ prefix: 'db_sql_tx' });
    await migrateDatabase(database.url);
    // Two connections: a transaction that leaked its connection would make the later tests wait for one.
    prisma = createPrismaClient(database.url, { poolSize: 2, onQuery: (sql) => statements.push(sql) });
    await prisma.$executeRaw`CREATE TABLE sql_tx_probe (id text PRIMARY KEY, counter bigint NOT NULL, tags text[] NOT NULL, doc jsonb, at timestamptz(3) NOT NULL DEFAULT now())`;
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await database?.dispose();
  });

  const countOf = async (id: string) => (await prisma.$queryRaw<Array<{ n: bigint }>>`SELECT count(*) AS n FROM sql_tx_probe WHERE id = ${id}`)[0]?.n;
  const failureOf = async (work: PromiseLike<unknown>) => Promise.resolve(work).then(() => expect.unreachable('expected a failure'), (error: unknown) => error);

  it('commits what the work wrote when it returns, and hands back its result', async () => {
    const result = await sqlTransaction(
      prisma,
      async (tx) => {
        await tx.$executeRaw`INSERT INTO sql_tx_probe (id, counter, tags) VALUES ('committed', 1, ${['a']}::text[])`;
        return tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM sql_tx_probe WHERE id = 'committed'`;
      },
      { timeoutMs: 5_000 },
    );
    expect(result).toEqual([{ id: 'committed' }]);
    expect(await countOf('committed')).toBe(1n);
  });

  it('rolls back everything when the work throws, and rethrows its error', async () => {
    const failure = new Error('refused half-way');
    const error = await failureOf(
      sqlTransaction(
        prisma,
        async (tx) => {
          await tx.$executeRaw`INSERT INTO sql_tx_probe (id, counter, tags) VALUES ('rolled-back', 1, ${['a']}::text[])`;
          throw failure;
        },
        { timeoutMs: 5_000 },
      ),
    );
    expect(error).toBe(failure);
    expect(await countOf('rolled-back')).toBe(0n);
  });

  it('rolls back a statement that failed in the database, and its connection serves the next transaction', async () => {
    const error = await failureOf(
      sqlTransaction(
        prisma,
        async (tx) => {
          await tx.$executeRaw`INSERT INTO sql_tx_probe (id, counter, tags) VALUES ('duplicate-pair', 1, ${['a']}::text[])`;
          await tx.$executeRaw`INSERT INTO sql_tx_probe (id, counter, tags) VALUES ('duplicate-pair', 2, ${['b']}::text[])`;
        },
        { timeoutMs: 5_000 },
      ),
    );
    expect((error as { code?: string }).code).toBe('23505');
    expect(await countOf('duplicate-pair')).toBe(0n);
    for (let round = 0; round < 4; round += 1) {
      await sqlTransaction(prisma, (tx) => tx.$executeRaw`INSERT INTO sql_tx_probe (id, counter, tags) VALUES (${`after-${round}`}, 1, ${['a']}::text[])`, { timeoutMs: 5_000 });
    }
    expect(await countOf('after-3')).toBe(1n);
  });

  it('rolls back work still running at its deadline: a database_unavailable fault, nothing written', async () => {
    const error = await failureOf(
      sqlTransaction(
        prisma,
        async (tx) => {
          await tx.$executeRaw`INSERT INTO sql_tx_probe (id, counter, tags) VALUES ('too-late', 1, ${['a']}::text[])`;
          await sleep(300);
          await tx.$executeRaw`INSERT INTO sql_tx_probe (id, counter, tags) VALUES ('too-late-2', 1, ${['a']}::text[])`;
        },
        { timeoutMs: 100 },
      ),
    );
    expect(error).toBeInstanceOf(TransactionDeadlineError);
    expect(databaseFault(error)?.code).toBe('database_unavailable');
    expect(await countOf('too-late')).toBe(0n);
    // A deadline passing while the work is idle, with no statement after it, still stops the commit.
    const idle = await failureOf(
      sqlTransaction(
        prisma,
        async (tx) => {
          await tx.$executeRaw`INSERT INTO sql_tx_probe (id, counter, tags) VALUES ('too-late-3', 1, ${['a']}::text[])`;
          await sleep(300);
        },
        { timeoutMs: 100 },
      ),
    );
    expect(idle).toBeInstanceOf(TransactionDeadlineError);
    expect(await countOf('too-late-3')).toBe(0n);
  });

  it('fails with a database_unavailable fault when its connection is lost mid-way, and the pool serves again after', async () => {
    const error = await failureOf(
      sqlTransaction(
        prisma,
        async (tx) => {
          await tx.$executeRaw`INSERT INTO sql_tx_probe (id, counter, tags) VALUES ('lost', 1, ${['a']}::text[])`;
          const [session] = await tx.$queryRaw<Array<{ pid: number }>>`SELECT pg_backend_pid() AS pid`;
          // The server ends the session between two statements, as a crash or a restart of the
          // database would: the connection reports it as an event, with no statement to fail.
          await driverSql(prisma).$queryRaw`SELECT pg_terminate_backend(${session?.pid}::int)`;
          await sleep(200);
          await tx.$executeRaw`INSERT INTO sql_tx_probe (id, counter, tags) VALUES ('lost-2', 1, ${['a']}::text[])`;
        },
        { timeoutMs: 5_000 },
      ),
    );
    expect(databaseFault(error)?.code).toBe('database_unavailable');
    // The pool refuses statements until its probe finds the database answering (every 500 ms).
    const deadline = Date.now() + 5_000;
    for (;;) {
      try {
        await sqlTransaction(prisma, (tx) => tx.$executeRaw`INSERT INTO sql_tx_probe (id, counter, tags) VALUES ('after-lost', 1, ${['a']}::text[])`, { timeoutMs: 5_000 });
        break;
      } catch (refused) {
        if (Date.now() > deadline || databaseFault(refused) === undefined) throw refused;
        await sleep(100);
      }
    }
    expect(await countOf('lost')).toBe(0n);
    expect(await countOf('after-lost')).toBe(1n);
  });

  it('reads rows exactly as Prisma’s raw queries do (int8 as bigint, jsonb parsed, arrays, instants)', async () => {
    await prisma.$executeRaw`INSERT INTO sql_tx_probe (id, counter, tags, doc) VALUES ('typed', 9007199254740993, ${['x', 'y']}::text[], ${JSON.stringify({ a: [1, 'b'] })}::jsonb)`;
    const viaPrisma = await prisma.$queryRaw`SELECT *, 42::int AS small, NULL::text AS nothing FROM sql_tx_probe WHERE id = 'typed'`;
    const viaDriver = await driverSql(prisma).$queryRaw`SELECT *, 42::int AS small, NULL::text AS nothing FROM sql_tx_probe WHERE id = 'typed'`;
    const inTransaction = await sqlTransaction(prisma, (tx) => tx.$queryRaw`SELECT *, 42::int AS small, NULL::text AS nothing FROM sql_tx_probe WHERE id = 'typed'`, { timeoutMs: 5_000 });
    expect(viaDriver).toEqual(viaPrisma);
    expect(inTransaction).toEqual(viaPrisma);
    expect((viaDriver as Array<{ counter: unknown }>)[0]?.counter).toBe(9007199254740993n);
  });

  it('shows its statements to the client’s onQuery diagnostics, BEGIN and COMMIT included', async () => {
    statements.length = 0;
    await sqlTransaction(prisma, (tx) => tx.$executeRaw`UPDATE sql_tx_probe SET counter = counter + 1 WHERE id = 'committed'`, { timeoutMs: 5_000 });
    expect(statements).toEqual(['BEGIN', expect.stringContaining('UPDATE sql_tx_probe SET counter = counter + 1'), 'COMMIT']);
  });
});
