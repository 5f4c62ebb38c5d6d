export { startPlatform, type Platform } from './platform.ts';
export type { DemoSeed } from './seed/demo.ts';
export { composeSupergraph } from './supergraph/supergraph.ts';
export { subgraphs } from './supergraph/subgraphs.ts';
export { publishedContract, type PublishedContract } from './published-contract.ts';
export { GRAPHIQL_EXAMPLE_TABS } from './edge/graphiql-examples.ts';
