// The integrations domain: its subgraph (connectors, mappings, sync jobs), the sync engine the
// platform runs on its job queue, and the connector kinds and mapping engine they are made of.
export { integrationsSubgraph } from './subgraph.ts';
export { PAGE_ALLOWANCE_SECONDS, SYNC_QUEUE, SyncEngine, type SyncEngineOptions, pushRequestConsumer } from './sync/engine.ts';
export { type ConnectionCheck, type ReadOptions, type SourceConnector, SourceError, type SourcePage, type SourceRecord } from './connectors/source.ts';
export { DEFAULT_OUTBOUND_HTTP, type OutboundHttp, type OutboundHttpOptions, createOutboundHttp } from './connectors/http.ts';
export * from './connectors/rest/index.ts';
export * from './connectors/shopify/index.ts';
export * from './connectors/csv/index.ts';
export * from './mapping/index.ts';
