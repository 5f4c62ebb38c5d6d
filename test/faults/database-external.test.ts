import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Database, type PrismaClient, createPrismaClient, openDatabase } from '@platform/db';
import { freePort } from '@platform/rate-limit/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_WITHIN_MS, FAULT_PLATFORM_ENV, HANG_MS, LOAD_CLIENTS, type OrderingTenant, expectFaultAnswers, expectWebhooksDelivered, expectWritesRecorded, orderingTenant, startLoad, untilRecovered } from '../support/database-faults.ts';
import { type Receiver, startReceiver } from '../support/events.ts';
import { type PlatformProcess, spawnPlatform } from '../support/platform-process.ts';

/**
 * An external database (`DATABASE_URL`: here a PostgreSQL server of the test's own, on a fixed
 * port) is shut down under a load of reads and writes and started again a few seconds later.
 * Meanwhile every request gets a 503 problem `database_unavailable` with `Retry-After` within
 * 5 s; afterwards the platform serves again by itself, and every write it acknowledged has its
 * audit record and its `order.created` event, delivered to the tenant's webhook endpoint.
 */

/** How long the database stays down. */
const DOWN_MS = 4_000;

describe('an external database stopped and started again under load', () => {
  let platformDir: string;
  let serverDir: string;
  let port: number;
  let server: Database;
  let platform: PlatformProcess;
  let prisma: PrismaClient;
  let tenant: OrderingTenant;
  let receiver: Receiver;

  beforeAll(async () => {
    platformDir = await mkdtemp(join(tmpdir(), 'external-platform-'));
    serverDir = await mkdtemp(join(tmpdir(), 'external-database-'));
    port = await freePort();
    server = await openDatabase({ dataDir: serverDir, port });
    platform = await spawnPlatform({ ...FAULT_PLATFORM_ENV, DATA_DIR: platformDir, DATABASE_URL: server.url });
    prisma = createPrismaClient(server.url, 2);
    receiver = await startReceiver();
    tenant = await orderingTenant(platform.url, prisma, receiver.url);
  }, 120_000);
  afterEach(({ task }) => {
    // A failure's cause is often in what the platform printed: a crash, a start that failed.
    if (task.result?.state === 'fail') process.stdout.write(`platform (exit code ${platform?.child.exitCode}, signal ${platform?.child.signalCode}) printed, last 8,000 characters:\n${platform?.output().slice(-8_000)}\n`);
  });
  afterAll(async () => {
    await platform?.stop();
    await prisma?.$disconnect();
    await server?.stop();
    for (const dir of [platformDir, serverDir]) if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After while the database is down and serves again once it is back', async ({ annotate }) => {
    const load = startLoad(platform.url, tenant, { clients: LOAD_CLIENTS, timeoutMs: HANG_MS });
    try {
      await load.until((outcomes) => outcomes.filter((outcome) => outcome.status === 201).length >= 5, 30_000, 'orders created before the fault');
      const stoppedAt = load.elapsed();
      // A fast shutdown: sessions are ended (57P01), then new connections are refused.
      await server.stop();
      await sleep(DOWN_MS);
      // Not ready while the database is unreachable (an orchestrator stops sending traffic here), alive all along.
      const readiness = await fetch(`${platform.url}/readyz`);
      expect(readiness.status).toBe(503);
      expect(((await readiness.json()) as { code: string }).code).toBe('database_unavailable');
      expect((await fetch(`${platform.url}/healthz`)).status).toBe(200);
      const startedAt = load.elapsed();
      server = await openDatabase({ dataDir: serverDir, port });
      const recoveredAt = await untilRecovered(load, stoppedAt, 60_000);
      expect((await fetch(`${platform.url}/readyz`)).status).toBe(200);
      await sleep(500);
      await load.stop();

      const refusals = expectFaultAnswers(load, stoppedAt, ANSWER_WITHIN_MS);
      expect(refusals.length).toBeGreaterThanOrEqual(LOAD_CLIENTS);
      expect(platform.child.exitCode).toBeNull();
      const writes = await expectWritesRecorded(prisma, tenant, load);
      const deliveredMs = await expectWebhooksDelivered(receiver, load, 60_000);
      const slowest = Math.max(...refusals.map((outcome) => outcome.durationMs));
      await annotate(
        `${load.outcomes.length} requests, ${writes} orders acknowledged; database down ${startedAt - stoppedAt} ms: ${refusals.length} refusals (503), the slowest in ${slowest} ms; ` +
          `every kind served again ${recoveredAt - startedAt} ms after it started; every order's webhook delivered ${deliveredMs} ms after the load ended`,
      );
    } finally {
      await load.stop();
    }
  }, 120_000);
});
