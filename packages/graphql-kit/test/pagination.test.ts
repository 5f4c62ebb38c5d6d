import { ApiError } from '@platform/errors';
import { type GraphQLResolveInfo, Kind, type OperationDefinitionNode, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { EXPORT_PAGE_SIZE, ID_KEY, type ListOrder, asExportPages, MAX_CURSOR_LENGTH, type OrderedKey, decodeCursor, encodeCursor, fixedOrder, keysetSql, keysetWhere, listOrder, listPage, listWindow, orderBySql, prismaOrderBy, sortRule } from '../src/pagination.ts';
import { ruleJsonSchema } from '../src/input-contract.ts';

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

const asc = (key: typeof ID_KEY): OrderedKey => ({ ...key, direction: 'asc', nulls: 'last' });
const desc = (key: typeof ID_KEY): OrderedKey => ({ ...key, direction: 'desc', nulls: 'last' });

describe('listOrder', () => {
  it('is the field then the tie-breaker, in one direction', () => {
    expect(listOrder('-quantity_on_hand', ITEM_KEYS, 'id')).toEqual({ sort: '-quantity_on_hand', keys: [desc({ column: 'quantity_on_hand', kind: 'integer' }), desc(ID_KEY)] });
    expect(listOrder(undefined, ITEM_KEYS, '-created_at')).toEqual({ sort: '-created_at', keys: [desc({ column: 'created_at', kind: 'timestamp' }), desc(ID_KEY)] });
    expect(listOrder('id', ITEM_KEYS, 'name').keys).toEqual([asc(ID_KEY)]);
  });

  it('takes several fields, each in its direction, then the tie-breaker in the direction of the last', () => {
    expect(listOrder('name,-quantity_on_hand', ITEM_KEYS, 'id')).toEqual({
      sort: 'name,-quantity_on_hand',
      keys: [asc({ column: 'name', kind: 'text' }), desc({ column: 'quantity_on_hand', kind: 'integer' }), desc(ID_KEY)],
    });
    expect(listOrder('-created_at,-id,name', ITEM_KEYS, 'id').keys.map((key) => [key.column, key.direction])).toEqual([
      ['created_at', 'desc'],
      ['id', 'desc'],
      ['name', 'asc'],
    ]);
  });

  it.each([
    ['an unknown field', 'price'],
    ['an unknown field among known ones', 'name,price'],
    ['more than three fields', 'name,-created_at,id,quantity_on_hand'],
    ['an empty term', 'name,,id'],
    ['a trailing comma', 'name,'],
    ['spaces', 'name, id'],
    ['a double minus', '--name'],
  ])('refuses %s with 400 invalid_parameter naming sort and the allowed fields', (_case, sort) => {
    const refused = refusal(() => listOrder(sort, ITEM_KEYS, 'id'));
    expect(refused).toMatchObject({ code: 'invalid_parameter', fields: ['sort'] });
    expect(refused.message).toContain('id, name, quantity_on_hand, created_at');
  });

  it('refuses a field named twice (in either direction) with 422 rule_violation naming sort', () => {
    expect(refusal(() => listOrder('name,-name', ITEM_KEYS, 'id'))).toMatchObject({ code: 'rule_violation', fields: ['sort'] });
  });

  it('publishes a pattern that accepts exactly the sorts listOrder accepts (but for a field named twice)', () => {
    const schema = ruleJsonSchema(sortRule(Object.keys(ITEM_KEYS))) as { anyOf: Array<{ pattern?: string }> };
    const pattern = new RegExp(schema.anyOf.find((branch) => branch.pattern)?.pattern as string);
    for (const sort of ['id', '-created_at', 'name,-quantity_on_hand', '-name,id,created_at']) expect(pattern.test(sort), sort).toBe(true);
    for (const sort of ['price', 'name,price', 'a,b,c,d', 'name,-created_at,id,quantity_on_hand', 'name,', '']) expect(pattern.test(sort), sort).toBe(false);
  });
});

describe('cursors', () => {
  it('round-trip every kind of key, and the page of their record', () => {
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

  const valid = { v: 2, l: 'inventory_items', s: 'name', p: 2, k: ['Bolt', 'SKU-1'] };

  it('accept the well-formed cursor the refusals below are variations of', () => {
    expect(decodeCursor(base64url(valid), 'inventory_items', byName)).toEqual({ page: 2, key: ['Bolt', 'SKU-1'] });
    expect(decodeCursor(base64url({ ...valid, p: 1 }), 'inventory_items', byName).page).toBe(1);
  });

  it.each<[string, string]>([
    ['garbage that is base64url', 'abc'],
    ['JSON that is not an object', base64url([1, 2])],
    ['not JSON', base64url('{"v":1')],
    ['the previous version', base64url({ ...valid, v: 1 })],
    ['an unknown member', base64url({ ...valid, x: 1 })],
    ['another list', base64url({ ...valid, l: 'orders' })],
    ['another sort', base64url({ ...valid, s: '-name' })],
    ['page 0', base64url({ ...valid, p: 0 })],
    ['a fractional page', base64url({ ...valid, p: 2.5 })],
    ['a page past 2^31 - 1', base64url({ ...valid, p: 2 ** 31 })],
    ['a key too short', base64url({ ...valid, k: ['Bolt'] })],
    ['a key too long', base64url({ ...valid, k: ['Bolt', 'SKU-1', 'x'] })],
    ['a number where text belongs', base64url({ ...valid, k: [5, 'SKU-1'] })],
    ['null in a key that cannot be null', base64url({ ...valid, k: [null, 'SKU-1'] })],
    ['a NUL character', base64url({ ...valid, k: ['Bo\u0000lt', 'SKU-1'] })],
  ])('refuse %s with 422 rule_violation naming the argument', (_case, cursor) => {
    expect(refusal(() => decodeCursor(cursor, 'inventory_items', byName))).toMatchObject({ code: 'rule_violation', fields: ['after'] });
    expect(refusal(() => listWindow({ before: cursor }, 'inventory_items', byName))).toMatchObject({ code: 'rule_violation', fields: ['before'] });
  });

  it.each<[string, unknown]>([
    ['a fractional integer', 1.5],
    ['an integer past 2^53', 2 ** 53],
    ['a string', '5'],
  ])('refuse %s as an integer key', (_case, value) => {
    const order = listOrder('quantity_on_hand', ITEM_KEYS, 'id');
    expect(refusal(() => decodeCursor(base64url({ v: 2, l: 'inventory_items', s: 'quantity_on_hand', p: 2, k: [value, 'SKU-1'] }), 'inventory_items', order)).code).toBe('rule_violation');
  });

  it.each<[string, unknown]>([
    ['a date without time', '2026-11-21'],
    ['an offset instead of Z', '2026-11-21T09:30:00.000+01:00'],
    ['an impossible date', '2026-02-30T09:30:00.000Z'],
    ['a number', 1_700_000_000_000],
  ])('refuse %s as a timestamp key', (_case, value) => {
    const order = listOrder('created_at', ITEM_KEYS, 'id');
    expect(refusal(() => decodeCursor(base64url({ v: 2, l: 'inventory_items', s: 'created_at', p: 2, k: [value, 'SKU-1'] }), 'inventory_items', order)).code).toBe('rule_violation');
  });

  it.each<[string, unknown]>([
    ['a number', 5],
    ['a decimal', '1.5'],
    ['a leading zero', '05'],
    ['past 2^63 - 1', '9223372036854775808'],
  ])('refuse %s as a bigint key', (_case, value) => {
    const order = fixedOrder([{ column: 'total', kind: 'bigint' }, ID_KEY]);
    expect(refusal(() => decodeCursor(base64url({ v: 2, l: 'orders', s: order.sort, p: 2, k: [value, 'ord_1'] }), 'orders', order)).code).toBe('rule_violation');
  });
});

describe('listWindow', () => {
  const cursor = encodeCursor('inventory_items', byName, 4, ['Bolt', 'SKU-9']);

  it('numbered pages skip (page - 1) × per_page and read one more row than the page', () => {
    expect(listWindow({ page: 3, per_page: 10 }, 'inventory_items', byName)).toMatchObject({ page: 3, per_page: 10, skip: 20, take: 11, after: null, countTotal: true });
    expect(listWindow({}, 'inventory_items', byName)).toMatchObject({ page: 1, per_page: 25, skip: 0, take: 26 });
  });

  it('pages of up to 100 records, and of up to 1,000 only for work run as an export', async () => {
    expect(refusal(() => listWindow({ per_page: 101 }, 'inventory_items', byName))).toMatchObject({ code: 'invalid_parameter', fields: ['per_page'] });
    const exported = await asExportPages(async () => {
      await Promise.resolve(); // The allowance follows the work across awaits.
      return listWindow({ per_page: EXPORT_PAGE_SIZE }, 'inventory_items', byName);
    });
    expect(exported).toMatchObject({ per_page: 1000, take: 1001 });
    await expect(asExportPages(async () => listWindow({ per_page: EXPORT_PAGE_SIZE + 1 }, 'inventory_items', byName))).rejects.toMatchObject({ code: 'invalid_parameter' });
    expect(refusal(() => listWindow({ per_page: EXPORT_PAGE_SIZE }, 'inventory_items', byName))).toMatchObject({ fields: ['per_page'] });
  });

  it('after a cursor: the page after its record, read from its key in the list order', () => {
    expect(listWindow({ after: cursor, per_page: 5 }, 'inventory_items', byName)).toMatchObject({ order: byName, backward: false, page: 5, per_page: 5, skip: 0, take: 6, after: ['Bolt', 'SKU-9'] });
  });

  it('before a cursor: the page before its record, read backwards from its key (every direction turned, nulls first)', () => {
    expect(listWindow({ before: cursor, per_page: 5 }, 'inventory_items', byName)).toMatchObject({
      order: { sort: 'name', keys: [{ column: 'name', direction: 'desc', nulls: 'first' }, { column: 'id', direction: 'desc', nulls: 'first' }] },
      backward: true,
      page: 3,
      skip: 0,
      take: 6,
      after: ['Bolt', 'SKU-9'],
    });
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['page and after', { after: cursor, page: 1 }, ['page', 'after']],
    ['page and before', { before: cursor, page: 2 }, ['page', 'before']],
    ['after and before', { after: cursor, before: cursor }, ['after', 'before']],
  ])('refuses %s together with 422 naming both', (_case, args, fields) => {
    expect(refusal(() => listWindow(args, 'inventory_items', byName))).toMatchObject({ code: 'rule_violation', fields });
  });

  it.each([['empty', ''], ['a character outside base64url', 'abc!'], ['too long', 'a'.repeat(MAX_CURSOR_LENGTH + 1)]])('refuses a cursor %s with 400 invalid_parameter naming after or before', (_case, value) => {
    expect(refusal(() => listWindow({ after: value }, 'inventory_items', byName))).toMatchObject({ code: 'invalid_parameter', fields: ['after'] });
    expect(refusal(() => listWindow({ before: value }, 'inventory_items', byName))).toMatchObject({ code: 'invalid_parameter', fields: ['before'] });
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
    expect(page.meta).toMatchObject({ total: 40, page: 1, per_page: 3, prev_cursor: null });
    expect(decodeCursor(page.meta.next_cursor as string, 'inventory_items', byName)).toEqual({ page: 1, key: ['Nut', 'SKU-3'] });
  });

  it('has no next cursor on the last page, no previous one on the first or past the end', () => {
    expect(listPage(rows, listWindow({ per_page: 4 }, 'inventory_items', byName), 4).meta.next_cursor).toBeNull();
    expect(listPage([], listWindow({ page: 9 }, 'inventory_items', byName), 4).meta).toEqual({ total: 4, page: 9, per_page: 25, next_cursor: null, prev_cursor: null });
  });

  it('makes the cursor of the first row of a later page, which leads back to its page', () => {
    const second = listPage(rows.slice(2), listWindow({ page: 2, per_page: 2 }, 'inventory_items', byName), 4);
    const prev = second.meta.prev_cursor as string;
    expect(decodeCursor(prev, 'inventory_items', byName)).toEqual({ page: 2, key: ['Nut', 'SKU-3'] });
    expect(listWindow({ before: prev, per_page: 2 }, 'inventory_items', byName)).toMatchObject({ page: 1, backward: true, after: ['Nut', 'SKU-3'] });
  });

  it('backwards: puts the rows read back in list order; page 1 only when no row precedes', () => {
    const before = encodeCursor('inventory_items', byName, 5, ['Nut', 'SKU-9']);
    // Read backwards from the cursor: SKU-4, SKU-3, SKU-2, and SKU-1 beyond the page.
    const middle = listPage([...rows].reverse(), listWindow({ before, per_page: 3 }, 'inventory_items', byName), 40);
    expect(middle.data.map((row) => row.id)).toEqual(['SKU-2', 'SKU-3', 'SKU-4']);
    expect(middle.meta.page).toBe(4);
    expect(decodeCursor(middle.meta.prev_cursor as string, 'inventory_items', byName)).toEqual({ page: 4, key: ['Bolt', 'SKU-2'] });
    expect(decodeCursor(middle.meta.next_cursor as string, 'inventory_items', byName)).toEqual({ page: 4, key: ['Nut', 'SKU-4'] });
    const start = listPage([...rows].reverse(), listWindow({ before, per_page: 4 }, 'inventory_items', byName), 40);
    expect(start.meta).toMatchObject({ page: 1, prev_cursor: null, next_cursor: expect.any(String) });
    // Records inserted at the front during a walk: the page the numbering calls 1 is not the first, so it is called 2.
    const early = encodeCursor('inventory_items', byName, 2, ['Nut', 'SKU-9']);
    expect(listPage([...rows].reverse(), listWindow({ before: early, per_page: 3 }, 'inventory_items', byName), 40).meta).toMatchObject({ page: 2, prev_cursor: expect.any(String) });
  });
});

/** Evaluates a Prisma `where` of the shapes keysetWhere makes against a plain record. */
function matches(where: Record<string, unknown>, row: Record<string, unknown>): boolean {
  return Object.entries(where).every(([field, condition]) => {
    if (field === 'AND') return (condition as Array<Record<string, unknown>>).every((part) => matches(part, row));
    if (field === 'OR') return (condition as Array<Record<string, unknown>>).some((part) => matches(part, row));
    const value = row[field];
    if (condition === null || typeof condition !== 'object') return value === condition;
    return Object.entries(condition).every(([operator, operand]) => {
      if (operator === 'not') return value !== operand;
      if (operator === 'in') return (operand as unknown[]).includes(value);
      if (value === null) return false;
      const compared = compare(value, operand);
      return { gt: compared > 0, gte: compared >= 0, lt: compared < 0, lte: compared <= 0 }[operator as 'gt'] ?? fail(`operator ${operator}`);
    });
  });
}

const fail = (what: string): never => {
  throw new Error(`unexpected ${what}`);
};
const compare = (a: unknown, b: unknown) => ((a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0);

/** The order of rows under a ListOrder, nulls where it places them. */
function sortedBy(rows: Array<Record<string, unknown>>, order: ListOrder) {
  return [...rows].sort((a, b) => {
    for (const key of order.keys) {
      const [x, y] = [a[key.column], b[key.column]];
      if (x === y) continue;
      if (x === null || y === null) return (x === null) === (key.nulls === 'last') ? 1 : -1;
      return compare(x, y) * (key.direction === 'asc' ? 1 : -1);
    }
    return 0;
  });
}

describe('keyset conditions', () => {
  const after = (order: ListOrder, key: unknown[]) => ({ ...listWindow({}, 'x', order), after: key });

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

  it('Prisma: mixed directions, one term per key in its own direction', () => {
    const order = listOrder('name,-quantity_on_hand', ITEM_KEYS, 'id');
    expect(keysetWhere(after(order, ['Bolt', 5, 'SKU-9']))).toEqual({
      AND: [
        { name: { gte: 'Bolt' } },
        { OR: [{ name: { gt: 'Bolt' } }, { AND: [{ name: 'Bolt' }, { OR: [{ quantity_on_hand: { lt: 5 } }, { AND: [{ quantity_on_hand: 5 }, { id: { lt: 'SKU-9' } }] }] }] }] },
      ],
    });
  });

  // Every record, every cursor, every order (both directions of a nullable key, mixed directions, read forwards and backwards):
  // the records the condition keeps, in the order, are exactly those after the cursor's record.
  const DUE = { due: { column: 'due', kind: 'integer', nullable: true }, total: 'integer', id: 'text' } as const;
  const records = Array.from({ length: 18 }, (_, index) => ({ id: `r${String(index).padStart(2, '0')}`, due: index % 3 === 0 ? null : index % 4, total: index % 5 }));
  const orders = ['due', '-due', 'due,-total', '-due,total', 'total,-due', '-total,due', 'id'].map((sort) => listOrder(sort, DUE, 'id'));
  const backwards = (order: ListOrder) => listWindow({ before: encodeCursor('x', order, 2, order.keys.map((key) => (records[0] as Record<string, unknown>)[key.column])) }, 'x', order).order;

  it.each(orders.flatMap((order) => [[`sort=${order.sort}`, order] as const, [`sort=${order.sort}, read backwards`, backwards(order)] as const]))('Prisma: %s keeps exactly the records after each cursor', (_case, order) => {
    const sorted = sortedBy(records, order);
    for (const [index, cursor] of sorted.entries()) {
      const where = keysetWhere(after(order, order.keys.map((key) => (cursor as Record<string, unknown>)[key.column]))) as Record<string, unknown>;
      expect(sortedBy(records.filter((record) => matches(where, record)), order), `after ${cursor.id}`).toEqual(sorted.slice(index + 1));
    }
  });

  it('SQL: one row comparison, < when descending', () => {
    const sql = keysetSql(after(listOrder('-name', ITEM_KEYS, 'id'), ['Bolt', 'SKU-9']));
    expect(sql?.sql).toBe('("name", "id") < (?,?)');
    expect(sql?.values).toEqual(['Bolt', 'SKU-9']);
  });

  it('SQL: mixed directions and nullable keys spelled out, as in Prisma', () => {
    const mixed = keysetSql(after(listOrder('name,-quantity_on_hand', ITEM_KEYS, 'id'), ['Bolt', 5, 'SKU-9']), 'i');
    expect(mixed?.sql).toBe('("i"."name" >= ? AND ("i"."name" > ? OR ("i"."name" = ? AND ("i"."quantity_on_hand" < ? OR ("i"."quantity_on_hand" = ? AND "i"."id" < ?)))))');
    expect(mixed?.values).toEqual(['Bolt', 'Bolt', 'Bolt', 5, 5, 'SKU-9']);
    const nullable = listOrder('due', DUE, 'id');
    expect(keysetSql(after(nullable, [null, 'r03']))?.sql).toBe('("due" IS NULL AND "id" > ?)');
    expect(keysetSql({ ...listWindow({ before: encodeCursor('x', nullable, 2, [null, 'r03']) }, 'x', nullable) })?.sql).toBe('("due" IS NOT NULL OR ("due" IS NULL AND "id" < ?))');
  });

  it('ORDER BY: each key in its direction, nulls last, first when read backwards', () => {
    const order = listOrder('-due,total', DUE, 'id');
    expect(orderBySql(order).sql).toBe('"due" DESC NULLS LAST, "total" ASC, "id" ASC');
    expect(orderBySql(backwards(order), 'r').sql).toBe('"r"."due" ASC NULLS FIRST, "r"."total" DESC, "r"."id" DESC');
    expect(prismaOrderBy(backwards(order))).toEqual([{ due: { sort: 'asc', nulls: 'first' } }, { total: 'desc' }, { id: 'desc' }]);
  });
});
