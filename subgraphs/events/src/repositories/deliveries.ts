import type { Db, Prisma, WebhookAttempt, WebhookDelivery, WebhookDeliveryStatus } from '@platform/db';
import { type ListWindow, keysetWhere, listPage, prismaOrderBy } from '@platform/graphql-kit';

/** Every function takes the tenant id as a required argument: no query spans tenants. */

/** A delivery with the type of its event. */
export type DeliveryRecord = WebhookDelivery & { event_type: string };

export type AttemptRecord = WebhookAttempt;

const withEventType = { event: { select: { type: true } } } as const;

function toDelivery(row: WebhookDelivery & { event: { type: string } }): DeliveryRecord {
  const { event, ...delivery } = row;
  return { ...delivery, event_type: event.type };
}

export interface DeliveryFilter {
  status?: WebhookDeliveryStatus | null;
  event_id?: string | null;
}

export async function listDeliveries(db: Db, tenantId: string, endpointId: string, filter: DeliveryFilter, window: ListWindow) {
  const where: Prisma.WebhookDeliveryWhereInput = {
    tenant_id: tenantId,
    endpoint_id: endpointId,
    ...(filter.status != null && { status: filter.status }),
    ...(filter.event_id != null && { event_id: filter.event_id }),
  };
  const keyset = keysetWhere(window) as Prisma.WebhookDeliveryWhereInput | undefined;
  const [total, rows] = await Promise.all([
    window.countTotal ? db.webhookDelivery.count({ where }) : null,
    db.webhookDelivery.findMany({ where: keyset ? { AND: [where, keyset] } : where, orderBy: prismaOrderBy(window.order), skip: window.skip, take: window.take, include: withEventType }),
  ]);
  const page = listPage(rows, window, total);
  return { ...page, data: page.data.map(toDelivery) };
}

export async function findDelivery(db: Db, tenantId: string, id: string): Promise<DeliveryRecord | null> {
  const row = await db.webhookDelivery.findUnique({ where: { tenant_id_id: { tenant_id: tenantId, id } }, include: withEventType });
  return row && toDelivery(row);
}

/** The attempts of many deliveries in one query, oldest first. */
export function attemptsOf(db: Db, tenantId: string, deliveryIds: readonly string[]): Promise<AttemptRecord[]> {
  return db.webhookAttempt.findMany({ where: { tenant_id: tenantId, delivery_id: { in: [...deliveryIds] } }, orderBy: [{ attempted_at: 'asc' }, { id: 'asc' }] });
}
