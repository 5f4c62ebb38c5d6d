import { type RestRoutes, createSubgraphBuilder } from '@platform/graphql-kit';
import type { GraphQLSchema } from 'graphql';
import { connectorRestRoutes, defineConnectorSchema } from './connectors.ts';
import { defineMappingError, defineMappingSchema, mappingRestRoutes } from './mappings.ts';
import { defineSyncJobSchema, syncJobRestRoutes } from './sync-jobs.ts';

/** The integrations subgraph: connectors, their field mappings, sync jobs and their failed records. */
export function buildIntegrationsSchema(): GraphQLSchema {
  const builder = createSubgraphBuilder();
  builder.queryType({});
  builder.mutationType({});
  defineConnectorSchema(builder);
  const MappingError = defineMappingError(builder);
  defineMappingSchema(builder, MappingError);
  defineSyncJobSchema(builder, MappingError);
  return builder.toSubGraphSchema({ linkUrl: 'https://specs.apollo.dev/federation/v2.6' });
}

// Static paths first: `/connectors/mapping-targets` must win over the `/connectors/:id` pattern.
export const integrationsRestRoutes: RestRoutes = { ...mappingRestRoutes, ...connectorRestRoutes, ...syncJobRestRoutes };
