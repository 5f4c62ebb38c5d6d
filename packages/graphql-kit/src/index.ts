export { createSubgraphBuilder, eventEmitterOf, eventSourceOf, installPlatformScalars, type SubgraphBuilder, type SubgraphContext, type SubgraphSchemaTypes } from './builder.ts';
export {
  paginationArgs,
  pageWindow,
  listEnvelope,
  listOrder,
  fixedOrder,
  listWindow,
  listPage,
  prismaListPage,
  keysetWhere,
  keysetSql,
  orderBySql,
  prismaOrderBy,
  encodeCursor,
  decodeCursor,
  selects,
  ID_KEY,
  MAX_SORT_KEYS,
  type CursorArgument,
  type PageWindow,
  type KeyKind,
  type OrderKey,
  type OrderedKey,
  type SortKey,
  type ListOrder,
  type ListWindow,
  type ListMeta,
  type ListPage,
  DEFAULT_PER_PAGE,
  MAX_PER_PAGE,
  EXPORT_PAGE_SIZE,
  asExportPages,
  inExportWork,
  nestedFirstRule,
  nestedOffsetRule,
  MAX_CURSOR_LENGTH,
} from './pagination.ts';
export { parseArgument, parseInput, patchChanges } from './validation.ts';
export { MAX_FILTER_VALUES, STORABLE_TEXT, characterCount, filterValuesRule, emailAddress, integer, omittable, optionalEmailAddress, optionalText, requiredText, text, versionRule } from './rules.ts';
export { type InputContract, type JsonSchema, inputContract, inputRules, mergeInputContracts, ruleJsonSchema } from './input-contract.ts';
export { VERSION_DESCRIPTION, assertCurrentVersion, recordActionArgs } from './concurrency.ts';
export { sortArg } from './sorting.ts';
export { batchLoader } from './batching.ts';
export type { StockPort, StockChange, StockMovementSource, OrdersPort, InvoiceableOrder, EventsPort, EventEmitter, EventSource, NewEvent, WebhookAttemptResult, SyncPort, WorkflowsPort, OperationCheck, ConnectorUploadRepresentation, PlatformOperation, PlatformOperationResult, PlatformOperationExecutor, AiPort, BulkPort, LanguageModelSettings, SignInPort } from './ports.ts';
export type { RestRoutes } from './rest-routes.ts';
export type { SubgraphModule } from './subgraph-module.ts';
export { defineLifecycle } from './lifecycle.ts';
export { rootFieldScopes, type ScopeRequirement } from './operation-scopes.ts';
export { type Deprecation, MINIMUM_DEPRECATION_DAYS, deprecationHeaders, parseDeprecation } from './deprecation.ts';
export { type AggregateCaller, type AggregateDeclaration, type AggregateDimension, type AggregateFilter, type AggregateMeasure, atMost, atOrAfter, before, condition, containsText, equalTo, filterArgs, isSet, oneOf } from './aggregates/declaration.ts';
export { type AggregateRequest, aggregateRequest, MAX_GROUP_LIMIT } from './aggregates/request.ts';
export { assertRanges, checkedFilter, escapeLike, instantRange, searchText, valueRange } from './list-filters.ts';
export { type AggregateResult, aggregateStatement, runAggregate } from './aggregates/statement.ts';
export { aggregateRoute, defineAggregateField, defineEntityAggregateField } from './aggregates/schema.ts';
