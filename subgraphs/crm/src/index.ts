export { crmSubgraph } from './subgraph.ts';
