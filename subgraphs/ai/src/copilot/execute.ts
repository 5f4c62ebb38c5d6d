import { ApiError, type ErrorCode, errorCatalogue } from '@platform/errors';
import { currencyFieldIn, defaultSelectionOf, fieldOf, listOf, listPrefixOf, snakeCase } from './catalogue.ts';
import type { AggregateFunction, Answer, AnswerColumn, Catalogue, CatalogueField, CatalogueList, ExecutedOperation, QueryPlan, RecordCondition, ValueType } from './plan.ts';

/**
 * Runs one GraphQL operation as the caller (through the edge, with the caller's credential) and
 * answers its JSON result. The engine sees nothing else of the platform: whatever it runs is
 * bounded by what the caller may read.
 */
export type OperationRunner = (operation: ExecutedOperation) => Promise<{ data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> }>;

/**
 * An operation the platform refused (a missing scope, a limit): the platform's own error, code and
 * details kept (`required_scope` names the scope), so the caller gets the problem it would have
 * got running the operation itself.
 */
export class OperationRefused extends ApiError {
  /** The scope the caller lacks, for `insufficient_scope`. */
  readonly scope?: string;

  constructor(code: ErrorCode, detail: string, extensions: Record<string, unknown>) {
    const { code: _code, ...details } = extensions;
    super(code, detail, details);
    if (typeof extensions.required_scope === 'string') this.scope = extensions.required_scope;
  }
}

/** The largest page the lists serve. */
const PAGE_SIZE = 100;

export interface ExecutionResult {
  answer: Answer;
  operations: ExecutedOperation[];
  summary: string;
  /** True when the list held more than `maxRecords` records: the answer covers the first ones only. */
  truncated: boolean;
}

/**
 * Executes a checked plan (see `checkPlan`): one read-only query document for its list, paged with
 * the list's cursor up to `maxRecords` records, then the plan's conditions, grouping, aggregate,
 * order and limit applied here, shaped as typed columns with a one-sentence summary.
 */
export async function executePlan(plan: QueryPlan, catalogue: Catalogue, run: OperationRunner, options: { maxRecords: number }): Promise<ExecutionResult> {
  const list = listOf(catalogue, plan.list);
  if (!list) throw new Error(`executePlan: ${plan.list} is not a list of the catalogue; check plans with checkPlan first`);
  const fieldNames = new Set(list.fields.map((field) => field.name));
  const field = (name: string): CatalogueField => {
    const found = fieldOf(list, name);
    if (!found) throw new Error(`executePlan: ${name} is not a field of ${list.recordType}; check plans with checkPlan first`);
    return found;
  };

  const aggregateField = plan.aggregate?.field === undefined ? undefined : field(plan.aggregate.field);
  // Money is never added across currencies: a money aggregate is computed per currency.
  const currencyGroup = aggregateField?.type === 'money' && plan.aggregate?.function !== 'count' ? currencyFieldIn(fieldNames, aggregateField.name) : undefined;
  const groupBy = [...(plan.group_by ?? []), ...(currencyGroup && !plan.group_by?.includes(currencyGroup) ? [currencyGroup] : [])];
  const shown = plan.aggregate ? [] : withCurrencies(fieldNames, plan.select.length > 0 ? plan.select : defaultSelectionOf(list), field);
  const needed = new Set([...shown, ...plan.where.map((condition) => condition.field), ...groupBy, ...(aggregateField ? [aggregateField.name] : []), ...(plan.order_by && plan.order_by.field !== 'value' ? [plan.order_by.field] : [])]);

  // What the server can do itself: a count needs only `meta.total`; an unfiltered, ungrouped plan
  // ordered by one of the list's sorts needs only its first `limit` records.
  const serverSort = plan.sort ?? (plan.order_by && !plan.aggregate && plan.order_by.field !== 'value' && list.sorts.includes(plan.order_by.field) ? `${plan.order_by.direction === 'desc' ? '-' : ''}${plan.order_by.field}` : undefined);
  const countOnly = plan.aggregate?.function === 'count' && aggregateField === undefined && plan.where.length === 0 && groupBy.length === 0;
  const firstOnly = !plan.aggregate && plan.where.length === 0 && plan.limit !== undefined && (plan.order_by === undefined || serverSort !== undefined) && ![...needed].some((name) => listPrefixOf(list, name));
  const wanted = countOnly ? 1 : firstOnly ? Math.min(plan.limit as number, options.maxRecords) : options.maxRecords;

  const fetched = await fetchRecords(run, list, { arguments: plan.arguments, fields: countOnly ? [] : [...needed], ...(serverSort && { sort: serverSort }), maxRecords: wanted });
  const truncated = fetched.more && !countOnly && !firstOnly;
  const { records, operations, total } = fetched;

  const answer = countOnly ? numberAnswer(total, 'integer') : shape(plan, list, field, records, shown, groupBy, currencyGroup);
  return { answer, operations, summary: summarise(plan, list, answer, truncated, records.length), truncated };
}

/**
 * Reads up to `maxRecords` records of a list (fields as dotted paths), page after page with the
 * list's cursor: one query document, run once per page. `more`: records were left unread.
 */
export async function fetchRecords(
  run: OperationRunner,
  list: CatalogueList,
  request: { arguments: Record<string, unknown>; fields: readonly string[]; sort?: string; maxRecords: number },
): Promise<{ records: Record<string, unknown>[]; total: number; more: boolean; operations: ExecutedOperation[] }> {
  const operationName = `Copilot${list.field.split('_').map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('')}`;
  const document = compileDocument(list, operationName, Object.keys(request.arguments), request.fields, request.sort !== undefined);
  const operations: ExecutedOperation[] = [];
  const records: Record<string, unknown>[] = [];
  let after: string | null = null;
  for (;;) {
    const variables = { ...request.arguments, ...(request.sort && { sort: request.sort }), per_page: Math.min(PAGE_SIZE, Math.max(1, request.maxRecords - records.length)), ...(after && { after }) };
    const operation = { document, variables };
    operations.push(operation);
    const page = pageOf(await run(operation), list.field);
    records.push(...page.data);
    after = page.meta.next_cursor;
    // Without fields only `meta` is read: one page tells the total.
    if (!after || records.length >= request.maxRecords || request.fields.length === 0) return { records, total: page.meta.total, more: after !== null, operations };
  }
}

function withCurrencies(fieldNames: ReadonlySet<string>, names: readonly string[], field: (name: string) => CatalogueField): string[] {
  const shown: string[] = [];
  for (const name of names) {
    if (!shown.includes(name)) shown.push(name);
    const currency = field(name).type === 'money' ? currencyFieldIn(fieldNames, name) : undefined;
    if (currency && !shown.includes(currency)) shown.push(currency);
  }
  return shown;
}

/** `query CopilotOrders($status: OrderStatus, $sort: String, $per_page: Int, $after: String) { orders(...) { data { … } meta { total next_cursor } } }` */
function compileDocument(list: CatalogueList, operationName: string, argumentNames: readonly string[], fields: readonly string[], sorted: boolean): string {
  const variables = [...argumentNames.map((name) => [name, list.filters.find((filter) => filter.name === name)?.graphqlType ?? 'String'] as const), ...(sorted ? [['sort', 'String'] as const] : []), ['per_page', 'Int'] as const, ['after', 'String'] as const];
  const selection = fields.length > 0 ? `data { ${selectionSet(fields)} } ` : '';
  return `query ${operationName}(${variables.map(([name, type]) => `$${name}: ${type}`).join(', ')}) { ${list.field}(${variables.map(([name]) => `${name}: $${name}`).join(', ')}) { ${selection}meta { total next_cursor } } }`;
}

/** `['id', 'stock_levels.warehouse_id', 'stock_levels.quantity_on_hand']` → `id stock_levels { warehouse_id quantity_on_hand }` */
function selectionSet(paths: readonly string[]): string {
  const tree = new Map<string, string[]>();
  for (const path of paths) {
    const [head, ...rest] = path.split('.') as [string, ...string[]];
    const children = tree.get(head) ?? [];
    if (rest.length > 0) children.push(rest.join('.'));
    tree.set(head, children);
  }
  return [...tree].map(([name, children]) => (children.length > 0 ? `${name} { ${selectionSet(children)} }` : name)).join(' ');
}

/**
 * The data of an operation the platform ran for the caller, or its first error as the platform's
 * own problem (OperationRefused); an error without a catalogued code is a fault of `what`.
 */
export function dataOf(result: Awaited<ReturnType<OperationRunner>>, what: string): Record<string, unknown> {
  const error = result.errors?.[0];
  if (error) {
    const code = error.extensions?.code;
    if (typeof code === 'string' && code in errorCatalogue) throw new OperationRefused(code as ErrorCode, error.message, error.extensions ?? {});
    throw new Error(`${what} failed: ${error.message}`);
  }
  return result.data ?? {};
}

function pageOf(result: Awaited<ReturnType<OperationRunner>>, listField: string): { data: Record<string, unknown>[]; meta: { total: number; next_cursor: string | null } } {
  const page = dataOf(result, `The copilot's query of ${listField}`)[listField] as { data?: Record<string, unknown>[]; meta: { total: number; next_cursor: string | null } } | undefined;
  if (!page?.meta) throw new Error(`The copilot's query of ${listField} answered no ${listField}`);
  return { data: page.data ?? [], meta: page.meta };
}

/** A record, or one element of the list it is unwound along, with the record around it. */
interface Row {
  record: Record<string, unknown>;
  prefix?: string;
  element?: unknown;
}

function valueAt(row: Row, path: string): unknown {
  const [start, rest] = row.prefix && path.startsWith(`${row.prefix}.`) ? [row.element, path.slice(row.prefix.length + 1)] : [row.record, path];
  let value: unknown = start;
  for (const segment of rest.split('.')) {
    if (value === null || value === undefined || typeof value !== 'object') return null;
    value = (value as Record<string, unknown>)[segment];
  }
  return value ?? null;
}

function shape(plan: QueryPlan, list: CatalogueList, field: (name: string) => CatalogueField, records: Record<string, unknown>[], shown: string[], groupBy: string[], currencyGroup: string | undefined): Answer {
  const used = [...shown, ...plan.where.map((condition) => condition.field), ...groupBy, ...(plan.aggregate?.field ? [plan.aggregate.field] : [])];
  const prefix = used.map((name) => listPrefixOf(list, name)).find((found) => found !== undefined);
  const rows = records
    .flatMap((record): Row[] => {
      if (!prefix) return [{ record }];
      const elements = valueAt({ record }, prefix);
      return Array.isArray(elements) ? elements.map((element) => ({ record, prefix, element })) : [];
    })
    .filter((row) => plan.where.every((condition) => holds(field(condition.field), valueAt(row, condition.field), condition)));

  if (!plan.aggregate) {
    const columns = shown.map((name) => ({ name, type: field(name).type }));
    const ordered = plan.order_by ? sortRows(rows, (row) => valueAt(row, (plan.order_by as { field: string }).field), plan.order_by.direction) : rows;
    const limited = plan.limit === undefined ? ordered : ordered.slice(0, plan.limit);
    return { kind: 'records', columns, rows: limited.map((row) => shown.map((name) => valueAt(row, name))), total: rows.length };
  }

  const { function: fn, field: aggregated } = plan.aggregate;
  const valueType: ValueType = fn === 'count' ? 'integer' : fn === 'avg' && aggregated && field(aggregated).type !== 'money' ? 'number' : aggregated ? field(aggregated).type : 'integer';
  const groups = new Map<string, { key: unknown[]; rows: Row[] }>();
  for (const row of rows) {
    const key = groupBy.map((name) => valueAt(row, name));
    const id = JSON.stringify(key);
    const group = groups.get(id) ?? { key, rows: [] };
    group.rows.push(row);
    groups.set(id, group);
  }
  const computed = [...groups.values()].map((group) => ({ key: group.key, value: aggregate(fn, aggregated === undefined ? undefined : group.rows.map((row) => valueAt(row, aggregated)), group.rows.length, valueType) }));

  if (!plan.group_by?.length) {
    // One number, or one per currency when the amounts are in several.
    if (computed.length <= 1) {
      const only = computed[0];
      const value = only?.value ?? aggregate(fn, aggregated === undefined ? undefined : [], 0, valueType);
      const currency = currencyGroup ? (only?.key[0] as string | undefined) : undefined;
      return currency ? { kind: 'number', value, unit: currency, columns: [{ name: currencyGroup as string, type: 'string' }, { name: 'value', type: valueType }], rows: [[currency, value]] } : numberAnswer(value, valueType);
    }
  }
  const columns: AnswerColumn[] = [...groupBy.map((name) => ({ name, type: field(name).type })), { name: 'value', type: valueType }];
  const order = plan.order_by ?? { field: 'value', direction: 'desc' as const };
  const byField = order.field === 'value' ? groupBy.length : groupBy.indexOf(order.field);
  const tableRows = sortRows(
    computed.map((entry) => [...entry.key, entry.value]),
    (row) => row[byField],
    order.direction,
  );
  return { kind: 'table', columns, rows: plan.limit === undefined ? tableRows : tableRows.slice(0, plan.limit), total: tableRows.length };
}

function numberAnswer(value: number | null, type: ValueType): Answer {
  return { kind: 'number', value, columns: [{ name: 'value', type }], rows: [[value]] };
}

function aggregate(fn: AggregateFunction, values: unknown[] | undefined, count: number, type: ValueType): number | null {
  if (fn === 'count') return values === undefined ? count : values.filter((value) => value !== null).length;
  const numbers = (values ?? []).map(comparable).filter((value): value is number => typeof value === 'number');
  if (fn === 'sum') return numbers.reduce((sum, value) => sum + value, 0);
  if (numbers.length === 0) return null;
  if (fn === 'avg') {
    const mean = numbers.reduce((sum, value) => sum + value, 0) / numbers.length;
    // Money stays in whole minor units; other averages keep two decimals.
    return type === 'money' ? Math.round(mean) : Math.round(mean * 100) / 100;
  }
  return fn === 'min' ? Math.min(...numbers) : Math.max(...numbers);
}

/** Numbers as they are, instants and dates as milliseconds, anything else as it is. */
function comparable(value: unknown): unknown {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}(T|$)/.test(value)) return Date.parse(value);
  return value;
}

function compare(left: unknown, right: unknown): number {
  const [a, b] = [comparable(left), comparable(right)];
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

/** Rows ordered by a value, nulls last either way; ties keep their order. */
function sortRows<T>(rows: T[], value: (row: T) => unknown, direction: 'asc' | 'desc'): T[] {
  const sign = direction === 'desc' ? -1 : 1;
  return [...rows].sort((left, right) => {
    const [a, b] = [value(left), value(right)];
    if (a === null || a === undefined) return b === null || b === undefined ? 0 : 1;
    if (b === null || b === undefined) return -1;
    return sign * compare(a, b);
  });
}

function holds(field: CatalogueField, actual: unknown, condition: RecordCondition): boolean {
  const { op, value } = condition;
  const same = (candidate: unknown) => (field.type === 'string' && typeof candidate === 'string' && typeof value === 'string' ? candidate.toLowerCase() === value.toLowerCase() : candidate === value);
  switch (op) {
    case 'is_null':
      return actual === null || (Array.isArray(actual) && actual.length === 0);
    case 'not_null':
      return !(actual === null || (Array.isArray(actual) && actual.length === 0));
    case 'eq':
      return Array.isArray(actual) ? actual.some(same) : same(actual);
    case 'ne':
      return Array.isArray(actual) ? !actual.some(same) : !same(actual);
    case 'in':
      return Array.isArray(value) && value.some((entry) => (Array.isArray(actual) ? actual.includes(entry) : actual === entry));
    case 'contains': {
      const needle = String(value).toLowerCase();
      return Array.isArray(actual) ? actual.some((entry) => String(entry).toLowerCase().includes(needle)) : typeof actual === 'string' && actual.toLowerCase().includes(needle);
    }
    default: {
      if (actual === null) return false;
      const difference = compare(actual, value);
      return op === 'lt' ? difference < 0 : op === 'lte' ? difference <= 0 : op === 'gt' ? difference > 0 : difference >= 0;
    }
  }
}

/** A money amount for people: minor units in the currency's own decimals (`123456 EUR` → `1,234.56 EUR`). */
export function formatMoney(minorUnits: number, currency: string): string {
  let digits = 2;
  try {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    // Not an ISO 4217 code Intl knows: two decimals, the common case.
  }
  return `${(minorUnits / 10 ** digits).toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${currency}`;
}

function recordNoun(list: CatalogueList, count: number): string {
  const words = snakeCase(list.recordType).replaceAll('_', ' ');
  return count === 1 ? words : words.endsWith('y') ? `${words.slice(0, -1)}ies` : words.endsWith('s') ? words : `${words}s`;
}

function describeValue(value: unknown, type: ValueType, unit: string | undefined): string {
  if (value === null) return 'none';
  if (type === 'money' && typeof value === 'number' && unit) return formatMoney(value, unit);
  return typeof value === 'number' ? value.toLocaleString('en') : String(value);
}

/** One sentence saying what the answer is. */
function summarise(plan: QueryPlan, list: CatalogueList, answer: Answer, truncated: boolean, fetched: number): string {
  const caveat = truncated ? ` (over the first ${fetched} records only: the list holds more)` : '';
  if (answer.kind === 'number') {
    const { function: fn, field } = plan.aggregate ?? { function: 'count' as const };
    const type = answer.columns.at(-1)?.type ?? 'integer';
    if (fn === 'count') return `${answer.value ?? 0} ${recordNoun(list, answer.value ?? 0)} match${caveat}.`;
    return `The ${fn === 'avg' ? 'average' : fn === 'sum' ? 'total' : fn === 'min' ? 'lowest' : 'highest'} ${field} of the matching ${recordNoun(list, 2)} is ${describeValue(answer.value, type, answer.unit)}${caveat}.`;
  }
  if (answer.kind === 'table') {
    const { function: fn, field } = plan.aggregate ?? { function: 'count' as const };
    const by = answer.columns.slice(0, -1).map((column) => column.name).join(' and ');
    const what = fn === 'count' ? `the number of ${recordNoun(list, 2)}` : `the ${fn === 'avg' ? 'average' : fn === 'sum' ? 'total' : fn === 'min' ? 'lowest' : 'highest'} ${field} of ${recordNoun(list, 2)}`;
    return `${what.charAt(0).toUpperCase()}${what.slice(1)} per ${by}: ${answer.total} ${answer.total === 1 ? 'row' : 'rows'}${answer.rows.length < answer.total ? `, ${answer.rows.length} shown` : ''}${caveat}.`;
  }
  const order = plan.order_by ? `, by ${plan.order_by.field} ${plan.order_by.direction === 'desc' ? 'descending' : 'ascending'}` : '';
  const shown = answer.rows.length < answer.total ? `; ${answer.rows.length} shown${order}` : order ? `, listed${order}` : '';
  return `${answer.total} ${recordNoun(list, answer.total)} match${shown}${caveat}.`;
}
