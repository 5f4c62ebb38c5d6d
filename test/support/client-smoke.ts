import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type IncomingMessage, type Server, type ServerResponse, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type PrismaClient, createPrismaClient, migrateDatabase } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import { createOAuthClient, createTenantPair } from '@platform/subgraph-identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './fixtures.ts';
import { type PlatformProcess, TEST_SECRETS_KEY, accessTokenFrom, spawnPlatform } from './platform-process.ts';

/**
 * The world the client libraries' smoke programs run in (one per language, see
 * test/clients/): a platform process on a fresh database, a tenant with known data, a throttled
 * tenant, and a proxy that loses answers. Each program gets it as environment variables, so the
 * four languages are smoke-tested against the same facts.
 */

const SCOPES = ['crm:read', 'crm:write', 'inventory:read', 'inventory:write', 'webhooks:read', 'webhooks:write', 'events:read'];
/** Items in the smoke warehouse (the list step must find exactly these) and in another one (the filter must leave them out). */
const LISTED_ITEMS = 25;
const OTHER_ITEMS = 5;
/** The throttled tenant's limit: a burst of reads meets 429s the libraries must wait out. */
const THROTTLED_PER_SECOND = 2;

export interface ClientSmokeFixture {
  /** The variables each smoke program reads (PLATFORM_URL, PLATFORM_TENANT_ID, ...). */
  env: Record<string, string>;
  platform: PlatformProcess;
  /** How many answers of order creations the flaky proxy lost (after the platform had answered). */
  droppedResponses(): number;
  stop(): Promise<void>;
}

interface FlakyProxy {
  url: string;
  dropped: number;
  close(): Promise<void>;
}

/**
 * A proxy in front of the platform that loses the answer of the first attempt of every distinct
 * `Idempotency-Key` on `POST /v1/crm/orders`: the request reaches the platform (the order is
 * created), then the client's connection is destroyed instead of answered. Only a library that
 * retries the write with the same key ends with one order.
 */
async function startFlakyProxy(target: string): Promise<FlakyProxy> {
  const upstream = new URL(target);
  const seenKeys = new Set<string>();
  const state = { dropped: 0 };
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const key = request.headers['idempotency-key'];
    const loseAnswer = request.method === 'POST' && request.url === '/v1/crm/orders' && typeof key === 'string' && !seenKeys.has(key);
    if (loseAnswer) seenKeys.add(key);
    const forwarded = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers: { ...request.headers, host: upstream.host } },
      (answer) => {
        if (loseAnswer) {
          answer.resume();
          answer.once('end', () => {
            state.dropped++;
            request.socket.destroy();
          });
          return;
        }
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.once('error', () => response.destroy());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get dropped() {
      return state.dropped;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function seedData(platform: PlatformProcess, client: { client_id: string; client_secret: string }, tenantId: string): Promise<{ warehouseId: string; customerId: string }> {
  const api = apiClient(await accessTokenFrom(platform, client), tenantId, platform.url);
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await api.send('POST', path, body);
    if (response.status !== 201) throw new Error(`seeding ${path} failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const listed = await post<{ id: string }>('/v1/inventory/warehouses', { name: 'Smoke' });
  const other = await post<{ id: string }>('/v1/inventory/warehouses', { name: 'Elsewhere' });
  for (let index = 1; index <= LISTED_ITEMS; index++) {
    const id = `SMOKE-${String(index).padStart(2, '0')}`;
    await post('/v1/inventory/items', { id, name: `Smoke item ${index}`, quantity_on_hand: 1000, reorder_point: 0, warehouse_id: listed.id });
  }
  for (let index = 1; index <= OTHER_ITEMS; index++) {
    await post('/v1/inventory/items', { id: `OTHER-${index}`, name: `Other item ${index}`, quantity_on_hand: 10, reorder_point: 0, warehouse_id: other.id });
  }
  const customer = await post<{ id: string }>('/v1/crm/customers', { name: 'Smoke Customer', currency: 'EUR' });
  return { warehouseId: listed.id, customerId: customer.id };
}

export async function startClientSmokeFixture(): Promise<ClientSmokeFixture> {
  let database: FreshDatabase | undefined;
  let prisma: PrismaClient | undefined;
  let platform: PlatformProcess | undefined;
  let proxy: FlakyProxy | undefined;
  const stop = async () => {
    await proxy?.close();
    await platform?.stop();
    await prisma?.$disconnect();
    await database?.dispose();
  };
  try {
    database = await freshDatabase({ prefix: 'client_smoke' });
    await migrateDatabase(database.url);
    prisma = createPrismaClient(database.url, 2);
    // Sandbox tenants: their webhook endpoints may be plain HTTP on loopback (allowed below).
    const { sandbox } = await createTenantPair(prisma, { name: 'Client smoke', plan: 'enterprise' });
    const { sandbox: throttled } = await createTenantPair(prisma, { name: 'Client smoke (throttled)', plan: 'enterprise' });
    await prisma.tenant.update({ where: { id: sandbox.id }, data: { rate_limit_per_second: 10_000, rate_limit_per_minute: 100_000 } });
    await prisma.tenant.update({ where: { id: throttled.id }, data: { rate_limit_per_second: THROTTLED_PER_SECOND, rate_limit_per_minute: 10_000 } });
    const client = await createOAuthClient(prisma, { tenantId: sandbox.id, scopes: SCOPES, name: 'smoke' });
    const throttledClient = await createOAuthClient(prisma, { tenantId: throttled.id, scopes: SCOPES, name: 'smoke throttled' });

    platform = await spawnPlatform({ DATABASE_URL: database.url, SEED_DEMO: 'false', SECRETS_KEY: TEST_SECRETS_KEY, WEBHOOK_ALLOWED_PRIVATE_NETWORKS: '127.0.0.0/8', WEBHOOK_RETRY_SCHEDULE: '1,1,1,1,1' });
    const { warehouseId, customerId } = await seedData(platform, client, sandbox.id);
    proxy = await startFlakyProxy(platform.url);
    const lossy = proxy;
    return {
      env: {
        PLATFORM_URL: platform.url.replace(/\/$/, ''),
        PLATFORM_TENANT_ID: sandbox.id,
        PLATFORM_CLIENT_ID: client.client_id,
        PLATFORM_CLIENT_SECRET: client.client_secret,
        PLATFORM_WAREHOUSE_ID: warehouseId,
        PLATFORM_ITEM_ID: 'SMOKE-01',
        PLATFORM_CUSTOMER_ID: customerId,
        PLATFORM_THROTTLED_TENANT_ID: throttled.id,
        PLATFORM_THROTTLED_CLIENT_ID: throttledClient.client_id,
        PLATFORM_THROTTLED_CLIENT_SECRET: throttledClient.client_secret,
        PLATFORM_FLAKY_URL: lossy.url,
        PLATFORM_WEBHOOK_HOST: '127.0.0.1',
      },
      platform,
      droppedResponses: () => lossy.dropped,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export interface SmokeRun {
  exitCode: number | null;
  /** stdout and stderr, interleaved as they came. */
  output: string;
}

/**
 * Runs a smoke program with the fixture's variables added to this environment. A command that
 * cannot be started (a toolchain missing on this machine) fails with a message naming it: the
 * smoke tests are never skipped.
 */
export function runSmokeProgram(options: { command: string; args: string[]; cwd: string; env: Record<string, string>; timeoutMs: number }): Promise<SmokeRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(options.command, options.args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${options.command} ${options.args.join(' ')} did not finish within ${options.timeoutMs} ms:\n${output}`));
    }, options.timeoutMs);
    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(error.code === 'ENOENT' ? new Error(`${options.command} is not installed on this machine; the ${options.command} client's smoke test needs it (.ci/run installs it)`) : error);
    });
    child.once('close', (exitCode) => {
      clearTimeout(timer);
      resolve({ exitCode, output });
    });
  });
}

export interface ClientSmokeProgram {
  /** The library as the tests name it (`Go client library`). */
  library: string;
  /** Its folder under packages/ (`client-go`). */
  packageFolder: string;
  /** What installs the language's packages first (quick when done; one line naming a missing toolchain). */
  setup?: { command: string; args: string[] };
  /** The smoke program, run in the package's folder with the fixture's variables. */
  command: string | ((packageDir: string) => string);
  args: string[];
  /** What its output holds only when every step ran and passed (a program that skipped steps must not pass). */
  completed: RegExp[];
  timeoutMs: number;
}

/**
 * A client library's smoke test: a fixture of its own (fresh database, platform process, lossy
 * proxy), the library's setup, then its smoke program, which must exit 0, print that every step
 * passed, and have had at least one answer lost by the proxy (so its idempotent retry was exercised).
 */
export function describeClientSmoke(program: ClientSmokeProgram): void {
  const packageDir = fileURLToPath(new URL(`../../packages/${program.packageFolder}`, import.meta.url));
  describe(program.library, () => {
    let fixture: ClientSmokeFixture;
    beforeAll(async () => {
      fixture = await startClientSmokeFixture();
    }, 180_000);
    afterAll(async () => {
      await fixture?.stop();
    });

    it('passes its smoke program against the platform', async () => {
      if (program.setup) {
        const setup = await runSmokeProgram({ ...program.setup, cwd: packageDir, env: {}, timeoutMs: 300_000 });
        expect(setup.exitCode, setup.output).toBe(0);
      }
      const command = typeof program.command === 'function' ? program.command(packageDir) : program.command;
      const result = await runSmokeProgram({ command, args: program.args, cwd: packageDir, env: fixture.env, timeoutMs: program.timeoutMs });
      expect(result.exitCode, result.output).toBe(0);
      for (const completed of program.completed) expect(result.output).toMatch(completed);
      expect(fixture.droppedResponses()).toBeGreaterThan(0);
    }, program.timeoutMs + 330_000);
  });
}
