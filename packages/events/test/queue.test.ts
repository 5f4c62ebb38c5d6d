import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger } from '@platform/config';
import { migrateDatabase } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_QUEUES } from '../src/bus.ts';
import { type JobQueue, startJobQueue } from '../src/queue.ts';
import { eventually } from './support.ts';

describe('job queue set-up', () => {
  let database: FreshDatabase;
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    database = await freshDatabase({ prefix: 'jobs' });
    await migrateDatabase(database.url);
  });
  afterAll(async () => {
    await Promise.all(queues.map((queue) => queue.stop()));
    await database?.dispose();
  });

  it('lets several instances start together on a fresh database (pg-boss alone deadlocks creating its queues)', async () => {
    const logger = createLogger('silent');
    const started = await Promise.allSettled(
      Array.from({ length: 4 }, () => startJobQueue({ databaseUrl: database.url, logger, queues: EVENT_QUEUES, recoverySeconds: 5 })),
    );
    for (const outcome of started) if (outcome.status === 'fulfilled') queues.push(outcome.value);
    expect(started.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : 'started'))).toEqual(['started', 'started', 'started', 'started']);
  });

  it('finishes its set-up when the connection holding the set-up lock is lost meanwhile (the server ended it), without ending the process', async () => {
    // The set-up waits on a table lock held here, while its lock's connection sits idle; that
    // connection is ended then, as a restarting server would. Its loss is an 'error' event, which
    // unheard would end the process (vitest reports it as an unhandled error).
    const observer = new pg.Client({ connectionString: database.url });
    await observer.connect();
    try {
      await observer.query('BEGIN');
      await observer.query('LOCK TABLE pgboss.queue IN ACCESS EXCLUSIVE MODE');
      const starting = startJobQueue({ databaseUrl: database.url, logger: createLogger('silent'), queues: EVENT_QUEUES, recoverySeconds: 5 });
      // Activity read in a transaction is a snapshot of its first read, unless cleared.
      const lockHolder = async () => {
        await observer.query('SELECT pg_stat_clear_snapshot()');
        const { rows } = await observer.query<{ pid: number }>(
          "SELECT pid FROM pg_stat_activity WHERE application_name = 'platform-jobs-setup' AND state = 'idle' AND EXISTS (SELECT FROM pg_stat_activity w WHERE w.application_name = 'platform-jobs' AND w.wait_event_type = 'Lock')",
        );
        return rows[0]?.pid;
      };
      const pid = await eventually(lockHolder, 10_000);
      await observer.query('SELECT pg_terminate_backend($1)', [pid]);
      await sleep(200);
      await observer.query('COMMIT');
      queues.push(await starting);
    } finally {
      await observer.end();
    }
  });
});
