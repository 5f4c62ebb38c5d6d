import { ApiError } from '@platform/errors';
import type { z } from 'zod';
import type { AggregateFilter } from './aggregates/declaration.ts';
import { text } from './rules.ts';
import { parseArgument } from './validation.ts';

/** Rules of list filters beyond their GraphQL types, shared by every list and its aggregate. */

/** `text` for LIKE/ILIKE taken literally: its wildcards (`%`, `_`) and the escape character escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Prisma bounds of `<x>_after` (at or after) and `<x>_before` (strictly before); undefined when neither is given. */
export function instantRange<Value>(after: Value | null | undefined, before: Value | null | undefined): { gte?: Value; lt?: Value } | undefined {
  if (after == null && before == null) return undefined;
  return { ...(after != null && { gte: after }), ...(before != null && { lt: before }) };
}

/** Prisma bounds of `<x>_min` and `<x>_max`, both inclusive; undefined when neither is given. */
export function valueRange<Value>(min: Value | null | undefined, max: Value | null | undefined): { gte?: Value; lte?: Value } | undefined {
  if (min == null && max == null) return undefined;
  return { ...(min != null && { gte: min }), ...(max != null && { lte: max }) };
}

/** `q` of a list: the text searched for, as sent (spaces count), 1 to 200 characters. */
export const searchText = text({ min: 1, max: 200 }).nullish();

const RANGE_MIN = /^(.+)_min$/;

/**
 * Refuses any `<field>_min` above its `<field>_max` among `args` (the naming convention of range
 * filters): each bound is valid alone, so the published document cannot state it (422 naming
 * both). Bounds in order, or equal, pass. Lists and aggregates (`aggregateRequest`) both call it,
 * so the same request is refused the same way by either.
 */
export function assertRanges(args: object): void {
  const values = args as Record<string, unknown>;
  const empty = Object.keys(values).flatMap((name) => {
    const field = RANGE_MIN.exec(name)?.[1];
    const [min, max] = [values[name], values[`${field}_max`]];
    return field !== undefined && typeof min === 'number' && typeof max === 'number' && min > max ? [{ field, min, max }] : [];
  });
  if (empty.length === 0) return;
  throw new ApiError('rule_violation', `${empty.map(({ field, min, max }) => `${field}_min (${min}) is greater than ${field}_max (${max})`).join('; ')}: no record can match.`, {
    errors: empty.flatMap(({ field, min, max }) => [
      { field: `${field}_min`, message: `must be at most ${field}_max (${max})` },
      { field: `${field}_max`, message: `must be at least ${field}_min (${min})` },
    ]),
  });
}

/** An aggregate's filter whose value is first checked against the list argument's rule (the list's 400 or 422, naming the argument). */
export function checkedFilter(name: string, rule: z.ZodType, filter: AggregateFilter): AggregateFilter {
  return { ...filter, where: (value: never, caller) => filter.where(parseArgument(name, rule, value) as never, caller) };
}
