import { type RestRoutes, createSubgraphBuilder } from '@platform/graphql-kit';
import type { GraphQLSchema } from 'graphql';
import { defineRunSchema, runRestRoutes } from './runs.ts';
import { defineTemplateSchema, templateRestRoutes } from './templates.ts';
import { defineWorkflowSchema, workflowRestRoutes } from './workflows.ts';

/** The workflows subgraph: workflows and their versions, runs and their step logs, templates. */
export function buildWorkflowsSchema(): GraphQLSchema {
  const builder = createSubgraphBuilder();
  builder.queryType({});
  builder.mutationType({});
  const workflows = defineWorkflowSchema(builder);
  defineRunSchema(builder);
  defineTemplateSchema(builder, workflows);
  return builder.toSubGraphSchema({ linkUrl: 'https://specs.apollo.dev/federation/v2.6' });
}

// Static paths first: `/workflows/runs` and `/workflows/templates` must win over the `/workflows/:id` pattern.
export const workflowsRestRoutes: RestRoutes = { ...templateRestRoutes, ...runRestRoutes, ...workflowRestRoutes };
