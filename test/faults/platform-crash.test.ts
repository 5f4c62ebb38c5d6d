import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type PrismaClient, createPrismaClient, openDatabase } from '@platform/db';
import { freePort } from '@platform/rate-limit/testing';
import { createOAuthClient, createTenantPair } from '@platform/subgraph-identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedServerPid, stopEmbeddedServer } from '../support/embedded-postgres.ts';
import { json } from '../support/fixtures.ts';
import type { StockItem } from '../support/inventory.ts';
import { type PlatformProcess, spawnPlatform } from '../support/platform-process.ts';
import { type Answer, sendUntilAnswered } from '../support/retrying-client.ts';

/**
 * Idempotent writes across a crash. A platform runs as `npm start` runs it, on its own embedded
 * PostgreSQL; ten clients adjust stock (a write that is wrong if applied twice), each logical
 * write with its own `Idempotency-Key`, retrying until they get a definitive answer. Mid-load the
 * platform is frozen (SIGSTOP) until a write is caught between its commit and its stored
 * outcome, the narrowest window of a crash, and killed there (SIGKILL). A new platform starts on
 * the same data folder and port, and the clients carry on. Every write must then be applied
 * exactly once and acknowledged, and every key replay the acknowledged response.
 */

const WRITERS = 10;
const WRITES_PER_WRITER = 10;
const ITEMS = 4;
/** The crash is looked for once this many writes were acknowledged. */
const CRASH_AFTER = 30;
const INITIAL_STOCK = 1000;

interface LogicalWrite {
  key: string;
  itemId: string;
  quantity: number;
}

describe('Idempotency-Key retries across a crash of the platform (SIGKILL under write load)', () => {
  let dataDir: string;
  let prisma: PrismaClient;
  let env: Record<string, string | undefined>;
  const instances: PlatformProcess[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'crash-'));
    const port = await freePort();
    // The embedded database of DATA_DIR (not the test run's DATABASE_URL), on a fixed port: the restarted platform is the same address to its clients.
    env = { DATA_DIR: dataDir, DATABASE_URL: undefined, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, SEED_DEMO: 'false' };
    instances.push(await spawnPlatform(env));
    // Joins the server the platform started (the operator command line does the same).
    const database = await openDatabase({ dataDir });
    prisma = createPrismaClient(database.url, 2);
  }, 120_000);
  afterAll(async () => {
    for (const instance of instances) await instance.stop();
    await prisma?.$disconnect();
    if (dataDir) {
      await stopEmbeddedServer(dataDir);
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('applies every write exactly once and answers every retried key with the acknowledged response', async ({ annotate }) => {
    const first = instances[0] as PlatformProcess;
    const baseUrl = first.url;
    const { production } = await createTenantPair(prisma, { name: 'Crash test', plan: 'enterprise' });
    const tenantId = production.id;
    const client = await createOAuthClient(prisma, { tenantId, scopes: ['inventory:read', 'inventory:write'] });
    const token = await json<{ access_token: string }>(
      await fetch(`${baseUrl}/v1/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret }),
      }),
    );
    const headers = { authorization: `Bearer ${token.access_token}`, 'x-service-tenant': tenantId, 'content-type': 'application/json' };
    const post = (path: string, body: unknown) => fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });

    const warehouse = await json<{ id: string }>(await post('/v1/inventory/warehouses', { name: 'Crash' }), 201);
    const itemIds = Array.from({ length: ITEMS }, (_, index) => `CRASH-${index}`);
    for (const id of itemIds) await json(await post('/v1/inventory/items', { id, name: `Crash ${id}`, quantity_on_hand: INITIAL_STOCK, reorder_point: 0, warehouse_id: warehouse.id }), 201);

    // The key is also the movement's reason, so the database shows how often each write was applied.
    const writes: LogicalWrite[] = Array.from({ length: WRITERS * WRITES_PER_WRITER }, (_, index) => ({
      key: `crash-${Math.floor(index / WRITES_PER_WRITER)}-${index % WRITES_PER_WRITER}`,
      itemId: itemIds[index % ITEMS] as string,
      quantity: 1 + (index % 3),
    }));
    const send = (write: LogicalWrite, retries: boolean) => {
      const url = `${baseUrl}/v1/inventory/items/${write.itemId}/adjust`;
      const init = { method: 'POST', headers: { ...headers, 'idempotency-key': write.key }, body: JSON.stringify({ quantity: write.quantity, reason: write.key }) };
      return sendUntilAnswered(url, init, { deadlineMs: retries ? 100_000 : 0 });
    };

    const answers = new Map<string, Answer>();
    let crash: Promise<CrashReport> | undefined;
    const writers = Array.from({ length: WRITERS }, async (_, writer) => {
      for (const write of writes.slice(writer * WRITES_PER_WRITER, (writer + 1) * WRITES_PER_WRITER)) {
        answers.set(write.key, await send(write, true));
        if (answers.size >= CRASH_AFTER && !crash) crash = crashBetweenCommitAndOutcome(first, prisma, tenantId);
      }
    });
    // The restart begins as soon as the first platform is dead; the writers meanwhile retry against a closed port.
    const restarted = (async () => {
      while (!crash) await sleep(20);
      const report = await crash;
      // SIGKILL reaches the Node process only: its PostgreSQL lives on, and the next platform joins it.
      expect(await embeddedServerPid(dataDir)).toBeDefined();
      const started = performance.now();
      instances.push(await spawnPlatform(env));
      return { ...report, restartMs: Math.round(performance.now() - started) };
    })();
    await Promise.all(writers);
    const { probes, committedNotStored, inFlight, restartMs } = await restarted;
    // The crash hit writes in every state: a write committed without its outcome stored, and others in flight.
    expect(committedNotStored).toBeGreaterThan(0);
    expect(inFlight).toBeGreaterThan(committedNotStored);

    // Every write was answered 200: by its execution, by the replay of its stored outcome, or rebuilt from the change it committed before the crash.
    const unanswered = writes.filter((write) => answers.get(write.key)?.status !== 200);
    expect(unanswered.map((write) => `${write.key}: ${answers.get(write.key)?.status} ${answers.get(write.key)?.body}`)).toEqual([]);

    // Every write applied exactly once: one adjustment movement per key, and stock levels that add up.
    const movements = await prisma.stockMovement.findMany({ where: { tenant_id: tenantId, kind: 'adjustment' }, select: { reason: true, quantity_after: true } });
    const appliedTimes = new Map<string | null, number>();
    for (const movement of movements) appliedTimes.set(movement.reason, (appliedTimes.get(movement.reason) ?? 0) + 1);
    expect(writes.filter((write) => appliedTimes.get(write.key) !== 1).map((write) => `${write.key} applied ${appliedTimes.get(write.key) ?? 0} times`)).toEqual([]);
    expect(appliedTimes.size).toBe(writes.length);
    // Each answer shows the stock as its own write left it (one warehouse per item), however it was answered.
    const stockAfter = new Map(movements.map((movement) => [movement.reason, movement.quantity_after]));
    expect(writes.filter((write) => (JSON.parse((answers.get(write.key) as Answer).body) as StockItem).quantity_on_hand !== stockAfter.get(write.key)).map((write) => write.key)).toEqual([]);
    for (const id of itemIds) {
      const expected = INITIAL_STOCK + writes.filter((write) => write.itemId === id).reduce((sum, write) => sum + write.quantity, 0);
      const item = await json<StockItem>(await fetch(`${baseUrl}/v1/inventory/items/${id}`, { headers }));
      expect(item.quantity_on_hand, id).toBe(expected);
    }

    // Each key now replays the response its client acknowledged.
    for (const write of writes) {
      const replay = await send(write, false);
      const answer = answers.get(write.key) as Answer;
      expect({ key: write.key, status: replay.status, replayed: replay.replayed, body: replay.body }).toEqual({ key: write.key, status: 200, replayed: true, body: answer.body });
    }

    const retried = [...answers.values()].filter((answer) => answer.attempts > 1);
    const setbacks = new Map<string, number>();
    for (const setback of retried.flatMap((answer) => answer.setbacks)) setbacks.set(setback, (setbacks.get(setback) ?? 0) + 1);
    await annotate(
      `${writes.length} writes by ${WRITERS} clients; crash after ${probes} freeze probes with ${inFlight} keys in flight, ${committedNotStored} of them committed without a stored outcome; ` +
        `restart ${restartMs} ms; ${retried.length} writes retried (${[...setbacks].map(([what, count]) => `${what} ×${count}`).join(', ')}), ` +
        `${retried.filter((answer) => answer.replayed).length} answered by a replay; longest ${Math.max(...retried.map((answer) => answer.attempts))} attempts`,
    );
  }, 240_000);
});

interface CrashReport {
  probes: number;
  /** Keys whose write had committed but whose outcome was not stored when the platform died. */
  committedNotStored: number;
  /** Keys claimed by requests that had not finished when the platform died. */
  inFlight: number;
}

/**
 * Freezes the platform (SIGSTOP) at arbitrary moments until one write is between the commit of
 * its change and the storing of its outcome, then kills it there (SIGKILL). Frozen, the process
 * cannot move on, so what the database shows is what a crash at that instant leaves behind.
 */
async function crashBetweenCommitAndOutcome(platform: PlatformProcess, prisma: PrismaClient, tenantId: string): Promise<CrashReport> {
  const MAX_PROBES = 500;
  for (let probes = 1; probes <= MAX_PROBES; probes++) {
    platform.child.kill('SIGSTOP');
    const [state] = await prisma.$queryRaw<Array<{ committed_not_stored: number; in_flight: number }>>`
      SELECT count(*) FILTER (WHERE EXISTS (SELECT 1 FROM stock_movements m WHERE m.tenant_id = k.tenant_id AND m.reason = k.key))::int AS committed_not_stored,
             count(*)::int AS in_flight
      FROM idempotency_keys k WHERE k.tenant_id = ${tenantId} AND NOT k.completed`;
    if (state && state.committed_not_stored > 0) {
      await platform.kill('SIGKILL');
      return { probes, committedNotStored: state.committed_not_stored, inFlight: state.in_flight };
    }
    platform.child.kill('SIGCONT');
    await sleep(5 + Math.random() * 20);
  }
  throw new Error(`no write was caught between its commit and its stored outcome in ${MAX_PROBES} probes`);
}
