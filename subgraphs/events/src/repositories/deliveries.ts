import type { Db, Prisma, WebhookAttempt, WebhookDelivery, WebhookDeliveryStatus } from '@platform/db';
import type { PageWindow, SortOrder } from '@platform/graphql-kit';

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

export async function listDeliveries(db: Db, tenantId: string, endpointId: string, filter: DeliveryFilter, orderBy: SortOrder<'created_at'>, window: PageWindow) {
  const where: Prisma.WebhookDeliveryWhereInput = {
    tenant_id: tenantId,
    endpoint_id: endpointId,
    ...(filter.status != null && { status: filter.status }),
    ...(filter.event_id != null && { event_id: filter.event_id }),
  };
  const [total, rows] = await Promise.all([db.webhookDelivery.count({ where }), db.webhookDelivery.findMany({ where, orderBy, skip: window.skip, take: window.per_page, include: withEventType })]);
  return { data: rows.map(toDelivery), meta: { total, page: window.page, per_page: window.per_page } };
}

export async function findDelivery(db: Db, tenantId: string, id: string): Promise<DeliveryRecord | null> {
  const row = await db.webhookDelivery.findUnique({ where: { tenant_id_id: { tenant_id: tenantId, id } }, include: withEventType });
  return row && toDelivery(row);
}

/** The attempts of many deliveries in one query, oldest first. */
export function attemptsOf(db: Db, tenantId: string, deliveryIds: readonly string[]): Promise<AttemptRecord[]> {
  return db.webhookAttempt.findMany({ where: { tenant_id: tenantId, delivery_id: { in: [...deliveryIds] } }, orderBy: [{ attempted_at: 'asc' }, { id: 'asc' }] });
}
