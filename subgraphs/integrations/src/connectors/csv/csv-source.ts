import { isUtf8 } from 'node:buffer';
import { finished } from 'node:stream/promises';
import { Parser } from 'csv-parse';
import { type ConnectionCheck, type ReadOptions, type SourceConnector, SourceError, type SourcePage, type SourceRecord } from '../source.ts';
import type { CsvConfig } from './config.ts';
import { RowScanner, type RowSink } from './row-scanner.ts';

/** The most the parser is given at once: bounds the records one piece of the upload can produce. */
const PIECE_BYTES = 64 * 1024;
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const UTF16_BOMS = [Buffer.from([0xff, 0xfe]), Buffer.from([0xfe, 0xff])];
const ISO_8601 = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/;

/**
 * The CSV import: an uploaded file read as records of one stream (`stream_name`), streamed: at most
 * a page and one 64 KiB piece of the file are held, and the file is read further only when the
 * next page is asked for. `open` streams the upload's bytes from the start each time it is called
 * (`test()` and `read()` each read it). Rows that cannot be read are records with `problem` set
 * (naming their line) and the read goes on; a file that cannot be CSV fails as a non-retryable
 * SourceError. Each page's cursor counts the records read up to its end: a run resumed from it
 * reads the file again from the start (parsing only, fast) and yields the records after them.
 */
export function createCsvSource(config: CsvConfig, open: () => AsyncIterable<Uint8Array>): SourceConnector {
  return {
    test(signal) {
      return checkFile(config, open, signal);
    },
    read(options) {
      return readPages(config, open, options);
    },
  };
}

async function checkFile(config: CsvConfig, open: () => AsyncIterable<Uint8Array>, signal: AbortSignal | undefined): Promise<ConnectionCheck> {
  let file: CsvFile | undefined;
  try {
    file = new CsvFile(config, open, signal);
    const reader = file.reader;
    await file.fill(() => reader.columns !== undefined && reader.records.length > 0);
    const columns = reader.columns ?? [];
    const firstRow = reader.records[0];
    const detail = `${columns.length} columns: ${columns.join(', ')}`;
    return { ok: true, detail: firstRow?.problem === undefined ? detail : `${detail}; the first row cannot be read: ${firstRow.problem}` };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    await file?.close();
  }
}

async function* readPages(config: CsvConfig, open: () => AsyncIterable<Uint8Array>, options: ReadOptions): AsyncGenerator<SourcePage> {
  if (options.streams !== undefined && !options.streams.includes(config.stream_name)) return;
  const resumeAfter = options.cursor === undefined ? 0 : recordsRead(options.cursor);
  const file = new CsvFile(config, open, options.signal);
  try {
    let read = 0;
    for (;;) {
      await file.fill(() => file.reader.records.length >= config.page_size);
      const records = file.reader.records.splice(0, config.page_size);
      if (records.length === 0) return;
      read += records.length;
      // Resuming: the pages an earlier run finished are read again (a file has no index) but not yielded.
      const fresh = records.slice(Math.max(0, records.length - (read - resumeAfter)));
      if (fresh.length > 0) yield { records: fresh, cursor: JSON.stringify({ records: read }) };
    }
  } finally {
    await file.close();
  }
}

/** The records an earlier run of the same file finished, from the cursor of its last page. */
function recordsRead(cursor: string): number {
  let parsed: unknown;
  try {
    parsed = JSON.parse(cursor);
  } catch {
    parsed = undefined;
  }
  const records = (parsed as { records?: unknown } | undefined)?.records;
  if (typeof records !== 'number' || !Number.isSafeInteger(records) || records < 0) throw new SourceError('the cursor of this CSV import cannot be read', false);
  return records;
}

/** One reading of the upload: pulls its bytes into a `CsvReader` only as far as asked. */
class CsvFile {
  readonly reader: CsvReader;
  private chunks: AsyncIterator<Uint8Array> | undefined;
  private ended = false;

  constructor(
    config: CsvConfig,
    private readonly open: () => AsyncIterable<Uint8Array>,
    private readonly signal: AbortSignal | undefined,
  ) {
    this.reader = new CsvReader(config);
  }

  /** Reads on until `enough()` or the end of the file. */
  async fill(enough: () => boolean): Promise<void> {
    while (!this.ended && !enough()) {
      if (this.signal?.aborted) throw new SourceError('cancelled', false);
      const next = await this.next();
      try {
        if (next.done) {
          this.ended = true;
          await this.reader.end();
        } else {
          await this.reader.push(next.value);
        }
      } catch (error) {
        if (error instanceof SourceError) throw error;
        throw new SourceError(`the file could not be read as CSV: ${error instanceof Error ? error.message : String(error)}`, false);
      }
    }
  }

  async close(): Promise<void> {
    if (this.ended || this.chunks === undefined) return;
    this.ended = true;
    try {
      await this.chunks.return?.();
    } catch {
      // Releasing the upload's stream early is best effort: what was read stands, and a storage fault is the storage's to report.
    }
  }

  private async next(): Promise<IteratorResult<Uint8Array>> {
    try {
      this.chunks ??= this.open()[Symbol.asyncIterator]();
      return await this.chunks.next();
    } catch (error) {
      if (error instanceof SourceError) throw error;
      // The platform's storage of the upload failed, not the file: trying again may help.
      throw new SourceError(`the uploaded file could not be read: ${error instanceof Error ? error.message : String(error)}`, true);
    }
  }
}

/** A row the parser will emit (with where its bytes end, to check the two agree), or one that was dropped. */
type Expected = { line: number; endOffset: number; problem?: undefined } | { line: number; problem: string };

/**
 * Turns the file's bytes into records: a `RowScanner` delimits the rows and drops those that
 * cannot be read, csv-parse's streaming parser splits and unquotes the others (its `on_record`
 * hook collects them; nothing goes through its readable side), and each parsed row is paired
 * with the line the scanner saw it start on.
 */
class CsvReader implements RowSink {
  /** Records read and not yet taken. */
  readonly records: SourceRecord[] = [];
  /** The columns, once the header row is read (at once when the config names them). */
  columns: readonly string[] | undefined;
  private idIndex = -1;
  private updatedAtIndex = -1;
  private readonly expected: Expected[] = [];
  private readonly toFeed: Buffer[] = [];
  /** The file's first bytes, until there are enough to look for a byte order mark. */
  private opening: Buffer | undefined = Buffer.alloc(0);
  private scanner: RowScanner | undefined;
  private parser: Parser | undefined;
  private checkUtf8 = true;

  constructor(private readonly config: CsvConfig) {
    if (!config.header && config.columns !== undefined) this.setColumns(config.columns);
  }

  async push(chunk: Uint8Array): Promise<void> {
    let bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (this.opening !== undefined) {
      const opening = this.opening.length === 0 ? bytes : Buffer.concat([this.opening, bytes]);
      if (opening.length < UTF8_BOM.length) {
        this.opening = opening;
        return;
      }
      bytes = this.start(opening);
    }
    for (let offset = 0; offset < bytes.length; offset += PIECE_BYTES) {
      (this.scanner as RowScanner).push(bytes.subarray(offset, offset + PIECE_BYTES));
      await this.parse();
    }
  }

  async end(): Promise<void> {
    if (this.opening !== undefined) {
      const rest = this.start(this.opening);
      (this.scanner as RowScanner).push(rest);
    }
    (this.scanner as RowScanner).end();
    await this.parse();
    const parser = this.parser as Parser;
    parser.end();
    await finished(parser, { readable: false });
    this.moveProblems();
    if (this.expected.length > 0) throw this.disagreement(this.expected[0] as Expected);
    if (this.columns === undefined) throw new SourceError('the file is empty: it has no header row', false);
  }

  feed(bytes: Buffer): void {
    this.toFeed.push(bytes);
  }

  row(line: number, endOffset: number): void {
    this.expected.push({ line, endOffset });
  }

  problem(line: number, problem: string): void {
    this.expected.push({ line, problem });
  }

  /** Reads the byte order mark, if any, and sets the parser up; returns the bytes after the mark. */
  private start(opening: Buffer): Buffer {
    this.opening = undefined;
    if (UTF16_BOMS.some((bom) => opening.subarray(0, bom.length).equals(bom))) {
      throw new SourceError('the file is UTF-16: save it as UTF-8 (or Latin-1) CSV', false);
    }
    const hasBom = opening.subarray(0, UTF8_BOM.length).equals(UTF8_BOM);
    const encoding = hasBom || this.config.encoding === 'utf-8' ? 'utf8' : 'latin1';
    this.checkUtf8 = encoding === 'utf8';
    const { delimiter, quote } = this.config;
    this.scanner = new RowScanner({ delimiter, quote, maxRowBytes: this.config.max_record_bytes, skipEmptyLines: this.config.skip_empty_lines }, this);
    this.parser = new Parser({
      delimiter,
      quote,
      escape: quote,
      encoding,
      bom: false,
      record_delimiter: ['\r\n', '\n', '\r'],
      // A quote inside an unquoted field (`5" screen`) is text; every other quoting fault is the scanner's to catch.
      relax_quotes: true,
      // Field counts are checked here, against the header or the configured columns.
      relax_column_count: true,
      // Empty lines the config keeps are reported by the scanner; the parser also skips its filler.
      skip_empty_lines: true,
      on_record: (fields: string[], context) => {
        this.onRecord(fields, context.bytes);
        return null;
      },
    });
    // Every error also reaches the callback of the write that caused it.
    this.parser.on('error', () => {});
    return hasBom ? opening.subarray(UTF8_BOM.length) : opening;
  }

  /** Hands what the scanner found to the parser, whose `on_record` collects the records. */
  private async parse(): Promise<void> {
    const parser = this.parser as Parser;
    for (const bytes of this.toFeed.splice(0)) {
      if (bytes.indexOf(0) !== -1) throw new SourceError('the file is not CSV text: it contains NUL bytes (a binary file?)', false);
      if (this.checkUtf8 && !isUtf8(bytes)) {
        throw new SourceError('the file is not valid UTF-8: set encoding to latin1 if it was saved as Latin-1 (Windows)', false);
      }
      await new Promise<void>((resolve, reject) => parser.write(bytes, (error) => (error ? reject(error) : resolve())));
    }
    this.moveProblems();
  }

  private onRecord(fields: string[], endOffset: number): void {
    this.moveProblems();
    const expected = this.expected.shift();
    if (expected === undefined || expected.problem !== undefined || expected.endOffset !== endOffset) {
      throw this.disagreement(expected);
    }
    if (this.columns === undefined) this.setColumns(fields);
    else this.records.push(this.toRecord(fields, expected.line));
  }

  /** Moves the dropped rows at the head of the queue to the records; the next row waits for the parser. */
  private moveProblems(): void {
    while (this.expected[0]?.problem !== undefined) {
      const { line, problem } = this.expected.shift() as { line: number; problem: string };
      if (this.columns === undefined) throw new SourceError(`the header row cannot be read: line ${line}: ${problem}`, false);
      this.records.push(this.failed(line, problem, {}));
    }
  }

  private setColumns(names: readonly string[]): void {
    const first = new Map<string, number>();
    names.forEach((name, index) => {
      const earlier = first.get(name);
      if (earlier !== undefined) throw new SourceError(`the header names column "${name}" twice (columns ${earlier + 1} and ${index + 1})`, false);
      first.set(name, index);
    });
    const missing = (role: string, column: string) => {
      const hint = names.length === 1 ? `; the header has one column: is the delimiter ${JSON.stringify(this.config.delimiter)} right?` : '';
      return new SourceError(`the ${role} "${column}" is not a column of the file (its columns: ${names.join(', ')})${hint}`, false);
    };
    this.idIndex = names.indexOf(this.config.id_column);
    if (this.idIndex === -1) throw missing('id_column', this.config.id_column);
    if (this.config.updated_at_column !== undefined) {
      this.updatedAtIndex = names.indexOf(this.config.updated_at_column);
      if (this.updatedAtIndex === -1) throw missing('updated_at_column', this.config.updated_at_column);
    }
    this.columns = names;
  }

  private toRecord(fields: string[], line: number): SourceRecord {
    const columns = this.columns as readonly string[];
    const data = rowData(columns, fields);
    const id = fields[this.idIndex];
    if (fields.length !== columns.length) return this.failed(line, `has ${fields.length} fields, expected ${columns.length}`, data, id);
    if (id === undefined || id.trim() === '') return this.failed(line, `the id column "${this.config.id_column}" is empty`, data);
    const record: SourceRecord = { stream: this.config.stream_name, external_id: id, data };
    const updatedAt = this.updatedAtIndex === -1 ? '' : (fields[this.updatedAtIndex] as string);
    if (updatedAt !== '') {
      if (!ISO_8601.test(updatedAt) || Number.isNaN(Date.parse(updatedAt.replace(' ', 'T')))) {
        return this.failed(line, `the updated_at column "${this.config.updated_at_column}" is not an ISO 8601 date: ${JSON.stringify(updatedAt.slice(0, 40))}`, data, id);
      }
      record.updated_at = updatedAt;
    }
    return record;
  }

  /** A row kept as a failed record: its id when it has one, else its line (`line:12`), so each failure stays distinct. */
  private failed(line: number, problem: string, data: Record<string, string>, id?: string): SourceRecord {
    const externalId = id !== undefined && id.trim() !== '' ? id : `line:${line}`;
    return { stream: this.config.stream_name, external_id: externalId, data, problem: `line ${line}: ${problem}` };
  }

  private disagreement(expected: Expected | undefined): SourceError {
    const where = expected === undefined ? 'after the last row' : `at line ${expected.line}`;
    return new SourceError(`the file could not be read as CSV: its rows could not be delimited consistently ${where}`, false);
  }
}

/** The row as column → value (as many as both have). */
function rowData(columns: readonly string[], fields: readonly string[]): Record<string, string> {
  const data: Record<string, string> = {};
  const count = Math.min(columns.length, fields.length);
  for (let index = 0; index < count; index++) {
    const column = columns[index] as string;
    const value = fields[index] as string;
    // Assigning `__proto__` would replace the object's prototype instead of adding a column.
    if (column === '__proto__') Object.defineProperty(data, column, { value, enumerable: true, writable: true, configurable: true });
    else data[column] = value;
  }
  return data;
}
