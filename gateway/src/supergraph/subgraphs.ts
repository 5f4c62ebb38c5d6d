import type { SubgraphModule } from '@platform/graphql-kit';
import { aiSubgraph } from '@platform/subgraph-ai';
import { bulkSubgraph } from '@platform/subgraph-bulk';
import { analyticsSubgraph } from '@platform/subgraph-analytics';
import { crmSubgraph } from '@platform/subgraph-crm';
import { eventsSubgraph } from '@platform/subgraph-events';
import { financeSubgraph } from '@platform/subgraph-finance';
import { identitySubgraph } from '@platform/subgraph-identity';
import { integrationsSubgraph } from '@platform/subgraph-integrations';
import { inventorySubgraph } from '@platform/subgraph-inventory';
import { workflowsSubgraph } from '@platform/subgraph-workflows';

export type { SubgraphModule };

/** Every domain subgraph of the supergraph. A new domain is one more entry here. */
export const subgraphs: SubgraphModule[] = [identitySubgraph, inventorySubgraph, crmSubgraph, financeSubgraph, eventsSubgraph, integrationsSubgraph, workflowsSubgraph, aiSubgraph, analyticsSubgraph, bulkSubgraph];
