import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sendUntilAnswered } from './retrying-client.ts';

export const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
/** The compiled platform `npm start` runs, relative to the repository. */
export const COMPILED_ENTRY = 'gateway/dist/main.mjs';

export interface PlatformProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** SIGTERM, then wait for exit; resolves with the exit code. */
  stop(): Promise<number | null>;
  /** Sends a signal that ends the process (SIGKILL: a crash, nothing drained) and waits for its exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts the platform as `npm start` does (from the sources unless `compiled`), as its own
 * process, and resolves once it printed its address (it listens only when ready). The process
 * inherits this environment with `env` applied on top; a variable given as undefined is removed.
 */
/** The secrets key of test platforms (32 bytes, base64), so tests can seal and open webhook secrets too. */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');

/** The Node flags `npm start` runs the platform with (its heap cap): test platforms run as it does. */
const START_NODE_FLAGS = (() => {
  const start = (JSON.parse(readFileSync(`${repositoryRoot}package.json`, 'utf8')) as { scripts: { start: string } }).scripts.start;
  return /^node((?: --\S+)*) gateway\/dist\/main\.mjs$/.exec(start)?.[1]?.trim().split(' ').filter(Boolean) ?? [];
})();

export async function spawnPlatform(env: NodeJS.ProcessEnv, options: { nodeOptions?: string[]; compiled?: boolean; onOutput?: (output: string) => void } = {}): Promise<PlatformProcess> {
  // One process unless a test asks for workers (npm start's default is one per core).
  const childEnv = Object.fromEntries(Object.entries({ ...process.env, PORT: '0', LOG_LEVEL: 'warn', WORKERS: '1', ...env }).filter(([, value]) => value !== undefined));
  // From the sources through tsx (the default), or the build `npm start` runs (gateway/dist, see
  // gateway/scripts/build.mjs; the caller builds it).
  const entry = options.compiled ? [COMPILED_ENTRY] : ['--import', 'tsx', 'gateway/src/main.ts'];
  const child = spawn(process.execPath, [...START_NODE_FLAGS, ...(options.nodeOptions ?? []), ...entry], {
    cwd: repositoryRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk;
    options.onOutput?.(output);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`platform did not start within 90 s:\n${output}`)), 90_000);
    const onData = () => {
      const match = /Platform API on (http:\/\/\S+): GraphQL/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] as string);
      }
    };
    child.stdout?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`platform exited with ${code} before it was ready:\n${output}`));
    });
  });

  return {
    url,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    kill: async (signal = 'SIGKILL') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** An access token of an OAuth client, from a platform process a test started itself (client credentials grant). */
export async function accessTokenFrom(instance: PlatformProcess, client: { client_id: string; client_secret: string }): Promise<string> {
  // Retried while the platform names a fault (a freshly started instance on a loaded machine may answer 503), as clients do.
  const answer = await sendUntilAnswered(`${instance.url}/v1/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret }),
  });
  if (answer.status !== 200) throw new Error(`token request failed: ${answer.status} ${answer.body}`);
  return (JSON.parse(answer.body) as { access_token: string }).access_token;
}
