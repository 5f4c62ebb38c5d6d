import { type Db, type Prisma, type SqlRunner, newId } from '@platform/db';
import { type ListWindow, keysetWhere, listPage, prismaOrderBy, instantRange } from '@platform/graphql-kit';
import type { AddressRecord, ContactRecord, CustomerRecord } from '../records.ts';
import { containing } from './filters.ts';

/** Every function takes the tenant id as a required argument: no query spans tenants. */

export interface CustomerFilter {
  q?: string | null;
  email?: string | null;
  archived?: boolean | null;
  created_after?: Date | null;
  created_before?: Date | null;
}

export interface ContactData {
  name: string;
  email: string | null;
  phone: string | null;
  role: string | null;
  is_primary: boolean;
}

export interface AddressData {
  kind: 'billing' | 'shipping';
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postal_code: string | null;
  country: string;
}

export interface CustomerData {
  name: string;
  email: string | null;
  phone: string | null;
  company_name: string | null;
  tax_id: string | null;
  currency: string | null;
  notes: string | null;
}

function customerWhere(tenantId: string, filter: CustomerFilter): Prisma.CustomerWhereInput {
  const where: Prisma.CustomerWhereInput = { tenant_id: tenantId, archived_at: filter.archived === true ? { not: null } : null };
  if (filter.q != null && filter.q !== '') where.OR = [{ name: containing(filter.q) }, { email: containing(filter.q) }, { company_name: containing(filter.q) }];
  if (filter.email != null) where.email = filter.email.toLowerCase();
  where.created_at = instantRange(filter.created_after, filter.created_before);
  return where;
}

export async function listCustomers(db: Db, tenantId: string, filter: CustomerFilter, window: ListWindow) {
  const where = customerWhere(tenantId, filter);
  const keyset = keysetWhere(window) as Prisma.CustomerWhereInput | undefined;
  const [total, rows] = await Promise.all([
    window.countTotal ? db.customer.count({ where }) : null,
    db.customer.findMany({ where: keyset ? { AND: [where, keyset] } : where, orderBy: prismaOrderBy(window.order), skip: window.skip, take: window.take }),
  ]);
  return listPage(rows as CustomerRecord[], window, total);
}

export async function findCustomers(db: Db, tenantId: string, ids: readonly string[]): Promise<CustomerRecord[]> {
  return db.customer.findMany({ where: { tenant_id: tenantId, id: { in: [...ids] } } });
}

export async function findCustomer(db: Db, tenantId: string, id: string): Promise<CustomerRecord | null> {
  return db.customer.findUnique({ where: { tenant_id_id: { tenant_id: tenantId, id } } });
}

/**
 * The customer, share-locked for the rest of the transaction: an order naming it cannot commit
 * while the customer is being archived, nor the archive while the order is being written.
 */
export async function findCustomerForShare(tx: SqlRunner, tenantId: string, id: string): Promise<CustomerRecord | null> {
  const rows = await tx.$queryRaw<CustomerRecord[]>`SELECT * FROM customers WHERE tenant_id = ${tenantId} AND id = ${id} FOR SHARE`;
  return rows[0] ?? null;
}

/** Locks the customer row for the rest of the transaction (`SELECT … FOR UPDATE`). */
export async function lockCustomer(tx: Prisma.TransactionClient, tenantId: string, id: string): Promise<{ version: number; archived_at: Date | null } | null> {
  const rows = await tx.$queryRaw<Array<{ version: number; archived_at: Date | null }>>`
    SELECT version, archived_at FROM customers WHERE tenant_id = ${tenantId} AND id = ${id} FOR UPDATE`;
  return rows[0] ?? null;
}

export async function createCustomer(tx: Prisma.TransactionClient, tenantId: string, data: CustomerData, contacts: ContactData[], addresses: AddressData[]): Promise<CustomerRecord> {
  const customer = await tx.customer.create({ data: { tenant_id: tenantId, id: newId('cus'), ...data } });
  await replaceChildren(tx, tenantId, customer.id, contacts, addresses);
  return customer;
}

export async function updateCustomer(
  tx: Prisma.TransactionClient,
  tenantId: string,
  id: string,
  data: Partial<CustomerData> & { archived_at?: Date | null },
  children: { contacts?: ContactData[] | undefined; addresses?: AddressData[] | undefined } = {},
): Promise<CustomerRecord> {
  await replaceChildren(tx, tenantId, id, children.contacts, children.addresses);
  return tx.customer.update({ where: { tenant_id_id: { tenant_id: tenantId, id } }, data: { ...data, version: { increment: 1 } } });
}

/** Contacts and addresses given replace the customer's whole list; new rows get new ids. */
async function replaceChildren(tx: Prisma.TransactionClient, tenantId: string, customerId: string, contacts: ContactData[] | undefined, addresses: AddressData[] | undefined) {
  if (contacts) {
    await tx.customerContact.deleteMany({ where: { tenant_id: tenantId, customer_id: customerId } });
    if (contacts.length > 0) {
      await tx.customerContact.createMany({ data: contacts.map((contact, position) => ({ tenant_id: tenantId, id: newId('cct'), customer_id: customerId, position, ...contact })) });
    }
  }
  if (addresses) {
    await tx.customerAddress.deleteMany({ where: { tenant_id: tenantId, customer_id: customerId } });
    if (addresses.length > 0) {
      await tx.customerAddress.createMany({ data: addresses.map((address, position) => ({ tenant_id: tenantId, id: newId('cad'), customer_id: customerId, position, ...address })) });
    }
  }
}

/** The contacts of many customers in one query, in each customer's order. */
export function contactsOf(db: Db, tenantId: string, customerIds: readonly string[]): Promise<ContactRecord[]> {
  return db.customerContact.findMany({ where: { tenant_id: tenantId, customer_id: { in: [...customerIds] } }, orderBy: [{ customer_id: 'asc' }, { position: 'asc' }] });
}

/** The addresses of many customers in one query, in each customer's order. */
export function addressesOf(db: Db, tenantId: string, customerIds: readonly string[]): Promise<AddressRecord[]> {
  return db.customerAddress.findMany({ where: { tenant_id: tenantId, customer_id: { in: [...customerIds] } }, orderBy: [{ customer_id: 'asc' }, { position: 'asc' }] });
}

export async function customerExists(db: Db, tenantId: string, id: string): Promise<boolean> {
  return (await db.customer.count({ where: { tenant_id: tenantId, id } })) > 0;
}
