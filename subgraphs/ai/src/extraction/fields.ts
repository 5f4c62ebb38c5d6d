/**
 * The document's own fields (type, number, dates, currency, supplier, totals), found by their
 * labels in the many wordings suppliers use. A label's value is read where layouts put it: after
 * the label in the same cell (`Invoice No.: 123`), in the next cell of the row, or in the cell
 * below the label (labels above values).
 */
import { type Cell, type Row } from './layout.ts';
import { type DocumentType, type ExtractedField, type SourceLocation } from './types.ts';
import { type DateOrder, currencyIn, isMoneyText, parseDate, parseMoney, parsePercent, trimEnds } from './values.ts';

export function sourceOf(row: Row): SourceLocation {
  return { page: row.page, line: row.line, text: row.text };
}

export function found<T>(value: T, confidence: number, row: Row | null): ExtractedField<T> {
  return { value, confidence: Math.round(Math.min(1, Math.max(0, confidence)) * 100) / 100, source: row ? sourceOf(row) : null };
}

export function missing<T>(): ExtractedField<T> {
  return { value: null, confidence: 0, source: null };
}

/** A label wording and how much finding a value after it says. */
interface Label {
  pattern: RegExp;
  confidence: number;
}

interface Hit<T> {
  value: T;
  row: Row;
  confidence: number;
}

/** Rows below a label searched for its value, when the layout puts values under their labels. */
const ROWS_BELOW = 2;

function overlaps(a: { x0: number; x1: number }, b: { x0: number; x1: number }): boolean {
  return Math.min(a.x1, b.x1) > Math.max(a.x0, b.x0);
}

/**
 * The first value `read` accepts next to one of the labels, trying the labels in order (the
 * surest wording first) and the rows in reading order. `skip` holds rows that belong elsewhere
 * (the line table).
 */
function labelled<T>(rows: Row[], labels: Label[], read: (text: string) => T | null, skip: Set<Row> = new Set()): Hit<T> | null {
  for (const { pattern, confidence } of labels) {
    for (const [rowIndex, row] of rows.entries()) {
      if (skip.has(row)) continue;
      for (const [cellIndex, cell] of row.cells.entries()) {
        const match = pattern.exec(cell.text);
        if (!match) continue;
        const rest = cell.text.slice(match[0].length).replace(/^[\s:#.\-–]+/, '');
        const candidates: Array<[Cell | { text: string; confidence: number }, Row, number]> = [];
        if (rest) candidates.push([{ text: rest, confidence: cell.confidence }, row, 1]);
        for (const next of row.cells.slice(cellIndex + 1, cellIndex + 3)) candidates.push([next, row, 1]);
        for (const below of rows.slice(rowIndex + 1, rowIndex + 1 + ROWS_BELOW)) {
          if (below.page !== row.page || skip.has(below)) continue;
          const under = below.cells.find((candidate) => overlaps(candidate, cell) || Math.abs(candidate.x0 - cell.x0) < 2);
          if (under) candidates.push([under, below, 0.9]);
        }
        for (const [candidate, where, placement] of candidates) {
          const value = read(candidate.text);
          if (value !== null) return { value, row: where, confidence: confidence * placement * candidate.confidence };
        }
      }
    }
  }
  return null;
}

function asField<T>(hit: Hit<T> | null): ExtractedField<T> {
  return hit ? found(hit.value, hit.confidence, hit.row) : missing();
}

// ---- document type ---------------------------------------------------------------------------

const invoiceTitle = /^(?:tax\s+|commercial\s+|sales\s+)?invoice(?:$|\s+(?=\S*\d))/i;
const orderTitle = /^(?:purchase\s+order|p\.\s?o\.)(?:$|\s+(?=\S*\d))/i;

/** From the title (`INVOICE`, `Purchase Order`, `Invoice INV-1`), else from which the document mentions first. */
export function documentTypeOf(rows: Row[]): ExtractedField<DocumentType> {
  for (const row of rows) {
    for (const cell of row.cells) {
      if (invoiceTitle.test(cell.text)) return found('invoice', 0.95 * cell.confidence, row);
      if (orderTitle.test(cell.text)) return found('purchase_order', 0.95 * cell.confidence, row);
    }
  }
  for (const row of rows) {
    if (/\bpurchase\s+order\b|\bP\.?O\.?\s*(?:number|no\b|#)/i.test(row.text)) return found('purchase_order', 0.7, row);
    if (/\binvoice\b(?!\s+(?:to|address)\b)/i.test(row.text)) return found('invoice', 0.7, row);
  }
  // No name at all (OCR may lose a title): labels only one kind of document uses.
  for (const row of rows) {
    if (row.cells.some((cell) => /^(?:vendor|deliver(?:y)?\s+(?:by|date)|required\s+by|ship\s+to)(?![a-z])/i.test(cell.text))) return found('purchase_order', 0.6, row);
    if (row.cells.some((cell) => /^(?:bill\s+to|due\s+date|payment\s+due|pay\s+by|amount\s+due)(?![a-z])/i.test(cell.text))) return found('invoice', 0.6, row);
  }
  return found('unknown', 0.5, null);
}

// ---- document number -----------------------------------------------------------------------

const numberSuffix = String.raw`\s*(?:no\.?|number|num\.?|nr\.?|n°|#|id|ref(?:erence)?)(?![a-z])`;
const invoiceNumberLabels: Label[] = [
  { pattern: new RegExp(`^(?:tax\\s+)?invoice${numberSuffix}`, 'i'), confidence: 0.95 },
  { pattern: new RegExp(`^(?:document|doc\\.?|bill)${numberSuffix}`, 'i'), confidence: 0.9 },
];
const orderNumberLabels: Label[] = [
  { pattern: new RegExp(`^(?:purchase\\s+order|p\\.?\\s?o\\.?|order)${numberSuffix}`, 'i'), confidence: 0.95 },
  { pattern: /^p\.?o\.?\s*:/i, confidence: 0.9 },
];
const genericNumberLabels: Label[] = [
  { pattern: /^(?:no\.?|number|nr\.?|n°|#)(?![a-z])/i, confidence: 0.9 },
  { pattern: /^ref(?:erence)?(?:\s*(?:no\.?|number|#))?(?![a-z])/i, confidence: 0.85 },
];

/** A document number: the first word, if it holds a digit and looks like a code rather than a date or an amount. */
function readCode(text: string): string | null {
  const word = trimEnds(text.trim().split(/\s+/)[0] ?? '', (character) => '.,;:'.includes(character), 'end');
  if (word.length < 3 || word.length > 40 || !/\d/.test(word) || !/^[A-Z0-9][A-Z0-9\-/._]*$/i.test(word)) return null;
  if (/^\d{4}-\d{2}-\d{2}$|^\d{1,2}[/.]\d{1,2}[/.]\d{2,4}$/.test(word) || /^\d{1,3}(?:,\d{3})*\.\d{2}$/.test(word)) return null;
  return word;
}

export function documentNumberOf(rows: Row[], type: DocumentType): ExtractedField<string> {
  const own = type === 'invoice' ? invoiceNumberLabels : type === 'purchase_order' ? orderNumberLabels : [...invoiceNumberLabels, ...orderNumberLabels];
  // The document's name as a label (`INVOICE INV-1`, or `Invoice` / `Order` above the number when OCR lost the `#`).
  const titles: Label[] = [{ pattern: type === 'purchase_order' ? /^(?:purchase\s+order|p\.?o\.?|order)(?=[\s:#]|$)/i : /^(?:tax\s+|commercial\s+)?invoice(?=[\s:#]|$)/i, confidence: 0.8 }];
  return asField(labelled(rows, [...own, ...genericNumberLabels, ...titles], readCode));
}

// ---- dates ----------------------------------------------------------------------------------

const issueDateLabels: Label[] = [
  { pattern: /^(?:invoice|order|issue|document|po|purchase\s+order|tax\s+point)\s+date(?![a-z])/i, confidence: 0.95 },
  { pattern: /^(?:date\s+of\s+(?:issue|invoice|order)|issued(?:\s+on)?|dated|ordered(?:\s+on)?)(?![a-z])/i, confidence: 0.95 },
  { pattern: /^date(?![a-z])/i, confidence: 0.9 },
];
const dueDateLabels: Label[] = [
  { pattern: /^(?:payment\s+)?due(?:\s+(?:date|by|on))?(?![a-z])/i, confidence: 0.95 },
  { pattern: /^pay(?:ment)?\s+(?:by|before)(?![a-z])/i, confidence: 0.95 },
  { pattern: /^(?:delivery|ship(?:ping)?|required|expected|need(?:ed)?)\s+(?:date|by|on)(?![a-z])/i, confidence: 0.95 },
  { pattern: /^deliver\s+(?:by|on)(?![a-z])/i, confidence: 0.95 },
];

export interface DateFields {
  issue_date: ExtractedField<string>;
  due_date: ExtractedField<string>;
  /** Fields read from numeric dates whose day and month could be swapped, with nothing in the document to settle it. */
  ambiguous: Array<'issue_date' | 'due_date'>;
}

/**
 * Issue and due dates, numeric ones read in `order`. `orderSettled` says whether the document
 * itself settles the order (another date with a day above 12); if not, an ambiguous date is
 * read as `order` guesses but flagged.
 */
export function datesOf(rows: Row[], order: DateOrder, orderSettled: boolean): DateFields {
  const read = (text: string) => parseDate(text, order);
  const ambiguous: DateFields['ambiguous'] = [];
  const fieldOf = (name: 'issue_date' | 'due_date', hit: Hit<{ value: string; ambiguous: boolean }> | null): ExtractedField<string> => {
    if (!hit) return missing();
    const doubtful = hit.value.ambiguous && !orderSettled;
    if (doubtful) ambiguous.push(name);
    return found(hit.value.value, hit.confidence * (doubtful ? 0.6 : 1), hit.row);
  };
  const due = labelled(rows, dueDateLabels, read);
  let issue = labelled(rows, issueDateLabels, read);
  if (!issue) {
    // Unlabelled: the first date of the document that is not the due date.
    const row = rows.find((candidate) => candidate !== due?.row && read(candidate.text) !== null);
    const value = row ? read(row.text) : null;
    if (row && value) issue = { value, row, confidence: 0.5 };
  }
  return { issue_date: fieldOf('issue_date', issue), due_date: fieldOf('due_date', due), ambiguous };
}

// ---- currency -------------------------------------------------------------------------------

/** A run of digits and separators: an amount, whose currency may be written before or after it. */
const digitRun = /\d[\d.,']*/g;
/** A code or a symbol just before an amount (`EUR 12.00`, `$12`, `CA$ 5`), in the few characters before it. */
const currencyBefore = /(?:\b[A-Z]{3}|[€£¥₹]|(?:\b[A-Z]{1,2})?\$)\s?[-−(]?$/;
/** A code or a symbol just after an amount (`12,00 €`, `12.00 GBP`). */
const currencyAfter = /^\s?(?:[A-Z]{3}\b|[€£¥₹])/;

/** The amounts of a text written with their currency (`EUR 12.00`, `12,00 €`, `$12`), each with that code or symbol. */
function amountsWithCurrency(text: string): string[] {
  const amounts: string[] = [];
  for (const match of text.matchAll(digitRun)) {
    const start = match.index;
    const end = start + match[0].length;
    // Looked for in a few characters on each side only: the run itself was found in one pass.
    const before = currencyBefore.exec(text.slice(Math.max(0, start - 6), start))?.[0];
    const after = currencyAfter.exec(text.slice(end, end + 5))?.[0];
    if (before) amounts.push(`${before}${match[0]}`);
    else if (after) amounts.push(`${match[0]}${after}`);
  }
  return amounts;
}

/** A `Currency:` label, else the currency the document's amounts name most often. */
export function currencyOf(rows: Row[]): ExtractedField<string> {
  const label = labelled(rows, [{ pattern: /^currency(?![a-z])/i, confidence: 0.95 }], (text) => (/^\s*[A-Z]{3}\b/.test(text) ? (currencyIn(text.trim().slice(0, 3))?.currency ?? null) : null));
  if (label) return asField(label);
  const votes = new Map<string, { count: number; confidence: number; row: Row }>();
  for (const row of rows) {
    for (const cell of row.cells) {
      for (const amount of amountsWithCurrency(cell.text)) {
        const mention = currencyIn(amount);
        if (!mention) continue;
        const vote = votes.get(mention.currency) ?? { count: 0, confidence: mention.confidence * cell.confidence, row };
        vote.count += 1;
        votes.set(mention.currency, vote);
      }
    }
  }
  const best = [...votes.entries()].sort((a, b) => b[1].count - a[1].count)[0];
  return best ? found(best[0], best[1].confidence, best[1].row) : missing();
}

// ---- supplier -------------------------------------------------------------------------------

const companySuffix = /\b(?:ltd|limited|gmbh|inc|llc|llp|plc|co|corp|corporation|company|sas|sarl|sa|s\.a|b\.v|bv|n\.v|nv|ag|kg|srl|s\.r\.l|spa|s\.p\.a|pty|oy|ab|as|a\/s|aps|se|kft|sp\.\s?z\s?o\.o)\.?$/i;
const notAName = /^(?:(?:tax\s+|commercial\s+)?invoice|purchase\s+order|page\b|bill\s+to|ship\s+to|sold\s+to|invoice\s+to|deliver\s+to|customer|buyer|date|tel|phone|fax|e-?mail|www\.|https?:)/i;

function readName(text: string): string | null {
  // E-mail addresses (`Acme <billing@acme.example>`) are dropped word by word, then the quotes and punctuation around the name.
  const words = text.split(/\s+/).filter((word) => !word.includes('@'));
  const name = trimEnds(
    trimEnds(words.join(' ').replaceAll('<', '').replaceAll('>', ''), (character) => `"' `.includes(character), 'start'),
    (character) => `"' ,;:`.includes(character),
    'end',
  ).trim();
  if (name.length < 2 || name.length > 100 || !/\p{L}{2}/u.test(name) || notAName.test(name)) return null;
  // Mostly digits: an address line or a reference, not a company.
  if ((name.match(/\d/g)?.length ?? 0) > name.length / 3) return null;
  return name;
}

const supplierLabels: Label[] = [{ pattern: /^(?:supplier|vendor|seller|sold\s+by|remit\s+to|payee|issued\s+by|bill(?:ed)?\s+from)(?![a-z])/i, confidence: 0.95 }];
const issuerLabels: Label[] = [{ pattern: /^from(?![a-z])/i, confidence: 0.9 }];

/** How far down the first page a letterhead is looked for, in rows. */
const LETTERHEAD_ROWS = 4;

/**
 * The supplier: a labelled party (`Vendor:`, `Supplier`, and `From` on an invoice), else, on
 * an invoice, its letterhead (the issuer's name heads the first page; a purchase order's
 * letterhead is the buyer's), the line table's rows left out. `sender` (an e-mail's From name)
 * is the last resort.
 */
export function supplierOf(rows: Row[], type: DocumentType, sender: string | null, tableRows: Set<Row>): ExtractedField<string> {
  const labels = type === 'purchase_order' ? supplierLabels : [...supplierLabels, ...issuerLabels];
  const hit = labelled(rows, labels, readName, tableRows);
  if (hit) return asField(hit);
  if (type !== 'purchase_order') {
    const heading = rows.filter((row) => row.page === 1 && !tableRows.has(row)).slice(0, LETTERHEAD_ROWS);
    const names = heading.flatMap((row) => row.cells.filter((cell) => !/:/.test(cell.text)).map((cell) => ({ row, cell, name: readName(cell.text) })));
    const company = names.find(({ name }) => name !== null && companySuffix.test(name));
    const first = company ?? names.find(({ name }) => name !== null);
    if (first?.name) return found(first.name, (company ? 0.85 : 0.6) * first.cell.confidence, first.row);
  }
  return sender ? found(sender, 0.5, null) : missing();
}

// ---- totals ---------------------------------------------------------------------------------

const taxWords = String.raw`(?:vat|tax(?:es)?|gst|hst|sales\s+tax|tva|mwst|iva)`;
const subtotalLabel = new RegExp(String.raw`^(?:sub[\s-]?total|net\s+(?:total|amount|value)|total\s+(?:net|excl(?:\.|uding)?(?:\s+${taxWords})?|before\s+tax|ex\.?\s+${taxWords})|amount\s+excl(?:\.|uding)?(?:\s+${taxWords})?)(?![a-z])`, 'i');
const taxLabel = new RegExp(String.raw`^(?:total\s+)?${taxWords}(?![a-z])`, 'i');
const totalLabel = new RegExp(String.raw`^(?:grand\s+total|total\s+(?:due|amount|payable|to\s+pay|incl(?:\.|uding)?(?:\s+${taxWords})?)|amount\s+(?:due|payable)|balance(?:\s+due)?|(?:invoice|order)\s+total|total)(?![a-z])`, 'i');

export type TotalName = 'subtotal' | 'tax_total' | 'total';

/** Whether a row is a totals row (it ends a line table). */
export function isTotalsRow(row: Row): boolean {
  return row.cells.some((cell) => subtotalLabel.test(cell.text) || taxLabel.test(cell.text) || totalLabel.test(cell.text));
}

export interface Totals {
  subtotal: ExtractedField<number>;
  tax_total: ExtractedField<number>;
  total: ExtractedField<number>;
  /** A single rate printed with the tax (`VAT (20%)`), basis points, and where. */
  taxRate: { rate: number; row: Row } | null;
}

/** Subtotal, tax and total: the last row of each kind outside the line table, its amount after the label. */
export function totalsOf(rows: Row[], tableRows: Set<Row>, currency: string | null, decimalComma: boolean): Totals {
  const last: Partial<Record<TotalName, Hit<number>>> = {};
  let taxRate: Totals['taxRate'] = null;
  for (const row of rows) {
    if (tableRows.has(row)) continue;
    for (const [cellIndex, cell] of row.cells.entries()) {
      const name: TotalName | null = subtotalLabel.test(cell.text) ? 'subtotal' : taxLabel.test(cell.text) ? 'tax_total' : totalLabel.test(cell.text) ? 'total' : null;
      if (!name) continue;
      const label = (name === 'subtotal' ? subtotalLabel : name === 'tax_total' ? taxLabel : totalLabel).exec(cell.text)?.[0] ?? '';
      const rest = cell.text.slice(label.length).replace(/^[\s:]+/, '');
      const amountCell = [{ text: rest, confidence: cell.confidence }, ...row.cells.slice(cellIndex + 1).reverse()].find((candidate) => candidate.text !== '' && isMoneyText(candidate.text));
      const amount = amountCell ? parseMoney(amountCell.text, currency, decimalComma) : null;
      if (amount === null || !amountCell) continue;
      last[name] = { value: amount, row, confidence: 0.95 * amountCell.confidence };
      const rate = name === 'tax_total' ? parsePercent(rest) : null;
      if (rate !== null) taxRate = { rate, row };
      break;
    }
  }
  return { subtotal: asField(last.subtotal ?? null), tax_total: asField(last.tax_total ?? null), total: asField(last.total ?? null), taxRate };
}
