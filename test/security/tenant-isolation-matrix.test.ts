import { randomUUID } from 'node:crypto';
import { scopeCatalogue } from '@platform/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { createExport, exportEnded } from '../support/bulk.ts';
import { type ApiClient, eventually, json, platformUrl, problemOf, signedInAccount } from '../support/fixtures.ts';

/** Every scope but resetting the sandbox: the attacker may do anything else in its own tenant. */
const EVERY_SCOPE = Object.keys(scopeCatalogue).filter((scope) => scope !== 'tenants:write');
/** Fields holding a link signed afresh on every read (a new expiry each time): a snapshot keeps only whether there is one. */
const SIGNED_LINK_FIELDS = ['download_url', 'download_expires_at', 'result_url', 'result_url_expires_at'];

/** A valid body of each write taking an id, so that a refusal can only come from the tenant check. */
const BODIES: Record<string, unknown> = {
  'PATCH /v1/inventory/items/{id}': { name: 'Taken over' },
  'POST /v1/inventory/items/{id}/adjust': { quantity: -1, reason: 'theft' },
  'POST /v1/inventory/items/{id}/receive': { quantity: 5 },
  'PATCH /v1/inventory/warehouses/{id}': { name: 'Taken over' },
  'PATCH /v1/crm/customers/{id}': { name: 'Taken over' },
  'PATCH /v1/crm/orders/{id}': { notes: 'Taken over' },
  'PATCH /v1/finance/invoices/{id}': { memo: 'Taken over' },
  'POST /v1/finance/invoices/{id}/pay': {},
  'PATCH /v1/tenants/users/{id}': { name: 'Taken over' },
  'PATCH /v1/tenants/roles/{id}': { name: 'Taken over' },
  'PATCH /v1/events/webhook-endpoints/{id}': { description: 'Taken over' },
  'POST /v1/events/webhook-endpoints/{id}/replay': { occurred_after: '2020-01-01T00:00:00Z', occurred_before: '2100-01-01T00:00:00Z' },
  'PATCH /v1/connectors/{id}': { name: 'Taken over' },
  'POST /v1/connectors/{connector_id}/mappings': { definition: { streams: { items: { target: 'create_customer', fields: { name: 'name' } } } } },
  'POST /v1/connectors/{connector_id}/mapping-preview': { records: [{ stream: 'items', external_id: 'x', data: { name: 'x' } }] },
  'PATCH /v1/workflows/{id}': { name: 'Taken over' },
  'POST /v1/workflows/{id}/runs': { input: {} },
  'POST /v1/workflows/{workflow_id}/runs/{id}/approval': { decision: 'approved' },
  'POST /v1/ai/tasks/{id}/approval': { decision: 'approved' },
  'POST /v1/ai/extractions/{id}/draft': { kind: 'invoice', customer_id: 'placeholder' },
  'PATCH /v1/analytics/saved-operations/{name}': { description: 'Taken over' },
  'POST /v1/analytics/saved-operations/{name}/run': { variables: {} },
};

interface Records {
  item: string;
  warehouse: string;
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
  aiQuery: string;
  aiExtraction: string;
  aiTask: string;
  /** A saved operation's name: names are per tenant; in the sweep the attacker holds none of that name (the last case gives it one). */
  savedOperation: string;
  export: string;
  bulkMutation: string;
}

/** Which record of the victim each templated path names, by its first segments. */
const RESOURCE_OF_PATH: Array<[RegExp, keyof Records]> = [
  [/^\/v1\/inventory\/items\//, 'item'],
  [/^\/v1\/inventory\/warehouses\//, 'warehouse'],
  [/^\/v1\/inventory\/movements\//, 'movement'],
  [/^\/v1\/crm\/customers\//, 'customer'],
  [/^\/v1\/crm\/orders\//, 'order'],
  [/^\/v1\/finance\/invoices\//, 'invoice'],
  [/^\/v1\/finance\/ledger-entries\//, 'ledgerEntry'],
  [/^\/v1\/auth\/api-keys\//, 'apiKey'],
  [/^\/v1\/auth\/clients\//, 'client'],
  [/^\/v1\/tenants\/users\//, 'user'],
  [/^\/v1\/tenants\/roles\//, 'role'],
  [/^\/v1\/events\/webhook-endpoints\//, 'webhookEndpoint'],
  [/^\/v1\/events\/webhook-deliveries\//, 'webhookDelivery'],
  [/^\/v1\/events\//, 'event'],
  [/^\/v1\/connectors\//, 'connector'],
  [/^\/v1\/sync\/jobs\//, 'syncJob'],
  [/^\/v1\/workflows\/\{workflow_id\}\/runs\/\{/, 'workflowRun'],
  [/^\/v1\/workflows\//, 'workflow'],
  [/^\/v1\/ai\/queries\//, 'aiQuery'],
  [/^\/v1\/ai\/extractions\//, 'aiExtraction'],
  [/^\/v1\/ai\/tasks\//, 'aiTask'],
  [/^\/v1\/analytics\/saved-operations\//, 'savedOperation'],
  [/^\/v1\/bulk\/exports\//, 'export'],
  [/^\/v1\/bulk\/mutations\//, 'bulkMutation'],
];

async function created<T extends { id: string }>(api: ApiClient, path: string, body: unknown): Promise<T> {
  const response = await api.send('POST', path, body);
  if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * The tenant isolation matrix: an attacker holding every scope in its own tenant calls every REST
 * operation that takes an id, with the ids of another tenant's records (as if guessed or leaked),
 * with valid bodies. Every call must be 404 `not_found` (never revealing that the record exists)
 * and the victim's records must be exactly as before. The operations come from the published
 * OpenAPI document, so a new route is covered the day it is added (or fails here until its record
 * is mapped). References to the victim's records inside bodies and GraphQL lookups are checked too.
 */
/** Files served by signed link rather than by bearer credential (gateway/src/edge/plugins/use-signed-downloads.ts). */
const SIGNED_LINKS = ['GET /v1/bulk/exports/{id}/download', 'GET /v1/bulk/mutations/{id}/results'];

describe('tenant isolation matrix', () => {
  let victim: ApiClient;
  let attacker: ApiClient;
  let attackerWarehouse: string;
  let attackerEvent: string;
  let records: Records;
  let operations: Array<{ method: string; template: string }>;

  /** Everything the victim can read about its records, to compare before and after the attack. */
  const snapshot = async () => {
    const paths = [
      `/v1/inventory/items/${records.item}`,
      `/v1/inventory/warehouses/${records.warehouse}`,
      `/v1/inventory/movements?item_id=${records.item}`,
      `/v1/crm/customers/${records.customer}`,
      `/v1/crm/orders/${records.order}`,
      `/v1/finance/invoices/${records.invoice}`,
      `/v1/finance/ledger-entries?per_page=100`,
      `/v1/auth/api-keys/${records.apiKey}`,
      `/v1/tenants/users/${records.user}`,
      `/v1/tenants/roles/${records.role}`,
      `/v1/events/${records.event}`,
      `/v1/events/webhook-endpoints/${records.webhookEndpoint}`,
      `/v1/events/webhook-deliveries/${records.webhookDelivery}`,
      `/v1/connectors/${records.connector}`,
      `/v1/connectors/${records.connector}/mappings`,
      `/v1/sync/jobs/${records.syncJob}`,
      `/v1/sync/jobs/${records.syncJob}/failures`,
      `/v1/workflows/${records.workflow}`,
      `/v1/workflows/${records.workflow}/versions`,
      `/v1/workflows/${records.workflow}/runs/${records.workflowRun}`,
      `/v1/workflows/${records.workflow}/runs/${records.workflowRun}/steps`,
      `/v1/ai/queries/${records.aiQuery}`,
      `/v1/ai/extractions/${records.aiExtraction}`,
      `/v1/ai/tasks/${records.aiTask}`,
      `/v1/ai/tasks/${records.aiTask}/steps`,
      `/v1/analytics/saved-operations/${records.savedOperation}`,
      `/v1/bulk/exports/${records.export}`,
      `/v1/bulk/mutations/${records.bulkMutation}`,
    ];
    const withoutSignedLinks = (body: Record<string, unknown>) => Object.fromEntries(Object.entries(body).map(([field, value]) => [field, SIGNED_LINK_FIELDS.includes(field) ? value !== null : value]));
    return Promise.all(paths.map(async (path) => [path, withoutSignedLinks((await (await victim.get(path)).json()) as Record<string, unknown>)]));
  };

  beforeAll(async () => {
    const victimAccount = await signedInAccount(EVERY_SCOPE);
    victim = victimAccount.api;
    attacker = (await signedInAccount(EVERY_SCOPE)).api;
    const warehouse = await created(victim, '/v1/inventory/warehouses', { name: 'Victim main' });
    await created(victim, '/v1/inventory/warehouses', { name: 'Victim second' });
    attackerWarehouse = (await created(attacker, '/v1/inventory/warehouses', { name: 'Attacker' })).id;
    const item = await created(victim, '/v1/inventory/items', { id: `VICTIM-${randomUUID().slice(0, 8)}`, name: 'Secret widget', quantity_on_hand: 50, reorder_point: 5, warehouse_id: warehouse.id });
    const movements = (await (await victim.get(`/v1/inventory/movements?item_id=${item.id}`)).json()) as { data: Array<{ id: string }> };
    const customer = await created(victim, '/v1/crm/customers', { name: 'Victim customer', currency: 'EUR' });
    const order = await created(victim, '/v1/crm/orders', { kind: 'sales', customer_id: customer.id, currency: 'EUR', lines: [{ item_id: item.id, quantity: 2, unit_price: 1000 }] });
    const invoice = await created(victim, '/v1/finance/invoices', { customer_id: customer.id, currency: 'EUR', lines: [{ description: 'Service', quantity: 1, unit_price: 5000, tax_rate: 2000 }] });
    const ledgerEntry = await created(victim, '/v1/finance/ledger-entries', { currency: 'EUR', description: 'Opening cash', lines: [{ account: 'cash', debit: 100 }, { account: 'equity', credit: 100 }] });
    const apiKey = await created(victim, '/v1/auth/api-keys', { name: 'victim key', scopes: ['inventory:read'] });
    const user = await created(victim, '/v1/tenants/users', { email: `victim-${randomUUID()}@example.com`, role_id: 'role_viewer' });
    const role = await created(victim, '/v1/tenants/roles', { name: 'Victim role', scopes: ['crm:read'] });
    // A production endpoint needs HTTPS; nothing listens on port 9, so its deliveries just fail.
    const webhookEndpoint = await created(victim, '/v1/events/webhook-endpoints', { url: 'https://127.0.0.1:9/hooks', event_types: ['custom.isolation'] });
    const event = await created(victim, '/v1/events', { type: 'custom.isolation', data: { secret: 'victim' } });
    attackerEvent = (await created(attacker, '/v1/events', { type: 'custom.isolation', data: { mine: true } })).id;
    // The delivery retries in the background (WEBHOOK_RETRY_SCHEDULE 1,1): the snapshot is taken once
    // it has given up, so that only the attacker's requests could change what the victim sees.
    const webhookDelivery = await eventually(async () => {
      const deliveries = (await (await victim.get(`/v1/events/webhook-endpoints/${webhookEndpoint.id}/deliveries`)).json()) as { data: Array<{ id: string; status: string }> };
      return deliveries.data.find((delivery) => delivery.status !== 'pending');
    });
    // A connector whose source does not answer (port 9): its one sync job fails at once (one attempt).
    const connector = await created(victim, '/v1/connectors', {
      name: 'Victim connector',
      kind: 'rest',
      config: { base_url: 'https://127.0.0.1:9/api', streams: [{ name: 'items', path: '/items', id_path: 'id' }], auth: { type: 'none' }, pagination: { type: 'none' } },
      retry_max_attempts: 1,
    });
    await created(victim, `/v1/connectors/${connector.id}/mappings`, { definition: { streams: { items: { target: 'create_customer', fields: { name: 'name' } } } } });
    const syncJob = await created(victim, '/v1/sync/jobs', { connector_id: connector.id });
    await eventually(async () => (((await (await victim.get(`/v1/sync/jobs/${syncJob.id}`)).json()) as { state: string }).state === 'failed' ? true : undefined));
    // A workflow with a run waiting for an approval: cancelling or approving it would change it.
    const workflow = await created(victim, '/v1/workflows', { name: 'Victim workflow', scopes: ['crm:read'], definition: { trigger: { type: 'manual' }, steps: [{ id: 'approve', kind: 'approval', message: '"Go?"' }] } });
    const workflowRun = await created(victim, `/v1/workflows/${workflow.id}/runs`, { input: { secret: 'victim' } });
    await eventually(async () => (((await (await victim.get(`/v1/workflows/${workflow.id}/runs/${workflowRun.id}`)).json()) as { status: string }).status === 'waiting' ? true : undefined));
    // A copilot query, an extraction and a task waiting for an approval (approving or cancelling it would change it).
    const aiQuery = await created(victim, '/v1/ai/queries', { question: 'Which SKUs are below their reorder point?' });
    const aiExtraction = await created(victim, '/v1/ai/extractions', { content_type: 'text/plain', text: 'Invoice INV-7 from Victim Supplier Ltd, total EUR 10.00' });
    const aiTask = await created(victim, '/v1/ai/tasks', { goal: 'Archive SKUs with stock but no sales in 90 days' });
    const savedOperation = await created<{ id: string; name: string }>(victim, '/v1/analytics/saved-operations', { name: 'victim_saved_report', document: 'query { customers { data { id name } } }' });
    // An export and a bulk mutation (one line, from an upload), both ended: cancelling either would answer invalid_state, not 404.
    const exported = await exportEnded(victim, (await createExport(victim, { query: '{ customers { data { id name } } }', format: 'ndjson' })).id);
    const upload = await json<{ id: string }>(await victim.raw('POST', '/v1/bulk/uploads', `${JSON.stringify({ input: { name: 'Victim bulk customer' } })}\n`, 'application/x-ndjson'), 201);
    const bulkMutation = await created(victim, '/v1/bulk/mutations', { mutation: 'mutation ($input: CreateCustomerInput!) { create_customer(input: $input) { id } }', upload_id: upload.id });
    await eventually(async () => (((await (await victim.get(`/v1/bulk/mutations/${bulkMutation.id}`)).json()) as { status: string }).status === 'completed' ? true : undefined));
    records = {
      savedOperation: savedOperation.name,
      export: exported.id,
      bulkMutation: bulkMutation.id,
      aiQuery: aiQuery.id,
      aiExtraction: aiExtraction.id,
      aiTask: aiTask.id,
      workflow: workflow.id,
      workflowRun: workflowRun.id,
      connector: connector.id,
      syncJob: syncJob.id,
      item: item.id,
      warehouse: warehouse.id,
      movement: movements.data[0]?.id ?? 'missing',
      customer: customer.id,
      order: order.id,
      invoice: invoice.id,
      ledgerEntry: ledgerEntry.id,
      apiKey: apiKey.id,
      user: user.id,
      role: role.id,
      client: victimAccount.clientId,
      event: event.id,
      webhookEndpoint: webhookEndpoint.id,
      webhookDelivery: webhookDelivery.id,
    };
    const document = (await (await fetch(`${platformUrl}/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    operations = Object.entries(document.paths)
      // Templates are the platform's, not a tenant's: installing one is creating a workflow of one's own.
      .filter(([template]) => template.includes('{') && !template.startsWith('/v1/workflows/templates/'))
      .flatMap(([template, byMethod]) => Object.keys(byMethod).map((method) => ({ method: method.toUpperCase(), template })));
  });

  it('covers every REST operation that takes an id', () => {
    expect(operations.length).toBeGreaterThanOrEqual(50);
    for (const { template } of operations) expect(RESOURCE_OF_PATH.some(([pattern]) => pattern.test(template)), `no victim record mapped for ${template}`).toBe(true);
  });

  it("answers 404 to every operation on another tenant's record and changes nothing", async () => {
    const before = await snapshot();
    const outcomes: string[] = [];
    for (const { method, template } of operations) {
      const resource = RESOURCE_OF_PATH.find(([pattern]) => pattern.test(template))?.[1] as keyof Records;
      // A mapping version is a number, not a record id.
      // A run is addressed under its workflow.
      const path = template.replace('{version}', '1').replace('{workflow_id}/runs/', `${records.workflow}/runs/`).replace(/\{\w+\}/, encodeURIComponent(records[resource]));
      const key = `${method} ${template}`;
      const body =
        key === 'POST /v1/inventory/items/{id}/transfer'
          ? { quantity: 1, from_warehouse_id: attackerWarehouse, to_warehouse_id: records.warehouse }
          : key === 'POST /v1/events/webhook-endpoints/{id}/resend'
            ? { event_id: attackerEvent }
            : BODIES[key];
      const response = method === 'GET' ? await attacker.get(path) : await attacker.send(method, path, body ?? {});
      const problem = response.status === 404 || response.status === 403 ? await problemOf(response) : undefined;
      outcomes.push(`${key} -> ${response.status} ${problem?.code ?? (await response.text()).slice(0, 200)}`);
    }
    // A signed link is its own credential (the bearer token is not read): without the victim's link, the file is refused as not valid.
    const expected = (outcome: string) => (SIGNED_LINKS.some((route) => outcome.startsWith(`${route} ->`)) ? '-> 403 download_link_invalid' : '-> 404 not_found');
    expect(outcomes.filter((outcome) => !outcome.endsWith(expected(outcome)))).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses writes that reference another tenant's records, naming the field", async () => {
    const attackerCustomer = await created<{ id: string }>(attacker, '/v1/crm/customers', { name: 'Attacker customer', currency: 'EUR' });
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', '/v1/crm/orders', { kind: 'sales', customer_id: records.customer, currency: 'EUR', lines: [] }, 'customer_id'],
      ['POST', '/v1/crm/orders', { kind: 'purchase', customer_id: attackerCustomer.id, currency: 'EUR', lines: [{ item_id: records.item, quantity: 1, unit_price: 1 }] }, 'lines.0.item_id'],
      ['POST', '/v1/finance/invoices', { customer_id: records.customer, currency: 'EUR', lines: [{ description: 'x', quantity: 1, unit_price: 1, tax_rate: 0 }] }, 'customer_id'],
      ['POST', '/v1/finance/invoices', { order_id: records.order }, 'order_id'],
      ['POST', '/v1/inventory/items', { id: `ATTACKER-${randomUUID().slice(0, 8)}`, name: 'x', quantity_on_hand: 1, reorder_point: 0, warehouse_id: records.warehouse }, 'warehouse_id'],
      ['POST', '/v1/sync/jobs', { connector_id: records.connector }, 'connector_id'],
      ['POST', '/v1/workflows/templates/reorder_on_low_stock/install', { parameters: { supplier_id: records.customer } }, 'parameters.supplier_id'],
    ];
    for (const [method, path, body, field] of cases) {
      const problem = await problemOf(await attacker.send(method, path, body));
      // Another tenant's record is as unknown as one that does not exist: a well-formed reference to nothing.
      expect(problem.code, `${method} ${path}`).toBe('rule_violation');
      expect(problem.errors?.map((error) => error.field), `${method} ${path}`).toContain(field);
    }
  });

  it("never lists another tenant's records", async () => {
    for (const path of ['/v1/inventory/items', '/v1/inventory/movements', '/v1/crm/customers', '/v1/crm/orders', '/v1/finance/invoices', '/v1/finance/ledger-entries', '/v1/finance/ledger-balances', '/v1/events', '/v1/events/webhook-endpoints', '/v1/connectors', '/v1/sync/jobs', '/v1/workflows', '/v1/workflows/runs', '/v1/analytics/saved-operations', '/v1/bulk/exports', '/v1/bulk/mutations']) {
      const body = JSON.stringify(await (await attacker.get(path)).json());
      for (const id of [records.item, records.customer, records.order, records.invoice, records.ledgerEntry, records.movement, records.event, records.webhookEndpoint, records.connector, records.syncJob, records.workflow, records.workflowRun, records.savedOperation, records.export, records.bulkMutation]) expect(body, path).not.toContain(id);
    }
  });

  it("never counts another tenant's records in an aggregate", async () => {
    // A third tenant with every scope and no business records: each of its aggregates counts exactly
    // what its own list holds (nothing, or what creating the tenant recorded), whatever the victim holds.
    const observer = (await signedInAccount(EVERY_SCOPE)).api;
    const document = (await (await fetch(`${platformUrl}/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const aggregatePaths = Object.keys(document.paths).filter((path) => path.endsWith('/aggregate') && !path.includes('{'));
    expect(aggregatePaths.length).toBeGreaterThanOrEqual(3);
    for (const path of aggregatePaths) {
      const listPath = path.slice(0, -'/aggregate'.length);
      const total = async () => (document.paths[listPath]?.get ? ((await (await observer.get(listPath)).json()) as { meta: { total: number } }).meta.total : 0);
      // The observer's own requests land in its audit trail as it goes: its count lies between the list before and after.
      const listed = await total();
      const counted = (await (await observer.get(path)).json()) as { groups: Array<{ count: number }> };
      const listedAfter = await total();
      expect(counted.groups, path).toHaveLength(1);
      expect([path, listed <= (counted.groups[0]?.count ?? -1) && (counted.groups[0]?.count ?? Infinity) <= listedAfter]).toEqual([path, true]);
      // And the victim's aggregate of the same records is not empty where the matrix gave it some.
      const victims = (await (await victim.get(path)).json()) as { groups: Array<{ count: number }> };
      expect(victims.groups[0]?.count, path).toBeGreaterThanOrEqual(listed);
    }
    const customers = (await (await attacker.graphql('{ customers { data { orders_aggregate { groups { count } } } } }')).json()) as { data: { customers: { data: Array<{ orders_aggregate: { groups: Array<{ count: number }> } }> } } };
    for (const customer of customers.data.customers.data) expect(customer.orders_aggregate.groups).toEqual([{ count: 0 }]);
  });

  it("answers not_found to GraphQL lookups and navigation of another tenant's records", async () => {
    const lookups: Array<[string, string]> = [
      ['inventory_item', records.item],
      ['warehouse', records.warehouse],
      ['stock_movement', records.movement],
      ['customer', records.customer],
      ['order', records.order],
      ['invoice', records.invoice],
      ['ledger_entry', records.ledgerEntry],
      ['event', records.event],
      ['webhook_endpoint', records.webhookEndpoint],
      ['webhook_delivery', records.webhookDelivery],
      ['connector', records.connector],
      ['sync_job', records.syncJob],
      ['workflow', records.workflow],
    ];
    for (const [field, id] of lookups) {
      const response = (await (await attacker.graphql(`query ($id: String!) { ${field}(id: $id) { id } }`, { id })).json()) as { data: unknown; errors?: Array<{ extensions: { code: string } }> };
      expect(response.errors?.[0]?.extensions.code, field).toBe('not_found');
    }
    // A persisted document is looked up in the caller's tenant only, by name or by hash.
    const { document_id: hashId } = (await (await victim.get(`/v1/analytics/saved-operations/${records.savedOperation}`)).json()) as { document_id: string };
    for (const documentId of [`saved:${records.savedOperation}`, hashId]) {
      const response = (await (await attacker.send('POST', '/graphql', { documentId })).json()) as { data?: unknown; errors?: Array<{ extensions: { code: string } }> };
      expect([documentId, response.data, response.errors?.[0]?.extensions.code]).toEqual([documentId, undefined, 'persisted_operation_not_found']);
    }
    // Navigation from the attacker's own records never crosses into the victim's.
    const orders = (await (await attacker.graphql('{ orders { data { customer { id } lines { item { id } } invoices { id } } } }')).json()) as { data: { orders: { data: unknown[] } } };
    expect(JSON.stringify(orders)).not.toContain(records.customer);
  });

  // Last: the attacker's operation of the victim's name would turn the sweep's 404 into the attacker's own.
  it("addresses a saved operation by name in the caller's tenant only: a name both tenants hold is the caller's own, never the victim's", async () => {
    const path = `/v1/analytics/saved-operations/${records.savedOperation}`;
    const victims = await json<{ id: string; document: string }>(await victim.get(path));
    const own = await created<{ id: string; document: string }>(attacker, '/v1/analytics/saved-operations', { name: records.savedOperation, document: 'query { saved_operations { data { name } } }' });
    expect(own.id).not.toBe(victims.id);
    // Read, changed and run by that name, it is the attacker's (its id, its document), never the victim's.
    expect(await json(await attacker.get(path))).toMatchObject({ id: own.id, document: own.document });
    expect(await json(await attacker.send('PATCH', path, { description: 'Mine' }))).toMatchObject({ id: own.id, description: 'Mine' });
    const runs = [
      await json<{ data: Record<string, unknown> }>(await attacker.send('POST', `${path}/run`, { variables: {} })),
      await json<{ data: Record<string, unknown> }>(await attacker.send('POST', '/graphql', { documentId: `saved:${records.savedOperation}` })),
    ];
    for (const run of runs) {
      expect(Object.keys(run.data)).toEqual(['saved_operations']);
      expect(JSON.stringify(run)).not.toContain(records.customer);
    }
    expect(await json(await attacker.send('DELETE', path, {}))).toMatchObject({ id: own.id });
    // Once the attacker's is gone the name names nothing for it again; the victim's was never touched.
    expect(await problemOf(await attacker.get(path))).toMatchObject({ status: 404, code: 'not_found' });
    expect(await json(await victim.get(path))).toEqual(victims);
  });
});
