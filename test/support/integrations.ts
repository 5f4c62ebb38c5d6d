import { type Connector, type ConnectorUpload, INTEGRATION_SCOPES, type SyncFailure, type SyncJob } from './connector-bodies.ts';
import { type ApiClient, type TestAccount, accessToken, apiClient, createAccount, json } from './fixtures.ts';
import { createWarehouse } from './inventory.ts';

export { API_SECRETS, RECORD_COUNT, type RestApiServer, startRestApiServer } from '../../subgraphs/integrations/test/servers/rest-api-server.ts';
export { type ShopifyServer, startShopifyServer } from '../../subgraphs/integrations/test/servers/shopify-server.ts';
export { ACCOUNTING_TOKEN, type AccountingServer, startAccountingServer } from '../../subgraphs/integrations/test/servers/accounting-server.ts';
export * from './connector-bodies.ts';

/**
 * An account for integrations: connectors are created in its sandbox tenant, where HTTP URLs on
 * loopback are allowed (production tenants need HTTPS), with a warehouse for the items.
 */
export async function integrationsAccount(scopes: string[] = INTEGRATION_SCOPES): Promise<TestAccount & { api: ApiClient; warehouseId: string }> {
  const account = await createAccount({ scopes });
  const api = apiClient(await accessToken(account.sandboxClientId, account.sandboxClientSecret), account.sandboxTenantId);
  return { ...account, api, warehouseId: await createWarehouse(api, 'Connected') };
}

export async function createConnector(api: ApiClient, body: Record<string, unknown>): Promise<Connector> {
  return json<Connector>(await api.send('POST', '/v1/connectors', body), 201);
}

export async function saveMapping(api: ApiClient, connectorId: string, definition: Record<string, unknown>): Promise<{ version: number }> {
  return json<{ version: number }>(await api.send('POST', `/v1/connectors/${connectorId}/mappings`, { definition }), 201);
}

export async function startSync(api: ApiClient, connectorId: string, full = false): Promise<SyncJob> {
  return json<SyncJob>(await api.send('POST', '/v1/sync/jobs', { connector_id: connectorId, full }), 201);
}

/** Sends `content` to a CSV connector as a multipart form (field `file`); the raw answer. */
export function sendUpload(api: ApiClient, connectorId: string, content: Blob | string, filename = 'stock.csv'): Promise<Response> {
  const form = new FormData();
  form.append('file', typeof content === 'string' ? new Blob([content], { type: 'text/csv' }) : content, filename);
  return fetch(`${api.baseUrl}/v1/connectors/${connectorId}/uploads`, { method: 'POST', headers: api.headers, body: form });
}

export async function uploadFile(api: ApiClient, connectorId: string, content: Blob | string): Promise<ConnectorUpload> {
  return json<ConnectorUpload>(await sendUpload(api, connectorId, content), 201);
}

/** Imports an upload: a sync job of the CSV connector naming it. */
export async function startImport(api: ApiClient, connectorId: string, uploadId: string): Promise<SyncJob> {
  return json<SyncJob>(await api.send('POST', '/v1/sync/jobs', { connector_id: connectorId, upload_id: uploadId }), 201);
}

export async function getJob(api: ApiClient, id: string): Promise<SyncJob> {
  return json<SyncJob>(await api.get(`/v1/sync/jobs/${id}`));
}

const OVER = new Set(['succeeded', 'partially_failed', 'failed', 'cancelled']);

/** The job once it is over (polling its REST representation). */
export async function jobOver(api: ApiClient, id: string, timeoutMs = 30_000): Promise<SyncJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await getJob(api, id);
    if (OVER.has(job.state)) return job;
    if (Date.now() > deadline) throw new Error(`sync job ${id} still ${job.state} after ${timeoutMs} ms: ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function failuresOf(api: ApiClient, jobId: string, query = ''): Promise<SyncFailure[]> {
  const failures: SyncFailure[] = [];
  for (let page = 1; ; page++) {
    const body = await json<{ data: SyncFailure[]; meta: { total: number } }>(await api.get(`/v1/sync/jobs/${jobId}/failures?per_page=100&page=${page}${query}`));
    failures.push(...body.data);
    if (failures.length >= body.meta.total || body.data.length === 0) return failures;
  }
}
