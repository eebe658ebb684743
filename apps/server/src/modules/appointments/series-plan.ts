import { MAX_SERIES_SESSIONS, SERIES_PROBLEM_TEXT, type SeriesFrequency, type SeriesProblemCode } from '@kalinga/contracts/series-constants';
import type { SeriesOccurrence, SeriesSlot } from '@kalinga/contracts/appointment-series';
import { type SlotContext, slotsFromContext } from '../schedule/schedule.service';
import type { BusyInterval } from '../schedule/slots';
import { addDaysToDate, localDateOf, minutesOf, timeOf, weekdayOf, ZoneDay } from '@kalinga/contracts/zone-time';

// Where the sessions of a series fall and what stands in their way (decision 0150). Pure: the caller loads the
// counselor's schedule, excluded dates and live appointments (a SlotContext) and decides what to do with the plan.
// Every check is the one the single booking makes (slotsFromContext), so a series can never book what a single
// booking could not.

const MINUTE = 60_000;
const SUGGESTIONS = 3;

/** The session dates of a rule: every 7 or 14 days from the first, `count` of them or up to `until`; null past the cap. */
export function sessionDates(firstDate: string, frequency: SeriesFrequency, end: { count?: number; until?: string }): string[] | null {
  const step = frequency === 'weekly' ? 7 : 14;
  const dates: string[] = [];
  for (let date = firstDate; end.count !== undefined ? dates.length < end.count : date <= end.until!; date = addDaysToDate(date, step)) {
    if (dates.length === MAX_SERIES_SESSIONS) return null;
    dates.push(date);
  }
  return dates;
}

/** The date `days` after `date` (negative: before). */
function shift(date: string, days: number): string {
  return addDaysToDate(date, days);
}

/** Monday and Sunday of the date's week. */
export function weekOf(date: string): { monday: string; sunday: string } {
  const back = (['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const).indexOf(weekdayOf(date) as 'monday');
  const monday = shift(date, -back);
  return { monday, sunday: shift(monday, 6) };
}

/** One wanted session: its date, its wall time and the user's choice for it (undefined: none). */
export interface WantedSession {
  index: number;
  date: string;
  /** Minutes after midnight, company zone. */
  minutes: number;
  /** The user's decision: another instant (ms), or null to skip the session. */
  choice?: number | null;
}

export interface PlanInput {
  ctx: SlotContext;
  sessions: readonly WantedSession[];
  nowMs: number;
  today: string;
  /** Starts of live appointments that do not count as taken (the sessions being moved themselves). */
  ignoreStarts?: ReadonlySet<number>;
  /** The client's own live appointments (with any counselor): a session may not overlap one (decision 0221). */
  clientBusy?: readonly BusyInterval[];
}

/** Why `instant` on `date` cannot be booked, or null when it can (against the context's busy intervals). */
function problemOf(ctx: SlotContext, date: string, instant: number | null, nowMs: number, today: string): SeriesProblemCode | null {
  if (date < today || (instant !== null && instant <= nowMs)) return 'past';
  const hours = ctx.hours.get(weekdayOf(date));
  if (!hours || !hours.is_available) return 'day_off';
  if (ctx.excluded.has(date)) return 'excluded';
  if (instant === null) return 'no_such_time';
  if (!slotsFromContext(ctx, date, { ignoreBusy: true, nowMs, held: 'include' }).some((s) => s.start === instant)) return 'off_schedule';
  if (slotsFromContext(ctx, date, { ignoreBusy: true, nowMs, held: 'only' }).some((s) => s.start === instant)) return 'held';
  if (!slotsFromContext(ctx, date, { nowMs }).some((s) => s.start === instant)) return 'taken';
  return null;
}

function slotOf(date: string, start: number, time: string): SeriesSlot {
  return { appointment_date: new Date(start).toISOString(), local_date: date, time };
}

/** The free slots of the wanted session's week nearest to the wanted time (not past, not another session's). */
function suggestionsFor(ctx: SlotContext, date: string, target: number, nowMs: number, today: string): SeriesSlot[] {
  const { monday, sunday } = weekOf(date);
  const found: { slot: SeriesSlot; distance: number }[] = [];
  for (let d = monday < today ? today : monday; d <= sunday; d = shift(d, 1)) {
    if (ctx.excluded.has(d)) continue;
    for (const s of slotsFromContext(ctx, d, { nowMs })) found.push({ slot: slotOf(d, s.start, s.time), distance: Math.abs(s.start - target) });
  }
  return found.sort((a, b) => a.distance - b.distance).slice(0, SUGGESTIONS).map((f) => f.slot);
}

/** A context whose busy intervals also hold `extra` (other sessions of the series) and leave out `ignore`. */
function withBusy(ctx: SlotContext, extra: readonly BusyInterval[], ignore: ReadonlySet<number> | undefined): SlotContext {
  const busy = (ignore && ignore.size > 0 ? ctx.busy.filter((b) => !ignore.has(b.start)) : [...ctx.busy]).concat(extra);
  busy.sort((a, b) => a.start - b.start);
  return { ...ctx, busy };
}

/**
 * Each session with its outcome. A session is checked at the user's choice when there is one, else at the wanted
 * time; besides the schedule and other appointments, no two sessions of the series may overlap ('twice').
 */
export function planSeries(input: PlanInput): SeriesOccurrence[] {
  const { ctx, nowMs, today } = input;
  const base = withBusy(ctx, [], input.ignoreStarts);
  const length = ctx.durationMinutes * MINUTE;
  const wanted = input.sessions.map((s) => ({ ...s, instant: new ZoneDay(s.date, ctx.timeZone).instantOf(s.minutes) }));
  const taken: BusyInterval[] = [];
  const out: SeriesOccurrence[] = [];
  for (const s of wanted) {
    const row = { index: s.index, wanted_date: s.date, wanted_time: timeOf(s.minutes), wanted_instant: s.instant === null ? null : new Date(s.instant).toISOString() };
    if (s.choice === null) {
      out.push({ ...row, problem: null, suggestions: [], outcome: 'skip', appointment_date: null });
      continue;
    }
    const at = s.choice ?? s.instant;
    const atDate = s.choice === undefined ? s.date : localDateOf(new Date(s.choice), ctx.timeZone);
    const week = weekOf(s.date);
    // A chosen time stays in its session's week (the context holds the appointments of those weeks only).
    let code: SeriesProblemCode | null = atDate < week.monday || atDate > week.sunday ? 'other_week' : problemOf(base, atDate, at, nowMs, today);
    if (code === null && at !== null && (input.clientBusy ?? []).some((b) => b.start < at + length && b.end > at)) code = 'client_busy';
    if (code === null && at !== null && taken.some((t) => t.start < at + length && t.end > at)) code = 'twice';
    if (code === null && at !== null) {
      taken.push({ start: at, end: at + length });
      out.push({ ...row, problem: null, suggestions: [], outcome: s.choice === undefined ? 'book' : 'moved', appointment_date: new Date(at).toISOString() });
      continue;
    }
    out.push({ ...row, problem: { code: code!, message: SERIES_PROBLEM_TEXT[code!] }, suggestions: [], outcome: 'blocked', appointment_date: null });
  }
  // Suggestions last, when every session's place is known: never a time another session of the series holds, nor
  // one when the client is in another appointment.
  const withSeries = withBusy(ctx, [...taken, ...(input.clientBusy ?? [])], input.ignoreStarts);
  for (const o of out) {
    if (o.outcome !== 'blocked') continue;
    const target = o.wanted_instant !== null ? Date.parse(o.wanted_instant) : new ZoneDay(o.wanted_date, ctx.timeZone).startMs() + minutesOf(o.wanted_time) * MINUTE;
    o.suggestions = suggestionsFor(withSeries, o.wanted_date, target, nowMs, today);
  }
  return out;
}
