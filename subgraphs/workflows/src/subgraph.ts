import type { SubgraphModule } from '@platform/graphql-kit';
import { buildWorkflowsSchema, workflowsRestRoutes } from './schema/index.ts';
import { deleteWorkflowsData } from './tenant-data.ts';

/** Workflows: automations triggered by events, schedules or the API, their runs and step logs. */
export const workflowsSubgraph: SubgraphModule = {
  name: 'workflows',
  buildSchema: buildWorkflowsSchema,
  restRoutes: workflowsRestRoutes,
  graphqlOnlyFields: ['WorkflowRun.steps'],
  deleteTenantData: deleteWorkflowsData,
};
