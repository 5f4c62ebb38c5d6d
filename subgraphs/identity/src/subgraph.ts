import type { SubgraphModule } from '@platform/graphql-kit';
import { buildIdentitySchema, identityRestRoutes } from './schema/index.ts';

/** Core & Auth: tenants, OAuth clients, API keys, users, roles and the audit trail. */
export const identitySubgraph: SubgraphModule = { name: 'identity', buildSchema: buildIdentitySchema, restRoutes: identityRestRoutes, graphqlOnlyFields: [] };
