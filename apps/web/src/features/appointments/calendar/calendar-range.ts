// Dates of the calendar's day and week views: wall dates (YYYY-MM-DD) in the company's zone,
// computed on UTC midnights so the browser's own zone never shifts a day.

import { addDaysToDate } from '@kalinga/contracts/zone-time';
import { formatDateRange, formatLongDate } from '../../../lib/dates';

export type CalendarView = 'day' | 'week';

function toMs(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

export function addDays(date: string, days: number): string {
  return addDaysToDate(date, days);
}

/** The Monday of the date's week (weeks start on Monday). */
export function mondayOf(date: string): string {
  const weekday = new Date(toMs(date)).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** The dates a view shows around the anchor date: its week from Monday, or the day itself. */
export function rangeOf(view: CalendarView, anchor: string): { from: string; days: number } {
  return view === 'week' ? { from: mondayOf(anchor), days: 7 } : { from: anchor, days: 1 };
}

/** The anchor one view earlier (-1) or later (+1). */
export function stepAnchor(view: CalendarView, anchor: string, direction: 1 | -1): string {
  return addDays(anchor, direction * (view === 'week' ? 7 : 1));
}


/** "Monday, November 23, 2026" for a day; "Nov 23 – Nov 29, 2026" for a week. */
export function rangeLabel(view: CalendarView, from: string): string {
  if (view === 'day') return formatLongDate(from);
  return formatDateRange(from, addDays(from, 6));
}

/** "Monday, November 23, 2026": a date as screen readers should hear it. */
export function spokenDate(date: string): string {
  return formatLongDate(date);
}
