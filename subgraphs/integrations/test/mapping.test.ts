import { buildSchema, type GraphQLInputObjectType, type GraphQLScalarType } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { SourceRecord } from '../src/connectors/source.ts';
import { applyMapping, compileMapping, inputFieldsOf, MAPPING_LIMITS, type MappingDefinition, type MappingError, previewMapping } from '../src/mapping/index.ts';

// Input types shaped like the platform's, with scalars parsing as the platform's do (graphql-kit's platformScalars).
const schema = buildSchema(`
  "An amount as an integer count of minor units."
  scalar MinorUnits
  scalar DateTime

  enum OrderKind { SALE PURCHASE }

  input CreateInventoryItemInput {
    "The item's id."
    id: String!
    name: String!
    quantity_on_hand: Int! = 0
    reorder_point: Int
    unit_cost: MinorUnits
    warehouse_id: String!
    received_at: DateTime
  }

  input OrderLineInput {
    item_id: String!
    quantity: Int!
    unit_price: MinorUnits!
  }

  input CreateOrderInput {
    kind: OrderKind!
    customer_id: String!
    currency: String!
    lines: [OrderLineInput!]!
    external_reference: String
  }

  input CategoryInput {
    name: String!
    kind: OrderKind = SALE
    parent: CategoryInput
  }

  type Query { ok: Boolean }
`);

Object.assign(schema.getType('MinorUnits') as GraphQLScalarType, {
  parseValue: (value: unknown) => {
    if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
    throw new Error('must be an integer amount in minor units (1999 for 19.99)');
  },
});
Object.assign(schema.getType('DateTime') as GraphQLScalarType, {
  parseValue: (value: unknown) => {
    const date = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value) ? new Date(value) : undefined;
    if (date && !Number.isNaN(date.getTime())) return date;
    throw new Error('DateTime values are RFC 3339 date-times such as 2026-11-21T09:30:00Z');
  },
});

const inventoryItemInput = schema.getType('CreateInventoryItemInput') as GraphQLInputObjectType;
const orderInput = schema.getType('CreateOrderInput') as GraphQLInputObjectType;
const categoryInput = schema.getType('CategoryInput') as GraphQLInputObjectType;

function product(data: Record<string, unknown>, overrides: Partial<SourceRecord> = {}): SourceRecord {
  return { stream: 'products', external_id: 'gid://shop/Product/7', updated_at: '2026-03-01T10:00:00Z', data, ...overrides };
}

const productData = { sku: 'SKU-7', title: 'Blue mug', stock: '12', price: '19.99', location: { id: 'WH-1' }, status: 'active' };

const productMapping: MappingDefinition = {
  fields: {
    id: 'sku',
    name: '$trim(title)',
    quantity_on_hand: '$number(stock)',
    unit_cost: '$round($number(price) * 100)',
    warehouse_id: 'location.id',
    received_at: '$record.updated_at',
  },
};

function compiled(definition: MappingDefinition, target: GraphQLInputObjectType = inventoryItemInput) {
  const outcome = compileMapping(definition, target);
  if (!outcome.ok) throw new Error(`expected the mapping to compile: ${JSON.stringify(outcome.errors)}`);
  return outcome.mapping;
}

function compileErrors(definition: MappingDefinition, target: GraphQLInputObjectType = inventoryItemInput): MappingError[] {
  const outcome = compileMapping(definition, target);
  if (outcome.ok) throw new Error('expected compile errors');
  return outcome.errors;
}

async function applyErrors(definition: MappingDefinition, record: SourceRecord, target: GraphQLInputObjectType = inventoryItemInput): Promise<MappingError[]> {
  const outcome = await applyMapping(compiled(definition, target), record);
  if (outcome.ok) throw new Error(`expected errors, got ${JSON.stringify(outcome)}`);
  return outcome.errors;
}

/** The inventory mapping with some fields replaced. */
function productMappingWith(fields: Record<string, string>): MappingDefinition {
  return { fields: { ...productMapping.fields, ...fields } };
}

describe('compileMapping', () => {
  it('compiles a valid definition, keeping its fields in the target field order', () => {
    const mapping = compiled({ fields: { warehouse_id: '"WH-1"', name: 'title', id: 'sku' } });
    expect(mapping.fields.map((field) => field.name)).toEqual(['id', 'name', 'warehouse_id']);
    expect(mapping.target).toBe(inventoryItemInput);
    expect(mapping.filter).toBeUndefined();
  });

  it('refuses a key that is not a field of the target, listing the valid names', () => {
    expect(compileErrors(productMappingWith({ quantity: 'stock' }))).toEqual([
      {
        field: 'fields.quantity',
        code: 'unknown_target_field',
        message: 'CreateInventoryItemInput has no field "quantity"; its fields: id, name, quantity_on_hand, reorder_point, unit_cost, warehouse_id, received_at',
      },
    ]);
  });

  it('requires every non-null field without a default, and only those', () => {
    expect(compileErrors({ fields: { id: 'sku' } })).toEqual([
      { field: 'fields.name', code: 'required_field_unmapped', message: 'name (String!) is required: map it' },
      { field: 'fields.warehouse_id', code: 'required_field_unmapped', message: 'warehouse_id (String!) is required: map it' },
    ]);
    expect(compileErrors({ fields: { customer_id: 'c', currency: '"EUR"' } }, orderInput).map((error) => error.field)).toEqual(['fields.kind', 'fields.lines']);
  });

  it("reports a syntax error with its position and JSONata's text, for a field and for the filter", () => {
    expect(compileErrors({ ...productMappingWith({ name: '$trim(title' }), filter: 'status = ' })).toEqual([
      { field: 'fields.name', code: 'expression_invalid', message: 'position 11: Expected ")" before end of expression (S0203)' },
      { field: 'filter', code: 'expression_invalid', message: 'position 9: Unexpected end of expression (S0207)' },
    ]);
  });

  it('refuses an empty expression and one that is not a string', () => {
    const errors = compileErrors({ fields: { ...productMapping.fields, name: '', id: 42 as unknown as string } });
    expect(errors.map(({ field, code }) => ({ field, code }))).toEqual([
      { field: 'fields.id', code: 'expression_invalid' },
      { field: 'fields.name', code: 'expression_invalid' },
    ]);
    expect(errors[0]?.message).toBe('must be a JSONata expression, as a string');
  });

  it('refuses an expression over the length cap', () => {
    const long = `"${'x'.repeat(MAPPING_LIMITS.expressionLength)}"`;
    expect(compileErrors(productMappingWith({ name: long }))).toEqual([
      { field: 'fields.name', code: 'expression_too_long', message: `${MAPPING_LIMITS.expressionLength + 2} characters; at most ${MAPPING_LIMITS.expressionLength}` },
    ]);
    expect(compiled(productMappingWith({ name: `"${'x'.repeat(MAPPING_LIMITS.expressionLength - 2)}"` })).fields).toHaveLength(6);
  });

  it('refuses a definition with too many fields, without checking each', () => {
    const fields = Object.fromEntries(Array.from({ length: MAPPING_LIMITS.fieldCount + 1 }, (_, index) => [`field_${index}`, '(']));
    expect(compileErrors({ fields })).toEqual([{ field: 'fields', code: 'too_many_fields', message: `${MAPPING_LIMITS.fieldCount + 1} fields; at most ${MAPPING_LIMITS.fieldCount}` }]);
  });

  it('refuses regular expressions, whose matching time cannot be bounded', () => {
    const [error, ...others] = compileErrors(productMappingWith({ id: '$replace(sku, /[^0-9]/, "")' }));
    expect(others).toEqual([]);
    expect(error).toMatchObject({ field: 'fields.id', code: 'expression_not_allowed' });
    expect(error?.message).toMatch(/^position 22: regular expressions are not allowed/);
  });

  it('reports all errors at once, in an order that does not depend on the order of the keys', () => {
    const fields = { zz: 'a', quantity_on_hand: '$number(', id: 'sku', aa: 'b', unit_cost: '"x'.padEnd(MAPPING_LIMITS.expressionLength + 1, 'x') };
    const reversed = Object.fromEntries(Object.entries(fields).reverse());
    const expected = [
      { field: 'fields.quantity_on_hand', code: 'expression_invalid' },
      { field: 'fields.unit_cost', code: 'expression_too_long' },
      { field: 'fields.aa', code: 'unknown_target_field' },
      { field: 'fields.zz', code: 'unknown_target_field' },
      { field: 'filter', code: 'expression_invalid' },
      { field: 'fields.name', code: 'required_field_unmapped' },
      { field: 'fields.warehouse_id', code: 'required_field_unmapped' },
    ];
    for (const definition of [{ fields, filter: ')' }, { fields: reversed, filter: ')' }]) {
      expect(compileErrors(definition).map(({ field, code }) => ({ field, code }))).toEqual(expected);
    }
  });
});

describe('applyMapping', () => {
  it('maps a record through JSONata conversions and $record, coercing scalars as GraphQL does', async () => {
    const outcome = await applyMapping(compiled(productMapping), product(productData));
    expect(outcome).toEqual({
      ok: true,
      input: { id: 'SKU-7', name: 'Blue mug', quantity_on_hand: 12, unit_cost: 1999, warehouse_id: 'WH-1', received_at: new Date('2026-03-01T10:00:00Z') },
    });
    // DateTime's parseValue ran: the input holds a Date, as a mutation's resolver would receive.
    expect(outcome.ok && 'input' in outcome && outcome.input.received_at instanceof Date).toBe(true);
  });

  it('gives $record its external_id and stream, and applies the defaults of unmapped fields', async () => {
    const mapping = compiled({ fields: { id: '$record.external_id', name: '$record.stream & ":" & title', warehouse_id: '"WH-1"', reorder_point: 'missing_field' } });
    expect(await applyMapping(mapping, product(productData))).toEqual({
      ok: true,
      input: { id: 'gid://shop/Product/7', name: 'products:Blue mug', quantity_on_hand: 0, warehouse_id: 'WH-1' },
    });
  });

  it('reports a value of the wrong type, naming the field, and a fraction given as minor units', async () => {
    const errors = await applyErrors(productMappingWith({ quantity_on_hand: 'stock & "abc"', unit_cost: '$number(price)' }), product(productData));
    expect(errors).toEqual([
      { field: 'quantity_on_hand', code: 'value_invalid', message: 'Int cannot represent non-integer value: "12abc"' },
      { field: 'unit_cost', code: 'value_invalid', message: 'Expected type "MinorUnits". must be an integer amount in minor units (1999 for 19.99)' },
    ]);
  });

  it('reports a required field the expression gave nothing or null for, and an invalid DateTime', async () => {
    const errors = await applyErrors(productMappingWith({ name: 'no_such_field', warehouse_id: 'null', received_at: '"yesterday"' }), product(productData));
    expect(errors).toEqual([
      { field: 'name', code: 'value_missing', message: 'required (String!), but the mapping gave no value' },
      { field: 'warehouse_id', code: 'value_missing', message: 'required (String!), but the mapping gave null' },
      { field: 'received_at', code: 'value_invalid', message: 'Expected type "DateTime". DateTime values are RFC 3339 date-times such as 2026-11-21T09:30:00Z' },
    ]);
  });

  const orderMapping: MappingDefinition = {
    fields: {
      kind: '$uppercase(type)',
      customer_id: 'customer.id',
      currency: 'currency',
      lines: 'line_items.{ "item_id": sku, "quantity": qty, "unit_price": $round($number(price) * 100) }',
      external_reference: '$record.external_id',
    },
  };
  const order = (data: Record<string, unknown>): SourceRecord => ({ stream: 'orders', external_id: 'order-1001', data });
  const orderData = {
    type: 'sale',
    customer: { id: 'C-1' },
    currency: 'EUR',
    line_items: [
      { sku: 'A', qty: 1, price: '2.50' },
      { sku: 'B', qty: 2, price: '1.00' },
    ],
  };

  it('maps a list of nested input objects', async () => {
    expect(await applyMapping(compiled(orderMapping, orderInput), order(orderData))).toEqual({
      ok: true,
      input: {
        kind: 'SALE',
        customer_id: 'C-1',
        currency: 'EUR',
        lines: [
          { item_id: 'A', quantity: 1, unit_price: 250 },
          { item_id: 'B', quantity: 2, unit_price: 100 },
        ],
        external_reference: 'order-1001',
      },
    });
  });

  it('takes the single object JSONata gives for a one-item list as a list of one', async () => {
    const outcome = await applyMapping(compiled(orderMapping, orderInput), order({ ...orderData, line_items: [{ sku: 'A', qty: 3, price: '1' }] }));
    expect(outcome).toMatchObject({ ok: true, input: { lines: [{ item_id: 'A', quantity: 3, unit_price: 100 }] } });
  });

  it('reports every bad value of nested list items by its path, with an unknown enum value', async () => {
    const lineItems = [
      { sku: 'A', qty: 1, price: '2.50' },
      { sku: 'B', qty: 2 },
      { sku: 'C', qty: 'many', price: '1.00' },
      { sku: 'D', qty: 1.5, price: '1.00' },
    ];
    const errors = await applyErrors(orderMapping, order({ ...orderData, type: 'gift', line_items: lineItems }), orderInput);
    expect(errors.map(({ field, code }) => `${field} ${code}`)).toEqual([
      'kind value_invalid',
      'lines.1.unit_price value_missing',
      'lines.2.quantity value_invalid',
      'lines.3.quantity value_invalid',
    ]);
    expect(errors[0]?.message).toBe('Value "GIFT" does not exist in "OrderKind" enum.');
  });

  it('reports a property the nested input type does not have, at its path', async () => {
    const errors = await applyErrors(
      { fields: { ...orderMapping.fields, lines: 'line_items.{ "item_id": sku, "qty": qty, "unit_price": 100 }' } },
      order({ ...orderData, line_items: [{ sku: 'A', qty: 1 }] }),
      orderInput,
    );
    expect(errors).toEqual([
      { field: 'lines.0.quantity', code: 'value_missing', message: 'required (Int!), but the mapping gave no value' },
      { field: 'lines.0.qty', code: 'value_invalid', message: 'Field "qty" is not defined by type "OrderLineInput".' },
    ]);
  });

  it('reports a required list the expression gave nothing for (no line items) as missing', async () => {
    expect(await applyErrors(orderMapping, order({ ...orderData, line_items: [] }), orderInput)).toEqual([
      { field: 'lines', code: 'value_missing', message: 'required ([OrderLineInput!]!), but the mapping gave no value' },
    ]);
  });

  it('reports a runtime error as expression_failed, with the other fields still checked and the failed one not again as missing', async () => {
    const errors = await applyErrors(productMappingWith({ name: '$number(title)', quantity_on_hand: '"twelve"' }), product(productData));
    expect(errors).toEqual([
      { field: 'fields.name', code: 'expression_failed', message: 'Unable to cast value to a number: "Blue mug" (D3030 at position 8)' },
      { field: 'quantity_on_hand', code: 'value_invalid', message: 'Int cannot represent non-integer value: "twelve"' },
    ]);
  });

  it('refuses a function as a value', async () => {
    expect(await applyErrors(productMappingWith({ name: 'function($x) { $x }' }), product(productData))).toEqual([
      { field: 'name', code: 'value_invalid', message: 'a function is not a value' },
    ]);
  });

  describe('filter', () => {
    const filtered = (filter: string) => compiled({ ...productMapping, filter });

    it('skips a record it gives false or nothing for, and maps one it gives true for', async () => {
      expect(await applyMapping(filtered('status = "active"'), product({ ...productData, status: 'archived' }))).toEqual({ ok: true, skipped: true });
      expect(await applyMapping(filtered('published'), product(productData))).toEqual({ ok: true, skipped: true });
      expect(await applyMapping(filtered('status = "active" and $record.stream = "products"'), product(productData))).toMatchObject({ ok: true, input: { id: 'SKU-7' } });
    });

    it('skips before evaluating the fields, so a record it rejects cannot fail them', async () => {
      const mapping = compiled({ ...productMappingWith({ quantity_on_hand: '$number(stock)' }), filter: '$exists(stock)' });
      expect(await applyMapping(mapping, product({ ...productData, stock: undefined }))).toEqual({ ok: true, skipped: true });
      expect(await applyMapping(mapping, product({ ...productData, stock: 'n/a' }))).toMatchObject({ ok: false, errors: [{ field: 'fields.quantity_on_hand', code: 'expression_failed' }] });
    });

    it('fails a record when it gives something other than a boolean, or fails', async () => {
      expect(await applyMapping(filtered('status'), product(productData))).toEqual({
        ok: false,
        errors: [{ field: 'filter', code: 'expression_failed', message: 'must give true or false; gave a string' }],
      });
      expect(await applyMapping(filtered('$number(status) > 1'), product(productData))).toMatchObject({ ok: false, errors: [{ field: 'filter', code: 'expression_failed' }] });
    });
  });

  describe('safety', () => {
    async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
      const startedAt = performance.now();
      const result = await run();
      return { result, ms: performance.now() - startedAt };
    }

    it('stops an endless (tail-recursive) loop at the time box', async () => {
      const { result, ms } = await timed(() => applyErrors(productMappingWith({ received_at: '($f := function($x) { $f($x) }; $f(1))' }), product(productData)));
      expect(result).toEqual([{ field: 'fields.received_at', code: 'expression_failed', message: `took too long: more than ${MAPPING_LIMITS.recordMs} ms` }]);
      expect(ms).toBeGreaterThanOrEqual(MAPPING_LIMITS.recordMs - 1);
      expect(ms).toBeLessThan(MAPPING_LIMITS.recordMs * 5);
    });

    it('stops a runaway recursion at the depth limit, quickly, and lets a bounded one through', async () => {
      const { result, ms } = await timed(() => applyErrors(productMappingWith({ reorder_point: '($f := function($x) { 1 + $f($x) }; $f(1))' }), product(productData)));
      expect(result).toEqual([{ field: 'fields.reorder_point', code: 'expression_failed', message: expect.stringMatching(/^too deep: more than 300 nested evaluation steps/) as unknown }]);
      expect(ms).toBeLessThan(MAPPING_LIMITS.recordMs);
      const bounded = '($f := function($n) { $n = 0 ? 0 : 1 + $f($n - 1) }; $f(30))';
      expect(await applyMapping(compiled(productMappingWith({ reorder_point: bounded })), product(productData))).toMatchObject({ ok: true, input: { reorder_point: 30 } });
    });

    it('refuses a huge range at once instead of building it', async () => {
      const { result, ms } = await timed(() => applyErrors(productMappingWith({ reorder_point: '$count([1..10000000])' }), product(productData)));
      expect(result).toEqual([{ field: 'fields.reorder_point', code: 'expression_failed', message: `too large: a sequence of more than ${MAPPING_LIMITS.sequenceLength} items` }]);
      expect(ms).toBeLessThan(MAPPING_LIMITS.recordMs);
    });

    it('refuses a string doubled past the value size, and many references to a long string', async () => {
      // Unguarded, doubling 28 times and taking $length crashes the process (V8 "invalid size error").
      const doubled = '($f := function($s, $n) { $n = 0 ? $s : $f($s & $s, $n - 1) }; $length($f("x", 23)))';
      const repeated = '$length($string([1..10000].$$.title))';
      const errors = await applyErrors(productMappingWith({ reorder_point: doubled, name: repeated }), product({ ...productData, title: 'x'.repeat(1_000) }));
      expect(errors).toEqual([
        { field: 'fields.name', code: 'expression_failed', message: `too large: a value of more than ${MAPPING_LIMITS.valueSize} characters and items` },
        { field: 'fields.reorder_point', code: 'expression_failed', message: `too large: a value of more than ${MAPPING_LIMITS.valueSize} characters and items` },
      ]);
    });

    it('guards $pad and $distinct, which keep their behaviour within the limits', async () => {
      const mapping = productMappingWith({ id: '$pad(sku, -10, "0")', name: '$join($distinct(["a", "b", "a"]), ",") & $pad("|", 3) & "|"' });
      expect(await applyMapping(compiled(mapping), product(productData))).toMatchObject({ ok: true, input: { id: '00000SKU-7', name: 'a,b|  |' } });
      const errors = await applyErrors(productMappingWith({ id: '$pad(sku, 100000000)', name: '$string($count($distinct([1..1001])))' }), product(productData));
      expect(errors).toEqual([
        { field: 'fields.id', code: 'expression_failed', message: `too large: $pad to a width of 100000000; at most ${MAPPING_LIMITS.padWidth}` },
        { field: 'fields.name', code: 'expression_failed', message: `too large: $distinct of 1001 items; at most ${MAPPING_LIMITS.distinctItems}` },
      ]);
    });

    it('applies the same bounds inside $eval, and refuses a regular expression built there', async () => {
      const errors = await applyErrors(
        productMappingWith({ name: '$eval("$match(\\"aaa\\", /(a+)+$/).match")', received_at: '$eval("($f := function($x) { $f($x) }; $f(1))")' }),
        product(productData),
      );
      expect(errors).toEqual([
        { field: 'fields.name', code: 'expression_failed', message: expect.stringMatching(/^regular expressions are not allowed in expressions/) as unknown },
        { field: 'fields.received_at', code: 'expression_failed', message: `took too long: more than ${MAPPING_LIMITS.recordMs} ms` },
      ]);
    });

    it("bounds the record's expressions together, not evaluating those after its time is spent", async () => {
      const runaway = '($f := function($x) { $f($x) }; $f(1))';
      const errors = await applyErrors(productMappingWith({ id: runaway, name: runaway, reorder_point: runaway }), product(productData));
      expect(errors).toEqual([
        { field: 'fields.id', code: 'expression_failed', message: `took too long: more than ${MAPPING_LIMITS.recordMs} ms` },
        { field: 'fields.name', code: 'expression_failed', message: `not evaluated: the record's expressions took more than ${MAPPING_LIMITS.recordMs} ms together` },
      ]);
    });

    it('keeps the time box of each evaluation its own: a record mapped alongside a runaway one is not stopped', async () => {
      const slow = compiled(productMappingWith({ received_at: '($f := function($x) { $f($x) }; $f(1))' }));
      const fast = compiled(productMapping);
      const [stopped, ...mapped] = await Promise.all([applyMapping(slow, product(productData)), ...Array.from({ length: 20 }, () => applyMapping(fast, product(productData)))]);
      expect(stopped).toMatchObject({ ok: false, errors: [{ field: 'fields.received_at', message: expect.stringMatching(/^took too long/) as unknown }] });
      for (const outcome of mapped) expect(outcome).toMatchObject({ ok: true, input: { id: 'SKU-7' } });
    });

    it('gives expressions no way to JavaScript globals, prototypes or the record itself', async () => {
      const attempts = [
        'constructor',
        '$.constructor',
        '$$.__proto__',
        '$lookup($, "constructor")',
        '$string.constructor',
        '$eval("constructor")',
        '$eval("$process")',
        '$process',
        '$require',
        '$globalThis',
        '$keys($record.__proto__)',
        '$string.implementation',
        '$record.data.constructor',
      ];
      const record = product(productData);
      for (const attempt of attempts) {
        // Anything it reached would show: a function is refused as a value, a string would be kept.
        const outcome = await applyMapping(compiled({ fields: { ...productMapping.fields, name: `"ok"`, reorder_point: attempt } }), record);
        expect({ attempt, outcome }).toMatchObject({ attempt, outcome: { ok: true, input: { name: 'ok' } } });
        expect(outcome.ok && 'input' in outcome && 'reorder_point' in outcome.input).toBe(false);
      }
      const polluting = '$merge([{"__proto__": {"polluted": true}}, $ ~> |$|{"title": "changed"}|]).title';
      expect(await applyMapping(compiled(productMappingWith({ name: polluting })), record)).toMatchObject({ ok: true, input: { name: 'changed' } });
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(record.data).toEqual(productData);
    });
  });
});

describe('previewMapping', () => {
  it('applies a definition to each sample record', async () => {
    const records = [product(productData), product({ ...productData, status: 'draft' }, { external_id: 'p-2' }), product({ ...productData, stock: 'n/a' }, { external_id: 'p-3' })];
    expect(await previewMapping({ ...productMapping, filter: 'status != "draft"' }, inventoryItemInput, records)).toEqual({
      ok: true,
      records: [
        { external_id: 'gid://shop/Product/7', ok: true, input: expect.objectContaining({ id: 'SKU-7', unit_cost: 1999 }) as unknown },
        { external_id: 'p-2', ok: true, skipped: true },
        { external_id: 'p-3', ok: false, errors: [expect.objectContaining({ field: 'fields.quantity_on_hand', code: 'expression_failed' }) as unknown] },
      ],
    });
  });

  it('returns the compile errors as a whole when the definition does not compile', async () => {
    expect(await previewMapping({ fields: { id: 'sku' } }, inventoryItemInput, [product(productData)])).toEqual({
      ok: false,
      errors: compileErrors({ fields: { id: 'sku' } }),
    });
  });

  it('refuses more sample records than the cap', async () => {
    const records = Array.from({ length: MAPPING_LIMITS.previewRecords + 1 }, () => product(productData));
    expect(await previewMapping(productMapping, inventoryItemInput, records)).toEqual({
      ok: false,
      errors: [{ field: 'records', code: 'too_many_records', message: `${MAPPING_LIMITS.previewRecords + 1} records; at most ${MAPPING_LIMITS.previewRecords}` }],
    });
  });
});

describe('inputFieldsOf', () => {
  it('describes each field: its type as written, whether a mapping must map it, its description and default', () => {
    expect(inputFieldsOf(inventoryItemInput)).toEqual([
      { name: 'id', type: 'String!', required: true, description: "The item's id." },
      { name: 'name', type: 'String!', required: true, description: null },
      { name: 'quantity_on_hand', type: 'Int!', required: false, description: null, default_value: 0 },
      { name: 'reorder_point', type: 'Int', required: false, description: null },
      { name: 'unit_cost', type: 'MinorUnits', required: false, description: null },
      { name: 'warehouse_id', type: 'String!', required: true, description: null },
      { name: 'received_at', type: 'DateTime', required: false, description: null },
    ]);
  });

  it("describes enums' values and nested input objects' fields, stopping where an input type contains itself", () => {
    const fields = inputFieldsOf(orderInput);
    expect(fields.find((field) => field.name === 'kind')).toEqual({ name: 'kind', type: 'OrderKind!', required: true, description: null, enum_values: ['SALE', 'PURCHASE'] });
    expect(fields.find((field) => field.name === 'lines')).toEqual({
      name: 'lines',
      type: '[OrderLineInput!]!',
      required: true,
      description: null,
      fields: [
        { name: 'item_id', type: 'String!', required: true, description: null },
        { name: 'quantity', type: 'Int!', required: true, description: null },
        { name: 'unit_price', type: 'MinorUnits!', required: true, description: null },
      ],
    });
    expect(inputFieldsOf(categoryInput)).toEqual([
      { name: 'name', type: 'String!', required: true, description: null },
      { name: 'kind', type: 'OrderKind', required: false, description: null, default_value: 'SALE', enum_values: ['SALE', 'PURCHASE'] },
      { name: 'parent', type: 'CategoryInput', required: false, description: null },
    ]);
  });
});
