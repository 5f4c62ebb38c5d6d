const LF = 0x0a;
const CR = 0x0d;
const EMPTY: Buffer = Buffer.alloc(0);

/**
 * Fed in place of a dropped row. The parser skips empty lines, and these push the row before the
 * dropped one out of the parser's look-ahead (it holds the last 3 bytes it was given until more
 * come), so that row is emitted before the problem that follows it is reported.
 */
export const DROPPED_ROW_FILLER = Buffer.from('\n\n\n\n');

/** What the scanner finds, in file order. */
export interface RowSink {
  /** Bytes for the CSV parser: whole rows (never part of one), or `DROPPED_ROW_FILLER`. */
  feed(bytes: Buffer): void;
  /** A row the parser will emit: it starts on `line`, and its line break ends at `endOffset` of the bytes fed. */
  row(line: number, endOffset: number): void;
  /** A row that is not fed to the parser, and why. */
  problem(line: number, message: string): void;
}

export interface RowScannerOptions {
  delimiter: string;
  quote: string;
  maxRowBytes: number;
  skipEmptyLines: boolean;
}

/**
 * Finds the rows of a CSV byte stream before the parser sees them, as the parser will split them
 * (a line break inside a quoted field is data; `""` inside one is a quote; a quote inside an
 * unquoted field is text), so that a row the parser cannot be trusted with fails alone and
 * reading goes on: csv-parse's own `max_record_size` with `skip_records_with_error` drops or
 * repeats the bytes after the oversized row, and its line numbers count CRLF inside quotes twice.
 *
 * - A row larger than `maxRowBytes` fails; reading resumes after the end of the physical line it
 *   was cut on (quotes in the discarded rest are not followed: it is already broken).
 * - A row whose quoting is broken (text after a closing quote, a quote still open at the end of the
 *   file, or open past `maxRowBytes` across line breaks) fails as the line it started on, and
 *   reading resumes on the next line: a stray opening quote costs its own row, not the rest of the file.
 *
 * Only the current row is held (at most `maxRowBytes`); bytes of complete rows go straight to `feed`.
 */
export class RowScanner {
  private readonly delimiter: number;
  private readonly quote: number;

  /** The physical line (1-based) at the scan position; `\r\n`, `\n` and `\r` each end one. */
  private line = 1;
  private rowLine = 1;
  /** The current row's bytes, line break excluded. */
  private rowBytes = 0;
  /** The current row's bytes from earlier chunks (copies). */
  private held: Buffer[] = [];
  private heldBytes = 0;
  private fedBytes = 0;
  private fieldStart = true;
  private inQuotes = false;
  /** In a quoted field, a quote was just read: the next byte says whether it closes the field or is doubled. */
  private quoteMayClose = false;
  private afterCR = false;
  /** The row ended with `\r`: a `\n` next is part of its line break. */
  private rowEndsAtCR = false;
  /** Discarding up to the end of the physical line (after a row that is too large). */
  private skippingLine = false;
  /** A dropped line ended with `\r`: a `\n` next belongs to it. */
  private skipLF = false;

  // The chunk being scanned: bytes before `segmentStart` are fed or dropped, those from `rowStart` on are the current row.
  private buf: Buffer = EMPTY;
  private segmentStart = 0;
  private rowStart = 0;

  constructor(
    private readonly options: RowScannerOptions,
    private readonly sink: RowSink,
  ) {
    this.delimiter = options.delimiter.charCodeAt(0);
    this.quote = options.quote.charCodeAt(0);
  }

  push(chunk: Buffer): void {
    for (let rest: Buffer | undefined = chunk; rest !== undefined; ) rest = this.scan(rest, false);
  }

  /** The file ended: its last row is complete (or broken). */
  end(): void {
    for (let rest: Buffer | undefined = EMPTY; rest !== undefined; ) rest = this.scan(rest, true);
  }

  /** Scans `buf`; returns bytes to scan before anything else when a broken row sends the scan back to its next line. */
  private scan(buf: Buffer, final: boolean): Buffer | undefined {
    this.buf = buf;
    this.segmentStart = 0;
    this.rowStart = 0;
    let i = 0;
    for (;;) {
      for (; i < buf.length; i++) {
        const byte = buf[i] as number;
        if (this.skipLF) {
          this.skipLF = false;
          if (byte === LF) {
            this.segmentStart = this.rowStart = i + 1;
            continue;
          }
        }
        if (this.skippingLine) {
          if (byte === LF || byte === CR) {
            this.line++;
            this.skippingLine = false;
            this.skipLF = byte === CR;
            this.startRow(i + 1);
            this.segmentStart = i + 1;
          }
          continue;
        }
        if (this.rowEndsAtCR) {
          this.rowEndsAtCR = false;
          if (byte === LF) {
            this.completeRow(i + 1);
            continue;
          }
          this.completeRow(i);
        }
        if (this.inQuotes && !this.quoteMayClose) {
          if (byte === this.quote) this.quoteMayClose = true;
          else if (byte === CR || (byte === LF && !this.afterCR)) this.line++;
          this.afterCR = byte === CR;
        } else if (this.inQuotes && byte === this.quote) {
          this.quoteMayClose = false;
        } else {
          if (this.quoteMayClose) {
            this.quoteMayClose = false;
            this.inQuotes = false;
            if (byte !== this.delimiter && byte !== LF && byte !== CR) {
              // Across lines, the likelier fault is a quote opened and never closed, which this one was taken to close.
              const message =
                this.line > this.rowLine
                  ? 'a quoted field is not closed'
                  : 'a closing quote is followed by text instead of a delimiter or line break (a quote inside a quoted field is written "")';
              const next = this.brokenQuote(i, message);
              if (typeof next !== 'number') return next;
              i = next;
              continue;
            }
          }
          if (byte === LF) {
            this.line++;
            this.completeRow(i + 1);
            continue;
          }
          if (byte === CR) {
            this.line++;
            this.rowEndsAtCR = true;
            continue;
          }
          if (byte === this.delimiter) this.fieldStart = true;
          else {
            if (byte === this.quote && this.fieldStart) {
              this.inQuotes = true;
              this.afterCR = false;
            }
            this.fieldStart = false;
          }
        }
        if (++this.rowBytes > this.options.maxRowBytes) {
          const next = this.oversized(i);
          if (typeof next !== 'number') return next;
          i = next;
        }
      }
      if (!final || this.skippingLine) break;
      if (this.inQuotes && !this.quoteMayClose) {
        const next = this.brokenQuote(buf.length, 'a quoted field is not closed');
        if (typeof next !== 'number') return next;
        i = next + 1;
        continue;
      }
      if (this.rowEndsAtCR || this.rowBytes > 0) this.completeRow(buf.length);
      break;
    }
    this.feedSegment(this.rowStart);
    if (!this.skippingLine && this.rowStart < buf.length) {
      const tail = Buffer.from(buf.subarray(this.rowStart));
      this.held.push(tail);
      this.heldBytes += tail.length;
    }
    return undefined;
  }

  /** The current row ends before `end` (its line break included). */
  private completeRow(end: number): void {
    const length = this.heldBytes + end - this.rowStart;
    if (this.held.length > 0) {
      // The row began in an earlier chunk (so nothing of this one precedes it): fed whole, as the reader checks the encoding per piece.
      this.sink.feed(Buffer.concat([...this.held, this.buf.subarray(this.rowStart, end)]));
      this.segmentStart = end;
    }
    this.fedBytes += length;
    if (this.rowBytes > 0) this.sink.row(this.rowLine, this.fedBytes);
    else if (!this.options.skipEmptyLines) this.sink.problem(this.rowLine, 'the line is empty');
    this.startRow(end);
  }

  private oversized(at: number): number | Buffer {
    const limit = this.options.maxRowBytes;
    // Open across line breaks and still growing: most likely a quote that was never closed.
    if (this.inQuotes && this.line > this.rowLine) {
      return this.brokenQuote(at, `a quoted field is not closed (or the row is larger than max_record_bytes, ${limit} bytes)`);
    }
    this.drop(`the row is larger than max_record_bytes (${limit} bytes)`);
    this.skippingLine = true;
    this.startRow(this.buf.length);
    this.segmentStart = this.buf.length;
    return at;
  }

  /**
   * Drops the current row and sends the scan back to the line after the one it started on: the
   * index in `buf` to go on after, or bytes to scan anew when that line break is in held bytes.
   */
  private brokenQuote(at: number, message: string): number | Buffer {
    const held = this.held;
    const resumeLine = this.rowLine + 1;
    this.drop(message);
    for (let piece = 0; piece < held.length; piece++) {
      const chunk = held[piece] as Buffer;
      const lineBreak = indexOfLineBreak(chunk, 0);
      if (lineBreak === -1) continue;
      this.line = resumeLine;
      this.skipLF = chunk[lineBreak] === CR;
      this.startRow(0);
      return Buffer.concat([chunk.subarray(lineBreak + 1), ...held.slice(piece + 1), this.buf]);
    }
    const lineBreak = indexOfLineBreak(this.buf, this.rowStart);
    if (lineBreak === -1) {
      this.skippingLine = true;
      this.startRow(this.buf.length);
      this.segmentStart = this.buf.length;
      return at;
    }
    this.line = resumeLine;
    this.skipLF = this.buf[lineBreak] === CR;
    this.startRow(lineBreak + 1);
    this.segmentStart = lineBreak + 1;
    return lineBreak;
  }

  /** Reports the current row as a problem; the rows before it are fed, it is not. */
  private drop(message: string): void {
    this.feedSegment(this.rowStart);
    this.sink.problem(this.rowLine, message);
    this.sink.feed(DROPPED_ROW_FILLER);
    this.fedBytes += DROPPED_ROW_FILLER.length;
  }

  private feedSegment(end: number): void {
    if (end > this.segmentStart) this.sink.feed(this.buf.subarray(this.segmentStart, end));
    this.segmentStart = Math.max(this.segmentStart, end);
  }

  private startRow(at: number): void {
    this.rowStart = at;
    this.rowLine = this.line;
    this.rowBytes = 0;
    this.held = [];
    this.heldBytes = 0;
    this.fieldStart = true;
    this.inQuotes = false;
    this.quoteMayClose = false;
    this.afterCR = false;
    this.rowEndsAtCR = false;
  }
}

function indexOfLineBreak(bytes: Buffer, from: number): number {
  const lf = bytes.indexOf(LF, from);
  const cr = bytes.indexOf(CR, from);
  if (lf === -1) return cr;
  if (cr === -1) return lf;
  return Math.min(lf, cr);
}
