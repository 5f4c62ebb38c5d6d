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
 * Longest cursor accepted. The longest a list makes is under 2,000 characters (a 200-character
 * name of 4-byte characters beside a 64-character id, base64url-encoded); `encodeCursor` refuses
 * to make a longer one.
 */
export const MAX_CURSOR_LENGTH = 4096;
/** The cursor format's version: a change of the format refuses the cursors of the previous one. */
const CURSOR_VERSION = 1;
/** `meta.page` is a GraphQL Int. */
const MAX_PAGE = 2 ** 31 - 1;

/** The window of a list that has no `after` (a nested list, a port): a page number and size. */
export interface PageWindow {
  page: number;
  per_page: number;
  skip: number;
}

const pageRule = integer({ min: 1, message: 'must be an integer of at least 1' }).nullish();
const perPageRule = integer({ min: 1, max: MAX_PER_PAGE, message: `must be an integer from 1 to ${MAX_PER_PAGE}` }).nullish();
/** What the published document states about a cursor: base64url characters, bounded. Anything else about it is a rule (422). */
const cursorRule = z
  .string()
  .regex(/^[A-Za-z0-9_-]+$/, 'must be a cursor: the meta.next_cursor of a page of this list')
  .max(MAX_CURSOR_LENGTH, `must be at most ${MAX_CURSOR_LENGTH} characters`)
  .nullish();

/**
 * The page arguments of every list: `page` and `per_page` (numbered pages, with the exact
 * `meta.total`), and `after` (the page following a cursor, `meta.next_cursor` of the page before).
 */
export function paginationArgs(t: Parameters<Parameters<SubgraphBuilder['queryField']>[1]>[0]) {
  return {
    page: t.arg.int({ required: false, description: 'Page number, from 1. Default 1. Not with `after`.', extensions: inputRules(pageRule) }),
    per_page: t.arg.int({ required: false, description: `Records per page, 1 to ${MAX_PER_PAGE}. Default ${DEFAULT_PER_PAGE}.`, extensions: inputRules(perPageRule) }),
    after: t.arg.string({
      required: false,
      description:
        'Cursor: the page that follows the record `meta.next_cursor` of a page points to, in the same `sort` (keyset pagination: as fast on page 20,000 as on page 1, and no record that exists and keeps its sort key throughout a walk is skipped or repeated). Not with `page`. A value that is not a cursor of this list and sort is refused (`rule_violation`).',
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

/** A list's order: the columns of its sort key, most significant first, ending with a unique tie-breaker. */
export interface ListOrder {
  /** The `sort` value it comes from (`-created_at`): every cursor carries it. */
  sort: string;
  direction: 'asc' | 'desc';
  keys: readonly OrderKey[];
}

export const ID_KEY: OrderKey = { column: 'id', kind: 'text' };

/** The values of `sort`: each field, ascending or prefixed with `-`. */
export function sortRule(fields: readonly string[]) {
  const values = fields.flatMap((field) => [field, `-${field}`]) as [string, ...string[]];
  return z.enum(values, { error: `must be one of ${fields.join(', ')}, optionally prefixed with "-"` }).nullish();
}

/** Each list's sort rule, built once: a list's sortable fields are a constant of its module, and building a schema costs more than using it. */
const sortRules = new WeakMap<object, ReturnType<typeof sortRule>>();

function sortRuleOf(fields: Readonly<Record<string, SortKey>>): ReturnType<typeof sortRule> {
  let rule = sortRules.get(fields);
  if (!rule) sortRules.set(fields, (rule = sortRule(Object.keys(fields))));
  return rule;
}

/**
 * The order of a `sort` value: the field (of `fields`, with the kind of its values) then the
 * tie-breaker (`id` unless said otherwise), both in the same direction. An unknown field is a
 * 400 naming the allowed ones.
 */
export function listOrder<Field extends string>(value: string | null | undefined, fields: Readonly<Record<Field, SortKey>>, defaultSort: string, tieBreaker: OrderKey = ID_KEY): ListOrder {
  const names = Object.keys(fields) as Field[];
  const sort = parseArgument('sort', sortRuleOf(fields), value) ?? defaultSort;
  const descending = sort.startsWith('-');
  const field = (descending ? sort.slice(1) : sort) as Field;
  const declared: SortKey | undefined = fields[field];
  if (declared === undefined) throw new Error(`default sort ${defaultSort} is not one of ${names.join(', ')}`);
  const key: OrderKey = typeof declared === 'string' ? { column: field, kind: declared } : declared;
  const keys = key.column === tieBreaker.column ? [tieBreaker] : [key, tieBreaker];
  return { sort, direction: descending ? 'desc' : 'asc', keys };
}

/** The order of a list without a `sort` argument (warehouses by creation, users by e-mail). */
export function fixedOrder(keys: readonly OrderKey[], direction: 'asc' | 'desc' = 'asc'): ListOrder {
  return { sort: `${direction === 'desc' ? '-' : ''}${keys.map((key) => key.column).join(',')}`, direction, keys };
}

/** Prisma's `orderBy` for an order (nulls last). */
export function prismaOrderBy(order: ListOrder): Array<Record<string, 'asc' | 'desc' | { sort: 'asc' | 'desc'; nulls: 'last' }>> {
  return order.keys.map((key) => ({ [key.column]: key.nullable ? { sort: order.direction, nulls: 'last' } : order.direction }));
}

interface CursorPayload {
  /** Format version. */
  v: number;
  /** The list it belongs to. */
  l: string;
  /** The `sort` it was made for. */
  s: string;
  /** The number of the page it leads to. */
  p: number;
  /** The sort key of the last record of the page before, as JSON values. */
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

/** The cursor of the page after the record whose sort key is `key`. */
export function encodeCursor(list: string, order: ListOrder, page: number, key: readonly unknown[]): string {
  const payload: CursorPayload = { v: CURSOR_VERSION, l: list, s: order.sort, p: page, k: order.keys.map((orderKey, index) => keyToJson(orderKey, key[index])) };
  const cursor = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  if (cursor.length > MAX_CURSOR_LENGTH) throw new Error(`a cursor of ${list} would be ${cursor.length} characters long, over ${MAX_CURSOR_LENGTH}`);
  return cursor;
}

const notACursor = (reason: string) => fieldErrors('rule_violation', 'after', `after is not a cursor of this list: ${reason}. Pass meta.next_cursor of a page of the same list as it came.`);

/**
 * The position a cursor names: the sort key of the record the page starts after, and the number
 * of that page. The cursor must come from this list and this `sort`, in this format version, with
 * a key of the order's kinds; anything else is a 422 `rule_violation` naming `after` (what the
 * published document states, base64url characters and the length, is checked before: 400).
 * A cursor is not signed: all it can say is a position in the sort order, and the tenant and the
 * filters of the request always apply, so a made-up one only chooses where a page starts.
 */
export function decodeCursor(cursor: string, list: string, order: ListOrder): { page: number; key: unknown[] } {
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
  if (s !== order.sort) throw fieldErrors('rule_violation', 'after', `after was made for sort=${typeof s === 'string' ? s : '?'}; this request sorts by ${order.sort}. Repeat the sort of the page the cursor came from.`);
  if (typeof p !== 'number' || !Number.isSafeInteger(p) || p < 2 || p > MAX_PAGE) throw notACursor('its page number is out of range');
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
  order: ListOrder;
  /** The page number: `page`, or the one the cursor leads to. */
  page: number;
  per_page: number;
  /** Records to skip: `(page - 1) × per_page` for a numbered page, 0 after a cursor. */
  skip: number;
  /** Records to read: one more than `per_page`, which tells whether another page follows. */
  take: number;
  /** The sort key of the record the page starts after (a cursor's), or null. */
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
}

/**
 * The window of a list request. `page` and `after` together are a 422 `rule_violation` (each is
 * valid alone; the document cannot state that they exclude each other).
 */
export function listWindow(args: ListPageArgs, list: string, order: ListOrder, info?: GraphQLResolveInfo): ListWindow {
  const perPage = parseArgument('per_page', perPageRule, args.per_page) ?? DEFAULT_PER_PAGE;
  const page = parseArgument('page', pageRule, args.page);
  const after = parseArgument('after', cursorRule, args.after);
  const countTotal = info === undefined || selects(info, ['meta', 'total']);
  if (after != null) {
    if (page != null) {
      throw new ApiError('rule_violation', 'page and after cannot be combined: a cursor already says where its page starts. Send one of them.', {
        errors: [
          { field: 'page', message: 'cannot be combined with after' },
          { field: 'after', message: 'cannot be combined with page' },
        ],
      });
    }
    const position = decodeCursor(after, list, order);
    return { list, order, page: position.page, per_page: perPage, skip: 0, take: perPage + 1, after: position.key, countTotal };
  }
  const number = page ?? 1;
  return { list, order, page: number, per_page: perPage, skip: (number - 1) * perPage, take: perPage + 1, after: null, countTotal };
}

/** `meta` of a list page. `total` is null only when the GraphQL query did not select it (never sent). */
export interface ListMeta {
  total: number | null;
  page: number;
  per_page: number;
  next_cursor: string | null;
}

export interface ListPage<Item> {
  data: Item[];
  meta: ListMeta;
}

/**
 * The page of `rows` (read with `window.take`, so at most one more than the page): the first
 * `per_page`, and the cursor of the next page when that extra row exists. `keyOf` reads the sort
 * key of a row (by default its columns of the order's keys).
 */
export function listPage<Row>(rows: Row[], window: ListWindow, total: number | null, keyOf: (row: Row) => unknown[] = (row) => window.order.keys.map((key) => (row as Record<string, unknown>)[key.column])): ListPage<Row> {
  const data = rows.slice(0, window.per_page);
  const last = data.at(-1);
  const more = rows.length > window.per_page && last !== undefined && window.page < MAX_PAGE;
  const next_cursor = more ? encodeCursor(window.list, window.order, window.page + 1, keyOf(last)) : null;
  return { data, meta: { total, page: window.page, per_page: window.per_page, next_cursor } };
}

/**
 * The keyset condition of a Prisma query: records after the cursor's key in the window's order,
 * `(k1, k2) > (v1, v2)` written as `k1 >= v1 AND (k1 > v1 OR (k1 = v1 AND k2 > v2))`, whose
 * first term bounds an index range scan on `(tenant_id, k1, k2)`. A nullable key sorts its nulls
 * last: after a value come the greater values and then the nulls; after a null, only nulls.
 * Undefined without a cursor.
 */
/**
 * One page of a Prisma model's records matching `where`: the window's keyset (after a cursor),
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

export function keysetWhere(window: ListWindow): Record<string, unknown> | undefined {
  if (!window.after) return undefined;
  const strict = window.order.direction === 'asc' ? 'gt' : 'lt';
  const inclusive = window.order.direction === 'asc' ? 'gte' : 'lte';
  const keys = window.order.keys;
  const values = window.after;
  const after = (index: number): Record<string, unknown> => {
    const key = keys[index] as OrderKey;
    const value = values[index];
    const last = index === keys.length - 1;
    // After a null come only the nulls that follow it on the next keys (none when it is the last key).
    if (value === null) return last ? { [key.column]: { in: [] } } : { AND: [{ [key.column]: null }, after(index + 1)] };
    const beyond: Record<string, unknown>[] = [{ [key.column]: { [strict]: value } }, ...(key.nullable ? [{ [key.column]: null }] : [])];
    if (last) return beyond.length === 1 ? (beyond[0] as Record<string, unknown>) : { OR: beyond };
    return { OR: [...beyond, { AND: [{ [key.column]: value }, after(index + 1)] }] };
  };
  const first = keys[0] as OrderKey;
  if (keys.length === 1 || first.nullable) return after(0);
  return { AND: [{ [first.column]: { [inclusive]: values[0] } }, after(0)] };
}

/**
 * The keyset condition of a raw SQL query: `("k1", "k2") > ($1, $2)` (`<` when descending), a
 * row comparison PostgreSQL turns into one index range on `(tenant_id, k1, k2)`. Column names
 * come from the code's order keys, never from the request. Undefined without a cursor.
 */
export function keysetSql(window: ListWindow, alias?: string): Prisma.Sql | undefined {
  if (!window.after) return undefined;
  if (window.order.keys.some((key) => key.nullable)) throw new Error('keysetSql: a row comparison cannot order nulls last; use keysetWhere');
  const prefix = alias ? `"${alias}".` : '';
  const columns = Prisma.raw(window.order.keys.map((key) => `${prefix}"${key.column}"`).join(', '));
  const values = Prisma.join(window.after.map((value) => Prisma.sql`${value}`));
  return window.order.direction === 'asc' ? Prisma.sql`(${columns}) > (${values})` : Prisma.sql`(${columns}) < (${values})`;
}

/** `ORDER BY` of a raw SQL query for an order (column names from the code's order keys). */
export function orderBySql(order: ListOrder, alias?: string): Prisma.Sql {
  const prefix = alias ? `"${alias}".` : '';
  const direction = order.direction === 'desc' ? 'DESC' : 'ASC';
  return Prisma.raw(order.keys.map((key) => `${prefix}"${key.column}" ${direction}${key.nullable ? ' NULLS LAST' : ''}`).join(', '));
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
      page: t.exposeInt('page', { description: 'Page number, from 1. After a cursor: the number of the page in the walk that made the cursor.' }),
      per_page: t.exposeInt('per_page', { description: 'Records per page.' }),
      next_cursor: t.exposeString('next_cursor', {
        nullable: true,
        description: 'The cursor of the next page (pass it as `after`, with the same filters and `sort`); null on the last page.',
      }),
    }),
  });
}

/**
 * The list envelope of every list operation: `{ data: [...], meta: { total, page, per_page,
 * next_cursor } }`. The same shape in GraphQL and REST, so the facade returns the field's value as is.
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
