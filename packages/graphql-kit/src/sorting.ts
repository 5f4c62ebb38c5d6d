import type { SubgraphBuilder } from './builder.ts';
import { inputRules } from './input-contract.ts';
import { MAX_SORT_KEYS, sortRule } from './pagination.ts';

type ArgBuilder = Parameters<Parameters<SubgraphBuilder['queryField']>[1]>[0]['arg'];

/**
 * The `sort` argument of a list: up to MAX_SORT_KEYS of `fields`, comma-separated, each ascending
 * or prefixed with `-` for descending (`sort=status,-created_at`). Ties are broken by `id`, so
 * pages never overlap or skip records.
 */
export function sortArg<Field extends string>(arg: ArgBuilder, fields: readonly Field[], defaultSort: string) {
  return arg.string({
    required: false,
    description: `Sort order: up to ${MAX_SORT_KEYS} of ${fields.map((field) => `\`${field}\``).join(', ')}, separated by commas, most significant first, each ascending or prefixed with \`-\` for descending (\`${fields.length > 1 ? `${fields[1]},-${fields[0]}` : `-${fields[0]}`}\`); each field at most once, ties broken by \`id\`. Default \`${defaultSort}\`.`,
    extensions: inputRules(sortRule(fields)),
  });
}
