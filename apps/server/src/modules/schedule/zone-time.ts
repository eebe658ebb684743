import { tzOffset } from '@date-fns/tz';

// Wall-clock arithmetic in a company's IANA zone. Schedules and slot strings are wall times there
// (PRODUCT.md); appointment_date is the UTC instant. Daylight-saving days: a wall time inside the
// spring-forward gap does not exist (no instant); one inside the fall-back overlap maps to its
// first (earlier) occurrence.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Minutes since midnight of an HH:mm string. */
export function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

// Every HH:mm of a day, built once: slot lists are made of these strings.
const TIMES = Array.from({ length: 24 * 60 }, (_, m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);

/** HH:mm of minutes since midnight. */
export function timeOf(minutes: number): string {
  return TIMES[minutes] ?? `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** UTC milliseconds of the wall-clock midnight of a YYYY-MM-DD date read as if it were UTC. */
export function naiveDayMs(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/** The weekday name of a calendar date (no zone involved: a date is a date). */
export function weekdayOf(date: string): (typeof WEEKDAY_NAMES)[number] {
  return WEEKDAY_NAMES[new Date(naiveDayMs(date)).getUTCDay()];
}

/** Adds days to a YYYY-MM-DD date. */
export function addDaysToDate(date: string, days: number): string {
  return new Date(naiveDayMs(date) + days * 24 * HOUR).toISOString().slice(0, 10);
}

/** The zone's offset (minutes east of UTC) at an instant. */
function offsetAt(timeZone: string, ms: number): number {
  return tzOffset(timeZone, new Date(ms));
}

// Offsets at whole hours, memoised: a zone's offset at a given instant never changes, and the
// Intl lookup behind tzOffset costs microseconds. Bounded so a long-running server cannot grow it.
const hourOffsets = new Map<string, Map<number, number>>();
const MAX_CACHED_OFFSETS = 50_000;

function offsetAtHour(timeZone: string, ms: number): number {
  let zone = hourOffsets.get(timeZone);
  if (!zone) hourOffsets.set(timeZone, (zone = new Map()));
  let offset = zone.get(ms);
  if (offset === undefined) {
    offset = offsetAt(timeZone, ms);
    if (zone.size >= MAX_CACHED_OFFSETS) zone.clear();
    zone.set(ms, offset);
  }
  return offset;
}

/** The calendar date (YYYY-MM-DD) of an instant in a zone. */
export function localDateOf(instant: Date | string, timeZone: string): string {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  return new Date(ms + offsetAt(timeZone, ms) * MINUTE).toISOString().slice(0, 10);
}

/** Wall date and HH:mm of an instant in a zone. */
export function wallOf(instant: Date | string, timeZone: string): { date: string; time: string } {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  const iso = new Date(ms + offsetAt(timeZone, ms) * MINUTE).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/**
 * Converts the wall times of one day to instants. One day's work is shared: when the zone's
 * offset is the same twelve hours before midnight and twelve hours after the day's end (no
 * transition that day, almost always), every wall time maps with one subtraction.
 */
export class ZoneDay {
  readonly date: string;
  private readonly dayMs: number;
  private readonly constantOffset: number | null;
  private readonly offsets: number[];

  constructor(
    date: string,
    private readonly timeZone: string,
  ) {
    this.date = date;
    this.dayMs = naiveDayMs(date);
    const before = offsetAtHour(timeZone, this.dayMs - 12 * HOUR);
    const after = offsetAtHour(timeZone, this.dayMs + 36 * HOUR);
    this.constantOffset = before === after ? before : null;
    this.offsets = before === after ? [before] : [before, after];
  }

  /** The UTC ms of a wall time (minutes since midnight) that day, or null inside a DST gap. */
  instantOf(minutes: number): number | null {
    const naive = this.dayMs + minutes * MINUTE;
    if (this.constantOffset !== null) return naive - this.constantOffset * MINUTE;
    let best: number | null = null;
    for (const offset of this.offsets) {
      const candidate = naive - offset * MINUTE;
      // A candidate is right when the zone really has that offset at that instant.
      if (offsetAt(this.timeZone, candidate) === offset && (best === null || candidate < best)) best = candidate;
    }
    return best;
  }

  /** UTC ms of the day's first instant (midnight, or the first existing minute after a gap). */
  startMs(): number {
    return this.instantOf(0) ?? this.dayMs - this.offsets[this.offsets.length - 1] * MINUTE;
  }
}

/** Whether a string is an IANA zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Whether a YYYY-MM-DD string names a real calendar day (not 2026-02-30). */
export function isRealDate(date: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && new Date(naiveDayMs(date)).toISOString().slice(0, 10) === date;
}
