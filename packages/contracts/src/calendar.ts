import { z } from './zod';
import { appointmentSchema } from './appointments';
import { idSchema, isoDateSchema } from './common';
import { groupSessionSchema, myGroupSessionSchema } from './groups';

/** The longest range one calendar call covers: a week. */
export const CALENDAR_MAX_DAYS = 7;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * GET /api/appointments/calendar: one counselor's days from `from` (a date in the company's zone), for the
 * day and week views. Counselors see their own (counselor_id may be left out); users with 'manage appointments'
 * name the counselor.
 */
export const counselorCalendarQuerySchema = z.object({
  counselor_id: z.preprocess(blankToUndefined, idSchema.optional()),
  from: isoDateSchema,
  days: z.coerce
    .number('The days field must be a number.')
    .int('The days field must be a whole number.')
    .min(1, 'The days field must be at least 1.')
    .max(CALENDAR_MAX_DAYS, `The days field may not be greater than ${CALENDAR_MAX_DAYS}.`)
    .default(CALENDAR_MAX_DAYS),
});
export type CounselorCalendarQuery = z.input<typeof counselorCalendarQuerySchema>;

/** One free slot: its HH:mm in the company's zone and the instant to book. */
export const calendarSlotSchema = z.object({ time: z.string(), appointment_date: z.string() });

/**
 * One day of the range: the counselor's hours for its weekday (wall times in the company's zone), whether
 * the date is excluded (and why), and the slots still free to book (none on a past time or an excluded date).
 */
export const calendarDaySchema = z.object({
  date: z.string(),
  is_available: z.boolean(),
  start_time: z.string(),
  end_time: z.string(),
  break_start: z.string().nullable(),
  break_end: z.string().nullable(),
  excluded: z.boolean(),
  excluded_reason: z.string().nullable(),
  free_slots: z.array(calendarSlotSchema),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;

/**
 * A session of a group the counselor leads or co-facilitates (decision 0319): read-only on the calendar, changed on
 * the Groups screen. Cancelled ones are listed too (shown as cancelled, as an appointment is); never a member's name.
 */
export const calendarGroupSessionSchema = myGroupSessionSchema.extend({ status: groupSessionSchema.shape.status });
export type CalendarGroupSession = z.infer<typeof calendarGroupSessionSchema>;

/** Appointments of every status starting in the range, soonest first; the counselor's group sessions beside them. */
export const counselorCalendarReplySchema = z.object({
  counselor: z.object({ id: z.number().int(), name: z.string() }),
  timezone: z.string(),
  duration_minutes: z.number().int(),
  days: z.array(calendarDaySchema),
  appointments: z.array(appointmentSchema),
  group_sessions: z.array(calendarGroupSessionSchema),
});
export type CounselorCalendarReply = z.infer<typeof counselorCalendarReplySchema>;
