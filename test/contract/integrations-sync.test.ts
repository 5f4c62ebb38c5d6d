import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { database, eventually, json, platformUrl, problemOf, type ApiClient } from '../support/fixtures.ts';
import { bearerParams, subscribeWs, wsClient } from '../support/subscriptions.ts';
import {
  API_SECRETS,
  RECORD_COUNT,
  type RestApiServer,
  type SyncJob,
  createConnector,
  failuresOf,
  getJob,
  integrationsAccount,
  itemMapping,
  jobOver,
  restConnectorBody,
  saveMapping,
  startRestApiServer,
  startSync,
} from '../support/integrations.ts';

/**
 * Sync jobs end to end, against a REST/JSON API on loopback: records read page by page become
 * inventory items through the platform's own mutation with the connector as the caller, a second
 * run reads only the changes, records that cannot be written are kept and replayed after a
 * mapping fix exactly once, the retry policy ends in one `sync.failed`, and jobs can be cancelled.
 */

let server: RestApiServer;
beforeAll(async () => {
  server = await startRestApiServer();
});
afterAll(() => server.close());

interface Item {
  id: string;
  name: string;
  reorder_point: number;
  warehouse_id: string;
}

async function itemsOfWarehouse(api: ApiClient, warehouseId: string): Promise<Item[]> {
  const items: Item[] = [];
  for (let page = 1; ; page++) {
    const body = await json<{ data: Item[]; meta: { total: number } }>(await api.get(`/v1/inventory/items?warehouse_id=${warehouseId}&per_page=100&page=${page}`));
    items.push(...body.data);
    if (items.length >= body.meta.total || body.data.length === 0) return items;
  }
}

describe('a sync from a REST/JSON source', () => {
  let api: ApiClient;
  let warehouseId: string;
  let connectorId: string;
  let first: SyncJob;

  beforeAll(async () => {
    server.reset();
    ({ api, warehouseId } = await integrationsAccount());
    const connector = await createConnector(api, restConnectorBody(server.url));
    connectorId = connector.id;
    // The name carries the source's change time, so a touched record changes its item.
    await saveMapping(api, connectorId, itemMapping(warehouseId, { name: `name & ' @ ' & meta.updated` }));
    first = await jobOver(api, (await startSync(api, connectorId)).id);
  });

  it('never shows the credentials, and tests them against the source', async () => {
    const connector = await json<Record<string, unknown>>(await api.get(`/v1/connectors/${connectorId}`));
    expect(connector).not.toHaveProperty('credentials');
    expect(JSON.stringify(connector)).not.toContain(API_SECRETS.token);
    expect(connector).toMatchObject({ has_credentials: true, streams: ['items'], mapping_version: 1 });
    expect(await json(await api.send('POST', `/v1/connectors/${connectorId}/test`, {}))).toMatchObject({ ok: true });
    const wrong = await createConnector(api, restConnectorBody(server.url, { credentials: { token: 'not-the-token' } }));
    const check = await json<{ ok: boolean; detail: string }>(await api.send('POST', `/v1/connectors/${wrong.id}/test`, {}));
    expect(check.ok).toBe(false);
    expect(check.detail).toMatch(/401/);
  });

  it('reads every page and creates one item per record through the platform, as the connector', async () => {
    expect(first).toMatchObject({ state: 'succeeded', attempts: 1, records_seen: RECORD_COUNT, records_created: RECORD_COUNT, records_failed: 0, mapping_version: 1 });
    const items = await itemsOfWarehouse(api, warehouseId);
    expect(items).toHaveLength(RECORD_COUNT);
    expect(items.find((item) => item.id === 'EXT-r001')?.name).toBe('Record 1 @ 2024-01-01T00:01:00Z');
    // The audit trail names the connector as the actor of each write.
    const audit = await json<{ data: Array<{ actor_type: string; actor_id: string; action: string }>; meta: { total: number } }>(await api.get(`/v1/audit/records?actor_id=${connectorId}&per_page=5`));
    expect(audit.meta.total).toBe(RECORD_COUNT);
    expect(audit.data[0]).toMatchObject({ actor_type: 'connector', actor_id: connectorId, action: 'inventory_item.create' });
  });

  it('reads only the changes on the next run, and updates the items they change', async () => {
    server.touch(['r010', 'r020', 'r030']);
    const requestsBefore = server.requests.length;
    const second = await jobOver(api, (await startSync(api, connectorId)).id);
    expect(second).toMatchObject({ state: 'succeeded', records_seen: 3, records_updated: 3, records_created: 0 });
    const asked = server.requests.slice(requestsBefore).map((request) => request.query.get('updated_since'));
    expect(asked.every((since) => since !== null)).toBe(true);
    const touched = await json<Item>(await api.get('/v1/inventory/items/EXT-r010'));
    expect(touched.name).not.toBe('Record 10 @ 2024-01-01T00:10:00Z');
  });

  it('finds every record unchanged on a full re-run: nothing is written twice', async () => {
    const full = await jobOver(api, (await startSync(api, connectorId, true)).id);
    expect(full).toMatchObject({ state: 'succeeded', full: true, records_seen: RECORD_COUNT, records_created: 0, records_updated: 0, records_unchanged: RECORD_COUNT });
    expect(await itemsOfWarehouse(api, warehouseId)).toHaveLength(RECORD_COUNT);
  });

  it('re-runs a window: reads the records changed since an instant, whatever the cursor, writing nothing twice', async () => {
    const requestsBefore = server.requests.length;
    // Records r241 to r250 changed after 04:00, and the three touched above later still.
    const window = await jobOver(api, (await api.send('POST', '/v1/sync/jobs', { connector_id: connectorId, since: '2024-01-01T04:00:00Z' }).then((response) => json<SyncJob>(response, 201))).id);
    expect(window).toMatchObject({ state: 'succeeded', since: '2024-01-01T04:00:00.000Z', full: false, records_seen: 13, records_unchanged: 13, records_created: 0 });
    expect(server.requests.slice(requestsBefore).map((request) => request.query.get('updated_since'))).toContain('2024-01-01T04:00:00.000Z');
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ connector_id: connectorId, since: '2024-01-01T04:00:00Z', full: true }, 'leave out full'],
      [{ connector_id: connectorId, since: '2999-01-01T00:00:00Z' }, 'future'],
    ];
    for (const [body, message] of refusals) {
      expect(await problemOf(await api.send('POST', '/v1/sync/jobs', body))).toMatchObject({ status: 422, errors: [{ field: 'since', message: expect.stringContaining(message) }] });
    }
    const everything = await createConnector(api, restConnectorBody(server.url, { name: 'Not incremental' }));
    const config = { ...(restConnectorBody(server.url).config as Record<string, unknown>), incremental: undefined };
    await json(await api.send('PATCH', `/v1/connectors/${everything.id}`, { config, credentials: restConnectorBody(server.url).credentials }));
    await saveMapping(api, everything.id, itemMapping(warehouseId));
    expect(await problemOf(await api.send('POST', '/v1/sync/jobs', { connector_id: everything.id, since: '2024-01-01T04:00:00Z' }))).toMatchObject({ status: 422, errors: [{ field: 'since', message: expect.stringContaining('reads no change times') }] });
  });
});

describe('records that cannot be written', () => {
  it('are kept with their payload, previewed with a fix, and replayed into exactly one item each', async () => {
    server.reset();
    const { api, warehouseId } = await integrationsAccount();
    const connector = await createConnector(api, restConnectorBody(server.url));
    // Records whose id ends in 7 get a reorder point the platform refuses.
    const broken = itemMapping(warehouseId, { reorder_point: `$substring(id, 3) = '7' ? -1 : 5` });
    await saveMapping(api, connector.id, broken);
    const job = await jobOver(api, (await startSync(api, connector.id)).id);
    expect(job).toMatchObject({ state: 'partially_failed', records_seen: RECORD_COUNT, records_created: RECORD_COUNT - 25, records_failed: 25 });
    const failures = await failuresOf(api, job.id);
    expect(failures).toHaveLength(25);
    const r007 = failures.find((failure) => failure.external_id === 'r007');
    expect(r007).toMatchObject({ stream: 'items', mapping_version: 1, resolved_at: null, payload: { id: 'r007', name: 'Record 7' } });
    expect(r007?.errors[0]).toMatchObject({ field: 'reorder_point', code: 'validation_failed' });

    const fixed = itemMapping(warehouseId, { reorder_point: '5' });
    const preview = await json<{ records: Array<{ external_id: string; outcome: string; input: Record<string, unknown> }> }>(
      await api.send('POST', `/v1/connectors/${connector.id}/mapping-preview`, { definition: fixed, failed_records_of_job: job.id }),
    );
    expect(preview.records).toHaveLength(25);
    expect(preview.records.every((record) => record.outcome === 'mapped' && record.input.reorder_point === 5)).toBe(true);
    // The preview wrote nothing.
    expect(await failuresOf(api, job.id, '&resolved=false')).toHaveLength(25);

    await saveMapping(api, connector.id, fixed);
    const replay = json<SyncJob>(await api.send('POST', `/v1/sync/jobs/${job.id}/replay`, {}), 201);
    const replayed = await jobOver(api, (await replay).id);
    expect(replayed).toMatchObject({ trigger: 'replay', replay_of_job_id: job.id, state: 'succeeded', mapping_version: 2, records_seen: 25, records_created: 25 });
    expect((await failuresOf(api, job.id)).every((failure) => failure.resolved_by_job === replayed.id)).toBe(true);
    const again = await api.send('POST', `/v1/sync/jobs/${job.id}/replay`, {});
    expect((await problemOf(again)).code).toBe('invalid_state');

    const full = await jobOver(api, (await startSync(api, connector.id, true)).id);
    expect(full).toMatchObject({ state: 'succeeded', records_created: 0, records_failed: 0 });
    const items = await json<{ meta: { total: number } }>(await api.get(`/v1/inventory/items?warehouse_id=${warehouseId}&per_page=1`));
    expect(items.meta.total).toBe(RECORD_COUNT);
  });
});

describe('the retry policy', () => {
  it('retries a failing source after doubling delays, then fails the job and emits sync.failed once', async () => {
    server.reset();
    const { api, warehouseId } = await integrationsAccount();
    const connector = await createConnector(api, restConnectorBody(server.url, { retry_max_attempts: 3, retry_delay_seconds: 1 }));
    await saveMapping(api, connector.id, itemMapping(warehouseId));
    server.fail(1000, 500);
    const job = await jobOver(api, (await startSync(api, connector.id)).id, 60_000);
    expect(job).toMatchObject({ state: 'failed', attempts: 3, max_attempts: 3, records_seen: 0 });
    expect(job.last_error).toMatch(/500/);
    const attempts = server.requests.filter((request) => request.path.startsWith('/bearer/')).map((request) => request.at);
    expect(attempts).toHaveLength(3);
    // 1 s, then 2 s (the queue polls each second: up to a second more).
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(1000);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(2000);
    expect(attempts[2]! - attempts[1]!).toBeLessThan(4500);
    const events = await eventually(async () => {
      const body = await json<{ data: Array<{ type: string; data: SyncJob }> }>(await api.get(`/v1/events?type=sync.failed&resource_id=${job.id}`));
      return body.data.length > 0 ? body.data : undefined;
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const settled = await json<{ data: Array<{ type: string; data: SyncJob }> }>(await api.get(`/v1/events?type=sync.failed&resource_id=${job.id}`));
    expect(settled.data).toHaveLength(1);
    expect(events[0]?.data).toMatchObject({ id: job.id, state: 'failed', attempts: 3 });
  });

  it('fails at once, without retrying, when the source refuses the credentials', async () => {
    server.reset();
    const { api, warehouseId } = await integrationsAccount();
    const connector = await createConnector(api, restConnectorBody(server.url, { credentials: { token: 'revoked' }, retry_max_attempts: 5, retry_delay_seconds: 1 }));
    await saveMapping(api, connector.id, itemMapping(warehouseId));
    const job = await jobOver(api, (await startSync(api, connector.id)).id);
    expect(job).toMatchObject({ state: 'failed', attempts: 1 });
  });
});

describe('jobs of a connector', () => {
  it('run one at a time, and a running job can be cancelled', async () => {
    server.reset();
    const { api, warehouseId } = await integrationsAccount();
    const connector = await createConnector(api, restConnectorBody(server.url));
    await saveMapping(api, connector.id, itemMapping(warehouseId));
    // The source throttles: the first page waits out three Retry-After answers.
    server.throttle(3, 2);
    const job = await startSync(api, connector.id);
    const second = await api.send('POST', '/v1/sync/jobs', { connector_id: connector.id });
    expect(second.status).toBe(409);
    expect((await problemOf(second)).code).toBe('invalid_state');
    await eventually(async () => ((await getJob(api, job.id)).state === 'running' ? true : undefined));
    const cancelled = await api.send('POST', `/v1/sync/jobs/${job.id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    const over = await jobOver(api, job.id);
    expect(over.state).toBe('cancelled');
    expect((await problemOf(await api.send('POST', `/v1/sync/jobs/${job.id}/cancel`, {}))).code).toBe('invalid_state');
  });

  it('are at most 20 per tenant, counted under a lock: concurrent creations at the limit do not pass it', async () => {
    const { api } = await integrationsAccount();
    for (let created = 0; created < 18; created++) await createConnector(api, restConnectorBody(server.url));
    const racing = await Promise.all(Array.from({ length: 4 }, () => api.send('POST', '/v1/connectors', restConnectorBody(server.url))));
    expect(racing.map((response) => response.status).sort()).toEqual([201, 201, 409, 409]);
    const problem = await problemOf(racing.find((response) => response.status === 409) as Response);
    expect(problem).toMatchObject({ code: 'quota_exceeded', limit: 'connectors', maximum: 20 });
  });

  it('need a mapping, and a connector with a job under way cannot be deleted', async () => {
    server.reset();
    const { api } = await integrationsAccount();
    const connector = await createConnector(api, restConnectorBody(server.url));
    const refused = await api.send('POST', '/v1/sync/jobs', { connector_id: connector.id });
    expect(refused.status).toBe(422);
    expect((await problemOf(refused)).errors?.[0]?.field).toBe('connector_id');
    expect((await api.send('DELETE', `/v1/connectors/${connector.id}`, undefined)).status).toBe(200);
  });
});

describe('a schedule', () => {
  it('starts a sync at each time of its cron expression, in its time zone', async () => {
    server.reset();
    const { api, warehouseId } = await integrationsAccount();
    const connector = await createConnector(api, restConnectorBody(server.url, { schedule_cron: '*/5 * * * *', schedule_time_zone: 'Asia/Kolkata' }));
    const next = connector.next_scheduled_sync_at as string;
    // Every five minutes of India's clock (UTC+5:30): the minute in UTC ends in 0 or 5 too, 30 minutes apart.
    expect(new Date(next).getUTCMinutes() % 5).toBe(0);
    expect(Date.parse(next)).toBeGreaterThan(Date.now());
    expect(Date.parse(next)).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
    await saveMapping(api, connector.id, itemMapping(warehouseId));

    // Its next time, brought forward to now (as if five minutes had passed): the scheduler starts one job.
    await database().connector.updateMany({ where: { id: connector.id }, data: { next_scheduled_sync_at: new Date(Date.now() - 1000) } });
    const job = await eventually(async () => (await json<{ data: SyncJob[] }>(await api.get(`/v1/sync/jobs?connector_id=${connector.id}`))).data[0]);
    expect(await jobOver(api, job.id)).toMatchObject({ trigger: 'schedule', state: 'succeeded', records_created: RECORD_COUNT });
    const after = await json<{ next_scheduled_sync_at: string }>(await api.get(`/v1/connectors/${connector.id}`));
    expect(Date.parse(after.next_scheduled_sync_at)).toBeGreaterThan(Date.now());
    expect((await json<{ data: SyncJob[] }>(await api.get(`/v1/sync/jobs?connector_id=${connector.id}`))).data).toHaveLength(1);

    const removed = await json<{ schedule_cron: string | null; next_scheduled_sync_at: string | null }>(await api.send('PATCH', `/v1/connectors/${connector.id}`, { schedule_cron: '' }));
    expect(removed).toMatchObject({ schedule_cron: null, next_scheduled_sync_at: null });
  });

  it('is refused when its expression or time zone is not one, naming the field', async () => {
    const { api } = await integrationsAccount();
    for (const [body, field] of [
      [{ schedule_cron: '61 * * * *' }, 'schedule_cron'],
      [{ schedule_cron: '* * * * * *' }, 'schedule_cron'],
      [{ schedule_cron: '0 3 * * *', schedule_time_zone: 'Mars/Olympus' }, 'schedule_time_zone'],
    ] as const) {
      const problem = await problemOf(await api.send('POST', '/v1/connectors', restConnectorBody(server.url, body)));
      expect(problem.errors?.map((error) => error.field), JSON.stringify(body)).toEqual([field]);
    }
  });
});

describe('progress', () => {
  it('is live over a GraphQL subscription: the attempt, each page written, and the end', async () => {
    server.reset();
    const { api, warehouseId } = await integrationsAccount();
    const connector = await createConnector(api, restConnectorBody(server.url));
    await saveMapping(api, connector.id, itemMapping(warehouseId));
    const connection = wsClient(platformUrl, bearerParams(api));
    try {
      const live = subscribeWs<{ events: { data: SyncJob } }>(connection.client, 'subscription Progress { events(types: ["sync.job.updated"]) { data } }');
      // The subscription is registered once the server acknowledged it; then the job starts.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const job = await startSync(api, connector.id);
      const updates: SyncJob[] = [];
      while (!['succeeded', 'partially_failed', 'failed'].includes(updates.at(-1)?.state ?? '')) {
        const update = (await live.results.next(20_000)).data?.events.data as SyncJob;
        if (update.id === job.id) updates.push(update);
      }
      // Pages of 50: the attempt starts at 0, each page adds 50, the end carries every record.
      expect(updates.map((update) => [update.state, update.records_seen])).toEqual([
        ['running', 0],
        ['running', 50],
        ['running', 100],
        ['running', 150],
        ['running', 200],
        ['running', 250],
        ['succeeded', RECORD_COUNT],
      ]);
      live.stop();
    } finally {
      await connection.client.dispose();
    }
  });
});
