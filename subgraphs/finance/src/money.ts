import { fieldErrors } from '@platform/errors';

/**
 * Invoice arithmetic, in BigInt so that no intermediate product loses precision:
 * - line `subtotal` = `quantity` × `unit_price`;
 * - line `tax` = `subtotal` × `tax_rate` / 10000 rounded half up (a half minor unit rounds up:
 *   1 × 5 at 1000 bp = 0.5 → 1), computed per line, never on the invoice sum;
 * - line `total` = `subtotal` + `tax`;
 * - invoice `subtotal`, `tax_total`, `total` = the sums of the lines' `subtotal`, `tax`, `total`.
 * Every amount must fit the `MinorUnits` range (±9007199254740991); a larger result is a
 * `rule_violation` naming the line's `unit_price` (or `lines` for the invoice sum).
 */

export const MAX_MINOR_UNITS = BigInt(Number.MAX_SAFE_INTEGER);
export const BASIS_POINTS = 10_000n;

export interface LineAmountsInput {
  quantity: number;
  unit_price: number;
  tax_rate: number;
}

export interface LineAmounts {
  subtotal: bigint;
  tax: bigint;
  total: bigint;
}

/** Round half up of `amount` × `rate` / 10000 for non-negative amounts and rates. */
export function taxOf(amount: bigint, rateBasisPoints: number): bigint {
  return (amount * BigInt(rateBasisPoints) + BASIS_POINTS / 2n) / BASIS_POINTS;
}

export function lineAmounts(line: LineAmountsInput): LineAmounts {
  const subtotal = BigInt(line.quantity) * BigInt(line.unit_price);
  const tax = taxOf(subtotal, line.tax_rate);
  return { subtotal, tax, total: subtotal + tax };
}

/** The amounts of each line and of the invoice; refuses amounts beyond the MinorUnits range. */
export function invoiceAmounts<Line extends LineAmountsInput>(lines: readonly Line[], field = 'lines'): { lines: Array<Line & LineAmounts>; subtotal: bigint; tax_total: bigint; total: bigint } {
  let subtotal = 0n;
  let taxTotal = 0n;
  const computed = lines.map((line, index) => {
    const amounts = lineAmounts(line);
    if (amounts.total > MAX_MINOR_UNITS) {
      throw fieldErrors('rule_violation', `${field}.${index}.unit_price`, `The line total (${amounts.total}) exceeds ${MAX_MINOR_UNITS} minor units.`);
    }
    subtotal += amounts.subtotal;
    taxTotal += amounts.tax;
    return { ...line, ...amounts };
  });
  const total = subtotal + taxTotal;
  if (total > MAX_MINOR_UNITS) throw fieldErrors('rule_violation', field, `The invoice total (${total}) exceeds ${MAX_MINOR_UNITS} minor units.`);
  return { lines: computed, subtotal, tax_total: taxTotal, total };
}

/** A BIGINT column as a MinorUnits number (the range is checked on the way in). */
export function toMinorUnits(value: bigint): number {
  return Number(value);
}
