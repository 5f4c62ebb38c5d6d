/**
 * Expected figures of aggregate tests, computed in the test from the seeded records (never by
 * PostgreSQL): statistics of numbers and of money per currency, groups, and time-bucket labels.
 */

export interface MoneyStatistics {
  currency: string;
  count: number;
  sum: number;
  avg: number;
  min: number;
  max: number;
}

export interface NumberStatistics {
  sum: number | null;
  avg: number | null;
  min: number | null;
  max: number | null;
}

/** The GraphQL selection of each kind of statistics. */
export const MONEY_FIELDS = '{ currency count sum avg min max }';
export const NUMBER_FIELDS = '{ sum avg min max }';

/** Statistics of the values given (nulls left out); all null without any, as the API answers. */
export function numberStatistics(values: Array<number | null>): NumberStatistics {
  const present = values.filter((value): value is number => value !== null);
  if (present.length === 0) return { sum: null, avg: null, min: null, max: null };
  const sum = present.reduce((a, b) => a + b, 0);
  return { sum, avg: sum / present.length, min: Math.min(...present), max: Math.max(...present) };
}

/** Statistics of an amount per currency, by currency code; records without an amount (or currency) are left out. */
export function moneyStatistics<T>(records: T[], amountOf: (record: T) => number | null, currencyOf: (record: T) => string | null): MoneyStatistics[] {
  const priced = records.filter((record) => amountOf(record) !== null && currencyOf(record) !== null);
  return [...groupBy(priced, (record) => currencyOf(record) as string)]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, members]) => {
      const { sum, avg, min, max } = numberStatistics(members.map(amountOf)) as { sum: number; avg: number; min: number; max: number };
      return { currency, count: members.length, sum, avg, min, max };
    });
}

/** The records by key, in the order keys first appear. */
export function groupBy<T>(values: T[], keyOf: (value: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const value of values) groups.set(keyOf(value), [...(groups.get(keyOf(value)) ?? []), value]);
  return groups;
}

/** The label of the bucket an instant falls in, computed with Intl (independently of PostgreSQL). */
export function bucketLabel(instant: Date, unit: string, timeZone: string): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant).map((part) => [part.type, part.value]));
  const [year, month, day] = [Number(parts.year), Number(parts.month), Number(parts.day)];
  switch (unit) {
    case 'day':
      return `${parts.year}-${parts.month}-${parts.day}`;
    case 'month':
      return `${parts.year}-${parts.month}`;
    case 'quarter':
      return `${parts.year}-Q${Math.ceil(month / 3)}`;
    case 'year':
      return `${parts.year}`;
    default: {
      // ISO week: the week (Monday first) holding the Thursday of the local date's week.
      const local = new Date(Date.UTC(year, month - 1, day));
      const thursday = new Date(local.getTime() + (3 - ((local.getUTCDay() + 6) % 7)) * 86_400_000);
      const firstThursday = new Date(Date.UTC(thursday.getUTCFullYear(), 0, 4));
      const week = 1 + Math.round((thursday.getTime() - firstThursday.getTime()) / 86_400_000 / 7 - (3 - ((firstThursday.getUTCDay() + 6) % 7)) / 7);
      return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
    }
  }
}
