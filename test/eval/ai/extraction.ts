/**
 * Evaluation of document extraction: generates a varied set of supplier documents (every PDF
 * layout, scans read by OCR as PNG or image-only PDF, plain text and e-mails), extracts each and
 * compares every field with the values the document was generated from. Prints the accuracy per
 * field, overall and per method (pdf_text, ocr, text), and how many wrong amounts a failed
 * cross-check flagged.
 *
 * Run alone:   node --import tsx test/eval/ai/extraction.ts [documents] [scans]
 * (`npm run eval:ai` calls `evaluateExtraction()` as well.)
 */
import { pathToFileURL } from 'node:url';
import { type Extraction, type ExtractionMethod, closeExtraction, extractDocument } from '../../../subgraphs/ai/src/extraction/index.ts';
import { type SampleDocument, invoiceEmail, invoicePdf, invoiceText, pdfLayouts, sampleDocuments, sampleTotals, scannedInvoice } from '../../../subgraphs/ai/testing/index.ts';

export interface FieldScore {
  correct: number;
  total: number;
}

export interface ExtractionEvaluation {
  /** Per field over every document: `supplier`, `total`, `lines.quantity`… */
  fields: Record<string, FieldScore>;
  /** The same per method. */
  methods: Partial<Record<ExtractionMethod, Record<string, FieldScore>>>;
  /** Documents with an amount read wrong (not missing: a line's figure or a total), and how many of them a failed check flagged. */
  wrongAmounts: { documents: number; flagged: number };
  /** Median milliseconds per extraction, per method. */
  medianMs: Partial<Record<ExtractionMethod, number>>;
}

export interface ExtractionEvalOptions {
  /** Generated documents; each is read as a PDF in every layout, and as text or an e-mail. Default 30. */
  documents?: number;
  /** How many of them are also scanned and read by OCR (PNG and image-only PDF in turn). Default 15. */
  scans?: number;
  /** Where the report goes; default stdout. */
  print?: (line: string) => void;
}

const LIMITS = { timeoutMs: 60_000, maxPages: 10 };

interface Case {
  doc: SampleDocument;
  /** Whether the rendition prints item codes. */
  skus: boolean;
  content: () => Promise<{ content: Buffer; contentType: string }>;
}

function casesOf(docs: SampleDocument[], scans: number): Case[] {
  const typeset = docs.flatMap((doc) =>
    pdfLayouts.map((layout) => ({ doc, skus: layout !== 'classic', content: async () => ({ content: await invoicePdf(doc, layout), contentType: 'application/pdf' }) })),
  );
  const texts = docs.map((doc, index) => ({
    doc,
    skus: true,
    content: async () => (index % 2 === 0 ? { content: Buffer.from(invoiceText(doc)), contentType: 'text/plain' } : { content: Buffer.from(invoiceEmail(doc)), contentType: 'message/rfc822' }),
  }));
  const scanned = docs.slice(0, scans).map((doc, index) => {
    const layout = pdfLayouts[index % pdfLayouts.length]!;
    return {
      doc,
      skus: layout !== 'classic',
      content: async () => {
        const scan = await scannedInvoice(doc, layout);
        return index % 2 === 0 ? { content: scan.png, contentType: 'image/png' } : { content: scan.pdf, contentType: 'application/pdf' };
      },
    };
  });
  return [...typeset, ...texts, ...scanned];
}

interface Outcome {
  field: string;
  right: boolean;
  /** A value was read (right or wrong), as opposed to none. */
  read: boolean;
}

/** Each field's outcome for one document; lines position by position. */
function outcomes(extraction: Extraction, { doc, skus }: Case): Outcome[] {
  const totals = sampleTotals(doc);
  const compare = (field: string, value: unknown, expected: unknown): Outcome => ({ field, right: value === expected, read: value !== null && value !== undefined });
  const results = [
    compare('document_type', extraction.document_type.value, doc.kind),
    compare('supplier', extraction.supplier.value, doc.supplier.name),
    compare('document_number', extraction.document_number.value, doc.number),
    compare('issue_date', extraction.issue_date.value, doc.issue_date),
    compare('due_date', extraction.due_date.value, doc.due_date),
    compare('currency', extraction.currency.value, doc.currency),
    compare('subtotal', extraction.subtotal.value, totals.subtotal),
    compare('tax_total', extraction.tax_total.value, totals.tax_total),
    compare('total', extraction.total.value, totals.total),
    compare('lines (count)', extraction.lines.length, doc.lines.length),
  ];
  doc.lines.forEach((line, index) => {
    const read = extraction.lines[index];
    results.push(
      compare('lines.description', read?.description.value, line.description),
      compare('lines.quantity', read?.quantity.value, line.quantity),
      compare('lines.unit_price', read?.unit_price.value, line.unit_price),
      compare('lines.tax_rate', read?.tax_rate.value, line.tax_rate),
      compare('lines.amount', read?.amount.value, totals.amounts[index]),
    );
    if (skus) results.push(compare('lines.sku', read?.sku.value, line.sku));
  });
  return results;
}

const AMOUNT_FIELDS = new Set(['subtotal', 'tax_total', 'total', 'lines.quantity', 'lines.unit_price', 'lines.tax_rate', 'lines.amount']);

function tally(scores: Record<string, FieldScore>, field: string, right: boolean): void {
  const score = (scores[field] ??= { correct: 0, total: 0 });
  score.total += 1;
  if (right) score.correct += 1;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0);
}

const percent = (score: FieldScore | undefined) => (score && score.total > 0 ? `${((100 * score.correct) / score.total).toFixed(1)}%`.padStart(7) : '      –');

export async function evaluateExtraction(options: ExtractionEvalOptions = {}): Promise<ExtractionEvaluation> {
  const { documents = 30, scans = 15, print = (line: string) => process.stdout.write(`${line}\n`) } = options;
  const fields: Record<string, FieldScore> = {};
  const methods: ExtractionEvaluation['methods'] = {};
  const wrongAmounts = { documents: 0, flagged: 0 };
  const timings: Partial<Record<ExtractionMethod, number[]>> = {};
  const cases = casesOf(sampleDocuments(documents), Math.min(scans, documents));
  try {
    for (const testCase of cases) {
      const input = await testCase.content();
      const started = performance.now();
      const extraction = await extractDocument(input, LIMITS);
      (timings[extraction.method] ??= []).push(performance.now() - started);
      const results = outcomes(extraction, testCase);
      for (const { field, right } of results) {
        tally(fields, field, right);
        tally((methods[extraction.method] ??= {}), field, right);
      }
      if (results.some(({ field, right, read }) => read && !right && AMOUNT_FIELDS.has(field))) {
        wrongAmounts.documents += 1;
        if (Object.values(extraction.checks).includes(false)) wrongAmounts.flagged += 1;
      }
    }
  } finally {
    await closeExtraction();
  }
  const medianMs = Object.fromEntries(Object.entries(timings).map(([method, values]) => [method, median(values)]));

  const methodNames = Object.keys(methods) as ExtractionMethod[];
  print(`Document extraction: ${cases.length} extractions of ${documents} generated documents (${pdfLayouts.length} PDF layouts each, text or e-mail, ${Math.min(scans, documents)} scans)`);
  print(`${'field'.padEnd(20)}${'all'.padStart(7)}${methodNames.map((method) => method.padStart(10)).join('')}   right/total`);
  for (const [field, score] of Object.entries(fields)) {
    print(`${field.padEnd(20)}${percent(score)}${methodNames.map((method) => percent(methods[method]?.[field]).padStart(10)).join('')}   ${score.correct}/${score.total}`);
  }
  print(`documents with an amount read wrong: ${wrongAmounts.documents}, flagged by a failed cross-check: ${wrongAmounts.flagged}`);
  print(`median time per extraction: ${methodNames.map((method) => `${method} ${medianMs[method]} ms`).join(', ')}`);
  return { fields, methods, wrongAmounts, medianMs };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [documents, scans] = process.argv.slice(2).map(Number);
  await evaluateExtraction({ ...(documents && { documents }), ...(scans !== undefined && !Number.isNaN(scans) && { scans }) });
}
