import { expect } from 'vitest';
import { type ApiClient, eventually, json } from './fixtures.ts';

export const BULK_SCOPES = ['bulk:read', 'bulk:write'];

/** An export as `GET /v1/bulk/exports/{id}` shows it. */
export interface BulkExport {
  id: string;
  status: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
  format: 'ndjson' | 'csv';
  progress: { rows_written: number; total_rows: number | null };
  byte_size: number;
  error: { code: string; message: string } | null;
  completed_at: string | null;
  expires_at: string;
  download_url: string | null;
  download_expires_at: string | null;
}

export async function createExport(api: ApiClient, body: { query: string; variables?: Record<string, unknown>; format: 'ndjson' | 'csv' }): Promise<BulkExport> {
  return json<BulkExport>(await api.send('POST', '/v1/bulk/exports', body), 201);
}

/** Polls the export until it has ended (completed, failed or cancelled). */
export async function exportEnded(api: ApiClient, id: string, timeoutMs = 60_000): Promise<BulkExport> {
  return eventually(async () => {
    const current = await json<BulkExport>(await api.get(`/v1/bulk/exports/${id}`));
    return current.status === 'queued' || current.status === 'running' ? undefined : current;
  }, timeoutMs, `export ${id} ended`);
}

/** Downloads a completed export's file by its link, without credentials. */
export async function download(link: string): Promise<{ response: Response; text: string }> {
  const response = await fetch(link);
  expect(response.status).toBe(200);
  return { response, text: await response.text() };
}
