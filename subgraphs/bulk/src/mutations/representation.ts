import type { BulkMutationRecord } from './repository.ts';

/** A bulk mutation as the API shows it (GraphQL, REST, and the data of `bulk_mutation.completed`). */
export interface BulkMutationView {
  id: string;
  status: BulkMutationRecord['status'];
  mutation: string;
  upload_id: string;
  progress: { lines_total: number; lines_done: number; lines_failed: number };
  error: { code: string; message: string } | null;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
  expires_at: Date;
  result_url: string | null;
  result_url_expires_at: Date | null;
}

/** Statuses whose result file is final: the outcome of every line that ran. */
const ENDED = new Set<BulkMutationRecord['status']>(['completed', 'failed', 'cancelled']);

/** The bulk mutation as shown; an ended one with a link to its result file when `linkOf` makes one (the event carries none: links expire). */
export function bulkMutationView(record: BulkMutationRecord, linkOf?: (record: BulkMutationRecord) => { url: string; expiresAt: Date }): BulkMutationView {
  const link = ENDED.has(record.status) ? linkOf?.(record) : undefined;
  return {
    id: record.id,
    status: record.status,
    mutation: record.mutation,
    upload_id: record.upload_id,
    progress: { lines_total: record.lines_total, lines_done: record.lines_done, lines_failed: record.lines_failed },
    error: record.error as BulkMutationView['error'],
    created_at: record.created_at,
    started_at: record.started_at,
    completed_at: record.completed_at,
    expires_at: record.purge_at,
    result_url: link?.url ?? null,
    result_url_expires_at: link?.expiresAt ?? null,
  };
}
