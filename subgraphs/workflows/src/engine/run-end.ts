import type { Prisma } from '@platform/db';
import type { EventsPort } from '@platform/graphql-kit';
import { type RunRecord, updateRun } from '../repositories/runs.ts';
import { emitRunChanged } from './representation.ts';

/** How a run ends. */
export type RunEnd =
  | { status: 'succeeded'; output: unknown; error?: undefined }
  | { status: 'failed'; error: { step: string | null; code: string; message: string }; output?: undefined }
  | { status: 'cancelled'; output?: undefined; error?: undefined };

/** `null` in a JSON column (Prisma tells a JSON null from a database NULL). */
export const JSON_NULL = null as unknown as Prisma.NullableJsonNullValueInput;

/** A value as stored in a JSON column (expressions' values are plain JSON already; nothing is null). */
export function jsonOf(value: unknown): Prisma.InputJsonValue {
  const text = JSON.stringify(value);
  return (text === undefined ? null : JSON.parse(text)) as Prisma.InputJsonValue;
}

/**
 * The run's end, in `tx` (the caller holds its row lock and knows it is not over): its status,
 * output or error, no lease, and `workflow.run.updated` with `workflow.completed`, exactly once
 * per run since only a run not yet over ends.
 */
export async function endRunWithin(events: EventsPort, tx: Prisma.TransactionClient, run: RunRecord, end: RunEnd, requestId?: string): Promise<RunRecord> {
  const ended = await updateRun(tx, run.tenant_id, run.id, {
    status: end.status,
    ...(end.output !== undefined && { output: jsonOf(end.output) }),
    ...(end.error && { error: end.error }),
    waiting_for: JSON_NULL,
    finished_at: new Date(),
    lease_token: null,
    lease_expires_at: null,
  });
  await emitRunChanged(events, tx, ended, requestId);
  return ended;
}
