import { ApiError } from '@platform/errors';
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
