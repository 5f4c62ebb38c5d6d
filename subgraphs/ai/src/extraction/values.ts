/**
 * Reading values as documents print them: amounts with thousands separators, either decimal
 * mark, symbols or ISO codes; percentages; dates in numeric, ISO and written forms.
 */
import * as chrono from 'chrono-node';

const isoCurrencies = new Set(Intl.supportedValuesOf('currency'));

/** Symbols that name one currency; `$` alone is taken as US dollars unless prefixed (`CA$`, `A$`). */
const currencySymbols: Array<[RegExp, string]> = [
  [/€/, 'EUR'],
  [/£/, 'GBP'],
  [/¥/, 'JPY'],
  [/₹/, 'INR'],
  [/\b(?:CA|C)\$/, 'CAD'],
  [/\b(?:AU|A)\$/, 'AUD'],
  [/\bNZ\$/, 'NZD'],
  [/\bHK\$/, 'HKD'],
  [/\$/, 'USD'],
];

export interface CurrencyMention {
  currency: string;
  /** How surely the text names it: an ISO code is explicit, `$` is shared by several currencies. */
  confidence: number;
}

/**
 * `text` without the characters `strip` matches at its start, its end or both: a loop rather than
 * `^[…]+|[…]+$`, which backtracks quadratically on a long run of such characters not at the end.
 */
export function trimEnds(text: string, strip: (character: string) => boolean, ends: 'start' | 'end' | 'both'): string {
  const characters = [...text];
  let start = 0;
  let end = characters.length;
  if (ends !== 'end') while (start < end && strip(characters[start] as string)) start += 1;
  if (ends !== 'start') while (end > start && strip(characters[end - 1] as string)) end -= 1;
  return characters.slice(start, end).join('');
}

/** A currency named next to an amount (`EUR 1,200.00`, `1.200,00 €`, `$12`), or a bare ISO code (`GBP`). */
export function currencyIn(text: string): CurrencyMention | null {
  const code = /(?:^|[^A-Za-z])([A-Z]{3})(?![A-Za-z])/.exec(text)?.[1];
  if (code && isoCurrencies.has(code) && (/^\s*[A-Z]{3}\s*$/.test(text) || /\d/.test(text))) return { currency: code, confidence: 0.95 };
  for (const [symbol, currency] of currencySymbols) if (symbol.test(text)) return { currency, confidence: currency === 'USD' || currency === 'JPY' ? 0.75 : 0.9 };
  return null;
}

/** The number of minor units in a currency's major unit, as a power of ten (2 for EUR, 0 for JPY). */
export function minorDigits(currency: string | null): number {
  if (!currency || !isoCurrencies.has(currency)) return 2;
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Whether the document writes decimals with a comma (`1.234,56`): decided once per document from its unambiguous numbers. */
export function usesDecimalComma(texts: string[]): boolean {
  let comma = 0;
  let point = 0;
  for (const text of texts) {
    comma += [...text.matchAll(/\d[.\s]\d{3},\d{2}(?!\d)|(?<![\d.,])\d{1,3},\d{2}(?![\d.,])/g)].length;
    point += [...text.matchAll(/\d[,\s]\d{3}\.\d{2}(?!\d)|(?<![\d.,])\d{1,3}\.\d{2}(?![\d.,])/g)].length;
  }
  return comma > point;
}

/** A decimal number as the document writes it, as integer and fraction digits; null when the text holds no single number. */
interface ParsedNumber {
  negative: boolean;
  integer: string;
  fraction: string;
}

/** OCR reads `,` as `;` and `0` as `O` inside numbers often enough to repair them where digits surround them. */
function repairDigits(text: string): string {
  return text.replace(/(\d)[;](\d)/g, '$1,$2').replace(/(?<=\d)[Oo](?=[\d.,]|$)|(?<=^|[\s$€£(])[Oo](?=[.,]\d)/g, '0');
}

// Each part starts with a character that is not a space: a search through a long run of spaces stays linear.
const numberPattern = /(?:(?<open>[-−(])\s*)?(?:(?:[A-Z]{3}|[€£¥₹]|(?:[A-Z]{1,2})?\$)\s*)?(?<digits>\d{1,3}(?:[.,'\u00a0\u202f ]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)/;

function parseNumber(raw: string, decimalComma: boolean): ParsedNumber | null {
  const text = repairDigits(raw.trim());
  const match = numberPattern.exec(text);
  const digits = match?.groups?.digits;
  if (!match || !digits) return null;
  const negative = match.groups?.open !== undefined || /^\d.*-$/.test(text.trim());
  const separators = [...digits.matchAll(/[.,'\u00a0\u202f ]/g)].map((separator) => separator[0]);
  const last = separators.at(-1);
  let decimalMark: string | null = null;
  if (last === '.' || last === ',') {
    const afterLast = digits.slice(digits.lastIndexOf(last) + 1);
    const onlyKind = separators.every((separator) => separator === last);
    if (!onlyKind) decimalMark = last;
    else if (separators.length > 1) decimalMark = null;
    else if (afterLast.length !== 3) decimalMark = last;
    else decimalMark = (last === ',') === decimalComma ? last : null;
  }
  const [integer = '', fraction = ''] = decimalMark ? [digits.slice(0, digits.lastIndexOf(decimalMark)), digits.slice(digits.lastIndexOf(decimalMark) + 1)] : [digits, ''];
  return { negative, integer: integer.replace(/\D/g, ''), fraction };
}

/** An amount in minor units (`1,234.56` → 123456 for two minor digits), rounding extra decimals half up. */
export function parseMoney(text: string, currency: string | null, decimalComma: boolean): number | null {
  const number = parseNumber(text, decimalComma);
  if (!number) return null;
  const digits = minorDigits(currency);
  const fraction = number.fraction.padEnd(digits + 1, '0');
  const minor = Number(number.integer) * 10 ** digits + Number(fraction.slice(0, digits) || '0') + (Number(fraction[digits]) >= 5 ? 1 : 0);
  return Number.isSafeInteger(minor) ? (number.negative ? -minor : minor) : null;
}

/** A quantity: a number, possibly with a unit (`12`, `2.5 kg`, `1,5`). */
export function parseQuantity(text: string, decimalComma: boolean): number | null {
  if (!/^[-−(]?\d[\d.,'\u00a0\u202f ]*[\p{L}.]{0,6}$/u.test(repairDigits(text.trim()))) return null;
  const number = parseNumber(text, decimalComma);
  if (!number) return null;
  const value = Number(`${number.integer}.${number.fraction || '0'}`);
  return Number.isFinite(value) ? (number.negative ? -value : value) : null;
}

/** A percentage in basis points (`20%` → 2000, `7,5 %` → 750). */
export function parsePercent(text: string): number | null {
  const match = /(\d{1,3}(?:[.,]\d{1,3})?)\s?%/.exec(repairDigits(text));
  if (!match?.[1]) return null;
  return Math.round(Number(match[1].replace(',', '.')) * 100);
}

/** Whether a text is an amount and nothing else (symbols, codes and signs allowed), as opposed to a code such as `SKU-1002`. */
export function isMoneyText(text: string): boolean {
  // A full stop or comma after a closing code is punctuation (`937.07 GBP.`), often a speck to OCR.
  const amount = repairDigits(text.trim()).replace(/(?<=[A-Z€£¥₹)])[.,;:]+$/, '');
  return /^[-−(]?\s*(?:(?:[A-Z]{3}|[€£¥₹]|[A-Z]{0,2}\$)\s*)?(?:\d{1,3}(?:[.,'\u00a0\u202f ]\d{3})+|\d+)(?:[.,]\d{1,3})?(?:\s*(?:[A-Z]{3}|[€£¥₹]))?\)?-?$/.test(amount);
}

/** Day-month order of numeric dates (`05/01/2024`): `dmy` or `mdy`. */
export type DateOrder = 'dmy' | 'mdy';

const numericDate = /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})\b/g;

/**
 * The order a document writes numeric dates in, when one of them settles it (a day above 12);
 * otherwise null and the caller falls back on a weaker hint.
 */
export function dateOrderOf(texts: string[]): DateOrder | null {
  for (const text of texts) {
    for (const [, first, second] of text.matchAll(numericDate)) {
      if (Number(first) > 12 && Number(second) <= 12) return 'dmy';
      if (Number(second) > 12 && Number(first) <= 12) return 'mdy';
    }
  }
  return null;
}

const dayFirst = new chrono.en.Chrono(chrono.en.configuration.createConfiguration(true, true));
const monthFirst = chrono.en.strict;

export interface ParsedDate {
  /** `YYYY-MM-DD`. */
  value: string;
  /** True for a numeric date whose day and month could be swapped (`05/01/2024`). */
  ambiguous: boolean;
}

/** The first complete date (day, month and year all written) in a text. */
export function parseDate(text: string, order: DateOrder): ParsedDate | null {
  const results = (order === 'dmy' ? dayFirst : monthFirst).parse(text, new Date(Date.UTC(2000, 0, 1)));
  const result = results.find(({ start }) => start.isCertain('year') && start.isCertain('month') && start.isCertain('day'));
  if (!result) return null;
  const { start } = result;
  const value = [start.get('year') ?? 0, start.get('month') ?? 0, start.get('day') ?? 0].map((part, index) => String(part).padStart(index === 0 ? 4 : 2, '0')).join('-');
  const numeric = new RegExp(numericDate.source).exec(result.text);
  const ambiguous = numeric !== null && Number(numeric[1]) <= 12 && Number(numeric[2]) <= 12 && numeric[1] !== numeric[2];
  return { value, ambiguous };
}
