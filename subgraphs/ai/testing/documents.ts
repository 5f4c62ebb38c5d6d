/**
 * Supplier documents for tests and the evaluation, generated from a description so every test
 * knows the exact values a document holds: typeset PDFs in several layouts (pdfkit), a rasterised
 * scan of one (PNG, JPEG and an image-only PDF), plain text and an e-mail.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import PDFDocument from 'pdfkit';
import { openPdf, renderPdfPage } from '../src/extraction/pdf.ts';

export type SampleKind = 'invoice' | 'purchase_order';
export type SampleCurrency = 'EUR' | 'USD' | 'GBP';

export interface SampleParty {
  name: string;
  address: string[];
}

export interface SampleLine {
  sku: string;
  description: string;
  quantity: number;
  /** Minor units. */
  unit_price: number;
  /** Basis points (2000 = 20 %). */
  tax_rate: number;
}

export interface SampleDocument {
  kind: SampleKind;
  /** Who sells: the issuer of an invoice, the addressee of a purchase order. */
  supplier: SampleParty & { email: string };
  /** Who buys: the addressee of an invoice, the issuer of a purchase order. */
  buyer: SampleParty;
  number: string;
  /** `YYYY-MM-DD`. */
  issue_date: string;
  /** `YYYY-MM-DD`: payment due (invoice) or delivery (purchase order). */
  due_date: string;
  currency: SampleCurrency;
  lines: SampleLine[];
  /** Totals printed instead of the computed ones: a document whose figures do not add up. */
  misprinted?: Partial<SampleTotals>;
}

export interface SampleTotals {
  /** Each line's net amount, minor units. */
  amounts: number[];
  subtotal: number;
  tax_total: number;
  total: number;
}

/** The document's figures as the finance domain computes them: tax per line, rounded half up. */
export function sampleTotals(doc: SampleDocument): SampleTotals {
  const amounts = doc.lines.map((line) => Math.round(line.quantity * line.unit_price));
  const subtotal = amounts.reduce((sum, amount) => sum + amount, 0);
  const tax_total = doc.lines.reduce((sum, line, index) => sum + Math.round(((amounts[index] ?? 0) * line.tax_rate) / 10_000), 0);
  return { amounts, subtotal, tax_total, total: subtotal + tax_total, ...doc.misprinted };
}

// ---- formatting ---------------------------------------------------------------------------

const locales: Record<SampleCurrency, string> = { EUR: 'en-IE', USD: 'en-US', GBP: 'en-GB' };

function amountText(minor: number, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100);
}

function withSymbol(minor: number, currency: SampleCurrency): string {
  return new Intl.NumberFormat(locales[currency], { style: 'currency', currency }).format(minor / 100);
}

function dateOf(iso: string): Date {
  return new Date(`${iso}T12:00:00Z`);
}

function numericDate(iso: string, currency: SampleCurrency): string {
  const [year, month, day] = iso.split('-');
  return currency === 'USD' ? `${month}/${day}/${year}` : `${day}/${month}/${year}`;
}

function longDate(iso: string): string {
  return dateOf(iso).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });
}

function shortDate(iso: string): string {
  return dateOf(iso).toLocaleDateString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });
}

function percent(basisPoints: number): string {
  return `${basisPoints / 100}%`;
}

// ---- PDF layouts --------------------------------------------------------------------------

/**
 * `classic`: letterhead, a right-hand block of `Label: value` rows, numeric dates, plain amounts.
 * `modern`: labels above their values, long dates, item code first, amounts with symbols, right-aligned totals.
 * `ledger`: compact header, ISO and short dates, quantity first, European amounts for euros, codes after totals.
 */
export type PdfLayout = 'classic' | 'modern' | 'ledger';
export const pdfLayouts: PdfLayout[] = ['classic', 'modern', 'ledger'];

interface Column {
  header: string;
  width: number;
  align: 'left' | 'right';
  cell: (line: SampleLine, amount: number) => string;
}

interface LayoutStyle {
  title: string;
  /** `label: value` pairs of the document's number and dates. */
  meta: Array<[string, string]>;
  columns: Column[];
  totals: Array<[string, string]>;
}

function styleOf(doc: SampleDocument, layout: PdfLayout): LayoutStyle {
  const totals = sampleTotals(doc);
  const invoice = doc.kind === 'invoice';
  const rates = [...new Set(doc.lines.map((line) => line.tax_rate))];
  const taxLabel = doc.currency === 'USD' ? 'Sales tax' : 'VAT';
  const taxWithRate = rates.length === 1 ? `${taxLabel} (${percent(rates[0] ?? 0)})` : taxLabel;
  switch (layout) {
    case 'classic': {
      const money = (minor: number) => amountText(minor);
      return {
        title: invoice ? 'INVOICE' : 'PURCHASE ORDER',
        meta: [
          [invoice ? 'Invoice No.' : 'PO Number', doc.number],
          [invoice ? 'Invoice Date' : 'Order Date', numericDate(doc.issue_date, doc.currency)],
          [invoice ? 'Due Date' : 'Delivery Date', numericDate(doc.due_date, doc.currency)],
          ['Currency', doc.currency],
        ],
        columns: [
          { header: 'Description', width: 210, align: 'left', cell: (line) => line.description },
          { header: 'Qty', width: 35, align: 'right', cell: (line) => String(line.quantity) },
          { header: 'Unit Price', width: 80, align: 'right', cell: (line) => money(line.unit_price) },
          { header: taxLabel, width: 50, align: 'right', cell: (line) => percent(line.tax_rate) },
          { header: 'Amount', width: 100, align: 'right', cell: (_, amount) => money(amount) },
        ],
        totals: [
          ['Subtotal', money(totals.subtotal)],
          [taxLabel, money(totals.tax_total)],
          ['Total', `${doc.currency} ${money(totals.total)}`],
        ],
      };
    }
    case 'modern': {
      const money = (minor: number) => withSymbol(minor, doc.currency);
      return {
        title: invoice ? 'Invoice' : 'Purchase Order',
        meta: [
          [invoice ? 'Invoice #' : 'Order #', doc.number],
          [invoice ? 'Issued' : 'Ordered', longDate(doc.issue_date)],
          [invoice ? 'Payment due' : 'Deliver by', longDate(doc.due_date)],
        ],
        columns: [
          { header: 'Item code', width: 65, align: 'left', cell: (line) => line.sku },
          { header: 'Item', width: 170, align: 'left', cell: (line) => line.description },
          { header: 'Quantity', width: 50, align: 'right', cell: (line) => String(line.quantity) },
          { header: 'Rate', width: 70, align: 'right', cell: (line) => money(line.unit_price) },
          { header: 'Tax', width: 40, align: 'right', cell: (line) => `${line.tax_rate / 100} %` },
          { header: 'Line total', width: 75, align: 'right', cell: (_, amount) => money(amount) },
        ],
        totals: [
          ['Net total', money(totals.subtotal)],
          [taxWithRate, money(totals.tax_total)],
          [invoice ? 'Amount due' : 'Order total', money(totals.total)],
        ],
      };
    }
    case 'ledger': {
      const locale = doc.currency === 'EUR' ? 'de-DE' : 'en-GB';
      const money = (minor: number) => amountText(minor, locale);
      return {
        title: invoice ? 'Tax Invoice' : 'Purchase Order',
        meta: [
          ['Number', doc.number],
          ['Date', doc.issue_date],
          [invoice ? 'Pay by' : 'Required by', shortDate(doc.due_date)],
        ],
        columns: [
          { header: 'Qty', width: 35, align: 'right', cell: (line) => String(line.quantity) },
          { header: 'Part No.', width: 80, align: 'left', cell: (line) => line.sku },
          { header: 'Description', width: 160, align: 'left', cell: (line) => line.description },
          { header: 'Unit cost', width: 75, align: 'right', cell: (line) => money(line.unit_price) },
          { header: 'Tax rate', width: 50, align: 'right', cell: (line) => percent(line.tax_rate) },
          { header: 'Net', width: 70, align: 'right', cell: (_, amount) => money(amount) },
        ],
        totals: [
          [`Total excl. ${taxLabel}`, `${money(totals.subtotal)} ${doc.currency}`],
          [taxLabel, `${money(totals.tax_total)} ${doc.currency}`],
          [`Total incl. ${taxLabel}`, `${money(totals.total)} ${doc.currency}`],
        ],
      };
    }
  }
}

function pdfBuffer(draw: (pdf: PDFKit.PDFDocument) => void, userPassword?: string): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4', margin: 50, info: { Producer: 'platform test documents', CreationDate: new Date(Date.UTC(2024, 0, 1)) }, ...(userPassword && { userPassword }) });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  draw(pdf);
  pdf.end();
  return ended;
}

export interface PdfOptions {
  /** Pages of terms and conditions after the document's page. */
  termsPages?: number;
  /** Encrypts the PDF: it opens only with this password. */
  userPassword?: string;
}

/** The typeset document as a PDF with a text layer, in one of the layouts. */
export function invoicePdf(doc: SampleDocument, layout: PdfLayout, options: PdfOptions = {}): Promise<Buffer> {
  const style = styleOf(doc, layout);
  const totals = sampleTotals(doc);
  const issuer = doc.kind === 'invoice' ? doc.supplier : doc.buyer;
  const addressee = doc.kind === 'invoice' ? doc.buyer : doc.supplier;
  const addresseeLabel = doc.kind === 'invoice' ? 'Bill to' : layout === 'ledger' ? 'Vendor' : 'Supplier';
  return pdfBuffer((pdf) => {
    const left = 50;
    const right = 545;
    if (layout === 'modern') {
      pdf.font('Helvetica-Bold').fontSize(26).text(style.title, left, 50);
      pdf.font('Helvetica').fontSize(9).fillColor('#555555').text(doc.kind === 'invoice' ? 'From' : 'Buyer', 330, 52);
      pdf.fillColor('#000000').font('Helvetica-Bold').fontSize(11).text(issuer.name, 330, 64);
      pdf.font('Helvetica').fontSize(9).text(issuer.address.join('\n'), 330, 78);
      // Labels on one row, their values on the row below.
      style.meta.forEach(([label, value], index) => {
        pdf.fillColor('#555555').fontSize(9).text(label, left + index * 140, 140);
        pdf.fillColor('#000000').fontSize(10).text(value, left + index * 140, 153);
      });
      pdf.fillColor('#555555').fontSize(9).text(addresseeLabel, left, 185);
      pdf.fillColor('#000000').fontSize(10).text([addressee.name, ...addressee.address].join('\n'), left, 198);
    } else {
      pdf.font('Helvetica-Bold').fontSize(layout === 'classic' ? 16 : 13).text(issuer.name, left, 50);
      pdf.font('Helvetica').fontSize(9).text(issuer.address.join(layout === 'classic' ? '\n' : ', '), left, layout === 'classic' ? 72 : 68);
      pdf.font('Helvetica-Bold').fontSize(layout === 'classic' ? 20 : 14).text(style.title, 330, 50, { width: right - 330, align: 'right' });
      pdf.font('Helvetica').fontSize(10);
      style.meta.forEach(([label, value], index) => {
        const y = (layout === 'classic' ? 84 : 90) + index * 15;
        pdf.text(`${label}:`, 360, y);
        pdf.text(value, 450, y, { width: right - 450, align: 'right' });
      });
      pdf.font('Helvetica-Bold').text(`${addresseeLabel}:`, left, 160);
      pdf.font('Helvetica').text([addressee.name, ...addressee.address].join('\n'), left, 174);
    }
    const tableTop = 260;
    let x = left;
    pdf.font('Helvetica-Bold').fontSize(9);
    for (const column of style.columns) {
      pdf.text(column.header, x, tableTop, { width: column.width, align: column.align });
      x += column.width + 5;
    }
    pdf.moveTo(left, tableTop + 13).lineTo(right, tableTop + 13).lineWidth(0.5).stroke();
    pdf.font('Helvetica').fontSize(9);
    doc.lines.forEach((line, index) => {
      const y = tableTop + 22 + index * 18;
      let cellX = left;
      for (const column of style.columns) {
        pdf.text(column.cell(line, totals.amounts[index] ?? 0), cellX, y, { width: column.width, align: column.align, lineBreak: false });
        cellX += column.width + 5;
      }
    });
    const totalsTop = tableTop + 30 + doc.lines.length * 18;
    pdf.moveTo(330, totalsTop - 4).lineTo(right, totalsTop - 4).stroke();
    style.totals.forEach(([label, value], index) => {
      const y = totalsTop + 4 + index * 16;
      pdf.font(index === style.totals.length - 1 ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
      pdf.text(label, 340, y);
      pdf.text(value, 445, y, { width: right - 445, align: 'right' });
    });
    pdf.font('Helvetica').fontSize(8).fillColor('#555555').text(doc.kind === 'invoice' ? `Please pay within the terms stated above. Questions: ${doc.supplier.email}` : 'Please confirm this order by return.', left, 760);
    for (let page = 1; page <= (options.termsPages ?? 0); page += 1) {
      pdf.addPage().fillColor('#000000').font('Helvetica-Bold').fontSize(12).text(`Terms and conditions (${page})`, left, 50);
      pdf.font('Helvetica').fontSize(9).text(`${page}.1 Goods remain the property of ${doc.supplier.name} until paid in full. ${page}.2 Claims must be made within eight days of delivery.`, left, 80, { width: right - left });
    }
  }, options.userPassword);
}

// ---- scans --------------------------------------------------------------------------------

/** A deterministic pseudo-random sequence (mulberry32), so generated documents and scans are the same on every run. */
function randomSequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function seedOf(text: string): number {
  return [...text].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16_777_619), 2_166_136_261);
}

export interface ScannedDocument {
  png: Buffer;
  jpeg: Buffer;
  /** A PDF whose only content is the scanned image: no text layer. */
  pdf: Buffer;
}

/** The document as a scanner would give it: printed (a PDF layout rendered at 200 dpi), slightly rotated, on off-white paper with specks. */
export async function scannedInvoice(doc: SampleDocument, layout: PdfLayout = 'classic'): Promise<ScannedDocument> {
  const typeset = await openPdf(await invoicePdf(doc, layout), new AbortController().signal);
  try {
    const page = await loadImage(await renderPdfPage(typeset, await typeset.getPage(1), new AbortController().signal, 200));
    const random = randomSequence(seedOf(doc.number));
    const canvas = createCanvas(page.width, page.height);
    const context = canvas.getContext('2d');
    context.fillStyle = '#f4f2ec';
    context.fillRect(0, 0, page.width, page.height);
    context.translate(page.width / 2, page.height / 2);
    context.rotate(((random() < 0.5 ? -1 : 1) * (0.4 + random() * 0.5) * Math.PI) / 180);
    context.globalCompositeOperation = 'multiply';
    context.drawImage(page, -page.width / 2, -page.height / 2);
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.globalCompositeOperation = 'source-over';
    for (let speck = 0; speck < 1500; speck += 1) {
      context.fillStyle = `rgba(40, 40, 40, ${0.2 + random() * 0.5})`;
      context.fillRect(random() * page.width, random() * page.height, 1 + random() * 2, 1 + random() * 2);
    }
    const png = canvas.toBuffer('image/png');
    const jpeg = canvas.toBuffer('image/jpeg', 85);
    const pdf = await pdfBuffer((imagePdf) => imagePdf.image(png, 0, 0, { width: imagePdf.page.width, height: imagePdf.page.height }));
    return { png, jpeg, pdf };
  } finally {
    await typeset.destroy();
  }
}

// ---- text and e-mail ----------------------------------------------------------------------

/** The document as plain text, as a supplier's system might paste it into an e-mail: an aligned table, amounts with codes. */
export function invoiceText(doc: SampleDocument): string {
  const totals = sampleTotals(doc);
  const invoice = doc.kind === 'invoice';
  const pad = (text: string, width: number, align: 'left' | 'right' = 'left') => (align === 'left' ? text.padEnd(width) : text.padStart(width));
  const rows = doc.lines.map((line, index) =>
    [pad(line.sku, 12), pad(line.description, 36), pad(String(line.quantity), 5, 'right'), pad(amountText(line.unit_price), 12, 'right'), pad(percent(line.tax_rate), 7, 'right'), pad(amountText(totals.amounts[index] ?? 0), 12, 'right')].join('  '),
  );
  const party = invoice ? `Supplier: ${doc.supplier.name}` : `Vendor: ${doc.supplier.name}`;
  return [
    `${invoice ? 'INVOICE' : 'PURCHASE ORDER'} ${doc.number}`,
    party,
    `${invoice ? 'Invoice date' : 'Order date'}: ${longDate(doc.issue_date)}`,
    `${invoice ? 'Due date' : 'Delivery date'}: ${shortDate(doc.due_date)}`,
    `Currency: ${doc.currency}`,
    '',
    [pad('Item code', 12), pad('Description', 36), pad('Qty', 5, 'right'), pad('Unit price', 12, 'right'), pad('Tax', 7, 'right'), pad('Amount', 12, 'right')].join('  '),
    ...rows,
    '',
    `Subtotal: ${doc.currency} ${amountText(totals.subtotal)}`,
    `Tax: ${doc.currency} ${amountText(totals.tax_total)}`,
    `Total: ${doc.currency} ${amountText(totals.total)}`,
  ].join('\n');
}

/**
 * The document sent by e-mail (RFC 822): the plain-text rendition as the body, or, given a file,
 * a short note with the file attached (base64, as mail clients send it).
 */
export function invoiceEmail(doc: SampleDocument, attachment?: { content: Buffer; contentType: string; filename: string }): string {
  const what = doc.kind === 'invoice' ? 'invoice' : 'purchase order';
  const headers = [
    `From: ${doc.supplier.name} <${doc.supplier.email}>`,
    `To: Accounts payable <ap@${doc.buyer.name.toLowerCase().replace(/[^a-z]+/g, '')}.example>`,
    `Subject: Your ${what} ${doc.number}`,
    `Date: ${dateOf(doc.issue_date).toUTCString()}`,
    `Message-ID: <${doc.number.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@documents.example>`,
    'MIME-Version: 1.0',
  ];
  const note = `Hello,\n\nplease find our ${what} ${doc.number} ${attachment ? 'attached' : 'below'}.\n\nKind regards,\n${doc.supplier.name}\n`;
  if (!attachment) return [...headers, 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit', '', note, invoiceText(doc), ''].join('\r\n');
  const boundary = `----=_Part_${seedOf(doc.number) >>> 0}`;
  return [
    ...headers,
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    note,
    `--${boundary}`,
    `Content-Type: ${attachment.contentType}; name="${attachment.filename}"`,
    `Content-Disposition: attachment; filename="${attachment.filename}"`,
    'Content-Transfer-Encoding: base64',
    '',
    ...(attachment.content.toString('base64').match(/.{1,76}/g) ?? []),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

// ---- a varied set -------------------------------------------------------------------------

const suppliers: Array<SampleParty & { email: string; currency: SampleCurrency; tax_rates: number[] }> = [
  { name: 'Acme Industrial Supplies Ltd', address: ['14 Foundry Lane', 'Sheffield S3 8RY', 'United Kingdom'], email: 'accounts@acme-industrial.example', currency: 'GBP', tax_rates: [2000, 500] },
  { name: 'Nordwind Logistik GmbH', address: ['Hafenstrasse 21', '20457 Hamburg', 'Germany'], email: 'rechnung@nordwind.example', currency: 'EUR', tax_rates: [1900, 700] },
  { name: 'Blue River Trading Co.', address: ['880 Mission Street', 'San Francisco, CA 94103', 'USA'], email: 'billing@blueriver.example', currency: 'USD', tax_rates: [0, 725, 863] },
  { name: 'Atelier Marchand SAS', address: ['7 rue des Tanneurs', '69002 Lyon', 'France'], email: 'factures@atelier-marchand.example', currency: 'EUR', tax_rates: [2000, 550] },
  { name: 'Pacific Fasteners Inc.', address: ['2200 Harbor Blvd', 'Long Beach, CA 90810', 'USA'], email: 'ar@pacificfasteners.example', currency: 'USD', tax_rates: [950, 0] },
  { name: 'Thames Office Products plc', address: ['3 Riverside Walk', 'London SE1 9PG', 'United Kingdom'], email: 'invoices@thamesoffice.example', currency: 'GBP', tax_rates: [2000, 0] },
  { name: 'Van Dijk Packaging B.V.', address: ['Industrieweg 45', '3044 AS Rotterdam', 'Netherlands'], email: 'facturen@vandijk.example', currency: 'EUR', tax_rates: [2100, 900] },
  { name: 'Summit Tools LLC', address: ['415 Granite Road', 'Denver, CO 80216', 'USA'], email: 'accounting@summittools.example', currency: 'USD', tax_rates: [881, 0] },
];

const buyers: SampleParty[] = [
  { name: 'Harbour Retail Group', address: ['1 Quay Street', 'Bristol BS1 4DJ'] },
  { name: 'Northwind Operations', address: ['Industriepark 9', '69007 Lyon'] },
];

const catalogue: Array<{ sku: string; description: string; price: [number, number] }> = [
  { sku: 'SKU-1001', description: 'Steel hex bolt M8 x 40 (box of 100)', price: [850, 2400] },
  { sku: 'SKU-1002', description: 'Nylon cable ties 200 mm, black', price: [199, 899] },
  { sku: 'SKU-1003', description: 'Corrugated shipping box 40x30x20', price: [95, 320] },
  { sku: 'SKU-1004', description: 'Packing tape 48 mm x 66 m', price: [149, 450] },
  { sku: 'SKU-1005', description: 'Safety gloves, size L (pair)', price: [299, 1250] },
  { sku: 'SKU-1006', description: 'Pallet wrap film 500 mm', price: [1450, 3900] },
  { sku: 'SKU-1007', description: 'Thermal labels 100x150 (roll)', price: [725, 1890] },
  { sku: 'SKU-1008', description: 'Cordless drill 18V with battery', price: [8900, 21900] },
  { sku: 'SKU-1009', description: 'Hi-vis vest, yellow', price: [350, 990] },
  { sku: 'SKU-1010', description: 'Warehouse shelving unit 180 cm', price: [12900, 34900] },
  { sku: 'AB-220', description: 'Printer paper A4, 80 g (5 reams)', price: [1899, 3499] },
  { sku: 'AB-315', description: 'Ballpoint pens, blue (50)', price: [650, 1450] },
];

function isoDay(start: string, days: number): string {
  return new Date(Date.parse(`${start}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** `n` varied documents, the same on every run: suppliers, currencies, kinds, 1–6 lines, tax rates and number styles differ. */
export function sampleDocuments(n: number): SampleDocument[] {
  return Array.from({ length: n }, (_, index) => {
    const random = randomSequence(index + 1);
    const supplier = suppliers[index % suppliers.length]!;
    const kind: SampleKind = index % 3 === 2 ? 'purchase_order' : 'invoice';
    const lineCount = 1 + ((index * 5 + Math.floor(random() * 6)) % 6);
    const offset = Math.floor(random() * catalogue.length);
    const lines = Array.from({ length: lineCount }, (_, lineIndex) => {
      const item = catalogue[(offset + lineIndex * 5) % catalogue.length]!;
      const [low, high] = item.price;
      return {
        sku: item.sku,
        description: item.description,
        quantity: 1 + Math.floor(random() * (random() < 0.2 ? 400 : 40)),
        unit_price: low + Math.floor(random() * (high - low)),
        tax_rate: supplier.tax_rates[lineIndex % 3 === 2 ? 1 : 0] ?? supplier.tax_rates[0]!,
      };
    });
    const issue_date = isoDay('2024-01-03', index * 11 + Math.floor(random() * 9));
    const numbers = kind === 'invoice' ? [`INV-2024-${String(1000 + index * 37).padStart(5, '0')}`, `${supplier.name.slice(0, 2).toUpperCase()}/${24_000 + index * 13}`, `F${8_800_120 + index * 7}`] : [`PO-${50_100 + index * 29}`, `4500${String(17_000 + index).padStart(6, '0')}`];
    return {
      kind,
      supplier: { name: supplier.name, address: supplier.address, email: supplier.email },
      buyer: buyers[index % buyers.length]!,
      number: numbers[index % numbers.length]!,
      issue_date,
      due_date: isoDay(issue_date, [14, 30, 45][index % 3]!),
      currency: supplier.currency,
      lines,
    };
  });
}
