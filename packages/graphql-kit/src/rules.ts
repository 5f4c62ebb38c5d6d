import { z } from 'zod';

/**
 * Building blocks of input rules whose JSON Schema (what the OpenAPI document publishes, through
 * `z.toJSONSchema`) accepts exactly what they accept. zod's own string checks count UTF-16 code
 * units and trim before measuring; JSON Schema counts code points of the raw value, so a rule
 * written with them refuses requests its published schema allows (200 emoji, a padded name).
 *
 * A violation of what the schema states is a 400 `validation_failed`; a rule the schema cannot
 * state (a refinement: blank text, fields that contradict each other) is a 422 `rule_violation`
 * (see `parseInput`).
 */

/** Pattern of text PostgreSQL can store: anything but U+0000 (the edge refuses it in every input). */
export const STORABLE_TEXT = '^[^\\u0000]*$';

/** Length as JSON Schema counts it: Unicode code points. */
export function characterCount(value: string): number {
  let count = 0;
  for (const _character of value) count += 1;
  return count;
}

/**
 * A string of `min` to `max` characters (code points of the value as sent), matching `pattern`
 * when given (one that cannot match U+0000), otherwise any storable text.
 */
export function text(options: { min?: number; max: number; pattern?: RegExp; patternMessage?: string }) {
  const { min = 0, max, pattern } = options;
  const base = pattern ? z.string().regex(pattern, options.patternMessage ?? `must match ${pattern.source}`) : z.string();
  return base
    .superRefine((value, context) => {
      const count = characterCount(value);
      if (count > max) context.addIssue({ code: 'too_big', origin: 'string', maximum: max, inclusive: true, input: value, message: `must be at most ${max} characters` });
      else if (count < min) context.addIssue({ code: 'too_small', origin: 'string', minimum: min, inclusive: true, input: value, message: min === 1 ? 'must not be empty' : `must be at least ${min} characters` });
    })
    .meta({ minLength: min > 0 ? min : undefined, maxLength: max, ...(!pattern && { pattern: STORABLE_TEXT }) });
}

/** Required text of 1 to `max` characters, not only spaces; stored trimmed. */
export function requiredText(max: number) {
  return text({ min: 1, max })
    .refine((value) => value === '' || value.trim() !== '', 'must not be blank')
    .transform((value) => value.trim());
}

/** Optional text of at most `max` characters, stored trimmed; blank text means "none" (null). */
export function optionalText(max: number) {
  return text({ max }).transform((value) => (value.trim() === '' ? null : value.trim()));
}

/** One part of an e-mail address: no "@", control character or space. */
const ADDRESS_PART = '[^@\\u0000-\\u0020\\u007f]+';

const EMAIL_ADDRESS = `${ADDRESS_PART}@${ADDRESS_PART}\\.${ADDRESS_PART}`;
const EMAIL_MESSAGE = 'must be an e-mail address such as ap@example.com';

/** An e-mail address (`name@example.com`), at most 254 characters, stored lower-cased without the spaces around it. */
export function emailAddress() {
  return text({ max: 254, pattern: new RegExp(`^ *${EMAIL_ADDRESS} *$`), patternMessage: EMAIL_MESSAGE }).transform((value) => value.trim().toLowerCase());
}

/** An e-mail address as `emailAddress`, or "" (spaces alone) for none (null). */
export function optionalEmailAddress() {
  return text({ max: 254, pattern: new RegExp(`^ *(?:|${EMAIL_ADDRESS}) *$`), patternMessage: EMAIL_MESSAGE }).transform((value) => (value.trim() === '' ? null : value.trim().toLowerCase()));
}

/** An integer of the GraphQL `Int` range (32 bits) within `min`..`max`. */
export function integer(options: { min?: number; max?: number; message?: string } = {}) {
  const { min = -(2 ** 31), max = 2 ** 31 - 1 } = options;
  const message = options.message ?? `must be an integer from ${min} to ${max}`;
  return z.number().int(message).min(min, message).max(max, message);
}

/** An optional input field: null means "not given", as absent does (the default applies). */
export function omittable<T extends z.ZodType>(rule: T) {
  return rule.nullish().transform((value) => (value ?? undefined) as z.output<T> | undefined);
}

/** Most values a list filter (`status_in`) takes: longer lists are a different question (an aggregate, an export). */
export const MAX_FILTER_VALUES = 50;

/** The rule of a list filter's argument: one to MAX_FILTER_VALUES values (each value's type is the argument's GraphQL type). */
export const filterValuesRule = z
  .array(z.unknown())
  .min(1, 'must name at least one value (leave the filter out to take every value)')
  .max(MAX_FILTER_VALUES, `must name at most ${MAX_FILTER_VALUES} values`)
  .nullish();

/** A `version` sent with a change (optimistic concurrency): 1 or more. */
export const versionRule = integer({ min: 1, message: 'must be 1 or more' });
