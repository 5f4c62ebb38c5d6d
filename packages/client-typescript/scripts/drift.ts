import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { PACKAGE_ROOT, generateAll } from './generators.ts';

export const GENERATED_FOLDERS = ['src/rest/generated', 'src/graphql/generated'];

async function listFiles(root: string, folder: string): Promise<string[]> {
  const entries = await readdir(join(root, folder), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** The generated files that differ between two package roots (missing on either side included), sorted. */
export async function differingFiles(expectedRoot: string, actualRoot: string): Promise<string[]> {
  const names = new Set<string>();
  for (const folder of GENERATED_FOLDERS) {
    for (const name of [...(await listFiles(expectedRoot, folder)), ...(await listFiles(actualRoot, folder))]) names.add(name);
  }
  const differing: string[] = [];
  for (const name of names) {
    const [expected, actual] = await Promise.all([readFile(join(expectedRoot, name), 'utf8').catch(() => undefined), readFile(join(actualRoot, name), 'utf8').catch(() => undefined)]);
    if (expected !== actual) differing.push(name);
  }
  return differing.sort();
}

/**
 * Regenerates with the pinned generators into a temporary directory and compares with the
 * committed generated code; returns the message to fail with, or undefined when they are equal.
 */
export async function checkDrift(packageRoot = PACKAGE_ROOT): Promise<string | undefined> {
  const temporary = await mkdtemp(join(tmpdir(), 'platform-client-codegen-'));
  try {
    for (const [path, content] of await generateAll()) {
      await mkdir(dirname(join(temporary, path)), { recursive: true });
      await writeFile(join(temporary, path), content);
    }
    const differing = await differingFiles(temporary, packageRoot);
    if (differing.length === 0) return undefined;
    return `The committed generated code differs from what the generators produce from docs/api/openapi.json, docs/api/schema.graphql and src/graphql/operations:\n${differing.map((name) => `  ${name}`).join('\n')}\nRun \`npm run codegen -w @platform/client\` and commit the result.`;
  } finally {
    await rm(temporary, { recursive: true, force: true });
  }
}
