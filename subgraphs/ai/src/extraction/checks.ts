/**
 * What the lines and totals say about each other: values a line leaves out are worked out from
 * the others (marked by a lower confidence), and the amounts are cross-checked. A failed check
 * never passes silently: the fields involved lose half their confidence and a warning names them.
 */
import { type Totals, sourceOf } from './fields.ts';
import { type ExtractedField, type ExtractedLine, type ExtractionChecks, type ExtractionWarning } from './types.ts';

/** Confidence of a value worked out from others rather than read. */
const DERIVED_CONFIDENCE = 0.6;
/** Printed amounts are rounded independently: sums may differ by a minor unit (per line, for taxes). */
const TOLERANCE = 1;

function derived<T>(value: T, from: ExtractedField<unknown>): ExtractedField<T> {
  return { value, confidence: DERIVED_CONFIDENCE, source: from.source };
}

/**
 * Fills what a line lacks: its amount (quantity × unit price), its unit price (amount ÷
 * quantity), its quantity (amount ÷ unit price), its tax rate (from a tax amount printed on the line, the rate printed with the
 * document's tax, or the one rate that reproduces the document's tax from the lines).
 */
export function completeLines(lines: ExtractedLine[], taxAmounts: Array<number | null>, totals: Totals): void {
  for (const [index, line] of lines.entries()) {
    const { quantity, unit_price, amount } = line;
    if (amount.value === null && quantity.value !== null && unit_price.value !== null) line.amount = derived(Math.round(quantity.value * unit_price.value), unit_price);
    if (unit_price.value === null && quantity.value && line.amount.value !== null) line.unit_price = derived(Math.round(line.amount.value / quantity.value), line.amount);
    // A quantity misread (OCR reads 9 as g): the amount over the unit price gives it back when that is a whole number of thousandths.
    const ratio = quantity.value === null && unit_price.value && line.amount.value !== null ? line.amount.value / unit_price.value : null;
    if (ratio !== null && ratio > 0 && Math.abs(ratio * 1000 - Math.round(ratio * 1000)) < 1e-6) line.quantity = derived(Math.round(ratio * 1000) / 1000, line.amount);
    const taxAmount = taxAmounts[index];
    if (line.tax_rate.value === null && taxAmount != null && line.amount.value) line.tax_rate = derived(Math.round((taxAmount * 10_000) / line.amount.value), line.amount);
  }
  if (lines.length === 0 || lines.some((line) => line.tax_rate.value !== null)) return;
  const rate = documentTaxRate(lines, totals);
  if (rate) for (const line of lines) line.tax_rate = { ...rate };
}

/** The rate printed with the document's tax, else the one rate that gives its tax from the lines' amounts. */
function documentTaxRate(lines: ExtractedLine[], totals: Totals): ExtractedField<number> | null {
  if (totals.taxRate) return { value: totals.taxRate.rate, confidence: 0.8, source: sourceOf(totals.taxRate.row) };
  const tax = totals.tax_total.value;
  const amounts = lines.map((line) => line.amount.value);
  if (tax === null || amounts.some((amount) => amount === null)) return null;
  const net = amounts.reduce<number>((sum, amount) => sum + (amount ?? 0), 0);
  if (net <= 0) return null;
  const rate = Math.round((tax * 10_000) / net);
  const recomputed = amounts.reduce<number>((sum, amount) => sum + Math.round(((amount ?? 0) * rate) / 10_000), 0);
  if (Math.abs(recomputed - tax) > lines.length * TOLERANCE) return null;
  return derived(rate, totals.tax_total);
}

function doubt(field: ExtractedField<unknown>): void {
  field.confidence = Math.round(field.confidence * 50) / 100;
}

/** Checks the amounts, lowering the confidence of the fields of each failed check and explaining it in a warning. */
export function crossCheck(lines: ExtractedLine[], totals: Pick<Totals, 'subtotal' | 'tax_total' | 'total'>): { checks: ExtractionChecks; warnings: ExtractionWarning[] } {
  const warnings: ExtractionWarning[] = [];
  const fail = (code: ExtractionWarning['code'], message: string, fields: Array<[string, ExtractedField<unknown>]>) => {
    for (const [, field] of fields) doubt(field);
    warnings.push({ code, message, fields: fields.map(([path]) => path) });
  };

  let line_amounts: boolean | null = null;
  for (const [index, line] of lines.entries()) {
    const { quantity, unit_price, amount } = line;
    if (quantity.value === null || unit_price.value === null || amount.value === null) continue;
    const expected = Math.round(quantity.value * unit_price.value);
    const agrees = Math.abs(expected - amount.value) <= TOLERANCE;
    line_amounts = (line_amounts ?? true) && agrees;
    if (!agrees) {
      fail('line_amount_mismatch', `line ${index + 1}: ${quantity.value} × ${unit_price.value} is ${expected}, not the amount ${amount.value}`, [
        [`lines.${index}.quantity`, quantity],
        [`lines.${index}.unit_price`, unit_price],
        [`lines.${index}.amount`, amount],
      ]);
    }
  }

  const { subtotal, tax_total, total } = totals;
  // Without a subtotal, the lines add up to the total less the tax.
  const net = subtotal.value ?? (total.value !== null && tax_total.value !== null ? total.value - tax_total.value : null);
  let lines_sum_to_subtotal: boolean | null = null;
  if (lines.length > 0 && net !== null && lines.every((line) => line.amount.value !== null)) {
    const sum = lines.reduce((total, line) => total + (line.amount.value ?? 0), 0);
    lines_sum_to_subtotal = Math.abs(sum - net) <= TOLERANCE;
    if (!lines_sum_to_subtotal) {
      fail('lines_do_not_sum_to_subtotal', `the lines add up to ${sum}, the ${subtotal.value !== null ? 'subtotal' : 'total less tax'} is ${net}`, [
        ...lines.map((line, index): [string, ExtractedField<unknown>] => [`lines.${index}.amount`, line.amount]),
        ...(subtotal.value !== null ? [['subtotal', subtotal] as [string, ExtractedField<unknown>]] : [['total', total] as [string, ExtractedField<unknown>], ['tax_total', tax_total] as [string, ExtractedField<unknown>]]),
      ]);
    }
  }

  let subtotal_plus_tax_equals_total: boolean | null = null;
  if (subtotal.value !== null && total.value !== null && tax_total.value !== null) {
    subtotal_plus_tax_equals_total = Math.abs(subtotal.value + tax_total.value - total.value) <= TOLERANCE;
    if (!subtotal_plus_tax_equals_total) {
      fail('totals_do_not_add_up', `subtotal ${subtotal.value} plus tax ${tax_total.value} is ${subtotal.value + tax_total.value}, not the total ${total.value}`, [
        ['subtotal', subtotal],
        ['tax_total', tax_total],
        ['total', total],
      ]);
    }
  }
  let line_taxes_sum_to_tax_total: boolean | null = null;
  if (lines.length > 0 && tax_total.value !== null && lines.every((line) => line.amount.value !== null && line.tax_rate.value !== null)) {
    const taxes = lines.reduce((sum, line) => sum + Math.round(((line.amount.value ?? 0) * (line.tax_rate.value ?? 0)) / 10_000), 0);
    line_taxes_sum_to_tax_total = Math.abs(taxes - tax_total.value) <= lines.length * TOLERANCE;
    if (!line_taxes_sum_to_tax_total) {
      fail('line_taxes_do_not_sum_to_tax_total', `the lines' taxes at their rates add up to ${taxes}, the tax total is ${tax_total.value}`, [
        ...lines.map((line, index): [string, ExtractedField<unknown>] => [`lines.${index}.tax_rate`, line.tax_rate]),
        ['tax_total', tax_total],
      ]);
    }
  }
  return { checks: { line_amounts, lines_sum_to_subtotal, subtotal_plus_tax_equals_total, line_taxes_sum_to_tax_total }, warnings };
}
