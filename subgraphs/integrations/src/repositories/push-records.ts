import type { Db } from '@platform/db';

/** Every function takes the tenant and the connector: a push record is one connector's. */

/**
 * The events among `eventIds` the connector has dealt with already: pushed, or kept as a failed
 * record (a replay pushes those). A push re-reads a margin of the event log before its cursor,
 * and these are what it passes over there.
 */
export async function handledEvents(db: Db, tenantId: string, connectorId: string, eventIds: readonly string[]): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  const [pushed, failed] = await Promise.all([
    db.pushRecord.findMany({ where: { tenant_id: tenantId, connector_id: connectorId, event_id: { in: [...eventIds] } }, select: { event_id: true } }),
    db.syncFailure.findMany({ where: { tenant_id: tenantId, connector_id: connectorId, external_id: { in: [...eventIds] } }, select: { external_id: true } }),
  ]);
  return new Set([...pushed.map((record) => record.event_id), ...failed.map((failure) => failure.external_id)]);
}

/** The id the other system gave the platform record `resourceId` when an event about it was first pushed, if any. */
export async function remoteIdOf(db: Db, tenantId: string, connectorId: string, resourceId: string): Promise<string | undefined> {
  const record = await db.pushRecord.findFirst({
    where: { tenant_id: tenantId, connector_id: connectorId, resource_id: resourceId, remote_id: { not: null } },
    orderBy: { created_at: 'asc' },
    select: { remote_id: true },
  });
  return record?.remote_id ?? undefined;
}

/** Whether the event was pushed already (a replay of a record pushed meanwhile, or a push repeated after a crash). */
export async function wasPushed(db: Db, tenantId: string, connectorId: string, eventId: string): Promise<boolean> {
  return (await db.pushRecord.count({ where: { tenant_id: tenantId, connector_id: connectorId, event_id: eventId } })) > 0;
}

export async function savePushRecord(
  db: Db,
  record: { tenant_id: string; connector_id: string; event_id: string; event_type: string; resource_id: string; remote_id: string | null; response_status: number; sync_job_id: string },
): Promise<void> {
  await db.pushRecord.createMany({ data: [record], skipDuplicates: true });
}
