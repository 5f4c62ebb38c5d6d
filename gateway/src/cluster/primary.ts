import cluster from 'node:cluster';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger, PlatformConfig } from '@platform/config';
import { createPrismaClient, migrateDatabase, openDatabase } from '@platform/db';
import { serveClusterRateLimits } from '@platform/rate-limit';
import { type DemoSeed, seedDemoIfEmpty } from '../seed/demo.ts';
import { isClusterMessage, relayBroadcasts } from './channel.ts';

export interface Fleet {
  /** Where the workers serve. */
  url: string;
  /** Set when this start seeded an empty database with the demo account. */
  demo: DemoSeed | undefined;
  stop(): Promise<void>;
}

/** A worker that dies this soon after it was forked counts as a failed start: the next waits longer. */
const FIRST_RESTART_DELAY_MS = 250;
const MAX_RESTART_DELAY_MS = 10_000;
const STABLE_RUN_MS = 30_000;
const START_ATTEMPTS = 3;

/**
 * The primary process of `npm start` with several workers (`WORKERS`, the machine's cores by
 * default): it owns what there is one of per machine, and forks the workers that serve.
 * - The database: the embedded PostgreSQL is started (or the external one joined) and migrated
 *   here once; the workers join it by its URL. The demo account is seeded here once.
 * - Rate-limit counters without Redis (rate-limiter-flexible's cluster master), so the limits of
 *   a tenant hold across workers exactly; and the relay of broadcasts between workers (live
 *   events, revoked tokens).
 * - The workers: each runs the whole platform (edge, subgraphs, job workers) on the same port
 *   (node:cluster hands connections out in turn); a worker that dies is replaced, with a growing
 *   delay while they keep dying at start. Stopping drains every worker, then the database.
 */
export async function startFleet(config: PlatformConfig, logger: Logger): Promise<Fleet> {
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, log: (message, level = 'debug') => logger[level]({ component: 'postgres' }, message) });
  let stopping = false;
  try {
    await migrateDatabase(database.url, (message) => logger.debug({ component: 'migrate' }, message));
    let demo: DemoSeed | undefined;
    if (config.seedDemo) {
      const prisma = createPrismaClient(database.url, 1);
      try {
        demo = await seedDemoIfEmpty(prisma);
      } finally {
        await prisma.$disconnect();
      }
    }
    if (!config.redisUrl) serveClusterRateLimits();
    relayBroadcasts();

    const environment = { ...process.env, DATABASE_URL: database.url, SEED_DEMO: 'false' };
    // One slot per worker, for the life of the fleet: a worker that dies is replaced, after a delay
    // that grows while replacements keep dying soon after they start. A slot whose first workers
    // die START_ATTEMPTS times before one is ready fails the start (a machine too busy to answer
    // in time is retried; a broken configuration is not retried forever).
    const serveSlot = (): Promise<string> =>
      new Promise<string>((resolve, reject) => {
        let restartDelay = FIRST_RESTART_DELAY_MS;
        let failedStarts = 0;
        let served = false;
        const fork = () => {
          const worker = cluster.fork(environment);
          const forkedAt = Date.now();
          worker.on('message', (message: unknown) => {
            if (!isClusterMessage(message) || message.platform !== 'ready') return;
            served = true;
            resolve(message.url);
          });
          worker.once('exit', (code, signal) => {
            if (stopping) return;
            if (!served && ++failedStarts >= START_ATTEMPTS) return reject(new Error(`${START_ATTEMPTS} workers in a row exited before they were ready (the last: ${signal ?? code})`));
            restartDelay = Date.now() - forkedAt > STABLE_RUN_MS ? FIRST_RESTART_DELAY_MS : Math.min(restartDelay * 2, MAX_RESTART_DELAY_MS);
            logger.error({ worker: worker.process.pid, code, signal, restart_in_ms: restartDelay }, 'a worker exited unexpectedly; replacing it');
            void sleep(restartDelay).then(() => stopping || fork());
          });
        };
        fork();
      });
    const [url] = await Promise.all(Array.from({ length: config.workers }, serveSlot));
    logger.info({ url, workers: config.workers, database: database.owned ? 'embedded' : 'external' }, 'platform ready');
    return {
      url: url as string,
      demo,
      stop: async () => {
        stopping = true;
        // Each worker drains its requests and stops its jobs (bounded by DRAIN_TIMEOUT_SECONDS), then exits.
        await Promise.all(
          Object.values(cluster.workers ?? {}).map(
            (worker) =>
              new Promise<void>((resolve) => {
                if (!worker || worker.isDead()) return resolve();
                worker.once('exit', () => resolve());
                worker.process.kill('SIGTERM');
              }),
          ),
        );
        await database.stop();
      },
    };
  } catch (error) {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
    await database.stop();
    throw error;
  }
}
