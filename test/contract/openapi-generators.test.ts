import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createClient } from '@hey-api/openapi-ts';
import openapiTS, { type OpenAPITSOptions, astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrl } from '../support/fixtures.ts';

const require = createRequire(import.meta.url);
const TSC = require.resolve('typescript/bin/tsc');

/** Strict settings, as a project that uses the generated code would have them. */
const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    strict: true,
    noUnusedLocals: true,
    noImplicitReturns: true,
    noFallthroughCasesInSwitch: true,
    noImplicitOverride: true,
    allowImportingTsExtensions: true,
    noEmit: true,
    skipLibCheck: false,
    types: [],
  },
  include: ['**/*.ts'],
};

/** Uses openapi-typescript's types as a hand-written client would: one typed call of `GET /v1/crm/orders/{id}`. */
const OPENAPI_TYPESCRIPT_USAGE = `import type { components, paths } from './schema.ts';

type Operation<P extends keyof paths> = paths[P] extends { get: infer O } ? O : never;
type Parameters<O> = O extends { parameters: infer Q } ? Q : never;
type Ok<O> = O extends { responses: { 200: { content: { 'application/json': infer B } } } } ? B : never;

async function get<P extends keyof paths>(path: P, parameters: Parameters<Operation<P>>): Promise<Ok<Operation<P>>> {
  const { path: values, header } = parameters as { path?: Record<string, string>; header?: Record<string, string> };
  const url = String(path).replace(/\\{(\\w+)\\}/g, (_, name: string) => encodeURIComponent(values?.[name] ?? ''));
  const response = await fetch(url, { headers: header });
  return (await response.json()) as Ok<Operation<P>>;
}

export async function orderTotal(): Promise<number> {
  const order = await get('/v1/crm/orders/{id}', { path: { id: 'ord_5f0c2a9e1b7d4c3a8e6f1d2b' }, header: { 'X-Service-Tenant': 'ten_5f0c2a9e1b7d4c3a8e6f1d2b' } });
  const status: components['schemas']['OrderStatus'] = order.status;
  const line: components['schemas']['OrderLine'] | undefined = order.lines[0];
  return status === 'cancelled' ? 0 : order.total + (line?.quantity ?? 0) * 0;
}
`;

/** Calls one operation of @hey-api/openapi-ts's SDK through its fetch client. */
const HEY_API_USAGE = `import { client } from './client.gen.ts';
import { order } from './sdk.gen.ts';
import type { Order } from './types.gen.ts';

client.setConfig({ baseUrl: 'http://127.0.0.1:4000', auth: () => 'access-token' });

export async function orderTotal(): Promise<number> {
  const { data, error } = await order({ path: { id: 'ord_5f0c2a9e1b7d4c3a8e6f1d2b' }, headers: { 'X-Service-Tenant': 'ten_5f0c2a9e1b7d4c3a8e6f1d2b' } });
  if (error) throw new Error(error.code);
  const found: Order | undefined = data;
  return found?.total ?? 0;
}
`;

/**
 * Two widely used generators turn the served document into TypeScript that compiles under strict
 * settings and can call an operation: what the official libraries and users' own tooling rely on.
 */
describe('the OpenAPI document under code generators', () => {
  let directory: string;
  let documentFile: string;
  let document: Record<string, unknown>;

  beforeAll(async () => {
    const response = await fetch(`${platformUrl}/v1/openapi.json`);
    expect(response.status).toBe(200);
    document = (await response.json()) as Record<string, unknown>;
    directory = await mkdtemp(join(tmpdir(), 'openapi-generators-'));
    documentFile = join(directory, 'openapi.json');
    await writeFile(documentFile, JSON.stringify(document));
  });

  afterAll(async () => {
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('generates types with openapi-typescript that compile strictly and type a call', async () => {
    const output = join(directory, 'openapi-typescript');
    await generateWithOpenapiTypescript(documentFile, output);
    await writeFile(join(output, 'usage.ts'), OPENAPI_TYPESCRIPT_USAGE);
    expect(await typecheck(output)).toBe('');
  }, 60_000);

  it('generates an SDK with @hey-api/openapi-ts that compiles strictly and calls an operation', async () => {
    const output = join(directory, 'hey-api');
    await generateWithHeyApi(documentFile, output);
    await writeFile(join(output, 'usage.ts'), HEY_API_USAGE);
    expect(await typecheck(output)).toBe('');
  }, 60_000);

  it('shows TypeScript code samples (x-codeSamples) that compile against the official client, @platform/client', async () => {
    const output = join(directory, 'samples');
    await mkdir(output, { recursive: true });
    const operations = Object.values(document.paths as Record<string, Record<string, { operationId: string; 'x-codeSamples'?: Array<{ lang: string; source: string }> }>>).flatMap((byMethod) => Object.values(byMethod));
    let written = 0;
    for (const operation of operations) {
      const sample = operation['x-codeSamples']?.find((candidate) => candidate.lang === 'typescript');
      if (!sample) continue;
      await writeFile(join(output, `${operation.operationId}.ts`), sample.source);
      written += 1;
    }
    expect(written).toBeGreaterThan(80);
    // The library's source entry (its package exports the built dist/, which may not be built here).
    const client = fileURLToPath(new URL('../../packages/client-typescript/src/index.ts', import.meta.url));
    expect(existsSync(client), `${client} is the TypeScript client's entry`).toBe(true);
    await writeFile(
      join(output, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { ...TSCONFIG.compilerOptions, noUnusedLocals: false, skipLibCheck: true, types: ['node'], typeRoots: [join(dirname(require.resolve('@types/node/package.json')), '..')], paths: { '@platform/client': [client] } },
        include: ['*.ts'],
      }),
    );
    // Only the samples' own diagnostics count: the library's are its own tests' business.
    const diagnostics = (await compile(output)).split('\n').filter((line) => /^[\w-]+\.ts\(/.test(line));
    expect(diagnostics).toEqual([]);
  }, 60_000);

  it('shows Python, Java and Go code samples that name the operations and models the official libraries generate, Java’s with their arity', async () => {
    const samples = Object.values(document.paths as Record<string, Record<string, { 'x-codeSamples'?: Array<{ lang: string; source: string }> }>>).flatMap((byMethod) =>
      Object.values(byMethod).flatMap((operation) => operation['x-codeSamples'] ?? []),
    );
    const languages = new Set(samples.map((sample) => sample.lang));
    expect([...languages].sort()).toEqual(['go', 'java', 'python', 'typescript']);
    expect(samples.length).toBeGreaterThan(4 * 80);
    const repository = new URL('../../', import.meta.url);
    const goClient = await readFile(new URL('packages/client-go/generated/platform.gen.go', repository), 'utf8');
    const pythonModels = await readFile(new URL('packages/client-python/platform_client/generated/models/__init__.py', repository), 'utf8');
    const unknown: string[] = [];
    for (const { lang, source } of samples) {
      if (lang === 'go') {
        const method = /client\.(\w+)\(/.exec(source)?.[1];
        if (!method || !goClient.includes(`func (c *ClientWithResponses) ${method}(`)) unknown.push(`go ${method}`);
      }
      if (lang === 'java') {
        const [, api, method, args] = /platform\.api\((\w+)\.class\)\.(\w+)\((.*)\);/.exec(source) ?? [];
        const file = new URL(`packages/client-java/src/main/java/dev/platform/client/generated/api/${api}.java`, repository);
        const declarations = existsSync(file) ? [...(await readFile(file, 'utf8')).matchAll(new RegExp(`public \\S+ ${method}\\((.*)\\) throws`, 'g'))].map((match) => (match[1] as string).split(',').length) : [];
        if (!declarations.includes((args ?? '').split(',').length)) unknown.push(`java ${api}.${method} with ${(args ?? '').split(',').length} arguments`);
        const model = /import dev\.platform\.client\.generated\.model\.(\w+);/.exec(source)?.[1];
        if (model && !existsSync(new URL(`packages/client-java/src/main/java/dev/platform/client/generated/model/${model}.java`, repository))) unknown.push(`java model ${model}`);
      }
      if (lang === 'python') {
        const [, module, operation] = /from platform_client\.generated\.api\.(\w+) import (\w+)/.exec(source) ?? [];
        if (!existsSync(new URL(`packages/client-python/platform_client/generated/api/${module}/${operation}.py`, repository))) unknown.push(`python ${module}.${operation}`);
        const model = /from platform_client\.generated\.models import (\w+)/.exec(source)?.[1];
        if (model && !new RegExp(`\\b${model}\\b`).test(pythonModels)) unknown.push(`python model ${model}`);
      }
    }
    expect(unknown).toEqual([]);
    // Every Python sample parses.
    const pythonSamples = join(directory, 'python-samples.json');
    await writeFile(pythonSamples, JSON.stringify(samples.filter((sample) => sample.lang === 'python').map((sample) => sample.source)));
    const parse = 'import ast, json, sys\nfor source in json.load(open(sys.argv[1])): ast.parse(source)\nprint("ok")';
    const { stdout } = await promisify(execFile)('python3', ['-c', parse, pythonSamples], { timeout: 30_000 }).catch((error: unknown) => {
      throw new Error(`python3 is needed to parse the Python samples: ${String(error)}`);
    });
    expect(stdout.trim()).toBe('ok');
  }, 60_000);

  it('fails on a broken document: a dangling $ref stops both generators or the compilation', async () => {
    const broken = structuredClone(document) as { components: { schemas: Record<string, unknown> } };
    delete broken.components.schemas.OrderLine;
    const brokenFile = join(directory, 'broken.json');
    await writeFile(brokenFile, JSON.stringify(broken));
    const outcome = async (generate: (input: string, output: string) => Promise<void>, name: string, usage: string) => {
      const output = join(directory, name);
      try {
        await generate(brokenFile, output);
      } catch (error) {
        return `generation failed: ${String(error).slice(0, 200)}`;
      }
      await writeFile(join(output, 'usage.ts'), usage);
      return await typecheck(output);
    };
    expect(await outcome(generateWithOpenapiTypescript, 'broken-openapi-typescript', OPENAPI_TYPESCRIPT_USAGE)).not.toBe('');
    expect(await outcome(generateWithHeyApi, 'broken-hey-api', HEY_API_USAGE)).not.toBe('');
  }, 60_000);
});

/**
 * `JsonValue` (any JSON value: a recursive `anyOf`) is emitted by openapi-typescript as a member of
 * the `components` interface that is an array of itself, which TypeScript refuses (TS2502); its
 * documented `inject` and `transform` options declare it as a recursive type alias instead, as
 * packages/client-typescript does (scripts/generators.ts).
 */
const OPENAPI_TS_OPTIONS: OpenAPITSOptions = {
  silent: true,
  inject: 'type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };\n',
  transform: (_schema, options) => (options.path === '#/components/schemas/JsonValue' ? ts.factory.createTypeReferenceNode('JsonValue') : undefined),
};

async function generateWithOpenapiTypescript(input: string, output: string): Promise<void> {
  await mkdir(output, { recursive: true });
  const ast = await openapiTS(new URL(`file://${input}`), OPENAPI_TS_OPTIONS);
  await writeFile(join(output, 'schema.ts'), astToString(ast));
}

async function generateWithHeyApi(input: string, output: string): Promise<void> {
  await createClient({ input, output, logs: { level: 'silent' }, plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'] });
}

/** `tsc --noEmit` of a directory under TSCONFIG: its diagnostics, or '' when it compiles. */
async function typecheck(directory: string): Promise<string> {
  await writeFile(join(directory, 'tsconfig.json'), JSON.stringify(TSCONFIG));
  return compile(directory);
}

/** `tsc --noEmit -p directory`: its diagnostics, or '' when it compiles. */
async function compile(directory: string): Promise<string> {
  try {
    await promisify(execFile)(process.execPath, [TSC, '--noEmit', '-p', directory], { cwd: directory, timeout: 50_000 });
    return '';
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    return `${stdout ?? ''}${stderr ?? ''}`.trim() || String(error);
  }
}
