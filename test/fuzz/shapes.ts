import { scopeCatalogue } from '@platform/auth';
import fc from 'fast-check';
import { type JsonLike, JsonObject, anyJson, hostileString, plausibleOr } from './hostile-values.ts';

/**
 * The type of a value an operation takes, as both contracts describe it: REST bodies and
 * parameters (JSON Schema in the OpenAPI document) and GraphQL arguments (input types from
 * introspection) are read into this one form, so one generator serves both.
 */
export type Shape =
  | { kind: 'string' | 'int' | 'float' | 'boolean' | 'datetime' | 'minor_units' | 'json' | 'any' }
  | { kind: 'enum'; values: string[] }
  | { kind: 'list'; of: Shape }
  | { kind: 'object'; fields: ShapeField[] };

export interface ShapeField {
  name: string;
  shape: Shape;
  required: boolean;
}

/**
 * Ids of records the fuzzed tenant really has, by the word that names their kind in parameter
 * and field names (`order` for `order_id`, `fulfil_order`, `/crm/orders/{id}`), so that
 * plausible requests get past "not found" into the resolvers' rules.
 */
export type KnownIds = Map<string, string[]>;

/** How often a value is replaced by a hostile one, per mille: a third of the cases are plausible throughout, so they reach deep code. */
export const HOSTILITY_LEVELS = [0, 30, 300] as const;

const SCOPES = Object.keys(scopeCatalogue);

/** Instants in the documented form, now and then one that only looks like it (30 February, a date alone, an offset). */
const ISO_TIMES = fc.oneof(
  { arbitrary: fc.constantFrom('2026-11-21T09:30:00Z', '2026-11-21T09:30:00.123Z', '1970-01-01T00:00:00Z', '0001-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z'), weight: 9 },
  { arbitrary: fc.constantFrom('2026-02-30T00:00:00Z', '2026-11-21', '2026-11-21T09:30:00+02:00', '2026-11-21T24:00:00Z', '+275760-09-13T00:00:00Z'), weight: 1 },
);

/** An id: mostly of a record of the kind the name mentions (its last part first, then what it belongs to), else any. */
function plausibleId(name: string, ids: KnownIds): fc.Arbitrary<string> {
  const parts = name.toLowerCase().split('.').reverse();
  const kind = parts.map((part) => [...ids.keys()].find((word) => part.includes(word))).find((word) => word !== undefined);
  const all = [...ids.values()].flat();
  return fc.oneof(
    { arbitrary: fc.constantFrom(...(kind ? (ids.get(kind) as string[]) : all)), weight: 8 },
    { arbitrary: fc.constantFrom(...all), weight: 1 },
    { arbitrary: fc.stringMatching(/^(SKU|wh|cus|ord|inv)[-_][A-Za-z0-9]{1,8}$/), weight: 1 },
  );
}

/**
 * Strings that look right for a field of this name (ids of existing records, currencies, times);
 * anything else is free text. The name may be qualified by what it belongs to (`orders.id`).
 */
function plausibleString(qualifiedName: string, ids: KnownIds): fc.Arbitrary<string> {
  const lower = (qualifiedName.split('.').pop() as string).toLowerCase();
  if (lower === 'id' || /(^|_)ids?$/.test(lower)) return plausibleId(qualifiedName, ids);
  if (lower.includes('currency')) return fc.constantFrom('EUR', 'USD', 'JPY', 'CHF', 'eur', 'EURO', 'XTS');
  if (lower.includes('url')) return fc.constantFrom('https://127.0.0.1:9/hooks', 'http://127.0.0.1:9/hooks', 'https://10.0.0.1/hooks', 'https://localhost/x', 'https://[::1]:9/', 'https://user:secret@127.0.0.1:9/', 'ftp://127.0.0.1/', 'not a url', 'https://0x7f.1/');
  if (lower.includes('email')) return fc.oneof(fc.constantFrom('fuzz@example.com', 'a@b', '@', 'a@b@c'), fc.emailAddress());
  if (/(_at|after|before|^from|^to|as_of|date)$/.test(lower)) return ISO_TIMES;
  if (lower.includes('type')) return fc.constantFrom('order.created', 'inventory.stock.low', 'custom.fuzz', 'custom.fuzz.case_1', 'custom.', 'custom.a.b.c.d.e.f', 'Custom.X', 'sales');
  if (lower === 'sort') return fc.constantFrom('id', '-id', 'name', '-name', 'created_at', '-created_at', 'occurred_at', 'posted_at', 'number', 'id,name', '--id', '');
  if (lower.includes('scope')) return fc.oneof(fc.constantFrom(...SCOPES), fc.constant(SCOPES.join(' ')));
  if (lower === 'account') return fc.constantFrom('cash', 'receivables', 'revenue', 'sales_tax', 'a', 'Cash', 'x'.repeat(65));
  return fc.oneof(fc.string({ minLength: 1, maxLength: 30 }), fc.constantFrom('Fuzz', 'Hamburg', 'Desk lamp', 'Fjord Outfitters'));
}

function plausibleInt(qualifiedName: string): fc.Arbitrary<number> {
  const name = qualifiedName.split('.').pop();
  if (name === 'per_page') return fc.integer({ min: 1, max: 100 });
  if (name === 'page' || name === 'version') return fc.integer({ min: 1, max: 4 });
  return fc.integer({ min: 0, max: 1_000 });
}

function plausible(shape: Shape, name: string, ids: KnownIds, hostility: number): fc.Arbitrary<JsonLike> {
  switch (shape.kind) {
    case 'string':
      return plausibleString(name, ids);
    case 'int':
      return plausibleInt(name);
    case 'float':
      return fc.double({ min: 0, max: 1_000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'datetime':
      return ISO_TIMES;
    case 'minor_units':
      return fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.constantFrom('100', 0, -1));
    case 'enum':
      return fc.constantFrom(...shape.values);
    case 'list':
      return fc.array(valueOf(shape.of, name, ids, hostility), { minLength: 1, maxLength: 3 });
    case 'object':
      return objectOf(shape.fields, ids, hostility);
    case 'json':
    case 'any':
      // Untyped in the contract (a JSON payload, an amount the OpenAPI document cannot type): an amount or a small object.
      return /(price|amount|debit|credit|quantity)$/.test(name) ? fc.integer({ min: 0, max: 100_000 }) : fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string({ maxLength: 10 }), fc.integer()), { maxKeys: 4 }).map((record) => new JsonObject(Object.entries(record)));
  }
}

/** A value of this shape: plausible most of the time, hostile (`anyJson`) `hostility` times per mille. */
export function valueOf(shape: Shape, name: string, ids: KnownIds, hostility: number): fc.Arbitrary<JsonLike> {
  return plausibleOr(plausible(shape, name, ids, hostility), anyJson, hostility);
}

/** An input object: required fields usually present, optional ones sometimes, now and then an unknown or a repeated key. */
export function objectOf(fields: ShapeField[], ids: KnownIds, hostility: number): fc.Arbitrary<JsonObject> {
  const present = (field: ShapeField) => fc.oneof({ arbitrary: fc.constant(true), weight: field.required ? 19 : 1 }, { arbitrary: fc.constant(false), weight: 1 });
  const entries = fc.tuple(...fields.map((field) => fc.tuple(present(field), valueOf(field.shape, field.name, ids, hostility)).map(([keep, value]) => (keep ? [[field.name, value] as [string, JsonLike]] : []))));
  const extras = plausibleOr(
    fc.constant([] as Array<[string, JsonLike]>),
    fc.array(fc.tuple(fc.oneof(hostileString, fc.constantFrom(...fields.map((field) => field.name), 'unknown_field')), anyJson), { minLength: 1, maxLength: 2 }),
    hostility,
  );
  return fc.tuple(entries, extras).map(([chosen, extra]) => new JsonObject([...chosen.flat(), ...extra]));
}
