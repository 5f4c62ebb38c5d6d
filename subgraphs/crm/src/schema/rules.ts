import { integer, optionalEmailAddress, optionalText, requiredText } from '@platform/graphql-kit';
import { z } from 'zod';
import { COUNTRY_CODES } from '../countries.ts';

/**
 * Business rules of the CRM inputs beyond the GraphQL types (zod, through `parseInput`); each input
 * type declares its rules, so the OpenAPI document publishes them (see graphql-kit's rules.ts).
 */

const MAX_AMOUNT = Number.MAX_SAFE_INTEGER;

/** E-mail addresses are stored lower-cased; an empty string means "none". */
const email = optionalEmailAddress();

export const currency = z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code: 3 upper-case letters such as USD');

/** Nullable inputs of nested objects: GraphQL lets a client send null for an optional field; null means "none". */
const nullable = <T extends z.ZodType>(schema: T) => schema.nullish().transform((value) => (value ?? null) as z.output<T> | null);

export const contact = z.object({
  name: requiredText(200),
  email: nullable(email),
  phone: nullable(optionalText(50)),
  role: nullable(optionalText(100)),
  is_primary: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false),
});

export const address = z.object({
  kind: z.enum(['billing', 'shipping']),
  line1: requiredText(200),
  line2: nullable(optionalText(200)),
  city: requiredText(100),
  region: nullable(optionalText(100)),
  postal_code: nullable(optionalText(20)),
  country: z.enum([...COUNTRY_CODES] as [string, ...string[]], { error: 'must be an ISO 3166-1 alpha-2 country code in upper case, such as DE or US' }),
});

const contacts = z
  .array(contact)
  .max(50, 'at most 50 contacts')
  .superRefine((list, context) => {
    const primaries = list.flatMap((entry, index) => (entry.is_primary ? [index] : []));
    for (const index of primaries.slice(1)) {
      context.addIssue({ code: 'custom', path: [index, 'is_primary'], message: `only one contact can be primary; contact ${primaries[0]} already is` });
    }
  });

const addresses = z.array(address).max(20, 'at most 20 addresses');

const customerFields = {
  email: nullable(email),
  phone: nullable(optionalText(50)),
  company_name: nullable(optionalText(200)),
  tax_id: nullable(optionalText(50)),
  currency: nullable(currency),
  notes: nullable(optionalText(5000)),
};

export const createCustomerRules = z.object({
  name: requiredText(200),
  ...customerFields,
  contacts: contacts.nullish().transform((value) => value ?? []),
  addresses: addresses.nullish().transform((value) => value ?? []),
});

/** PATCH: absent fields keep their value (`patchChanges` has refused nulls); an empty string clears optional text. */
export const updateCustomerRules = z
  .object({
    name: requiredText(200).optional(),
    email: email.optional(),
    phone: optionalText(50).optional(),
    company_name: optionalText(200).optional(),
    tax_id: optionalText(50).optional(),
    currency: z
      .literal('')
      .transform(() => null)
      .or(currency)
      .optional(),
    notes: optionalText(5000).optional(),
    contacts: contacts.optional(),
    addresses: addresses.optional(),
    version: z.number().int().optional(),
  })
  .refine((input) => Object.keys(input).some((key) => key !== 'version'), { message: 'at least one field must be given', path: [] });

export const line = z
  .object({
    item_id: requiredText(64),
    description: nullable(optionalText(500)),
    quantity: integer({ min: 1, message: 'must be an integer of at least 1' }),
    unit_price: z.number().int('must be an integer').min(0, 'must be 0 or more'),
  })
  .superRefine((value, context) => {
    if (value.quantity * value.unit_price > MAX_AMOUNT) context.addIssue({ code: 'custom', path: ['unit_price'], message: 'quantity × unit_price exceeds the largest amount (9007199254740991)' });
  })
  .transform((value) => ({ ...value, description: value.description ?? value.item_id }));

const lines = z
  .array(line)
  .max(500, 'at most 500 lines')
  .superRefine((list, context) => {
    if (list.reduce((sum, entry) => sum + entry.quantity * entry.unit_price, 0) > MAX_AMOUNT) context.addIssue({ code: 'custom', message: 'the order total exceeds the largest amount (9007199254740991)' });
  });

const externalReference = requiredText(100);

export const createOrderRules = z.object({
  kind: z.enum(['sales', 'purchase']),
  customer_id: z.string(),
  currency: nullable(currency),
  external_reference: nullable(externalReference),
  notes: nullable(optionalText(5000)),
  lines: lines.nullish().transform((value) => value ?? []),
});

export const updateOrderRules = z
  .object({
    customer_id: z.string().optional(),
    currency: currency.optional(),
    external_reference: optionalText(100).optional(),
    notes: optionalText(5000).optional(),
    lines: lines.optional(),
    version: z.number().int().optional(),
  })
  .refine((input) => Object.keys(input).some((key) => key !== 'version'), { message: 'at least one field must be given', path: [] });
