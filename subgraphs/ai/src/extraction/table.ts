/**
 * The line table. Its header row is recognised by its column names in the usual wordings, in
 * any order; each following row's words are then given to the column they sit under, so column
 * order and alignment do not matter and cells a reader ran together (`183 SKU-1001`) are split
 * at the column boundary. Without a recognisable header, rows whose numbers multiply out
 * (quantity × unit price = amount) are taken as lines, with less confidence.
 */
import { found, isTotalsRow, missing } from './fields.ts';
import { type Cell, type Row, type Word, cellOf } from './layout.ts';
import { type ExtractedLine } from './types.ts';
import { isMoneyText, parseMoney, parsePercent, parseQuantity } from './values.ts';
import { trimEnds } from './values.ts';

type Column = 'description' | 'sku' | 'quantity' | 'unit_price' | 'tax_rate' | 'amount';

const columnNames: Record<Column, string[]> = {
  description: ['description', 'item description', 'product description', 'item', 'items', 'product', 'product name', 'article', 'details', 'service', 'services', 'goods', 'designation', 'particulars'],
  sku: ['sku', 'item code', 'item no', 'item number', 'item #', 'item id', 'part no', 'part number', 'part #', 'product code', 'product id', 'code', 'article no', 'article number', 'art no', 'ref', 'reference', 'catalog no', 'model'],
  quantity: ['qty', 'quantity', 'qnty', 'units', 'unit qty', 'pcs', 'count', 'hours', 'hrs'],
  unit_price: ['unit price', 'unit cost', 'price', 'rate', 'unit rate', 'each', 'price each', 'cost', 'price per unit', 'unit amount', 'u/price', 'net price'],
  tax_rate: ['tax', 'vat', 'gst', 'tax rate', 'vat rate', 'vat %', 'tax %', 'sales tax', '%'],
  amount: ['amount', 'total', 'line total', 'net', 'net amount', 'ext price', 'extended price', 'extension', 'value', 'line amount', 'net total', 'total price', 'subtotal'],
};
const columnOfName = new Map(Object.entries(columnNames).flatMap(([column, names]) => names.map((name) => [name, column as Column] as const)));
const LONGEST_NAME = 3;

interface HeaderColumn {
  column: Column;
  x0: number;
  x1: number;
}

function normalise(word: string): string {
  return trimEnds(word.toLowerCase(), (character) => !/[\p{L}\p{N}#%]/u.test(character), 'both');
}

/** The row's columns if it reads as a table header: three kinds of column or more, among them a number column, and few other words. */
function headerOf(row: Row): HeaderColumn[] | null {
  const words = row.cells.flatMap((cell) => cell.words).sort((a, b) => a.x0 - b.x0);
  const names = words.map((word) => normalise(word.text));
  const columns: HeaderColumn[] = [];
  let matched = 0;
  for (let index = 0; index < words.length; ) {
    const length = [LONGEST_NAME, 2, 1].find((candidate) => columnOfName.has(names.slice(index, index + candidate).join(' ')));
    if (!length) {
      index += 1;
      continue;
    }
    const column = columnOfName.get(names.slice(index, index + length).join(' '))!;
    const span = words.slice(index, index + length);
    columns.push({ column, x0: span[0]!.x0, x1: span.at(-1)!.x1 });
    matched += length;
    index += length;
  }
  // `Item | Description`: the first names the item code.
  const descriptions = columns.filter((column) => column.column === 'description');
  if (descriptions.length > 1 && !columns.some((column) => column.column === 'sku')) descriptions[0]!.column = 'sku';
  const unique = columns.filter((column, index) => columns.findIndex((other) => other.column === column.column) === index);
  const kinds = new Set(unique.map((column) => column.column));
  const numeric = kinds.has('quantity') || kinds.has('amount') || kinds.has('unit_price');
  if (kinds.size < 3 || !numeric || !(kinds.has('description') || kinds.has('sku')) || matched < 0.6 * words.length) return null;
  return unique;
}

function overlap(a: { x0: number; x1: number }, b: { x0: number; x1: number }): number {
  return Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
}

function distance(a: { x0: number; x1: number }, b: { x0: number; x1: number }): number {
  return Math.max(0, a.x0 - b.x1, b.x0 - a.x1);
}

function nearest(box: { x0: number; x1: number }, columns: HeaderColumn[]): HeaderColumn {
  return columns.reduce((best, column) => (distance(box, column) < distance(box, best) ? column : best));
}

function mostUnder(box: { x0: number; x1: number }, columns: HeaderColumn[]): HeaderColumn {
  return columns.reduce((best, column) => (overlap(box, column) > overlap(box, best) ? column : best));
}

/**
 * Each column's text in the row: a cell goes to the column it sits most under, or the nearest.
 * A cell spanning columns whose words each sit mostly under one of them (`183 SKU-1001`, run
 * together by a reader) is split between those columns.
 */
function cellsByColumn(row: Row, columns: HeaderColumn[]): Map<Column, Cell> {
  const words = new Map<Column, Word[]>();
  const give = (column: HeaderColumn, given: Word[]) => words.set(column.column, [...(words.get(column.column) ?? []), ...given]);
  for (const cell of row.cells) {
    const under = columns.filter((column) => overlap(cell, column) > 0);
    if (under.length === 0) {
      give(nearest(cell, columns), cell.words);
      continue;
    }
    const placed = cell.words.map((word) => {
      const column = mostUnder(word, under);
      return overlap(word, column) >= (word.x1 - word.x0) / 2 ? column : null;
    });
    if (under.length > 1 && placed.every((column) => column !== null) && new Set(placed).size > 1) cell.words.forEach((word, index) => give(placed[index]!, [word]));
    else give(mostUnder(cell, under), cell.words);
  }
  // Not aligned under the header (typed text), but one cell per column: the cells are in the header's order.
  if (words.size < columns.length && row.cells.length === columns.length) {
    words.clear();
    row.cells.forEach((cell, index) => give(columns[index]!, cell.words));
  }
  return new Map([...words.entries()].map(([column, given]) => [column, cellOf(given.sort((a, b) => a.x0 - b.x0))]));
}

function readSku(text: string): string | null {
  const code = text.trim();
  return /^[A-Z0-9][A-Z0-9\-/._]{1,39}$/i.test(code) && /\d/.test(code) ? code : null;
}

/** A line read from a row, before cross-checks; `tax` is a tax amount printed where a rate was expected. */
interface LineReading {
  row: Row;
  line: ExtractedLine;
  taxAmount: number | null;
}

export interface Reading {
  currency: string | null;
  decimalComma: boolean;
}

function lineOf(row: Row, cells: Map<Column, Cell>, base: number, reading: Reading): LineReading | null {
  const at = <T>(column: Column, parse: (text: string) => T | null) => {
    const cell = cells.get(column);
    const value = cell ? parse(cell.text) : null;
    return cell && value !== null ? found(value, base * cell.confidence, row) : missing<T>();
  };
  const quantity = at('quantity', (text) => parseQuantity(text, reading.decimalComma));
  const unit_price = at('unit_price', (text) => (isMoneyText(text) ? parseMoney(text, reading.currency, reading.decimalComma) : null));
  const amount = at('amount', (text) => (isMoneyText(text) ? parseMoney(text, reading.currency, reading.decimalComma) : null));
  const tax_rate = at('tax_rate', parsePercent);
  const sku = at('sku', readSku);
  const description = at('description', (text) => (/\p{L}/u.test(text) ? text.trim() : null));
  if ((description.value === null && sku.value === null) || (quantity.value === null && unit_price.value === null && amount.value === null)) return null;
  const taxCell = cells.get('tax_rate');
  const taxAmount = tax_rate.value === null && taxCell && isMoneyText(taxCell.text) ? parseMoney(taxCell.text, reading.currency, reading.decimalComma) : null;
  return { row, line: { description, sku, quantity, unit_price, tax_rate, amount }, taxAmount };
}

/** A row holding only a description, right under the previous line: that description wrapped onto it. */
function continues(row: Row, cells: Map<Column, Cell>, previous: LineReading | undefined): boolean {
  if (!previous || cells.size !== 1 || !cells.has('description')) return false;
  return row.page === previous.row.page && row.top - previous.row.bottom < previous.row.bottom - previous.row.top;
}

/** Confidence of a line read from a header's columns, and of one found only by its arithmetic. */
const HEADER_CONFIDENCE = 0.95;
const ARITHMETIC_CONFIDENCE = 0.6;

/** Rows after a header that may hold no line before the first one (rules, a sub-header). */
const LEAD_IN_ROWS = 2;

function linesUnderHeaders(rows: Row[], reading: Reading): { lines: LineReading[]; used: Set<Row> } {
  const lines: LineReading[] = [];
  const used = new Set<Row>();
  for (let index = 0; index < rows.length; index += 1) {
    const columns = headerOf(rows[index]!);
    if (!columns) continue;
    used.add(rows[index]!);
    const segment: LineReading[] = [];
    let misses = 0;
    for (index += 1; index < rows.length; index += 1) {
      const row = rows[index]!;
      if (row.page !== rows[index - 1]!.page || isTotalsRow(row) || headerOf(row)) break;
      const cells = cellsByColumn(row, columns);
      const line = lineOf(row, cells, HEADER_CONFIDENCE, reading);
      const previous = segment.at(-1);
      if (line) segment.push(line);
      else if (previous && continues(row, cells, previous) && previous.line.description.value !== null) previous.line.description.value += ` ${cells.get('description')!.text}`;
      else if (segment.length === 0 && misses < LEAD_IN_ROWS) misses += 1;
      else break;
      used.add(row);
    }
    index -= 1;
    lines.push(...segment);
  }
  return { lines, used };
}

/** Lines without a header: the row's last amount is the product of two of its other numbers. */
function linesByArithmetic(rows: Row[], reading: Reading): { lines: LineReading[]; used: Set<Row> } {
  const lines: LineReading[] = [];
  for (const row of rows) {
    if (isTotalsRow(row) || row.cells.length < 3) continue;
    const amountIndex = row.cells.findLastIndex((cell) => isMoneyText(cell.text));
    const amount = amountIndex > 0 ? parseMoney(row.cells[amountIndex]!.text, reading.currency, reading.decimalComma) : null;
    if (amount === null || amount === 0) continue;
    const before = row.cells.slice(0, amountIndex);
    let pair: [number, number] | null = null;
    for (let q = 0; q < before.length && !pair; q += 1) {
      for (let p = 0; p < before.length && !pair; p += 1) {
        const quantity = q === p ? null : parseQuantity(before[q]!.text, reading.decimalComma);
        const price = quantity === null ? null : parseMoney(before[p]!.text, reading.currency, reading.decimalComma);
        if (quantity !== null && price !== null && isMoneyText(before[p]!.text) && Math.abs(Math.round(quantity * price) - amount) <= 1) pair = [q, p];
      }
    }
    if (!pair) continue;
    const [q, p] = pair;
    const others = before.filter((cell, index) => index !== q && index !== p && !isMoneyText(cell.text));
    const rateCell = others.find((cell) => parsePercent(cell.text) !== null);
    const texts = others.filter((cell) => cell !== rateCell);
    const skuCell = texts.length > 1 ? texts.find((cell) => readSku(cell.text) !== null) : undefined;
    const descriptionCells = texts.filter((cell) => cell !== skuCell && /\p{L}/u.test(cell.text));
    if (descriptionCells.length === 0 && !skuCell) continue;
    const cells = new Map<Column, Cell>([
      ['quantity', before[q]!],
      ['unit_price', before[p]!],
      ['amount', row.cells[amountIndex]!],
      ...(rateCell ? [['tax_rate', rateCell] as const] : []),
      ...(skuCell ? [['sku', skuCell] as const] : []),
      ...(descriptionCells.length > 0 ? [['description', { ...descriptionCells[0]!, text: descriptionCells.map((cell) => cell.text).join(' ') }] as const] : []),
    ]);
    const line = lineOf(row, cells, ARITHMETIC_CONFIDENCE, reading);
    if (line) lines.push(line);
  }
  return { lines, used: new Set(lines.map((line) => line.row)) };
}

export interface Table {
  lines: ExtractedLine[];
  /** Tax printed per line as an amount (no rate column), by line: the rate is derived from it. */
  taxAmounts: Array<number | null>;
  /** Header and line rows, which hold no document fields. */
  rows: Set<Row>;
}

export function tableOf(rows: Row[], reading: Reading): Table {
  const underHeaders = linesUnderHeaders(rows, reading);
  const { lines, used } = underHeaders.lines.length > 0 ? underHeaders : linesByArithmetic(rows, reading);
  return { lines: lines.map((reading) => reading.line), taxAmounts: lines.map((reading) => reading.taxAmount), rows: used };
}
