import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type PrismaClient, createPrismaClient, openDatabase } from '@platform/db';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_WITHIN_MS, FAULT_PLATFORM_ENV, HANG_MS, LOAD_CLIENTS, type OrderingTenant, expectFaultAnswers, expectWebhooksDelivered, expectWritesRecorded, orderingTenant, serverProcesses, signalAll, startLoad, untilRecovered } from '../support/database-faults.ts';
import { embeddedServerPid, stopEmbeddedServer } from '../support/embedded-postgres.ts';
import { type Receiver, startReceiver } from '../support/events.ts';
import { type PlatformProcess, spawnPlatform } from '../support/platform-process.ts';

/**
 * The platform's own embedded PostgreSQL fails under a load of reads and writes (REST and
 * GraphQL): its server process is killed (SIGKILL), and later frozen (SIGSTOP) for longer than
 * any request may wait. While it cannot answer, every request gets a 503 problem
 * `database_unavailable` with `Retry-After` within 5 s (no 500, no hang); the platform restarts
 * the killed server and serves again, without being restarted itself; every write it
 * acknowledged has its audit record and its `order.created` event, and that event reaches the
 * tenant's webhook endpoint (the job queue outlived the fault).
 */

const FROZEN_MS = 8_000;

describe('the embedded database killed and frozen under load', () => {
  let dataDir: string;
  let platform: PlatformProcess;
  let prisma: PrismaClient;
  let tenant: OrderingTenant;
  let receiver: Receiver;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'database-faults-'));
    platform = await spawnPlatform({ ...FAULT_PLATFORM_ENV, DATA_DIR: dataDir, DATABASE_URL: undefined });
    // Joins the server the platform started, as the operator command line does.
    prisma = createPrismaClient((await openDatabase({ dataDir })).url, 2);
    receiver = await startReceiver();
    tenant = await orderingTenant(platform.url, prisma, receiver.url);
  }, 120_000);
  afterEach(({ task }) => {
    // A failure's cause is often in what the platform printed: a crash, a restart of its server that failed.
    if (task.result?.state === 'fail') process.stdout.write(`platform (exit code ${platform?.child.exitCode}, signal ${platform?.child.signalCode}) printed, last 8,000 characters:\n${platform?.output().slice(-8_000)}\n`);
  });
  afterAll(async () => {
    await platform?.stop();
    await prisma?.$disconnect();
    if (dataDir) {
      await stopEmbeddedServer(dataDir);
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('answers 503 with Retry-After while the killed server is down, restarts it and serves again', async ({ annotate }) => {
    const pidBefore = (await embeddedServerPid(dataDir)) as number;
    expect(pidBefore).toBeDefined();
    const load = startLoad(platform.url, tenant, { clients: LOAD_CLIENTS, timeoutMs: HANG_MS });
    try {
      await load.until((outcomes) => outcomes.filter((outcome) => outcome.status === 201).length >= 5, 30_000, 'orders created before the fault');
      const killedAt = load.elapsed();
      process.kill(pidBefore, 'SIGKILL');
      const recoveredAt = await untilRecovered(load, killedAt, 60_000);
      await sleep(500);
      await load.stop();

      const refusals = expectFaultAnswers(load, killedAt, ANSWER_WITHIN_MS);
      // The platform was not restarted; its database server was, on the same data folder.
      expect(platform.child.exitCode).toBeNull();
      const pidAfter = await embeddedServerPid(dataDir);
      expect(pidAfter).toBeDefined();
      expect(pidAfter).not.toBe(pidBefore);
      const writes = await expectWritesRecorded(prisma, tenant, load);
      const deliveredMs = await expectWebhooksDelivered(receiver, load, 60_000);
      const slowest = Math.max(...refusals.map((outcome) => outcome.durationMs));
      await annotate(
        `${load.outcomes.length} requests, ${writes} orders acknowledged; after the kill ${refusals.length} refusals (503), the slowest in ${slowest} ms; ` +
          `every kind served again ${recoveredAt - killedAt} ms after the kill; every order's webhook delivered ${deliveredMs} ms after the load ended`,
      );
    } finally {
      await load.stop();
    }
  }, 120_000);

  it('answers 503 with Retry-After within 5 s while the server is frozen, and serves again once it resumes', async ({ annotate }) => {
    const pid = (await embeddedServerPid(dataDir)) as number;
    const load = startLoad(platform.url, tenant, { clients: LOAD_CLIENTS, timeoutMs: HANG_MS });
    let frozen: number[] = [];
    try {
      await load.until((outcomes) => outcomes.filter((outcome) => outcome.status === 201).length >= 5, 30_000, 'orders created before the fault');
      const frozenAt = load.elapsed();
      frozen = await serverProcesses(pid);
      signalAll(frozen, 'SIGSTOP');
      // Frozen for longer than any of the platform's bounds on a wait.
      await load.until((outcomes) => load.elapsed() >= frozenAt + FROZEN_MS && outcomes.filter((outcome) => outcome.sentAt >= frozenAt && outcome.status === 503).length >= LOAD_CLIENTS * 2, 30_000, 'refusals while frozen');
      const resumedAt = load.elapsed();
      signalAll(frozen, 'SIGCONT');
      frozen = [];
      const recoveredAt = await untilRecovered(load, frozenAt, 60_000);
      await sleep(500);
      await load.stop();

      const refusals = expectFaultAnswers(load, frozenAt, ANSWER_WITHIN_MS);
      expect(platform.child.exitCode).toBeNull();
      await expectWritesRecorded(prisma, tenant, load);
      const deliveredMs = await expectWebhooksDelivered(receiver, load, 60_000);
      const slowest = Math.max(...refusals.map((outcome) => outcome.durationMs));
      await annotate(
        `${load.outcomes.length} requests; frozen for ${resumedAt - frozenAt} ms: ${refusals.length} refusals (503), the slowest in ${slowest} ms; ` +
          `every kind served again ${recoveredAt - resumedAt} ms after it resumed; every order's webhook delivered ${deliveredMs} ms after the load ended`,
      );
    } finally {
      signalAll(frozen, 'SIGCONT');
      await load.stop();
    }
  }, 120_000);
});
