// Every date and time the app shows, in one format per kind in the language in use's Philippine locale, en-PH or
// fil-PH (decisions 0146, 0246); in English:
//   date           Nov 26, 2026
//   date-time      Nov 26, 2026, 5:04 AM
//   time           5:04 AM
//   weekday-date   Thu, Nov 26, 2026        (and weekday-date-time: Thu, Nov 26, 2026, 5:04 AM)
// plus the long form a heading or a screen reader uses (Thursday, November 26, 2026) and a month (November 2026).
// An instant (ISO text, Date, epoch ms) shows in the browser's zone unless a zone is given; a calendar date
// ('2026-11-26') is a date, shown as itself in any zone. The language is the one chosen (lib/i18n.ts), not the
// browser's locale: the centre's people see the same words on every device. Missing or unreadable values show as an
// em dash.

import { currentLocale } from './i18n';

export type When = string | number | Date;

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const MISSING = '—';

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', hour12: true };
const WEEKDAY_DATE: Intl.DateTimeFormatOptions = { weekday: 'short', ...DATE };
const LONG_DATE: Intl.DateTimeFormatOptions = { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' };
const MONTH: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long' };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(options: Intl.DateTimeFormatOptions, timeZone: string | undefined, locale: string): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}|${timeZone ?? ''}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, f);
  }
  return f;
}

/** The moment to format and the zone to read it in: a calendar date is read at its noon in UTC (no shift). */
function resolve(value: When | null | undefined, timeZone: string | undefined): { at: Date; timeZone: string | undefined } | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) {
    const at = new Date(`${value}T12:00:00Z`);
    return Number.isNaN(at.getTime()) ? null : { at, timeZone: 'UTC' };
  }
  const at = value instanceof Date ? value : new Date(value);
  return Number.isNaN(at.getTime()) ? null : { at, timeZone };
}

/** Formats with `options`; the day period always reads 'AM'/'PM' (some engines' en-PH data say 'am' or 'a.m.'). */
function show(value: When | null | undefined, options: Intl.DateTimeFormatOptions, timeZone?: string, locale: string = currentLocale()): string {
  const r = resolve(value, timeZone);
  if (!r) return MISSING;
  return formatter(options, r.timeZone, locale)
    .formatToParts(r.at)
    .map((p) => (p.type === 'dayPeriod' ? p.value.replace(/\./g, '').toUpperCase() : p.value))
    .join('')
    .replace(/\u202f|\u00a0/g, ' ');
}

/** 'Nov 26, 2026'; `locale` for a part drawn in another language than the screen's (lib/i18n.ts, useLocale). */
export function formatDate(value: When | null | undefined, timeZone?: string, locale?: string): string {
  return show(value, DATE, timeZone, locale);
}

/** '5:04 AM'. */
export function formatTime(value: When | null | undefined, timeZone?: string): string {
  return show(value, TIME, timeZone);
}

/** 'Nov 26, 2026, 5:04 AM'. */
export function formatDateTime(value: When | null | undefined, timeZone?: string): string {
  const date = formatDate(value, timeZone);
  return date === MISSING ? MISSING : `${date}, ${formatTime(value, timeZone)}`;
}

/** 'Thu, Nov 26, 2026'. */
export function formatWeekdayDate(value: When | null | undefined, timeZone?: string): string {
  return show(value, WEEKDAY_DATE, timeZone);
}

/** 'Thu, Nov 26, 2026, 5:04 AM'. */
export function formatWeekdayDateTime(value: When | null | undefined, timeZone?: string): string {
  const date = formatWeekdayDate(value, timeZone);
  return date === MISSING ? MISSING : `${date}, ${formatTime(value, timeZone)}`;
}

/** 'Thursday, November 26, 2026': a day heading, or a date as a screen reader should say it. */
export function formatLongDate(value: When | null | undefined, timeZone?: string, locale?: string): string {
  return show(value, LONG_DATE, timeZone, locale);
}

/** 'Nov 26': a chart's axis, where the year is the chart's own. */
export function formatMonthDay(value: When | null | undefined, timeZone?: string): string {
  return show(value, { month: 'short', day: 'numeric' }, timeZone);
}

/** 'November 2026'. */
export function formatMonth(value: When | null | undefined, timeZone?: string): string {
  return show(value, MONTH, timeZone);
}

/** 'Nov 23 – Nov 29, 2026' for two dates of one year; 'Dec 28, 2026 – Jan 3, 2027' across a new year. */
export function formatDateRange(from: When, to: When, timeZone?: string): string {
  const [a, b] = [formatDate(from, timeZone), formatDate(to, timeZone)];
  if (a === MISSING || b === MISSING) return MISSING;
  const sameYear = a.slice(-4) === b.slice(-4);
  return `${sameYear ? formatMonthDay(from, timeZone) : a} – ${b}`;
}

/** '9:00 – 10:00 AM' within one half of the day; '11:30 AM – 12:30 PM' across noon. */
export function formatTimeRange(start: When, end: When, timeZone?: string): string {
  const [a, b] = [formatTime(start, timeZone), formatTime(end, timeZone)];
  if (a === MISSING || b === MISSING) return MISSING;
  return a.slice(-2) === b.slice(-2) ? `${a.slice(0, -3)} – ${b}` : `${a} – ${b}`;
}

/** A wall-clock 'HH:mm' (a schedule's, a slot's) as '1:05 PM'. */
export function formatClock(hhmm: string): string {
  return /^\d{2}:\d{2}$/.test(hhmm) ? formatTime(`1970-01-01T${hhmm}:00Z`, 'UTC') : MISSING;
}

/** The pieces of a date block: weekday 'Thu' and day of the month '26'. */
export function dayParts(value: When | null | undefined, timeZone?: string): { weekday: string; day: string } {
  return { weekday: show(value, { weekday: 'short' }, timeZone), day: show(value, { day: '2-digit' }, timeZone) };
}

/**
 * A date input's value once the user has typed all of it: a real YYYY-MM-DD date with a four-digit year.
 * While a year is being typed the browser reports '0002-12-15', '0020-12-15' and '0202-12-15' on the way
 * to '2026-12-15'; nothing should be asked of the server for those.
 */
export function isWholeDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (y < 1900) return false;
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}
