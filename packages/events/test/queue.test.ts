import { createLogger } from '@platform/config';
import { migrateDatabase } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_QUEUES } from '../src/bus.ts';
import { type JobQueue, startJobQueue } from '../src/queue.ts';

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
});
