/**
 * What an extraction of a supplier invoice or purchase order returns. Every value carries how
 * sure the extractor is and where on the document it read it, so a person reviewing a draft can
 * check the doubtful fields against the original. Money is in integer minor units of `currency`
 * and tax rates in basis points (2000 = 20 %), as in the rest of the API.
 */

export type DocumentType = 'invoice' | 'purchase_order' | 'unknown';

/** How the text was read: a PDF's own text layer, OCR of an image or scanned page, or plain text / e-mail. */
export type ExtractionMethod = 'pdf_text' | 'ocr' | 'text';

/** Where a value was read: a 1-based page, the 1-based line (row of text) on that page, and that line's text. */
export interface SourceLocation {
  page: number;
  line: number;
  text: string;
}

export interface ExtractedField<T> {
  value: T | null;
  /** 0..1: 0 when nothing was found. */
  confidence: number;
  source: SourceLocation | null;
}

export interface ExtractedLine {
  description: ExtractedField<string>;
  /** The supplier's item code, when the document has one. */
  sku: ExtractedField<string>;
  quantity: ExtractedField<number>;
  /** Minor units. */
  unit_price: ExtractedField<number>;
  /** Basis points. */
  tax_rate: ExtractedField<number>;
  /** The line's net amount (before tax), minor units. */
  amount: ExtractedField<number>;
}

/** Cross-checks of the amounts: true or false, or null when the document lacks what a check needs. */
export interface ExtractionChecks {
  /** Every line's quantity × unit price is its amount (to the minor unit). */
  line_amounts: boolean | null;
  /** The lines' amounts add up to the subtotal (the total before tax). */
  lines_sum_to_subtotal: boolean | null;
  /** Subtotal plus tax is the total. */
  subtotal_plus_tax_equals_total: boolean | null;
  /** The lines' taxes (amount × tax rate, each rounded) add up to the tax total, to a minor unit per line. */
  line_taxes_sum_to_tax_total: boolean | null;
}

export type ExtractionWarningCode = 'line_amount_mismatch' | 'lines_do_not_sum_to_subtotal' | 'totals_do_not_add_up' | 'line_taxes_do_not_sum_to_tax_total' | 'ambiguous_date' | 'no_lines_found';

export interface ExtractionWarning {
  code: ExtractionWarningCode;
  message: string;
  /** Paths of the fields concerned (`subtotal`, `lines.2.amount`): their confidence was lowered. */
  fields: string[];
}

export interface Extraction {
  document_type: ExtractedField<DocumentType>;
  method: ExtractionMethod;
  pages: number;
  supplier: ExtractedField<string>;
  document_number: ExtractedField<string>;
  /** `YYYY-MM-DD`. */
  issue_date: ExtractedField<string>;
  /** `YYYY-MM-DD`: the payment due date of an invoice, the delivery date of a purchase order. */
  due_date: ExtractedField<string>;
  /** ISO 4217. */
  currency: ExtractedField<string>;
  lines: ExtractedLine[];
  subtotal: ExtractedField<number>;
  tax_total: ExtractedField<number>;
  total: ExtractedField<number>;
  checks: ExtractionChecks;
  warnings: ExtractionWarning[];
}

export interface ExtractionInput {
  content: Buffer;
  /** A MIME type, parameters allowed (`text/plain; charset=utf-8`). */
  contentType: string;
  filename?: string;
}

export interface ExtractionOptions {
  /** The whole extraction (parsing, rendering, OCR) is abandoned after this long. */
  timeoutMs: number;
  /** Documents with more pages are refused before any page is read. */
  maxPages: number;
}

/**
 * Why a document was refused; the subgraph maps each to a problem:
 * `unsupported_content_type` (415), `unreadable_document` (corrupt, encrypted, not what its type
 * says), `too_many_pages` and `image_too_large` (limits), `timeout` (over `timeoutMs`).
 */
export type ExtractionRefusal = 'unsupported_content_type' | 'unreadable_document' | 'too_many_pages' | 'image_too_large' | 'timeout';

export class ExtractionError extends Error {
  override readonly name = 'ExtractionError';

  constructor(
    readonly reason: ExtractionRefusal,
    message: string,
    /** Figures a client can act on (`{ pages: 12, max_pages: 10 }`). */
    readonly details: Record<string, string | number | string[]> = {},
  ) {
    super(message);
  }
}
