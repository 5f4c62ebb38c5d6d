// The analysts' workspace: saved and persisted GraphQL operations of a tenant.
export { analyticsSubgraph } from './subgraph.ts';
export { ANALYTICS_SCOPES } from './schema/saved-operations.ts';
export { type DocumentId, documentHash, parseDocumentId } from './operations/document-id.ts';
export { findSavedOperationByDocumentId } from './repositories/saved-operations.ts';
export { type OperationAnalysis, analyseOperation } from './operations/analyse.ts';
