import { expect } from 'vitest';
import { type ApiClient, json, signedInAccount, type TestAccount } from './fixtures.ts';

/** Helpers of the CRM contract tests: records as REST returns them and ways to arrange them. */

export const CRM_SCOPES = ['crm:read', 'crm:write', 'inventory:read', 'inventory:write'];

export interface Contact {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  role: string | null;
  is_primary: boolean;
}

export interface Address {
  id: string;
  kind: 'billing' | 'shipping';
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postal_code: string | null;
  country: string;
}

export interface Customer {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  company_name: string | null;
  tax_id: string | null;
  currency: string | null;
  notes: string | null;
  contacts: Contact[];
  addresses: Address[];
  archived_at: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface OrderLine {
  id: string;
  item_id: string;
  description: string;
  quantity: number;
  unit_price: number;
  total: number;
}

export interface Order {
  id: string;
  number: string;
  kind: 'sales' | 'purchase';
  status: 'draft' | 'confirmed' | 'fulfilled' | 'received' | 'cancelled';
  customer_id: string;
  channel: string;
  external_reference: string | null;
  currency: string;
  lines: OrderLine[];
  subtotal: number;
  total: number;
  notes: string | null;
  confirmed_at: string | null;
  fulfilled_at: string | null;
  received_at: string | null;
  cancelled_at: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}


/** An account with every CRM and inventory scope, a warehouse, and its REST/GraphQL client. */
export async function crmAccount(scopes: string[] = CRM_SCOPES): Promise<TestAccount & { api: ApiClient; warehouseId: string }> {
  const account = await signedInAccount(scopes);
  const response = await account.api.send('POST', '/v1/inventory/warehouses', { name: 'Main' });
  expect(response.status).toBe(201);
  return { ...account, warehouseId: ((await response.json()) as { id: string }).id };
}



export async function createCustomer(api: ApiClient, body: Record<string, unknown> = {}): Promise<Customer> {
  return json<Customer>(await api.send('POST', '/v1/crm/customers', { name: 'Acme GmbH', currency: 'EUR', ...body }), 201);
}

export async function createItem(api: ApiClient, warehouseId: string, id: string, quantity: number, extra: Record<string, unknown> = {}): Promise<void> {
  await json(await api.send('POST', '/v1/inventory/items', { id, name: `Item ${id}`, quantity_on_hand: quantity, reorder_point: 0, warehouse_id: warehouseId, ...extra }), 201);
}

export async function quantityOnHand(api: ApiClient, sku: string): Promise<number> {
  return (await json<{ quantity_on_hand: number }>(await api.get(`/v1/inventory/items/${encodeURIComponent(sku)}`), 200)).quantity_on_hand;
}

export async function createOrder(api: ApiClient, body: Record<string, unknown>): Promise<Order> {
  return json<Order>(await api.send('POST', '/v1/crm/orders', body), 201);
}

export async function action(api: ApiClient, orderId: string, name: 'confirm' | 'fulfil' | 'receive' | 'cancel'): Promise<Response> {
  return api.send('POST', `/v1/crm/orders/${orderId}/${name}`, {});
}

export async function getOrder(api: ApiClient, id: string): Promise<Order> {
  return json<Order>(await api.get(`/v1/crm/orders/${id}`), 200);
}



