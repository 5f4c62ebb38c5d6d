import { type RestRoutes, createSubgraphBuilder } from '@platform/graphql-kit';
import type { GraphQLSchema } from 'graphql';
import { defineIdentityAggregates, identityAggregateRestRoutes } from './aggregates.ts';
import { credentialRestRoutes, defineCredentialSchema } from './api-keys.ts';
import { auditRestRoutes, defineAuditSchema } from './audit.ts';
import { defineIdentityProviderSchema, identityProviderRestRoutes } from './identity-providers.ts';
import { defineOAuthClientSchema, oauthClientRestRoutes } from './oauth-clients.ts';
import { defineRoleSchema, roleRestRoutes } from './roles.ts';
import { defineTenantSchema, tenantRestRoutes } from './tenants.ts';
import { defineUserSchema, userRestRoutes } from './users.ts';

/** The identity subgraph: one module per concern, each adding its types, fields and REST routes. */
export function buildIdentitySchema(): GraphQLSchema {
  const builder = createSubgraphBuilder();
  builder.queryType({});
  builder.mutationType({});
  defineTenantSchema(builder);
  defineCredentialSchema(builder);
  defineOAuthClientSchema(builder);
  defineUserSchema(builder);
  defineRoleSchema(builder);
  defineIdentityAggregates(builder, defineAuditSchema(builder));
  defineIdentityProviderSchema(builder);
  return builder.toSubGraphSchema({ linkUrl: 'https://specs.apollo.dev/federation/v2.6' });
}

export const identityRestRoutes: RestRoutes = { ...tenantRestRoutes, ...credentialRestRoutes, ...oauthClientRestRoutes, ...userRestRoutes, ...roleRestRoutes, ...identityAggregateRestRoutes, ...auditRestRoutes, ...identityProviderRestRoutes };
