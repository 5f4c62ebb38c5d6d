import type { SubgraphBuilder } from './builder.ts';
import { inputRules } from './input-contract.ts';
import { sortRule } from './pagination.ts';
import { parseArgument } from './validation.ts';

type ArgBuilder = Parameters<Parameters<SubgraphBuilder['queryField']>[1]>[0]['arg'];

export type SortOrder<Field extends string> = Array<{ [K in Field | 'id']?: 'asc' | 'desc' }>;

/**
 * The `sort` argument of a list: one of `fields`, ascending, or prefixed with `-` for descending
 * (`sort=-created_at`). Ties are broken by `id`, so pages never overlap or skip records.
 */
export function sortArg<Field extends string>(arg: ArgBuilder, fields: readonly Field[], defaultSort: string) {
  return arg.string({
    required: false,
    description: `Sort order: ${fields.map((field) => `\`${field}\``).join(', ')}, ascending, or prefixed with \`-\` for descending. Default \`${defaultSort}\`.`,
    extensions: inputRules(sortRule(fields)),
  });
}

/** The Prisma `orderBy` for a `sort` value; an unknown field is a 400 naming the allowed ones. */
export function parseSort<Field extends string>(value: string | null | undefined, fields: readonly Field[], defaultSort: string): SortOrder<Field> {
  const sort = parseArgument('sort', sortRule(fields), value) ?? defaultSort;
  const descending = sort.startsWith('-');
  const field = (descending ? sort.slice(1) : sort) as Field;
  const direction = descending ? 'desc' : 'asc';
  const order = [{ [field]: direction }] as SortOrder<Field>;
  if (field !== 'id') order.push({ id: direction } as SortOrder<Field>[number]);
  return order;
}
