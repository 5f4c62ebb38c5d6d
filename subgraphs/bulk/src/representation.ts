import type { ExportRecord } from './repositories/exports.ts';

/** An export as the API shows it (GraphQL, REST, and the data of `export.completed`). */
export interface ExportView {
  id: string;
  status: ExportRecord['status'];
  format: ExportRecord['format'];
  query: string;
  variables: unknown;
  progress: { rows_written: number; total_rows: number | null };
  byte_size: number;
  error: { code: string; message: string } | null;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
  expires_at: Date;
  download_url: string | null;
  download_expires_at: Date | null;
}

/** The export as shown; a completed one with a download link when `linkOf` makes one (the event carries none: links expire, the export is read again for one). */
export function exportView(record: ExportRecord, linkOf?: (record: ExportRecord) => { url: string; expiresAt: Date }): ExportView {
  const link = record.status === 'completed' ? linkOf?.(record) : undefined;
  return {
    id: record.id,
    status: record.status,
    format: record.format,
    query: record.query,
    variables: record.variables,
    progress: { rows_written: record.rows_written, total_rows: record.total_rows },
    byte_size: Number(record.byte_size),
    error: record.error as ExportView['error'],
    created_at: record.created_at,
    started_at: record.started_at,
    completed_at: record.completed_at,
    expires_at: record.purge_at,
    download_url: link?.url ?? null,
    download_expires_at: link?.expiresAt ?? null,
  };
}
