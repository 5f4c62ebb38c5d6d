import type { SubgraphModule } from '@platform/graphql-kit';
import { buildFinanceSchema, financeGraphqlOnlyFields, financeRestExamples, financeRestRoutes } from './schema/index.ts';
import { deleteFinanceData } from './tenant-data.ts';

/** Finance: invoices (receivables) and the general ledger (double-entry journal entries). */
export const financeSubgraph: SubgraphModule = {
  name: 'finance',
  buildSchema: buildFinanceSchema,
  restRoutes: financeRestRoutes,
  restExamples: financeRestExamples,
  restTags: {
    Finance: 'Invoices and the double-entry ledger.',
  },
  graphqlOnlyFields: financeGraphqlOnlyFields,
  deleteTenantData: deleteFinanceData,
};
