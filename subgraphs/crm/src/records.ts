import { ApiError } from '@platform/errors';

/** The CRM records as the schema serves them (money as JavaScript numbers of minor units). */

export type AddressKind = 'billing' | 'shipping';
export type OrderKind = 'sales' | 'purchase';
export type OrderStatus = 'draft' | 'confirmed' | 'fulfilled' | 'received' | 'cancelled';

export interface CustomerRecord {
  tenant_id: string;
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  company_name: string | null;
  tax_id: string | null;
  currency: string | null;
  notes: string | null;
  archived_at: Date | null;
  version: number;
  created_at: Date;
  updated_at: Date;
}

export interface ContactRecord {
  tenant_id: string;
  id: string;
  customer_id: string;
  position: number;
  name: string;
  email: string | null;
  phone: string | null;
  role: string | null;
  is_primary: boolean;
}

export interface AddressRecord {
  tenant_id: string;
  id: string;
  customer_id: string;
  position: number;
  kind: AddressKind;
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postal_code: string | null;
  country: string;
}

export interface OrderRecord {
  tenant_id: string;
  id: string;
  number: string;
  kind: OrderKind;
  status: OrderStatus;
  customer_id: string;
  channel: string;
  external_reference: string | null;
  currency: string;
  subtotal: number;
  total: number;
  notes: string | null;
  confirmed_at: Date | null;
  fulfilled_at: Date | null;
  received_at: Date | null;
  cancelled_at: Date | null;
  version: number;
  created_at: Date;
  updated_at: Date;
  /** Present when the lines were loaded with the order (a deleted order has no rows left to load). */
  lines?: OrderLineRecord[];
}

export interface OrderLineRecord {
  tenant_id: string;
  id: string;
  order_id: string;
  position: number;
  item_id: string;
  description: string;
  quantity: number;
  unit_price: number;
  total: number;
}

/** A BIGINT money column as a number; the schema's rules keep every amount within 2^53. */
export function money(value: bigint | number): number {
  const amount = Number(value);
  if (!Number.isSafeInteger(amount)) throw new ApiError('internal_error', 'An amount exceeds the range of MinorUnits.');
  return amount;
}

type WithMoney<Row, Keys extends string> = Omit<Row, Keys> & { [K in Keys]: bigint | number };

export function toOrder<Row extends WithMoney<Omit<OrderRecord, 'lines'>, 'subtotal' | 'total'>>(row: Row): OrderRecord {
  return {
    tenant_id: row.tenant_id,
    id: row.id,
    number: row.number,
    kind: row.kind,
    status: row.status,
    customer_id: row.customer_id,
    channel: row.channel,
    external_reference: row.external_reference,
    currency: row.currency,
    subtotal: money(row.subtotal),
    total: money(row.total),
    notes: row.notes,
    confirmed_at: row.confirmed_at,
    fulfilled_at: row.fulfilled_at,
    received_at: row.received_at,
    cancelled_at: row.cancelled_at,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function toOrderLine(row: WithMoney<OrderLineRecord, 'unit_price' | 'total'>): OrderLineRecord {
  return { ...row, unit_price: money(row.unit_price), total: money(row.total) };
}
