import { ApiError } from '@platform/errors';
import { type GraphQLResolveInfo, Kind, type OperationDefinitionNode, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ID_KEY, MAX_CURSOR_LENGTH, decodeCursor, encodeCursor, fixedOrder, keysetSql, keysetWhere, listOrder, listPage, listWindow, selects } from '../src/pagination.ts';

const ITEM_KEYS = { id: 'text', name: 'text', quantity_on_hand: 'integer', created_at: 'timestamp' } as const;
const byName = listOrder('name', ITEM_KEYS, 'id');

function refusal(run: () => unknown): { code: string; fields: string[]; message: string } {
  try {
    run();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { code: error.code, fields: ((error.extensions.errors as Array<{ field: string }>) ?? []).map((entry) => entry.field), message: error.message };
  }
  throw new Error('expected a refusal');
}

const base64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

describe('listOrder', () => {
  it('is the field then the tie-breaker, in one direction', () => {
    expect(listOrder('-quantity_on_hand', ITEM_KEYS, 'id')).toEqual({ sort: '-quantity_on_hand', direction: 'desc', keys: [{ column: 'quantity_on_hand', kind: 'integer' }, ID_KEY] });
    expect(listOrder(undefined, ITEM_KEYS, '-created_at')).toMatchObject({ sort: '-created_at', direction: 'desc' });
    expect(listOrder('id', ITEM_KEYS, 'name').keys).toEqual([ID_KEY]);
  });

  it('refuses an unknown sort with 400 invalid_parameter naming sort', () => {
    expect(refusal(() => listOrder('price', ITEM_KEYS, 'id'))).toMatchObject({ code: 'invalid_parameter', fields: ['sort'] });
  });
});

describe('cursors', () => {
  it('round-trip every kind of key, and the page they lead to', () => {
    const order = fixedOrder([{ column: 'created_at', kind: 'timestamp' }, { column: 'total', kind: 'bigint' }, { column: 'n', kind: 'integer' }, { column: 'sequence', kind: 'integer', nullable: true }, ID_KEY]);
    const key = [new Date('2026-11-21T09:30:00.123Z'), 9_007_199_254_740_993n, -4, null, 'SKU-1'];
    const cursor = encodeCursor('invoices', order, 7, key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, 'invoices', order)).toEqual({ page: 7, key });
  });

  it('keep names of any characters (quotes, accents, emoji)', () => {
    const key = ['Ein "Bügel" \\ 🚲', 'SKU-1'];
    expect(decodeCursor(encodeCursor('inventory_items', byName, 2, key), 'inventory_items', byName).key).toEqual(key);
  });

  it('refuse to make a cursor of a key that is not of its kind (a bug, not a request)', () => {
    expect(() => encodeCursor('inventory_items', byName, 2, [42, 'SKU-1'])).toThrow(/not a text/);
    expect(() => encodeCursor('inventory_items', byName, 2, ['x'.repeat(MAX_CURSOR_LENGTH), 'SKU-1'])).toThrow(/over/);
  });

  const valid = { v: 1, l: 'inventory_items', s: 'name', p: 2, k: ['Bolt', 'SKU-1'] };
  it.each<[string, string]>([
    ['garbage that is base64url', 'abc'],
    ['JSON that is not an object', base64url([1, 2])],
    ['not JSON', base64url('{"v":1')],
    ['another version', base64url({ ...valid, v: 2 })],
    ['an unknown member', base64url({ ...valid, x: 1 })],
    ['another list', base64url({ ...valid, l: 'orders' })],
    ['another sort', base64url({ ...valid, s: '-name' })],
    ['page 1', base64url({ ...valid, p: 1 })],
    ['a fractional page', base64url({ ...valid, p: 2.5 })],
    ['a page past 2^31 - 1', base64url({ ...valid, p: 2 ** 31 })],
    ['a key too short', base64url({ ...valid, k: ['Bolt'] })],
    ['a key too long', base64url({ ...valid, k: ['Bolt', 'SKU-1', 'x'] })],
    ['a number where text belongs', base64url({ ...valid, k: [5, 'SKU-1'] })],
    ['null in a key that cannot be null', base64url({ ...valid, k: [null, 'SKU-1'] })],
    ['a NUL character', base64url({ ...valid, k: ['Bo\u0000lt', 'SKU-1'] })],
  ])('refuse %s with 422 rule_violation naming after', (_case, cursor) => {
    expect(refusal(() => decodeCursor(cursor, 'inventory_items', byName))).toMatchObject({ code: 'rule_violation', fields: ['after'] });
  });

  it.each<[string, unknown]>([
    ['a fractional integer', 1.5],
    ['an integer past 2^53', 2 ** 53],
    ['a string', '5'],
  ])('refuse %s as an integer key', (_case, value) => {
    const order = listOrder('quantity_on_hand', ITEM_KEYS, 'id');
    expect(refusal(() => decodeCursor(base64url({ v: 1, l: 'inventory_items', s: 'quantity_on_hand', p: 2, k: [value, 'SKU-1'] }), 'inventory_items', order)).code).toBe('rule_violation');
  });

  it.each<[string, unknown]>([
    ['a date without time', '2026-11-21'],
    ['an offset instead of Z', '2026-11-21T09:30:00.000+01:00'],
    ['an impossible date', '2026-02-30T09:30:00.000Z'],
    ['a number', 1_700_000_000_000],
  ])('refuse %s as a timestamp key', (_case, value) => {
    const order = listOrder('created_at', ITEM_KEYS, 'id');
    expect(refusal(() => decodeCursor(base64url({ v: 1, l: 'inventory_items', s: 'created_at', p: 2, k: [value, 'SKU-1'] }), 'inventory_items', order)).code).toBe('rule_violation');
  });

  it.each<[string, unknown]>([
    ['a number', 5],
    ['a decimal', '1.5'],
    ['a leading zero', '05'],
    ['past 2^63 - 1', '9223372036854775808'],
  ])('refuse %s as a bigint key', (_case, value) => {
    const order = fixedOrder([{ column: 'total', kind: 'bigint' }, ID_KEY]);
    expect(refusal(() => decodeCursor(base64url({ v: 1, l: 'orders', s: order.sort, p: 2, k: [value, 'ord_1'] }), 'orders', order)).code).toBe('rule_violation');
  });
});

describe('listWindow', () => {
  const cursor = encodeCursor('inventory_items', byName, 4, ['Bolt', 'SKU-9']);

  it('numbered pages skip (page - 1) × per_page and read one more row than the page', () => {
    expect(listWindow({ page: 3, per_page: 10 }, 'inventory_items', byName)).toMatchObject({ page: 3, per_page: 10, skip: 20, take: 11, after: null, countTotal: true });
    expect(listWindow({}, 'inventory_items', byName)).toMatchObject({ page: 1, per_page: 25, skip: 0, take: 26 });
  });

  it('a cursor page starts after its key and carries its page number', () => {
    expect(listWindow({ after: cursor, per_page: 5 }, 'inventory_items', byName)).toMatchObject({ page: 4, per_page: 5, skip: 0, take: 6, after: ['Bolt', 'SKU-9'] });
  });

  it('refuses page and after together with 422 naming both', () => {
    expect(refusal(() => listWindow({ after: cursor, page: 1 }, 'inventory_items', byName))).toMatchObject({ code: 'rule_violation', fields: ['page', 'after'] });
  });

  it.each([['empty', ''], ['a character outside base64url', 'abc!'], ['too long', 'a'.repeat(MAX_CURSOR_LENGTH + 1)]])('refuses a cursor %s with 400 invalid_parameter naming after', (_case, after) => {
    expect(refusal(() => listWindow({ after }, 'inventory_items', byName))).toMatchObject({ code: 'invalid_parameter', fields: ['after'] });
  });

  it('counts the total only when the GraphQL query selects meta.total (through fragments too)', () => {
    const window = (query: string) => listWindow({}, 'inventory_items', byName, infoOf(query)).countTotal;
    expect(window('{ inventory_items { data { id } meta { total } } }')).toBe(true);
    expect(window('{ inventory_items { data { id } meta { page next_cursor } } }')).toBe(false);
    expect(window('{ inventory_items { data { id } } }')).toBe(false);
    expect(window('{ inventory_items { ...Page } } fragment Page on InventoryItemList { meta { ...Counted } } fragment Counted on PageMeta { total }')).toBe(true);
    expect(window('{ inventory_items { ... on InventoryItemList { meta { ... { total } } } } }')).toBe(true);
    expect(window('{ inventory_items { data { meta: id } } }')).toBe(false);
    expect(listWindow({}, 'inventory_items', byName).countTotal).toBe(true);
  });
});

/** The resolve info of the first root field of `query`, as much of it as `selects` reads. */
function infoOf(query: string): GraphQLResolveInfo {
  const document = parse(query);
  const operation = document.definitions.find((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION) as OperationDefinitionNode;
  const fragments = Object.fromEntries(document.definitions.flatMap((definition) => (definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition]] : [])));
  const field = operation.selectionSet.selections[0];
  return { fieldNodes: [field], fragments } as unknown as GraphQLResolveInfo;
}

describe('listPage', () => {
  const rows = [1, 2, 3, 4].map((n) => ({ id: `SKU-${n}`, name: n < 3 ? 'Bolt' : 'Nut' }));

  it('keeps per_page rows and makes the cursor of the last one when another row follows', () => {
    const window = listWindow({ per_page: 3 }, 'inventory_items', byName);
    const page = listPage(rows, window, 40);
    expect(page.data).toEqual(rows.slice(0, 3));
    expect(page.meta).toMatchObject({ total: 40, page: 1, per_page: 3 });
    expect(decodeCursor(page.meta.next_cursor as string, 'inventory_items', byName)).toEqual({ page: 2, key: ['Nut', 'SKU-3'] });
  });

  it('has no next cursor on the last page', () => {
    expect(listPage(rows, listWindow({ per_page: 4 }, 'inventory_items', byName), 4).meta.next_cursor).toBeNull();
    expect(listPage([], listWindow({ page: 9 }, 'inventory_items', byName), 4).meta).toEqual({ total: 4, page: 9, per_page: 25, next_cursor: null });
  });
});

describe('keyset conditions', () => {
  const after = (order: ReturnType<typeof listOrder>, key: unknown[]) => ({ ...listWindow({}, 'x', order), after: key });

  it('Prisma: a leading range bound, then the row comparison spelled out', () => {
    expect(keysetWhere(after(byName, ['Bolt', 'SKU-9']))).toEqual({
      AND: [{ name: { gte: 'Bolt' } }, { OR: [{ name: { gt: 'Bolt' } }, { AND: [{ name: 'Bolt' }, { id: { gt: 'SKU-9' } }] }] }],
    });
    expect(keysetWhere(after(listOrder('-id', ITEM_KEYS, 'id'), ['SKU-9']))).toEqual({ id: { lt: 'SKU-9' } });
    expect(keysetWhere(listWindow({}, 'x', byName))).toBeUndefined();
  });

  it('Prisma: nulls sort last in either direction', () => {
    const bySequence = (direction: 'asc' | 'desc') => fixedOrder([{ column: 'sequence', kind: 'integer', nullable: true }, ID_KEY], direction);
    expect(keysetWhere(after(bySequence('asc'), [5, 'inv_1']))).toEqual({ OR: [{ sequence: { gt: 5 } }, { sequence: null }, { AND: [{ sequence: 5 }, { id: { gt: 'inv_1' } }] }] });
    expect(keysetWhere(after(bySequence('desc'), [null, 'inv_1']))).toEqual({ AND: [{ sequence: null }, { id: { lt: 'inv_1' } }] });
  });

  it('SQL: one row comparison, < when descending', () => {
    const sql = keysetSql(after(listOrder('-name', ITEM_KEYS, 'id'), ['Bolt', 'SKU-9']));
    expect(sql?.sql).toBe('("name", "id") < (?,?)');
    expect(sql?.values).toEqual(['Bolt', 'SKU-9']);
  });
});
