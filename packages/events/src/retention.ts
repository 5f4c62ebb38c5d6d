import type { Prisma, PrismaClient } from '@platform/db';

export interface RetentionOptions {
  /** Events that occurred more than this many days ago are deleted (at least 1: the log's trigger refuses a younger cutoff). */
  retentionDays: number;
  /** Events deleted per transaction. */
  batchSize?: number;
  /** Batches per run; the caller runs again when `more` says the run stopped short. */
  maxBatches?: number;
}

/**
 * The event log's retention: deletes the events that occurred before the cutoff, with their
 * deliveries and attempts (foreign keys cascade), oldest first, in transactions of `batchSize`
 * events. An event still to dispatch, or with a delivery still pending, is kept until it is
 * dispatched and that delivery succeeds or fails.
 *
 * The log stays append-only: its trigger (migration 0010) lets a DELETE through only for an
 * event older than the cutoff this transaction names in `platform.event_retention_before`
 * (SET LOCAL), a cutoff at least a day old, and none with a pending delivery; anything else is
 * refused as before. Instances running it at once share the work (SKIP LOCKED).
 */
export async function deleteExpiredEvents(prisma: PrismaClient, options: RetentionOptions): Promise<{ deleted: number; more: boolean }> {
  const batchSize = options.batchSize ?? 1000;
  const maxBatches = options.maxBatches ?? 20;
  let deleted = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const count = await prisma.$transaction(async (tx) => {
      await allowEventRetention(tx, options.retentionDays);
      return tx.$executeRaw`
        DELETE FROM events WHERE (tenant_id, id) IN (
          SELECT e.tenant_id, e.id FROM events e
          WHERE e.occurred_at < current_setting('platform.event_retention_before')::timestamptz
            AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.tenant_id = e.tenant_id AND d.event_id = e.id AND d.status = 'pending')
            AND NOT EXISTS (SELECT 1 FROM event_outbox o WHERE o.tenant_id = e.tenant_id AND o.event_id = e.id)
          ORDER BY e.occurred_at
          LIMIT ${batchSize}
          FOR UPDATE OF e SKIP LOCKED)`;
    });
    deleted += count;
    if (count < batchSize) return { deleted, more: false };
  }
  return { deleted, more: true };
}

/**
 * Lets this transaction delete events that occurred more than `days` days ago (SET LOCAL: the
 * permission ends with the transaction). The cutoff is taken on the database's clock, the clock of
 * `occurred_at` and of the trigger's one-day check.
 */
async function allowEventRetention(tx: Prisma.TransactionClient, days: number): Promise<void> {
  await tx.$queryRaw`SELECT set_config('platform.event_retention_before', (now() - make_interval(days => ${days}::integer))::text, true)`;
}
