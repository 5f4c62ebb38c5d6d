import type { Prisma, PrismaClient } from '@platform/db';
import { ApiError, fieldErrors } from '@platform/errors';
import { type EventEnvelope, envelopeOf } from '@platform/events';

/**
 * The event log as a subscription reads it. A subscription is the tail of its tenant's log in
 * the log's order, `(occurred_at, id)`: it starts at a position (after an event, or at the
 * database's `now()` when it starts) and delivers each event once that position is *settled*,
 * i.e. no transaction still open could add an event before it. `occurred_at` is the start of the
 * transaction that wrote the event (`now()`), so events committed concurrently reach the live
 * bus in commit order, not in log order; delivering only settled positions, read from the log,
 * makes the delivered sequence exactly the log's, whatever the commit order: a client that saw
 * event X has seen every event before X, so resuming after X (in the log's order) misses nothing
 * and repeats nothing. The live bus only says when to look.
 */

/** A position in the log: after the event `id` that occurred at `at` (`id` '' is just before every event at `at`). */
export interface LogPosition {
  at: Date;
  id: string;
}

/** Most events a resumed subscription replays; more missed events are refused (`resume_too_far_behind`). */
export const MAX_REPLAY_EVENTS = 1_000;
/** Events read from the log per statement. */
export const LOG_PAGE_EVENTS = 100;
/**
 * How far below the oldest open transaction's start a settled position lies: `occurred_at` is
 * kept to the millisecond (rounded), and a transaction that began an instant before the
 * horizon's statement may not show yet in `pg_stat_activity`.
 */
const SETTLE_MARGIN_MS = 5;
/**
 * A transaction that has written nothing for this long is left out of the horizon, so a long
 * read (an export's cursor, an analyst's report) does not hold up every live event. Transactions
 * that write events run in Prisma's interactive transactions (5 s at most) or single statements,
 * so none writes its first event this late; one that did could be ordered before events already
 * delivered.
 */
const READ_ONLY_GRACE_SECONDS = 10;
/** How often the log is read again while a subscription waits for an announced event to settle. */
export const HORIZON_POLL_MS = 10;

/** The database's clock: where a subscription that does not resume starts. */
export async function logNow(prisma: PrismaClient): Promise<Date> {
  const [row] = await prisma.$queryRaw<Array<{ now: Date }>>`SELECT now() AS now`;
  if (!row) throw new Error('SELECT now() answered no row');
  return row.now;
}

/**
 * One read of the log: the settled horizon, and the events of `tenantId` after `position` that
 * occurred before it, of `types` if given, oldest first, at most LOG_PAGE_EVENTS. One round trip:
 * a subscriber reads at every commit, and under load each round trip waits its turn in a busy
 * event loop. The database function `event_log_read` (migration 0030) reads the events in a
 * snapshot taken after the horizon, which is what makes every event before the horizon visible
 * to the read.
 */
export async function readLog(prisma: PrismaClient, tenantId: string, position: LogPosition, types: ReadonlySet<string> | undefined): Promise<{ events: EventEnvelope[]; horizon: Date }> {
  const rows = await prisma.$queryRaw<Array<{ horizon: Date; id: string | null } & Omit<Parameters<typeof envelopeOf>[0], 'id'>>>`
    SELECT * FROM event_log_read(${tenantId}, ${position.at}, ${position.id}, ${types ? [...types] : null}::text[], ${LOG_PAGE_EVENTS}::integer,
      make_interval(secs => ${SETTLE_MARGIN_MS / 1000}), make_interval(secs => ${READ_ONLY_GRACE_SECONDS}))`;
  const [first] = rows;
  if (!first) throw new Error('event_log_read answered no row');
  return { horizon: first.horizon, events: rows.flatMap(({ horizon: _horizon, id, ...event }) => (id === null ? [] : [envelopeOf({ ...event, id })])) };
}

/** The log's events of `tenantId` after `position`, of `types` if given. */
function afterWhere(tenantId: string, position: LogPosition, types: ReadonlySet<string> | undefined): Prisma.EventWhereInput {
  return {
    tenant_id: tenantId,
    ...(types && { type: { in: [...types] } }),
    OR: [{ occurred_at: { gt: position.at } }, { occurred_at: position.at, id: { gt: position.id } }],
  };
}

/** The position just after `event`. */
export function positionOf(event: EventEnvelope): LogPosition {
  return { at: new Date(event.occurred_at), id: event.id };
}

/**
 * Where a subscription resuming after `eventId` starts, checked before anything is subscribed:
 * the event must be in the tenant's log (`not_found` naming `field` otherwise, the same answer for
 * an unknown id, another tenant's and one the log's retention deleted: event ids are random, so
 * the three cannot be told apart, and another tenant's must not be), and at most
 * MAX_REPLAY_EVENTS events (of the requested types) may follow it (`resume_too_far_behind`).
 */
export async function resumePosition(prisma: PrismaClient, tenantId: string, eventId: string, field: string, types: ReadonlySet<string> | undefined): Promise<LogPosition | ApiError> {
  const event = await prisma.event.findUnique({ where: { tenant_id_id: { tenant_id: tenantId, id: eventId } }, select: { id: true, occurred_at: true } });
  if (!event) {
    return fieldErrors('not_found', field, `${field} names no event of your tenant's event log (${JSON.stringify(eventId)}): it is not an event id, or the event is older than the log keeps. Re-sync through GET /v1/events and subscribe without it.`);
  }
  const position = { at: event.occurred_at, id: event.id };
  const missed = await prisma.event.count({ where: afterWhere(tenantId, position, types), take: MAX_REPLAY_EVENTS + 1 });
  if (missed > MAX_REPLAY_EVENTS) {
    return new ApiError('resume_too_far_behind', `More than ${MAX_REPLAY_EVENTS} events followed ${eventId}, more than a subscription replays. Re-sync through GET /v1/events (occurred_after, sort=occurred_at), then subscribe again after the last event read.`, {
      errors: [{ field, message: `More than ${MAX_REPLAY_EVENTS} events followed it.` }],
      maximum: MAX_REPLAY_EVENTS,
    });
  }
  return position;
}

/** graphql-ws: the position each subscription start resolved from its `after` (checked in onSubscribe), by the start's request. */
export const webSocketStarts = new WeakMap<Request, LogPosition>();
