import type { Principal } from '@platform/auth';
import type { PlatformOperationExecutor } from '@platform/graphql-kit';
import { SourceError, type SourcePage, type SourceRecord } from '../connectors/source.ts';
import { PlatformFault, faultOf } from './record-writer.ts';

/**
 * How far before its cursor a push reads the event log again. An event's `occurred_at` is the start
 * of the transaction that emitted it, so an event can commit after events that occurred later
 * (and after a push read past them); no write transaction of the platform stays open this long
 * (a change's transaction ends after 20 s: CHANGE_TRANSACTION in gateway/src/edge/edge.ts).
 * Events of the margin the connector pushed (or kept as failed) already are passed over.
 */
export const PUSH_OVERLAP_MS = 60_000;
const EVENTS_PAGE = 100;

const EVENTS_QUERY = `query PushEvents($occurred_after: DateTime, $after: String) {
  events(occurred_after: $occurred_after, sort: "occurred_at", per_page: ${EVENTS_PAGE}, after: $after) {
    data { id type occurred_at data resource { type id } }
    meta { next_cursor }
  }
}`;

interface EventEnvelope {
  id: string;
  type: string;
  occurred_at: string;
  data: unknown;
  resource: { type: string; id: string } | null;
}

export interface EventLogRead {
  execute: PlatformOperationExecutor;
  /** The connector, reading with exactly the scopes its push needs (`events:read` and those of the event types). */
  principal: Principal;
  /** The `occurred_at` of the last event a push read; from the start of the log when null. */
  cursor: string | null;
  /**
   * The event types the connector pushes, in the order of their record's lifecycle (issued before
   * paid): the others are read past. Events of one transaction share their `occurred_at`, and the
   * log orders those by id, not as they were emitted: on a page they are put in this order.
   */
  types: readonly string[];
  /** The events among these the connector pushed, or kept as failed, already. */
  handled(eventIds: readonly string[]): Promise<Set<string>>;
  signal: AbortSignal;
}

/**
 * The tenant's events a connector pushes, oldest first, as pages of records (stream: the event
 * type, external id: the event id, data: the event as the API shows it), read through the
 * platform's own `events` query as the connector: no domain's tables are read behind the API.
 * Each page carries the `occurred_at` of its last event as the cursor a later push reads from.
 */
export async function* eventLogPages(read: EventLogRead): AsyncGenerator<SourcePage> {
  const occurredAfter = read.cursor === null ? null : new Date(Date.parse(read.cursor) - PUSH_OVERLAP_MS).toISOString();
  for (let after: string | null = null; ; ) {
    read.signal.throwIfAborted();
    const result = await read.execute(read.principal, { document: EVENTS_QUERY, variables: { occurred_after: occurredAfter, after } });
    const [error] = result.errors ?? [];
    if (error) {
      const fault = faultOf(error);
      if (fault) throw new PlatformFault(`the event log could not be read (${fault}): ${error.message}`);
      throw new SourceError(`the event log could not be read: ${error.message}`, false);
    }
    const page = result.data?.events as { data: EventEnvelope[]; meta: { next_cursor: string | null } };
    const last = page.data.at(-1);
    if (!last) return;
    const wanted = page.data.filter((event) => read.types.includes(event.type) && event.resource !== null);
    const handled = await read.handled(wanted.map((event) => event.id));
    const records = wanted.filter((event) => !handled.has(event.id)).sort((a, b) => a.occurred_at.localeCompare(b.occurred_at) || read.types.indexOf(a.type) - read.types.indexOf(b.type));
    yield { records: records.map(eventRecord), cursor: last.occurred_at };
    if (page.meta.next_cursor === null) return;
    after = page.meta.next_cursor;
  }
}

function eventRecord(event: EventEnvelope): SourceRecord {
  return { stream: event.type, external_id: event.id, updated_at: event.occurred_at, data: { ...event } };
}
