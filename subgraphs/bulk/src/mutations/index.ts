// Bulk mutations: a GraphQL mutation run once per line of an uploaded JSONL file.
export { BULK_MUTATION_QUEUE, BULK_MUTATION_SECONDS, BulkMutationEngine, type BulkMutationEngineOptions } from './engine.ts';
export { JSONL_CONTENT_TYPES, MAX_UPLOAD_BYTES, type UploadRepresentation, receiveJsonlUpload } from './upload.ts';
export { resultDownloadId, verifyResultDownload } from './download.ts';
export { bulkMutationRestRoutes, defineBulkMutationSchema, deleteBulkMutationData } from './schema.ts';
