import { describe, expect, it } from 'vitest';
import { type CsvConfigInput, createCsvSource, csvConfigSchema } from '../src/connectors/csv/index.ts';
import { type SourceConnector, SourceError, type SourcePage, type SourceRecord } from '../src/connectors/source.ts';

/** Chunk sizes every parsing case runs with: a row, a quote, a CRLF or a BOM cut anywhere must read the same. */
const CHUNK_SIZES = [1, 2, 3, 7, 64 * 1024];

function source(input: CsvConfigInput, content: string | Uint8Array, chunkSize = 64 * 1024): SourceConnector {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return createCsvSource(csvConfigSchema.parse(input), async function* () {
    for (let offset = 0; offset < bytes.length; offset += chunkSize) yield bytes.subarray(offset, offset + chunkSize);
  });
}

async function collect(read: AsyncIterable<SourcePage>): Promise<SourcePage[]> {
  const collected: SourcePage[] = [];
  for await (const page of read) collected.push(page);
  return collected;
}

async function records(connector: SourceConnector): Promise<SourceRecord[]> {
  return (await collect(connector.read({}))).flatMap((page) => page.records);
}

async function readError(connector: SourceConnector): Promise<SourceError> {
  const error = await records(connector).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(SourceError);
  return error as SourceError;
}

/** What a test compares: a record's id, problem (if any) and data. */
const summary = (record: SourceRecord) => (record.problem === undefined ? [record.external_id, record.data] : [record.external_id, record.problem]);

describe.each(CHUNK_SIZES)('CSV source, the file arriving in chunks of %i bytes', (chunkSize) => {
  it('reads the header and the rows as records of the stream', async () => {
    const read = await records(source({ id_column: 'id' }, 'id,name,price\n1,Apple,1.50\n2,Pear,2\n', chunkSize));
    expect(read).toEqual([
      { stream: 'rows', external_id: '1', data: { id: '1', name: 'Apple', price: '1.50' } },
      { stream: 'rows', external_id: '2', data: { id: '2', name: 'Pear', price: '2' } },
    ]);
  });

  it('unquotes fields holding delimiters, line breaks and doubled quotes; a quote inside an unquoted field is text', async () => {
    const csv = 'id,text\n1,"a, b"\n2,"line 1\nline 2"\n3,"say ""hi"""\n4,""\n5,5" screen\n';
    expect((await records(source({ id_column: 'id' }, csv, chunkSize))).map(summary)).toEqual([
      ['1', { id: '1', text: 'a, b' }],
      ['2', { id: '2', text: 'line 1\nline 2' }],
      ['3', { id: '3', text: 'say "hi"' }],
      ['4', { id: '4', text: '' }],
      ['5', { id: '5', text: '5" screen' }],
    ]);
  });

  it('reads another delimiter and quote', async () => {
    const csv = "id;name;note\n1;Apple;'a; b'\n2;Pear;'it''s'\n";
    expect((await records(source({ id_column: 'id', delimiter: ';', quote: "'" }, csv, chunkSize))).map(summary)).toEqual([
      ['1', { id: '1', name: 'Apple', note: 'a; b' }],
      ['2', { id: '2', name: 'Pear', note: "it's" }],
    ]);
  });

  it('skips a UTF-8 byte order mark (not part of the first column name) and reads a last row without a line break', async () => {
    const read = await records(source({ id_column: 'id' }, '\uFEFFid,name\n1,café', chunkSize));
    expect(read.map(summary)).toEqual([['1', { id: '1', name: 'café' }]]);
  });

  it('reads CRLF (and old Mac CR) line endings, counting CRLF inside a quoted field as one line', async () => {
    const csv = 'id,name\r\n1,"a\r\nb"\r\n2,c\r\n3,d,extra\r\n4,e\r5,f\r\n';
    expect((await records(source({ id_column: 'id' }, csv, chunkSize))).map(summary)).toEqual([
      ['1', { id: '1', name: 'a\r\nb' }],
      ['2', { id: '2', name: 'c' }],
      ['3', 'line 5: has 3 fields, expected 2'],
      ['4', { id: '4', name: 'e' }],
      ['5', { id: '5', name: 'f' }],
    ]);
  });

  it('keeps rows that cannot be read as records with a problem naming their line, in file order, and reads on', async () => {
    const csv = [
      'id,name', //                          line 1
      '1,good', //                           2
      '2,too,many', //                       3
      '3', //                                4
      ',no id', //                           5
      `4,${'x'.repeat(2000)}`, //            6: larger than max_record_bytes
      '5,good', //                           7
      '6,"text"after the quote', //          8
      '7,good', //                           9
      '', //                                 10: empty, skipped
      '8,"never closed', //                  11
      '9,good', //                           12
      '10,"multi', //                        13
      'line"', //                            14
    ].join('\n');
    const read = await records(source({ id_column: 'id', max_record_bytes: 1024 }, csv, chunkSize));
    expect(read.map(summary)).toEqual([
      ['1', { id: '1', name: 'good' }],
      ['2', 'line 3: has 3 fields, expected 2'],
      ['3', 'line 4: has 1 fields, expected 2'],
      ['line:5', 'line 5: the id column "id" is empty'],
      ['line:6', 'line 6: the row is larger than max_record_bytes (1024 bytes)'],
      ['5', { id: '5', name: 'good' }],
      ['line:8', 'line 8: a closing quote is followed by text instead of a delimiter or line break (a quote inside a quoted field is written "")'],
      ['7', { id: '7', name: 'good' }],
      // Open until the quote on line 13, which is followed by text: line 11 fails, and reading resumes on line 12.
      ['line:11', 'line 11: a quoted field is not closed'],
      ['9', { id: '9', name: 'good' }],
      ['10', { id: '10', name: 'multi\nline' }],
    ]);
    expect(read[1]?.data).toEqual({ id: '2', name: 'too' });
  });

  it('resumes on the line after a quote left open across lines, once the row outgrows max_record_bytes', async () => {
    const rows = Array.from({ length: 40 }, (_, index) => `${index + 3},row ${index + 3} ${'.'.repeat(40)}`);
    const csv = ['id,name', '1,good', '2,"never closed', ...rows, '43,"x"'].join('\n');
    const read = await records(source({ id_column: 'id', max_record_bytes: 1024 }, csv, chunkSize));
    expect(read[0]?.external_id).toBe('1');
    expect(read[1]?.problem).toBe('line 3: a quoted field is not closed (or the row is larger than max_record_bytes, 1024 bytes)');
    expect(read.slice(2).map((record) => [record.external_id, record.problem])).toEqual(
      Array.from({ length: 41 }, (_, index) => [String(index + 3), undefined]),
    );
  });

  it('reports empty lines as problems when skip_empty_lines is false', async () => {
    const read = await records(source({ id_column: 'id', skip_empty_lines: false }, 'id,name\n1,a\n\n2,b\n', chunkSize));
    expect(read.map(summary)).toEqual([
      ['1', { id: '1', name: 'a' }],
      ['line:3', 'line 3: the line is empty'],
      ['2', { id: '2', name: 'b' }],
    ]);
  });
});

describe('CSV source', () => {
  it('reads a file without a header row with the configured columns', async () => {
    const read = await records(source({ header: false, columns: ['sku', 'name'], id_column: 'sku', stream_name: 'products' }, 'A1,Apple\nB2,Pear\n'));
    expect(read).toEqual([
      { stream: 'products', external_id: 'A1', data: { sku: 'A1', name: 'Apple' } },
      { stream: 'products', external_id: 'B2', data: { sku: 'B2', name: 'Pear' } },
    ]);
  });

  it('sets updated_at from its column when it is an ISO 8601 date, and fails the row when it is not', async () => {
    const csv = 'id,changed\n1,2024-05-01T10:00:00Z\n2,\n3,yesterday\n4,2024-05-01 10:00:00+02:00\n';
    const read = await records(source({ id_column: 'id', updated_at_column: 'changed' }, csv));
    expect(read.map((record) => [record.external_id, record.updated_at, record.problem])).toEqual([
      ['1', '2024-05-01T10:00:00Z', undefined],
      ['2', undefined, undefined],
      ['3', undefined, 'line 4: the updated_at column "changed" is not an ISO 8601 date: "yesterday"'],
      ['4', '2024-05-01 10:00:00+02:00', undefined],
    ]);
  });

  it('reads a column named __proto__ as a column', async () => {
    const [record] = await records(source({ id_column: 'id' }, 'id,__proto__\n1,x\n'));
    expect(Object.getPrototypeOf(record?.data)).toBe(Object.prototype);
    expect(Object.entries(record?.data ?? {})).toEqual([
      ['id', '1'],
      ['__proto__', 'x'],
    ]);
  });

  it('reads Latin-1 when configured, and UTF-8 whatever the config when the file has a byte order mark', async () => {
    const latin1 = Buffer.from('id,name\n1,café\n', 'latin1');
    expect((await records(source({ id_column: 'id', encoding: 'latin1' }, latin1)))[0]?.data).toEqual({ id: '1', name: 'café' });
    expect((await records(source({ id_column: 'id', encoding: 'latin1' }, '\uFEFFid,name\n1,café\n')))[0]?.data).toEqual({ id: '1', name: 'café' });
  });

  it('fails the file (not retryable) when it is not UTF-8 text as configured, or not text at all', async () => {
    const notUtf8 = await readError(source({ id_column: 'id' }, Buffer.from('id,name\n1,café\n', 'latin1')));
    expect(notUtf8.retryable).toBe(false);
    expect(notUtf8.message).toMatch(/not valid UTF-8/);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    expect((await readError(source({ id_column: 'id' }, png))).message).toMatch(/not CSV text/);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('id,name\n1,a\n', 'utf16le')]);
    expect((await readError(source({ id_column: 'id' }, utf16))).message).toMatch(/UTF-16/);
  });

  it('fails the file when the id column is missing: test() says so without throwing, read() throws a SourceError', async () => {
    const connector = source({ id_column: 'sku' }, 'id;name\n1;Apple\n');
    const check = await connector.test();
    expect(check).toEqual({ ok: false, error: expect.stringMatching(/^the id_column "sku" is not a column of the file \(its columns: id;name\); the header has one column: is the delimiter "," right\?$/) });
    const error = await readError(connector);
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/id_column "sku"/);
  });

  it('fails the file at its start when the header names a column twice', async () => {
    const connector = source({ id_column: 'id' }, 'id,name,name\n1,a,b\n');
    expect(await connector.test()).toEqual({ ok: false, error: 'the header names column "name" twice (columns 2 and 3)' });
    expect((await readError(connector)).message).toBe('the header names column "name" twice (columns 2 and 3)');
  });

  it('fails an empty file, and a header row that cannot be read', async () => {
    expect((await readError(source({ id_column: 'id' }, ''))).message).toBe('the file is empty: it has no header row');
    expect((await readError(source({ id_column: 'id' }, 'id,"name\n'))).message).toBe('the header row cannot be read: line 1: a quoted field is not closed');
  });

  it('test() reports the columns, reading no more than the header and the first row', async () => {
    let chunksRead = 0;
    const connector = createCsvSource(csvConfigSchema.parse({ id_column: 'id' }), async function* () {
      yield Buffer.from('id,name,price\n1,Apple,1\n');
      for (;;) {
        chunksRead++;
        yield Buffer.from('2,Pear,2\n');
      }
    });
    expect(await connector.test()).toEqual({ ok: true, detail: '3 columns: id, name, price' });
    expect(chunksRead).toBeLessThanOrEqual(1);
    const badFirstRow = source({ id_column: 'id' }, 'id,name\n1\n2,b\n');
    expect(await badFirstRow.test()).toEqual({ ok: true, detail: '2 columns: id, name; the first row cannot be read: line 2: has 1 fields, expected 2' });
  });

  it('test() reports a failing upload stream instead of throwing', async () => {
    const connector = createCsvSource(csvConfigSchema.parse({ id_column: 'id' }), () => {
      throw new Error('chunk 3 is missing');
    });
    expect(await connector.test()).toEqual({ ok: false, error: 'the uploaded file could not be read: chunk 3 is missing' });
    const error = await readError(connector);
    expect(error.retryable).toBe(true);
  });

  it('yields pages of page_size records, and reads the file only as far as the pages asked for', async () => {
    let rowsProduced = 0;
    const config = csvConfigSchema.parse({ id_column: 'id', page_size: 500 });
    const connector = createCsvSource(config, async function* () {
      yield Buffer.from('id,name\n');
      while (rowsProduced < 1240) {
        // Ten rows a chunk.
        const rows = Array.from({ length: 10 }, () => `${++rowsProduced},name\n`).join('');
        yield Buffer.from(rows);
      }
    });
    const sizes: number[] = [];
    const producedAtPage: number[] = [];
    const cursors: Array<string | undefined> = [];
    for await (const page of connector.read({})) {
      sizes.push(page.records.length);
      producedAtPage.push(rowsProduced);
      cursors.push(page.cursor);
    }
    expect(sizes).toEqual([500, 500, 240]);
    expect(cursors).toEqual(['{"records":500}', '{"records":1000}', '{"records":1240}']);
    // The first page was yielded after about 500 rows had been produced, not after the file.
    expect(producedAtPage[0]).toBeLessThanOrEqual(520);
    expect(producedAtPage[1]).toBeLessThanOrEqual(1020);
  });

  it('resumes after the records a cursor counts, broken rows included, whatever the page size', async () => {
    const csv = 'id,name\n1,a\n2,b\n3,"broken"x\n4,d\n5,e\n6,f\n7,g\n';
    const all = await records(source({ id_column: 'id', page_size: 2 }, csv));
    const resumed = (await collect(source({ id_column: 'id', page_size: 4 }, csv).read({ cursor: '{"records":3}' }))).flatMap((page) => page.records);
    expect(resumed.map(summary)).toEqual(all.slice(3).map(summary));
    expect(resumed[0]?.external_id).toBe('4');
    expect(await collect(source({ id_column: 'id' }, csv).read({ cursor: '{"records":7}' }))).toEqual([]);
    for (const cursor of ['{}', 'x', '{"records":-1}', '{"records":1.5}']) {
      const error = await collect(source({ id_column: 'id' }, csv).read({ cursor })).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(SourceError);
      expect((error as SourceError).retryable).toBe(false);
    }
  });

  it('pages a long run of unreadable rows as it reads them, not at the end of the file', async () => {
    let rowsProduced = 0;
    const connector = createCsvSource(csvConfigSchema.parse({ id_column: 'id', page_size: 100 }), async function* () {
      yield Buffer.from('id,name\n1,"good"\n');
      while (rowsProduced < 5000) {
        const rows = Array.from({ length: 10 }, () => `${++rowsProduced},"broken"quote\n`).join('');
        yield Buffer.from(rows);
      }
    });
    const producedAtPage: number[] = [];
    let problems = 0;
    for await (const page of connector.read({})) {
      producedAtPage.push(rowsProduced);
      problems += page.records.filter((record) => record.problem !== undefined).length;
    }
    expect(problems).toBe(5000);
    expect(producedAtPage[0]).toBeLessThanOrEqual(120);
  });

  it('stops reading the upload when the consumer stops, and reads nothing for a stream it was not asked for', async () => {
    let released = false;
    let opened = 0;
    const connector = createCsvSource(csvConfigSchema.parse({ id_column: 'id', page_size: 1 }), async function* () {
      opened++;
      try {
        yield Buffer.from('id\n1\n2\n3\n');
      } finally {
        released = true;
      }
    });
    for await (const page of connector.read({})) {
      expect(page.records).toHaveLength(1);
      break;
    }
    expect(released).toBe(true);
    const unopened = createCsvSource(csvConfigSchema.parse({ id_column: 'id' }), () => {
      throw new Error('must not be opened');
    });
    for await (const page of unopened.read({ streams: ['products'] })) expect.unreachable(`read ${page.records.length} records`);
    expect(opened).toBe(1);
  });

  it('stops at the next page once cancelled', async () => {
    const controller = new AbortController();
    const connector = source({ id_column: 'id', page_size: 1 }, 'id\n1\n2\n3\n4\n', 2);
    const read = async () => {
      for await (const _page of connector.read({ signal: controller.signal })) controller.abort();
    };
    await expect(read()).rejects.toThrow(new SourceError('cancelled', false));
  });

  it('validates its configuration, each error naming its field', () => {
    const issues = (input: unknown) => csvConfigSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({})).toEqual([['id_column', expect.any(String)]]);
    expect(issues({ id_column: 'id', header: false })).toEqual([['columns', 'is required when header is false']]);
    expect(issues({ id_column: 'id', header: false, columns: ['a', 'b', 'a'] })).toEqual([
      ['columns.2', 'names "a" a second time'],
      ['id_column', 'must be one of columns'],
    ]);
    expect(issues({ id_column: 'id', delimiter: '"' })).toEqual([['quote', 'must differ from the delimiter']]);
    expect(issues({ id_column: 'id', delimiter: ';;', page_size: 5001, max_record_bytes: 10 })?.map(([path]) => path)).toEqual(['delimiter', 'page_size', 'max_record_bytes']);
    expect(issues({ id_column: 'id', idColumn: 'id' })?.map(([path]) => path)).toEqual(['']);
    expect(csvConfigSchema.parse({ id_column: 'id' })).toEqual({
      delimiter: ',',
      quote: '"',
      header: true,
      id_column: 'id',
      encoding: 'utf-8',
      skip_empty_lines: true,
      stream_name: 'rows',
      page_size: 500,
      max_record_bytes: 65536,
    });
  });
});

const MEMORY_TEST_ROWS = Number(process.env.CSV_MEMORY_TEST_ROWS ?? 1_000_000);

describe('CSV source memory', () => {
  it(`reads ${MEMORY_TEST_ROWS} rows (~100 bytes each) page by page with a bounded RSS`, { timeout: 120_000 }, async ({ task }) => {
    const gc = (globalThis as { gc?: () => void }).gc;
    let bytesProduced = 0;
    /** The file made as it is read: ~64 KiB chunks of ten-column rows, never the whole file. */
    async function* generatedFile(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('id,sku,name,price,stock,category,note,updated_at,warehouse,active\n');
      let rows: string[] = [];
      let length = 0;
      for (let index = 1; index <= MEMORY_TEST_ROWS; index++) {
        const row = `${index},SKU-${String(index).padStart(8, '0')},Product ${index % 1000},${(index % 9973) / 100},${index % 50},category-${index % 20},"note, ${index % 7}",2024-01-${String((index % 28) + 1).padStart(2, '0')}T10:00:00Z,warehouse-${index % 5},${index % 2 === 0}\n`;
        rows.push(row);
        length += row.length;
        if (length >= 64 * 1024 || index === MEMORY_TEST_ROWS) {
          const chunk = Buffer.from(rows.join(''));
          bytesProduced += chunk.length;
          yield chunk;
          rows = [];
          length = 0;
        }
      }
    }
    const connector = createCsvSource(csvConfigSchema.parse({ id_column: 'id', updated_at_column: 'updated_at', page_size: 1000 }), generatedFile);
    gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    let count = 0;
    let problems = 0;
    let lastId = '';
    const started = performance.now();
    for await (const page of connector.read({})) {
      count += page.records.length;
      for (const record of page.records) if (record.problem !== undefined) problems++;
      lastId = page.records.at(-1)?.external_id ?? lastId;
      peak = Math.max(peak, process.memoryUsage().rss);
    }
    const seconds = (performance.now() - started) / 1000;
    gc?.();
    const after = process.memoryUsage().rss;
    expect(count).toBe(MEMORY_TEST_ROWS);
    expect(problems).toBe(0);
    expect(lastId).toBe(String(MEMORY_TEST_ROWS));
    expect(bytesProduced).toBeGreaterThan(MEMORY_TEST_ROWS * 95);
    expect(peak - before).toBeLessThan(150 * 1024 * 1024);
    expect(after - before).toBeLessThan(150 * 1024 * 1024);
    expect(seconds).toBeLessThan(120);
    // The figures, without printing: `npx vitest run --reporter=json` shows a test's meta.
    Object.assign(task.meta, { rows: count, megabytes: Math.round(bytesProduced / 1e6), seconds: Number(seconds.toFixed(1)), peakRssGrowthMB: Math.round((peak - before) / 1e6) });
  });
});
