import { type JsonSchema, idPattern } from './json-schema.ts';
import { type RefusalStatus, refusal, successHeaders } from './problems.ts';

/**
 * The bulk domain's files, REST-only routes served by edge plugins rather than GraphQL fields
 * (gateway/src/edge/plugins/use-bulk-uploads.ts, use-signed-downloads.ts), so described here by
 * hand like connector uploads: the JSONL upload a bulk mutation runs, an export's file and a bulk
 * mutation's result file by their signed links.
 */
export const bulkFileSchemas: Record<string, JsonSchema> = {
  BulkUpload: {
    type: 'object',
    description: 'A JSONL file stored for a bulk mutation (`create_bulk_mutation` with its `upload_id`). It expires 24 hours after upload.',
    required: ['id', 'lines', 'bytes', 'expires_at'],
    properties: {
      id: { type: 'string', pattern: idPattern('bku'), description: 'Upload identifier (`bku_…`): the `upload_id` of the bulk mutation that runs it.' },
      lines: { type: 'integer', minimum: 1, description: 'Lines stored: one run of the mutation each.' },
      bytes: { type: 'integer', minimum: 1, description: 'Bytes stored.' },
      expires_at: { type: 'string', format: 'date-time', description: 'Until when a bulk mutation can run it.' },
    },
  },
};

const signedLinkParameters = (what: string) => [
  { name: 'id', in: 'path', required: true, description: what, schema: { type: 'string', pattern: '^[A-Za-z0-9_]{1,100}$' } },
  { name: 'token', in: 'query', required: true, description: 'The link’s signature and expiry, as the link carries it. Never send the link to anyone who should not read the file: it is the credential.', schema: { type: 'string', minLength: 1 } },
];

/** Answers of a signed link: the link is the credential, so there is no 401; a bad link is a 403, an expired one a 410. */
const SIGNED_LINK_REFUSALS: RefusalStatus[] = [400, 403, 404, 409, 410, 429, 500, 503, 504];

const fileHeaders = {
  'Content-Disposition': { description: 'An attachment named after the file (`exp_….ndjson`).', required: true, schema: { type: 'string' } },
  'Content-Length': { description: 'The file’s size in bytes.', required: true, schema: { type: 'integer', minimum: 0 } },
};

export function bulkFilePaths(basePath: string): Record<string, unknown> {
  const uploadRefusals: RefusalStatus[] = [400, 401, 403, 413, 415, 422, 429, 500, 503, 504];
  return {
    [`${basePath}/bulk/uploads`]: {
      post: {
        operationId: 'upload_bulk_file',
        tags: ['Bulk mutations'],
        summary: 'Upload the JSONL file of a bulk mutation',
        description:
          'Stores the lines a bulk mutation runs (`POST /v1/bulk/mutations` with the `upload_id`): one JSON object per line, the variables of one run of the mutation, read and checked line by line as it arrives (never held whole). ' +
          'Send it as `application/x-ndjson` (or `application/jsonl`). Refused, storing nothing: a body of another media type (415), an empty file, or a line that is not one JSON object or is longer than 1 MiB (422 `rule_violation` naming `lines.<n>`: the document states only bytes), a file larger than 50 MB (413 `payload_too_large`). One request against the rate limit, whatever its size.',
        security: [{ oauth2: ['bulk:write'] }, { apiKey: ['bulk:write'] }],
        parameters: [{ $ref: '#/components/parameters/TenantHeader' }],
        requestBody: {
          required: true,
          // One media type stated (`application/jsonl` is accepted too): generators give an operation one body type.
          content: { 'application/x-ndjson': { schema: { type: 'string', format: 'binary', description: 'JSON objects, one per line (UTF-8).' } } },
        },
        responses: {
          201: { description: 'Stored.', headers: successHeaders({ versioned: false, write: false }), content: { 'application/json': { schema: { $ref: '#/components/schemas/BulkUpload' } } } },
          ...Object.fromEntries(uploadRefusals.map((status) => [status, refusal(status)])),
        },
      },
    },
    [`${basePath}/bulk/exports/{id}/download`]: {
      get: {
        operationId: 'download_bulk_export',
        tags: ['Bulk exports'],
        summary: 'Download a completed export’s file by its signed link',
        description:
          'The `download_url` of a completed export (`GET /v1/bulk/exports/{id}`), usable without credentials until `download_expires_at`: streamed from the platform, NDJSON (one record per line) or CSV (a header of the selected leaves). ' +
          'An altered link, or one of another export, is a 403 `download_link_invalid`; an expired one a 410 `download_link_expired` (read the export again for a fresh link); an export deleted after its retention a 404.',
        security: [],
        parameters: signedLinkParameters('The export (`exp_…`).'),
        responses: {
          200: {
            description: 'The file.',
            headers: fileHeaders,
            content: {
              'application/x-ndjson': { schema: { type: 'string', description: 'One JSON record per line.' } },
              'text/csv': { schema: { type: 'string', description: 'RFC 4180 CSV with a header line.' } },
            },
          },
          ...Object.fromEntries(SIGNED_LINK_REFUSALS.map((status) => [status, refusal(status)])),
        },
      },
    },
    [`${basePath}/bulk/mutations/{id}/results`]: {
      get: {
        operationId: 'download_bulk_mutation_results',
        tags: ['Bulk mutations'],
        summary: 'Download a bulk mutation’s result file by its signed link',
        description:
          'The `result_url` of an ended bulk mutation (`GET /v1/bulk/mutations/{id}`), usable without credentials until `result_url_expires_at`: one JSON line per input line that ran, in order, `{"line": n, "ok": true, "data": {…}}` or `{"line": n, "ok": false, "problem": {…}}`. ' +
          'An altered link is a 403 `download_link_invalid`, an expired one a 410 `download_link_expired`.',
        security: [],
        parameters: signedLinkParameters('The bulk mutation (`bmu_…`).'),
        responses: {
          200: { description: 'The result file.', headers: fileHeaders, content: { 'application/x-ndjson': { schema: { type: 'string', description: 'One JSON outcome per line.' } } } },
          ...Object.fromEntries(SIGNED_LINK_REFUSALS.map((status) => [status, refusal(status)])),
        },
      },
    },
  };
}
