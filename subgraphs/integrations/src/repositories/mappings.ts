import type { ConnectorMapping, Db, Prisma } from '@platform/db';
import { type ListWindow, prismaListPage } from '@platform/graphql-kit';

export type MappingRecord = ConnectorMapping;

export async function listMappings(db: Db, tenantId: string, connectorId: string, window: ListWindow) {
  const where: Prisma.ConnectorMappingWhereInput = { tenant_id: tenantId, connector_id: connectorId };
  return prismaListPage(db.connectorMapping, where, window);
}

export function findMapping(db: Db, tenantId: string, connectorId: string, version: number): Promise<MappingRecord | null> {
  return db.connectorMapping.findUnique({ where: { tenant_id_connector_id_version: { tenant_id: tenantId, connector_id: connectorId, version } } });
}

export function createMapping(tx: Prisma.TransactionClient, data: Prisma.ConnectorMappingUncheckedCreateInput): Promise<MappingRecord> {
  return tx.connectorMapping.create({ data });
}
