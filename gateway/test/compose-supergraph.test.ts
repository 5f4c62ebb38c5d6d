import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { subgraphs } from '../src/supergraph/subgraphs.ts';

const gatewayDir = fileURLToPath(new URL('..', import.meta.url));
const output = mkdtempSync(join(tmpdir(), 'supergraph-'));
afterAll(() => rmSync(output, { recursive: true, force: true }));

/** The build's composition step (scripts/compose-supergraph.ts), as `npm run build` runs it. */
function compose(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/compose-supergraph.ts', ...args], { cwd: gatewayDir, encoding: 'utf8' });
}

describe('the supergraph composed at build time', () => {
  it('composes every subgraph into the file the fleet gateways load', () => {
    const file = join(output, 'supergraph.graphql');
    const run = compose(file);
    expect(run.status, run.stderr).toBe(0);
    const sdl = readFileSync(file, 'utf8');
    for (const { name } of subgraphs) expect(sdl).toContain(`@join__graph(name: "${name}"`);
  });

  it('fails the build, naming the problem, when the subgraphs do not compose', () => {
    const run = compose(join(output, 'broken.graphql'), 'test/fixtures/conflicting-subgraphs.ts');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Supergraph composition failed');
    expect(run.stderr).toMatch(/Query\.total/);
  });
});
