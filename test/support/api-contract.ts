import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CriticalityLevel, diff } from '@graphql-inspector/core';
import { buildSchema } from 'graphql';

/**
 * The public contract's snapshots and the check that keeps it from breaking by accident
 * (docs/api-conventions.md, "Compatibility and deprecation"). `docs/api/` holds the supergraph's
 * API schema and the OpenAPI document as the code builds them; a change of either is compared with
 * them by GraphQL Inspector and oasdiff, and each breaking change must be recorded in CHANGELOG.md
 * (under `## Unreleased`, `### Breaking`) by a list item that starts with the change's record:
 *
 *   - GraphQL `Query.orders`: Field 'orders' was removed from object type 'Query' — why, and what instead.
 *   - REST `GET /v1/crm/orders`: API path removed without deprecation — …
 *
 * The record is the change's place and the tool's own words (both tools are pinned), so one entry
 * admits exactly one change. `npm run api:snapshot` refuses to refresh the snapshots over an
 * unrecorded breaking change; the compatibility test fails on one and on a stale snapshot.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const execFileAsync = promisify(execFile);

export const SNAPSHOT_FILES = { graphql: join(root, 'docs/api/schema.graphql'), openApi: join(root, 'docs/api/openapi.json') } as const;
export const CHANGELOG_FILE = join(root, 'CHANGELOG.md');
const OASDIFF_BUILD = join(root, 'test/tools/oasdiff/build.sh');
/** oasdiff's `level` of an error (2 is a warning, 1 information). */
const OASDIFF_ERROR = 3;

/** The contract as its two snapshot files hold it, as text. */
export interface ContractSnapshots {
  graphql: string;
  openApi: string;
}

/** The snapshots' text for a contract: SDL as printed, the document as `openApiText` writes it. */
export function snapshotsOf(contract: { graphqlSchema: string; openApiDocument: unknown }): ContractSnapshots {
  return { graphql: `${contract.graphqlSchema}\n`, openApi: openApiText(contract.openApiDocument) };
}

/** An OpenAPI document as JSON with every object's keys in order, two-space indented: text that changes only where the contract does. */
export function openApiText(document: unknown): string {
  return `${JSON.stringify(sortedKeys(document), null, 2)}\n`;
}

export interface CompatibilityVerdict {
  /** Breaking changes from the snapshots to the code that CHANGELOG.md does not record. */
  unrecorded: string[];
  /** The snapshots differ from the code at all: `npm run api:snapshot` refreshes them. */
  stale: boolean;
}

/** The check the suite runs: the code's contract against the committed snapshots and CHANGELOG.md. */
export async function checkCompatibility(committed: ContractSnapshots, current: ContractSnapshots, changelog: string): Promise<CompatibilityVerdict> {
  const stale = committed.graphql !== current.graphql || committed.openApi !== current.openApi;
  return { unrecorded: stale ? unrecordedChanges(await breakingChanges(committed, current), changelog) : [], stale };
}

/** The committed snapshots; undefined before the first `npm run api:snapshot`. */
export async function readSnapshots(): Promise<ContractSnapshots | undefined> {
  try {
    return { graphql: await readFile(SNAPSHOT_FILES.graphql, 'utf8'), openApi: await readFile(SNAPSHOT_FILES.openApi, 'utf8') };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The breaking changes from `before` to `after`, as the records CHANGELOG.md names them by; each tool runs only on a snapshot that changed. */
async function breakingChanges(before: ContractSnapshots, after: ContractSnapshots): Promise<string[]> {
  return [
    ...(before.graphql === after.graphql ? [] : await graphqlBreakingChanges(before.graphql, after.graphql)),
    ...(before.openApi === after.openApi ? [] : await openApiBreakingChanges(before.openApi, after.openApi)),
  ];
}

/** GraphQL Inspector's BREAKING changes; DANGEROUS ones (an enum value added) are compatible for a client that ignores what it does not know. */
async function graphqlBreakingChanges(before: string, after: string): Promise<string[]> {
  const changes = await diff(buildSchema(before), buildSchema(after));
  return changes.filter((change) => change.criticality.level === CriticalityLevel.Breaking).map((change) => `GraphQL \`${change.path ?? 'schema'}\`: ${change.message}`);
}

/** oasdiff's ERR-level changes (`oasdiff breaking`); its warnings are left to review. */
async function openApiBreakingChanges(before: string, after: string): Promise<string[]> {
  const oasdiff = await oasdiffCommand();
  // In a folder of their own: oasdiff reads a `.oasdiff.*` configuration from where it runs.
  const folder = await mkdtemp(join(tmpdir(), 'oasdiff-'));
  try {
    await writeFile(join(folder, 'before.json'), before);
    await writeFile(join(folder, 'after.json'), after);
    const { stdout } = await execFileAsync(oasdiff, ['breaking', 'before.json', 'after.json', '--format', 'json', '--allow-external-refs=false'], { cwd: folder, timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });
    const changes = JSON.parse(stdout) as Array<{ level: number; operation?: string; path?: string; text: string }>;
    return changes.filter((change) => change.level === OASDIFF_ERROR).map((change) => `REST \`${[change.operation, change.path].filter(Boolean).join(' ') || 'document'}\`: ${change.text}`);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Builds oasdiff from its pinned tools module (once, into test/.cache) and returns its path; without Go, says so. */
async function oasdiffCommand(): Promise<string> {
  try {
    const { stdout } = await execFileAsync(OASDIFF_BUILD, { timeout: 600_000 });
    return stdout.trim();
  } catch (error) {
    const reason = ((error as { stderr?: string }).stderr ?? '').trim() || (error as Error).message;
    throw new Error(`oasdiff, which checks the OpenAPI document for breaking changes, could not be built (test/tools/oasdiff/build.sh): ${reason}`);
  }
}

/**
 * The list items of `## Unreleased` → `### Breaking` in CHANGELOG.md, without their `- `: a
 * breaking change is recorded when one of them starts with its record. Entries of released versions
 * record nothing: each was checked when it was made.
 */
export function recordedBreakingChanges(changelog: string): string[] {
  const recorded: string[] = [];
  let section: 'unreleased' | 'other' = 'other';
  let breaking = false;
  for (const line of changelog.split('\n')) {
    if (/^## /.test(line)) {
      section = /^## \[?Unreleased\]?\s*$/i.test(line) ? 'unreleased' : 'other';
      breaking = false;
    } else if (/^### /.test(line)) {
      breaking = section === 'unreleased' && /^### Breaking\s*$/.test(line);
    } else if (breaking && line.startsWith('- ')) {
      recorded.push(line.slice(2).trim());
    }
  }
  return recorded;
}

/** The breaking changes no entry of CHANGELOG.md records. */
function unrecordedChanges(changes: string[], changelog: string): string[] {
  const recorded = recordedBreakingChanges(changelog);
  return changes.filter((change) => !recorded.some((entry) => entry === change || entry.startsWith(`${change} `)));
}

/** What a developer reads when the check fails: each change as the line to add, and where. */
export function unrecordedReport(unrecorded: string[]): string {
  return [
    `${unrecorded.length} breaking change(s) of the public API are not recorded in CHANGELOG.md.`,
    'If a change is intended, add its line under "## Unreleased" → "### Breaking", followed by why and what clients do instead;',
    'otherwise undo it (an addition, or a deprecation first, keeps clients working). Then run `npm run api:snapshot`.',
    ...unrecorded.map((change) => `- ${change}`),
  ].join('\n');
}

/** The same JSON with every object's keys in order (integer-like keys, the response statuses, first: JavaScript keeps them so). */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
  );
}
