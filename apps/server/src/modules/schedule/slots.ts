import { minutesOf, timeOf, ZoneDay } from './zone-time';

const MINUTE = 60_000;

/** One weekday of a counselor's schedule, wall times HH:mm in the company's zone. */
export interface DayHours {
  is_available: boolean;
  start_time: string;
  end_time: string;
  break_start: string | null;
  break_end: string | null;
}

/** Time taken by a live (pending or confirmed) appointment, in UTC ms, half-open [start, end). */
export interface BusyInterval {
  start: number;
  end: number;
}

export interface Slot {
  /** HH:mm wall time in the company's zone. */
  time: string;
  /** The start instant, UTC ms. */
  start: number;
}

export interface SlotInput {
  date: string;
  timeZone: string;
  hours: DayHours | undefined;
  durationMinutes: number;
  excluded: boolean;
  /** Sorted by start. Intervals of other days may be included; they never match. */
  busy: readonly BusyInterval[];
  nowMs: number;
  /** Ignore busy intervals that start exactly here (the appointment being rescheduled). */
  ignoreStart?: number;
}

/**
 * The free slots of one day (PRODUCT.md): from the start time, stepping by the slot length, ending
 * by the end time; a slot that would overlap the break moves to the break's end; minus an excluded
 * date, times already started, and live appointments. A wall time that does not exist (spring
 * forward) gives no slot; a repeated one (fall back) gives one slot, at its first occurrence.
 */
export function computeDaySlots(input: SlotInput): Slot[] {
  const { hours, durationMinutes: d } = input;
  if (!hours || !hours.is_available || input.excluded || d <= 0) return [];
  const start = minutesOf(hours.start_time);
  const end = minutesOf(hours.end_time);
  const hasBreak = hours.break_start !== null && hours.break_end !== null && minutesOf(hours.break_start) < minutesOf(hours.break_end);
  const breakStart = hasBreak ? minutesOf(hours.break_start!) : 0;
  const breakEnd = hasBreak ? minutesOf(hours.break_end!) : 0;
  const zone = new ZoneDay(input.date, input.timeZone);
  const maxBusy = longest(input.busy);
  const slots: Slot[] = [];
  let t = start;
  while (t + d <= end) {
    if (hasBreak && t < breakEnd && t + d > breakStart) {
      t = breakEnd;
      continue;
    }
    const s = zone.instantOf(t);
    if (s !== null && s > input.nowMs && !overlaps(input.busy, maxBusy, s, s + d * MINUTE, input.ignoreStart)) {
      slots.push({ time: timeOf(t), start: s });
    }
    t += d;
  }
  return slots;
}

// The longest busy interval of a list, remembered per list (a month's slots reuse one list).
const longestOf = new WeakMap<readonly BusyInterval[], number>();

function longest(busy: readonly BusyInterval[]): number {
  const known = longestOf.get(busy);
  if (known !== undefined) return known;
  let max = 0;
  for (const b of busy) if (b.end - b.start > max) max = b.end - b.start;
  longestOf.set(busy, max);
  return max;
}

/** Binary search for the first interval starting at or after `end`, then look back over those that could reach `start`. */
function overlaps(busy: readonly BusyInterval[], maxBusy: number, start: number, end: number, ignoreStart: number | undefined): boolean {
  let lo = 0;
  let hi = busy.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (busy[mid].start < end) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo - 1; i >= 0 && busy[i].start > start - maxBusy; i--) {
    const b = busy[i];
    if (b.start === ignoreStart) continue;
    if (b.start < end && b.end > start) return true;
  }
  return false;
}
