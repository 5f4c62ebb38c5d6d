import type { Prisma } from '@platform/db';
import type { SubgraphModule } from '@platform/graphql-kit';
import { deleteBulkMutationData } from './mutations/index.ts';
import { buildBulkSchema, bulkRestRoutes } from './schema/index.ts';

/** Deletes every export of a tenant (a sandbox reset), and with them (foreign keys cascade) their files. */
async function deleteBulkData(tx: Prisma.TransactionClient, tenantId: string): Promise<void> {
  await tx.export.deleteMany({ where: { tenant_id: tenantId } });
  await deleteBulkMutationData(tx, tenantId);
}

/** Bulk operations: asynchronous exports of list queries to NDJSON or CSV files. */
export const bulkSubgraph: SubgraphModule = {
  name: 'bulk',
  buildSchema: buildBulkSchema,
  restRoutes: bulkRestRoutes,
  restTags: {
    'Bulk exports': 'Asynchronous exports of any list query (its filters and selected fields, federated fields included) to NDJSON or CSV, with progress and an expiring download link.',
    'Bulk mutations': 'One mutation run once per line of an uploaded JSONL file (`POST /v1/bulk/uploads`), asynchronously, counted as one request, with progress, idempotency per line and a result file of each line’s outcome.',
  },
  graphqlOnlyFields: [],
  deleteTenantData: deleteBulkData,
};
