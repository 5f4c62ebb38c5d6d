import type { PrismaClient } from '@platform/db';
import type { ApiError } from '@platform/errors';
import type { PlatformOperation, PlatformOperationResult, SubgraphContext } from '@platform/graphql-kit';
import { type SubgraphHarness, stubbedContext } from '@platform/graphql-kit/testing';
import { startSubgraphHarness } from '@platform/graphql-kit/testing';
import { type GraphQLSchema, execute, parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsSubgraph, documentHash, findSavedOperationByDocumentId } from '../src/index.ts';
import { MAX_SAVED_OPERATIONS } from '../src/schema/saved-operations.ts';
import { type SchemaNode, schema as supergraph, scopes as rootFieldScopes } from './stand-in-supergraph.ts';

const TENANT = 'ten_analytics';
const OTHER_TENANT = 'ten_analytics_other';
const ORDERS = 'query Orders($status: OrderStatus) { orders(status: $status) { data { id total } meta { total } } }';

let harness: SubgraphHarness;
let prisma: PrismaClient;
let schema: GraphQLSchema;
/** What the stand-in edge was asked to run, and what it answers next. */
const runs: Array<{ tenantId: string; scopes: string[]; operation: PlatformOperation }> = [];
let nextResult: PlatformOperationResult = { data: {} };

/** A request of `tenantId`: writes in a transaction (as the edge's audit does), the supergraph stand-in, the edge's execute recorded. */
function contextFor(tenantId: string, scopes: string[] = ['analytics:read', 'analytics:write']): SubgraphContext {
  const context = stubbedContext(prisma, { tenantId, scopes });
  context.platform.ai = {
    ...context.platform.ai,
    supergraph: () => ({ schema: supergraph, rootFieldScopes }),
    execute: async (principal, operation) => {
      runs.push({ tenantId: principal.tenantId, scopes: [...principal.scopes], operation });
      return nextResult;
    },
  };
  return { ...context, audit: { recordChange: (_action, work) => prisma.$transaction(work), recordSqlChange: (_action, work) => prisma.$transaction(work) } };
}

/** Runs `query` on the analytics schema; answers the data, or the first error's code and fields. */
async function run(query: string, variables: Record<string, unknown> = {}, context = contextFor(TENANT)) {
  const result = await execute({ schema, document: parse(query), variableValues: variables, contextValue: context });
  const [error] = result.errors ?? [];
  if (error) return { error: { code: error.extensions.code, message: error.message, errors: error.extensions.errors as ApiError['extensions']['errors'] } };
  return { data: result.data as Record<string, Record<string, unknown>> };
}

const CREATE = 'mutation ($input: CreateSavedOperationInput!) { create_saved_operation(input: $input) { id name document_id operation_kind variables { name type required } result_schema root_fields { field scopes } version } }';

beforeAll(async () => {
  harness = await startSubgraphHarness({ prefix: 'analytics_saved' });
  prisma = harness.prisma;
  schema = analyticsSubgraph.buildSchema();
});

afterAll(async () => {
  await harness?.stop();
});

describe('saved operations', () => {
  it('saves a document with what it asks for, and finds it by name and by hash in its tenant only', async () => {
    const { data } = await run(CREATE, { input: { name: 'orders_by_status', description: 'Orders of one status', document: ORDERS } });
    const saved = data?.create_saved_operation;
    expect(saved).toMatchObject({
      id: expect.stringMatching(/^sop_/),
      name: 'orders_by_status',
      document_id: `sha256:${documentHash(ORDERS)}`,
      operation_kind: 'query',
      variables: [{ name: 'status', type: 'OrderStatus', required: false }],
      root_fields: [{ field: 'Query.orders', scopes: ['crm:read'] }],
      version: 1,
    });
    expect((saved?.result_schema as SchemaNode).properties.orders!.properties.data!.items.required).toEqual(['id', 'total']);
    expect((await findSavedOperationByDocumentId(prisma, TENANT, { by: 'hash', hash: documentHash(ORDERS) }))?.name).toBe('orders_by_status');
    expect(await findSavedOperationByDocumentId(prisma, OTHER_TENANT, { by: 'name', name: 'orders_by_status' })).toBeNull();
    expect(await findSavedOperationByDocumentId(prisma, OTHER_TENANT, { by: 'hash', hash: documentHash(ORDERS) })).toBeNull();
    const elsewhere = await run('{ saved_operation(name: "orders_by_status") { id } }', {}, contextFor(OTHER_TENANT));
    expect(elsewhere.error?.code).toBe('not_found');
    const list = await run('{ saved_operations { data { name } meta { total } } }', {}, contextFor(OTHER_TENANT));
    expect(list.data?.saved_operations).toEqual({ data: [], meta: { total: 0 } });
  });

  it('refuses an invalid document with a 422 naming document, and a name already taken', async () => {
    const invalid = await run(CREATE, { input: { name: 'broken', document: '{ orders { data { price } } }' } });
    expect(invalid.error).toMatchObject({ code: 'rule_violation', errors: [{ field: 'document', message: expect.stringContaining('Cannot query field "price" on type "Order"') }] });
    const subscription = await run(CREATE, { input: { name: 'live', document: 'subscription { events }' } });
    expect(subscription.error).toMatchObject({ code: 'rule_violation', errors: [{ field: 'document' }] });
    const badName = await run(CREATE, { input: { name: 'Monthly Revenue', document: ORDERS } });
    expect(badName.error).toMatchObject({ code: 'validation_failed', errors: [{ field: 'name' }] });
    await run(CREATE, { input: { name: 'taken', document: ORDERS } });
    const again = await run(CREATE, { input: { name: 'taken', document: ORDERS } });
    expect(again.error).toMatchObject({ code: 'already_exists', errors: [{ field: 'name' }] });
    expect(await prisma.savedOperation.count({ where: { tenant_id: TENANT, name: { in: ['broken', 'live'] } } })).toBe(0);
  });

  it('updates the document under its version, re-deriving its hash and shape', async () => {
    await run(CREATE, { input: { name: 'changing', document: ORDERS } });
    const document = 'query { named { name } }';
    const UPDATE = 'mutation ($input: UpdateSavedOperationInput!) { update_saved_operation(name: "changing", input: $input) { document_id variables { name } version } }';
    const stale = await run(UPDATE, { input: { document, version: 2 } });
    expect(stale.error?.code).toBe('version_conflict');
    const { data } = await run(UPDATE, { input: { document, version: 1 } });
    expect(data?.update_saved_operation).toEqual({ document_id: `sha256:${documentHash(document)}`, variables: [], version: 2 });
    expect((await run(UPDATE, { input: { document: '{ nothing }' } })).error?.code).toBe('rule_violation');
  });

  it('runs by name as the caller, answering the result, or the refusal when the run produced no data', async () => {
    await run(CREATE, { input: { name: 'to_run', document: ORDERS } });
    const RUN = 'mutation ($input: RunSavedOperationInput) { run_saved_operation(name: "to_run", input: $input) { data errors } }';
    nextResult = { data: { orders: { data: [], meta: { total: 0 } } } };
    const ran = await run(RUN, { input: { variables: { status: 'draft' } } }, contextFor(TENANT, ['analytics:read', 'crm:read']));
    expect(ran.data?.run_saved_operation).toEqual({ data: nextResult.data, errors: null });
    expect(runs.at(-1)).toEqual({ tenantId: TENANT, scopes: ['analytics:read', 'crm:read'], operation: { document: ORDERS, variables: { status: 'draft' }, paced: true } });

    nextResult = { data: null, errors: [{ message: 'This operation requires the scope crm:read.', extensions: { code: 'insufficient_scope', required_scope: 'crm:read', http: { status: 403 } } }] };
    const refused = await run(RUN, {}, contextFor(TENANT, ['analytics:read']));
    expect(refused.error).toMatchObject({ code: 'insufficient_scope', message: 'This operation requires the scope crm:read.' });
    // A refused mutation field is null in the data: no root field answered, so the run is refused too.
    nextResult = { data: { orders: null }, errors: [{ message: 'This operation requires the scope crm:read.', extensions: { code: 'insufficient_scope' } }] };
    expect((await run(RUN)).error?.code).toBe('insufficient_scope');
    // Fields that failed while others answered stay beside the data.
    nextResult = { data: { orders: { data: [] }, order: null }, errors: [{ message: 'No order ord_1 exists in this tenant.', extensions: { code: 'not_found' } }] };
    expect((await run(RUN)).data?.run_saved_operation).toEqual(nextResult);
    const unknown = await run('mutation { run_saved_operation(name: "no_such_operation") { data } }');
    expect(unknown.error?.code).toBe('not_found');
  });

  it('deletes under its version; its name then names nothing', async () => {
    await run(CREATE, { input: { name: 'gone', document: ORDERS } });
    expect((await run('mutation { delete_saved_operation(name: "gone", version: 7) { id } }')).error?.code).toBe('version_conflict');
    expect((await run('mutation { delete_saved_operation(name: "gone", version: 1) { name } }')).data?.delete_saved_operation).toEqual({ name: 'gone' });
    expect((await run('{ saved_operation(name: "gone") { id } }')).error?.code).toBe('not_found');
  });

  it(`holds at most ${MAX_SAVED_OPERATIONS} operations per tenant`, async () => {
    const tenantId = 'ten_analytics_full';
    const { variables, result_schema, root_fields, ...columns } = await prisma.savedOperation.findFirstOrThrow({ where: { tenant_id: TENANT } });
    const json = { variables: variables as object, result_schema: result_schema as object, root_fields: root_fields as object };
    await prisma.savedOperation.createMany({
      data: Array.from({ length: MAX_SAVED_OPERATIONS }, (_, index) => ({ ...columns, ...json, tenant_id: tenantId, id: `sop_full_${index}`, name: `op_${index}` })),
    });
    const refused = await run(CREATE, { input: { name: 'one_more', document: ORDERS } }, contextFor(tenantId));
    expect(refused.error?.code).toBe('quota_exceeded');
  });
});
