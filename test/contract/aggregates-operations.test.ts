import { beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createItem, createOrder } from '../support/crm.ts';
import { EVENT_SCOPES, createEndpoint, eventsAccount, publish, sandboxClientWithScope, startReceiver } from '../support/events.ts';
import { type ApiClient, accessToken, apiClient, createAccount, database, eventually, graphqlData, graphqlErrors, json, type List, problemOf } from '../support/fixtures.ts';
import { createConnector, csvConnectorBody, csvItemMapping, integrationsAccount, jobOver, saveMapping, startImport, uploadFile } from '../support/integrations.ts';
import { createWorkflow, manualWorkflow, runIn, startRun, workflowsAccount } from '../support/workflows.ts';

/**
 * Aggregates of the operations records (events, webhook deliveries, the audit trail, sync jobs,
 * workflow runs), checked against figures computed here from the records read back: a grouping,
 * a time bucket, every measure's statistics, and counts equal to the list's `meta.total` filter by
 * filter; events only of the types the caller may receive, as the list shows them.
 */

interface Statistics { sum: number | null; avg: number | null; min: number | null; max: number | null }
interface Group { key: Record<string, string | number | boolean | null>; count: number; [measure: string]: unknown }
interface Aggregate { groups: Group[]; truncated: boolean }

async function aggregate(api: ApiClient, field: string, args: string, selection: string): Promise<Aggregate> {
  const data = await graphqlData<Record<string, Aggregate>>(api, `{ aggregate: ${field}${args ? `(${args})` : ''} { groups { ${selection} } truncated } }`);
  return data.aggregate as Aggregate;
}

/** Statistics of the values that are not null, rounded as far as float8 and JavaScript agree. */
function statistics(values: Array<number | null>): Statistics {
  const present = values.filter((value): value is number => value !== null);
  if (present.length === 0) return { sum: null, avg: null, min: null, max: null };
  const sum = present.reduce((a, b) => a + b, 0);
  return rounded({ sum, avg: sum / present.length, min: Math.min(...present), max: Math.max(...present) });
}

function rounded(figures: Statistics): Statistics {
  const round = (value: number | null) => (value === null ? null : Math.round(value * 1000) / 1000);
  return { sum: round(figures.sum), avg: round(figures.avg), min: round(figures.min), max: round(figures.max) };
}

function groupBy<T>(values: T[], keyOf: (value: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const value of values) groups.set(keyOf(value), [...(groups.get(keyOf(value)) ?? []), value]);
  return groups;
}

/** `[key, count]` pairs in key order, from records and from an aggregate's groups. */
const countsOf = <T>(values: T[], keyOf: (value: T) => string) => [...groupBy(values, keyOf)].map(([key, members]) => [key, members.length]).sort(([a], [b]) => String(a).localeCompare(String(b)));
const groupCounts = (groups: Group[], keyOf: (group: Group) => string) => groups.map((group) => [keyOf(group), group.count]).sort(([a], [b]) => String(a).localeCompare(String(b)));

/** The aggregate's `count` without grouping equals the list's `meta.total`, for each filter (GraphQL arguments, REST query). */
async function expectCountsOfList(api: ApiClient, field: string, listPath: string, filters: Array<[string, string]>): Promise<void> {
  for (const [graphql, query] of filters) {
    const list = await json<List<unknown>>(await api.get(`${listPath}?${[query, 'per_page=1'].filter(Boolean).join('&')}`));
    const { groups } = await aggregate(api, field, graphql, 'count');
    expect([graphql, groups[0]?.count]).toEqual([graphql, list.meta.total]);
  }
}

describe('events_aggregate and webhook_deliveries_aggregate', () => {
  let api: ApiClient;
  let sandboxTenant: string;
  let account: Awaited<ReturnType<typeof eventsAccount>>;
  let events: Array<{ id: string; type: string; resource_type: string | null; resource_id: string | null; source_type: string; occurred_at: Date }>;
  let endpoints: string[];

  beforeAll(async () => {
    account = await eventsAccount([...EVENT_SCOPES, 'crm:read', 'crm:write', 'inventory:read', 'inventory:write']);
    api = account.sandbox;
    sandboxTenant = account.sandboxTenantId;
    const healthy = await startReceiver();
    const flaky = await startReceiver();
    flaky.respondWith(503);
    endpoints = [(await createEndpoint(api, { url: healthy.url, event_types: ['custom.agg.a', 'custom.agg.b'] })).id, (await createEndpoint(api, { url: flaky.url, event_types: ['custom.agg.a'] })).id];
    // Platform events of CRM and inventory beside custom ones.
    const warehouse = await json<{ id: string }>(await api.send('POST', '/v1/inventory/warehouses', { name: 'Main' }), 201);
    await createItem(api, warehouse.id, 'AGG-MUG', 100);
    const customer = await createCustomer(api);
    for (const quantity of [1, 2]) await createOrder(api, { kind: 'sales', customer_id: customer.id, currency: 'EUR', lines: [{ item_id: 'AGG-MUG', quantity, unit_price: 500 }] });
    for (const type of ['custom.agg.a', 'custom.agg.a', 'custom.agg.b', 'custom.agg.c']) await publish(api, type, { n: 1 });
    const db = database();
    events = await db.$queryRaw`SELECT id, type, resource_type, resource_id, source->>'type' AS source_type, occurred_at FROM events WHERE tenant_id = ${sandboxTenant}`;
    expect(events.filter((event) => event.type.startsWith('order.'))).toHaveLength(2);
    // Every delivery over: the flaky endpoint's first attempt failed, its retry 5 s later succeeds.
    await eventually(async () => ((await db.webhookDelivery.count({ where: { tenant_id: sandboxTenant, status: 'pending' } })) === 0 ? true : undefined), 30_000, 'deliveries over');
  }, 120_000);

  it('groups by type, source type and resource type, and counts distinct records', async () => {
    const { groups } = await aggregate(api, 'events_aggregate', 'group_by: "type,source_type,resource_type"', 'key { type source_type resource_type } count count_distinct { resource_id }');
    const keyOf = (event: (typeof events)[number]) => `${event.type}|${event.source_type}|${event.resource_type}`;
    expect(groupCounts(groups, (group) => `${group.key.type}|${group.key.source_type}|${group.key.resource_type}`)).toEqual(countsOf(events, keyOf));
    const overall = await aggregate(api, 'events_aggregate', '', 'count count_distinct { resource_id }');
    expect(overall.groups).toEqual([{ count: events.length, count_distinct: { resource_id: new Set(events.flatMap((event) => event.resource_id ?? [])).size } }]);
  });

  it('buckets by day in UTC and in Tokyo', async () => {
    for (const timeZone of ['UTC', 'Asia/Tokyo']) {
      const { groups } = await aggregate(api, 'events_aggregate', `bucket: day, time_zone: "${timeZone}"`, 'key { bucket_label } count');
      const day = (instant: Date) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
      expect(groups.map((group) => [group.key.bucket_label, group.count])).toEqual(countsOf(events, (event) => day(event.occurred_at)));
    }
  });

  it('counts what the list counts, filter by filter', async () => {
    const resource = events.find((event) => event.resource_id)?.resource_id as string;
    await expectCountsOfList(api, 'events_aggregate', '/v1/events', [
      ['', ''],
      ['type: "custom.agg.a"', 'type=custom.agg.a'],
      ['type: "order.created"', 'type=order.created'],
      [`resource_id: "${resource}"`, `resource_id=${resource}`],
      ['occurred_after: "2026-11-01T00:00:00Z"', 'occurred_after=2026-11-01T00:00:00Z'],
      ['occurred_before: "2026-11-01T00:00:00Z"', 'occurred_before=2026-11-01T00:00:00Z'],
    ]);
  });

  it('never counts the events of types the caller may not receive, as the list never shows them', async () => {
    const eventsOnly = await sandboxClientWithScope(account, 'events:read');
    const receivable = events.filter((event) => event.type.startsWith('custom.'));
    const { groups } = await aggregate(eventsOnly, 'events_aggregate', 'group_by: "type"', 'key { type } count');
    expect(groupCounts(groups, (group) => String(group.key.type))).toEqual(countsOf(receivable, (event) => event.type));
    await expectCountsOfList(eventsOnly, 'events_aggregate', '/v1/events', [['', '']]);
    const refused = await graphqlErrors(eventsOnly, '{ events_aggregate(type: "order.created") { groups { count } } }');
    expect(refused[0]?.extensions).toMatchObject({ code: 'insufficient_scope', required_scope: 'crm:read' });
    const unknown = await eventsOnly.get('/v1/events/aggregate?type=nonsense.type');
    expect([unknown.status, (await problemOf(unknown)).code]).toEqual([400, 'invalid_parameter']);
  });

  it('tells webhook delivery health per endpoint, outcome and response class, with attempts and durations', async () => {
    const deliveries = await database().$queryRaw<Array<{ endpoint_id: string; status: string; attempt_count: number; duration_ms: number | null; response_class: string | null }>>`
      SELECT d.endpoint_id, d.status::text AS status, d.attempt_count,
             (SELECT sum(a.duration_ms)::float8 FROM webhook_attempts a WHERE a.tenant_id = d.tenant_id AND a.delivery_id = d.id) AS duration_ms,
             (SELECT a.response_status FROM webhook_attempts a WHERE a.tenant_id = d.tenant_id AND a.delivery_id = d.id ORDER BY a.attempted_at DESC, a.id DESC LIMIT 1) / 100 || 'xx' AS response_class
      FROM webhook_deliveries d WHERE d.tenant_id = ${sandboxTenant}`;
    expect(deliveries.some((delivery) => delivery.attempt_count > 1)).toBe(true);
    const { groups } = await aggregate(
      api,
      'webhook_deliveries_aggregate',
      'group_by: "endpoint_id,status,response_class"',
      'key { endpoint_id status response_class } count attempts { sum avg min max } attempts_duration_ms { sum avg min max }',
    );
    const expected = [...groupBy(deliveries, (delivery) => `${delivery.endpoint_id}|${delivery.status}|${delivery.response_class}`)]
      .map(([key, members]) => [key, members.length, statistics(members.map((member) => member.attempt_count)), statistics(members.map((member) => member.duration_ms))])
      .sort(([a], [b]) => String(a).localeCompare(String(b)));
    expect(
      groups
        .map((group) => [`${group.key.endpoint_id}|${group.key.status}|${group.key.response_class}`, group.count, rounded(group.attempts as Statistics), rounded(group.attempts_duration_ms as Statistics)])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    ).toEqual(expected);
    for (const endpoint of endpoints) {
      await expectCountsOfList(api, 'webhook_deliveries_aggregate', `/v1/events/webhook-endpoints/${endpoint}/deliveries`, [
        [`endpoint_id: "${endpoint}"`, ''],
        [`endpoint_id: "${endpoint}", status: succeeded`, 'status=succeeded'],
      ]);
    }
  });
});

describe('audit_records_aggregate', () => {
  let api: ApiClient;
  let tenantId: string;
  let until: Date;

  beforeAll(async () => {
    const account = await createAccount({ scopes: ['audit:read', 'inventory:read', 'inventory:write'] });
    tenantId = account.tenantId;
    api = apiClient(await accessToken(account.clientId, account.clientSecret), tenantId);
    await json(await api.send('POST', '/v1/inventory/warehouses', { name: 'Audited' }), 201);
    for (const path of ['/v1/inventory/items', '/v1/inventory/items/NOPE', '/v1/crm/orders']) await api.get(path);
    until = new Date();
    // Request records are written once their response is known, in batches: wait for the last.
    await eventually(async () => ((await database().auditRecord.count({ where: { tenant_id: tenantId, occurred_at: { lte: until }, status: 403 } })) > 0 ? true : undefined), 20_000, 'audit records');
  }, 60_000);

  it('groups by actor type, status and resource type, with the statistics of durations', async () => {
    const records = await database().$queryRaw<Array<{ actor_type: string; status: number | null; action: string; duration_ms: number | null }>>`
      SELECT actor_type, status, action, duration_ms FROM audit_records WHERE tenant_id = ${tenantId} AND occurred_at <= ${until}`;
    expect([...new Set(records.map((record) => record.status))]).toEqual(expect.arrayContaining([200, 403, 404]));
    const { groups } = await aggregate(api, 'audit_records_aggregate', `to: "${until.toISOString()}", group_by: "actor_type,status,resource_type"`, 'key { actor_type status resource_type } count duration_ms { sum avg min max }');
    const resourceType = (action: string) => (action.includes(' ') ? null : action.split('.')[0]);
    const expected = [...groupBy(records, (record) => `${record.actor_type}|${record.status}|${resourceType(record.action)}`)]
      .map(([key, members]) => [key, members.length, statistics(members.map((member) => member.duration_ms))])
      .sort(([a], [b]) => String(a).localeCompare(String(b)));
    expect(groups.map((group) => [`${group.key.actor_type}|${group.key.status}|${group.key.resource_type}`, group.count, rounded(group.duration_ms as Statistics)]).sort(([a], [b]) => String(a).localeCompare(String(b)))).toEqual(expected);
    const perDay = await aggregate(api, 'audit_records_aggregate', `to: "${until.toISOString()}", bucket: day`, 'key { bucket_label } count');
    expect(perDay.groups.reduce((sum, group) => sum + group.count, 0)).toBe(records.length);
  });

  it('counts what the list counts, filter by filter, and refuses what the list refuses', async () => {
    const to = until.toISOString();
    // A record's own instant: `to` includes it, as the list's does.
    const [{ last }] = await database().$queryRaw<[{ last: Date }]>`SELECT max(occurred_at) AS last FROM audit_records WHERE tenant_id = ${tenantId} AND occurred_at <= ${until}`;
    await expectCountsOfList(api, 'audit_records_aggregate', '/v1/audit/records', [
      [`from: "${last.toISOString()}", to: "${last.toISOString()}"`, `from=${last.toISOString()}&to=${last.toISOString()}`],
      [`to: "${to}"`, `to=${to}`],
      [`to: "${to}", status: 404`, `to=${to}&status=404`],
      [`to: "${to}", action: "inventory_warehouse.create"`, `to=${to}&action=inventory_warehouse.create`],
      [`to: "${to}", from: "${to}"`, `to=${to}&from=${to}`],
    ]);
    const refused = await api.get('/v1/audit/records/aggregate?status=42');
    expect([refused.status, (await problemOf(refused)).errors?.[0]?.field]).toEqual([400, 'status']);
  });
});

describe('sync_jobs_aggregate and Connector.sync_jobs_aggregate', () => {
  let api: ApiClient;
  let tenantId: string;
  let jobs: Array<{ id: string; connector_id: string; state: string; trigger: string; records_seen: number; records_created: number; records_failed: number; duration_ms: number | null; finished_at: Date | null }>;

  beforeAll(async () => {
    const account = await integrationsAccount();
    api = account.api;
    tenantId = account.sandboxTenantId;
    // Two connectors; imports of a clean file and of a file with a bad row.
    for (const name of ['Sheet A', 'Sheet B']) {
      const connector = await createConnector(api, csvConnectorBody({ name }));
      await saveMapping(api, connector.id, csvItemMapping(account.warehouseId));
      const sku = name.replace(' ', '-');
      for (const content of [`sku,name,qty\n${sku}-1,One,1\n${sku}-2,Two,2\n`, `sku,name,qty\n${sku}-3,Three,3\n${sku}-4,Bad,abc\n`]) {
        await jobOver(api, (await startImport(api, connector.id, (await uploadFile(api, connector.id, content)).id)).id);
      }
    }
    // Start and end instants chosen: durations of 1 to 14 minutes; in Paris two started in October but only one finished in it.
    const db = database();
    const ids = await db.$queryRaw<Array<{ id: string }>>`SELECT id FROM sync_jobs WHERE tenant_id = ${tenantId} ORDER BY created_at, id`;
    for (const [index, { id }] of ids.entries()) {
      const started = new Date(Date.UTC(2026, 9, 31, 22, 45 + 10 * index));
      await db.$executeRaw`UPDATE sync_jobs SET started_at = ${started}, finished_at = ${new Date(started.getTime() + (index + 1) * 60_000 + 10 * 60_000 * (index % 2))} WHERE tenant_id = ${tenantId} AND id = ${id}`;
    }
    jobs = await db.$queryRaw`SELECT id, connector_id, state::text AS state, trigger::text AS trigger, records_seen, records_created, records_failed,
      extract(epoch FROM finished_at - started_at)::float8 * 1000 AS duration_ms, finished_at FROM sync_jobs WHERE tenant_id = ${tenantId}`;
    expect(jobs).toHaveLength(4);
  }, 120_000);

  it('groups by connector and state, with every measure\'s statistics', async () => {
    const { groups } = await aggregate(api, 'sync_jobs_aggregate', 'group_by: "connector_id,state"', 'key { connector_id state } count records_seen { sum avg min max } records_created { sum avg min max } records_failed { sum avg min max } duration_ms { sum avg min max }');
    const expected = [...groupBy(jobs, (job) => `${job.connector_id}|${job.state}`)]
      .map(([key, members]) => [key, members.length, ...(['records_seen', 'records_created', 'records_failed', 'duration_ms'] as const).map((measure) => statistics(members.map((member) => member[measure])))])
      .sort(([a], [b]) => String(a).localeCompare(String(b)));
    expect(groups.map((group) => [`${group.key.connector_id}|${group.key.state}`, group.count, ...['records_seen', 'records_created', 'records_failed', 'duration_ms'].map((measure) => rounded(group[measure] as Statistics))]).sort(([a], [b]) => String(a).localeCompare(String(b)))).toEqual(expected);
    expect(new Set(jobs.map((job) => job.state))).toEqual(new Set(['succeeded', 'partially_failed']));
  });

  it('buckets by the end of the jobs, across a month boundary in Paris', async () => {
    const { groups } = await aggregate(api, 'sync_jobs_aggregate', 'bucket: month, bucket_by: "finished_at", time_zone: "Europe/Paris"', 'key { bucket_label } count');
    const paris = (instant: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' }).format(instant).slice(0, 7);
    expect(groups.map((group) => [group.key.bucket_label, group.count])).toEqual(countsOf(jobs, (job) => paris(job.finished_at as Date)));
    expect(groups.length).toBe(2);
  });

  it('counts what the list counts, and per connector as a field of connectors', async () => {
    const connectors = [...new Set(jobs.map((job) => job.connector_id))];
    await expectCountsOfList(api, 'sync_jobs_aggregate', '/v1/sync/jobs', [
      ['', ''],
      [`connector_id: "${connectors[0]}"`, `connector_id=${connectors[0]}`],
      ['state: partially_failed', 'state=partially_failed'],
    ]);
    const page = await graphqlData<{ connectors: { data: Array<{ id: string; sync_jobs_aggregate: Aggregate }> } }>(api, '{ connectors { data { id sync_jobs_aggregate(group_by: "trigger") { groups { key { trigger } count records_seen { sum } } truncated } } } }');
    expect(page.connectors.data).toHaveLength(2);
    for (const connector of page.connectors.data) {
      const mine = jobs.filter((job) => job.connector_id === connector.id);
      expect(connector.sync_jobs_aggregate.groups).toEqual([...groupBy(mine, (job) => job.trigger)].map(([trigger, members]) => ({ key: { trigger }, count: members.length, records_seen: { sum: statistics(members.map((member) => member.records_seen)).sum } })));
    }
  });
});

describe('workflow_runs_aggregate and Workflow.runs_aggregate', () => {
  let api: ApiClient;
  let tenantId: string;
  let runs: Array<{ id: string; workflow_id: string; status: string; steps: number; duration_ms: number | null; created_at: Date }>;

  beforeAll(async () => {
    const account = await workflowsAccount(['events:write']);
    api = account.api;
    tenantId = account.sandboxTenantId;
    const emit = (id: string) => ({ id, kind: 'emit', event_type: 'custom.agg.run', data: '{ "n": 1 }' });
    const one = await createWorkflow(api, manualWorkflow(['events:write'], [emit('first')]));
    const two = await createWorkflow(api, manualWorkflow(['events:write'], [emit('first'), emit('second')]));
    const started = [await startRun(api, one.id), await startRun(api, one.id), await startRun(api, two.id)];
    for (const run of started) await runIn(api, run);
    const db = database();
    for (const [index, run] of started.entries()) {
      const start = new Date(Date.UTC(2026, 11, 31, 23, 59, 30 - index * 10));
      await db.$executeRaw`UPDATE workflow_runs SET created_at = ${start}, started_at = ${start}, finished_at = ${new Date(start.getTime() + (index + 1) * 45_000)} WHERE tenant_id = ${tenantId} AND id = ${run.id}`;
    }
    runs = await db.$queryRaw`SELECT r.id, r.workflow_id, r.status::text AS status, r.created_at,
      (SELECT count(*)::int FROM workflow_run_steps s WHERE s.tenant_id = r.tenant_id AND s.run_id = r.id) AS steps,
      extract(epoch FROM r.finished_at - r.started_at)::float8 * 1000 AS duration_ms FROM workflow_runs r WHERE r.tenant_id = ${tenantId}`;
    expect(runs.map((run) => run.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
  }, 120_000);

  it('groups by workflow and status, with steps and durations', async () => {
    const { groups } = await aggregate(api, 'workflow_runs_aggregate', 'group_by: "workflow_id,status"', 'key { workflow_id status } count steps { sum avg min max } duration_ms { sum avg min max }');
    const expected = [...groupBy(runs, (run) => `${run.workflow_id}|${run.status}`)]
      .map(([key, members]) => [key, members.length, statistics(members.map((member) => member.steps)), statistics(members.map((member) => member.duration_ms))])
      .sort(([a], [b]) => String(a).localeCompare(String(b)));
    expect(groups.map((group) => [`${group.key.workflow_id}|${group.key.status}`, group.count, rounded(group.steps as Statistics), rounded(group.duration_ms as Statistics)]).sort(([a], [b]) => String(a).localeCompare(String(b)))).toEqual(expected);
  });

  it('buckets by year across new year\'s eve, in UTC and in Tokyo', async () => {
    for (const timeZone of ['UTC', 'Asia/Tokyo']) {
      const { groups } = await aggregate(api, 'workflow_runs_aggregate', `bucket: year, time_zone: "${timeZone}"`, 'key { bucket_label } count');
      const year = (instant: Date) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric' }).format(instant);
      expect(groups.map((group) => [group.key.bucket_label, group.count])).toEqual(countsOf(runs, (run) => year(run.created_at)));
    }
  });

  it('counts what the list counts, and per workflow as a field of workflows', async () => {
    const workflows = [...new Set(runs.map((run) => run.workflow_id))];
    await expectCountsOfList(api, 'workflow_runs_aggregate', '/v1/workflows/runs', [
      ['', ''],
      [`workflow_id: "${workflows[0]}"`, `workflow_id=${workflows[0]}`],
      ['status: failed', 'status=failed'],
    ]);
    const page = await graphqlData<{ workflows: { data: Array<{ id: string; runs_aggregate: Aggregate }> } }>(api, '{ workflows { data { id runs_aggregate { groups { count steps { sum } } truncated } } } }');
    expect(page.workflows.data).toHaveLength(2);
    for (const workflow of page.workflows.data) {
      const mine = runs.filter((run) => run.workflow_id === workflow.id);
      expect(workflow.runs_aggregate.groups).toEqual([{ count: mine.length, steps: { sum: mine.reduce((sum, run) => sum + run.steps, 0) } }]);
    }
  });
});
