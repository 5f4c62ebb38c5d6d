export { type CsvConfig, type CsvConfigInput, MAX_RECORD_BYTES_LIMIT, csvConfigSchema } from './config.ts';
export { createCsvSource } from './csv-source.ts';
export { type MultipartUpload, type MultipartUploadOptions, REFUSED_UPLOAD_DISCARD, UploadError, type UploadErrorCode, readMultipartUpload } from './multipart-upload.ts';
