import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, accessToken, apiClient, database, graphqlData, json, problemOf } from '../support/fixtures.ts';
import {
  type ConnectorUpload,
  type SyncJob,
  createConnector,
  csvConnectorBody,
  csvItemMapping,
  failuresOf,
  integrationsAccount,
  itemMapping,
  jobOver,
  restConnectorBody,
  saveMapping,
  sendUpload,
  startImport,
  uploadFile,
} from '../support/integrations.ts';

/**
 * CSV imports end to end: a file uploaded as multipart is stored (its SHA-256 answered), a sync job
 * naming it writes each row as an inventory item through the platform, rows that cannot be read or
 * mapped are kept as failed records naming their line, importing the same file again writes
 * nothing, and every refusal is specific and stores nothing.
 */

const ROWS = 230;
const header = 'sku,name,qty\n';
const goodRows = Array.from({ length: ROWS }, (_, index) => `SKU-${index + 1},"Item ${index + 1}, boxed",${index % 7}\n`).join('');
// Line 102 has a field too many; line 203's quantity is not a number.
const csv = header + goodRows.split('\n').slice(0, 100).join('\n') + '\nSKU-X1,Extra,1,surplus\n' + goodRows.split('\n').slice(100, 200).join('\n') + '\nSKU-X2,Bad qty,abc\n' + goodRows.split('\n').slice(200).join('\n');

describe('a CSV import', () => {
  let api: ApiClient;
  let warehouseId: string;
  let connectorId: string;
  let upload: ConnectorUpload;
  let first: SyncJob;

  beforeAll(async () => {
    ({ api, warehouseId } = await integrationsAccount());
    connectorId = (await createConnector(api, csvConnectorBody())).id;
    await saveMapping(api, connectorId, csvItemMapping(warehouseId));
    upload = await uploadFile(api, connectorId, csv);
    first = await jobOver(api, (await startImport(api, connectorId, upload.id)).id);
  });

  it('stores the upload as sent: its size and SHA-256 are the file’s', () => {
    expect(upload).toMatchObject({ connector_id: connectorId, filename: 'stock.csv', content_type: 'text/csv', byte_size: Buffer.byteLength(csv), sha256: createHash('sha256').update(csv).digest('hex') });
    expect(upload.id).toMatch(/^upl_/);
    // Importable for 24 hours from when it was whole.
    expect(Date.parse(upload.expires_at) - Date.parse(upload.created_at)).toBeGreaterThanOrEqual(24 * 60 * 60 * 1000);
    expect(Date.parse(upload.expires_at) - Date.now()).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
  });

  it('writes every readable row as an item, page by page, and keeps the two bad rows as failures naming their line', async () => {
    expect(first).toMatchObject({ state: 'partially_failed', upload_id: upload.id, records_seen: ROWS + 2, records_created: ROWS, records_failed: 2, attempts: 1 });
    const items = await json<{ meta: { total: number } }>(await api.get(`/v1/inventory/items?warehouse_id=${warehouseId}&per_page=1`));
    expect(items.meta.total).toBe(ROWS);
    expect(await json(await api.get('/v1/inventory/items/CSV-SKU-9'))).toMatchObject({ id: 'CSV-SKU-9', name: 'Item 9, boxed', quantity_on_hand: 1 });
    const failures = await failuresOf(api, first.id);
    expect(failures.map((failure) => [failure.external_id, failure.errors[0]])).toEqual([
      ['SKU-X1', expect.objectContaining({ message: expect.stringContaining('line 102: has 4 fields, expected 3') })],
      ['SKU-X2', expect.objectContaining({ field: 'fields.quantity_on_hand', message: expect.stringContaining('"abc"') })],
    ]);
    expect(failures[1]?.payload).toEqual({ sku: 'SKU-X2', name: 'Bad qty', qty: 'abc' });
  });

  it('imports the same upload again without writing anything twice', async () => {
    const again = await jobOver(api, (await startImport(api, connectorId, upload.id)).id);
    expect(again).toMatchObject({ state: 'partially_failed', records_seen: ROWS + 2, records_created: 0, records_unchanged: ROWS, records_failed: 2 });
    expect((await json<{ meta: { total: number } }>(await api.get(`/v1/inventory/items?warehouse_id=${warehouseId}&per_page=1`))).meta.total).toBe(ROWS);
  });

  it('tests the connector against its latest upload, and shows the job’s upload in GraphQL', async () => {
    expect(await json(await api.send('POST', `/v1/connectors/${connectorId}/test`, {}))).toEqual({ ok: true, detail: '3 columns: sku, name, qty' });
    const data = await graphqlData<{ sync_job: { upload_id: string } }>(api, 'query ($id: String!) { sync_job(id: $id) { upload_id } }', { id: first.id });
    expect(data.sync_job.upload_id).toBe(upload.id);
  });

  it('refuses a sync of a csv connector without an upload of its own, and an upload_id for another kind', async () => {
    const missing = await problemOf(await api.send('POST', '/v1/sync/jobs', { connector_id: connectorId }));
    expect(missing).toMatchObject({ status: 422, errors: [{ field: 'upload_id', message: expect.stringContaining('is required') }] });
    const other = await createConnector(api, csvConnectorBody({ name: 'Other sheet' }));
    await saveMapping(api, other.id, csvItemMapping(warehouseId));
    const foreign = await problemOf(await api.send('POST', '/v1/sync/jobs', { connector_id: other.id, upload_id: upload.id }));
    expect(foreign).toMatchObject({ status: 422, errors: [{ field: 'upload_id', message: expect.stringContaining('names no upload') }] });
    const rest = await createConnector(api, restConnectorBody('http://127.0.0.1:9'));
    await saveMapping(api, rest.id, itemMapping(warehouseId));
    const notCsv = await problemOf(await api.send('POST', '/v1/sync/jobs', { connector_id: rest.id, upload_id: upload.id }));
    expect(notCsv).toMatchObject({ status: 422, errors: [{ field: 'upload_id', message: expect.stringContaining('only csv connectors') }] });
    expect(await problemOf(await sendUpload(api, rest.id, csv))).toMatchObject({ status: 409, code: 'invalid_state' });
    const scheduled = await problemOf(await api.send('POST', '/v1/connectors', csvConnectorBody({ schedule_cron: '0 * * * *' })));
    expect(scheduled).toMatchObject({ status: 422, errors: [{ field: 'schedule_cron' }] });
  });

  it('refuses what is not one file in a multipart form, with a specific problem, storing nothing', async () => {
    const notMultipart = await problemOf(await api.raw('POST', `/v1/connectors/${connectorId}/uploads`, csv, 'text/csv'));
    expect(notMultipart).toMatchObject({ status: 415, code: 'unsupported_media_type' });
    const noFile = new FormData();
    noFile.append('note', 'no file here');
    const empty = await problemOf(await fetch(`${api.baseUrl}/v1/connectors/${connectorId}/uploads`, { method: 'POST', headers: api.headers, body: noFile }));
    expect(empty).toMatchObject({ status: 400, code: 'validation_failed', errors: [{ field: 'file' }] });
    const twoFiles = new FormData();
    twoFiles.append('file', new Blob([csv]), 'a.csv');
    twoFiles.append('file', new Blob([csv]), 'b.csv');
    expect(await problemOf(await fetch(`${api.baseUrl}/v1/connectors/${connectorId}/uploads`, { method: 'POST', headers: api.headers, body: twoFiles }))).toMatchObject({ status: 400, errors: [{ field: 'file' }] });
    expect(await problemOf(await sendUpload(api, 'con_doesnotexist', csv))).toMatchObject({ status: 404, code: 'not_found' });
    // Only the upload of the first test was stored, and no chunk of a refused one.
    expect(await database().connectorUpload.count({ where: { connector_id: connectorId } })).toBe(1);
    expect(await database().connectorUploadChunk.count({ where: { upload_id: { not: upload.id }, upload: { connector_id: connectorId } } })).toBe(0);
  });

  it('answers a refused form to a client still sending it: the rest of the form is read, not cut off', async () => {
    // Two files of 12 KB each: the second file's refusal comes while the client still writes (cut off, about one in eight failed).
    const sheet = `sku,name,qty\n${'A,b,1\n'.repeat(2000)}`;
    for (let attempt = 0; attempt < 100; attempt++) {
      const twoFiles = new FormData();
      twoFiles.append('file', new Blob([sheet]), 'a.csv');
      twoFiles.append('file', new Blob([sheet]), 'b.csv');
      const response = await fetch(`${api.baseUrl}/v1/connectors/${connectorId}/uploads`, { method: 'POST', headers: api.headers, body: twoFiles });
      expect(response.status).toBe(400);
      await response.text();
    }
  });

  it('takes sync:write, and keeps uploads within their tenant', async () => {
    const account = await integrationsAccount();
    const readOnly = apiClient(await accessToken(account.sandboxClientId, account.sandboxClientSecret, 'connectors:read connectors:write sync:read'), account.sandboxTenantId);
    const ownConnector = await createConnector(account.api, csvConnectorBody());
    expect(await problemOf(await sendUpload(readOnly, ownConnector.id, csv))).toMatchObject({ status: 403, code: 'insufficient_scope', required_scope: 'sync:write' });
    // The scope is checked before anything is looked up: a connector that does not exist is the same 403.
    expect(await problemOf(await sendUpload(readOnly, 'con_doesnotexist', csv))).toMatchObject({ status: 403, code: 'insufficient_scope' });
    // Another tenant's connector and upload are unknown here.
    expect(await problemOf(await sendUpload(account.api, connectorId, csv))).toMatchObject({ status: 404 });
    await saveMapping(account.api, ownConnector.id, csvItemMapping(account.warehouseId));
    const stolen = await problemOf(await account.api.send('POST', '/v1/sync/jobs', { connector_id: ownConnector.id, upload_id: upload.id }));
    expect(stolen).toMatchObject({ status: 422, errors: [{ field: 'upload_id' }] });
  });

  it('holds at most UPLOADS_PER_CONNECTOR (10) unexpired uploads per connector', async () => {
    const sheet = await createConnector(api, csvConnectorBody({ name: 'Busy sheet' }));
    for (let index = 0; index < 10; index++) await uploadFile(api, sheet.id, `sku,name,qty\nS${index},n,1\n`);
    const refused = await problemOf(await sendUpload(api, sheet.id, 'sku,name,qty\nS,n,1\n'));
    expect(refused).toMatchObject({ status: 409, code: 'quota_exceeded', limit: 'connector_uploads', maximum: 10 });
    expect(await database().connectorUpload.count({ where: { connector_id: sheet.id } })).toBe(10);
  });
});
