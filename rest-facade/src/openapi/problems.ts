import { type ErrorCode, errorCatalogue } from '@platform/errors';
import type { Deprecation } from '@platform/graphql-kit';
import { problemExample } from './examples.ts';
import type { JsonSchema } from './json-schema.ts';

/** RFC 9457 problem details with the platform's members; every refusal of the REST facade is one. */
export const problemSchema: JsonSchema = {
  type: 'object',
  description: 'RFC 9457 problem details. `code` is stable: branch on it, not on `title` or `detail`.',
  required: ['type', 'title', 'status', 'detail', 'instance', 'code', 'request_id'],
  properties: {
    type: { type: 'string', description: 'URI reference to the documentation of the error code (`/docs/errors#<code>`).' },
    title: { type: 'string', description: 'Short summary of the error code.' },
    status: { type: 'integer', minimum: 400, maximum: 599, description: 'The HTTP status, repeated.' },
    detail: { type: 'string', description: 'What went wrong, for a person.' },
    instance: { type: 'string', description: 'The request path.' },
    code: { type: 'string', enum: Object.keys(errorCatalogue), description: 'Stable machine-readable error code (see `/docs/errors`).' },
    request_id: { type: 'string', description: 'Also in the `X-Request-Id` header; quote it to support.' },
    errors: {
      type: 'array',
      description: 'Each parameter or body field at fault (`invalid_parameter`, `validation_failed`, `rule_violation`, …).',
      items: {
        type: 'object',
        required: ['field', 'message'],
        properties: { field: { type: 'string', description: 'Dotted path of the field (`lines.0.quantity`); empty for the body as a whole.' }, message: { type: 'string' } },
      },
    },
    required_scope: { type: 'string', description: 'With `insufficient_scope`: the scope the operation needs.' },
    current_version: { type: 'integer', description: 'With `version_conflict` and `precondition_failed`: the record\'s current version.' },
    current_status: { type: 'string', description: 'With `invalid_transition`: the record\'s status.' },
    allowed_actions: { type: 'array', items: { type: 'string' }, description: 'With `invalid_transition`: the actions the current status allows.' },
    allowed_methods: { type: 'array', items: { type: 'string' }, description: 'With `method_not_allowed`: the methods the path accepts (also in `Allow`).' },
    limit: { type: 'string', description: 'With `query_too_complex`, `input_too_large`, `quota_exceeded`, `too_many_subscriptions`: which limit.' },
    maximum: { type: 'integer', description: 'The value of that limit.' },
    limit_bytes: { type: 'integer', description: 'With `payload_too_large`: the largest body accepted.' },
  },
};

const integerHeader = (description: string, required = true) => ({ description, required, schema: { type: 'integer', minimum: 0 } });

/** Headers of every answer to an authenticated request (its rate-limit window) and of every answer at all. */
export const headers = {
  'X-Request-Id': { description: 'Identifies the request in logs and in the audit trail; also `request_id` of a problem.', required: true, schema: { type: 'string' } },
  'RateLimit-Limit': integerHeader("Requests the tenant's plan allows in the current window."),
  'RateLimit-Remaining': integerHeader('Requests left in the current window.'),
  'RateLimit-Reset': integerHeader('Seconds until the window resets.'),
  'Retry-After': { description: 'Seconds to wait before retrying.', required: true, schema: { type: 'integer', minimum: 1 } },
  ETag: { description: 'The record\'s version (`"3"`), for `If-Match`.', required: true, schema: { type: 'string', pattern: '^"[0-9]+"$' } },
  'Query-Cost': {
    description:
      'The cost of the GraphQL operation the route ran (an RFC 8941 dictionary: `requested=12, actual=3, budget=25000`): `requested` its estimate, `actual` the objects the answer holds, `budget` the complexity limit (GraphQL answers carry the same as `extensions.cost`).',
    required: false,
    schema: { type: 'string', pattern: '^requested=[0-9]+, actual=[0-9]+, budget=[0-9]+$' },
  },
  'Idempotent-Replayed': { description: '`true` when this is the stored answer to an earlier request with the same `Idempotency-Key`.', required: false, schema: { type: 'string', enum: ['true'] } },
} as const;

const headerRef = (name: keyof typeof headers) => ({ $ref: `#/components/headers/${name}` });

/** The headers of a successful answer. */
export function successHeaders(options: { versioned: boolean; write: boolean; costed?: boolean; deprecation?: Deprecation }): Record<string, unknown> {
  const { deprecation } = options;
  return {
    'X-Request-Id': headerRef('X-Request-Id'),
    'RateLimit-Limit': headerRef('RateLimit-Limit'),
    'RateLimit-Remaining': headerRef('RateLimit-Remaining'),
    'RateLimit-Reset': headerRef('RateLimit-Reset'),
    ...(options.costed && { 'Query-Cost': headerRef('Query-Cost') }),
    ...(options.versioned && { ETag: headerRef('ETag') }),
    ...(options.write && { 'Idempotent-Replayed': headerRef('Idempotent-Replayed') }),
    // Inline rather than components: only deprecated operations have them, and an unused component is a lint warning.
    ...(deprecation && {
      Deprecation: { description: `The operation is deprecated since this instant (RFC 9745): ${deprecation.reason}`, required: true, schema: { type: 'string', pattern: '^@-?[0-9]+$' } },
      ...(deprecation.sunsetAt && { Sunset: { description: 'The operation may be removed from this date (RFC 8594).', required: true, schema: { type: 'string' } } }),
    }),
  };
}

/** The refusals every operation may answer, by status: a shared response each. */
const refusals = {
  400: { name: 'BadRequest', what: 'The request does not match the operation\'s published schema' },
  401: { name: 'Unauthorized', what: 'No credential, or one that is malformed, expired or revoked' },
  403: { name: 'Forbidden', what: 'The credential belongs to another tenant than `X-Service-Tenant`, or lacks the scope the operation needs' },
  404: { name: 'NotFound', what: 'No such record in this tenant (records of other tenants are not found either)' },
  409: { name: 'Conflict', what: 'The request conflicts with the record\'s state, its version, a quota or an earlier request with the same `Idempotency-Key`' },
  410: { name: 'Gone', what: 'What the request names is no longer available: a signed link past its expiry (ask for a fresh one), a resume point too far behind' },
  412: { name: 'PreconditionFailed', what: '`If-Match` does not name the record\'s current version' },
  413: { name: 'PayloadTooLarge', what: 'The body is larger than the platform accepts; it is refused while it streams in' },
  415: { name: 'UnsupportedMediaType', what: 'The body is not `application/json`' },
  422: { name: 'RuleViolation', what: 'The request matches the schema but breaks a rule it cannot state (listed in the operation\'s description)' },
  429: { name: 'TooManyRequests', what: 'Over the tenant\'s rate limit (or too many failed credentials from this address); retry after `Retry-After` seconds' },
  500: { name: 'InternalError', what: 'A defect on the platform\'s side; the body carries only the request id' },
  503: { name: 'ServiceUnavailable', what: 'The platform or its database cannot serve the request right now; retry after `Retry-After` seconds (a write with the same `Idempotency-Key`)' },
  504: { name: 'GatewayTimeout', what: 'The request did not complete within the platform\'s deadline; nothing it had not committed was kept' },
} as const;

export type RefusalStatus = keyof typeof refusals;

function codesWithStatus(status: number): ErrorCode[] {
  return (Object.keys(errorCatalogue) as ErrorCode[]).filter((code) => errorCatalogue[code].status === status);
}

/** The name of the component schema of a refusal status's problems (`ConflictProblem`): named, so generated clients get one type per status. */
function problemSchemaName(name: string): string {
  return `${name}Problem`;
}

/** `components.schemas`: per refusal status, the problem with the codes it can carry. */
export function refusalSchemas(): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(refusals).map(([status, { name }]) => [
      problemSchemaName(name),
      {
        description: `A problem answered with status ${status}.`,
        allOf: [{ $ref: '#/components/schemas/Problem' }, { type: 'object', properties: { code: { type: 'string', enum: codesWithStatus(Number(status)) } } }],
      },
    ]),
  );
}

/** `components.responses`: one problem response per refusal status, naming the codes it carries. */
export function refusalResponses(): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(refusals).map(([status, { name, what }]) => {
      const codes = codesWithStatus(Number(status));
      const retry = status === '429' || status === '503';
      const example = problemExample(Number(status));
      return [
        name,
        {
          description: `${what}. Codes: ${codes.map((code) => `\`${code}\``).join(', ')}.`,
          headers: { 'X-Request-Id': headerRef('X-Request-Id'), ...(retry && { 'Retry-After': headerRef('Retry-After') }) },
          content: {
            'application/problem+json': {
              schema: { $ref: `#/components/schemas/${problemSchemaName(name)}` },
              ...(example && { examples: { [String(example.code)]: { value: example } } }),
            },
          },
        },
      ];
    }),
  );
}

export function refusal(status: RefusalStatus): { $ref: string } {
  return { $ref: `#/components/responses/${refusals[status].name}` };
}
