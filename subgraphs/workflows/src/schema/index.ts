import { type RestRoutes, createSubgraphBuilder } from '@platform/graphql-kit';
import type { GraphQLSchema } from 'graphql';
import { defineWorkflowAggregates, workflowAggregateRestRoutes } from './aggregates.ts';
import { defineRunSchema, runRestRoutes } from './runs.ts';
import { defineTemplateSchema, templateRestRoutes } from './templates.ts';
import { defineWorkflowSchema, workflowRestRoutes } from './workflows.ts';

/** The workflows subgraph: workflows and their versions, runs and their step logs, templates. */
export function buildWorkflowsSchema(): GraphQLSchema {
  const builder = createSubgraphBuilder();
  builder.queryType({});
  builder.mutationType({});
  const workflows = defineWorkflowSchema(builder);
  defineWorkflowAggregates(builder, { ...workflows, ...defineRunSchema(builder) });
  defineTemplateSchema(builder, workflows);
  return builder.toSubGraphSchema({ linkUrl: 'https://specs.apollo.dev/federation/v2.6' });
}

// Static paths first: `/workflows/runs`, `/workflows/runs/aggregate` and `/workflows/templates` must win over the `/workflows/:id` pattern.
export const workflowsRestRoutes: RestRoutes = { ...workflowAggregateRestRoutes, ...templateRestRoutes, ...runRestRoutes, ...workflowRestRoutes };

/** Navigation and aggregates as fields of entities: GraphQL only, so REST returns flat records. */
export const workflowsGraphqlOnlyFields = ['WorkflowRun.steps', 'Workflow.runs_aggregate'];
