/**
 * What every inbound connector kind (Shopify, generic REST, CSV) gives the sync engine: a check of
 * its credentials and reachability, and its records page by page. A connector kind knows its
 * protocol and nothing of the platform: mapping records into platform records, linking them,
 * retrying and keeping failures are the sync engine's.
 */
export interface SourceConnector {
  /** Checks credentials and reachability, reading as little as the protocol allows. Never throws. */
  test(signal?: AbortSignal): Promise<ConnectionCheck>;
  /**
   * The source's records, a page at a time, oldest change first where the protocol can sort.
   * Each page carries the cursor a later run resumes after (incremental sync); a run that
   * stopped half-way resumes from the last page it finished.
   */
  read(options: ReadOptions): AsyncIterable<SourcePage>;
}

export type ConnectionCheck = { ok: true; detail?: string } | { ok: false; error: string };

export interface ReadOptions {
  /** The streams to read (e.g. `products`, `orders`); all the kind offers when absent. */
  streams?: readonly string[];
  /** Resume after this cursor (a previous page's `cursor`); from the beginning when absent. */
  cursor?: string;
  /** Cancellation (a cancelled sync job, the platform stopping): the read stops at the next request. */
  signal?: AbortSignal;
}

export interface SourcePage {
  records: SourceRecord[];
  /** Where a later run resumes after this page; absent when the kind cannot resume (a file). */
  cursor?: string;
}

/** One record as the source sent it, before any mapping. */
export interface SourceRecord {
  /** The stream it came from (`products`, `orders`, `rows`): what a field mapping applies to. */
  stream: string;
  /** Its id in the source: with the connector, what links it to the platform record it produced. */
  external_id: string;
  /** When the source last changed it (ISO 8601), when the source says. */
  updated_at?: string;
  /** The record itself: what mappings read, and what a failed record keeps. */
  data: Record<string, unknown>;
  /**
   * Set when the connector could not read the record as its configuration says (no id where the
   * id should be, a CSV row with the wrong number of fields): the sync engine keeps it as a failed
   * record, with this as its error, instead of mapping it.
   */
  problem?: string;
}

/**
 * A failure of the source itself (not of one record): unreachable, refused credentials, an answer
 * the protocol does not allow. `retryable` tells the sync engine's retry policy whether trying
 * again later can help (a timeout, a 5xx, throttling) or not (401, 403, a malformed answer).
 */
export class SourceError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SourceError';
  }
}
