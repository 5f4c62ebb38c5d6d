import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type PlatformProcess, repositoryRoot, spawnPlatform } from '../support/platform-process.ts';

/**
 * `npm start` on a fresh clone: embedded PostgreSQL under DATA_DIR, migrations, the demo account
 * and instructions that work as printed. DATABASE_URL is removed so the default path runs even
 * when the suite itself runs against an external server.
 */
describe('first start on the embedded database', () => {
  let dataDir: string;
  let platform: PlatformProcess;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'first-start-'));
    // As `npm start` on a fresh clone: WORKERS unset, one worker per core.
    platform = await spawnPlatform({ DATA_DIR: dataDir, DATABASE_URL: undefined, LOG_LEVEL: 'info', WORKERS: undefined });
  });
  afterAll(async () => {
    await platform?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('seeds a demo account and prints curl lines that work as printed', async () => {
    const output = platform.output();
    expect(output).toContain('Demo account created');
    const tokenCommand = /(TOKEN=\$\(curl [\s\S]+?access_token'\))/.exec(output)?.[1];
    const listCommand = /(curl -s '[^']+reorder_below=true' [^\n]+)/.exec(output)?.[1];
    expect(tokenCommand).toBeDefined();
    expect(listCommand).toBeDefined();
    const shell = spawnSync('bash', ['-c', `set -e; ${tokenCommand}; ${listCommand}`], { encoding: 'utf8', cwd: repositoryRoot });
    expect(shell.status, shell.stderr).toBe(0);
    const list = JSON.parse(shell.stdout) as { data: Array<{ quantity_on_hand: number; reorder_point: number }>; meta: { total: number } };
    expect(list.meta.total).toBeGreaterThan(0);
    expect(list.data.every((item) => item.quantity_on_hand < item.reorder_point)).toBe(true);
  });

  it('prints a console user who signs in as printed, owner of both demo tenants', async () => {
    const line = /Console: (http:\/\/\S+)\/console\/ {2}\(tenant (ten_[0-9a-f]+), (\S+) \/ (\S+)\)/.exec(platform.output());
    expect(line, platform.output()).not.toBeNull();
    const [, url, tenantId, email, password] = line as unknown as [string, string, string, string, string];
    const response = await fetch(`${url}/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ tenant_id: tenantId, email, password }) });
    const session = (await response.json()) as { role: { id: string }; tenant: { paired_tenant_id: string } };
    expect(response.status).toBe(200);
    expect(session.role.id).toBe('role_owner');
    const sandbox = await fetch(`${url}/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ tenant_id: session.tenant.paired_tenant_id, email, password }) });
    expect(sandbox.status).toBe(200);
  });

  it('logs structured JSON', async () => {
    // pino writes asynchronously: the ready line may land just after the printed instructions.
    await vi.waitFor(() => expect(platform.output()).toContain('platform ready'));
    const logLines = platform.output().split('\n').filter((line) => line.startsWith('{'));
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) expect(JSON.parse(line)).toHaveProperty('level');
    expect(logLines.some((line) => (JSON.parse(line) as { msg: string }).msg === 'platform ready')).toBe(true);
  });

  it('lets the operator command line work beside the running platform', () => {
    const admin = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'packages/admin-cli/src/main.ts', ...args], { cwd: repositoryRoot, encoding: 'utf8', env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } });
    const tenant = admin('tenant', 'create', '--name', 'Beside', '--plan', 'scale');
    expect(tenant.status, tenant.stderr).toBe(0);
    const created = JSON.parse(tenant.stdout) as { id: string; sandbox_tenant_id: string };
    const client = admin('client', 'create', '--tenant', created.id, '--scopes', 'inventory:read');
    expect(client.status, client.stderr).toBe(0);
    expect(JSON.parse(client.stdout)).toMatchObject({ client_id: expect.stringMatching(/^cli_/), client_secret: expect.stringMatching(/^cs_live_/) });
    // Two runs of the command line from its sources.
  }, 120_000);

  it('restarts on the same data without seeding again, and stops its PostgreSQL on SIGTERM', async () => {
    expect(await platform.stop()).toBe(0);
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    platform = await spawnPlatform({ DATA_DIR: dataDir, DATABASE_URL: undefined, WORKERS: undefined });
    expect(platform.output()).not.toContain('Demo account created');
    expect((await fetch(`${platform.url}/healthz`)).status).toBe(200);
    // A stop and a start of a primary and its workers from the sources: far longer than a request on a busy machine.
  }, 180_000);
});
