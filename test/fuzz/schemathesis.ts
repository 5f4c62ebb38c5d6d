import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { errorCatalogue } from '@platform/errors';

/**
 * Schemathesis, the tool security teams point at an API, run against a platform as part of the
 * fuzz suite: the REST facade from its published OpenAPI document, the GraphQL endpoint from
 * introspection. The bounded runs are in `schemathesis.test.ts`, long ones in `npm run fuzz`.
 *
 * REST: every check, as schemathesis/schemathesis.toml sets them (not `--checks all`, which would
 * override that file's settings): no 5xx, responses and their headers as documented, schema-valid
 * requests accepted (or refused only for the platform's state; `platform_positive_data_acceptance`
 * of schemathesis/rest_hooks.py, which first makes sure the body sent is valid), schema-invalid
 * ones refused, 405 with `Allow` for undeclared methods, and more.
 *
 * GraphQL: every check but two that assume a GraphQL schema states everything a server checks.
 * GraphQL's types cannot state ranges, patterns or references, so a type-valid request may be
 * refused with a coded client error (`per_page: 1000` is `invalid_parameter`): Schemathesis's
 * `positive_data_acceptance` counts that as a failure, and `not_a_server_error` counts any error
 * with a `path` as a server error. The REST run checks those rules where the document can state
 * them; here `platform_server_fault` (schemathesis/platform_hooks.py) replaces the second one with
 * a check that knows the error catalogue: an HTTP 5xx or any code but a client code fails. NUL
 * characters are not generated for GraphQL (`--generation-allow-x00 false`): no GraphQL type can
 * refuse them, and the platform refuses them with `validation_failed` (PostgreSQL cannot store them).
 */

const here = fileURLToPath(new URL('.', import.meta.url));
const SCHEMATHESIS_DIR = join(here, 'schemathesis');
const execFileAsync = promisify(execFile);

export type SchemathesisTarget = 'rest' | 'graphql';

export interface SchemathesisOptions {
  platformUrl: string;
  /** The fuzzed tenant and its OAuth client (REST: Schemathesis requests its own tokens). */
  account: { tenantId: string; client: { client_id: string; client_secret: string } };
  /** `Authorization` for the GraphQL run, which has no security schemes to fetch tokens through. */
  authorization: string;
  seed: number;
  /** Examples per operation and phase. */
  maxExamples: number;
  /** Upper bound of the whole run, in seconds. */
  maxTimeSeconds: number;
  workers?: number;
}

export interface SchemathesisResult {
  target: SchemathesisTarget;
  command: string;
  seed: number;
  seconds: number;
  /** Requests generated and sent. */
  cases: number;
  operations: number;
  failures: string[];
  /** Runs of an operation the tool could not complete (its own errors). */
  errors: string[];
  /** How many answers had each status. */
  statuses: Record<number, number>;
  /** Operations (`POST /v1/crm/orders`, a GraphQL root field) that succeeded at least once: a run that reached nothing proves nothing. */
  succeeded: string[];
  /** Its output, for the report of a failure. */
  output: string;
}

/** Installs Schemathesis (once per requirements.txt) and returns its command. */
export async function schemathesisCommand(): Promise<string> {
  const { stdout } = await execFileAsync(join(SCHEMATHESIS_DIR, 'install.sh'), { timeout: 300_000 });
  return stdout.trim();
}

export async function runSchemathesis(target: SchemathesisTarget, options: SchemathesisOptions): Promise<SchemathesisResult> {
  const command = await schemathesisCommand();
  const reportDir = await mkdtemp(join(tmpdir(), 'schemathesis-'));
  const reportPath = join(reportDir, 'report.json');
  const harPath = join(reportDir, 'exchanges.har');
  const location = target === 'rest' ? `${options.platformUrl}/v1/openapi.json` : `${options.platformUrl}/graphql`;
  const args = [
    ...(target === 'rest' ? ['--config-file', join(SCHEMATHESIS_DIR, 'schemathesis.toml')] : []),
    'run',
    location,
    '-H',
    `X-Service-Tenant: ${options.account.tenantId}`,
    ...(target === 'graphql' ? ['-H', `Authorization: ${options.authorization}`] : []),
    ...(target === 'graphql' ? ['--checks', 'all', '--exclude-checks', 'not_a_server_error,positive_data_acceptance', '--generation-allow-x00', 'false'] : []),
    '--seed',
    String(options.seed),
    // No example database: the same seed sends the same cases on every machine.
    '--generation-database',
    'none',
    '--max-examples',
    String(options.maxExamples),
    '--max-time',
    String(options.maxTimeSeconds),
    '--workers',
    String(options.workers ?? 2),
    '--request-timeout',
    '15',
    '--no-color',
    '--warnings',
    'off',
    '--report',
    'json,har',
    '--report-json-path',
    reportPath,
    '--report-har-path',
    harPath,
  ];
  const started = performance.now();
  try {
    const output = await run(command, args, {
      ...process.env,
      PYTHONPATH: SCHEMATHESIS_DIR,
      PLATFORM_CLIENT_ID: options.account.client.client_id,
      PLATFORM_CLIENT_SECRET: options.account.client.client_secret,
      SCHEMATHESIS_HOOKS: target === 'graphql' ? 'platform_hooks' : 'rest_hooks',
      PLATFORM_CLIENT_ERROR_CODES: Object.entries(errorCatalogue)
        .filter(([, entry]) => entry.status < 500)
        .map(([code]) => code)
        .join(','),
    }, (options.maxTimeSeconds + 180) * 1000);
    const report = JSON.parse(await readFile(reportPath, 'utf8')) as {
      test_cases: { generated: number };
      operations: { tested: number };
      failures: unknown[];
      errors: unknown[];
    };
    const exchanges = (JSON.parse(await readFile(harPath, 'utf8')) as { log: { entries: Exchange[] } }).log.entries;
    const statuses: Record<number, number> = {};
    for (const exchange of exchanges) statuses[exchange.response.status] = (statuses[exchange.response.status] ?? 0) + 1;
    const succeededOperation = target === 'rest' ? restOperations(await (await fetch(location)).json()) : graphqlRootField;
    const succeeded = new Set(exchanges.flatMap((exchange) => succeededOperation(exchange) ?? []));
    return {
      target,
      statuses,
      succeeded: [...succeeded].sort(),
      command: `st ${args.map((arg) => (arg.startsWith('Bearer ') || arg.toLowerCase().startsWith('authorization:') ? 'Authorization: [credential]' : arg)).join(' ')}`,
      seed: options.seed,
      seconds: (performance.now() - started) / 1000,
      cases: report.test_cases.generated,
      operations: report.operations.tested,
      failures: report.failures.map((failure) => JSON.stringify(failure)),
      errors: report.errors.map((error) => JSON.stringify(error)),
      output,
    };
  } finally {
    await rm(reportDir, { recursive: true, force: true });
  }
}

type Exchange = { request: { method: string; url: string; postData?: { text?: string } }; response: { status: number; content?: { text?: string } } };

/** The document's operation a request was for (`POST /v1/crm/orders/{id}/confirm`), if it answered with a 2xx. */
function restOperations(document: unknown): (exchange: Exchange) => string | undefined {
  const templates = Object.entries((document as { paths: Record<string, Record<string, unknown>> }).paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ name: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), pattern: new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`) })),
  );
  return ({ request, response }) => {
    if (response.status >= 300) return undefined;
    const path = new URL(request.url).pathname;
    return templates.find((template) => template.method === request.method && template.pattern.test(path))?.name;
  };
}

/** The root field a GraphQL request asked for, if its answer carries data and no error. */
function graphqlRootField({ request, response }: Exchange): string | undefined {
  const answer = JSON.parse(response.content?.text || '{}') as { data?: unknown; errors?: unknown[] };
  if (!answer.data || answer.errors?.length) return undefined;
  const query = (JSON.parse(request.postData?.text ?? '{}') as { query?: string }).query ?? '';
  return /\{\s*(\w+)/.exec(query)?.[1];
}

/** Runs a command to its end (bounded), returning what it wrote; its exit code says only whether it found failures. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`Schemathesis did not finish within ${timeoutMs / 1000} s:\n${output.slice(-4000)}`));
    }, timeoutMs);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      // 0: no failure; 1: failures found (read from the report). Anything else is a broken run.
      if (code === 0 || code === 1) resolve(output);
      else reject(new Error(`Schemathesis exited with ${code}:\n${output.slice(-4000)}`));
    });
  });
}
