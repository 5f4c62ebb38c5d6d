// What tests and benches of integrations send and read: connector bodies, mappings, and the
// shapes of the API's answers (no test runner needed, so the benches can use it too).

export const INTEGRATION_SCOPES = ['connectors:read', 'connectors:write', 'sync:read', 'sync:write', 'inventory:read', 'inventory:write', 'crm:read', 'crm:write', 'events:read', 'audit:read'];

export interface Connector {
  id: string;
  name: string;
  kind: 'shopify' | 'rest' | 'csv';
  config: Record<string, unknown>;
  streams: string[];
  has_credentials: boolean;
  retry_max_attempts: number;
  retry_delay_seconds: number;
  schedule_cron: string | null;
  schedule_time_zone: string;
  next_scheduled_sync_at: string | null;
  mapping_version: number;
  push_cursor: string | null;
  version: number;
}

export interface SyncJob {
  id: string;
  connector_id: string;
  trigger: 'manual' | 'schedule' | 'webhook' | 'replay' | 'event';
  direction: 'inbound' | 'outbound';
  state: 'queued' | 'running' | 'succeeded' | 'partially_failed' | 'failed' | 'cancelled';
  full: boolean;
  upload_id: string | null;
  since: string | null;
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

/** A stored upload as the API answers it. */
export type { ConnectorUploadRepresentation as ConnectorUpload } from '@platform/graphql-kit';

/** A CSV connector: files with a header row, `sku` as each row's id, pages of 50 rows. */
export function csvConnectorBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: 'Stock sheet', kind: 'csv', config: { id_column: 'sku', page_size: 50 }, ...overrides };
}

/** Rows (`sku,name,qty`) into inventory items of `warehouseId`, `CSV-<sku>` as their id. */
export function csvItemMapping(warehouseId: string): Record<string, unknown> {
  return {
    streams: {
      rows: {
        target: 'create_inventory_item',
        fields: { id: `'CSV-' & sku`, name: 'name', quantity_on_hand: '$number(qty)', reorder_point: '0', warehouse_id: `'${warehouseId}'` },
      },
    },
  };
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

/**
 * The push rules of a REST connector sending issued invoices, their payments, settlement and voids to the
 * loopback accounting API (`startAccountingServer`): an invoice is created there, and its id there
 * (`invoice.id` of the answer) addresses its payments and its void.
 */
export const ACCOUNTING_PUSH_RULES = [
  {
    event_type: 'invoice.issued',
    method: 'POST',
    path: '/invoices',
    body: '{ "number": number, "customer": customer_id, "currency": currency, "total": total, "due_date": due_date }',
    remote_id_path: 'invoice.id',
  },
  { event_type: 'invoice.payment_recorded', method: 'POST', path: '/invoices/{remote_id}/payments', body: '{ "amount": payment.amount, "paid_at": payment.recorded_at }' },
  { event_type: 'invoice.paid', method: 'PATCH', path: '/invoices/{remote_id}', body: '{ "status": "paid" }' },
  // A draft voided was never sent: nothing to void there.
  { event_type: 'invoice.voided', method: 'PATCH', path: '/invoices/{remote_id}', body: '{ "status": "void" }', filter: 'issued_at != null' },
];

/** A REST connector that only pushes, to the loopback accounting API (bearer auth). */
export function pushConnectorBody(serverUrl: string, overrides: { push?: unknown[]; credentials?: Record<string, unknown>; [field: string]: unknown } = {}): Record<string, unknown> {
  const { push = ACCOUNTING_PUSH_RULES, ...rest } = overrides;
  return {
    name: 'Accounting',
    kind: 'rest',
    config: { base_url: serverUrl, auth: { type: 'bearer' }, push },
    credentials: { token: 'acct-token-5d21e8' },
    ...rest,
  };
}
