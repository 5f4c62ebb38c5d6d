export { createSubgraphBuilder, type SubgraphBuilder, type SubgraphContext } from './builder.ts';
export { paginationArgs, pageWindow, listEnvelope, type PageWindow } from './pagination.ts';
export { parseInput, patchChanges } from './validation.ts';
export type { RestRoutes } from './rest-routes.ts';
