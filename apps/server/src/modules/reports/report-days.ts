import { addDaysToDate } from '@kalinga/contracts/zone-time';

// Calendar-day arithmetic on 'YYYY-MM-DD' text. Days are counted in UTC so that a daylight-saving
// change in the company's zone can never add or drop a day from a series.

const MS_PER_DAY = 86_400_000;

function toUtcMs(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
}

/** The date `n` days after (or before, when negative) `day`. */
export function addDays(day: string, n: number): string {
  return addDaysToDate(day, n);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / MS_PER_DAY);
}

/** Every date from `from` to `to`, both included. */
export function dayRange(from: string, to: string): string[] {
  const n = daysBetween(from, to);
  return Array.from({ length: Math.max(0, n + 1) }, (_, i) => addDays(from, i));
}
