import { type InputContract, type JsonSchema, STORABLE_TEXT } from '@platform/graphql-kit';
import {
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
} from 'graphql';
import { ID_PREFIXES } from './examples.ts';

export type { JsonSchema };

/** The pattern of a record's server-generated id: its type's prefix and 96 random bits in hex (`ord_5f0c…`). */
export const idPattern = (prefix: string) => `^${prefix}_[0-9a-f]{24}$`;

const INT32 = { minimum: -(2 ** 31), maximum: 2 ** 31 - 1 };
const SAFE_INTEGER = { minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };
/** Keywords of a rule's JSON Schema that narrow a value of the type the GraphQL schema gives. */
const NARROWING = ['minLength', 'maxLength', 'pattern', 'format', 'enum', 'const', 'multipleOf', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems', 'uniqueItems'] as const;

/** Any JSON value PostgreSQL can store: no U+0000 in a string or a key (what `JSON` inputs accept). */
const JSON_VALUE: JsonSchema = {
  description: 'Any JSON value; strings and object keys must not contain U+0000.',
  anyOf: [
    { type: 'string', pattern: STORABLE_TEXT },
    { type: 'number' },
    { type: 'boolean' },
    { type: 'null' },
    { type: 'array', items: { $ref: '#/components/schemas/JsonValue' } },
    { type: 'object', propertyNames: { pattern: STORABLE_TEXT }, additionalProperties: { $ref: '#/components/schemas/JsonValue' } },
  ],
};

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** `schema` or null. */
export function nullable(schema: JsonSchema): JsonSchema {
  const { description, ...rest } = schema;
  // Any JSON value (the JSON scalar) includes null already.
  if (Object.keys(rest).length === 0) return schema;
  if (typeof rest.type === 'string' && rest.enum === undefined && rest.const === undefined) return { ...schema, type: [rest.type, 'null'] };
  return { ...(description !== undefined && { description }), anyOf: [rest, { type: 'null' }] };
}

/**
 * The JSON Schemas of the REST facade's records and inputs, derived from the GraphQL types the
 * facade serves: output objects as SOFA selects them (every field of the schema SOFA generates
 * from), inputs narrowed by the rules their subgraphs declare (`InputContract`), so the document
 * refuses what the resolvers refuse. Named types become components; scalars are inlined.
 */
export class SchemaComponents {
  readonly schemas: Record<string, JsonSchema> = {};

  constructor(
    private readonly outputSchema: GraphQLSchema,
    private readonly contract: InputContract,
  ) {}

  /** The values of the enum component a reference names (undefined for any other schema). */
  private readonly enumValues = (reference: string): unknown[] | undefined => {
    const values = this.schemas[reference.replace('#/components/schemas/', '')]?.enum;
    return Array.isArray(values) ? values : undefined;
  };

  /** A record or a list of records as a REST answer carries it (never null: errors are problems). */
  response(type: GraphQLOutputType): JsonSchema {
    return this.output(isNonNullType(type) ? type.ofType : type, true);
  }

  /** An argument (a query parameter or a body field) narrowed by its declared rule. */
  argument(type: GraphQLInputType, coordinate: string): JsonSchema {
    return narrow(this.input(type), this.contract.arguments.get(coordinate), this.enumValues);
  }

  private output(type: GraphQLOutputType, required = false): JsonSchema {
    if (isNonNullType(type)) return this.output(type.ofType, true);
    const schema: JsonSchema = isListType(type) ? { type: 'array', items: this.output(type.ofType) } : this.namedOutput(getNamedType(type));
    return required ? schema : nullable(schema);
  }

  private namedOutput(type: GraphQLNamedType): JsonSchema {
    if (isScalarType(type)) return scalar(type.name, 'output');
    if (isEnumType(type)) return this.component(type.name, () => ({ type: 'string', description: type.description ?? undefined, enum: type.getValues().map((value) => value.value as string) }));
    if (!isObjectType(type)) throw new Error(`the REST facade cannot describe ${type.name} (${type.constructor.name})`);
    return this.component(type.name, () => {
      // SOFA selects from its own copy of the schema: the fields REST answers carry.
      const served = this.outputSchema.getType(type.name);
      const fields = isObjectType(served) ? Object.values(served.getFields()) : [];
      return {
        type: 'object',
        description: type.description ?? undefined,
        required: fields.map((field) => field.name),
        properties: Object.fromEntries(
          fields.map((field) => {
            const schema = this.output(field.type);
            const prefix = field.name === 'id' ? ID_PREFIXES[type.name] : undefined;
            return [field.name, describe(prefix && schema.type === 'string' ? { ...schema, pattern: idPattern(prefix) } : schema, field)];
          }),
        ),
      };
    });
  }

  private input(type: GraphQLInputType, required = false): JsonSchema {
    if (isNonNullType(type)) return this.input(type.ofType, true);
    const schema: JsonSchema = isListType(type) ? { type: 'array', items: this.input(type.ofType) } : this.namedInput(getNamedType(type));
    return required ? schema : nullable(schema);
  }

  private namedInput(type: GraphQLNamedType): JsonSchema {
    if (isScalarType(type)) {
      if (type.name === 'JSON') return this.component('JsonValue', () => JSON_VALUE);
      return scalar(type.name, 'input');
    }
    if (isEnumType(type)) return this.component(type.name, () => ({ type: 'string', description: type.description ?? undefined, enum: type.getValues().map((value) => value.value as string) }));
    if (!isInputObjectType(type)) throw new Error(`${type.name} is not an input type`);
    return this.component(type.name, () => this.inputObject(type));
  }

  private inputObject(type: GraphQLInputObjectType): JsonSchema {
    const rules = this.contract.inputTypes.get(type.name);
    const ruleProperties = (rules?.properties ?? {}) as Record<string, JsonSchema>;
    const fields = Object.values(type.getFields());
    const unknown = Object.keys(ruleProperties).filter((name) => !fields.some((field) => field.name === name));
    if (unknown.length > 0) throw new Error(`the rules of ${type.name} name fields it does not have: ${unknown.join(', ')}`);
    const ruleRequired = new Set((rules?.required as string[] | undefined) ?? []);
    return {
      type: 'object',
      description: type.description ?? undefined,
      required: fields.filter((field) => (isNonNullType(field.type) && field.defaultValue === undefined) || ruleRequired.has(field.name)).map((field) => field.name),
      properties: Object.fromEntries(fields.map((field) => [field.name, describe(narrow(this.input(field.type), ruleProperties[field.name], this.enumValues), field)])),
      additionalProperties: false,
    };
  }

  /** A reference to the named component, built once. */
  private component(name: string, build: () => JsonSchema): JsonSchema {
    if (!(name in this.schemas)) {
      this.schemas[name] = {};
      this.schemas[name] = withoutUndefined(build());
    }
    return ref(name);
  }
}

function scalar(name: string, direction: 'input' | 'output'): JsonSchema {
  switch (name) {
    case 'String':
    case 'ID':
      return direction === 'input' ? { type: 'string', pattern: STORABLE_TEXT } : { type: 'string' };
    case 'Int':
      return { type: 'integer', format: 'int32', ...(direction === 'input' && INT32) };
    case 'Float':
      return { type: 'number' };
    case 'Boolean':
      return { type: 'boolean' };
    case 'DateTime':
      return { type: 'string', format: 'date-time' };
    case 'MinorUnits':
      return { type: 'integer', format: 'int64', ...SAFE_INTEGER };
    case 'JSON':
      return {};
    default:
      throw new Error(`no JSON Schema for the scalar ${name}`);
  }
}

/**
 * `base` (what the GraphQL type accepts) narrowed by `rule` (the JSON Schema of the zod rule the
 * resolver checks): both run, so a request must satisfy both. Null is allowed only if both allow
 * it; bounds take the tighter value; the rule's other keywords apply to the base's type.
 */
export function narrow(base: JsonSchema, rule: JsonSchema | undefined, enumValues: EnumValues = () => undefined): JsonSchema {
  if (!rule || Object.keys(rule).length === 0) return base;
  const baseParts = splitNull(base);
  const ruleParts = splitNull(rule);
  const value = narrowValue(baseParts.value, ruleParts.value, enumValues);
  return baseParts.nullable && ruleParts.nullable !== false ? nullable(value) : value;
}

/** The values of the enum component a `$ref` names, if it names one. */
type EnumValues = (reference: string) => unknown[] | undefined;

function narrowValue(base: JsonSchema, rule: JsonSchema, enumValues: EnumValues): JsonSchema {
  if (Object.keys(rule).length === 0) return base;
  if (Array.isArray(rule.anyOf)) return { anyOf: (rule.anyOf as JsonSchema[]).map((branch) => narrowValue(base, branch, enumValues)) };
  if (base.$ref === ref('JsonValue').$ref) {
    // A JSON argument the rule wants as an object: a JSON object of storable values.
    return rule.type === 'object' ? { type: 'object', propertyNames: { pattern: STORABLE_TEXT }, additionalProperties: ref('JsonValue') } : base;
  }
  // Input objects and enums keep their component: nested objects carry their own rules.
  // An enum the rule repeats whole stays a reference to its one named component.
  if (typeof base.$ref === 'string') {
    if (!Array.isArray(rule.enum)) return base;
    const named = enumValues(base.$ref);
    const same = named !== undefined && named.length === rule.enum.length && rule.enum.every((value) => named.includes(value));
    return same ? base : { type: 'string', enum: rule.enum };
  }
  const narrowed: JsonSchema = { ...base };
  for (const keyword of NARROWING) if (rule[keyword] !== undefined) narrowed[keyword] = rule[keyword];
  if (typeof rule.minimum === 'number') narrowed.minimum = Math.max(rule.minimum, (base.minimum as number | undefined) ?? -Infinity);
  if (typeof rule.maximum === 'number') narrowed.maximum = Math.min(rule.maximum, (base.maximum as number | undefined) ?? Infinity);
  if (base.type === 'array' && rule.items && typeof rule.items === 'object') narrowed.items = narrow(base.items as JsonSchema, rule.items as JsonSchema, enumValues);
  return narrowed;
}

function splitNull(schema: JsonSchema): { value: JsonSchema; nullable: boolean | undefined } {
  if (Object.keys(schema).length === 0) return { value: schema, nullable: undefined };
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    const types = schema.type.filter((type) => type !== 'null');
    return { value: { ...schema, type: types.length === 1 ? types[0] : types }, nullable: true };
  }
  if (Array.isArray(schema.anyOf)) {
    const branches = (schema.anyOf as JsonSchema[]).filter((branch) => branch.type !== 'null');
    if (branches.length < schema.anyOf.length) {
      const { anyOf: _anyOf, ...rest } = schema;
      return { value: branches.length === 1 ? { ...rest, ...branches[0] } : { ...rest, anyOf: branches }, nullable: true };
    }
  }
  return { value: schema, nullable: false };
}

/** A field's schema with its description, and marked deprecated when the field is. */
function describe(schema: JsonSchema, field: { description?: string | null; deprecationReason?: string | null }): JsonSchema {
  return { ...schema, ...(field.description && { description: field.description }), ...(field.deprecationReason != null && { deprecated: true }) };
}

function withoutUndefined(schema: JsonSchema): JsonSchema {
  return Object.fromEntries(Object.entries(schema).filter(([, value]) => value !== undefined));
}
