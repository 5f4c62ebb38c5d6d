import { ApiError } from '@platform/errors';
import { type RestRoutes, type SubgraphBuilder, type SubgraphContext, assertCurrentVersion, batchLoader, listEnvelope, listOrder, listWindow, paginationArgs, parseInput, patchChanges, sortArg, recordActionArgs, inputRules } from '@platform/graphql-kit';
import type { AddressRecord, ContactRecord, CustomerRecord } from '../records.ts';
import { addressesOf, contactsOf, createCustomer, findCustomer, findCustomers, listCustomers, lockCustomer, updateCustomer } from '../repositories/customers.ts';
import { address, contact, createCustomerRules, updateCustomerRules } from './rules.ts';

export const CRM_SCOPES = ['crm:read', 'crm:write'];
const CUSTOMER_SORT_KEYS = { name: 'text', created_at: 'timestamp' } as const;
const DEFAULT_CUSTOMER_SORT = '-created_at';

/** One customer per id per request tick, batched: entity references and `Order.customer`. */
export function customerLoader(context: SubgraphContext) {
  return batchLoader(context, 'crm.customer', (ids: readonly string[]) => findCustomers(context.prisma, context.principal.tenantId, ids), (customer) => customer.id);
}

function contactsLoader(context: SubgraphContext) {
  return batchLoader(context, 'crm.customer.contacts', (ids: readonly string[]) => contactsOf(context.prisma, context.principal.tenantId, ids), (contact) => contact.customer_id, { groupBy: true });
}

function addressesLoader(context: SubgraphContext) {
  return batchLoader(context, 'crm.customer.addresses', (ids: readonly string[]) => addressesOf(context.prisma, context.principal.tenantId, ids), (address) => address.customer_id, { groupBy: true });
}

/** The optional `version` argument of actions (REST: a body or query field `version`, or `If-Match`). */

export function notFoundCustomer(id: string): ApiError {
  return new ApiError('not_found', `No customer ${id} exists in this tenant.`);
}

/**
 * Customers: the tenant's trading partners. The same record is the buyer of sales orders and
 * the supplier of purchase orders (`Order.customer_id`), as in ERP systems' business partners.
 */
export function defineCustomerSchema(builder: SubgraphBuilder) {
  const AddressKind = builder.enumType('AddressKind', {
    description: 'What an address is used for.',
    values: {
      billing: { description: 'Where invoices go.' },
      shipping: { description: 'Where goods are delivered (sales) or collected from (purchase).' },
    } as const,
  });

  const CustomerContact = builder.objectRef<ContactRecord>('CustomerContact').implement({
    description: 'A person to deal with at a customer.',
    authScopes: { anyScope: CRM_SCOPES },
    fields: (t) => ({
      id: t.exposeString('id', { description: 'Contact identifier (`cct_…`), assigned by the platform. Replacing the contact list assigns new ids.' }),
      name: t.exposeString('name', { description: 'Full name, 1 to 200 characters.' }),
      email: t.exposeString('email', { nullable: true, description: 'E-mail address, lower-cased.' }),
      phone: t.exposeString('phone', { nullable: true, description: 'Telephone number as given, up to 50 characters.' }),
      role: t.exposeString('role', { nullable: true, description: 'Job or role at the customer (`Accounts payable`, `Buyer`), up to 100 characters.' }),
      is_primary: t.exposeBoolean('is_primary', { description: 'The main contact. At most one contact of a customer is primary.' }),
    }),
  });

  const CustomerAddress = builder.objectRef<AddressRecord>('CustomerAddress').implement({
    description: 'A postal address of a customer.',
    authScopes: { anyScope: CRM_SCOPES },
    fields: (t) => ({
      id: t.exposeString('id', { description: 'Address identifier (`cad_…`), assigned by the platform. Replacing the address list assigns new ids.' }),
      kind: t.field({ type: AddressKind, resolve: (address) => address.kind, description: '`billing` or `shipping`.' }),
      line1: t.exposeString('line1', { description: 'First address line (street and number), 1 to 200 characters.' }),
      line2: t.exposeString('line2', { nullable: true, description: 'Second address line (building, floor), up to 200 characters.' }),
      city: t.exposeString('city', { description: 'City or town, 1 to 100 characters.' }),
      region: t.exposeString('region', { nullable: true, description: 'State, province or county, up to 100 characters.' }),
      postal_code: t.exposeString('postal_code', { nullable: true, description: 'Postal or ZIP code, up to 20 characters.' }),
      country: t.exposeString('country', { description: 'ISO 3166-1 alpha-2 country code, upper-case (`DE`, `US`).' }),
    }),
  });

  const Customer = builder.objectRef<CustomerRecord>('Customer').implement({
    description:
      'A trading partner of the tenant: the buyer on sales orders and the supplier on purchase orders (an order’s `customer_id` names either). Archived customers stay readable and keep their orders but take no new orders.',
    authScopes: { anyScope: CRM_SCOPES },
    fields: (t) => ({
      id: t.exposeString('id', { description: 'Customer identifier (`cus_…`), assigned by the platform.' }),
      name: t.exposeString('name', { description: 'Display name, 1 to 200 characters.' }),
      email: t.exposeString('email', { nullable: true, description: 'Main e-mail address, stored lower-cased.' }),
      phone: t.exposeString('phone', { nullable: true, description: 'Main telephone number as given, up to 50 characters.' }),
      company_name: t.exposeString('company_name', { nullable: true, description: 'Legal name of the company, when the customer is one; up to 200 characters.' }),
      tax_id: t.exposeString('tax_id', { nullable: true, description: 'Tax or VAT registration number as given, up to 50 characters.' }),
      currency: t.exposeString('currency', { nullable: true, description: 'ISO 4217 code; the currency of new orders for this customer when the order names none.' }),
      notes: t.exposeString('notes', { nullable: true, description: 'Free-form internal notes, up to 5000 characters.' }),
      contacts: t.field({
        type: [CustomerContact],
        description: 'People to deal with, in the order given. An update that includes `contacts` replaces the whole list.',
        resolve: (customer, _args, context) => contactsLoader(context).load(customer.id),
      }),
      addresses: t.field({
        type: [CustomerAddress],
        description: 'Postal addresses, in the order given. An update that includes `addresses` replaces the whole list.',
        resolve: (customer, _args, context) => addressesLoader(context).load(customer.id),
      }),
      archived_at: t.expose('archived_at', { type: 'DateTime', nullable: true, description: 'When the customer was archived; null while active.' }),
      version: t.exposeInt('version', { description: 'Incremented by every change; send it back as `version` (or REST `If-Match`) to refuse a change based on a stale read.' }),
      created_at: t.expose('created_at', { type: 'DateTime', description: 'When the customer was created.' }),
      updated_at: t.expose('updated_at', { type: 'DateTime', description: 'When the customer last changed.' }),
    }),
  });

  builder.asEntity(Customer, {
    key: builder.selection<{ id: string }>('id'),
    resolveReference: ({ id }, context) => customerLoader(context).load(id),
  });

  const CustomerList = listEnvelope(builder, 'CustomerList', Customer);

  const CustomerContactInput = builder.inputType('CustomerContactInput', {
    extensions: inputRules(contact),
    description: 'A contact person.',
    fields: (t) => ({
      name: t.string({ required: true, description: 'Full name, 1 to 200 characters.' }),
      email: t.string({ required: false, description: 'E-mail address; stored lower-cased.' }),
      phone: t.string({ required: false, description: 'Telephone number, up to 50 characters.' }),
      role: t.string({ required: false, description: 'Job or role at the customer, up to 100 characters.' }),
      is_primary: t.boolean({ required: false, description: 'The main contact; at most one per customer. Default false.' }),
    }),
  });
  const CustomerAddressInput = builder.inputType('CustomerAddressInput', {
    extensions: inputRules(address),
    description: 'A postal address.',
    fields: (t) => ({
      kind: t.field({ type: AddressKind, required: true, description: '`billing` or `shipping`.' }),
      line1: t.string({ required: true, description: 'First address line, 1 to 200 characters.' }),
      line2: t.string({ required: false, description: 'Second address line, up to 200 characters.' }),
      city: t.string({ required: true, description: 'City or town, 1 to 100 characters.' }),
      region: t.string({ required: false, description: 'State, province or county, up to 100 characters.' }),
      postal_code: t.string({ required: false, description: 'Postal or ZIP code, up to 20 characters.' }),
      country: t.string({ required: true, description: 'ISO 3166-1 alpha-2 country code in upper case (`DE`, `US`).' }),
    }),
  });
  const CreateCustomerInput = builder.inputType('CreateCustomerInput', {
    extensions: inputRules(createCustomerRules),
    description: 'A new customer.',
    fields: (t) => ({
      name: t.string({ required: true, description: 'Display name, 1 to 200 characters.' }),
      email: t.string({ required: false, description: 'Main e-mail address; stored lower-cased.' }),
      phone: t.string({ required: false, description: 'Main telephone number, up to 50 characters.' }),
      company_name: t.string({ required: false, description: 'Legal company name, up to 200 characters.' }),
      tax_id: t.string({ required: false, description: 'Tax or VAT number, up to 50 characters.' }),
      currency: t.string({ required: false, description: 'ISO 4217 code (3 upper-case letters): the default currency of the customer’s orders.' }),
      notes: t.string({ required: false, description: 'Internal notes, up to 5000 characters.' }),
      contacts: t.field({ type: [CustomerContactInput], required: false, description: 'Contacts, at most 50; at most one primary.' }),
      addresses: t.field({ type: [CustomerAddressInput], required: false, description: 'Addresses, at most 20.' }),
    }),
  });
  const UpdateCustomerInput = builder.inputType('UpdateCustomerInput', {
    extensions: inputRules(updateCustomerRules),
    description: 'Fields to change; absent fields keep their value. An empty string clears an optional text field. `contacts` and `addresses`, when given, replace the whole list.',
    fields: (t) => ({
      name: t.string({ required: false, description: 'Display name, 1 to 200 characters.' }),
      email: t.string({ required: false, description: 'Main e-mail address; stored lower-cased; empty clears it.' }),
      phone: t.string({ required: false, description: 'Main telephone number; empty clears it.' }),
      company_name: t.string({ required: false, description: 'Legal company name; empty clears it.' }),
      tax_id: t.string({ required: false, description: 'Tax or VAT number; empty clears it.' }),
      currency: t.string({ required: false, description: 'ISO 4217 default order currency; empty clears it.' }),
      notes: t.string({ required: false, description: 'Internal notes; empty clears them.' }),
      contacts: t.field({ type: [CustomerContactInput], required: false, description: 'Replaces every contact (an empty list removes them all).' }),
      addresses: t.field({ type: [CustomerAddressInput], required: false, description: 'Replaces every address (an empty list removes them all).' }),
      version: t.int({ required: false, description: 'The version the change is based on; if it is no longer current the change is refused with `version_conflict`.' }),
    }),
  });

  builder.queryFields((t) => ({
    customers: t.field({
      type: CustomerList,
      description: 'Customers, newest first by default. Archived customers are left out unless `archived: true`.',
      authScopes: { scope: 'crm:read' },
      args: {
        q: t.arg.string({ required: false, description: 'Only customers whose name, email or company name contains this text, ignoring case.' }),
        email: t.arg.string({ required: false, description: 'Only customers with exactly this e-mail address (compared lower-cased).' }),
        archived: t.arg.boolean({ required: false, description: '`false` (default): active customers only; `true`: archived customers only.' }),
        created_after: t.arg({ type: 'DateTime', required: false, description: 'Only customers created at or after this instant.' }),
        created_before: t.arg({ type: 'DateTime', required: false, description: 'Only customers created before this instant.' }),
        sort: sortArg(t.arg, Object.keys(CUSTOMER_SORT_KEYS), DEFAULT_CUSTOMER_SORT),
        ...paginationArgs(t),
      },
      resolve: (_root, args, { prisma, principal }, info) => listCustomers(prisma, principal.tenantId, args, listWindow(args, 'customers', listOrder(args.sort, CUSTOMER_SORT_KEYS, DEFAULT_CUSTOMER_SORT), info)),
    }),
    customer: t.field({
      type: Customer,
      description: 'One customer by id, archived or not.',
      authScopes: { scope: 'crm:read' },
      args: { id: t.arg.string({ required: true, description: 'The customer id (`cus_…`).' }) },
      resolve: async (_root, { id }, { prisma, principal }) => (await findCustomer(prisma, principal.tenantId, id)) ?? Promise.reject(notFoundCustomer(id)),
    }),
  }));

  builder.mutationFields((t) => ({
    create_customer: t.field({
      type: Customer,
      description: 'Creates a customer with its contacts and addresses; the platform assigns its id.',
      authScopes: { scope: 'crm:write' },
      args: { input: t.arg({ type: CreateCustomerInput, required: true, description: 'The new customer (REST: the JSON body).' }) },
      resolve: (_root, { input }, { principal, audit }) => {
        const { contacts, addresses, ...data } = parseInput(createCustomerRules, input);
        return audit.recordChange('customer.create', (tx) => createCustomer(tx, principal.tenantId, data, contacts, addresses), (customer) => customer.id);
      },
    }),
    update_customer: t.field({
      type: Customer,
      description: 'Changes a customer. `contacts` and `addresses`, when given, replace the whole list.',
      authScopes: { scope: 'crm:write' },
      args: { id: t.arg.string({ required: true, description: 'The customer id.' }), input: t.arg({ type: UpdateCustomerInput, required: true, description: 'The fields to change (REST: the JSON body).' }) },
      resolve: (_root, { id, input }, context) => {
        const { version, contacts, addresses, ...changes } = parseInput(updateCustomerRules, patchChanges(input));
        return context.audit.recordChange(
          'customer.update',
          async (tx) => {
            const current = await lockCustomer(tx, context.principal.tenantId, id);
            if (!current) throw notFoundCustomer(id);
            assertCurrentVersion(context, version, current);
            return updateCustomer(tx, context.principal.tenantId, id, changes, { contacts, addresses });
          },
          () => id,
        );
      },
    }),
    archive_customer: t.field({
      type: Customer,
      description: 'Archives a customer: it is left out of lists by default and cannot be named on new orders or order changes. Its orders are unaffected. Archiving an archived customer is refused (`invalid_state`).',
      authScopes: { scope: 'crm:write' },
      args: recordActionArgs(t.arg, 'customer'),
      resolve: (_root, { id, version }, context) => setArchived(context, id, version, true),
    }),
    unarchive_customer: t.field({
      type: Customer,
      description: 'Makes an archived customer active again. Unarchiving an active customer is refused (`invalid_state`).',
      authScopes: { scope: 'crm:write' },
      args: recordActionArgs(t.arg, 'customer'),
      resolve: (_root, { id, version }, context) => setArchived(context, id, version, false),
    }),
  }));

  return { Customer };
}

function setArchived(context: SubgraphContext, id: string, version: number | null | undefined, archive: boolean) {
  return context.audit.recordChange(
    archive ? 'customer.archive' : 'customer.unarchive',
    async (tx) => {
      const current = await lockCustomer(tx, context.principal.tenantId, id);
      if (!current) throw notFoundCustomer(id);
      assertCurrentVersion(context, version, current);
      if ((current.archived_at !== null) === archive) throw new ApiError('invalid_state', archive ? `Customer ${id} is already archived.` : `Customer ${id} is not archived.`);
      return updateCustomer(tx, context.principal.tenantId, id, { archived_at: archive ? new Date() : null });
    },
    () => id,
  );
}

export const customerRestRoutes: RestRoutes = {
  'Query.customers': { method: 'GET', path: '/crm/customers', tags: ['CRM'] },
  'Query.customer': { method: 'GET', path: '/crm/customers/:id', tags: ['CRM'] },
  'Mutation.create_customer': { method: 'POST', path: '/crm/customers', responseStatus: 201, tags: ['CRM'] },
  'Mutation.update_customer': { method: 'PATCH', path: '/crm/customers/:id', tags: ['CRM'] },
  'Mutation.archive_customer': { method: 'POST', path: '/crm/customers/:id/archive', tags: ['CRM'] },
  'Mutation.unarchive_customer': { method: 'POST', path: '/crm/customers/:id/unarchive', tags: ['CRM'] },
};

/** The examples of the OpenAPI document for customers. */
export const customerRestExamples: Record<string, unknown> = {
  Customer: {
    id: 'cus_8d1e4b7a2c9f0e3d6a5b4c21',
    name: 'Acme Retail GmbH',
    email: 'purchasing@acme-retail.example',
    phone: '+49 30 1234567',
    company_name: 'Acme Retail GmbH',
    tax_id: 'DE123456789',
    currency: 'EUR',
    notes: null,
    contacts: [{ id: 'cct_3c4d5e6f7a8b9c0d1e2f3a4b', name: 'Jana Becker', email: 'jana.becker@acme-retail.example', phone: null, role: 'Purchasing', is_primary: true }],
    addresses: [{ id: 'cad_4d5e6f7a8b9c0d1e2f3a4b5c', kind: 'shipping', line1: 'Lagerstraße 12', line2: null, city: 'Berlin', region: null, postal_code: '10115', country: 'DE' }],
    archived_at: null,
    version: 1,
    created_at: '2026-02-17T14:05:00.000Z',
    updated_at: '2026-02-17T14:05:00.000Z',
  },
  CreateCustomerInput: {
    name: 'Acme Retail GmbH',
    email: 'purchasing@acme-retail.example',
    phone: '+49 30 1234567',
    company_name: 'Acme Retail GmbH',
    tax_id: 'DE123456789',
    currency: 'EUR',
    contacts: [{ name: 'Jana Becker', email: 'jana.becker@acme-retail.example', role: 'Purchasing', is_primary: true }],
    addresses: [{ kind: 'shipping', line1: 'Lagerstraße 12', city: 'Berlin', postal_code: '10115', country: 'DE' }],
  },
  UpdateCustomerInput: { phone: '+49 30 7654321', version: 1 },
};
