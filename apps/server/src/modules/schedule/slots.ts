import { constantDayBase, minutesOf, timeOf, ZoneDay } from '@kalinga/contracts/zone-time';

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
 * The free slots of one day (product-rules.md#appointments): from the start time, stepping by the slot length, ending
 * by the end time; a slot that would overlap the break moves to the break's end; minus an excluded
 * date, times already started, and live appointments. A wall time that does not exist (spring
 * forward) gives no slot; a repeated one (fall back) gives one slot, at its first occurrence.
 */
export function computeDaySlots(input: SlotInput): Slot[] {
  const { hours, durationMinutes: d } = input;
  if (!hours || !hours.is_available || input.excluded || d <= 0) return [];
  const { start, end, hasBreak, breakStart, breakEnd } = readHours(hours);
  // On a day without a transition (almost every day) a wall time is one addition away from its
  // instant; only a transition day needs the zone's per-time check.
  const base = constantDayBase(input.date, input.timeZone);
  const zone = base === base ? null : new ZoneDay(input.date, input.timeZone); // base === base: not NaN
  const { nowMs, ignoreStart } = input;
  const busy = input.busy;
  const count = busy.length;
  const maxBusy = longest(busy);
  const length = d * MINUTE;
  const slots: Slot[] = [];
  // busy[next] is the first interval starting after (slot start - longest interval): none before it
  // can reach a slot starting there or later. Slot starts increase, so it only moves forward.
  let next = -1;
  let previous = Number.NEGATIVE_INFINITY;
  let t = start;
  while (t + d <= end) {
    if (hasBreak && t < breakEnd && t + d > breakStart) {
      t = breakEnd;
      continue;
    }
    const s = zone === null ? base + t * MINUTE : zone.instantOf(t);
    if (s !== null && s > nowMs) {
      const from = s - maxBusy;
      if (next < 0 || s < previous) next = firstStartingAfter(busy, from);
      else while (next < count && busy[next].start <= from) next++;
      previous = s;
      // Taken when an interval from there on, starting before the slot's end, ends after its start.
      const slotEnd = s + length;
      let taken = false;
      for (let i = next; i < count && busy[i].start < slotEnd; i++) {
        if (busy[i].end > s && busy[i].start !== ignoreStart) {
          taken = true;
          break;
        }
      }
      if (!taken) slots.push({ time: timeOf(t), start: s });
    }
    t += d;
  }
  return slots;
}

interface ParsedHours {
  start: number;
  end: number;
  hasBreak: boolean;
  breakStart: number;
  breakEnd: number;
}

// The last weekday read, kept with the four strings it was read from: a month of slots reads the same
// seven days over and over. Compared by value, so a changed (or mutated) schedule is read afresh.
let lastRead: { times: [string, string, string | null, string | null]; parsed: ParsedHours } | null = null;

/** A day's wall times as minutes since midnight. */
function readHours(hours: DayHours): ParsedHours {
  const known = lastRead;
  if (known && known.times[0] === hours.start_time && known.times[1] === hours.end_time && known.times[2] === hours.break_start && known.times[3] === hours.break_end) {
    return known.parsed;
  }
  const start = minutesOf(hours.start_time);
  const end = minutesOf(hours.end_time);
  const hasBreak = hours.break_start !== null && hours.break_end !== null && minutesOf(hours.break_start) < minutesOf(hours.break_end);
  const parsed = { start, end, hasBreak, breakStart: hasBreak ? minutesOf(hours.break_start!) : 0, breakEnd: hasBreak ? minutesOf(hours.break_end!) : 0 };
  lastRead = { times: [hours.start_time, hours.end_time, hours.break_start, hours.break_end], parsed };
  return parsed;
}

// The longest busy interval of the last list seen (a month's slots reuse one list of bookings thirty
// times). A list is treated as read-only once used; one that has grown is measured again.
let lastBusy: readonly BusyInterval[] | null = null;
let lastBusySize = 0;
let lastLongest = 0;

function longest(busy: readonly BusyInterval[]): number {
  if (busy === lastBusy && busy.length === lastBusySize) return lastLongest;
  let max = 0;
  for (const b of busy) if (b.end - b.start > max) max = b.end - b.start;
  lastBusy = busy;
  lastBusySize = busy.length;
  lastLongest = max;
  return max;
}

/** Index of the first interval (sorted by start) starting after `ms`. */
function firstStartingAfter(busy: readonly BusyInterval[], ms: number): number {
  let lo = 0;
  let hi = busy.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (busy[mid].start <= ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
