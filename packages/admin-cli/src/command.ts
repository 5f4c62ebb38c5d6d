import { parseArgs } from 'node:util';
import type { PrismaClient } from '@platform/db';

/** A mistake the operator can fix: reported as one line on stderr, exit code 2. */
export class UsageError extends Error {}

/**
 * One subcommand. `prepare` validates the arguments before the database is opened, so a typo
 * fails at once instead of after embedded PostgreSQL has started.
 */
export interface Command {
  usage: string;
  summary: string;
  prepare(args: string[]): (prisma: PrismaClient) => Promise<object>;
}

/** Parses `--name value` string options; every name in `required` must be given. */
export function parseOptions<Name extends string>(args: string[], names: readonly Name[], required: readonly Name[] = names): Partial<Record<Name, string>> {
  const options = Object.fromEntries(names.map((name) => [name, { type: 'string' as const }]));
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({ args, options, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  for (const name of required) {
    if (!values[name]) throw new UsageError(`missing required option --${name}`);
  }
  return values as Partial<Record<Name, string>>;
}
