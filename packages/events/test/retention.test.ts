import { createTenantPair } from '@platform/subgraph-identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredEvents } from '../src/retention.ts';
import { type BusHarness, startBus } from './support.ts';

/**
 * The event log's retention: events older than the retention period go, in bounded batches, with
 * their delivery log; events with a delivery still pending stay; and the log stays append-only for
 * everything else.
 */

const DAY_MS = 86_400_000;
const source = { type: 'platform' };

describe('event log retention', () => {
  let harness: BusHarness;
  let otherTenantId: string;

  beforeAll(async () => {
    harness = await startBus({ eventRetentionDays: 30 });
    otherTenantId = (await createTenantPair(harness.prisma, { name: 'Other', plan: 'enterprise' })).production.id;
  });
  afterAll(() => harness?.stop());

  const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
  async function insertEvents(tenantId: string, prefix: string, count: number, occurredAt: Date): Promise<string[]> {
    const ids = Array.from({ length: count }, (_, index) => `evt_${prefix}_${index}`);
    await harness.prisma.event.createMany({ data: ids.map((id) => ({ tenant_id: tenantId, id, type: 'custom.kept', data: {}, source, occurred_at: occurredAt })) });
    return ids;
  }
  const remaining = async (ids: string[]) => (await harness.prisma.event.findMany({ where: { id: { in: ids } }, select: { id: true } })).map((event) => event.id).sort();

  it('deletes expired events of every tenant in bounded batches, with their deliveries, and keeps recent ones and those with a pending delivery', async () => {
    const { id: endpointId } = await harness.endpoint('http://127.0.0.1:9/hooks', ['custom.kept']);
    const expired = [...(await insertEvents(harness.tenantId, 'old', 25, daysAgo(40))), ...(await insertEvents(otherTenantId, 'other_old', 3, daysAgo(31)))];
    const [delivered] = await insertEvents(harness.tenantId, 'old_delivered', 1, daysAgo(40));
    const [pending] = await insertEvents(harness.tenantId, 'old_pending', 1, daysAgo(40));
    const recent = [...(await insertEvents(harness.tenantId, 'recent', 1, daysAgo(29))), ...(await insertEvents(harness.tenantId, 'new', 1, new Date()))];
    await harness.prisma.webhookDelivery.create({ data: { tenant_id: harness.tenantId, id: 'wd_delivered', endpoint_id: endpointId, event_id: delivered as string, status: 'succeeded', attempt_count: 1 } });
    await harness.prisma.webhookAttempt.create({ data: { tenant_id: harness.tenantId, id: 'wa_delivered', delivery_id: 'wd_delivered', response_status: 200, duration_ms: 3 } });
    await harness.prisma.webhookDelivery.create({ data: { tenant_id: harness.tenantId, id: 'wd_pending', endpoint_id: endpointId, event_id: pending as string, status: 'pending', next_attempt_at: new Date(Date.now() + 3_600_000) } });

    // 30 expired events, 10 per batch: two batches stop short of the end, and say so.
    expect(await deleteExpiredEvents(harness.prisma, { retentionDays: 30, batchSize: 10, maxBatches: 2 })).toEqual({ deleted: 20, more: true });
    expect(await deleteExpiredEvents(harness.prisma, { retentionDays: 30, batchSize: 10, maxBatches: 2 })).toEqual({ deleted: 9, more: false });
    expect(await remaining([...expired, delivered as string])).toEqual([]);
    expect(await harness.prisma.webhookDelivery.count({ where: { id: 'wd_delivered' } })).toBe(0);
    expect(await harness.prisma.webhookAttempt.count({ where: { id: 'wa_delivered' } })).toBe(0);
    expect(await remaining([pending as string, ...recent])).toEqual([pending as string, ...recent].sort());

    // Once its delivery is over, the event with the pending delivery goes at the bus's next run.
    await harness.prisma.webhookDelivery.update({ where: { tenant_id_id: { tenant_id: harness.tenantId, id: 'wd_pending' } }, data: { status: 'failed', next_attempt_at: null } });
    expect(await harness.bus.applyRetention()).toBe(1);
    expect(await remaining([pending as string, ...recent])).toEqual([...recent].sort());
  });

  it('schedules the retention hourly in the job queue', async () => {
    const schedules = await harness.prisma.$queryRaw<Array<{ name: string; cron: string }>>`SELECT name, cron FROM pgboss.schedule`;
    expect(schedules).toEqual([{ name: 'event-retention', cron: '23 * * * *' }]);
  });

  it('keeps the log append-only outside the retention: no UPDATE, no DELETE of a younger event, no cutoff younger than a day', async () => {
    const [old] = await insertEvents(harness.tenantId, 'guarded', 1, daysAgo(40));
    const [young] = await insertEvents(harness.tenantId, 'guarded_young', 1, daysAgo(2));
    await expect(harness.prisma.$executeRaw`DELETE FROM events WHERE id = ${old}`).rejects.toThrow(/append-only/);
    const withCutoff = (cutoff: Date, statement: (tx: Parameters<Parameters<typeof harness.prisma.$transaction>[0]>[0]) => Promise<unknown>) =>
      harness.prisma.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT set_config('platform.event_retention_before', ${cutoff.toISOString()}, true)`;
        return statement(tx);
      });
    await expect(withCutoff(daysAgo(30), (tx) => tx.$executeRaw`DELETE FROM events WHERE id = ${young}`)).rejects.toThrow(/append-only/);
    await expect(withCutoff(daysAgo(30), (tx) => tx.$executeRaw`UPDATE events SET type = 'custom.changed' WHERE id = ${old}`)).rejects.toThrow(/append-only/);
    await expect(withCutoff(new Date(), (tx) => tx.$executeRaw`DELETE FROM events WHERE id = ${young}`)).rejects.toThrow(/append-only/);
    await expect(harness.prisma.$executeRaw`TRUNCATE events CASCADE`).rejects.toThrow(/append-only/);
    expect(await remaining([old as string, young as string])).toEqual([old as string, young as string].sort());

    // The shortest retention, a day, passes the trigger's check (the cutoff is on the database's clock).
    const [today] = await insertEvents(harness.tenantId, 'today', 1, new Date());
    await deleteExpiredEvents(harness.prisma, { retentionDays: 1 });
    expect(await remaining([old as string, young as string, today as string])).toEqual([today]);
  });
});
