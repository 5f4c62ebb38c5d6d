import type { SubgraphModule } from '@platform/graphql-kit';
import { buildWorkflowsSchema, workflowsGraphqlOnlyFields, workflowsRestRoutes } from './schema/index.ts';
import { deleteWorkflowsData } from './tenant-data.ts';

/** Workflows: automations triggered by events, schedules or the API, their runs and step logs. */
export const workflowsSubgraph: SubgraphModule = {
  name: 'workflows',
  buildSchema: buildWorkflowsSchema,
  restRoutes: workflowsRestRoutes,
  restTags: {
    Workflows: 'Automations triggered by events, schedules or the API: versioned definitions, the scopes they act with, templates.',
    'Workflow runs': 'Runs of workflows: start, follow (status and step log), cancel, decide approvals.',
  },
  graphqlOnlyFields: workflowsGraphqlOnlyFields,
  deleteTenantData: deleteWorkflowsData,
};
