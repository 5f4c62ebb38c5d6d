import type { RestRoutes } from '@platform/graphql-kit';
import { buildIdentitySchema, identityRestRoutes } from '@platform/subgraph-identity';
import { buildInventorySchema, inventoryGraphqlOnlyFields, inventoryRestRoutes } from '@platform/subgraph-inventory';
import type { GraphQLSchema } from 'graphql';

export interface SubgraphModule {
  name: string;
  buildSchema(): GraphQLSchema;
  restRoutes: RestRoutes;
  graphqlOnlyFields: string[];
}

/** Every domain subgraph of the supergraph. A new domain is one more entry here. */
export const subgraphs: SubgraphModule[] = [
  { name: 'identity', buildSchema: buildIdentitySchema, restRoutes: identityRestRoutes, graphqlOnlyFields: [] },
  { name: 'inventory', buildSchema: buildInventorySchema, restRoutes: inventoryRestRoutes, graphqlOnlyFields: inventoryGraphqlOnlyFields },
];
