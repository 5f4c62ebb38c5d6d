import type { Db, ExternalLink, Prisma } from '@platform/db';

export type LinkRecord = ExternalLink;

export interface ExternalKey {
  tenantId: string;
  connectorId: string;
  stream: string;
  externalId: string;
}

export function findLink(db: Db, key: ExternalKey): Promise<LinkRecord | null> {
  return db.externalLink.findUnique({ where: { tenant_id_connector_id_stream_external_id: { tenant_id: key.tenantId, connector_id: key.connectorId, stream: key.stream, external_id: key.externalId } } });
}

/** Records (or moves) the link of an external record to the platform record it produced. */
export async function saveLink(db: Db | Prisma.TransactionClient, key: ExternalKey, resource: { type: string; id: string }, inputHash: string): Promise<void> {
  await db.externalLink.upsert({
    where: { tenant_id_connector_id_stream_external_id: { tenant_id: key.tenantId, connector_id: key.connectorId, stream: key.stream, external_id: key.externalId } },
    create: { tenant_id: key.tenantId, connector_id: key.connectorId, stream: key.stream, external_id: key.externalId, resource_type: resource.type, resource_id: resource.id, input_hash: inputHash },
    update: { resource_type: resource.type, resource_id: resource.id, input_hash: inputHash },
  });
}
