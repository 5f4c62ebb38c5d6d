import { scopeCatalogue } from '@platform/auth';
import { loadConfig } from '@platform/config';
import { ApiError } from '@platform/errors';
import { type Command, UsageError } from './command.ts';
import { apiKeyCommands } from './commands/api-key.ts';
import { CommandOutput, auditCommands } from './commands/audit.ts';
import { clientCommands } from './commands/client.ts';
import { tenantCommands } from './commands/tenant.ts';
import { withDatabase } from './with-database.ts';

const commandGroups: Record<string, Record<string, Command>> = { tenant: tenantCommands, client: clientCommands, 'api-key': apiKeyCommands, audit: auditCommands };

function usage(): string {
  const commands = Object.values(commandGroups).flatMap((group) => Object.values(group));
  return [
    'Usage: npm run --silent admin -- <command> [options]',
    '',
    'Commands:',
    ...commands.flatMap((command) => [`  ${command.usage}`, `      ${command.summary}`]),
    '  help',
    '      Show this text.',
    '',
    `Scopes: ${Object.keys(scopeCatalogue).join(' ')}`,
    '',
    'Each command prints one JSON object on stdout. It works whether or not the platform is running.',
    'Environment: DATA_DIR, DATABASE_URL (as for the platform); LOG_LEVEL=debug shows database logs on stderr.',
    '',
  ].join('\n');
}

function findCommand(group: string, action: string | undefined): Command {
  const commands = Object.hasOwn(commandGroups, group) ? commandGroups[group] : undefined;
  if (!commands) throw new UsageError(`unknown command "${group}"; run "help" for usage`);
  const command = action !== undefined && Object.hasOwn(commands, action) ? commands[action] : undefined;
  if (!command) throw new UsageError(`unknown command "${[group, action].filter(Boolean).join(' ')}"; expected ${Object.keys(commands).map((name) => `"${group} ${name}"`).join(', ')}`);
  return command;
}

function loadPlatformConfig() {
  try {
    return loadConfig();
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

async function main(argv: string[]): Promise<number> {
  const [group, action, ...args] = argv;
  if (group === undefined || group === 'help' || group === '--help' || group === '-h') {
    process.stdout.write(usage());
    return 0;
  }
  try {
    const run = findCommand(group, action).prepare(args);
    const result = await withDatabase(loadPlatformConfig(), run);
    if (result instanceof CommandOutput) {
      process.stdout.write(result.text);
      return result.exitCode;
    }
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ApiError) {
      process.stderr.write(`error: ${error.message}\n`);
      return 2;
    }
    process.stderr.write(`error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  }
}

// Exit at once with the command's code rather than waiting for pools and timers to wind down;
// stdout is synchronous for files and pipes on Linux, so nothing printed is lost.
process.exit(await main(process.argv.slice(2)));
