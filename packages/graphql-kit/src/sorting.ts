import type { SubgraphBuilder } from './builder.ts';
import { inputRules } from './input-contract.ts';
import { sortRule } from './pagination.ts';

type ArgBuilder = Parameters<Parameters<SubgraphBuilder['queryField']>[1]>[0]['arg'];

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
