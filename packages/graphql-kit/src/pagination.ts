import { AsyncLocalStorage } from 'node:async_hooks';
import { Prisma } from '@platform/db';
import { ApiError, fieldErrors } from '@platform/errors';
import type { ObjectRef } from '@pothos/core';
import { type GraphQLResolveInfo, Kind, type SelectionSetNode } from 'graphql';
import { z } from 'zod';
import type { SubgraphBuilder, SubgraphSchemaTypes } from './builder.ts';
import { inputRules } from './input-contract.ts';
import { integer } from './rules.ts';
import { parseArgument } from './validation.ts';

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;
/**
 * The page size of a bulk export's walk through a list. An export reads its pages through the
 * platform's own GraphQL execution as its creator would; pages of MAX_PER_PAGE would spend most of
 * the time on what every request costs besides its records (execution set-up, the audit record),
 * so a million rows took over an hour. Only work run through `asExportPages` may ask for pages
 * this large: the engine that runs it paces it (a few exports per instance, one page at a time).
 */
export const EXPORT_PAGE_SIZE = 1000;
/**
 * Longest cursor accepted. The longest a list makes is under 2,000 characters (a 200-character
 * name of 4-byte characters beside a 64-character id, base64url-encoded); `encodeCursor` refuses
 * to make a longer one.
 */
export const MAX_CURSOR_LENGTH = 4096;
/**
 * The cursor format's version: a change of the format refuses the cursors of the previous one.
 * 2: the page number is the page of the record the cursor names (1: the page it led to), and a
 * sort has several keys, each with its direction.
 */
const CURSOR_VERSION = 2;
/** `meta.page` is a GraphQL Int. */
const MAX_PAGE = 2 ** 31 - 1;

/** The window of a list that has no `after` (a nested list, a port): a page number and size. */
export interface PageWindow {
  page: number;
  per_page: number;
  skip: number;
}

const pageRule = integer({ min: 1, message: 'must be an integer of at least 1' }).nullish();
/** `first` and `offset` of a list nested in a record (`Customer.orders`): up to MAX_PER_PAGE records after skipping `offset`. */
export const nestedFirstRule = integer({ min: 1, max: MAX_PER_PAGE, message: `must be an integer from 1 to ${MAX_PER_PAGE}` }).nullish();
export const nestedOffsetRule = integer({ min: 0, message: 'must be an integer of 0 or more' }).nullish();
const perPageRule = integer({ min: 1, max: MAX_PER_PAGE, message: `must be an integer from 1 to ${MAX_PER_PAGE}` }).nullish();
const exportPerPageRule = integer({ min: 1, max: EXPORT_PAGE_SIZE, message: `must be an integer from 1 to ${EXPORT_PAGE_SIZE}` }).nullish();

/**
 * Marks the asynchronous work `work` starts (an in-process GraphQL execution) as an export's, whose
 * lists take pages of up to EXPORT_PAGE_SIZE. It follows the work through every promise it makes
 * (AsyncLocalStorage), so no request from the network, which never runs inside it, can ask for more
 * than MAX_PER_PAGE.
 */
const exportWork = new AsyncLocalStorage<true>();
export function asExportPages<T>(work: () => Promise<T>): Promise<T> {
  return exportWork.run(true, work);
}
/** Whether the current work is an export's (asExportPages): a subgraph service is told so by the edge calling it. */
export function inExportWork(): boolean {
  return exportWork.getStore() === true;
}
/** What the published document states about a cursor: base64url characters, bounded. Anything else about it is a rule (422). */
const cursorRule = z
  .string()
  .regex(/^[A-Za-z0-9_-]+$/, 'must be a cursor: the meta.next_cursor or meta.prev_cursor of a page of this list')
  .max(MAX_CURSOR_LENGTH, `must be at most ${MAX_CURSOR_LENGTH} characters`)
  .nullish();

/**
 * The page arguments of every list: `page` and `per_page` (numbered pages, with the exact
 * `meta.total`), `after` (the page following a cursor: `meta.next_cursor` of the page before) and
 * `before` (the page preceding a cursor: `meta.prev_cursor` of the page after).
 */
export function paginationArgs(t: Parameters<Parameters<SubgraphBuilder['queryField']>[1]>[0]) {
  return {
    page: t.arg.int({ required: false, description: 'Page number, from 1. Default 1. Not with `after` or `before`.', extensions: inputRules(pageRule) }),
    per_page: t.arg.int({ required: false, description: `Records per page, 1 to ${MAX_PER_PAGE}. Default ${DEFAULT_PER_PAGE}.`, extensions: inputRules(perPageRule) }),
    after: t.arg.string({
      required: false,
      description:
        'Cursor: the page that follows the record a cursor names (`meta.next_cursor` of a page), in the same `sort` (keyset pagination: as fast on page 20,000 as on page 1, and no record that exists and keeps its sort key throughout a walk is skipped or repeated). Not with `page` or `before`. A value that is not a cursor of this list and sort is refused (`rule_violation`).',
      extensions: inputRules(cursorRule),
    }),
    before: t.arg.string({
      required: false,
      description:
        'Cursor: the page that precedes the record a cursor names (`meta.prev_cursor` of a page), in the list\'s order, for walking back. `meta.page` counts down from the cursor\'s page and is 1 exactly when no record precedes the page (its `prev_cursor` is null). Not with `page` or `after`. A value that is not a cursor of this list and sort is refused (`rule_violation`).',
      extensions: inputRules(cursorRule),
    }),
  };
}

/** Validates `page`/`per_page`. Out-of-range values are errors, never silently clamped. */
export function pageWindow(args: { page?: number | null; per_page?: number | null }): PageWindow {
  const page = parseArgument('page', pageRule, args.page) ?? 1;
  const perPage = parseArgument('per_page', perPageRule, args.per_page) ?? DEFAULT_PER_PAGE;
  return { page, per_page: perPage, skip: (page - 1) * perPage };
}

// --- Sort orders and cursors ----------------------------------------------------------------

/** How a sort key's values travel in a cursor: text, a 32-bit or 53-bit integer, a 64-bit integer (as a string), an instant (ISO 8601, milliseconds). */
export type KeyKind = 'text' | 'integer' | 'bigint' | 'timestamp';

/** One column of a sort key. Its name is code, never client input (it reaches SQL text). */
export interface OrderKey {
  column: string;
  kind: KeyKind;
  /** A column that may be null sorts its nulls last, in either direction. */
  nullable?: boolean;
}

/** A sortable field: the kind of its values, or its column when named otherwise (`number` sorts by `sequence`). */
export type SortKey = KeyKind | OrderKey;

/** A column of a list's order, with its direction and where its nulls sort (when it may be null). */
export interface OrderedKey extends OrderKey {
  direction: 'asc' | 'desc';
  /** A list sorts nulls last in either direction; read backwards (`before`), they come first. */
  nulls: 'first' | 'last';
}

/** A list's order: the columns of its sort key, most significant first, ending with a unique tie-breaker. */
export interface ListOrder {
  /** The `sort` value it comes from (`status,-created_at`): every cursor carries it. */
  sort: string;
  keys: readonly OrderedKey[];
}

export const ID_KEY: OrderKey = { column: 'id', kind: 'text' };

/** Most keys a `sort` may name (the tie-breaker aside): more would only defeat the indexes. */
export const MAX_SORT_KEYS = 3;

/** Field names reach a regular expression and SQL text: identifiers only. */
const FIELD_NAME = /^[a-z][a-z0-9_]*$/;

/**
 * The values of `sort`: up to MAX_SORT_KEYS of `fields`, comma-separated, each ascending or
 * prefixed with `-` (`status,-created_at`). The pattern lists the fields, so the published
 * document states exactly which values are valid (400); a field named twice is a rule it cannot
 * state (422).
 */
export function sortRule(fields: readonly string[]) {
  const invalid = fields.find((field) => !FIELD_NAME.test(field));
  if (invalid !== undefined) throw new Error(`sort field ${invalid} is not an identifier`);
  const field = `-?(?:${fields.join('|')})`;
  const pattern = new RegExp(`^${field}(?:,${field}){0,${MAX_SORT_KEYS - 1}}$`);
  return z
    .string()
    .regex(pattern, { error: `must be up to ${MAX_SORT_KEYS} of ${fields.join(', ')}, separated by commas, each optionally prefixed with "-"`, abort: true })
    .refine((value) => new Set(sortTerms(value).map((term) => term.field)).size === sortTerms(value).length, { error: 'names a field twice: name each field at most once' })
    .nullish();
}

function sortTerms(sort: string): Array<{ field: string; direction: 'asc' | 'desc' }> {
  return sort.split(',').map((term) => (term.startsWith('-') ? { field: term.slice(1), direction: 'desc' } : { field: term, direction: 'asc' }));
}

/** Each list's sort rule, built once: a list's sortable fields are a constant of its module, and building a schema costs more than using it. */
const sortRules = new WeakMap<object, ReturnType<typeof sortRule>>();

function sortRuleOf(fields: Readonly<Record<string, SortKey>>): ReturnType<typeof sortRule> {
  let rule = sortRules.get(fields);
  if (!rule) sortRules.set(fields, (rule = sortRule(Object.keys(fields))));
  return rule;
}

/**
 * The order of a `sort` value: its fields (of `fields`, with the kind of their values), each in
 * its direction, then the tie-breaker (`id` unless said otherwise) in the direction of the last
 * field, unless the sort names it. A value that is not a sort of these fields is a 400 naming the
 * allowed ones; a field named twice a 422.
 */
export function listOrder<Field extends string>(value: string | null | undefined, fields: Readonly<Record<Field, SortKey>>, defaultSort: string, tieBreaker: OrderKey = ID_KEY): ListOrder {
  const sort = parseArgument('sort', sortRuleOf(fields), value) ?? defaultSort;
  const keys: OrderedKey[] = sortTerms(sort).map(({ field, direction }) => {
    const declared: SortKey | undefined = Object.hasOwn(fields, field) ? fields[field as Field] : undefined;
    if (declared === undefined) throw new Error(`default sort ${defaultSort} is not of ${Object.keys(fields).join(', ')}`);
    return { ...(typeof declared === 'string' ? { column: field, kind: declared } : declared), direction, nulls: 'last' };
  });
  const last = keys.at(-1) as OrderedKey;
  if (!keys.some((key) => key.column === tieBreaker.column)) keys.push({ ...tieBreaker, direction: last.direction, nulls: 'last' });
  return { sort, keys };
}

/** The order of a list without a `sort` argument (warehouses by creation, users by e-mail). */
export function fixedOrder(keys: readonly OrderKey[], direction: 'asc' | 'desc' = 'asc'): ListOrder {
  return { sort: `${direction === 'desc' ? '-' : ''}${keys.map((key) => key.column).join(',')}`, keys: keys.map((key) => ({ ...key, direction, nulls: 'last' })) };
}

/** The order read backwards: every direction turned, nulls first. */
function reverseOrder(order: ListOrder): ListOrder {
  return { sort: order.sort, keys: order.keys.map((key) => ({ ...key, direction: key.direction === 'asc' ? 'desc' : 'asc', nulls: key.nulls === 'last' ? 'first' : 'last' })) };
}

/** Prisma's `orderBy` for an order. */
export function prismaOrderBy(order: ListOrder): Array<Record<string, 'asc' | 'desc' | { sort: 'asc' | 'desc'; nulls: 'first' | 'last' }>> {
  return order.keys.map((key) => ({ [key.column]: key.nullable ? { sort: key.direction, nulls: key.nulls } : key.direction }));
}

interface CursorPayload {
  /** Format version. */
  v: number;
  /** The list it belongs to. */
  l: string;
  /** The `sort` it was made for. */
  s: string;
  /** The number of the page of the record it names. */
  p: number;
  /** The sort key of the record it names, as JSON values. */
  k: unknown[];
}

function keyToJson(key: OrderKey, value: unknown): string | number | null {
  const { kind, column } = key;
  if (value === null && key.nullable) return null;
  switch (kind) {
    case 'text':
      if (typeof value === 'string') return value;
      break;
    case 'integer':
      if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
      break;
    case 'bigint':
      if (typeof value === 'bigint' || (typeof value === 'number' && Number.isSafeInteger(value))) return String(value);
      break;
    case 'timestamp':
      if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString();
      break;
  }
  throw new Error(`cursor key ${column} is not a ${kind}: ${String(value)}`);
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const BIGINT = /^-?(0|[1-9][0-9]{0,18})$/;
const MAX_TEXT_KEY = 1000;

/** The value of a cursor key, or undefined when it is not a value of its kind (a forged or damaged cursor). */
function keyFromJson(key: OrderKey, value: unknown): unknown {
  if (value === null) return key.nullable ? null : undefined;
  switch (key.kind) {
    case 'text':
      return typeof value === 'string' && value.length <= MAX_TEXT_KEY && !value.includes('\u0000') ? value : undefined;
    case 'integer':
      return typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;
    case 'bigint': {
      if (typeof value !== 'string' || !BIGINT.test(value)) return undefined;
      const number = BigInt(value);
      return number >= -(2n ** 63n) && number < 2n ** 63n ? number : undefined;
    }
    case 'timestamp': {
      if (typeof value !== 'string' || !ISO_INSTANT.test(value)) return undefined;
      const instant = new Date(value);
      return !Number.isNaN(instant.getTime()) && instant.toISOString() === value ? instant : undefined;
    }
  }
}

/** The cursor of the record whose sort key is `key`, on page `page`: `after` it reads the page after the record, `before` it the page before. */
export function encodeCursor(list: string, order: ListOrder, page: number, key: readonly unknown[]): string {
  const payload: CursorPayload = { v: CURSOR_VERSION, l: list, s: order.sort, p: page, k: order.keys.map((orderKey, index) => keyToJson(orderKey, key[index])) };
  const cursor = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  if (cursor.length > MAX_CURSOR_LENGTH) throw new Error(`a cursor of ${list} would be ${cursor.length} characters long, over ${MAX_CURSOR_LENGTH}`);
  return cursor;
}

/** The arguments that take a cursor. */
export type CursorArgument = 'after' | 'before';

/**
 * The position a cursor names: the sort key of a record, and the number of its page. The cursor
 * must come from this list and this `sort`, in this format version, with a key of the order's
 * kinds; anything else is a 422 `rule_violation` naming the argument (what the published document
 * states, base64url characters and the length, is checked before: 400).
 * A cursor is not signed: all it can say is a position in the sort order, and the tenant and the
 * filters of the request always apply, so a made-up one only chooses where a page starts.
 */
export function decodeCursor(cursor: string, list: string, order: ListOrder, argument: CursorArgument = 'after'): { page: number; key: unknown[] } {
  const notACursor = (reason: string) =>
    fieldErrors('rule_violation', argument, `${argument} is not a cursor of this list: ${reason}. Pass meta.next_cursor or meta.prev_cursor of a page of the same list as it came.`);
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw notACursor('it does not decode');
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw notACursor('it does not decode');
  const { v, l, s, p, k, ...rest } = payload as Partial<CursorPayload>;
  if (Object.keys(rest).length > 0 || v !== CURSOR_VERSION) throw notACursor('it is of another format or version');
  if (l !== list) throw notACursor('it belongs to another list');
  if (s !== order.sort) throw fieldErrors('rule_violation', argument, `${argument} was made for sort=${typeof s === 'string' ? s : '?'}; this request sorts by ${order.sort}. Repeat the sort of the page the cursor came from.`);
  if (typeof p !== 'number' || !Number.isSafeInteger(p) || p < 1 || p > MAX_PAGE) throw notACursor('its page number is out of range');
  if (!Array.isArray(k) || k.length !== order.keys.length) throw notACursor('its sort key has the wrong shape');
  const key = order.keys.map((orderKey, index) => keyFromJson(orderKey, k[index]));
  if (key.some((value) => value === undefined)) throw notACursor('its sort key has the wrong shape');
  return { page: p, key };
}

// --- The window of a list request -----------------------------------------------------------

/** Which records a list request asks for, and whether it asks for the total. */
export interface ListWindow {
  /** The list's name in its cursors (`inventory_items`): another list's cursor is refused. */
  list: string;
  /**
   * The order to read records in: the list's order, or its reverse after `before` (the records
   * before the cursor are read backwards from it; `listPage` puts them back in the list's order).
   */
  order: ListOrder;
  /** Whether the page is read backwards from a cursor (`before`). */
  backward: boolean;
  /** The page number: `page`, or the one after (`after`) or before (`before`) the cursor's page. */
  page: number;
  per_page: number;
  /** Records to skip: `(page - 1) × per_page` for a numbered page, 0 from a cursor. */
  skip: number;
  /** Records to read: one more than `per_page`, which tells whether another page follows (or, backwards, precedes). */
  take: number;
  /** The sort key the read starts after, in `order` (a cursor's key, of `after` or `before`), or null. */
  after: unknown[] | null;
  /**
   * Whether to compute `meta.total`: always over REST (its records are whole); in GraphQL when
   * the query selects `meta { total }` (a query that does not ask does not pay for the count).
   */
  countTotal: boolean;
}

export interface ListPageArgs {
  page?: number | null;
  per_page?: number | null;
  after?: string | null;
  before?: string | null;
}

/** `page`, `after` and `before` each say where a page is; two of them together are a 422 naming both (each is valid alone; the document cannot state that they exclude each other). */
function refuseTogether(first: 'page' | 'after', second: 'after' | 'before'): ApiError {
  return new ApiError('rule_violation', `${first} and ${second} cannot be combined: each says where the page is. Send one of them.`, {
    errors: [
      { field: first, message: `cannot be combined with ${second}` },
      { field: second, message: `cannot be combined with ${first}` },
    ],
  });
}

/** The window of a list request. */
export function listWindow(args: ListPageArgs, list: string, order: ListOrder, info?: GraphQLResolveInfo): ListWindow {
  const perPage = parseArgument('per_page', exportWork.getStore() ? exportPerPageRule : perPageRule, args.per_page) ?? DEFAULT_PER_PAGE;
  const page = parseArgument('page', pageRule, args.page);
  const after = parseArgument('after', cursorRule, args.after);
  const before = parseArgument('before', cursorRule, args.before);
  const countTotal = info === undefined || selects(info, ['meta', 'total']);
  if (page != null && after != null) throw refuseTogether('page', 'after');
  if (page != null && before != null) throw refuseTogether('page', 'before');
  if (after != null && before != null) throw refuseTogether('after', 'before');
  const window = { list, per_page: perPage, skip: 0, take: perPage + 1, countTotal };
  if (after != null) {
    const position = decodeCursor(after, list, order, 'after');
    return { ...window, order, backward: false, page: Math.min(position.page + 1, MAX_PAGE), after: position.key };
  }
  if (before != null) {
    // listPage settles the number: 1 when nothing precedes the page, else at least 2.
    const position = decodeCursor(before, list, order, 'before');
    return { ...window, order: reverseOrder(order), backward: true, page: Math.max(position.page - 1, 1), after: position.key };
  }
  const number = page ?? 1;
  return { ...window, order, backward: false, page: number, skip: (number - 1) * perPage, after: null };
}

/** `meta` of a list page. `total` is null only when the GraphQL query did not select it (never sent). */
export interface ListMeta {
  total: number | null;
  page: number;
  per_page: number;
  next_cursor: string | null;
  prev_cursor: string | null;
}

export interface ListPage<Item> {
  data: Item[];
  meta: ListMeta;
}

/**
 * The page of `rows` (read in `window.order` with `window.take`, so at most one more than the
 * page): the first `per_page`, in the list's order, with the cursor of its last record when a
 * record follows (`next_cursor`) and of its first when one precedes (`prev_cursor`). `keyOf` reads
 * the sort key of a row (by default its columns of the order's keys).
 */
export function listPage<Row>(rows: Row[], window: ListWindow, total: number | null, keyOf: (row: Row) => unknown[] = (row) => window.order.keys.map((key) => (row as Record<string, unknown>)[key.column])): ListPage<Row> {
  const beyond = rows.length > window.per_page;
  const read = rows.slice(0, window.per_page);
  const data = window.backward ? read.reverse() : read;
  // Backwards, the extra row says whether a record precedes the page; the cursor's own record follows it.
  const page = window.backward ? (beyond ? Math.max(window.page, 2) : 1) : window.page;
  const follows = window.backward || (beyond && page < MAX_PAGE);
  const precedes = window.backward ? beyond : page > 1;
  const first = data[0];
  const last = data.at(-1);
  const cursorOf = (row: Row) => encodeCursor(window.list, window.order, page, keyOf(row));
  return {
    data,
    meta: { total, page, per_page: window.per_page, next_cursor: follows && last !== undefined ? cursorOf(last) : null, prev_cursor: precedes && first !== undefined ? cursorOf(first) : null },
  };
}

/**
 * One page of a Prisma model's records matching `where`: the window's keyset (from a cursor),
 * order and bounds applied, and the total counted when the client selects it.
 */
export async function prismaListPage<Row, Where extends object>(
  model: { count(args: { where: Where }): Promise<number>; findMany(args: { where: Where; orderBy: ReturnType<typeof prismaOrderBy>; skip: number; take: number }): Promise<Row[]> },
  where: Where,
  window: ListWindow,
): Promise<ListPage<Row>> {
  const keyset = keysetWhere(window) as Where | undefined;
  const [total, rows] = await Promise.all([
    window.countTotal ? model.count({ where }) : null,
    model.findMany({ where: keyset ? ({ AND: [where, keyset] } as unknown as Where) : where, orderBy: prismaOrderBy(window.order), skip: window.skip, take: window.take }),
  ]);
  return listPage(rows, window, total);
}

/**
 * How the keyset condition is spelled: after the cursor's key `(v1, v2, …)` in an order of
 * per-key directions, a record is beyond on its first key, or equal on it and beyond on the
 * rest (`k1 > v1 OR (k1 = v1 AND (k2 < v2 OR …))`): PostgreSQL's row comparison only serves
 * one direction for all keys. A nullable key places its nulls last (or first, read backwards):
 * after a value come the values beyond it and then, when last, the nulls; after a null, only
 * nulls (or, when first, every value). A leading `k1 >= v1` bounds an index range scan on
 * `(tenant_id, k1, …)` when everything after the cursor is on that side of `v1`.
 */
interface KeysetSpelling<Condition> {
  beyond(key: OrderedKey, value: unknown): Condition;
  from(key: OrderedKey, value: unknown): Condition;
  isNull(key: OrderedKey): Condition;
  notNull(key: OrderedKey): Condition;
  equal(key: OrderedKey, value: unknown): Condition;
  and(conditions: Condition[]): Condition;
  or(conditions: Condition[]): Condition;
  never(key: OrderedKey): Condition;
}

function keyset<Condition>(order: ListOrder, values: readonly unknown[], spell: KeysetSpelling<Condition>): Condition {
  const keys = order.keys;
  const after = (index: number): Condition => {
    const key = keys[index] as OrderedKey;
    const value = values[index];
    const alternatives: Condition[] = [];
    if (value === null) {
      if (key.nulls === 'first') alternatives.push(spell.notNull(key));
    } else {
      alternatives.push(spell.beyond(key, value));
      if (key.nullable && key.nulls === 'last') alternatives.push(spell.isNull(key));
    }
    if (index < keys.length - 1) alternatives.push(spell.and([value === null ? spell.isNull(key) : spell.equal(key, value), after(index + 1)]));
    if (alternatives.length === 0) return spell.never(key);
    return alternatives.length === 1 ? (alternatives[0] as Condition) : spell.or(alternatives);
  };
  const first = keys[0] as OrderedKey;
  const bounded = keys.length > 1 && values[0] !== null && !(first.nullable && first.nulls === 'last');
  return bounded ? spell.and([spell.from(first, values[0]), after(0)]) : after(0);
}

const prismaSpelling: KeysetSpelling<Record<string, unknown>> = {
  beyond: (key, value) => ({ [key.column]: { [key.direction === 'asc' ? 'gt' : 'lt']: value } }),
  from: (key, value) => ({ [key.column]: { [key.direction === 'asc' ? 'gte' : 'lte']: value } }),
  isNull: (key) => ({ [key.column]: null }),
  notNull: (key) => ({ [key.column]: { not: null } }),
  equal: (key, value) => ({ [key.column]: value }),
  and: (conditions) => ({ AND: conditions }),
  or: (conditions) => ({ OR: conditions }),
  never: (key) => ({ [key.column]: { in: [] } }),
};

/** The keyset condition of a Prisma query: the records after `window.after` in `window.order` (see KeysetSpelling). Undefined without a cursor. */
export function keysetWhere(window: ListWindow): Record<string, unknown> | undefined {
  return window.after ? keyset(window.order, window.after, prismaSpelling) : undefined;
}

/**
 * The keyset condition of a raw SQL query. When every key has one direction and none may be null,
 * `("k1", "k2") > ($1, $2)` (`<` when descending), a row comparison PostgreSQL turns into one
 * index range on `(tenant_id, k1, k2)`; otherwise the condition spelled out (KeysetSpelling).
 * Column names come from the code's order keys, never from the request. Undefined without a cursor.
 */
export function keysetSql(window: ListWindow, alias?: string): Prisma.Sql | undefined {
  if (!window.after) return undefined;
  const column = (key: OrderKey) => Prisma.raw(`${alias ? `"${alias}".` : ''}"${key.column}"`);
  const keys = window.order.keys;
  const direction = (keys[0] as OrderedKey).direction;
  if (keys.every((key) => key.direction === direction && !key.nullable)) {
    const columns = Prisma.join(keys.map(column), ', ');
    const values = Prisma.join(window.after.map((value) => Prisma.sql`${value}`));
    return direction === 'asc' ? Prisma.sql`(${columns}) > (${values})` : Prisma.sql`(${columns}) < (${values})`;
  }
  return keyset<Prisma.Sql>(window.order, window.after, {
    beyond: (key, value) => (key.direction === 'asc' ? Prisma.sql`${column(key)} > ${value}` : Prisma.sql`${column(key)} < ${value}`),
    from: (key, value) => (key.direction === 'asc' ? Prisma.sql`${column(key)} >= ${value}` : Prisma.sql`${column(key)} <= ${value}`),
    isNull: (key) => Prisma.sql`${column(key)} IS NULL`,
    notNull: (key) => Prisma.sql`${column(key)} IS NOT NULL`,
    equal: (key, value) => Prisma.sql`${column(key)} = ${value}`,
    and: (conditions) => Prisma.sql`(${Prisma.join(conditions, ' AND ')})`,
    or: (conditions) => Prisma.sql`(${Prisma.join(conditions, ' OR ')})`,
    never: () => Prisma.sql`FALSE`,
  });
}

/** `ORDER BY` of a raw SQL query for an order (column names from the code's order keys). */
export function orderBySql(order: ListOrder, alias?: string): Prisma.Sql {
  const prefix = alias ? `"${alias}".` : '';
  return Prisma.raw(order.keys.map((key) => `${prefix}"${key.column}" ${key.direction === 'desc' ? 'DESC' : 'ASC'}${key.nullable ? ` NULLS ${key.nulls === 'first' ? 'FIRST' : 'LAST'}` : ''}`).join(', '));
}

/**
 * Whether the query selects the field at `path` below the resolved field (through fragments;
 * `@skip`/`@include` are not evaluated, so a conditionally selected field counts as selected).
 */
export function selects(info: GraphQLResolveInfo, path: readonly string[]): boolean {
  let sets: SelectionSetNode[] = info.fieldNodes.flatMap((node) => (node.selectionSet ? [node.selectionSet] : []));
  for (const [depth, name] of path.entries()) {
    const fields = sets.flatMap((set) => fieldsOf(set, info)).filter((field) => field.name.value === name);
    if (fields.length === 0) return false;
    if (depth === path.length - 1) return true;
    sets = fields.flatMap((field) => (field.selectionSet ? [field.selectionSet] : []));
  }
  return true;
}

function fieldsOf(set: SelectionSetNode, info: GraphQLResolveInfo): Array<Extract<SelectionSetNode['selections'][number], { kind: Kind.FIELD }>> {
  return set.selections.flatMap((selection) => {
    if (selection.kind === Kind.FIELD) return [selection];
    if (selection.kind === Kind.INLINE_FRAGMENT) return fieldsOf(selection.selectionSet, info);
    const fragment = info.fragments[selection.name.value];
    return fragment ? fieldsOf(fragment.selectionSet, info) : [];
  });
}

// --- The list envelope ----------------------------------------------------------------------

const pageMetaRefs = new WeakMap<SubgraphBuilder, ReturnType<typeof definePageMeta>>();

function definePageMeta(builder: SubgraphBuilder) {
  return builder.objectRef<ListMeta>('PageMeta').implement({
    description: 'Position of a page within a list.',
    shareable: true,
    fields: (t) => ({
      total: t.int({
        description: 'Total count of matching records: exact, for numbered pages and cursor pages alike.',
        resolve: (meta) => {
          // A list computes it whenever the query selects it (ListWindow.countTotal).
          if (meta.total === null) throw new Error('meta.total was selected but not computed');
          return meta.total;
        },
      }),
      page: t.exposeInt('page', {
        description:
          'Page number, from 1. After a cursor: the number of the page in the walk that made the cursor, one more (`after`) or one less (`before`, but 1 only on the page no record precedes).',
      }),
      per_page: t.exposeInt('per_page', { description: 'Records per page.' }),
      next_cursor: t.exposeString('next_cursor', {
        nullable: true,
        description: 'The cursor of the next page (pass it as `after`, with the same filters and `sort`); null on the last page.',
      }),
      prev_cursor: t.exposeString('prev_cursor', {
        nullable: true,
        description: 'The cursor of the previous page (pass it as `before`, with the same filters and `sort`); null on the first page.',
      }),
    }),
  });
}

/**
 * The list envelope of every list operation: `{ data: [...], meta: { total, page, per_page,
 * next_cursor, prev_cursor } }`. The same shape in GraphQL and REST, so the facade returns the field's value as is.
 */
export function listEnvelope<Item>(builder: SubgraphBuilder, name: string, item: ObjectRef<SubgraphSchemaTypes, Item>) {
  let pageMeta = pageMetaRefs.get(builder);
  if (!pageMeta) {
    pageMeta = definePageMeta(builder);
    pageMetaRefs.set(builder, pageMeta);
  }
  const meta = pageMeta;
  return builder.objectRef<ListPage<Item>>(name).implement({
    description: `A page of ${item.name} records.`,
    fields: (t) => ({
      data: t.field({ type: [item], resolve: (list) => list.data, description: 'Records of this page.' }),
      meta: t.field({ type: meta, resolve: (list) => list.meta }),
    }),
  });
}
