// Wall-clock arithmetic in a company's IANA zone, the one home of the date helpers the server and the web app
// share (today's date in a zone, an instant's wall date and time). Intl only: no zone library is bundled. Schedules and slot strings are wall times there
// (product-rules.md#appointments); appointment_date is the UTC instant. Daylight-saving days: a wall time inside the
// spring-forward gap does not exist (no instant); one inside the fall-back overlap maps to its
// first (earlier) occurrence.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const DAY = 24 * HOUR;

/** The number of `length` decimal digits at `at`, or -1 if any of them is not a digit. */
function digitsAt(text: string, at: number, length: number): number {
  let value = 0;
  for (let i = at; i < at + length; i++) {
    const digit = text.charCodeAt(i) - 48; // NaN past the end: fails the test below
    if (!(digit >= 0 && digit <= 9)) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** Minutes since midnight of an HH:mm string. */
export function minutesOf(time: string): number {
  // Read from the character codes: slicing and Number() cost more than the rest of a day's slots.
  const h = digitsAt(time, 0, 2);
  const m = digitsAt(time, 3, 2);
  if (h >= 0 && m >= 0) return h * 60 + m;
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)); // anything else, exactly as before (NaN for junk)
}

// Every HH:mm of a day, built once: slot lists are made of these strings.
const TIMES = Array.from({ length: 24 * 60 }, (_, m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);

/** HH:mm of minutes since midnight. */
export function timeOf(minutes: number): string {
  return TIMES[minutes] ?? `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * Days from 1970-01-01 to a proleptic Gregorian date (month 1–12; the day may run past the month's
 * end and rolls over, as with Date.UTC). Howard Hinnant's days_from_civil: integer arithmetic only.
 */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

// The last date read: a day's slots read the same date for its weekday and for its zone arithmetic.
let lastDate: string | null = null;
let lastDayMs = 0;

/** UTC milliseconds of the wall-clock midnight of a YYYY-MM-DD date read as if it were UTC. */
export function naiveDayMs(date: string): number {
  if (date === lastDate) return lastDayMs;
  lastDayMs = readDayMs(date);
  lastDate = date;
  return lastDayMs;
}

function readDayMs(date: string): number {
  const year = date.length === 10 ? digitsAt(date, 0, 4) : -1;
  const month = digitsAt(date, 5, 2);
  const day = digitsAt(date, 8, 2);
  // Years below 100 are 19xx to Date.UTC; months outside 1–12 roll years there: leave both to it.
  if (year >= 100 && month >= 1 && month <= 12 && day >= 0) return daysFromCivil(year, month, day) * DAY;
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/** The weekday name of a calendar date (no zone involved: a date is a date). */
export function weekdayOf(date: string): (typeof WEEKDAY_NAMES)[number] {
  const days = naiveDayMs(date) / DAY + 4; // 1970-01-01 was a Thursday
  const index = days - 7 * Math.floor(days / 7); // a floored modulo; NaN for a date that is no date
  return WEEKDAY_NAMES[Number.isNaN(index) ? -1 : index | 0]; // -1: no weekday (undefined), as before
}

/** Adds days to a YYYY-MM-DD date. */
export function addDaysToDate(date: string, days: number): string {
  return new Date(naiveDayMs(date) + days * DAY).toISOString().slice(0, 10);
}

const offsetFormats = new Map<string, (date: Date) => string>();
const parsedOffsets = new Map<string, number>();

/** Minutes of an offset text such as `+08:00`, `-0330` or `+05` (the way date-fns' tzOffset reads them). */
function offsetMinutesOf(key: string, values: string[]): number {
  const hours = +(values[0] || 0);
  const minutes = +(values[1] || 0);
  const seconds = +(values[2] || 0) / 60;
  const total = hours * 60 + minutes > 0 ? hours * 60 + minutes + seconds : hours * 60 - minutes - seconds;
  parsedOffsets.set(key, total);
  return total;
}

/**
 * The zone's offset (minutes east of UTC) at an instant, NaN for a zone that is no zone. Read from Intl's
 * `GMT+08:00` form of the instant, as date-fns' tzOffset does; an offset zone (`+08:00`) Intl refuses is parsed.
 */
function offsetAt(timeZone: string, ms: number): number {
  try {
    let format = offsetFormats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).format;
      offsetFormats.set(timeZone, format);
    }
    const text = format(new Date(ms)).split('GMT')[1];
    return parsedOffsets.get(text) ?? offsetMinutesOf(text, text.split(':'));
  } catch {
    const known = parsedOffsets.get(timeZone);
    if (known !== undefined) return known;
    const captures = /([+-]\d\d):?(\d\d)?/.exec(timeZone ?? '');
    return captures ? offsetMinutesOf(timeZone, captures.slice(1)) : Number.NaN;
  }
}

// Offsets at whole hours, memoised: a zone's offset at a given instant never changes, and the
// Intl lookup behind offsetAt costs microseconds. Bounded so a long-running server cannot grow it.
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

// Per zone and calendar day (days since 1970, a small integer key): the offset of the whole day
// when it has no transition, else NaN. One lookup per day instead of two hour lookups; and a run of
// consecutive days already found constant with one offset (a span) answers without a lookup.
interface ZoneDays {
  days: Map<number, number>;
  spanFrom: number;
  spanTo: number;
  spanOffset: number;
}
const zoneDays = new Map<string, ZoneDays>();
let lastZone = '';
let lastZoneDays: ZoneDays = { days: new Map(), spanFrom: 1, spanTo: 0, spanOffset: 0 };

/** The offset shared by 12 h before the day and 12 h after it (the whole day), or NaN on a transition day. */
function constantDayOffset(timeZone: string, dayMs: number): number {
  if (timeZone !== lastZone) {
    let zone = zoneDays.get(timeZone);
    if (!zone) zoneDays.set(timeZone, (zone = { days: new Map(), spanFrom: 1, spanTo: 0, spanOffset: 0 }));
    lastZone = timeZone;
    lastZoneDays = zone;
  }
  if (Number.isNaN(dayMs)) return Number.NaN;
  const zone = lastZoneDays;
  const key = (dayMs / DAY) | 0; // a small integer: cheap to hash
  if (key >= zone.spanFrom && key <= zone.spanTo) return zone.spanOffset;
  let offset = zone.days.get(key);
  if (offset === undefined) {
    const before = offsetAtHour(timeZone, dayMs - 12 * HOUR);
    const after = offsetAtHour(timeZone, dayMs + 36 * HOUR);
    offset = before === after ? before : Number.NaN;
    if (zone.days.size >= MAX_CACHED_OFFSETS) zone.days.clear();
    zone.days.set(key, offset);
  }
  // Every day of a span was checked on its own; grow it by this day when adjacent, else start anew.
  if (offset === offset) {
    if (offset === zone.spanOffset && key === zone.spanTo + 1 && zone.spanFrom <= zone.spanTo) zone.spanTo = key;
    else if (offset === zone.spanOffset && key === zone.spanFrom - 1 && zone.spanFrom <= zone.spanTo) zone.spanFrom = key;
    else {
      zone.spanFrom = key;
      zone.spanTo = key;
      zone.spanOffset = offset;
    }
  }
  return offset;
}

/** The calendar date (YYYY-MM-DD) of an instant in a zone. */
export function localDateOf(instant: Date | string, timeZone: string): string {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  return new Date(ms + offsetAt(timeZone, ms) * MINUTE).toISOString().slice(0, 10);
}

/**
 * Today's calendar date (YYYY-MM-DD) in a zone: the company's day. Without a zone (a screen before the company is
 * known), the runtime's own date.
 */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): string {
  if (!timeZone) return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return localDateOf(now, timeZone);
}

/** Wall date and HH:mm of an instant in a zone. */
export function wallOf(instant: Date | string, timeZone: string): { date: string; time: string } {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  const iso = new Date(ms + offsetAt(timeZone, ms) * MINUTE).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/**
 * UTC ms of the midnight wall time of a date when the zone's offset is the same all day (every day
 * but a transition day), else NaN: then a wall time t minutes after midnight is at `base + t min`.
 */
export function constantDayBase(date: string, timeZone: string): number {
  const dayMs = naiveDayMs(date);
  return dayMs - constantDayOffset(timeZone, dayMs) * MINUTE;
}

const NO_OFFSETS: readonly number[] = [];

/**
 * Converts the wall times of one day to instants. One day's work is shared: when the zone's
 * offset is the same twelve hours before midnight and twelve hours after the day's end (no
 * transition that day, almost always), every wall time maps with one subtraction.
 */
export class ZoneDay {
  readonly date: string;
  /** UTC ms of the date's midnight read as if it were UTC. */
  readonly dayMs: number;
  /** The zone's offset (minutes east of UTC) all day, or null on a day with a transition. */
  readonly constantOffset: number | null;
  /** On a transition day, the offsets before and after it; empty otherwise. */
  private readonly offsets: readonly number[];

  constructor(
    date: string,
    private readonly timeZone: string,
  ) {
    this.date = date;
    this.dayMs = naiveDayMs(date);
    const offset = constantDayOffset(timeZone, this.dayMs);
    if (offset === offset) {
      // Not NaN: no transition that day.
      this.constantOffset = offset;
      this.offsets = NO_OFFSETS;
    } else {
      this.constantOffset = null;
      this.offsets = [offsetAtHour(timeZone, this.dayMs - 12 * HOUR), offsetAtHour(timeZone, this.dayMs + 36 * HOUR)];
    }
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
    return this.instantOf(0) ?? this.dayMs - this.offsets[1] * MINUTE; // a gap at midnight: a transition day
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
