/** Minor units (cents) as an amount in `currency`, in the reader's locale. */
export function formatMoney(minor: number | string | null | undefined, currency: string): string {
  if (minor === null || minor === undefined) return '—';
  const format = new Intl.NumberFormat(undefined, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(Number(minor) / 10 ** digits);
}

/** Parses an amount typed by a person ("12.50") into minor units of `currency`. */
export function toMinorUnits(amount: string, currency = 'USD'): number {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return Math.round(Number(amount) * 10 ** digits);
}

export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/** A datetime-local input's value as an ISO instant (empty stays empty). */
export function localToIso(value: string): string {
  return value ? new Date(value).toISOString() : '';
}

export function startOfToday(): Date {
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  return today;
}

export function shortJson(value: unknown, max = 80): string {
  const text = JSON.stringify(value) ?? '';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
