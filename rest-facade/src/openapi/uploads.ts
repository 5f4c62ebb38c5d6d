import type { JsonSchema } from './json-schema.ts';
import { type RefusalStatus, refusal, successHeaders } from './problems.ts';

/**
 * File uploads to CSV connectors (`POST …/connectors/{connector_id}/uploads`): multipart, streamed
 * by the edge (gateway/src/edge/plugins/use-connector-uploads.ts), not a GraphQL field, so
 * described here by hand like the OAuth endpoints.
 */
export const uploadSchemas: Record<string, JsonSchema> = {
  ConnectorUpload: {
    type: 'object',
    description: 'A file stored for a csv connector; `start_sync` with its `upload_id` imports it. It expires 24 hours after upload.',
    required: ['id', 'connector_id', 'filename', 'content_type', 'byte_size', 'sha256', 'expires_at', 'created_at'],
    properties: {
      id: { type: 'string', pattern: '^upl_[0-9a-f]{24}$', description: 'Upload identifier (`upl_…`): the `upload_id` of the sync job that imports it.' },
      connector_id: { type: 'string', description: 'The connector (`con_…`).' },
      filename: { type: 'string', description: 'The file name the form gave.' },
      content_type: { type: 'string', description: 'The media type the form gave the file.' },
      byte_size: { type: 'integer', minimum: 0, description: 'Bytes stored.' },
      sha256: { type: 'string', pattern: '^[0-9a-f]{64}$', description: 'SHA-256 of the file, hex: compare it with your own to know the platform has your file.' },
      expires_at: { type: 'string', format: 'date-time', description: 'Until when a sync job can import it.' },
      created_at: { type: 'string', format: 'date-time', description: 'When it was uploaded.' },
    },
  },
};

export function uploadPaths(basePath: string): Record<string, unknown> {
  const statuses: RefusalStatus[] = [400, 401, 403, 404, 409, 413, 415, 429, 500, 503, 504];
  return {
    [`${basePath}/connectors/{connector_id}/uploads`]: {
      post: {
        operationId: 'upload_connector_file',
        tags: ['Connectors'],
        summary: 'Upload a CSV file to a csv connector',
        description:
          'Stores a file for a connector of kind `csv`, streamed as it arrives (never held whole), and answers its id, size and SHA-256; import it with `POST /v1/sync/jobs` `{ "connector_id", "upload_id" }`. ' +
          'Send `multipart/form-data` with the file in the field `file` (one file; other fields are ignored). A connector holds at most `UPLOADS_PER_CONNECTOR` (10) unexpired uploads (`quota_exceeded`); a connector of another kind is `invalid_state`. ' +
          'Refused: a body that is not multipart (415), a form without the `file` field or with two files (400 `validation_failed`, field `file`), a file larger than `UPLOAD_MAX_BYTES` (1 GiB by default; 413 `payload_too_large`, found as it streams in). A refused upload stores nothing.',
        security: [{ oauth2: ['sync:write'] }, { apiKey: ['sync:write'] }],
        parameters: [
          { $ref: '#/components/parameters/TenantHeader' },
          { name: 'connector_id', in: 'path', required: true, description: 'The csv connector (`con_…`).', schema: { type: 'string', minLength: 1, pattern: '^[^\\u0000]*$' } },
        ],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', contentMediaType: 'text/csv', description: 'The CSV file.' } } },
              encoding: { file: { contentType: 'text/csv, application/octet-stream' } },
            },
          },
        },
        responses: {
          201: { description: 'Stored.', headers: successHeaders({ versioned: false, write: false }), content: { 'application/json': { schema: { $ref: '#/components/schemas/ConnectorUpload' } } } },
          ...Object.fromEntries(statuses.map((status) => [status, refusal(status)])),
        },
      },
    },
  };
}
