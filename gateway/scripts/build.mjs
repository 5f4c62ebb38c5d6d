// The platform as JavaScript: gateway/src/main.ts and the workspace packages it imports bundled by
// esbuild into gateway/dist/main.mjs and the chunks it imports (ESM for Node 20, with source maps).
// `npm start` runs it with plain node: no TypeScript is transpiled at run time.
//
//   node gateway/scripts/build.mjs             build
//   node gateway/scripts/build.mjs --if-stale  build only when the output is missing or one of the
//                                              files it was built from changed since (npm prestart);
//                                              the same for the operations console (packages/console,
//                                              built by Vite into packages/console/dist)
//
// What the bundle keeps true of the sources:
// - Packages from node_modules are not bundled: each stays an import Node resolves at run time, of
//   the same file the source module would load. Where the output's folder would resolve a bare name
//   to another copy (packages/events has its own ioredis 5, rest-facade its own @graphql-tools/utils),
//   the import names that file by its path instead.
// - `import.meta.url` keeps meaning the source module's location, so files read relative to a
//   module (packages/db/migrations, createRequire of pg-boss's plans and of the Scalar bundle, the
//   Prisma client's folder) resolve as they do from the sources.
// - Names are kept (keepNames): bundling renames clashing top-level names, and error classes and
//   logs rely on `constructor.name`.
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const gatewayDir = dirname(dirname(fileURLToPath(import.meta.url)));
const root = dirname(gatewayDir);
const entry = join(gatewayDir, 'src', 'main.ts');
export const distDir = join(gatewayDir, 'dist');
export const outfile = join(distDir, 'main.mjs');
export const SUPERGRAPH_FILE = 'supergraph.graphql';
/** What the last build read (paths relative to the repository) and when it started reading. */
const recordFile = join(distDir, 'build.json');
/** Besides the bundled sources: this script, the compiler options and the installed packages. */
const alwaysInputs = ['gateway/scripts/build.mjs', 'tsconfig.base.json', 'node_modules/.package-lock.json'];

/** The reason the output must be built again, or undefined when it is up to date. */
export async function staleness() {
  if (!existsSync(outfile) || !existsSync(recordFile)) return 'no build yet';
  let record;
  try {
    record = JSON.parse(await readFile(recordFile, 'utf8'));
  } catch {
    return 'unreadable build record';
  }
  const checks = await Promise.all(
    [...new Set([...record.inputs, ...alwaysInputs])].map(async (input) => {
      const modified = await stat(join(root, input)).then((stats) => stats.mtimeMs, () => undefined);
      if (modified === undefined) return record.inputs.includes(input) ? `${input} is gone` : undefined;
      return modified > record.startedAt ? `${input} changed` : undefined;
    }),
  );
  return checks.find(Boolean);
}

export async function build() {
  const { build: esbuild } = await import('esbuild');
  const startedAt = Date.now();
  // Resolving from the output's folder (see externalPackages) needs the folder.
  await mkdir(distDir, { recursive: true });
  const previous = await readFile(recordFile, 'utf8').then((text) => JSON.parse(text).outputs ?? [], () => []);
  const result = await esbuild({
    entryPoints: [entry],
    outdir: distDir,
    // What gateway/src/main.ts imports on demand (the platform, which a primary of several workers
    // does not load) is a chunk with its own imports. Chunks sit beside main.mjs: the
    // import.meta.url rewrite below is relative to this one folder.
    splitting: true,
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Node's own conditions only (esbuild would also match "module", which Node does not know).
    conditions: [],
    mainFields: ['main'],
    sourcemap: true,
    keepNames: true,
    metafile: true,
    write: false,
    logLevel: 'warning',
    plugins: [externalPackages(), sourceModuleUrls()],
  });
  const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.includes('node_modules/'));
  // A package's package.json decides what an import of it resolves to, its tsconfig.json how
  // esbuild compiles its files.
  const manifests = new Set();
  for (const input of inputs) {
    for (let dir = dirname(join(root, input)); dir.startsWith(root) && dir !== root; dir = dirname(dir)) {
      if (existsSync(join(dir, 'package.json'))) {
        for (const name of ['package.json', 'tsconfig.json']) if (existsSync(join(dir, name))) manifests.add(relative(root, join(dir, name)).split(sep).join('/'));
        break;
      }
    }
  }
  // Each file is replaced whole, chunks before the entry that imports them, and the chunks of the
  // previous build are kept: a platform starting during a build runs the old or the new one.
  const write = (files) =>
    Promise.all(
      files.map(async ({ path, contents }) => {
        const temporary = `${path}.${process.pid}.tmp`;
        await writeFile(temporary, contents);
        await rename(temporary, path);
      }),
    );
  const isEntry = (file) => file.path === outfile || file.path === `${outfile}.map`;
  await write(result.outputFiles.filter((file) => !isEntry(file)));
  await write(result.outputFiles.filter(isEntry));
  await composeSupergraph();
  const outputs = [...result.outputFiles.map((file) => relative(distDir, file.path)), SUPERGRAPH_FILE];
  await write([{ path: recordFile, contents: JSON.stringify({ startedAt, inputs: [...inputs, ...manifests], outputs }, null, 1) }]);
  const kept = new Set([...outputs, ...previous, 'build.json']);
  await Promise.all((await readdir(distDir)).filter((name) => !kept.has(name) && !name.endsWith('.tmp')).map((name) => rm(join(distDir, name), { force: true })));
  return { milliseconds: Date.now() - startedAt, inputs: inputs.length };
}

/**
 * The supergraph every gateway of a fleet loads (SUPERGRAPH_PATH), composed from the same sources
 * as the bundle: a composition error fails the build.
 */
async function composeSupergraph() {
  const { execFile } = await import('node:child_process');
  const script = join(gatewayDir, 'scripts', 'compose-supergraph.ts');
  await new Promise((resolvePromise, reject) =>
    execFile(process.execPath, ['--import', 'tsx', script, join(distDir, SUPERGRAPH_FILE)], { cwd: root }, (error, _stdout, stderr) =>
      error ? reject(new Error(`supergraph composition failed:\n${stderr}`)) : resolvePromise(),
    ),
  );
}

/** Third-party imports stay imports, of the file the importing source module would load. */
function externalPackages() {
  return {
    name: 'external-packages',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData?.resolving) return undefined;
        if (isBuiltin(args.path)) return { path: args.path, external: true };
        if (args.path.startsWith('@platform/')) return undefined; // workspace sources: bundled
        const resolveFrom = async (resolveDir) => {
          const resolved = await pluginBuild.resolve(args.path, { kind: args.kind, resolveDir, importer: args.importer, pluginData: { resolving: true } });
          return resolved.errors.length ? undefined : resolved.path;
        };
        const [fromSource, fromOutput] = await Promise.all([resolveFrom(args.resolveDir), resolveFrom(distDir)]);
        if (!fromSource || fromSource === fromOutput) return { path: args.path, external: true };
        let path = relative(distDir, fromSource).split(sep).join('/');
        if (!path.startsWith('.')) path = `./${path}`;
        return { path, external: true };
      });
    },
  };
}

/** `import.meta.url` of a bundled source module: the URL of that source file, relative to the output. */
function sourceModuleUrls() {
  return {
    name: 'source-module-urls',
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => {
        if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        const source = await readFile(args.path, 'utf8');
        const unsupported = /import\.meta\.(dirname|filename|resolve)\b/.exec(source);
        if (unsupported) return { errors: [{ text: `${unsupported[0]} is not rewritten for the bundle: use import.meta.url (gateway/scripts/build.mjs)` }] };
        if (!source.includes('import.meta.url')) return { contents: source, loader: 'ts' };
        const fromOutput = JSON.stringify(relative(distDir, args.path).split(sep).join('/'));
        return { contents: source.replaceAll('import.meta.url', `new URL(${fromOutput}, import.meta.url).href`), loader: 'ts' };
      });
    },
  };
}

/** The operations console (packages/console): what its Vite build reads, and where it writes. */
const consoleDir = join(root, 'packages', 'console');
const consoleIndex = join(consoleDir, 'dist', 'index.html');
const consoleInputs = ['index.html', 'vite.config.ts', 'package.json', 'tsconfig.json'];

/** The reason the console must be built again, or undefined (a few dozen stats: cheap when fresh). */
export async function consoleStaleness() {
  const built = await stat(consoleIndex).then((stats) => stats.mtimeMs, () => undefined);
  if (built === undefined) return 'no console build yet';
  const files = [...consoleInputs.map((name) => join(consoleDir, name)), join(root, 'tsconfig.base.json'), join(root, 'node_modules/.package-lock.json')];
  const walk = async (dir) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) await walk(join(dir, entry.name));
      else files.push(join(dir, entry.name));
    }
  };
  await walk(join(consoleDir, 'src'));
  const changed = await Promise.all(files.map(async (file) => ((await stat(file).then((stats) => stats.mtimeMs, () => 0)) > built ? file : undefined)));
  const first = changed.find(Boolean);
  return first ? `${relative(root, first)} changed` : undefined;
}

/** `vite build` of the console, through Vite's API (its config: packages/console/vite.config.ts). */
export async function buildConsole() {
  const { build: viteBuild } = await import('vite');
  const startedAt = Date.now();
  // Production mode whatever NODE_ENV says (the tests run with NODE_ENV=test): what the tests check is what ships.
  await viteBuild({ root: consoleDir, configFile: join(consoleDir, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
  return { milliseconds: Date.now() - startedAt };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ifStale = process.argv.includes('--if-stale');
  const reason = await staleness();
  if (!ifStale || reason) {
    try {
      const { milliseconds, inputs } = await build();
      process.stderr.write(`Built ${relative(process.cwd(), outfile)} from ${inputs} source files in ${(milliseconds / 1000).toFixed(1)} s${reason ? ` (${reason})` : ''}\n`);
    } catch (error) {
      // esbuild has printed the errors; without it (npm install --omit=dev) say what to do.
      if (error?.code === 'ERR_MODULE_NOT_FOUND') process.stderr.write(`Cannot build the platform: ${error.message}\nRun npm install (with dev dependencies), or npm run build where they are installed.\n`);
      process.exit(1);
    }
  }
  // The console is built before a start when stale (`npm run build` builds it as its own workspace).
  // A console that cannot be built does not stop the platform: /console answers 503 console_not_built.
  const consoleReason = ifStale ? await consoleStaleness() : undefined;
  if (consoleReason) {
    try {
      const { milliseconds } = await buildConsole();
      process.stderr.write(`Built ${relative(process.cwd(), join(consoleDir, 'dist'))} in ${(milliseconds / 1000).toFixed(1)} s (${consoleReason})\n`);
    } catch (error) {
      process.stderr.write(`Could not build the operations console (${consoleReason}): ${error?.message ?? error}\nThe platform starts without it; /console answers 503 until npm run build succeeds.\n`);
    }
  }
}
