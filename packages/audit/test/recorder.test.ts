// The background recorder on a real PostgreSQL: load, throughput, backpressure, retries, outages, shutdown.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPrismaClient, migrateDatabase, openDatabase, type PrismaClient } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEntry, type AuditLogger, AuditRecorder, verifyAuditChain } from '../src/index.ts';

let database: FreshDatabase;
let prisma: PrismaClient;

function entry(tenantId: string, index: number): AuditEntry {
  return {
    tenantId,
    requestId: `req_${index.toString().padStart(8, '0')}`,
    surface: index % 2 ? 'graphql' : 'rest',
    action: index % 2 ? 'graphql query ListItems' : 'GET /v1/inventory/items',
    method: index % 2 ? 'POST' : 'GET',
    path: index % 2 ? '/graphql' : '/v1/inventory/items',
    operationName: index % 2 ? 'ListItems' : null,
    status: index % 7 === 0 ? 429 : 200,
    durationMs: (index % 1000) / 7,
    actor: { type: 'oauth_client', id: 'cli_load', credentialId: 'jti_load' },
    clientAddress: '127.0.0.1',
  };
}

async function countAndSeqs(tenantId: string): Promise<{ count: number; contiguous: boolean }> {
  const rows = await prisma.auditRecord.findMany({ where: { tenant_id: tenantId }, select: { seq: true }, orderBy: { seq: 'asc' } });
  return { count: rows.length, contiguous: rows.every((row, i) => row.seq === BigInt(i + 1)) };
}

function recordingLogger() {
  const errors: { details: object; message: string }[] = [];
  const warnings: { details: object; message: string }[] = [];
  const logger: AuditLogger = { error: (details, message) => errors.push({ details, message }), warn: (details, message) => warnings.push({ details, message }) };
  return { logger, errors, warnings };
}

/** Measures one run: `count` records queued as fast as the recorder lets the caller go, then drained. */
async function load(recorder: AuditRecorder, count: number, tenantOf: (index: number) => string) {
  const recordNanos: bigint[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i += 1) {
    const before = process.hrtime.bigint();
    const accepted = recorder.record(entry(tenantOf(i), i));
    recordNanos.push(process.hrtime.bigint() - before);
    await accepted;
  }
  const queuedAfterMs = performance.now() - started;
  await recorder.flush();
  const totalMs = performance.now() - started;
  const sorted = recordNanos.map(Number).sort((a, b) => a - b);
  return {
    perSecond: Math.round((count / totalMs) * 1000),
    queuedAfterMs: Math.round(queuedAfterMs),
    totalMs: Math.round(totalMs),
    recordCallP50Us: Math.round(sorted[Math.floor(sorted.length * 0.5)]! / 100) / 10,
    recordCallP99Us: Math.round(sorted[Math.floor(sorted.length * 0.99)]! / 100) / 10,
  };
}

beforeAll(async () => {
  database = await freshDatabase({ prefix: 'audit_recorder' });
  await migrateDatabase(database.url);
  prisma = createPrismaClient(database.url, 10);
});

afterAll(async () => {
  await prisma?.$disconnect();
  await database?.dispose();
});

describe('AuditRecorder', () => {
  it('persists 10,000 records queued at once for one tenant, in one gapless chain', async () => {
    const { logger, errors } = recordingLogger();
    const recorder = new AuditRecorder(prisma, { logger });
    const result = await load(recorder, 10_000, () => 'ten_load');
    await recorder.close();
    process.stdout.write(`audit recorder, 1 tenant: ${JSON.stringify(result)}\n`);

    expect(errors).toEqual([]);
    expect(recorder.written).toBe(10_000);
    expect(await countAndSeqs('ten_load')).toEqual({ count: 10_000, contiguous: true });
    const [report] = await verifyAuditChain(prisma, 'ten_load');
    expect(report).toMatchObject({ records: 10_000, ok: true, lastSeq: 10_000 });
  });

  it('persists 10,000 records spread over 100 tenants, each chain gapless', async () => {
    const recorder = new AuditRecorder(prisma);
    const tenants = Array.from({ length: 100 }, (_, i) => `ten_spread_${i.toString().padStart(3, '0')}`);
    const result = await load(recorder, 10_000, (i) => tenants[i % tenants.length]!);
    await recorder.close();
    process.stdout.write(`audit recorder, 100 tenants: ${JSON.stringify(result)}\n`);

    for (const tenant of tenants) expect(await countAndSeqs(tenant)).toEqual({ count: 100, contiguous: true });
    const reports = (await verifyAuditChain(prisma)).filter((report) => report.tenantId.startsWith('ten_spread_'));
    expect(reports).toHaveLength(100);
    expect(reports.every((report) => report.ok && report.records === 100)).toBe(true);
  });

  it('makes callers wait past the high-water mark and drops nothing', async () => {
    const recorder = new AuditRecorder(prisma, { highWaterMark: 100, lowWaterMark: 20, batchSize: 50, flushIntervalMs: 5 });
    const promises = Array.from({ length: 300 }, (_, i) => recorder.record(entry('ten_backpressure', i)));
    const settled = new Set<number>();
    promises.forEach((promise, i) => void promise.then(() => settled.add(i)));
    await Promise.resolve();
    await Promise.resolve();
    // The first 99 were accepted at once; from the 100th on, callers wait for the queue to drain.
    expect([...settled].sort((a, b) => a - b)).toEqual(Array.from({ length: 99 }, (_, i) => i));
    expect(recorder.pending).toBe(300);
    await Promise.all(promises);
    expect(recorder.pending).toBeLessThanOrEqual(20);
    await recorder.close();
    expect(await countAndSeqs('ten_backpressure')).toEqual({ count: 300, contiguous: true });
  });

  it('retries failed writes, logging each failure, without losing or duplicating records', async () => {
    let failuresLeft = 3;
    // A client whose transactions fail three times (the database unreachable, say), then work.
    const flaky = new Proxy(prisma, {
      get(target, property, receiver) {
        if (property === '$transaction') {
          return (...args: Parameters<PrismaClient['$transaction']>) => {
            if (failuresLeft > 0) {
              failuresLeft -= 1;
              return Promise.reject(new Error('connection refused'));
            }
            return (target.$transaction as (...a: unknown[]) => unknown)(...args);
          };
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const { logger, errors, warnings } = recordingLogger();
    const recorder = new AuditRecorder(flaky, { logger, retryDelayMs: 10, flushIntervalMs: 1 });
    for (let i = 0; i < 120; i += 1) await recorder.record(entry('ten_flaky', i));
    await recorder.close();

    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatchObject({ message: 'audit records could not be written; retrying', details: { records: 120, attempt: 1, retry_in_ms: 10 } });
    expect(errors[2]!.details).toMatchObject({ attempt: 3, retry_in_ms: 40 });
    expect(warnings).toHaveLength(1);
    expect(await countAndSeqs('ten_flaky')).toEqual({ count: 120, contiguous: true });
    const requestIds = (await prisma.auditRecord.findMany({ where: { tenant_id: 'ten_flaky' }, orderBy: { seq: 'asc' } })).map((row) => row.request_id);
    expect(requestIds).toEqual(Array.from({ length: 120 }, (_, i) => entry('x', i).requestId));
  });

  it('never holds a caller longer than maxWaitMs while its database is down, bounds its queue, and writes what it kept once the database is back', async () => {
    // A server of the test's own, stopped under the recorder and started again on the same port.
    const dataDir = await mkdtemp(join(tmpdir(), 'audit-outage-'));
    let server = await openDatabase({ dataDir });
    const port = Number(new URL(server.url).port);
    await migrateDatabase(server.url);
    const client = createPrismaClient(server.url, { poolSize: 2, timeouts: { connectMs: 300, statementMs: 1_000 } });
    const { logger, errors } = recordingLogger();
    const recorder = new AuditRecorder(client, { logger, highWaterMark: 10, lowWaterMark: 5, maxQueued: 50, maxWaitMs: 200, batchSize: 10, retryDelayMs: 50, maxRetryDelayMs: 200 });
    try {
      await server.stop();
      const started = performance.now();
      await Promise.all(Array.from({ length: 60 }, (_, i) => recorder.record(entry('ten_outage', i))));
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(recorder.pending).toBe(50);
      expect(recorder.dropped).toBe(10);
      expect(errors.some((error) => error.message.startsWith('audit queue full'))).toBe(true);

      server = await openDatabase({ dataDir, port });
      await recorder.flush();
      expect(recorder.written).toBe(50);
      const requestIds = (await client.auditRecord.findMany({ where: { tenant_id: 'ten_outage' }, orderBy: { seq: 'asc' } })).map((row) => row.request_id);
      expect(requestIds).toEqual(Array.from({ length: 50 }, (_, i) => entry('x', i).requestId));
      expect(errors).toContainEqual({ message: 'audit records were dropped while the queue was full', details: { dropped: 10 } });
    } finally {
      await recorder.close();
      await client.$disconnect();
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('writes a lone record after the flush interval, without flush()', async () => {
    const recorder = new AuditRecorder(prisma, { flushIntervalMs: 20 });
    await recorder.record(entry('ten_interval', 1));
    expect(recorder.pending).toBe(1);
    await expect.poll(() => recorder.written, { timeout: 2_000, interval: 10 }).toBe(1);
    expect(await countAndSeqs('ten_interval')).toEqual({ count: 1, contiguous: true });
    await recorder.close();
  });

  it('refuses records after close() and rejects invalid entries at once', async () => {
    const recorder = new AuditRecorder(prisma);
    expect(() => recorder.record({ ...entry('ten_closed', 1), surface: 'smtp' as never })).toThrow(TypeError);
    await recorder.close();
    await expect(recorder.record(entry('ten_closed', 2))).rejects.toThrow('closed');
    expect(await countAndSeqs('ten_closed')).toEqual({ count: 0, contiguous: true });
  });
});
