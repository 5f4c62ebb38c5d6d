/**
 * Benchmark: what the database client costs the write path. The same transaction (BEGIN, N
 * single-row inserts, COMMIT) by 20 concurrent callers, through a Prisma interactive transaction
 * (`$transaction(async (tx) => ...)` with `tx.$executeRaw`, as the platform's writes run; with the
 * platform's named statements and without them), through Prisma without a transaction, and
 * through a bare `pg` pooled client, every pool of 10 connections. It prints transactions/s, this
 * process's CPU per transaction (the Node CPU the platform spends per write statement beyond what
 * the driver itself needs) and that of the PostgreSQL backends serving the bench database.
 *
 * Run on demand, never by the test suite:   npm run bench:db-client
 *
 * Environment knobs:
 *   BENCH_TRANSACTIONS  transactions measured per client (default 2000), after 200 to warm up
 *   BENCH_STATEMENTS    inserts per transaction (default 6)
 *   DATABASE_URL        create the bench database on this PostgreSQL server instead of an
 *                       embedded one in a temp folder (it is dropped afterwards)
 */
import { cpus } from 'node:os';
import { createPrismaClient } from '@platform/db';
import { freshDatabase } from '@platform/db/testing';
import pg from 'pg';
import { countDatabaseCpu, positiveInteger } from './knobs.ts';

const TRANSACTIONS = positiveInteger('BENCH_TRANSACTIONS', 2000);
const STATEMENTS = positiveInteger('BENCH_STATEMENTS', 6);
const CALLERS = 20;
const POOL = 10;
const WARMUP = 200;

interface Figure {
  client: string;
  perSecond: number;
  cpuMs: number;
  postgresCpuMs: number;
}

async function measure(databaseUrl: string, client: string, transaction: () => Promise<unknown>): Promise<Figure> {
  for (let index = 0; index < WARMUP; index++) await transaction();
  const databaseCpu = await countDatabaseCpu(databaseUrl);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let begun = 0;
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      while (begun++ < TRANSACTIONS) await transaction();
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  const elapsedMs = performance.now() - started;
  const postgresMs = (await databaseCpu()) * 1000;
  return { client, perSecond: (TRANSACTIONS / elapsedMs) * 1000, cpuMs: (cpu.user + cpu.system) / 1000 / TRANSACTIONS, postgresCpuMs: postgresMs / TRANSACTIONS };
}

async function main(): Promise<void> {
  const database = await freshDatabase({ prefix: 'bench_db_client' });
  const prisma = createPrismaClient(database.url, POOL);
  const unnamed = createPrismaClient(database.url, { poolSize: POOL, preparedStatements: false });
  const pool = new pg.Pool({ connectionString: database.url, max: POOL });
  // An idle connection the server closes (the bench database is dropped at the end) is an error
  // event of the pool: unheard, it would end the process before the figures are printed.
  pool.on('error', () => {});
  try {
    await pool.query('CREATE TABLE bench_rows (id bigserial PRIMARY KEY, tenant_id text NOT NULL, position integer NOT NULL)');
    const figures = [
      await measure(database.url, 'Prisma interactive transaction', () =>
        prisma.$transaction(async (tx) => {
          for (let position = 0; position < STATEMENTS; position++) await tx.$executeRaw`INSERT INTO bench_rows (tenant_id, position) VALUES (${'ten_bench'}, ${position})`;
        }),
      ),
      await measure(database.url, '  the same, unnamed statements', () =>
        unnamed.$transaction(async (tx) => {
          for (let position = 0; position < STATEMENTS; position++) await tx.$executeRaw`INSERT INTO bench_rows (tenant_id, position) VALUES (${'ten_bench'}, ${position})`;
        }),
      ),
      await measure(database.url, 'Prisma, no transaction', async () => {
        for (let position = 0; position < STATEMENTS; position++) await prisma.$executeRaw`INSERT INTO bench_rows (tenant_id, position) VALUES (${'ten_bench'}, ${position})`;
      }),
      await measure(database.url, 'pg pooled client, BEGIN/COMMIT', async () => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          for (let position = 0; position < STATEMENTS; position++) await client.query('INSERT INTO bench_rows (tenant_id, position) VALUES ($1, $2)', ['ten_bench', position]);
          await client.query('COMMIT');
        } finally {
          client.release();
        }
      }),
    ];
    const cpu = cpus();
    console.log(`\n${TRANSACTIONS} transactions of ${STATEMENTS} inserts, ${CALLERS} concurrent callers, pools of ${POOL}; Prisma with named statements (DATABASE_PREPARED_STATEMENTS) unless said otherwise`);
    console.log(`Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}; PostgreSQL ${process.env.DATABASE_URL ? 'external' : 'embedded'}\n`);
    console.log('client                            tx/s   Node CPU ms/tx   PostgreSQL CPU ms/tx');
    for (const figure of figures) console.log(`${figure.client.padEnd(32)} ${figure.perSecond.toFixed(0).padStart(5)}   ${figure.cpuMs.toFixed(2).padStart(14)}   ${figure.postgresCpuMs.toFixed(2).padStart(20)}`);
    const [interactive, , , bare] = figures as [Figure, Figure, Figure, Figure];
    console.log(`\nPrisma's interactive transaction costs ${(interactive.cpuMs - bare.cpuMs).toFixed(2)} ms of Node CPU per transaction more than pg, ${((interactive.cpuMs - bare.cpuMs) / (STATEMENTS + 2)).toFixed(2)} ms per statement`);
  } finally {
    await prisma.$disconnect();
    await unnamed.$disconnect();
    await pool.end();
    await database.dispose();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
