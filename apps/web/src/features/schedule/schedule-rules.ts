import { daySlotTimes, DEFAULT_SCHEDULE_DAY, type ScheduleDay, WEEKDAYS, type Weekday } from '@kalinga/contracts/schedule';
import { formatWeekdayDate } from '../../lib/dates';
import { t } from '../../lib/i18n';

/** A day as the form edits it: break times are strings ('' = no break). */
export interface DayForm {
  day: Weekday;
  is_available: boolean;
  start_time: string;
  end_time: string;
  break_start: string;
  break_end: string;
  /** Slot starts held back for urgent cases. */
  held_times: string[];
}

/** Seven days monday..sunday from the server's reply; a missing day takes the default (product-rules.md#constants). */
export function toDayForms(schedule: readonly ScheduleDay[]): DayForm[] {
  return WEEKDAYS.map((day) => {
    const found = schedule.find((d) => d.day === day);
    const src = found ?? { ...DEFAULT_SCHEDULE_DAY, day };
    return {
      day,
      is_available: src.is_available,
      start_time: src.start_time.slice(0, 5),
      end_time: src.end_time.slice(0, 5),
      break_start: (src.break_start ?? '').slice(0, 5),
      break_end: (src.break_end ?? '').slice(0, 5),
      held_times: [...(found?.held_times ?? [])],
    };
  });
}

/** Problems the server would reject, shown before saving (the server checks the same). Keys are the day's fields. */
export function dayProblems(d: DayForm): Partial<Record<keyof DayForm, string>> {
  const p: Partial<Record<keyof DayForm, string>> = {};
  if (!d.start_time) p.start_time = t('schedule.rule.startRequired');
  if (!d.end_time) p.end_time = t('schedule.rule.endRequired');
  if (d.start_time && d.end_time && d.end_time <= d.start_time) p.end_time = t('schedule.rule.endAfterStart');
  const hasStart = d.break_start !== '';
  const hasEnd = d.break_end !== '';
  if (hasStart !== hasEnd) {
    if (!hasStart) p.break_start = t('schedule.rule.bothBreaks');
    else p.break_end = t('schedule.rule.bothBreaks');
  } else if (hasStart && hasEnd) {
    if (d.break_end <= d.break_start) p.break_end = t('schedule.rule.breakOrder');
    else if (d.start_time && d.end_time && (d.break_start < d.start_time || d.break_end > d.end_time)) p.break_start = t('schedule.rule.breakWithin');
  }
  return p;
}

/** Server 422 errors keyed `schedule.N.field` → the messages of one day's fields. */
export function serverErrorsForDay(errors: Record<string, string[]>, index: number): Partial<Record<keyof DayForm, string>> {
  const out: Partial<Record<keyof DayForm, string>> = {};
  const prefix = `schedule.${index}.`;
  for (const [key, messages] of Object.entries(errors)) {
    if (key.startsWith(prefix) && messages[0]) out[key.slice(prefix.length) as keyof DayForm] = messages[0];
  }
  return out;
}

/** The weekday's name in the language in use, for a card heading (the schedule area's catalog is loaded). */
export function dayLabel(day: Weekday): string {
  return t('schedule.weekday', { day });
}

/** A YYYY-MM-DD calendar date as 'Mon, Mar 9, 2026', with no zone shift (a date is a date). */
export function formatCalendarDate(date: string): string {
  return formatWeekdayDate(date);
}

/** The slot starts a day's times give (none while its times are not valid), to pick held times from. */
export function slotTimesOf(d: DayForm, slotMinutes: number): string[] {
  if (!d.start_time || !d.end_time || d.end_time <= d.start_time || Object.keys(dayProblems(d)).length > 0) return [];
  return daySlotTimes({ start_time: d.start_time, end_time: d.end_time, break_start: d.break_start || null, break_end: d.break_end || null }, slotMinutes);
}
