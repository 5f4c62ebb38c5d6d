/**
 * Document extraction: a supplier invoice or purchase order (PDF, scan, image, text or e-mail)
 * read into fields, each with a confidence and where it was found, the amounts cross-checked.
 * Offline: pdf.js reads text layers, tesseract.js with the English model from its npm package
 * reads scans, and the fields are found by labels and table columns, not by a language model.
 */
import { completeLines, crossCheck } from './checks.ts';
import { currencyOf, datesOf, documentNumberOf, documentTypeOf, supplierOf, totalsOf } from './fields.ts';
import { closeOcr } from './ocr.ts';
import { type DocumentText, readDocumentText } from './read.ts';
import { tableOf } from './table.ts';
import { type Extraction, ExtractionError, type ExtractionInput, type ExtractionOptions, type ExtractionWarning } from './types.ts';
import { dateOrderOf, usesDecimalComma } from './values.ts';

export * from './types.ts';
export { supportedContentTypes } from './read.ts';

/** The fields of a document's text. */
export function parseDocumentText({ method, pages, rows, sender }: DocumentText): Extraction {
  const texts = rows.map((row) => row.text);
  const document_type = documentTypeOf(rows);
  const type = document_type.value ?? 'unknown';
  const currency = currencyOf(rows);
  const reading = { currency: currency.value, decimalComma: usesDecimalComma(texts) };
  const table = tableOf(rows, reading);
  const totals = totalsOf(rows, table.rows, reading.currency, reading.decimalComma);
  completeLines(table.lines, table.taxAmounts, totals);
  // Numeric dates: the document's own unambiguous dates settle the order, else dollars suggest month first.
  const settledOrder = dateOrderOf(texts);
  const dates = datesOf(rows, settledOrder ?? (currency.value === 'USD' ? 'mdy' : 'dmy'), settledOrder !== null);
  const { checks, warnings } = crossCheck(table.lines, totals);
  const notes: ExtractionWarning[] = dates.ambiguous.map((field) => ({ code: 'ambiguous_date', message: `${field} is written with day and month that could be swapped and nothing in the document settles which comes first`, fields: [field] }));
  if (table.lines.length === 0) notes.push({ code: 'no_lines_found', message: 'no line table was found (a header row such as Description, Qty, Unit price, Amount, or lines whose quantity × price gives their amount)', fields: ['lines'] });
  return {
    document_type,
    method,
    pages,
    supplier: supplierOf(rows, type, sender, table.rows),
    document_number: documentNumberOf(rows, type),
    issue_date: dates.issue_date,
    due_date: dates.due_date,
    currency,
    lines: table.lines,
    subtotal: totals.subtotal,
    tax_total: totals.tax_total,
    total: totals.total,
    checks,
    warnings: [...warnings, ...notes],
  };
}

/**
 * Reads a document within `options.timeoutMs` (OCR included: a recognition still running then
 * is stopped) and refuses what it cannot read with an `ExtractionError` saying why.
 */
export async function extractDocument(input: ExtractionInput, options: ExtractionOptions): Promise<Extraction> {
  const controller = new AbortController();
  const timeout = new ExtractionError('timeout', `reading the document took longer than ${options.timeoutMs} ms and was stopped; send fewer pages or a clearer scan`, { timeout_ms: options.timeoutMs });
  const timer = setTimeout(() => controller.abort(timeout), options.timeoutMs);
  try {
    const text = await readDocumentText(input, options, controller.signal);
    controller.signal.throwIfAborted();
    return parseDocumentText(text);
  } catch (error) {
    // pdf.js and canvas report an abandoned task in their own words: the deadline is the reason.
    if (controller.signal.aborted && !(error instanceof ExtractionError)) throw timeout;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Stops the OCR workers (at shutdown, and after tests); the next extraction that needs OCR starts them again. */
export async function closeExtraction(): Promise<void> {
  await closeOcr();
}
