export { eventsSubgraph } from './subgraph.ts';
