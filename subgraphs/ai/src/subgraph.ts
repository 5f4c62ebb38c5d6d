import type { SubgraphModule } from '@platform/graphql-kit';
import { aiRestRoutes, buildAiSchema } from './schema/index.ts';
import { deleteAiData } from './tenant-data.ts';

/** AI & Copilot: natural-language questions over operations data, document extraction, agent tasks. */
export const aiSubgraph: SubgraphModule = {
  name: 'ai',
  buildSchema: buildAiSchema,
  restRoutes: aiRestRoutes,
  restTags: {
    Copilot: 'Questions in plain English over the tenant’s operations data, answered with structured results and the GraphQL operations behind them, with the caller’s own credential.',
    'Document extraction': 'Supplier invoices and purchase orders (PDF, scans, text, e-mail) read field by field with confidences, cross-checked, and turned into drafts.',
    'Agent tasks': 'Goals planned into writes over the platform’s operations, approved by a person, executed on the job queue with a step log.',
  },
  graphqlOnlyFields: [],
  deleteTenantData: deleteAiData,
};
