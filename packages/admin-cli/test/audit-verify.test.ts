// `admin audit verify` against a database of its own: exit 0 on intact chains, 3 on tampering.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AuditEntry, appendAuditRecords } from '@platform/audit';
import { createPrismaClient, migrateDatabase, type PrismaClient } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminResult, runAdmin } from './run-admin.ts';


let database: FreshDatabase;
let prisma: PrismaClient;
let dataDir: string;

function admin(...args: string[]): Promise<AdminResult> {
  return runAdmin({ DATA_DIR: dataDir, DATABASE_URL: database.url }, args);
}

interface Report {
  tenant_id: string;
  records: number;
  ok: boolean;
  problems: { seq: number; kind: string; detail: string }[];
  last_seq: number;
  last_hash: string | null;
}

function reports(result: AdminResult): Report[] {
  expect(result.stderr).toBe('');
  return result.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Report);
}

function entry(tenantId: string | null, index: number): AuditEntry {
  return { tenantId, requestId: `req_${index}`, surface: 'rest', action: 'GET /v1/tenants/current', method: 'GET', path: '/v1/tenants/current', status: tenantId ? 200 : 401, durationMs: 1, actor: tenantId ? { type: 'oauth_client', id: 'cli_1', credentialId: 'jti_1' } : { type: 'anonymous' } };
}

/** Changes audit records as only the table owner can: with the append-only trigger disabled. */
async function tamper(sql: string, values: unknown[]): Promise<void> {
  await prisma.$transaction([
    prisma.$executeRawUnsafe('ALTER TABLE audit_records DISABLE TRIGGER audit_records_append_only'),
    prisma.$executeRawUnsafe(sql, ...values),
    prisma.$executeRawUnsafe('ALTER TABLE audit_records ENABLE TRIGGER audit_records_append_only'),
  ]);
}

describe('admin audit verify', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'admin-audit-'));
    database = await freshDatabase({ prefix: 'admin_audit' });
    await migrateDatabase(database.url);
    prisma = createPrismaClient(database.url, 2);
    await appendAuditRecords(prisma, [
      ...Array.from({ length: 6 }, (_, i) => entry('ten_alpha', i)),
      ...Array.from({ length: 4 }, (_, i) => entry('ten_beta', i)),
      ...Array.from({ length: 2 }, (_, i) => entry(null, i)),
    ]);
  }, 60_000);

  afterAll(async () => {
    await prisma?.$disconnect();
    await database?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('prints one intact report per tenant and exits 0', async () => {
    const result = await admin('audit', 'verify');
    expect(result.code).toBe(0);
    expect(reports(result)).toEqual([
      { tenant_id: '_platform', records: 2, ok: true, problems: [], last_seq: 2, last_hash: expect.stringMatching(/^[0-9a-f]{64}$/) },
      { tenant_id: 'ten_alpha', records: 6, ok: true, problems: [], last_seq: 6, last_hash: expect.stringMatching(/^[0-9a-f]{64}$/) },
      { tenant_id: 'ten_beta', records: 4, ok: true, problems: [], last_seq: 4, last_hash: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);
  });

  it('verifies one tenant with --tenant', async () => {
    const result = await admin('audit', 'verify', '--tenant', 'ten_beta');
    expect(result.code).toBe(0);
    expect(reports(result)).toMatchObject([{ tenant_id: 'ten_beta', records: 4, ok: true }]);
  });

  it('exits 3 and names the record when one was edited or deleted', async () => {
    await tamper("UPDATE audit_records SET actor_id = 'cli_someone_else' WHERE tenant_id = $1 AND seq = 3", ['ten_alpha']);
    await tamper('DELETE FROM audit_records WHERE tenant_id = $1 AND seq = 4', ['ten_beta']);

    const result = await admin('audit', 'verify');
    expect(result.code).toBe(3);
    const [platform, alpha, beta] = reports(result);
    expect(platform).toMatchObject({ tenant_id: '_platform', ok: true });
    expect(alpha).toMatchObject({ tenant_id: 'ten_alpha', records: 6, ok: false, problems: [{ seq: 3, kind: 'edited' }] });
    expect(beta).toMatchObject({ tenant_id: 'ten_beta', records: 3, ok: false, problems: [{ seq: 4, kind: 'missing' }] });

    const one = await admin('audit', 'verify', '--tenant', 'ten_alpha');
    expect(one.code).toBe(3);
    expect(reports(one)).toHaveLength(1);
    const intact = await admin('audit', 'verify', '--tenant', '_platform');
    expect(intact.code).toBe(0);
  });

  it('rejects unknown options with exit code 2 and documents exit code 3', async () => {
    const result = await admin('audit', 'verify', '--tenants', 'x');
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error: /);
    const help = await admin('help');
    expect(help.stdout).toContain('audit verify [--tenant <tenant_id>]');
    expect(help.stdout).toMatch(/Exit code 0 when every chain is intact, 3 when a record was changed or deleted/);
  });
});
