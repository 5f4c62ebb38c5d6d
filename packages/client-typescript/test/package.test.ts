import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const packageRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * What npm would publish: `npm pack` builds the package (prepack) and packs the compiled ESM with
 * its declarations, never the TypeScript sources or tests; the packed entry loads in plain Node.
 */
describe('the npm package', () => {
  it('packs the compiled library with its types, and its entry loads in Node without TypeScript', async () => {
    const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts=false'], { cwd: packageRoot, maxBuffer: 16 * 1024 * 1024 });
    const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as [{ name: string; files: { path: string }[] }];
    const files = packed.files.map((file) => file.path);
    expect(packed.name).toBe('@platform/client');
    expect(files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts', 'dist/rest/generated/openapi.d.ts']));
    expect(files.filter((file) => !file.startsWith('dist/') && !['package.json', 'README.md'].includes(file))).toEqual([]);
    expect(files.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))).toEqual([]);

    const { stdout: exported } = await run(process.execPath, ['--input-type=module', '-e', "const m = await import('@platform/client'); console.log(typeof m.PlatformClient, typeof m.verifyWebhook)"], { cwd: packageRoot });
    expect(exported.trim()).toBe('function function');
  }, 120_000);
});
