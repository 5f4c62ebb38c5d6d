import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { type Extraction, ExtractionError, closeExtraction, extractDocument } from '../src/extraction/index.ts';
import { parseMoney, parsePercent, parseQuantity } from '../src/extraction/values.ts';
import { type PdfLayout, type SampleDocument, invoiceEmail, invoicePdf, invoiceText, pdfLayouts, sampleDocuments, sampleTotals, scannedInvoice } from '../testing/index.ts';

const limits = { timeoutMs: 30_000, maxPages: 5 };
const [invoiceGbp, invoiceEur, orderUsd] = sampleDocuments(3) as [SampleDocument, SampleDocument, SampleDocument];

afterAll(closeExtraction);

/** What was read, without confidences and sources. */
function valuesOf(extraction: Extraction) {
  return {
    document_type: extraction.document_type.value,
    supplier: extraction.supplier.value,
    document_number: extraction.document_number.value,
    issue_date: extraction.issue_date.value,
    due_date: extraction.due_date.value,
    currency: extraction.currency.value,
    lines: extraction.lines.map((line) => ({ description: line.description.value, sku: line.sku.value, quantity: line.quantity.value, unit_price: line.unit_price.value, tax_rate: line.tax_rate.value, amount: line.amount.value })),
    subtotal: extraction.subtotal.value,
    tax_total: extraction.tax_total.value,
    total: extraction.total.value,
  };
}

/** The values the document was generated from; `skus` when its layout prints item codes. */
function expectedValues(doc: SampleDocument, skus: boolean) {
  const totals = sampleTotals(doc);
  return {
    document_type: doc.kind,
    supplier: doc.supplier.name,
    document_number: doc.number,
    issue_date: doc.issue_date,
    due_date: doc.due_date,
    currency: doc.currency,
    lines: doc.lines.map((line, index) => ({ description: line.description, sku: skus ? line.sku : null, quantity: line.quantity, unit_price: line.unit_price, tax_rate: line.tax_rate, amount: totals.amounts[index] })),
    subtotal: totals.subtotal,
    tax_total: totals.tax_total,
    total: totals.total,
  };
}

const allChecksPass = { line_amounts: true, lines_sum_to_subtotal: true, subtotal_plus_tax_equals_total: true, line_taxes_sum_to_tax_total: true };

async function refusalOf(promise: Promise<unknown>): Promise<{ reason: string; message: string; details: Record<string, unknown> }> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ExtractionError)) throw new Error(`expected an ExtractionError, got ${String(error)}`);
  return { reason: error.reason, message: error.message, details: error.details };
}

describe('extraction from a PDF text layer', () => {
  const cases = pdfLayouts.flatMap((layout) => [invoiceGbp, invoiceEur, orderUsd].map((doc) => [layout, doc] as [PdfLayout, SampleDocument]));
  it.each(cases)('reads every field of the %s layout (%#)', async (layout, doc) => {
    const extraction = await extractDocument({ content: await invoicePdf(doc, layout), contentType: 'application/pdf', filename: 'invoice.pdf' }, limits);
    expect({ method: extraction.method, pages: extraction.pages }).toEqual({ method: 'pdf_text', pages: 1 });
    expect(valuesOf(extraction)).toEqual(expectedValues(doc, layout !== 'classic'));
    expect(extraction.checks).toEqual(allChecksPass);
    expect(extraction.warnings).toEqual([]);
  });

  it('says where each value was found, and how surely', async () => {
    const extraction = await extractDocument({ content: await invoicePdf(invoiceGbp, 'classic'), contentType: 'application/pdf' }, limits);
    expect(extraction.total).toEqual({ value: 221_490, confidence: 0.95, source: { page: 1, line: 19, text: 'Total  GBP 2,214.90' } });
    expect(extraction.document_number).toEqual({ value: 'INV-2024-01000', confidence: 0.95, source: { page: 1, line: 3, text: 'Sheffield S3 8RY  Invoice No.:  INV-2024-01000' } });
    // A letterhead is less sure than a labelled supplier.
    expect(extraction.supplier).toEqual({ value: 'Acme Industrial Supplies Ltd', confidence: 0.85, source: { page: 1, line: 1, text: 'Acme Industrial Supplies Ltd  INVOICE' } });
    expect(extraction.lines[3]?.quantity).toEqual({ value: 196, confidence: 0.95, source: { page: 1, line: 16, text: 'Packing tape 48 mm x 66 m  196  2.70  20%  529.20' } });
  });

  it('reads a document of several pages, and one sent as application/octet-stream', async () => {
    const extraction = await extractDocument({ content: await invoicePdf(invoiceEur, 'ledger', { termsPages: 2 }), contentType: 'application/octet-stream' }, limits);
    expect({ method: extraction.method, pages: extraction.pages }).toEqual({ method: 'pdf_text', pages: 3 });
    expect(valuesOf(extraction)).toEqual(expectedValues(invoiceEur, true));
  });
});

describe('extraction by OCR', () => {
  it('reads a scanned image (PNG)', async () => {
    const { png } = await scannedInvoice(invoiceGbp, 'classic');
    const extraction = await extractDocument({ content: png, contentType: 'image/png' }, limits);
    expect({ method: extraction.method, pages: extraction.pages }).toEqual({ method: 'ocr', pages: 1 });
    expect(valuesOf(extraction)).toEqual(expectedValues(invoiceGbp, false));
    expect(extraction.checks).toEqual(allChecksPass);
    // Recognised text is never as sure as a text layer.
    expect(extraction.total.confidence).toBeGreaterThan(0.5);
    expect(extraction.total.confidence).toBeLessThan(0.95);
    expect(extraction.total.source).toEqual({ page: 1, line: expect.any(Number), text: expect.stringMatching(/^Total {2}GBP 2.214\.90$/) });
  });

  it('reads a scanned PDF (an image without a text layer)', async () => {
    const { pdf } = await scannedInvoice(orderUsd, 'ledger');
    const extraction = await extractDocument({ content: pdf, contentType: 'application/pdf' }, limits);
    expect({ method: extraction.method, pages: extraction.pages }).toEqual({ method: 'ocr', pages: 1 });
    expect(valuesOf(extraction)).toEqual(expectedValues(orderUsd, true));
    expect(extraction.checks).toEqual(allChecksPass);
  });

  it('recognises in a worker thread, never holding up the event loop', async () => {
    const { png } = await scannedInvoice(invoiceEur, 'classic');
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const extraction = await extractDocument({ content: png, contentType: 'image/png' }, limits);
    delay.disable();
    expect(extraction.document_number.value).toBe(invoiceEur.number);
    // Recognition takes over a second; the event loop is never held for more than a fraction of that.
    expect(delay.max / 1e6).toBeLessThan(150);
  });

  it('reads a scanned JPEG', async () => {
    const { jpeg } = await scannedInvoice(invoiceEur, 'modern');
    const extraction = await extractDocument({ content: jpeg, contentType: 'image/jpeg' }, limits);
    expect(valuesOf(extraction)).toEqual(expectedValues(invoiceEur, true));
  });
});

describe('extraction from text', () => {
  it('reads plain text', async () => {
    const extraction = await extractDocument({ content: Buffer.from(invoiceText(orderUsd)), contentType: 'text/plain; charset=utf-8' }, limits);
    expect(extraction.method).toBe('text');
    expect(valuesOf(extraction)).toEqual(expectedValues(orderUsd, true));
    expect(extraction.total.source).toEqual({ page: 1, line: 14, text: 'Total: USD 4,348.48' });
  });

  it('reads an e-mail whose body is the document', async () => {
    const extraction = await extractDocument({ content: Buffer.from(invoiceEmail(invoiceEur)), contentType: 'message/rfc822' }, limits);
    expect(extraction.method).toBe('text');
    expect(valuesOf(extraction)).toEqual(expectedValues(invoiceEur, true));
    expect(extraction.checks).toEqual(allChecksPass);
  });

  it('reads the PDF attached to an e-mail', async () => {
    const email = invoiceEmail(invoiceGbp, { content: await invoicePdf(invoiceGbp, 'modern'), contentType: 'application/pdf', filename: 'INV-2024-01000.pdf' });
    const extraction = await extractDocument({ content: Buffer.from(email), contentType: 'message/rfc822' }, limits);
    expect(extraction.method).toBe('pdf_text');
    expect(valuesOf(extraction)).toEqual(expectedValues(invoiceGbp, true));
  });

  it('takes the supplier from the sender of an e-mail that does not name it, with little confidence', async () => {
    const email = ['From: Summit Tools LLC <accounting@summittools.example>', 'Subject: Invoice 7781', 'Content-Type: text/plain; charset=utf-8', '', 'Invoice number: 7781', 'Date: 2024-05-02', '', 'Description  Qty  Price  Amount', 'Shop rags   10   2.00   20.00', '', 'Total due: $20.00', ''].join('\r\n');
    const extraction = await extractDocument({ content: Buffer.from(email), contentType: 'message/rfc822' }, limits);
    expect(extraction.supplier).toEqual({ value: 'Summit Tools LLC', confidence: 0.5, source: null });
    expect(valuesOf(extraction)).toMatchObject({ document_number: '7781', issue_date: '2024-05-02', currency: 'USD', total: 2000, lines: [{ description: 'Shop rags', sku: null, quantity: 10, unit_price: 200, tax_rate: null, amount: 2000 }] });
  });
});

describe('cross-checks', () => {
  it('flag a document whose lines do not add up to its subtotal', async () => {
    const totals = sampleTotals(invoiceGbp);
    const misprinted = { ...invoiceGbp, misprinted: { subtotal: totals.subtotal + 10_000 } };
    const extraction = await extractDocument({ content: await invoicePdf(misprinted, 'classic'), contentType: 'application/pdf' }, limits);
    expect(extraction.checks).toEqual({ line_amounts: true, lines_sum_to_subtotal: false, subtotal_plus_tax_equals_total: false, line_taxes_sum_to_tax_total: true });
    expect(extraction.warnings).toEqual([
      { code: 'lines_do_not_sum_to_subtotal', message: 'the lines add up to 190486, the subtotal is 200486', fields: ['lines.0.amount', 'lines.1.amount', 'lines.2.amount', 'lines.3.amount', 'subtotal'] },
      { code: 'totals_do_not_add_up', message: 'subtotal 200486 plus tax 31004 is 231490, not the total 221490', fields: ['subtotal', 'tax_total', 'total'] },
    ]);
    // Halved once per failed check.
    expect(extraction.subtotal.confidence).toBe(0.24);
    expect(extraction.total.confidence).toBe(0.48);
    expect(extraction.lines[0]?.amount.confidence).toBe(0.48);
  });

  it('flag a line whose quantity × unit price is not its amount', async () => {
    const text = ['Invoice No: A-17', 'Invoice date: 3 June 2024', '', 'Item   Qty   Unit price   Amount', 'Bolts   4   2.50 EUR   10.00 EUR', 'Nuts   3   1.00 EUR   5.00 EUR', '', 'Subtotal   15.00 EUR', 'VAT 20%   3.00 EUR', 'Total   18.00 EUR'].join('\n');
    const extraction = await extractDocument({ content: Buffer.from(text), contentType: 'text/plain' }, limits);
    expect(extraction.checks).toEqual({ line_amounts: false, lines_sum_to_subtotal: true, subtotal_plus_tax_equals_total: true, line_taxes_sum_to_tax_total: true });
    expect(extraction.warnings).toEqual([{ code: 'line_amount_mismatch', message: 'line 2: 3 × 100 is 300, not the amount 500', fields: ['lines.1.quantity', 'lines.1.unit_price', 'lines.1.amount'] }]);
    // The rate printed with the tax applies to every line.
    expect(extraction.lines.map((line) => line.tax_rate)).toEqual([
      { value: 2000, confidence: 0.8, source: { page: 1, line: 9, text: 'VAT 20%  3.00 EUR' } },
      { value: 2000, confidence: 0.8, source: { page: 1, line: 9, text: 'VAT 20%  3.00 EUR' } },
    ]);
  });

  it("flag tax rates that do not give the document's tax", async () => {
    const text = ['INVOICE 2291', 'Date: 2024-06-03', '', 'Description   Qty   Unit price   VAT   Amount', 'Pallets   10   12.00   20%   120.00', 'Crates   5   8.00   20%   40.00', '', 'Subtotal   EUR 160.00', 'VAT   EUR 24.00', 'Total   EUR 184.00'].join('\n');
    const extraction = await extractDocument({ content: Buffer.from(text), contentType: 'text/plain' }, limits);
    expect(extraction.checks).toEqual({ line_amounts: true, lines_sum_to_subtotal: true, subtotal_plus_tax_equals_total: true, line_taxes_sum_to_tax_total: false });
    expect(extraction.warnings).toEqual([{ code: 'line_taxes_do_not_sum_to_tax_total', message: "the lines' taxes at their rates add up to 3200, the tax total is 2400", fields: ['lines.0.tax_rate', 'lines.1.tax_rate', 'tax_total'] }]);
    expect([extraction.lines[0]?.tax_rate.confidence, extraction.tax_total.confidence]).toEqual([0.48, 0.48]);
  });

  it('flag a numeric date whose day and month nothing settles', async () => {
    const text = ['INVOICE 1182', 'Date: 05/01/2024', 'Payment due: 04/02/2024', '', 'Description   Qty   Price   Amount', 'Consulting   2   100.00   200.00', '', 'Total   £200.00'].join('\n');
    const extraction = await extractDocument({ content: Buffer.from(text), contentType: 'text/plain' }, limits);
    expect([extraction.issue_date.value, extraction.due_date.value]).toEqual(['2024-01-05', '2024-02-04']);
    expect(extraction.warnings.map((warning) => warning.code)).toEqual(['ambiguous_date', 'ambiguous_date']);
    // One unambiguous date settles the order of the others.
    const settled = await extractDocument({ content: Buffer.from(text.replace('04/02/2024', '04/13/2024')), contentType: 'text/plain' }, limits);
    expect([settled.issue_date.value, settled.due_date.value, settled.warnings]).toEqual(['2024-05-01', '2024-04-13', []]);
  });
});

describe('amounts as documents print them', () => {
  it.each([
    ['1,234.56', 'EUR', 123_456, false],
    ['1.234,56 €', 'EUR', 123_456, true],
    ['1 234,56', 'EUR', 123_456, true],
    ['$1,234.56', 'USD', 123_456, false],
    ['GBP 2,214.90', 'GBP', 221_490, false],
    ['(12.00)', 'EUR', -1200, false],
    ['¥1,200', 'JPY', 1200, false],
    ['2;214.90', 'GBP', 221_490, false],
  ] as const)('%s (%s) is %i minor units', (text, currency, minor, decimalComma) => {
    expect(parseMoney(text, currency, decimalComma)).toBe(minor);
  });

  it('read quantities and rates', () => {
    expect([parseQuantity('12', false), parseQuantity('2,5 kg', true), parseQuantity('SKU-1', false)]).toEqual([12, 2.5, null]);
    expect([parsePercent('20%'), parsePercent('7,5 %'), parsePercent('VAT (8.63%)'), parsePercent('20')]).toEqual([2000, 750, 863, null]);
  });
});

describe('refusals', () => {
  it('an unsupported content type', async () => {
    expect(await refusalOf(extractDocument({ content: Buffer.from('PK\u0003\u0004'), contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }, limits))).toEqual({
      reason: 'unsupported_content_type',
      message: 'documents of type application/vnd.openxmlformats-officedocument.wordprocessingml.document are not read; send application/pdf, image/png, image/jpeg, text/plain, message/rfc822',
      details: { supported_content_types: ['application/pdf', 'image/png', 'image/jpeg', 'text/plain', 'message/rfc822'] },
    });
  });

  it('a corrupt PDF, a password-protected one, and content that is not what its type says', async () => {
    const valid = await invoicePdf(invoiceGbp, 'classic');
    const corrupt = await refusalOf(extractDocument({ content: Buffer.concat([valid.subarray(0, 400), Buffer.alloc(2000, 0x41)]), contentType: 'application/pdf' }, limits));
    expect(corrupt).toMatchObject({ reason: 'unreadable_document', message: expect.stringMatching(/^the file is not a readable PDF \(/) });
    expect(await refusalOf(extractDocument({ content: await invoicePdf(invoiceGbp, 'classic', { userPassword: 'secret' }), contentType: 'application/pdf' }, limits))).toEqual({
      reason: 'unreadable_document',
      message: 'the PDF is protected by a password; send it without the password protection',
      details: {},
    });
    expect(await refusalOf(extractDocument({ content: Buffer.from(invoiceText(invoiceGbp)), contentType: 'application/pdf' }, limits))).toMatchObject({ reason: 'unreadable_document', message: 'the content is not a PDF (no %PDF- header)' });
    const truncatedPng = (await scannedInvoice(invoiceGbp)).png.subarray(0, 3000);
    expect(await refusalOf(extractDocument({ content: truncatedPng, contentType: 'image/png' }, limits))).toMatchObject({ reason: 'unreadable_document', message: 'the image is corrupt or truncated and cannot be decoded' });
    expect(await refusalOf(extractDocument({ content: Buffer.from([0x41, 0, 0x42]), contentType: 'text/plain' }, limits))).toMatchObject({ reason: 'unreadable_document', message: 'the text holds binary data (NUL bytes): send a PDF or an image as such' });
  });

  it('a PDF over the page limit, before reading any page', async () => {
    const content = await invoicePdf(invoiceGbp, 'classic', { termsPages: 3 });
    expect(await refusalOf(extractDocument({ content, contentType: 'application/pdf' }, { ...limits, maxPages: 3 }))).toEqual({
      reason: 'too_many_pages',
      message: 'the PDF has 4 pages; at most 3 are read',
      details: { pages: 4, max_pages: 3 },
    });
  });

  it('OCR over the time limit, stopping the recognition; the next one runs on a fresh worker', async () => {
    const { png } = await scannedInvoice(invoiceGbp);
    const started = performance.now();
    expect(await refusalOf(extractDocument({ content: png, contentType: 'image/png' }, { ...limits, timeoutMs: 300 }))).toEqual({
      reason: 'timeout',
      message: 'reading the document took longer than 300 ms and was stopped; send fewer pages or a clearer scan',
      details: { timeout_ms: 300 },
    });
    expect(performance.now() - started).toBeLessThan(1500);
    const extraction = await extractDocument({ content: png, contentType: 'image/png' }, limits);
    expect(extraction.document_number.value).toBe(invoiceGbp.number);
  });
});
