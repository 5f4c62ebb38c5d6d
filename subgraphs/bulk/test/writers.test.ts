import { describe, expect, it } from 'vitest';
import { csvWriter, ndjsonWriter } from '../src/writers.ts';

describe('NDJSON', () => {
  it('writes one JSON object per line, as selected', () => {
    const records = [{ id: 'a', customer: { name: 'Ann "A"' }, tags: ['x'] }, { id: 'b', customer: null, tags: [] }];
    const text = ndjsonWriter.preamble + ndjsonWriter.page(records);
    expect(text.split('\n')).toHaveLength(3);
    expect(text.trimEnd().split('\n').map((line) => JSON.parse(line))).toEqual(records);
  });
});

describe('CSV', () => {
  const writer = csvWriter(['id', 'customer.name', 'customer.address.city', 'tags', 'total', 'paid', 'data']);

  it('writes the columns as its header', () => {
    expect(writer.preamble).toBe('id,customer.name,customer.address.city,tags,total,paid,data\r\n');
  });

  it('flattens nested objects, writes lists and JSON values as JSON text, nulls and absent values empty', () => {
    const row = writer.page([{ id: 'o1', customer: { name: 'Ann', address: null }, tags: ['a', 'b'], total: 1250, paid: false, data: { k: 1 } }]);
    expect(row).toBe('o1,Ann,,"[""a"",""b""]",1250,false,"{""k"":1}"\r\n');
  });

  it('quotes fields holding commas, quotes and line breaks (RFC 4180)', () => {
    const row = csvWriter(['a', 'b', 'c', 'd']).page([{ a: 'x,y', b: 'say "hi"', c: 'two\nlines', d: 'plain' }]);
    expect(row).toBe('"x,y","say ""hi""","two\nlines",plain\r\n');
  });

  it('writes a row per record, and nothing for an empty page', () => {
    expect(csvWriter(['id']).page([{ id: 1 }, { id: 2 }])).toBe('1\r\n2\r\n');
    expect(csvWriter(['id']).page([])).toBe('');
  });
});
