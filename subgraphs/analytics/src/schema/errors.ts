import { ApiError, type ErrorCode, errorCatalogue } from '@platform/errors';
import type { PlatformOperationResult } from '@platform/graphql-kit';

export function notFoundSavedOperation(name: string): ApiError {
  return new ApiError('not_found', `No operation named ${name} is saved in this tenant.`);
}

/**
 * A document that cannot be saved: GraphQL's own messages (parse and validation errors against the
 * supergraph, with line and column), all naming `document`. A 422: the published schema of
 * `document` is "a string", so a request the published schema calls valid is never a 400.
 */
export function documentInvalid(messages: string[]): ApiError {
  return new ApiError('rule_violation', `The document cannot be saved: ${messages.join('; ')}`, { errors: messages.map((message) => ({ field: 'document', message })) });
}

type RunError = NonNullable<PlatformOperationResult['errors']>[number];

/**
 * A run in which no root field answered is refused as the document itself would have been: the first error
 * with its own code (`insufficient_scope` naming the scope, `query_invalid` for variables that do
 * not coerce), so REST answers that code's status rather than 200.
 */
export function runRefused(error: RunError): ApiError {
  const { code, http: _http, ...details } = error.extensions ?? {};
  const known = typeof code === 'string' && Object.hasOwn(errorCatalogue, code);
  return new ApiError(known ? (code as ErrorCode) : 'internal_error', error.message, details);
}
