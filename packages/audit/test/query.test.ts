// The identity subgraph's `audit_records` field over records written by @platform/audit: tenant
// scoping, filters, order, pagination, argument validation and the `audit:read` scope.
import type { Principal } from '@platform/auth';
import { createPrismaClient, migrateDatabase, type PrismaClient } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import { identitySubgraph } from '@platform/subgraph-identity';
import { type ExecutionResult, type GraphQLSchema, execute, parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEntry, appendAuditRecords } from '../src/index.ts';

let database: FreshDatabase;
let prisma: PrismaClient;
let schema: GraphQLSchema;

const TENANT = 'ten_query';
const base = Date.UTC(2026, 10, 21, 9, 0, 0);

function principal(scopes: string[], tenantId = TENANT): Principal {
  return { tenantId, scopes: new Set(scopes), credential: { type: 'oauth_client', id: 'cli_reader' }, tokenId: 'jti_reader' };
}

async function query(source: string, variables: Record<string, unknown> = {}, who = principal(['audit:read'])): Promise<ExecutionResult> {
  return execute({ schema, document: parse(source), variableValues: variables, contextValue: { principal: who, prisma, requestId: 'req_test' } });
}

const LIST = `query List($actor_id: String, $action: String, $status: Int, $from: DateTime, $to: DateTime, $page: Int, $per_page: Int) {
  audit_records(actor_id: $actor_id, action: $action, status: $status, from: $from, to: $to, page: $page, per_page: $per_page) {
    data { seq occurred_at action status actor_type actor_id surface duration_ms resource_id hash prev_hash }
    meta { total page per_page }
  }
}`;

interface ListResult {
  audit_records: { data: { seq: string; occurred_at: string; action: string; status: number | null; actor_id: string | null }[]; meta: { total: number; page: number; per_page: number } };
}

async function list(variables: Record<string, unknown>): Promise<ListResult['audit_records']> {
  const result = await query(LIST, variables);
  expect(result.errors).toBeUndefined();
  return (result.data as unknown as ListResult).audit_records;
}

beforeAll(async () => {
  database = await freshDatabase({ prefix: 'audit_query' });
  await migrateDatabase(database.url);
  prisma = createPrismaClient(database.url, 5);
  schema = identitySubgraph.buildSchema();
  // 30 records a minute apart: actors alternate, every third is a 403, the last one is a data change.
  const entries: AuditEntry[] = Array.from({ length: 30 }, (_, i) => ({
    tenantId: TENANT,
    occurredAt: new Date(base + i * 60_000),
    requestId: `req_${i}`,
    surface: 'rest',
    action: i === 29 ? 'inventory_item.create' : 'GET /v1/inventory/items',
    method: 'GET',
    path: '/v1/inventory/items',
    status: i === 29 ? null : i % 3 === 0 ? 403 : 200,
    durationMs: i === 29 ? null : 2,
    actor: { type: 'oauth_client', id: i % 2 ? 'cli_odd' : 'cli_even', credentialId: 'jti' },
    resourceId: i === 29 ? 'SKU-1' : null,
  }));
  await appendAuditRecords(prisma, entries);
  await appendAuditRecords(prisma, [{ tenantId: 'ten_other', surface: 'graphql', action: 'graphql query Secret', status: 200, actor: { type: 'api_key', id: 'key_other' } }]);
});

afterAll(async () => {
  await prisma?.$disconnect();
  await database?.dispose();
});

describe('audit_records', () => {
  it('is routed at GET /v1/audit/records', () => {
    expect(identitySubgraph.restRoutes['Query.audit_records']).toEqual({ method: 'GET', path: '/audit/records', tags: ['Audit'] });
  });

  it("lists the principal's tenant only, newest first, 25 per page by default", async () => {
    const page = await list({});
    expect(page.meta).toEqual({ total: 30, page: 1, per_page: 25 });
    expect(page.data).toHaveLength(25);
    expect(page.data[0]).toMatchObject({ seq: '30', action: 'inventory_item.create', status: null, actor_type: 'oauth_client', resource_id: 'SKU-1', duration_ms: null, surface: 'rest' });
    expect(page.data[0]!.occurred_at).toBe(new Date(base + 29 * 60_000).toISOString());
    expect(page.data.map((record) => Number(record.seq))).toEqual(Array.from({ length: 25 }, (_, i) => 30 - i));
    expect(page.data.some((record) => record.action.includes('Secret'))).toBe(false);
    const second = await list({ page: 2 });
    expect(second.data.map((record) => Number(record.seq))).toEqual([5, 4, 3, 2, 1]);
    expect((await list({ page: 3 })).data).toEqual([]);
  });

  it('filters by actor, action, status and time range, combined', async () => {
    expect((await list({ actor_id: 'cli_odd' })).meta.total).toBe(15);
    expect((await list({ action: 'inventory_item.create' })).data.map((record) => record.seq)).toEqual(['30']);
    expect((await list({ status: 403 })).meta.total).toBe(10);
    const window = await list({ from: new Date(base + 10 * 60_000).toISOString(), to: new Date(base + 19 * 60_000).toISOString() });
    expect(window.data.map((record) => Number(record.seq))).toEqual([20, 19, 18, 17, 16, 15, 14, 13, 12, 11]);
    const combined = await list({ actor_id: 'cli_even', status: 403, from: new Date(base + 10 * 60_000).toISOString() });
    expect(combined.data.map((record) => Number(record.seq))).toEqual([25, 19, 13]);
    expect((await list({ from: new Date(base + 5 * 60_000).toISOString(), to: new Date(base + 5 * 60_000).toISOString() })).meta.total).toBe(1);
  });

  it('refuses from after to, naming the field', async () => {
    const result = await query(LIST, { from: new Date(base + 60_000).toISOString(), to: new Date(base).toISOString() });
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'rule_violation', errors: [{ field: 'from', message: 'from must be at or before to.' }] });
  });

  it('refuses an impossible status and out-of-range pages', async () => {
    expect((await query(LIST, { status: 42 })).errors?.[0]?.extensions).toMatchObject({ code: 'invalid_parameter', errors: [{ field: 'status' }] });
    expect((await query(LIST, { per_page: 101 })).errors?.[0]?.extensions).toMatchObject({ code: 'invalid_parameter', errors: [{ field: 'per_page' }] });
  });

  it('requires the audit:read scope', async () => {
    const result = await query(LIST, {}, principal(['inventory:read', 'tenants:read']));
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'insufficient_scope', required_scope: 'audit:read' });
    expect(result.data).toBeNull();
  });
});
