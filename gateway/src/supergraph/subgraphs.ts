import type { Prisma } from '@platform/db';
import type { RestRoutes } from '@platform/graphql-kit';
import { buildIdentitySchema, identityRestRoutes } from '@platform/subgraph-identity';
import { buildInventorySchema, deleteInventoryData, inventoryGraphqlOnlyFields, inventoryRestRoutes } from '@platform/subgraph-inventory';
import type { GraphQLSchema } from 'graphql';

export interface SubgraphModule {
  name: string;
  buildSchema(): GraphQLSchema;
  restRoutes: RestRoutes;
  graphqlOnlyFields: string[];
  /** Deletes the domain's business data of one tenant (sandbox reset); credentials and audit stay. */
  deleteTenantData?: (tx: Prisma.TransactionClient, tenantId: string) => Promise<void>;
}

/** Every domain subgraph of the supergraph. A new domain is one more entry here. */
export const subgraphs: SubgraphModule[] = [
  { name: 'identity', buildSchema: buildIdentitySchema, restRoutes: identityRestRoutes, graphqlOnlyFields: [] },
  { name: 'inventory', buildSchema: buildInventorySchema, restRoutes: inventoryRestRoutes, graphqlOnlyFields: inventoryGraphqlOnlyFields, deleteTenantData: deleteInventoryData },
];
