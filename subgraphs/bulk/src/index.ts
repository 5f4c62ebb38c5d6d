// Bulk operations: asynchronous exports of list queries (and, later, bulk writes).
export { bulkSubgraph } from './subgraph.ts';
export { BULK_EXPORT_QUEUE, BULK_EXPORT_SECONDS, BulkExportEngine, type BulkExportEngineOptions } from './engine/engine.ts';
export { downloadLinkKey, signDownloadToken, verifyDownloadToken } from './download-link.ts';
export { type Download, downloadedExportId, verifyDownload } from './download.ts';
export * from './mutations/index.ts';
