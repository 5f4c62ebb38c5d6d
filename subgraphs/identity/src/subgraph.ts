import type { SubgraphModule } from '@platform/graphql-kit';
import { buildIdentitySchema, identityRestRoutes } from './schema/index.ts';

/** Core & Auth: tenants, OAuth clients, API keys, users, roles and the audit trail. */
export const identitySubgraph: SubgraphModule = {
  name: 'identity',
  buildSchema: buildIdentitySchema,
  restRoutes: identityRestRoutes,
  restTags: {
    Auth: 'Access tokens (OAuth 2.0 client credentials), API keys, client secrets and the scope catalogue.',
    Tenants: "The credential's tenant: its plan and limits, and resetting a sandbox.",
    Users: 'People of the tenant and their roles.',
    Roles: 'Named sets of scopes given to users.',
    Audit: 'The tamper-evident record of every request.',
  },
  graphqlOnlyFields: [],
};
