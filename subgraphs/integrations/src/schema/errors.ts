import { ApiError, type FieldError } from '@platform/errors';

export function notFoundConnector(id: string): ApiError {
  return new ApiError('not_found', `No connector ${id} exists in this tenant.`);
}

export function notFoundSyncJob(id: string): ApiError {
  return new ApiError('not_found', `No sync job ${id} exists in this tenant.`);
}

/** Refused fields: a 400 when the body breaks its published schema, else a 422 (a rule the schema cannot state). */
export function validationFailed(errors: FieldError[], breaksSchema = true): ApiError {
  return new ApiError(breaksSchema ? 'validation_failed' : 'rule_violation', `The request is invalid: ${errors.map((error) => `${error.field}: ${error.message}`).join('; ')}`, { errors });
}
