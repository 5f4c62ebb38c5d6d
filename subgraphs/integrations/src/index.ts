// The integrations domain so far: the connector kinds and the field mappings a sync will run.
export { type ConnectionCheck, type ReadOptions, type SourceConnector, SourceError, type SourcePage, type SourceRecord } from './connectors/source.ts';
export { DEFAULT_OUTBOUND_HTTP, type OutboundHttp, type OutboundHttpOptions, createOutboundHttp } from './connectors/http.ts';
export * from './connectors/rest/index.ts';
export * from './connectors/shopify/index.ts';
export * from './connectors/csv/index.ts';
export * from './mapping/index.ts';
