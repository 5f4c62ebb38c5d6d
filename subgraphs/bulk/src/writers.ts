/**
 * The file formats of an export, written page by page: each page's records become one chunk of
 * the file, so nothing but the page at hand is ever held in memory.
 */
export interface PageWriter {
  /** What starts the file (the CSV header), written before the first page. */
  readonly preamble: string;
  /** One page of records as text. */
  page(records: readonly unknown[]): string;
}

export const CONTENT_TYPES = { ndjson: 'application/x-ndjson', csv: 'text/csv; charset=utf-8' } as const;

/** NDJSON: one JSON object per line, each record as the query selected it. */
export const ndjsonWriter: PageWriter = {
  preamble: '',
  page: (records) => records.map((record) => `${JSON.stringify(record)}\n`).join(''),
};

/**
 * CSV (RFC 4180, CRLF line ends): a header of the columns (paths of response keys), then one row per
 * record. A nested object's leaves are columns of their own (`customer.name`); a list or a JSON
 * value is its JSON text; null and absent values are empty.
 */
export function csvWriter(columns: readonly string[]): PageWriter {
  const paths = columns.map((column) => column.split('.'));
  return {
    preamble: `${columns.map(csvField).join(',')}\r\n`,
    page: (records) => records.map((record) => `${paths.map((path) => csvField(cellText(valueAt(record, path)))).join(',')}\r\n`).join(''),
  };
}

function valueAt(record: unknown, path: readonly string[]): unknown {
  let value = record;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Quoted when it holds a comma, a quote or a line break, its quotes doubled. */
function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
