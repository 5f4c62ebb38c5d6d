import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
  GraphQLEnumType,
  GraphQLObjectType,
  GraphQLScalarType,
  getNamedType,
  isListType,
  isNonNullType,
} from 'graphql';
import type { AggregateFunction, Catalogue, CatalogueField, CatalogueList, QueryPlan, RecordCondition, ValueType } from './plan.ts';

/** The arguments every list takes for paging and ordering: the executor sets them, a plan never does. */
export const PAGING_ARGUMENTS = new Set(['page', 'per_page', 'after', 'sort']);
/** Nested objects are followed this many levels below the record (`stock_levels.warehouse.name`). */
const MAX_DEPTH = 2;
/** A plan's `limit`: at most this many rows. */
export const MAX_PLAN_LIMIT = 1000;

/**
 * The copilot's catalogue, generated from the supergraph's API schema: every root Query field that
 * returns a `{ data: [Record], meta }` list, with the record's fields (nested objects flattened to
 * dotted paths, at most one list on a path), the list's filter arguments, its sort values (read
 * from the `sort` argument's description, where `sortArg` lists them in backticks) and the scopes
 * that admit it. `rootFieldScopes` is keyed by coordinate (`Query.inventory_items`), as the
 * supergraph's `scopes` map is, or by field name; a list no scope is known for is left out (the
 * copilot could not say what it needs).
 */
export function buildCatalogue(schema: GraphQLSchema, rootFieldScopes: ReadonlyMap<string, readonly string[]>): Catalogue {
  const query = schema.getQueryType();
  if (!query) return { lists: [] };
  const lists: CatalogueList[] = [];
  for (const field of Object.values(query.getFields())) {
    const recordType = listRecordType(field.type);
    const scopes = rootFieldScopes.get(`Query.${field.name}`) ?? rootFieldScopes.get(field.name);
    if (!recordType || !scopes) continue;
    lists.push({
      field: field.name,
      recordType: recordType.name,
      description: field.description ?? '',
      scopes: [...scopes],
      fields: recordFields(recordType),
      filters: field.args.filter((argument) => !PAGING_ARGUMENTS.has(argument.name)).map(argumentField),
      sorts: sortValues(field.args.find((argument) => argument.name === 'sort')),
    });
  }
  return { lists };
}

/** The record type of a list field (`InventoryItemList!` → `InventoryItem`), or undefined for any other field. */
function listRecordType(type: GraphQLOutputType): GraphQLObjectType | undefined {
  const named = isNonNullType(type) ? type.ofType : type;
  if (!(named instanceof GraphQLObjectType) || !named.name.endsWith('List')) return undefined;
  const { data, meta } = named.getFields();
  if (!data || !meta || !isListType(isNonNullType(data.type) ? data.type.ofType : data.type)) return undefined;
  const record = getNamedType(data.type);
  return record instanceof GraphQLObjectType ? record : undefined;
}

/**
 * The record's fields as dotted paths. Fields taking arguments (bounded sub-lists such as
 * `movements(per_page)`) are left out: the executor selects fields without arguments only.
 */
function recordFields(recordType: GraphQLObjectType): CatalogueField[] {
  const fields: CatalogueField[] = [];
  const visit = (type: GraphQLObjectType, prefix: string, depth: number, throughList: boolean, nullablePath: boolean, seen: ReadonlySet<string>) => {
    for (const field of Object.values(type.getFields())) {
      if (field.args.length > 0) continue;
      const name = prefix ? `${prefix}.${field.name}` : field.name;
      const nullable = nullablePath || !isNonNullType(field.type);
      const isList = isListType(isNonNullType(field.type) ? field.type.ofType : field.type);
      const named = getNamedType(field.type);
      if (named instanceof GraphQLObjectType) {
        // Follow an object once per path (no `order.customer.orders…` cycles) and through one list at most.
        if (depth >= MAX_DEPTH || seen.has(named.name) || (isList && throughList)) continue;
        fields.push({ name, type: isList ? 'list' : 'object', ...(field.description && { description: field.description }), nullable });
        visit(named, name, depth + 1, throughList || isList, nullable, new Set([...seen, named.name]));
        continue;
      }
      fields.push({ name, ...scalarType(field, named, isList), ...(field.description && { description: field.description }), nullable });
    }
  };
  visit(recordType, '', 0, false, false, new Set([recordType.name]));
  // A money amount is in the currency of the nearest `currency` on its path; without one it is a plain integer.
  const names = new Set(fields.map((field) => field.name));
  return fields.map((field) => (field.type === 'money' && !currencyFieldIn(names, field.name) ? { ...field, type: 'integer' } : field));
}

function scalarType(field: GraphQLField<unknown, unknown> | GraphQLArgument, named: GraphQLNamedType, isList: boolean): Pick<CatalogueField, 'type' | 'enumValues'> {
  if (isList) return { type: 'list' };
  if (named instanceof GraphQLEnumType) return { type: 'enum', enumValues: named.getValues().map((value) => value.name) };
  if (!(named instanceof GraphQLScalarType)) return { type: 'object' };
  switch (named.name) {
    case 'Int':
      return { type: 'integer' };
    case 'Float':
      return { type: 'number' };
    case 'Boolean':
      return { type: 'boolean' };
    case 'DateTime':
      return { type: 'datetime' };
    case 'MinorUnits':
      return { type: 'money' };
    case 'JSON':
      return { type: 'object' };
    default:
      if (field.description?.includes('`YYYY-MM-DD`')) return { type: 'date' };
      return { type: field.name === 'id' || field.name.endsWith('_id') ? 'id' : 'string' };
  }
}

function argumentField(argument: GraphQLArgument): CatalogueField {
  return {
    name: argument.name,
    ...scalarType(argument, getNamedType(argument.type), isListType(isNonNullType(argument.type) ? argument.type.ofType : argument.type)),
    ...(argument.description && { description: argument.description }),
    nullable: !isNonNullType(argument.type),
    graphqlType: String(argument.type),
  };
}

/** `Sort order: \`name\`, \`created_at\`, ascending, …` → `['name', 'created_at']`. */
function sortValues(sort: GraphQLArgument | undefined): string[] {
  const listed = sort?.description?.split('ascending')[0] ?? '';
  return [...listed.matchAll(/`(-?[a-z_]+)`/g)].map((match) => match[1] as string);
}

/** The field holding the currency of money field `name`: `currency` beside it, else on an enclosing object. */
export function currencyFieldIn(names: ReadonlySet<string>, name: string): string | undefined {
  const segments = name.split('.');
  for (let length = segments.length - 1; length >= 0; length--) {
    const candidate = [...segments.slice(0, length), 'currency'].join('.');
    if (names.has(candidate)) return candidate;
  }
  return undefined;
}

/** What a record shows when a plan selects nothing: its id and name (or number, or type), as the schema has them. */
export function defaultSelectionOf(list: CatalogueList): string[] {
  return ['id', 'name', 'number', 'type'].filter((name) => {
    const field = fieldOf(list, name);
    return field && !holdsObjects(list, field);
  });
}

export function listOf(catalogue: Catalogue, field: string): CatalogueList | undefined {
  return catalogue.lists.find((list) => list.field === field);
}

export function fieldOf(list: CatalogueList, name: string): CatalogueField | undefined {
  return list.fields.find((field) => field.name === name);
}

/** The list-typed prefix of a field path (`stock_levels` of `stock_levels.warehouse_id`), if any. */
export function listPrefixOf(list: CatalogueList, name: string): string | undefined {
  const segments = name.split('.');
  for (let length = 1; length < segments.length; length++) {
    const prefix = segments.slice(0, length).join('.');
    if (fieldOf(list, prefix)?.type === 'list') return prefix;
  }
  return undefined;
}

/**
 * The list whose records a `…_id` field or argument points to, by the naming convention of the
 * schema (`warehouse_id` → `Warehouse`, `item_id` → `InventoryItem`, `trigger_event_id` → `Event`).
 */
export function referencedList(catalogue: Catalogue, fieldName: string): CatalogueList | undefined {
  const last = fieldName.split('.').at(-1) ?? '';
  if (!last.endsWith('_id')) return undefined;
  const stem = last.slice(0, -'_id'.length);
  const candidates = catalogue.lists.filter((list) => {
    const record = snakeCase(list.recordType);
    return record === stem || record.endsWith(`_${stem}`) || stem.endsWith(`_${record}`);
  });
  // `item_id` matches `InventoryItem` only; a stem matching several record types is no reference.
  return candidates.length === 1 ? candidates[0] : undefined;
}

export function snakeCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

const COMPARISONS = new Set<RecordCondition['op']>(['lt', 'lte', 'gt', 'gte']);
const ORDERED_TYPES = new Set<ValueType>(['integer', 'number', 'money', 'datetime', 'date', 'string', 'id']);
const NUMERIC_TYPES = new Set<ValueType>(['integer', 'number', 'money']);
const AGGREGATES = new Set<AggregateFunction>(['count', 'sum', 'avg', 'min', 'max']);

/**
 * Checks a plan against the catalogue before anything runs: every list, argument and field exists,
 * values have the type the schema takes, operators suit the field's type, the limit is bounded,
 * and at most one list-valued path is used (records are unwound along it). Planners (the offline
 * parser, a language model) are checked alike.
 */
export function checkPlan(plan: QueryPlan, catalogue: Catalogue): { ok: true } | { ok: false; errors: string[] } {
  const errors: string[] = [];
  const list = typeof plan?.list === 'string' ? listOf(catalogue, plan.list) : undefined;
  if (!list) return { ok: false, errors: [`list: ${JSON.stringify(plan?.list)} is not a list of the catalogue (${catalogue.lists.map((entry) => entry.field).join(', ')})`] };

  const args = plan.arguments ?? {};
  if (typeof args !== 'object' || Array.isArray(args)) errors.push('arguments: must be an object');
  for (const [name, value] of Object.entries(args)) {
    const filter = list.filters.find((candidate) => candidate.name === name);
    if (!filter) errors.push(`arguments.${name}: ${list.field} takes no argument ${name} (${list.filters.map((candidate) => candidate.name).join(', ') || 'none'})`);
    else if (value !== undefined && !valueFits(filter, value)) errors.push(`arguments.${name}: ${JSON.stringify(value)} is not a ${describeType(filter)}`);
  }
  for (const filter of list.filters) {
    if (!filter.nullable && args[filter.name] === undefined) errors.push(`arguments.${filter.name}: ${list.field} requires it`);
  }
  if (plan.sort !== undefined && !(typeof plan.sort === 'string' && list.sorts.includes(plan.sort.replace(/^-/, '')))) errors.push(`sort: ${JSON.stringify(plan.sort)} is not a sort of ${list.field} (${list.sorts.join(', ') || 'none'})`);

  const used: string[] = [];
  const recordField = (path: string, name: string): CatalogueField | undefined => {
    const field = typeof name === 'string' ? fieldOf(list, name) : undefined;
    if (!field) errors.push(`${path}: ${JSON.stringify(name)} is not a field of ${list.recordType}`);
    else used.push(field.name);
    return field;
  };

  if (!Array.isArray(plan.where)) errors.push('where: must be a list of conditions');
  for (const [index, condition] of (Array.isArray(plan.where) ? plan.where : []).entries()) {
    const field = recordField(`where.${index}.field`, condition?.field);
    if (field) checkCondition(`where.${index}`, field, condition, errors);
  }
  if (!Array.isArray(plan.select)) errors.push('select: must be a list of fields');
  for (const [index, name] of (Array.isArray(plan.select) ? plan.select : []).entries()) {
    const field = recordField(`select.${index}`, name);
    // A list of scalars (`event_types`) is selected as is; objects are selected by the fields under them.
    if (field && holdsObjects(list, field)) errors.push(`select.${index}: ${field.name} holds objects; select fields under it (${field.name}.…)`);
  }
  for (const [index, name] of (plan.group_by ?? []).entries()) {
    const field = recordField(`group_by.${index}`, name);
    if (field && (field.type === 'object' || field.type === 'list')) errors.push(`group_by.${index}: ${field.name} is not a value to group by`);
  }
  if (plan.aggregate !== undefined) {
    const { function: fn, field: name } = plan.aggregate;
    if (!AGGREGATES.has(fn)) errors.push(`aggregate.function: ${JSON.stringify(fn)} is not one of ${[...AGGREGATES].join(', ')}`);
    if (fn !== 'count' || name !== undefined) {
      const field = name === undefined ? undefined : recordField('aggregate.field', name);
      if (name === undefined) errors.push(`aggregate.field: ${fn} needs a numeric field`);
      else if (field && fn !== 'count' && !NUMERIC_TYPES.has(field.type)) {
        errors.push(`aggregate.field: ${field.name} is ${describeType(field)}, not a number to ${fn}`);
      }
    }
  }
  if (plan.group_by?.length && !plan.aggregate) errors.push('group_by: needs an aggregate to compute per group');
  if (plan.order_by !== undefined) {
    if (plan.order_by.direction !== 'asc' && plan.order_by.direction !== 'desc') errors.push(`order_by.direction: ${JSON.stringify(plan.order_by.direction)} is not asc or desc`);
    if (plan.order_by.field === 'value') {
      if (!plan.aggregate) errors.push('order_by.field: value orders by the aggregate; the plan has none');
    } else {
      const field = recordField('order_by.field', plan.order_by.field);
      if (field && !ORDERED_TYPES.has(field.type) && field.type !== 'enum' && field.type !== 'boolean') errors.push(`order_by.field: ${field.name} cannot be ordered`);
      if (field && plan.group_by?.length && !plan.group_by.includes(field.name)) errors.push(`order_by.field: with group_by, order by a grouped field or value`);
    }
  }
  if (plan.limit !== undefined && !(Number.isInteger(plan.limit) && plan.limit >= 1 && plan.limit <= MAX_PLAN_LIMIT)) errors.push(`limit: must be an integer from 1 to ${MAX_PLAN_LIMIT}`);

  const unwound = new Set(used.map((name) => listPrefixOf(list, name)).filter((prefix) => prefix !== undefined));
  if (unwound.size > 1) errors.push(`fields: at most one list of ${list.recordType} may be used at once (${[...unwound].join(', ')})`);

  return errors.length === 0 ? { ok: true } : { ok: false, errors };
}

function checkCondition(path: string, field: CatalogueField, condition: RecordCondition, errors: string[]): void {
  const { op, value } = condition;
  switch (op) {
    case 'is_null':
    case 'not_null':
      return;
    case 'eq':
    case 'ne':
      if (field.type === 'object' || (field.type === 'list' && op === 'ne')) errors.push(`${path}.op: ${op} does not apply to ${field.name} (${field.type})`);
      else if (!valueFits(field.type === 'list' ? { ...field, type: 'string' } : field, value)) errors.push(`${path}.value: ${JSON.stringify(value)} is not a ${describeType(field)}`);
      return;
    case 'in':
      if (!Array.isArray(value) || value.length === 0 || !value.every((entry) => valueFits(field, entry))) errors.push(`${path}.value: in takes a non-empty list of ${describeType(field)} values`);
      return;
    case 'contains':
      if (field.type !== 'string' && field.type !== 'id' && field.type !== 'list') errors.push(`${path}.op: contains applies to text, not ${field.name} (${field.type})`);
      else if (typeof value !== 'string' || value === '') errors.push(`${path}.value: contains takes a non-empty text`);
      return;
    default:
      if (!COMPARISONS.has(op)) {
        errors.push(`${path}.op: ${JSON.stringify(op)} is not an operator (eq, ne, lt, lte, gt, gte, contains, in, is_null, not_null)`);
        return;
      }
      if (!ORDERED_TYPES.has(field.type)) errors.push(`${path}.op: ${op} does not apply to ${field.name} (${field.type})`);
      else if (!valueFits(field, value)) errors.push(`${path}.value: ${JSON.stringify(value)} is not a ${describeType(field)}`);
  }
}

function valueFits(field: CatalogueField, value: unknown): boolean {
  switch (field.type) {
    case 'integer':
    case 'money':
      return Number.isSafeInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'datetime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}T/.test(value);
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
    case 'enum':
      return typeof value === 'string' && (field.enumValues ?? []).includes(value);
    case 'string':
    case 'id':
      return typeof value === 'string';
    default:
      return false;
  }
}

function describeType(field: CatalogueField): string {
  return field.type === 'enum' ? `value of ${field.name} (${(field.enumValues ?? []).join(', ')})` : `${field.type} value`;
}

/** An object or a list of objects: what a plan reaches through, never selects or compares whole. */
export function holdsObjects(list: CatalogueList, field: CatalogueField): boolean {
  return (field.type === 'object' || field.type === 'list') && list.fields.some((candidate) => candidate.name.startsWith(`${field.name}.`));
}
