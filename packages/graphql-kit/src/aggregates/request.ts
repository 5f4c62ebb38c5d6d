import { ApiError, fieldErrors } from '@platform/errors';
import { z } from 'zod';
import { assertRanges } from '../list-filters.ts';
import { integer } from '../rules.ts';
import { parseArgument } from '../validation.ts';
import type { AggregateDeclaration } from './declaration.ts';

export const TIME_BUCKETS = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type TimeBucket = (typeof TIME_BUCKETS)[number];

export const DEFAULT_GROUP_LIMIT = 100;
/** An aggregate as a field of entities (`Customer.orders_aggregate`): a page of them multiplies it. */
export const DEFAULT_ENTITY_GROUP_LIMIT = 10;
export const MAX_GROUP_LIMIT = 1000;
/** Grouping keys of one request (fields, plus the time bucket). */
export const MAX_GROUP_BY = 4;
const MAX_SORT_KEYS = 4;
const MAX_HAVING = 4;

export const STATISTICS = ['sum', 'avg', 'min', 'max'] as const;
export type Statistic = (typeof STATISTICS)[number];
export const COMPARISONS = { eq: '=', ne: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;
export type Comparison = keyof typeof COMPARISONS;

/** What an aggregate can be sorted or filtered by: `count`, `count_distinct.customer_id`, `total.sum`. */
export type AggregateName = { kind: 'count' } | { kind: 'distinct'; field: string } | { kind: 'statistic'; measure: string; statistic: Statistic };

export interface HavingCondition {
  aggregate: AggregateName;
  comparison: Comparison;
  value: number;
}

/** A sort key: a grouping key (`status`, `bucket`) or an aggregate, each ascending or descending. */
export type AggregateSortKey = ({ kind: 'key'; field: string } | AggregateName) & { descending: boolean };

/** An aggregate request as the statement builder receives it: every name checked against the declaration. */
export interface AggregateRequest {
  groupBy: string[];
  bucket: { unit: TimeBucket; field: string; timeZone: string } | null;
  having: HavingCondition[];
  sort: AggregateSortKey[];
  limit: number;
  /** The list's filters given, by name. */
  filters: Record<string, unknown>;
}

export interface AggregateArgs {
  group_by?: string | null;
  bucket?: TimeBucket | null;
  bucket_by?: string | null;
  time_zone?: string | null;
  having?: string | null;
  sort?: string | null;
  limit?: number | null;
  [filter: string]: unknown;
}

/** The names `sort` and `having` accept for a declaration's aggregates. */
export function aggregateNames(declaration: AggregateDeclaration): string[] {
  return [
    'count',
    ...Object.keys(declaration.distinct ?? {}).map((field) => `count_distinct.${field}`),
    ...Object.keys(declaration.measures ?? {}).flatMap((measure) => STATISTICS.map((statistic) => `${measure}.${statistic}`)),
  ];
}

const escape = (name: string) => name.replace('.', '\\.');
const alternatives = (names: readonly string[]) => `(?:${names.map(escape).join('|')})`;
const commaList = (item: string, most: number) => new RegExp(`^${item}(?:,${item}){0,${most - 1}}$`);

const rulesByDeclaration = new WeakMap<AggregateDeclaration, ReturnType<typeof buildAggregateRules>>();

/** The rules of a declaration's arguments (built once per declaration: a schema costs more to build than to use). */
export function aggregateRules(declaration: AggregateDeclaration): ReturnType<typeof buildAggregateRules> {
  let rules = rulesByDeclaration.get(declaration);
  if (!rules) rulesByDeclaration.set(declaration, (rules = buildAggregateRules(declaration)));
  return rules;
}

/** What the published document states of the arguments (400) and the rules beyond it (422). */
function buildAggregateRules(declaration: AggregateDeclaration) {
  const dimensions = Object.keys(declaration.dimensions);
  const times = Object.keys(declaration.times);
  const aggregates = aggregateNames(declaration);
  const number = '-?(?:0|[1-9][0-9]{0,15})(?:\\.[0-9]{1,6})?';
  return {
    groupBy: z
      .string()
      .regex(commaList(alternatives(dimensions), MAX_GROUP_BY), `must be up to ${MAX_GROUP_BY} of ${dimensions.join(', ')}, separated by commas`)
      .nullish(),
    bucketBy: z.enum(times as [string, ...string[]], { error: `must be one of ${times.join(', ')}` }).nullish(),
    timeZone: z
      .string()
      .max(64, 'must be at most 64 characters')
      .regex(/^[A-Za-z][A-Za-z0-9_+/-]{0,63}$/, 'must be an IANA time zone name such as Europe/Paris or UTC')
      .refine(isTimeZone, 'is not a time zone this platform knows; use an IANA name such as Europe/Paris or UTC')
      .nullish(),
    having: z
      .string()
      .regex(commaList(`${alternatives(aggregates)}:(?:${Object.keys(COMPARISONS).join('|')}):${number}`, MAX_HAVING), `must be up to ${MAX_HAVING} conditions aggregate:comparison:number separated by commas, e.g. count:gte:5; aggregates: ${aggregates.join(', ')}; comparisons: ${Object.keys(COMPARISONS).join(', ')}`)
      .nullish(),
    sort: z
      .string()
      .regex(commaList(`-?${alternatives([...dimensions, 'bucket', ...aggregates])}`, MAX_SORT_KEYS), `must be up to ${MAX_SORT_KEYS} of ${[...dimensions, 'bucket', ...aggregates].join(', ')}, each optionally prefixed with "-", separated by commas`)
      .nullish(),
    limit: integer({ min: 1, max: MAX_GROUP_LIMIT, message: `must be an integer from 1 to ${MAX_GROUP_LIMIT}` }).nullish(),
  };
}

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

function parseAggregateName(name: string): AggregateName {
  if (name === 'count') return { kind: 'count' };
  const [head, tail] = name.split('.') as [string, string];
  if (head === 'count_distinct') return { kind: 'distinct', field: tail };
  return { kind: 'statistic', measure: head, statistic: tail as Statistic };
}

const ruleViolation = (field: string, message: string) => fieldErrors('rule_violation', field, `${field}: ${message}`);

/**
 * Checks an aggregate request's arguments against the declaration. Every name reaching SQL is one
 * the declaration made; what the pattern cannot say (a key twice, sorting by a field that is not
 * grouped, money compared across currencies) is a 422 naming the argument.
 */
export function aggregateRequest(declaration: AggregateDeclaration, args: AggregateArgs, defaultLimit = DEFAULT_GROUP_LIMIT): AggregateRequest {
  const rules = aggregateRules(declaration);
  const groupBy = (parseArgument('group_by', rules.groupBy, args.group_by) ?? '').split(',').filter(Boolean);
  if (new Set(groupBy).size !== groupBy.length) throw ruleViolation('group_by', 'names a field twice');
  const bucketBy = parseArgument('bucket_by', rules.bucketBy, args.bucket_by);
  const timeZone = parseArgument('time_zone', rules.timeZone, args.time_zone);
  if (!args.bucket && (bucketBy != null || timeZone != null)) {
    throw new ApiError('rule_violation', 'bucket_by and time_zone apply to time buckets: give bucket (day, week, month, quarter or year) too.', {
      errors: [{ field: bucketBy != null ? 'bucket_by' : 'time_zone', message: 'needs bucket' }],
    });
  }
  const bucket = args.bucket ? { unit: args.bucket, field: bucketBy ?? (Object.keys(declaration.times)[0] as string), timeZone: timeZone ?? 'UTC' } : null;
  if (groupBy.length + (bucket ? 1 : 0) > MAX_GROUP_BY) throw ruleViolation('group_by', `at most ${MAX_GROUP_BY} grouping keys, the time bucket included`);
  const currencyGrouped = groupBy.includes('currency');
  const checkMoney = (field: string, aggregate: AggregateName) => {
    if (aggregate.kind === 'statistic' && declaration.measures?.[aggregate.measure]?.money && !currencyGrouped) {
      throw ruleViolation(field, `${aggregate.measure} is money: amounts in different currencies are never added or compared, so add currency to group_by to sort or filter by ${aggregate.measure}.${aggregate.statistic}`);
    }
  };
  const having = (parseArgument('having', rules.having, args.having) ?? '').split(',').filter(Boolean).map((condition): HavingCondition => {
    const [name, comparison, value] = condition.split(':') as [string, Comparison, string];
    const aggregate = parseAggregateName(name);
    checkMoney('having', aggregate);
    return { aggregate, comparison, value: Number(value) };
  });
  const sortNames = (parseArgument('sort', rules.sort, args.sort) ?? '').split(',').filter(Boolean);
  const sort = sortNames.map((entry): AggregateSortKey => {
    const descending = entry.startsWith('-');
    const name = descending ? entry.slice(1) : entry;
    if (name === 'bucket' || name in declaration.dimensions) {
      if (name === 'bucket' ? !bucket : !groupBy.includes(name)) throw ruleViolation('sort', `${name} is not a grouping key of this request; sort by a field of group_by, bucket (with bucket) or an aggregate`);
      return { kind: 'key', field: name, descending };
    }
    const aggregate = parseAggregateName(name);
    checkMoney('sort', aggregate);
    return { ...aggregate, descending };
  });
  if (new Set(sortNames.map((name) => name.replace('-', ''))).size !== sortNames.length) throw ruleViolation('sort', 'names a key twice');
  const limit = parseArgument('limit', rules.limit, args.limit) ?? defaultLimit;
  const filters = Object.fromEntries(Object.keys(declaration.filters).flatMap((name) => (args[name] == null ? [] : [[name, args[name]]])));
  assertRanges(filters);
  return { groupBy, bucket, having, sort, limit, filters };
}
