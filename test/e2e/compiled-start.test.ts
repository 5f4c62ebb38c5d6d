import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SampleDocument, invoicePdf, sampleDocuments, sampleTotals } from '@platform/subgraph-ai/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILED_ENTRY, type PlatformProcess, repositoryRoot, spawnPlatform } from '../support/platform-process.ts';

const refuseTypeScript = fileURLToPath(new URL('../support/refuse-typescript.mjs', import.meta.url));
const recorder = fileURLToPath(new URL('../support/record-connections.mjs', import.meta.url));
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|::1|\[::1\])(:\d+)?$/;

/** The command line of a process and of every process descending from it, from /proc. */
function processTree(pid: number): Array<{ pid: number; commandLine: string[] }> {
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        // Field 4 of /proc/<pid>/stat is the parent's pid (after the command name in parentheses).
        const parent = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ')[1]);
        return parent === pid ? [Number(entry)] : [];
      } catch {
        return []; // ended meanwhile
      }
    });
  const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  return [{ pid, commandLine }, ...children.flatMap(processTree)];
}

/**
 * `npm start` runs the platform compiled to JavaScript (gateway/scripts/build.mjs), with no
 * TypeScript transpiled at run time. The build is started as a primary with two workers on a fresh
 * data folder under a preload that makes any load of TypeScript or of tsx fail (workers inherit
 * it), and serves: files it reads relative to its modules (migrations, pg-boss's SQL, the API
 * reference bundle) resolve from the built output, and it still opens no connection beyond loopback.
 */
describe('compiled start', () => {
  let dataDir: string;
  let platform: PlatformProcess;

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['gateway/scripts/build.mjs', '--if-stale'], { cwd: repositoryRoot, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    dataDir = await mkdtemp(join(tmpdir(), 'compiled-start-'));
    platform = await spawnPlatform(
      { DATA_DIR: dataDir, DATABASE_URL: undefined, WORKERS: '2', NODE_OPTIONS: undefined, RECORD_CONNECTIONS_TO: join(dataDir, 'connections.jsonl') },
      { compiled: true, nodeOptions: ['--import', refuseTypeScript, '--import', recorder] },
    );
  });
  afterAll(async () => {
    await platform?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is what npm start runs, built first when missing or stale', () => {
    const { scripts } = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    // The build itself, with the heap cap of each process (README, "Two commands"): node flags only.
    expect(scripts.start).toMatch(new RegExp(`^node(?: --[a-z-]+=\\d+)* ${COMPILED_ENTRY.replaceAll('.', '\\.')}$`));
    expect(scripts.start).toContain('--max-old-space-size=');
    expect(scripts.prestart).toBe('node gateway/scripts/build.mjs --if-stale');
  });

  it('refuses TypeScript under the preload (the check below is not vacuous)', () => {
    for (const attempt of [
      ['--import', refuseTypeScript, '--import', 'tsx', '-e', '0'],
      ['--import', refuseTypeScript, '-e', 'require("tsx/cjs")'],
      ['--import', refuseTypeScript, '-e', 'import("./gateway/src/platform.ts")'],
    ]) {
      const run = spawnSync(process.execPath, attempt, { cwd: repositoryRoot, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
      expect(run.status, attempt.join(' ')).not.toBe(0);
      expect(run.stderr).toContain('TypeScript at run time');
    }
  });

  it('runs the primary and its workers from the build, with no tsx', () => {
    // The primary and its two workers (the embedded PostgreSQL's processes are children too).
    const processes = processTree(platform.child.pid as number).filter(({ commandLine }) => commandLine[0] === process.execPath);
    expect(processes.length).toBe(3);
    for (const { commandLine } of processes) {
      expect(resolve(repositoryRoot, commandLine.at(-1) as string)).toBe(join(repositoryRoot, COMPILED_ENTRY));
      expect(commandLine.join(' ')).not.toMatch(/tsx|\.ts\b/);
    }
  });

  /** A token of the demo account's client, printed by the first start, for `scope`. */
  async function demoToken(scope: string): Promise<{ headers: Record<string, string> }> {
    const output = platform.output();
    const clientId = /client_id\s+(\S+)/.exec(output)?.[1];
    const clientSecret = /client_secret\s+(\S+)/.exec(output)?.[1];
    const tenant = /production tenant\s+(\S+)/.exec(output)?.[1] as string;
    const tokenResponse = await fetch(`${platform.url}/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, scope }),
    });
    expect(tokenResponse.status).toBe(200);
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
    return { headers: { authorization: `Bearer ${token}`, 'x-service-tenant': tenant } };
  }

  it('migrates a fresh database, seeds the demo account and serves authenticated requests', async () => {
    const output = platform.output();
    expect(output).toContain('Demo account created');
    expect(output).not.toContain('TypeScript at run time');
    expect((await fetch(`${platform.url}/healthz`)).status).toBe(200);
    const { headers } = await demoToken('inventory:read');
    const list = await fetch(`${platform.url}/v1/inventory/items?reorder_below=true`, { headers });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { meta: { total: number } }).meta.total).toBeGreaterThan(0);
    const graphql = await fetch(`${platform.url}/graphql`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{"query":"{ inventory_items { data { id warehouse { name } } } }"}' });
    expect(graphql.status).toBe(200);
    expect(await graphql.json()).not.toHaveProperty('errors');
    // Read from installed packages at run time: the Scalar bundle (createRequire) and GraphiQL.
    for (const page of ['/docs', '/docs/assets/api-reference.js', '/graphql']) {
      expect((await fetch(`${platform.url}${page}`, { headers: { accept: 'text/html' } })).status, page).toBe(200);
    }
  });

  it('reads a PDF, loading pdf.js (a chunk of the build) and its fonts from the installed package at the first one', async () => {
    const { headers } = await demoToken('ai:write');
    const [document] = sampleDocuments(1) as [SampleDocument];
    const pdf = await invoicePdf(document, 'classic');
    const response = await fetch(`${platform.url}/v1/ai/extractions`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ content_type: 'application/pdf', content_base64: pdf.toString('base64') }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    expect(await response.json()).toMatchObject({ method: 'pdf_text', total: { value: sampleTotals(document).total } });
  });

  it('opens no connection beyond loopback (Apollo telemetry is still off in the bundle)', async () => {
    const attempts = (await readFile(join(dataDir, 'connections.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { kind: string; destination: string });
    expect(attempts.some((attempt) => attempt.kind === 'tcp')).toBe(true);
    expect(attempts.filter(({ destination }) => !LOOPBACK.test(destination) && !destination.startsWith('/'))).toEqual([]);
  });

  it('stops on SIGTERM', async () => {
    expect(await platform.stop()).toBe(0);
  });
});
