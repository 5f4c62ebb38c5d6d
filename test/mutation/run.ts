/**
 * `npm run mutation [-- group…]`: StrykerJS over the security-critical modules, one group after
 * another (one Stryker job at a time), then one table of the figures of every module and group
 * from Stryker's JSON reports. Exits non-zero when a group fails to run or a module or group
 * scores below MINIMUM_SCORE. Not part of `npm test` (minutes, not seconds).
 *
 * Each group runs from its package folder in place (`inPlace`: a sandbox copy would break the
 * `extends` of the package's tsconfig), rewriting only the mutated files and restoring them after.
 * The gateway group's tests each create a database: on DATABASE_URL's server when set, otherwise
 * on one embedded PostgreSQL started here for the group (not one server per test run).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const MINIMUM_SCORE = 90;
const root = fileURLToPath(new URL('../..', import.meta.url));

interface Group {
  name: string;
  /** The package folder Stryker runs from. */
  dir: string;
  /** Its Stryker configuration, in this folder. */
  config: string;
  /** The JSON report the configuration writes, from the repository root. */
  report: string;
  /** Its tests need a PostgreSQL server. */
  database?: boolean;
  /**
   * Functions of a mutated file that make no security decision, left out of the run to keep it
   * practical (each mutant of the group costs a database and a few seconds): file → function names.
   */
  leaveOut?: Record<string, string[]>;
}

const groups: Group[] = [
  { name: 'auth', dir: 'packages/auth', config: 'auth.json', report: 'reports/mutation/auth.json' },
  { name: 'events', dir: 'packages/events', config: 'events.json', report: 'reports/mutation/events.json' },
  {
    name: 'gateway',
    dir: 'gateway',
    config: 'gateway.json',
    report: 'reports/mutation/gateway.json',
    database: true,
    // Writing an API key's last_used_at (in the background, never a cost on the request).
    leaveOut: { 'src/edge/credentials.ts': ['recordUse'] },
  },
];

interface Figures {
  mutants: number;
  killed: number;
  survived: number;
  timeout: number;
  noCoverage: number;
  /** Mutants a `Stryker disable` comment marks as equivalent: outside the score. */
  ignored: number;
  /** Mutants Stryker could not run (compile or runtime errors): outside the score. */
  errors: number;
}

interface Row extends Figures {
  name: string;
  /** Seconds, for a group's row. */
  duration?: number;
}

interface MutantResult {
  status: 'Killed' | 'Survived' | 'Timeout' | 'NoCoverage' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending';
}

function figuresOf(mutants: MutantResult[]): Figures {
  const count = (...statuses: Array<MutantResult['status']>) => mutants.filter((mutant) => statuses.includes(mutant.status)).length;
  return {
    mutants: mutants.length,
    killed: count('Killed'),
    survived: count('Survived'),
    timeout: count('Timeout'),
    noCoverage: count('NoCoverage'),
    ignored: count('Ignored'),
    errors: count('CompileError', 'RuntimeError', 'Pending'),
  };
}

/** Stryker's mutation score: detected (killed or timed out) out of the valid mutants (ignored ones and errors excluded). */
function scoreOf(figures: Figures): number {
  const valid = figures.killed + figures.timeout + figures.survived + figures.noCoverage;
  return valid === 0 ? 100 : (100 * (figures.killed + figures.timeout)) / valid;
}

/** `file` (of the group's folder) without the named functions, as Stryker mutate ranges (`file:firstLine-lastLine`). */
async function rangesWithout(group: Group, file: string, functions: string[]): Promise<string[]> {
  const source = ts.createSourceFile(file, await readFile(join(root, group.dir, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1;
  const excluded: Array<{ name: string; first: number; last: number }> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionDeclaration(node) && node.name && functions.includes(node.name.text)) excluded.push({ name: node.name.text, first: lineOf(node.getStart(source)), last: lineOf(node.end) });
    ts.forEachChild(node, visit);
  };
  visit(source);
  const missing = functions.filter((name) => !excluded.some((entry) => entry.name === name));
  if (missing.length > 0) throw new Error(`${group.dir}/${file} has no function ${missing.join(', ')} to leave out: update the ${group.name} group in test/mutation/run.ts`);
  const ranges: string[] = [];
  let next = 1;
  for (const { first, last } of excluded.sort((a, b) => a.first - b.first)) {
    if (first > next) ranges.push(`${file}:${next}-${first - 1}`);
    next = last + 1;
  }
  const lastLine = lineOf(source.end);
  if (next <= lastLine) ranges.push(`${file}:${next}-${lastLine}`);
  return ranges;
}

/** The `--mutate` argument for a group that leaves functions out, else none (its configuration's list). */
async function mutateArguments(group: Group): Promise<string[]> {
  if (!group.leaveOut) return [];
  const config = JSON.parse(await readFile(join(root, 'test/mutation', group.config), 'utf8')) as { mutate: string[] };
  const mutate: string[] = [];
  for (const file of config.mutate) {
    const functions = group.leaveOut[file];
    if (!functions) {
      mutate.push(file);
      continue;
    }
    process.stdout.write(`Left out of ${group.dir}/${file}: ${functions.join(', ')}.\n`);
    mutate.push(...(await rangesWithout(group, file, functions)));
  }
  return ['--mutate', mutate.join(',')];
}

async function runStryker(group: Group, env: NodeJS.ProcessEnv): Promise<number> {
  const stryker = join(root, 'node_modules/@stryker-mutator/core/bin/stryker.js');
  const config = join(root, 'test/mutation', group.config);
  const mutate = await mutateArguments(group);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [stryker, 'run', config, ...mutate], { cwd: join(root, group.dir), env, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** One PostgreSQL server for a group's tests (each creates its own database on it), and how to stop it. */
async function databaseServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} };
  const { openDatabase } = await import('@platform/db');
  const dataDir = await mkdtemp(join(tmpdir(), 'mutation-db-'));
  const database = await openDatabase({ dataDir });
  return {
    url: database.url,
    stop: async () => {
      await database.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function runGroup(group: Group): Promise<{ rows: Row[]; failed: boolean }> {
  process.stdout.write(`\n== Mutation testing: ${group.name} (${group.dir}, test/mutation/${group.config})\n`);
  const server = group.database ? await databaseServer() : undefined;
  const started = performance.now();
  let exitCode: number;
  try {
    exitCode = await runStryker(group, { ...process.env, ...(server && { DATABASE_URL: server.url }) });
  } finally {
    await server?.stop();
  }
  const duration = (performance.now() - started) / 1000;
  if (exitCode !== 0) {
    process.stdout.write(`Stryker failed for ${group.name} (exit code ${exitCode}).\n`);
    return { rows: [], failed: true };
  }
  const report = JSON.parse(await readFile(join(root, group.report), 'utf8')) as { files: Record<string, { mutants: MutantResult[] }> };
  const files = Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b));
  const modules: Row[] = files.map(([file, { mutants }]) => ({ name: `  ${relative(root, join(root, group.dir, file))}`, ...figuresOf(mutants) }));
  const total: Row = { name: group.name, ...figuresOf(files.flatMap(([, { mutants }]) => mutants)), duration };
  return { rows: [total, ...modules], failed: false };
}

function formatDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} min ${Math.round(seconds % 60)} s` : `${Math.round(seconds)} s`;
}

function table(rows: Row[]): string {
  const header = ['Group / module', 'Mutants', 'Killed', 'Survived', 'Timeout', 'No coverage', 'Ignored', 'Errors', 'Score', 'Duration'];
  const lines = rows.map((row) => [
    row.name,
    String(row.mutants),
    String(row.killed),
    String(row.survived),
    String(row.timeout),
    String(row.noCoverage),
    String(row.ignored),
    String(row.errors),
    `${scoreOf(row).toFixed(2)} %`,
    row.duration === undefined ? '' : formatDuration(row.duration),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => (line[column] as string).length)));
  const format = (cells: string[]) => `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] as number) : cell.padStart(widths[column] as number))).join(' | ')} |`;
  return [format(header), `|${widths.map((width, column) => (column === 0 ? `${'-'.repeat(width + 1)}-` : `${'-'.repeat(width + 1)}:`)).join('|')}|`, ...lines.map(format)].join('\n');
}

async function main(): Promise<number> {
  const requested = process.argv.slice(2);
  const unknown = requested.filter((name) => !groups.some((group) => group.name === name));
  if (unknown.length > 0) {
    process.stderr.write(`Unknown group(s): ${unknown.join(', ')}. Groups: ${groups.map((group) => group.name).join(', ')}.\n`);
    return 2;
  }
  const selected = requested.length > 0 ? groups.filter((group) => requested.includes(group.name)) : groups;
  const rows: Row[] = [];
  const failures: string[] = [];
  for (const group of selected) {
    const result = await runGroup(group);
    if (result.failed) failures.push(`${group.name}: Stryker failed`);
    rows.push(...result.rows);
  }
  for (const row of rows) {
    if (scoreOf(row) < MINIMUM_SCORE) failures.push(`${row.name.trim()}: ${scoreOf(row).toFixed(2)} % < ${MINIMUM_SCORE} %`);
  }
  process.stdout.write(`\nMutation score per group and module (minimum ${MINIMUM_SCORE} %; reports in reports/mutation/):\n\n${table(rows)}\n\n`);
  if (failures.length > 0) {
    process.stdout.write(`Below the minimum or not run:\n${failures.map((failure) => `  ${failure}\n`).join('')}`);
    return 1;
  }
  process.stdout.write(`Every group and module scores at least ${MINIMUM_SCORE} %.\n`);
  return 0;
}

process.exitCode = await main();
