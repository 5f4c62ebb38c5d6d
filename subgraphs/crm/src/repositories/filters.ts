import type { Prisma } from '@platform/db';
import { escapeLike } from '@platform/graphql-kit';

/** Prisma conditions of the lists' filters, spelled once for every list of the CRM. */

/**
 * "Contains `text`, ignoring case", the text taken literally: Prisma passes `contains` to ILIKE
 * as is, so LIKE's wildcards (and its escape character) are escaped.
 */
export function containing(text: string): { contains: string; mode: Prisma.QueryMode } {
  return { contains: escapeLike(text), mode: 'insensitive' };
}

/** `<x>_after` (at or after) and `<x>_before` (strictly before) of an instant; undefined when neither is given. */
export function instantRange(after: Date | null | undefined, before: Date | null | undefined): { gte?: Date; lt?: Date } | undefined {
  if (after == null && before == null) return undefined;
  return { ...(after != null && { gte: after }), ...(before != null && { lt: before }) };
}

/** `<x>_min` and `<x>_max`, both inclusive; undefined when neither is given. */
export function valueRange(min: number | null | undefined, max: number | null | undefined): { gte?: number; lte?: number } | undefined {
  if (min == null && max == null) return undefined;
  return { ...(min != null && { gte: min }), ...(max != null && { lte: max }) };
}
