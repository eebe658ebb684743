import type { AvailableDaysReply, AvailableSlotsReply } from '@kalinga/contracts/appointments';
import {
  type addExcludedDatesBodySchema,
  daySlotTimes,
  DEFAULT_SCHEDULE_DAY,
  type ExcludedDate,
  type saveScheduleBodySchema,
  type ScheduleDay,
  type ScheduleReply,
  WEEKDAYS,
} from '@kalinga/contracts/schedule';
import type { z } from 'zod';
import type { DB } from '../../db/database';
import { lockCounselors } from '../../db/locks';
import { notFound, unprocessable } from '../../lib/http-errors';
import type { AuthContext } from '../../lib/auth-context';
import {
  deleteExcludedDate,
  findBusyIntervals,
  findCounselor,
  findScheduleDays,
  insertExcludedDates,
  listExcludedDates,
  readBookingSettings,
  type ScheduleDayRow,
  upsertScheduleDays,
} from './schedule.repository';
import { type BusyInterval, computeDaySlots, type DayHours, type Slot } from './slots';
import { addDaysToDate, isRealDate, minutesOf, todayIn, weekdayOf, ZoneDay } from '@kalinga/contracts/zone-time';

/** Longest slot length a setting may give (product-rules.md#appointments: 15–240 minutes); busy look-back before a day. */
const MAX_DURATION_MS = 240 * 60_000;

function toScheduleDay(day: (typeof WEEKDAYS)[number], row: ScheduleDayRow | undefined): ScheduleDay {
  if (!row) return { day, ...DEFAULT_SCHEDULE_DAY, held_times: [] };
  return {
    day,
    is_available: row.is_available === 1,
    start_time: row.start_time,
    end_time: row.end_time,
    break_start: row.break_start,
    break_end: row.break_end,
    held_times: row.held_times === '' ? [] : row.held_times.split(','),
  };
}

/** The counselor's week (seven days, defaults for days never saved) and excluded dates from today on. */
export async function getSchedule(db: DB, auth: AuthContext): Promise<ScheduleReply> {
  const [rows, excluded, settings] = await Promise.all([
    findScheduleDays(db, auth.companyId, auth.user.id),
    listExcludedDates(db, auth.companyId, auth.user.id, todayIn(auth.company.timezone)),
    readBookingSettings(db, auth.companyId),
  ]);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return { schedule: WEEKDAYS.map((d) => toScheduleDay(d, byDay.get(d))), excluded_dates: excluded, slot_minutes: settings.durationMinutes };
}

/**
 * Saves the given days in one transaction, after checking each day's times. The held times a day keeps are read in
 * that transaction under the counselor's lock, so two saves at once (two tabs) never write back times the other
 * has just changed.
 */
export async function saveSchedule(db: DB, auth: AuthContext, body: z.output<typeof saveScheduleBodySchema>): Promise<ScheduleReply> {
  await db.transaction().execute(async (trx) => {
    await lockCounselors(trx, auth.companyId, [auth.user.id]);
    await checkAndSave(trx, auth, body);
  });
  return getSchedule(db, auth);
}

async function checkAndSave(db: DB, auth: AuthContext, body: z.output<typeof saveScheduleBodySchema>): Promise<void> {
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  const stored = await findScheduleDays(db, auth.companyId, auth.user.id);
  const settings = await readBookingSettings(db, auth.companyId);
  // A day sent without held times keeps the ones it has, as long as they are still slots of its hours.
  const days = body.schedule.map((d) => {
    const kept = toScheduleDay(d.day, stored.find((r) => r.day === d.day)).held_times;
    const slots = daySlotTimes(d, settings.durationMinutes);
    return { ...d, held_times: d.held_times ?? kept.filter((t) => slots.includes(t)) };
  });
  days.forEach((d, i) => {
    const add = (field: string, message: string) => (errors[`schedule.${i}.${field}`] ??= []).push(message);
    if (seen.has(d.day)) add('day', 'Each day may appear only once.');
    seen.add(d.day);
    const start = minutesOf(d.start_time);
    const end = minutesOf(d.end_time);
    if (end <= start) add('end_time', 'The end time must be after the start time.');
    if ((d.break_start === null) !== (d.break_end === null)) {
      add(d.break_start === null ? 'break_start' : 'break_end', 'Fill in both break times, or neither.');
    } else if (d.break_start !== null && d.break_end !== null) {
      const bs = minutesOf(d.break_start);
      const be = minutesOf(d.break_end);
      if (be <= bs) add('break_end', 'The break end must be after the break start.');
      else if (bs < start || be > end) add('break_start', 'The break must be within the working hours.');
    }
    const slots = daySlotTimes(d, settings.durationMinutes);
    if (d.held_times.some((t) => !slots.includes(t))) add('held_times', "Each time held for urgent cases must be one of the day's slot times.");
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  await upsertScheduleDays(db, auth.companyId, auth.user.id, days);
}

export async function addExcludedDates(db: DB, auth: AuthContext, body: z.output<typeof addExcludedDatesBodySchema>): Promise<ExcludedDate[]> {
  const today = todayIn(auth.company.timezone);
  const errors: Record<string, string[]> = {};
  body.dates.forEach((d, i) => {
    if (!isRealDate(d.date)) {
      errors[`dates.${i}.date`] = ['The date is not a valid date.'];
    } else if (d.date < today) {
      errors[`dates.${i}.date`] = ['The date must be today or later.'];
    }
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  return db.transaction().execute((trx) => insertExcludedDates(trx, auth.companyId, auth.user.id, body.dates));
}

export async function removeExcludedDate(db: DB, auth: AuthContext, id: number): Promise<void> {
  if (!(await deleteExcludedDate(db, auth.companyId, auth.user.id, id))) throw notFound('Excluded date');
}

export interface DaySlotOptions {
  /** Leave out live appointments (the schedule alone), to tell "not a slot" from "slot taken". */
  ignoreBusy?: boolean;
  /** Start (UTC ms) of an appointment being rescheduled: its own time stays free. */
  ignoreStart?: number;
  nowMs?: number;
  /**
   * Slots held back for urgent cases: left out (the default, for every normal booking and listing), the only ones
   * given, or given with the rest.
   */
  held?: 'skip' | 'only' | 'include';
}

/** The loaded inputs of one counselor's slots over a range of dates. */
export interface SlotContext {
  timeZone: string;
  durationMinutes: number;
  hours: Map<string, DayHours & { held_times: readonly string[] }>;
  excluded: Set<string>;
  busy: BusyInterval[];
}

/** Loads schedule, excluded dates, slot length and live appointments for [fromDate, toDate]. */
export async function loadSlotContext(db: DB, companyId: number, timeZone: string, counselorId: number, fromDate: string, toDate: string, withBusy = true): Promise<SlotContext> {
  const [rows, excludedRows, settings] = await Promise.all([
    findScheduleDays(db, companyId, counselorId),
    listExcludedDates(db, companyId, counselorId, fromDate, toDate),
    readBookingSettings(db, companyId),
  ]);
  const hours = new Map<string, DayHours & { held_times: readonly string[] }>(rows.map((r) => [r.day, toScheduleDay(r.day as (typeof WEEKDAYS)[number], r)]));
  const from = new ZoneDay(fromDate, timeZone).startMs() - MAX_DURATION_MS;
  const to = new ZoneDay(addDaysToDate(toDate, 1), timeZone).startMs();
  const busy = withBusy ? await findBusyIntervals(db, companyId, counselorId, new Date(from).toISOString(), new Date(to).toISOString()) : [];
  return { timeZone, durationMinutes: settings.durationMinutes, hours, excluded: new Set(excludedRows.map((e) => e.excluded_date)), busy };
}

const NO_BUSY: readonly BusyInterval[] = [];

/** Slots of one date from a loaded context. */
export function slotsFromContext(ctx: SlotContext, date: string, options: DaySlotOptions = {}): Slot[] {
  const hours = ctx.hours.get(weekdayOf(date));
  const slots = computeDaySlots({
    date,
    timeZone: ctx.timeZone,
    hours,
    durationMinutes: ctx.durationMinutes,
    excluded: ctx.excluded.has(date),
    busy: options.ignoreBusy ? NO_BUSY : ctx.busy,
    nowMs: options.nowMs ?? Date.now(),
    ignoreStart: options.ignoreStart,
  });
  const held = options.held ?? 'skip';
  const heldTimes = hours?.held_times ?? [];
  if (held === 'include' || (heldTimes.length === 0 && held === 'skip')) return slots;
  return slots.filter((s) => heldTimes.includes(s.time) === (held === 'only'));
}

/** GET /api/appointments/available-slots: the counselor's free slots on a date, in the company's zone. */
export async function availableSlots(db: DB, auth: AuthContext, counselorId: number, date: string, ignoreStart?: number): Promise<AvailableSlotsReply> {
  if (!isRealDate(date)) throw unprocessable({ date: ['The date is not a valid date.'] });
  if (!(await findCounselor(db, auth.companyId, counselorId))) throw notFound('Counselor');
  const timeZone = auth.company.timezone;
  const ctx = await loadSlotContext(db, auth.companyId, timeZone, counselorId, date, date);
  const slots = slotsFromContext(ctx, date, { ignoreStart });
  return {
    slots: slots.map((s) => s.time),
    starts: slots.map((s) => ({ time: s.time, appointment_date: new Date(s.start).toISOString() })),
    timezone: timeZone,
    duration_minutes: ctx.durationMinutes,
  };
}

const NEXT_AVAILABLE_DAYS = 120;

/**
 * GET /api/appointments/available-days: the month's dates with a free slot, and the first free date from today,
 * from one load of the schedule, excluded dates and appointments over the whole range.
 */
export async function availableDays(db: DB, auth: AuthContext, counselorId: number, month: string, ignoreStart?: number): Promise<AvailableDaysReply> {
  if (!(await findCounselor(db, auth.companyId, counselorId))) throw notFound('Counselor');
  const timeZone = auth.company.timezone;
  const first = `${month}-01`;
  const monthDays: string[] = [];
  for (let d = first; d.startsWith(month); d = addDaysToDate(d, 1)) monthDays.push(d);
  const today = todayIn(timeZone);
  const horizonEnd = addDaysToDate(today, NEXT_AVAILABLE_DAYS);
  const from = first < today ? first : today;
  const last = monthDays[monthDays.length - 1];
  const to = last > horizonEnd ? last : horizonEnd;
  const ctx = await loadSlotContext(db, auth.companyId, timeZone, counselorId, from, to);
  const nowMs = Date.now();
  const free = (date: string) => slotsFromContext(ctx, date, { ignoreStart, nowMs }).length > 0;
  let next: string | null = null;
  for (let d = today; d <= horizonEnd; d = addDaysToDate(d, 1)) {
    if (free(d)) { next = d; break; }
  }
  return { days: monthDays.filter((d) => d >= today && free(d)), next_available: next, timezone: timeZone };
}
