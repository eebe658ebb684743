import type { Appointment, AppointmentStatus } from '@kalinga/contracts/appointments';
import type { CalendarDay, CalendarGroupSession, CounselorCalendarReply } from '@kalinga/contracts/calendar';
import type { BusinessHoursInput, EventInput } from '@fullcalendar/core';
import { formatClock } from '../../../lib/dates';
import { t } from '../../../lib/i18n';
import { statusLabel } from '../appointment-rules';
import { addDays, spokenDate } from './calendar-range';
import { wallOf } from '@kalinga/contracts/zone-time';

// The calendar shows wall times of the company's zone: events travel to the calendar as "floating"
// times (no offset) and the calendar runs in UTC, so neither the browser's zone nor a zone plugin moves them.

/** What a click on an event means. */
export type EventMeaning =
  | { kind: 'appointment'; uuid: string }
  | { kind: 'group'; groupUuid: string; openable: boolean }
  | { kind: 'free'; date: string; time: string }
  | { kind: 'break' }
  | { kind: 'excluded' };

/** The badge colours of product-rules.md#screen-appointments (daisyUI variables), with the status written on every event too. */
export const STATUS_COLOURS: Record<AppointmentStatus, { background: string; text: string; border: string }> = {
  pending: { background: 'var(--color-warning)', text: 'var(--color-warning-content)', border: 'var(--color-warning)' },
  confirmed: { background: 'var(--color-primary)', text: 'var(--color-primary-content)', border: 'var(--color-primary)' },
  completed: { background: 'var(--color-info)', text: 'var(--color-info-content)', border: 'var(--color-info)' },
  // Cancelled ones no longer hold their time: a pale block with a red edge, so a free slot beside it reads as free.
  cancelled: { background: 'var(--color-base-200)', text: 'var(--color-base-content)', border: 'var(--color-error)' },
  // A no-show held its time but nobody came: dark, unlike the pale cancelled block.
  no_show: { background: 'var(--color-neutral)', text: 'var(--color-neutral-content)', border: 'var(--color-neutral)' },
};

/** "13:05" → "1:05 PM". */
export function wallTimeLabel(time: string): string {
  return formatClock(time);
}

function floating(date: string, time: string): string {
  return `${date}T${time}:00`;
}

function wallRange(instant: string, minutes: number, timeZone: string) {
  const start = wallOf(instant, timeZone);
  const end = wallOf(new Date(Date.parse(instant) + minutes * 60_000), timeZone);
  return { start, end };
}

/** The words an appointment's event carries for screen readers: status, client, when, what. */
export function appointmentLabel(a: Appointment, timeZone: string): string {
  const { start, end } = wallRange(a.appointment_date, a.duration_minutes, timeZone);
  const series = a.series ? t('appointments.cal.seriesPart', { index: a.series.index, total: a.series.total }) : '';
  return t('appointments.cal.appointmentLabel', { status: statusLabel(a.status), name: a.student.name, series, date: spokenDate(start.date), from: wallTimeLabel(start.time), to: wallTimeLabel(end.time), reason: a.reason ?? t('appointments.card.reasonWithheld') });
}

function appointmentEvent(a: Appointment, timeZone: string): EventInput {
  const { start, end } = wallRange(a.appointment_date, a.duration_minutes, timeZone);
  const colours = STATUS_COLOURS[a.status];
  return {
    id: `appointment-${a.uuid}`,
    title: t('appointments.cal.eventTitle', { status: statusLabel(a.status), name: a.student.name }),
    start: floating(start.date, start.time),
    end: floating(end.date, end.time),
    backgroundColor: colours.background,
    borderColor: colours.border,
    textColor: colours.text,
    classNames: ['cal-appointment', `cal-${a.status}`],
    extendedProps: { meaning: { kind: 'appointment', uuid: a.uuid } satisfies EventMeaning, label: appointmentLabel(a, timeZone), reason: a.reason ?? t('appointments.card.reasonWithheld'), status: a.status, client: a.series ? t('appointments.cal.clientInSeries', { name: a.student.name, index: a.series.index, total: a.series.total }) : a.student.name },
  };
}

/** The words a group session's event carries for screen readers: which group, which session, when, where, what a click does. */
export function groupSessionLabel(s: CalendarGroupSession, timeZone: string, openable: boolean): string {
  const { start, end } = wallRange(s.starts_at, s.duration_minutes, timeZone);
  const where = s.location_type === 'online' ? t('appointments.cal.groupOnline') : (s.location ?? t('appointments.cal.groupOnSite'));
  return t('appointments.cal.groupLabel', { status: s.status, name: s.group_name, index: s.index, total: s.total, date: spokenDate(start.date), from: wallTimeLabel(start.time), to: wallTimeLabel(end.time), where, open: openable ? 'yes' : 'no' });
}

// A group session is the facilitators' busy time but no appointment: read-only here (decision 0319); its facilitator
// opens it on the Groups screen, anyone else (a manager looking at a counselor's week) only reads it.
function groupEvent(s: CalendarGroupSession, timeZone: string, openable: boolean): EventInput {
  const { start, end } = wallRange(s.starts_at, s.duration_minutes, timeZone);
  const cancelled = s.status === 'cancelled';
  return {
    id: `group-${s.session_uuid}`,
    title: t('appointments.cal.groupTitle', { name: s.group_name }),
    start: floating(start.date, start.time),
    end: floating(end.date, end.time),
    // A pale tint of the theme's secondary with the page's text colour (the contrast of body text), edged in it.
    backgroundColor: cancelled ? 'var(--color-base-200)' : 'color-mix(in oklab, var(--color-secondary) 16%, var(--color-base-100))',
    borderColor: cancelled ? 'var(--color-error)' : 'var(--color-secondary)',
    textColor: 'var(--color-base-content)',
    classNames: ['cal-group', ...(cancelled ? ['cal-cancelled'] : []), ...(openable ? [] : ['cal-read-only'])],
    extendedProps: {
      meaning: { kind: 'group', groupUuid: s.group_uuid, openable } satisfies EventMeaning,
      label: groupSessionLabel(s, timeZone, openable),
      groupName: s.group_name,
      part: t('appointments.cal.groupPart', { status: s.status, index: s.index, total: s.total }),
    },
  };
}

function freeEvents(day: CalendarDay, duration: number, timeZone: string): EventInput[] {
  return day.free_slots.map((slot) => {
    const { start, end } = wallRange(slot.appointment_date, duration, timeZone);
    return {
      id: `free-${day.date}-${slot.time}`,
      title: t('appointments.cal.free'),
      start: floating(start.date, start.time),
      end: floating(end.date, end.time),
      classNames: ['cal-free'],
      extendedProps: {
        meaning: { kind: 'free', date: day.date, time: slot.time } satisfies EventMeaning,
        label: t('appointments.cal.freeLabel', { date: spokenDate(day.date), time: wallTimeLabel(slot.time) }),
      },
    };
  });
}

function shadedEvents(day: CalendarDay): EventInput[] {
  if (day.excluded) {
    return [{
      id: `excluded-${day.date}`,
      title: day.excluded_reason ? t('appointments.cal.excludedReason', { reason: day.excluded_reason }) : t('appointments.cal.excludedDate'),
      start: floating(day.date, '00:00'),
      end: floating(addDays(day.date, 1), '00:00'),
      display: 'background',
      classNames: ['cal-excluded'],
      extendedProps: { meaning: { kind: 'excluded' } satisfies EventMeaning },
    }];
  }
  if (!day.is_available || !day.break_start || !day.break_end) return [];
  return [{
    id: `break-${day.date}`,
    title: t('appointments.cal.break'),
    start: floating(day.date, day.break_start),
    end: floating(day.date, day.break_end),
    display: 'background',
    classNames: ['cal-break'],
    extendedProps: { meaning: { kind: 'break' } satisfies EventMeaning },
  }];
}

/**
 * Everything the calendar draws for a range: appointments (every status), the counselor's group sessions (openable
 * when the viewer facilitates them), free slots (bookable ones only when the viewer may book), breaks and excluded
 * dates as labelled shading.
 */
export function calendarEvents(reply: CounselorCalendarReply, options: { bookable: boolean; groupsOpenable?: boolean }): EventInput[] {
  const out: EventInput[] = reply.appointments.map((a) => appointmentEvent(a, reply.timezone));
  out.push(...reply.group_sessions.map((s) => groupEvent(s, reply.timezone, options.groupsOpenable ?? false)));
  for (const day of reply.days) {
    if (options.bookable) out.push(...freeEvents(day, reply.duration_minutes, reply.timezone));
    out.push(...shadedEvents(day));
  }
  return out;
}

const WEEKDAY_NUMBER = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** Working hours per weekday of the range, split around the break; days off and excluded dates have none. */
export function businessHours(days: readonly CalendarDay[]): BusinessHoursInput {
  const out: { daysOfWeek: number[]; startTime: string; endTime: string }[] = [];
  for (const d of days) {
    if (!d.is_available || d.excluded) continue;
    const dow = [WEEKDAY_NUMBER(d.date)];
    if (d.break_start && d.break_end) {
      out.push({ daysOfWeek: dow, startTime: d.start_time, endTime: d.break_start });
      out.push({ daysOfWeek: dow, startTime: d.break_end, endTime: d.end_time });
    } else {
      out.push({ daysOfWeek: dow, startTime: d.start_time, endTime: d.end_time });
    }
  }
  // An empty list would mean "no business hours" to the calendar, which then shades nothing.
  return out.length > 0 ? out : [{ daysOfWeek: [], startTime: '00:00', endTime: '00:00' }];
}

const hourOf = (time: string) => Number(time.slice(0, 2));

/**
 * The hours the grid shows: from the earliest working hour, appointment or group session to the latest, whole hours,
 * 08:00–17:00 when the range has neither.
 */
export function visibleHours(reply: CounselorCalendarReply): { min: string; max: string } {
  let min = 24;
  let max = 0;
  for (const d of reply.days) {
    if (!d.is_available || d.excluded) continue;
    min = Math.min(min, hourOf(d.start_time));
    max = Math.max(max, Math.ceil(hourOf(d.end_time) + Number(d.end_time.slice(3, 5)) / 60));
  }
  const taken = [...reply.appointments.map((a) => ({ at: a.appointment_date, minutes: a.duration_minutes })), ...reply.group_sessions.map((s) => ({ at: s.starts_at, minutes: s.duration_minutes }))];
  for (const a of taken) {
    const { start, end } = wallRange(a.at, a.minutes, reply.timezone);
    min = Math.min(min, hourOf(start.time));
    max = Math.max(max, end.date !== start.date ? 24 : Math.ceil(hourOf(end.time) + Number(end.time.slice(3, 5)) / 60));
  }
  if (min >= max) return { min: '08:00:00', max: '17:00:00' };
  const pad = (h: number) => `${String(h).padStart(2, '0')}:00:00`;
  return { min: pad(min), max: pad(max) };
}

/** The day header's note: why a day has no bookable time. */
export function dayNote(day: CalendarDay | undefined): string | null {
  if (!day) return null;
  if (day.excluded) return t('appointments.cal.excluded');
  if (!day.is_available) return t('appointments.cal.dayOff');
  return null;
}
