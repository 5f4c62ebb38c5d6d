import { randomUUID } from 'node:crypto';
import { scopeCatalogue } from '@platform/auth';
import { type RestRoutes, rootFieldScopes } from '@platform/graphql-kit';
import { createOAuthClient } from '@platform/subgraph-identity';
import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
} from 'graphql';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subgraphs } from '../../gateway/src/supergraph/subgraphs.ts';
import { type ApiClient, type Problem, type TestAccount, accessToken, apiClient, createAccount, database, eventually, platformUrl, problemOf } from '../support/fixtures.ts';
import { bearerParams, subscribeWs, wsClient } from '../support/subscriptions.ts';

/**
 * Function-level authorization (OWASP API5), generated: every root field the subgraphs declare
 * (`rootFieldScopes`, the same data the gateway and the OpenAPI document use) is called once with a
 * credential holding every catalogued scope except the ones it needs (all of them, for an `anyOf`),
 * through its REST route and through GraphQL (subscriptions through graphql-ws), and must be
 * refused with 403 `insufficient_scope` naming a scope it needs, before anything is looked up or
 * changed: operations taking an id are called with a real record's id and with an id that names
 * nothing, and both must be the same 403 (a 404 would mean the lookup ran first). Nothing of the
 * tenant may change (a fingerprint of every tenant-owned table, before and after). The converse:
 * a credential holding exactly the needed scopes passes the scope check of every operation.
 *
 * Ordering, stated here because the matrix sends valid requests and so cannot show it: the REST
 * facade checks a request's syntax (route, parameters, body) against the published schema before
 * the operation runs, so a malformed request without the scope is a 400, not a 403. That answer
 * depends on nothing but the request and the public contract, never on the tenant's data or the
 * credential's rights, so it tells a caller nothing it could not read in /v1/openapi.json. Checks
 * that read data (does the referenced warehouse exist?) run inside the operation, after the scope
 * check: see "ordering" below.
 */

/** Root fields any authenticated credential may call (they reveal nothing of a tenant); see gateway/test/operation-scopes.test.ts. */
const OPEN_TO_EVERY_CREDENTIAL = ['Query.scopes'];
const EVERY_SCOPE = Object.keys(scopeCatalogue);
/** A syntactically valid id that names no record of any kind (and a valid saved-operation name: a slug). */
const NO_SUCH_ID = 'matrix_no_such_record';
/** The arguments that address the record an operation acts on; a saved operation is addressed by its name. */
const ADDRESSING_ARGUMENTS = ['id', 'endpoint_id', 'name'];
/** The tenant's saved operation: it reads only what `analytics:read` admits, so running it needs nothing more. */
const SAVED_OPERATION = { name: 'matrix_report', document: 'query { saved_operations { data { name } } }' };
/** The bulk mutation's one line runs this (an upload's line is its variables). */
const BULK_MUTATION = 'mutation ($input: CreateCustomerInput!) { create_customer(input: $input) { id } }';
/** An upload's body: one line, the variables of one run of `BULK_MUTATION`. */
const UPLOAD_BODY = `${JSON.stringify({ input: { name: 'Matrix bulk customer' } })}\n`;
/** A route the edge answers itself (a file upload: no root field, so not generated from the declarations) and the scope it checks. */
const BULK_UPLOAD = { path: '/v1/bulk/uploads', scope: 'bulk:write' };
const uploadTo = (api: ApiClient) => api.raw('POST', BULK_UPLOAD.path, UPLOAD_BODY, 'application/x-ndjson');

interface Operation {
  /** `Mutation.create_warehouse` */
  coordinate: string;
  root: 'Query' | 'Mutation' | 'Subscription';
  field: GraphQLField<unknown, unknown>;
  anyOf: string[];
  route: RestRoutes[string] | undefined;
}

const operations: Operation[] = subgraphs.flatMap((subgraph) => {
  const schema = subgraph.buildSchema();
  return rootFieldScopes(schema).map((requirement) => {
    const [root, name] = requirement.coordinate.split('.') as [Operation['root'], string];
    const type = { Query: schema.getQueryType(), Mutation: schema.getMutationType(), Subscription: schema.getSubscriptionType() }[root];
    const field = type?.getFields()[name];
    if (!field) throw new Error(`${requirement.coordinate} is not in its subgraph's schema`);
    return { coordinate: requirement.coordinate, root, field, anyOf: requirement.anyOf, route: subgraph.restRoutes[requirement.coordinate] };
  });
});
const guarded = operations.filter((operation) => !OPEN_TO_EVERY_CREDENTIAL.includes(operation.coordinate));
const routed = guarded.filter((operation) => operation.route !== undefined);
const queriesAndMutations = guarded.filter((operation) => operation.root !== 'Subscription');
const subscriptions = guarded.filter((operation) => operation.root === 'Subscription');

interface Records {
  item: string;
  warehouse: string;
  otherWarehouse: string;
  movement: string;
  customer: string;
  order: string;
  invoice: string;
  ledgerEntry: string;
  apiKey: string;
  user: string;
  role: string;
  client: string;
  event: string;
  webhookEndpoint: string;
  webhookDelivery: string;
  connector: string;
  syncJob: string;
  workflow: string;
  workflowRun: string;
  template: string;
  aiQuery: string;
  aiExtraction: string;
  aiTask: string;
  /** A saved operation's name (its address in paths and arguments). */
  savedOperation: string;
  export: string;
  upload: string;
  bulkMutation: string;
}

/** Which record a path parameter names, by the path (`/crm/orders/:id/confirm`: an order). */
const RECORD_OF_PATH: Array<[RegExp, keyof Records]> = [
  [/^\/inventory\/items\//, 'item'],
  [/^\/inventory\/warehouses\//, 'warehouse'],
  [/^\/inventory\/movements\//, 'movement'],
  [/^\/crm\/customers\//, 'customer'],
  [/^\/crm\/orders\//, 'order'],
  [/^\/finance\/invoices\//, 'invoice'],
  [/^\/finance\/ledger-entries\//, 'ledgerEntry'],
  [/^\/auth\/api-keys\//, 'apiKey'],
  [/^\/auth\/clients\//, 'client'],
  [/^\/tenants\/users\//, 'user'],
  [/^\/tenants\/roles\//, 'role'],
  [/^\/events\/webhook-endpoints\//, 'webhookEndpoint'],
  [/^\/events\/webhook-deliveries\//, 'webhookDelivery'],
  [/^\/events\//, 'event'],
  [/^\/connectors\//, 'connector'],
  [/^\/sync\/jobs\//, 'syncJob'],
  [/^\/workflows\/templates\//, 'template'],
  [/^\/workflows\/:workflow_id\/runs\/:/, 'workflowRun'],
  [/^\/workflows\//, 'workflow'],
  [/^\/ai\/queries\//, 'aiQuery'],
  [/^\/ai\/extractions\//, 'aiExtraction'],
  [/^\/ai\/tasks\//, 'aiTask'],
  [/^\/analytics\/saved-operations\//, 'savedOperation'],
  [/^\/bulk\/exports\//, 'export'],
  [/^\/bulk\/mutations\//, 'bulkMutation'],
];

/** Which record a body field naming an id refers to, by its name. */
const RECORD_OF_FIELD: Record<string, keyof Records> = {
  item_id: 'item',
  warehouse_id: 'warehouse',
  from_warehouse_id: 'warehouse',
  to_warehouse_id: 'otherWarehouse',
  customer_id: 'customer',
  order_id: 'order',
  event_id: 'event',
  role_id: 'role',
  endpoint_id: 'webhookEndpoint',
  connector_id: 'connector',
  sync_job_id: 'syncJob',
  workflow_id: 'workflow',
  run_id: 'workflowRun',
  task_id: 'aiTask',
  upload_id: 'upload',
};

/** Plausible values of body fields by name; any other string field gets a plain text. */
const SAMPLE_VALUES: Record<string, unknown> = {
  id: 'SKU-MATRIX-NEW',
  currency: 'EUR',
  email: 'matrix-new@example.com',
  url: 'https://127.0.0.1:9/matrix',
  type: 'custom.matrix',
  account: 'cash',
  country: 'DE',
  due_date: '2030-01-31',
  scopes: ['inventory:read'],
  event_types: ['custom.matrix'],
  // A slug, as a saved operation's name must be; every other name accepts one too.
  name: 'matrix_new',
  document: SAVED_OPERATION.document,
  query: '{ customers { data { id name } } }',
  mutation: BULK_MUTATION,
};

/** A valid value of an input type: its required fields (or, with none, its first optional one), plausible by name. */
function sampleValue(name: string, type: GraphQLInputType, records: Records, depth = 0): unknown {
  const nullable = isNonNullType(type) ? type.ofType : type;
  if (name in SAMPLE_VALUES) return SAMPLE_VALUES[name];
  const record = RECORD_OF_FIELD[name];
  if (record) return records[record];
  if (isListType(nullable)) return [sampleValue(name, nullable.ofType, records, depth + 1)];
  if (isEnumType(nullable)) return nullable.getValues()[0]?.value;
  if (isInputObjectType(nullable)) {
    const fields = Object.values(nullable.getFields()).filter((field) => field.name !== 'version');
    const required = fields.filter((field) => isNonNullType(field.type));
    const chosen = required.length > 0 || depth > 0 ? required : fields.slice(0, 1);
    return Object.fromEntries(chosen.map((field) => [field.name, sampleValue(field.name, field.type, records, depth + 1)]));
  }
  switch (nullable.name) {
    case 'Int':
    case 'Float':
      return 1;
    case 'MinorUnits':
      return 100;
    case 'Boolean':
      return false;
    case 'DateTime':
      return '2020-01-01T00:00:00Z';
    case 'JSON':
      return { matrix: true };
    default:
      return `Matrix ${name}`;
  }
}

/** The smallest selection that is valid for a result type: its first leaf field, or the first path to one. */
function selectionOf(type: GraphQLOutputType, depth = 0): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return '';
  if (!isObjectType(named) || depth > 3) return '{ __typename }';
  const fields = Object.values(named.getFields()).filter((field) => field.args.every((arg) => !isNonNullType(arg.type)));
  const leaf = fields.find((field) => isLeafType(getNamedType(field.type)));
  if (leaf) return `{ ${leaf.name} }`;
  const nested = fields.find((field) => isObjectType(getNamedType(field.type)));
  return nested ? `{ ${nested.name} ${selectionOf(nested.type, depth + 1)} }` : '{ __typename }';
}

/** The record a path parameter names; `missing`: an id naming nothing instead. */
function pathIdOf(operation: Operation, records: Records, missing: boolean): string {
  if (missing) return NO_SUCH_ID;
  const path = operation.route?.path ?? '';
  const record = RECORD_OF_PATH.find(([pattern]) => pattern.test(path))?.[1];
  if (!record) throw new Error(`no record mapped for the path of ${operation.coordinate}: ${path}`);
  return records[record];
}

const isAddressing = (arg: GraphQLArgument) => isNonNullType(arg.type) && ADDRESSING_ARGUMENTS.includes(arg.name);
const takesId = (operation: Operation) => operation.field.args.some(isAddressing);

/** The REST request of an operation: its route with path parameters filled, and its body. */
function restRequest(operation: Operation, records: Records, missing = false): { method: string; path: string; body: unknown } {
  const route = operation.route as NonNullable<Operation['route']>;
  // A mapping version is a number, not a record id; a run is addressed under its workflow.
  const valueOf = (parameter: string) => (parameter === ':version' ? '1' : parameter === ':workflow_id' && !missing ? records.workflow : pathIdOf(operation, records, missing));
  const path = `/v1${route.path.replace(/:\w+/g, (parameter) => encodeURIComponent(valueOf(parameter)))}`;
  const input = operation.field.args.find((arg) => arg.name === 'input');
  return { method: route.method, path, body: input ? sampleValue('input', input.type, records) : route.method === 'GET' ? undefined : {} };
}

/** The GraphQL document and variables of an operation: its required arguments, a minimal selection. */
function graphqlRequest(operation: Operation, records: Records, missing = false): { query: string; variables: Record<string, unknown> } {
  const args = operation.field.args.filter((arg) => isNonNullType(arg.type) || arg.name === 'input');
  const variables = Object.fromEntries(args.map((arg) => [arg.name, isAddressing(arg) ? pathIdOf(operation, records, missing) : sampleValue(arg.name, arg.type, records)]));
  const definitions = args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const argumentList = args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const operationType = operation.root.toLowerCase();
  const query = `${operationType} Matrix${definitions ? `(${definitions})` : ''} { ${operation.field.name}${argumentList ? `(${argumentList})` : ''} ${selectionOf(operation.field.type)} }`;
  return { query, variables };
}

async function send(api: ApiClient, request: { method: string; path: string; body: unknown }): Promise<Response> {
  return request.method === 'GET' ? api.get(request.path) : api.send(request.method, request.path, request.body);
}

/** A digest of every row the tenant pair owns, one per table (audit records aside: refusals are audited; and the event outbox, drained in the background). */
async function fingerprint(tenantIds: string[]): Promise<Record<string, string>> {
  const tables = await database().$queryRaw<Array<{ table_name: string }>>`
    SELECT table_name FROM information_schema.columns
    WHERE table_schema = 'public' AND column_name = 'tenant_id' AND table_name NOT IN ('audit_records', 'audit_chain_heads', 'audit_pending_records', 'event_outbox')
    ORDER BY table_name`;
  const digests: Record<string, string> = {};
  for (const { table_name: table } of [...tables, { table_name: 'tenants' }]) {
    const key = table === 'tenants' ? 'id' : 'tenant_id';
    const [row] = await database().$queryRawUnsafe<Array<{ digest: string; rows: bigint }>>(
      `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest, count(*) AS rows FROM "${table}" t WHERE ${key} = ANY($1)`,
      tenantIds,
    );
    digests[table] = `${row?.rows} rows, ${row?.digest}`;
  }
  return digests;
}

describe('function-level authorization matrix', () => {
  let account: TestAccount;
  let records: Records;
  /** A client of the tenant per scope set, made on first use. */
  const credentials = new Map<string, Promise<ApiClient>>();
  const sockets: Client[] = [];
  let before: Record<string, string>;

  const clientHolding = (scopes: string[]): Promise<ApiClient> => {
    const key = [...scopes].sort().join(' ');
    let client = credentials.get(key);
    if (!client) {
      client = (async () => {
        const issued = await createOAuthClient(database(), { tenantId: account.tenantId, scopes });
        return apiClient(await accessToken(issued.client_id, issued.client_secret), account.tenantId);
      })();
      credentials.set(key, client);
    }
    return client;
  };
  /** Every catalogued scope but the ones the operation accepts. */
  const withoutItsScopes = (operation: Operation) => clientHolding(EVERY_SCOPE.filter((scope) => !operation.anyOf.includes(scope)));

  beforeAll(async () => {
    account = await createAccount({ scopes: EVERY_SCOPE.filter((scope) => scope !== 'tenants:write') });
    // The matrix and its converse send a few hundred requests: the tenant's rate limits stay out of the way.
    await database().tenant.update({ where: { id: account.tenantId }, data: { rate_limit_per_second: 10_000, rate_limit_per_minute: 100_000 } });
    // An identity provider to read (configuring one through the API fetches its discovery document: test/contract/sign-in-oidc.test.ts).
    await database().identityProvider.create({ data: { tenant_id: account.tenantId, issuer: 'https://idp.example.com', client_id: 'matrix', client_secret_sealed: 'v1.unused', display_name: 'Matrix IdP' } });
    const admin = apiClient(await accessToken(account.clientId, account.clientSecret), account.tenantId);
    const created = async (path: string, body: unknown): Promise<string> => {
      const response = await admin.send('POST', path, body);
      if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { id: string }).id;
    };
    const [warehouse, otherWarehouse, customer] = await Promise.all([
      created('/v1/inventory/warehouses', { name: 'Matrix main' }),
      created('/v1/inventory/warehouses', { name: 'Matrix second' }),
      created('/v1/crm/customers', { name: 'Matrix customer', currency: 'EUR' }),
    ]);
    const item = await created('/v1/inventory/items', { id: `MATRIX-${randomUUID().slice(0, 8)}`, name: 'Matrix widget', quantity_on_hand: 50, reorder_point: 5, warehouse_id: warehouse });
    const webhookEndpoint = await created('/v1/events/webhook-endpoints', { url: 'https://127.0.0.1:9/hooks', event_types: ['custom.matrix.hook'] });
    const [order, invoice, ledgerEntry, apiKey, user, role, event] = await Promise.all([
      created('/v1/crm/orders', { kind: 'sales', customer_id: customer, currency: 'EUR', lines: [{ item_id: item, quantity: 2, unit_price: 1000 }] }),
      created('/v1/finance/invoices', { customer_id: customer, currency: 'EUR', lines: [{ description: 'Service', quantity: 1, unit_price: 5000, tax_rate: 2000 }] }),
      created('/v1/finance/ledger-entries', { currency: 'EUR', description: 'Opening cash', lines: [{ account: 'cash', debit: 100 }, { account: 'equity', credit: 100 }] }),
      created('/v1/auth/api-keys', { name: 'matrix key', scopes: ['inventory:read'] }),
      created('/v1/tenants/users', { email: `matrix-${randomUUID()}@example.com`, role_id: 'role_viewer' }),
      created('/v1/tenants/roles', { name: 'Matrix role', scopes: ['crm:read'] }),
      created('/v1/events', { type: 'custom.matrix.hook', data: { matrix: true } }),
      // Every credential the matrix uses, made while the records are (a client made later would change the fingerprint).
      clientHolding(['tenants:read']),
      ...[...new Set(guarded.map((operation) => operation.anyOf.join(' ')))].map((anyOf) => withoutItsScopes(guarded.find((operation) => operation.anyOf.join(' ') === anyOf) as Operation)),
    ]);
    const movements = (await (await admin.get(`/v1/inventory/movements?item_id=${item}`)).json()) as { data: Array<{ id: string }> };
    // A connector whose source does not answer (port 9): its one sync job fails at once (one attempt).
    const connector = await created('/v1/connectors', {
      name: 'Matrix connector',
      kind: 'rest',
      config: { base_url: 'https://127.0.0.1:9/api', streams: [{ name: 'items', path: '/items', id_path: 'id' }], auth: { type: 'none' }, pagination: { type: 'none' } },
      retry_max_attempts: 1,
    });
    const mapping = await admin.send('POST', `/v1/connectors/${connector}/mappings`, { definition: { streams: { items: { target: 'create_customer', fields: { name: 'name' } } } } });
    if (mapping.status !== 201) throw new Error(`mapping: ${mapping.status} ${await mapping.text()}`);
    const syncJob = await created('/v1/sync/jobs', { connector_id: connector });
    await eventually(async () => ((await database().syncJob.findFirst({ where: { tenant_id: account.tenantId, id: syncJob, state: 'failed' } })) ? true : undefined), 20_000, 'the sync job failed');
    // The endpoint's one delivery fails (nothing listens on port 9) and is retried (1 s, 1 s): once
    // it has failed for good and the endpoint is disabled, nothing of the tenant changes by itself.
    const webhookDelivery = await eventually(
      async () => {
        const settled = await database().webhookDelivery.findFirst({ where: { tenant_id: account.tenantId, endpoint_id: webhookEndpoint, status: { not: 'pending' } } });
        const endpoint = await database().webhookEndpoint.findFirst({ where: { tenant_id: account.tenantId, id: webhookEndpoint, status: 'disabled' } });
        return settled && endpoint ? settled.id : undefined;
      },
      20_000,
      'the webhook delivery settled',
    );
    // A workflow with one run, over (a condition is its only step): nothing of it changes by itself afterwards.
    const workflow = await created('/v1/workflows', { name: 'Matrix workflow', scopes: ['crm:read'], definition: { trigger: { type: 'manual' }, steps: [{ id: 'check', kind: 'condition', if: 'false', then: [{ id: 'never', kind: 'wait', seconds: 1 }] }] } });
    const workflowRun = await created(`/v1/workflows/${workflow}/runs`, {});
    await eventually(async () => ((await database().workflowRun.findFirst({ where: { tenant_id: account.tenantId, id: workflowRun, status: 'succeeded' } })) ? true : undefined), 20_000, 'the workflow run succeeded');
    // A copilot query, an extraction and a task waiting for an approval: none changes by itself.
    const aiQuery = await created('/v1/ai/queries', { question: 'How many customers are there?' });
    const aiExtraction = await created('/v1/ai/extractions', { content_type: 'text/plain', text: 'Invoice INV-1 from Matrix Supplier Ltd, total EUR 10.00' });
    const aiTask = await created('/v1/ai/tasks', { goal: 'Archive SKUs with stock but no sales in 90 days' });
    await created('/v1/analytics/saved-operations', SAVED_OPERATION);
    // An export and a bulk mutation (one line, from an upload), ended: nothing of them changes by itself afterwards.
    const exported = await created('/v1/bulk/exports', { query: '{ customers { data { id name } } }', format: 'ndjson' });
    const uploaded = await uploadTo(admin);
    if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
    const upload = ((await uploaded.json()) as { id: string }).id;
    const bulkMutation = await created('/v1/bulk/mutations', { mutation: BULK_MUTATION, upload_id: upload });
    await eventually(async () => ((await database().export.findFirst({ where: { tenant_id: account.tenantId, id: exported, status: 'completed' } })) ? true : undefined), 20_000, 'the export completed');
    await eventually(async () => ((await database().bulkMutation.findFirst({ where: { tenant_id: account.tenantId, id: bulkMutation, status: 'completed' } })) ? true : undefined), 20_000, 'the bulk mutation completed');
    records = {
      item,
      warehouse,
      otherWarehouse,
      movement: movements.data[0]?.id ?? 'missing',
      customer,
      order,
      invoice,
      ledgerEntry,
      apiKey,
      user,
      role,
      client: account.clientId,
      event,
      webhookEndpoint,
      webhookDelivery,
      connector,
      syncJob,
      workflow,
      workflowRun,
      template: 'alert_on_sync_failure',
      aiQuery,
      aiExtraction,
      aiTask,
      savedOperation: SAVED_OPERATION.name,
      export: exported,
      upload,
      bulkMutation,
    };
    before = await fingerprint([account.tenantId, account.sandboxTenantId]);
  });

  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.dispose()));
  });

  it('is generated from the scope declarations of every root field the platform serves, and every REST route', async () => {
    const introspected = (await (
      await (await clientHolding(['tenants:read'])).graphql('{ __schema { queryType { fields { name } } mutationType { fields { name } } subscriptionType { fields { name } } } }')
    ).json()) as { data: { __schema: Record<string, { fields: Array<{ name: string }> } | null> } };
    const { queryType, mutationType, subscriptionType } = introspected.data.__schema;
    const served = [
      ...(queryType?.fields ?? []).map((field) => `Query.${field.name}`),
      ...(mutationType?.fields ?? []).map((field) => `Mutation.${field.name}`),
      ...(subscriptionType?.fields ?? []).map((field) => `Subscription.${field.name}`),
    ];
    expect(operations.map((operation) => operation.coordinate).sort()).toEqual(served.sort());
    const routes = Object.assign({}, ...subgraphs.map((subgraph) => subgraph.restRoutes)) as RestRoutes;
    expect(Object.keys(routes).every((coordinate) => operations.some((operation) => operation.coordinate === coordinate))).toBe(true);
    expect(guarded.length).toBeGreaterThan(75);
    expect(routed.length).toBeGreaterThan(75);
    // Every scope requirement names catalogued scopes only, and every catalogued scope guards something.
    expect(guarded.flatMap((operation) => operation.anyOf).filter((scope) => !(scope in scopeCatalogue))).toEqual([]);
    expect(EVERY_SCOPE.filter((scope) => !guarded.some((operation) => operation.anyOf.includes(scope)))).toEqual([]);
  });

  it.each(routed.map((operation) => [`${operation.route?.method} /v1${operation.route?.path} (${operation.coordinate}, ${operation.anyOf.join(' or ')})`, operation] as const))(
    'REST %s: 403 insufficient_scope without its scope, for a real record and for none',
    async (_name, operation) => {
      const api = await withoutItsScopes(operation);
      const requests = takesId(operation) ? [restRequest(operation, records), restRequest(operation, records, true)] : [restRequest(operation, records)];
      for (const request of requests) {
        const response = await send(api, request);
        const problem: Problem | string = response.headers.get('content-type') === 'application/problem+json' ? await problemOf(response) : await response.text();
        expect({ status: response.status, problem }, `${request.method} ${request.path} ${JSON.stringify(request.body)}`).toMatchObject({
          status: 403,
          problem: { code: 'insufficient_scope', required_scope: expect.toBeOneOf(operation.anyOf) },
        });
      }
    },
  );

  it.each(queriesAndMutations.map((operation) => [`${operation.coordinate} (${operation.anyOf.join(' or ')})`, operation] as const))(
    'GraphQL %s: insufficient_scope without its scope, no data, for a real record and for none',
    async (_name, operation) => {
      const api = await withoutItsScopes(operation);
      for (const missing of takesId(operation) ? [false, true] : [false]) {
        const { query, variables } = graphqlRequest(operation, records, missing);
        const body = (await (await api.graphql(query, variables)).json()) as { data?: Record<string, unknown> | null; errors?: Array<{ extensions?: Record<string, unknown> }> };
        expect(body.errors, `${query} ${JSON.stringify(variables)}: ${JSON.stringify(body)}`).toEqual([
          expect.objectContaining({ extensions: expect.objectContaining({ code: 'insufficient_scope', required_scope: expect.toBeOneOf(operation.anyOf) }) }),
        ]);
        expect([null, undefined, { [operation.field.name]: null }]).toContainEqual(body.data);
      }
    },
  );

  it.each(subscriptions.map((operation) => [`${operation.coordinate} (${operation.anyOf.join(' or ')})`, operation] as const))(
    'graphql-ws %s: insufficient_scope without its scope, before subscribing',
    async (_name, operation) => {
      const connection = wsClient(platformUrl, bearerParams(await withoutItsScopes(operation)));
      sockets.push(connection.client);
      const { query, variables } = graphqlRequest(operation, records);
      const refused = subscribeWs(connection.client, query, variables);
      expect(await refused.failed).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'insufficient_scope', required_scope: expect.toBeOneOf(operation.anyOf) }) })]);
      expect(refused.results.pending()).toEqual([]);
    },
  );

  it(`REST POST ${BULK_UPLOAD.path} (an edge route, ${BULK_UPLOAD.scope}): 403 insufficient_scope without its scope`, async () => {
    const api = await clientHolding(EVERY_SCOPE.filter((scope) => scope !== BULK_UPLOAD.scope));
    expect(await problemOf(await uploadTo(api))).toMatchObject({ status: 403, code: 'insufficient_scope', required_scope: BULK_UPLOAD.scope });
  });

  it('changed nothing of the tenant (every tenant-owned table, before and after the matrix)', async () => {
    expect(await fingerprint([account.tenantId, account.sandboxTenantId])).toEqual(before);
  });

  it('lets an open root field be called with any scope', async () => {
    for (const coordinate of OPEN_TO_EVERY_CREDENTIAL) {
      const operation = operations.find((candidate) => candidate.coordinate === coordinate) as Operation;
      const api = await clientHolding(['tenants:read']);
      expect((await send(api, restRequest(operation, records))).status).toBe(200);
      const { query, variables } = graphqlRequest(operation, records);
      expect(((await (await api.graphql(query, variables)).json()) as { errors?: unknown }).errors).toBeUndefined();
    }
  });

  describe('ordering', () => {
    it('refuses a request malformed against the published schema with 400 before the scope check (it reveals only the public contract)', async () => {
      const readOnly = await clientHolding(['inventory:read']);
      expect(await problemOf(await readOnly.send('POST', '/v1/inventory/warehouses', { name: 42 }))).toMatchObject({ status: 400, code: 'validation_failed', errors: [{ field: 'name' }] });
      expect(await problemOf(await readOnly.send('POST', '/v1/inventory/warehouses', { name: 'W', owner: 'x' }))).toMatchObject({ status: 400, code: 'validation_failed', errors: [{ field: 'owner' }] });
      const noInventory = await clientHolding(['crm:read']);
      expect(await problemOf(await noInventory.get('/v1/inventory/items?per_page=abc'))).toMatchObject({ status: 400, code: 'invalid_parameter', errors: [{ field: 'per_page' }] });
      expect(await problemOf(await noInventory.get('/v1/inventory/items?colour=red'))).toMatchObject({ status: 400, code: 'unknown_parameter', errors: [{ field: 'colour' }] });
    });

    it('checks the scope before anything that reads the tenant\'s data: references to records that exist, or not, are the same 403', async () => {
      const readOnly = await clientHolding(['inventory:read']);
      for (const warehouse of [records.warehouse, NO_SUCH_ID]) {
        const body = { id: `MATRIX-${randomUUID().slice(0, 8)}`, name: 'x', quantity_on_hand: 1, reorder_point: 0, warehouse_id: warehouse };
        expect(await problemOf(await readOnly.send('POST', '/v1/inventory/items', body))).toMatchObject({ status: 403, code: 'insufficient_scope', required_scope: 'inventory:write' });
      }
      const noCrm = await clientHolding(['inventory:read', 'finance:write']);
      for (const order of [records.order, NO_SUCH_ID]) {
        expect(await problemOf(await noCrm.send('POST', `/v1/crm/orders/${order}/confirm`, {}, { 'if-match': '"1"' }))).toMatchObject({ status: 403, required_scope: 'crm:write' });
      }
    });
  });

  describe('converse: exactly the scopes an operation needs pass its scope check', () => {
    const isRefusalOf = (operation: Operation, code: unknown, requiredScope: unknown) => code === 'insufficient_scope' && operation.anyOf.includes(String(requiredScope));

    it.each(routed.filter((operation) => operation.root === 'Query').map((operation) => [operation.coordinate, operation] as const))('REST %s answers 200 with only its scope', async (_name, operation) => {
      const request = restRequest(operation, records);
      const response = await send(await clientHolding(operation.anyOf), request);
      expect(response.status, `${request.method} ${request.path}: ${await response.clone().text()}`).toBe(200);
    });

    it.each(queriesAndMutations.filter((operation) => operation.root === 'Query').map((operation) => [operation.coordinate, operation] as const))('GraphQL %s answers without errors with only its scope', async (_name, operation) => {
      const { query, variables } = graphqlRequest(operation, records);
      const body = (await (await (await clientHolding(operation.anyOf)).graphql(query, variables)).json()) as { errors?: unknown };
      expect(body.errors, query).toBeUndefined();
    });

    // Mutations change the tenant, so they run last; any answer but their own scope's refusal (or a 5xx) will do.
    it.each(routed.filter((operation) => operation.root === 'Mutation').map((operation) => [operation.coordinate, operation] as const))('REST %s passes its scope check with only its scope', async (_name, operation) => {
      const request = restRequest(operation, records);
      const response = await send(await clientHolding(operation.anyOf), request);
      const text = await response.text();
      const problem = response.headers.get('content-type') === 'application/problem+json' ? (JSON.parse(text) as Problem) : undefined;
      expect(isRefusalOf(operation, problem?.code, problem?.required_scope), `${request.method} ${request.path}: ${response.status} ${text}`).toBe(false);
      expect(response.status, text).toBeLessThan(500);
    });

    it(`REST POST ${BULK_UPLOAD.path} (an edge route) answers 201 with only ${BULK_UPLOAD.scope}`, async () => {
      const response = await uploadTo(await clientHolding([BULK_UPLOAD.scope]));
      expect(response.status, await response.clone().text()).toBe(201);
    });
  });
});
