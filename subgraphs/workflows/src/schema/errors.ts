import { ApiError, type FieldError } from '@platform/errors';

export function notFoundWorkflow(id: string): ApiError {
  return new ApiError('not_found', `No workflow ${id} exists in this tenant.`);
}

export function notFoundRun(id: string): ApiError {
  return new ApiError('not_found', `No workflow run ${id} exists in this tenant.`);
}

/**
 * A definition that does not hold up, listing every field at fault, each message naming its step.
 * A 422: the published schema of `definition` is "a JSON object" (its format is documented, not
 * stated as JSON Schema), and a request the published schema calls valid is never a 400.
 */
export function definitionInvalid(errors: FieldError[]): ApiError {
  return new ApiError('rule_violation', `The workflow definition is invalid: ${errors.map((error) => `${error.field}: ${error.message}`).join('; ')}`, { errors });
}

/** Granting a workflow what the saving credential does not hold (no escalation through a workflow). */
export function scopesNotHeld(scopes: string[]): ApiError {
  return new ApiError('rule_violation', `You can grant a workflow only scopes your credential holds; not held: ${scopes.join(', ')}.`, {
    errors: [{ field: 'scopes', message: `not held by your credential: ${scopes.join(', ')}` }],
  });
}

/** Refused fields of a run's input (a 422: the workflow's input schema is the tenant's, not the published one). */
export function inputInvalid(errors: FieldError[]): ApiError {
  return new ApiError('rule_violation', `The run's input does not match the workflow's input schema: ${errors.map((error) => `${error.field}: ${error.message}`).join('; ')}`, { errors });
}
