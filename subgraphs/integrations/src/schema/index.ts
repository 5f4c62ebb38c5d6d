import { type RestRoutes, createSubgraphBuilder } from '@platform/graphql-kit';
import type { GraphQLSchema } from 'graphql';
import { defineIntegrationsAggregates, integrationsAggregateRestRoutes } from './aggregates.ts';
import { connectorRestRoutes, defineConnectorSchema } from './connectors.ts';
import { defineMappingError, defineMappingSchema, mappingRestRoutes } from './mappings.ts';
import { defineSyncJobSchema, syncJobRestRoutes } from './sync-jobs.ts';

/** The integrations subgraph: connectors, their field mappings, sync jobs and their failed records. */
export function buildIntegrationsSchema(): GraphQLSchema {
  const builder = createSubgraphBuilder();
  builder.queryType({});
  builder.mutationType({});
  const connectors = defineConnectorSchema(builder);
  const MappingError = defineMappingError(builder);
  defineMappingSchema(builder, MappingError);
  const syncJobs = defineSyncJobSchema(builder, MappingError);
  defineIntegrationsAggregates(builder, { ...connectors, ...syncJobs });
  return builder.toSubGraphSchema({ linkUrl: 'https://specs.apollo.dev/federation/v2.6' });
}

// Static paths first: `/connectors/mapping-targets` and `/sync/jobs/aggregate` must win over the `/connectors/:id` and `/sync/jobs/:id` patterns.
export const integrationsRestRoutes: RestRoutes = { ...integrationsAggregateRestRoutes, ...mappingRestRoutes, ...connectorRestRoutes, ...syncJobRestRoutes };

/** Aggregates as fields of entities: GraphQL only, so REST returns flat records. */
export const integrationsGraphqlOnlyFields = ['Connector.sync_jobs_aggregate'];
