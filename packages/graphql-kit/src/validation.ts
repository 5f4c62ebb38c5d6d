import { ApiError, fieldErrors } from '@platform/errors';
import type { z } from 'zod';

/**
 * Business rules of an input (ranges, formats) beyond what the GraphQL types check. Every
 * violation is reported at once, each with the field at fault.
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.infer<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
  throw new ApiError('validation_failed', `The request is invalid: ${errors.map((error) => `${error.field}: ${error.message}`).join('; ')}`, { errors });
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
