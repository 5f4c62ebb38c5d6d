import { type ApiClient, type TestAccount, json } from './fixtures.ts';
import { accessToken, apiClient, createAccount } from './fixtures.ts';
import { createWarehouse } from './inventory.ts';

export { API_SECRETS, RECORD_COUNT, type RestApiServer, startRestApiServer } from '../../subgraphs/integrations/test/servers/rest-api-server.ts';

export const INTEGRATION_SCOPES = ['connectors:read', 'connectors:write', 'sync:read', 'sync:write', 'inventory:read', 'inventory:write', 'crm:read', 'crm:write', 'events:read', 'audit:read'];

export interface Connector {
  id: string;
  name: string;
  kind: 'shopify' | 'rest';
  config: Record<string, unknown>;
  streams: string[];
  has_credentials: boolean;
  retry_max_attempts: number;
  retry_delay_seconds: number;
  mapping_version: number;
  version: number;
}

export interface SyncJob {
  id: string;
  connector_id: string;
  trigger: 'manual' | 'replay';
  state: 'queued' | 'running' | 'succeeded' | 'partially_failed' | 'failed' | 'cancelled';
  full: boolean;
  replay_of_job_id: string | null;
  mapping_version: number;
  attempts: number;
  max_attempts: number;
  records_seen: number;
  records_created: number;
  records_updated: number;
  records_unchanged: number;
  records_failed: number;
  last_error: string | null;
  started_at: string | null;
  finished_at: string | null;
}

export interface SyncFailure {
  id: string;
  sync_job_id: string;
  stream: string;
  external_id: string;
  payload: Record<string, unknown>;
  errors: Array<{ field: string; code: string; message: string }>;
  mapping_version: number;
  resolved_at: string | null;
  resolved_by_job: string | null;
}

/**
 * An account for integrations: connectors are created in its sandbox tenant, where HTTP URLs on
 * loopback are allowed (production tenants need HTTPS), with a warehouse for the items.
 */
export async function integrationsAccount(scopes: string[] = INTEGRATION_SCOPES): Promise<TestAccount & { api: ApiClient; warehouseId: string }> {
  const account = await createAccount({ scopes });
  const api = apiClient(await accessToken(account.sandboxClientId, account.sandboxClientSecret), account.sandboxTenantId);
  return { ...account, api, warehouseId: await createWarehouse(api, 'Connected') };
}

/** A REST connector reading the loopback API's records (bearer auth, pages of 50, incremental by `updated_since`). */
export function restConnectorBody(serverUrl: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Loopback API',
    kind: 'rest',
    config: {
      base_url: serverUrl,
      streams: [{ name: 'items', path: '/bearer/pages/items', record_path: 'data.items', id_path: 'id', updated_at_path: 'meta.updated' }],
      auth: { type: 'bearer' },
      pagination: { type: 'page_number', page_param: 'page', per_page_param: 'per_page', per_page: 50 },
      incremental: { since_param: 'updated_since' },
    },
    credentials: { token: 'bearer-token-7f3a9c' },
    ...overrides,
  };
}

/** A mapping of the loopback API's records into inventory items of `warehouseId` (SKU `EXT-<id>`). */
export function itemMapping(warehouseId: string, fields: Record<string, string> = {}): Record<string, unknown> {
  return {
    streams: {
      items: {
        target: 'create_inventory_item',
        fields: { id: `'EXT-' & id`, name: 'name', quantity_on_hand: '0', reorder_point: '0', warehouse_id: `'${warehouseId}'`, ...fields },
      },
    },
  };
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

export { type ShopifyServer, startShopifyServer } from '../../subgraphs/integrations/test/servers/shopify-server.ts';

/** A Shopify connector of the loopback shop (its Admin GraphQL API at `base_url`). */
export function shopifyConnectorBody(shop: { shopDomain: string; apiVersion: string; baseUrl: string; accessToken: string }, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Loopback shop',
    kind: 'shopify',
    config: { shop_domain: shop.shopDomain, api_version: shop.apiVersion, base_url: shop.baseUrl },
    credentials: { access_token: shop.accessToken },
    ...overrides,
  };
}
