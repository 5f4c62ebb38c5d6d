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
