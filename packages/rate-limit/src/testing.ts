// Test support: real redis-server processes for the rate-limit tests here and in test/e2e.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';

export interface RedisServer {
  port: number;
  /** `redis://127.0.0.1:<port>`, with the password when one was set. */
  url: string;
  /** Stops the server (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
  /** Kills the server (SIGKILL: its clients get no goodbye, as in a crash) and waits for it to exit. */
  kill(): Promise<void>;
  /** Freezes the server (SIGSTOP): connections stay open, nothing is answered, as when it hangs. */
  pause(): void;
  /** Lets a paused server go on (SIGCONT). */
  resume(): void;
}

const INSTALL_HINT = 'redis-server is not installed, and the Redis tests need a real one: apt-get install -y redis-server (CI installs it).';

/** Fails, never skips, when redis-server is missing: CI installs it, so its absence is a fault. */
export function requireRedisServer(): void {
  const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) throw new Error(INSTALL_HINT);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * A throw-away redis-server on a free loopback port: no persistence (`--save ''`,
 * `--appendonly no`), nothing written to the working directory.
 */
export async function startRedisServer(options: { port?: number; password?: string } = {}): Promise<RedisServer> {
  requireRedisServer();
  const port = options.port ?? (await freePort());
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', tmpdir(), '--daemonize', 'no'];
  if (options.password) args.push('--requirepass', options.password);
  const child: ChildProcess = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start within 10 s:\n${output}`)), 10_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${INSTALL_HINT} (${error.message})`));
    });
    child.stdout?.on('data', () => {
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited before it was ready:\n${output}`));
    });
  });

  const auth = options.password ? `:${encodeURIComponent(options.password)}@` : '';
  return {
    port,
    url: `redis://${auth}127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        // A paused server acts on SIGTERM only once it runs again.
        child.kill('SIGCONT');
      }
      await exited;
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
  };
}
