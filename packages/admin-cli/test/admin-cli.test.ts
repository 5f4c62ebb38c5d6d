import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminResult, runAdmin } from './run-admin.ts';

let dataDir: string;
/** With DATABASE_URL set (CI's second pass), the CLI gets a database of its own on that server. */
let externalDatabase: FreshDatabase | undefined;

function admin(...args: string[]): Promise<AdminResult> {
  return runAdmin({ DATA_DIR: dataDir, DATABASE_URL: externalDatabase?.url ?? '' }, args);
}

function json(result: AdminResult): Record<string, unknown> {
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

describe('admin CLI', { timeout: 60_000 }, () => {
  let tenant: Record<string, unknown>;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'admin-cli-'));
    if (process.env.DATABASE_URL) externalDatabase = await freshDatabase({ prefix: 'admin_cli' });
  });

  afterAll(async () => {
    await externalDatabase?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates a production and sandbox tenant pair', async () => {
    tenant = json(await admin('tenant', 'create', '--name', 'Acme', '--plan', 'growth'));
    expect(tenant).toMatchObject({ name: 'Acme', plan: 'growth', environment: 'production' });
    expect(tenant.id).toMatch(/^ten_/);
    expect(tenant.sandbox_tenant_id).toMatch(/^ten_/);
    expect(tenant.sandbox_tenant_id).not.toBe(tenant.id);
  });

  it('creates a live client for the production tenant', async () => {
    const client = json(await admin('client', 'create', '--tenant', String(tenant.id), '--scopes', 'inventory:read inventory:write'));
    expect(client).toMatchObject({ tenant_id: tenant.id, scopes: ['inventory:read', 'inventory:write'] });
    expect(client.client_id).toMatch(/^cli_/);
    expect(client.client_secret).toMatch(/^cs_live_/);
  });

  it('creates a test client for the sandbox tenant', async () => {
    const client = json(await admin('client', 'create', '--tenant', String(tenant.sandbox_tenant_id), '--scopes', 'tenants:read', '--name', 'ci'));
    expect(client.client_secret).toMatch(/^cs_test_/);
  });

  it('issues API keys that tell production from sandbox', async () => {
    const live = json(await admin('api-key', 'create', '--tenant', String(tenant.id), '--scopes', 'inventory:read', '--name', 'ops'));
    expect(live).toMatchObject({ id: expect.stringMatching(/^key_/), secret: expect.stringMatching(/^sk_live_/), tenant_id: tenant.id, scopes: ['inventory:read'], expires_at: null });
    const test = json(await admin('api-key', 'create', '--tenant', String(tenant.sandbox_tenant_id), '--scopes', 'inventory:read', '--expires-at', '2099-01-01T00:00:00Z'));
    expect(test).toMatchObject({ secret: expect.stringMatching(/^sk_test_/), expires_at: '2099-01-01T00:00:00.000Z' });
    const badTime = await admin('api-key', 'create', '--tenant', String(tenant.id), '--scopes', 'inventory:read', '--expires-at', 'soon');
    expect(badTime.code).toBe(2);
    expect(badTime.stderr).toMatch(/^error: invalid --expires-at/);
  });

  it('rejects an unknown plan with exit code 2', async () => {
    const result = await admin('tenant', 'create', '--name', 'Acme', '--plan', 'gold');
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error: .*plan/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('rejects an unknown scope with exit code 2', async () => {
    const result = await admin('client', 'create', '--tenant', String(tenant.id), '--scopes', 'inventory:read bogus:write');
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('error: The request is invalid: scopes.1: bogus:write is not a scope of the catalogue (GET /v1/auth/scopes)\n');
  });

  it('rejects an unknown tenant with exit code 2', async () => {
    const result = await admin('client', 'create', '--tenant', 'ten_missing', '--scopes', 'tenants:read');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: No tenant ten_missing.\n');
  });

  it('rejects an unknown command with exit code 2', async () => {
    const result = await admin('tenant', 'delete');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: unknown command/);
  });

  it('prints usage for help and no arguments', async () => {
    for (const args of [[], ['help'], ['--help']]) {
      const result = await admin(...args);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^Usage: /);
    }
  });
});
