export { financeSubgraph } from './subgraph.ts';
