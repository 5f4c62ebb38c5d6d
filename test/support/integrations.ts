import { type Connector, INTEGRATION_SCOPES, type SyncFailure, type SyncJob } from './connector-bodies.ts';
import { type ApiClient, type TestAccount, accessToken, apiClient, createAccount, json } from './fixtures.ts';
import { createWarehouse } from './inventory.ts';

export { API_SECRETS, RECORD_COUNT, type RestApiServer, startRestApiServer } from '../../subgraphs/integrations/test/servers/rest-api-server.ts';
export { type ShopifyServer, startShopifyServer } from '../../subgraphs/integrations/test/servers/shopify-server.ts';
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
