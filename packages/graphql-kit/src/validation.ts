import { ApiError, type ErrorCode, type FieldError, fieldErrors } from '@platform/errors';
import type { z } from 'zod';

/**
 * Checks an input against its rules and returns the parsed value. Every violation is reported at
 * once, each with the field at fault. A violation of what the published schema states (types,
 * lengths, patterns, ranges, enums: every zod issue but a refinement's) makes the request a 400
 * `validation_failed`; when only refinements fail (rules the schema cannot state), it is a 422
 * `rule_violation`. The OpenAPI document publishes the rules' JSON Schema, so a request the
 * document calls valid is never a 400.
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.infer<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw rulesError('validation_failed', result.error.issues, (errors) => `The request is invalid: ${errors.map((error) => `${error.field}: ${error.message}`).join('; ')}`);
}

/**
 * Checks one argument (a query parameter in REST) against its rule: a value the schema refuses is
 * a 400 `invalid_parameter` naming it, a refinement's refusal a 422 `rule_violation`.
 */
export function parseArgument<Schema extends z.ZodType>(name: string, schema: Schema, value: unknown): z.infer<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw rulesError('invalid_parameter', result.error.issues, (errors) => `${name} ${errors.map((error) => error.message).join('; ')}.`, name);
}

function rulesError(structuralCode: ErrorCode, issues: z.core.$ZodIssue[], detail: (errors: FieldError[]) => string, prefix?: string): ApiError {
  const errors = issues.map((issue) => ({ field: [...(prefix === undefined ? [] : [prefix]), ...issue.path].join('.'), message: issue.message }));
  const structural = issues.some((issue) => issue.code !== 'custom');
  return new ApiError(structural ? structuralCode : 'rule_violation', detail(errors), { errors });
}

/**
 * The changes of a PATCH: absent fields keep their value, so they are left out; an explicit null
 * is refused (GraphQL input objects allow it, but "unset" is not a change these APIs offer).
 */
export function patchChanges<T extends object>(input: T): Partial<{ [K in keyof T]: Exclude<T[K], null> }> {
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input)) {
    if (value === null) throw fieldErrors('validation_failed', field, `${field} cannot be null; omit it to keep its value.`);
    if (value !== undefined) changes[field] = value;
  }
  return changes as Partial<{ [K in keyof T]: Exclude<T[K], null> }>;
}
