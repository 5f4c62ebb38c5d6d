import type { Db, Event, Prisma } from '@platform/db';
import { CUSTOM_EVENT_PREFIX, type EventEnvelope, envelopeOf, mayReceive, platformEventTypes } from '@platform/events';
import { type ListWindow, keysetWhere, listPage, prismaOrderBy } from '@platform/graphql-kit';

/** Every function takes the tenant id as a required argument: no query spans tenants. */

export interface EventFilter {
  type?: string | null;
  resource_id?: string | null;
  occurred_after?: Date | null;
  occurred_before?: Date | null;
}

/**
 * The event types a credential may receive: the platform types whose record its scopes read, and
 * the `custom.` namespace when it holds `events:read`.
 */
export function receivableTypes(scopes: ReadonlySet<string>): { platformTypes: string[]; custom: boolean } {
  return { platformTypes: Object.keys(platformEventTypes).filter((type) => mayReceive(type, scopes)), custom: mayReceive(`${CUSTOM_EVENT_PREFIX}event`, scopes) };
}

/** The event types a credential may receive, as a condition (see `receivableTypes`). */
export function receivableWhere(scopes: ReadonlySet<string>): Prisma.EventWhereInput {
  const { platformTypes, custom } = receivableTypes(scopes);
  const any: Prisma.EventWhereInput[] = [{ type: { in: platformTypes } }];
  if (custom) any.push({ type: { startsWith: CUSTOM_EVENT_PREFIX } });
  return { OR: any };
}

function eventWhere(tenantId: string, scopes: ReadonlySet<string>, filter: EventFilter): Prisma.EventWhereInput {
  const where: Prisma.EventWhereInput = { tenant_id: tenantId, ...receivableWhere(scopes) };
  if (filter.type != null) where.type = filter.type;
  if (filter.resource_id != null) where.resource_id = filter.resource_id;
  if (filter.occurred_after != null || filter.occurred_before != null) {
    where.occurred_at = { ...(filter.occurred_after != null && { gte: filter.occurred_after }), ...(filter.occurred_before != null && { lt: filter.occurred_before }) };
  }
  return where;
}

export async function listEvents(db: Db, tenantId: string, scopes: ReadonlySet<string>, filter: EventFilter, window: ListWindow) {
  const where = eventWhere(tenantId, scopes, filter);
  const keyset = keysetWhere(window) as Prisma.EventWhereInput | undefined;
  const [total, rows] = await Promise.all([
    window.countTotal ? db.event.count({ where }) : null,
    db.event.findMany({ where: keyset ? { AND: [where, keyset] } : where, orderBy: prismaOrderBy(window.order), skip: window.skip, take: window.take }),
  ]);
  const page = listPage(rows, window, total);
  return { ...page, data: page.data.map(envelopeOf) };
}

export async function findEvents(db: Db, tenantId: string, ids: readonly string[]): Promise<EventEnvelope[]> {
  return (await db.event.findMany({ where: { tenant_id: tenantId, id: { in: [...ids] } } })).map(envelopeOf);
}

export async function findEvent(db: Db, tenantId: string, id: string): Promise<Event | null> {
  return db.event.findUnique({ where: { tenant_id_id: { tenant_id: tenantId, id } } });
}

/** Events of `types` in `[after, before)`, oldest first, at most `limit` (the caller counts first). */
export async function eventIdsInRange(db: Db, tenantId: string, types: string[], after: Date, before: Date, limit: number): Promise<{ total: number; ids: string[] }> {
  const where: Prisma.EventWhereInput = { tenant_id: tenantId, type: { in: types }, occurred_at: { gte: after, lt: before } };
  const total = await db.event.count({ where });
  if (total > limit) return { total, ids: [] };
  const rows = await db.event.findMany({ where, orderBy: [{ occurred_at: 'asc' }, { id: 'asc' }], select: { id: true } });
  return { total, ids: rows.map((row) => row.id) };
}
