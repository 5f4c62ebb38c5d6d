export { inventorySubgraph } from './subgraph.ts';
