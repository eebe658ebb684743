import { z } from './zod';
import { isoDateSchema, idSchema } from './common';

/** Days of a counselor's week, in the order the schedule screen lists them (product-rules.md#screen-schedule). */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** product-rules.md#constants: a new counselor's week is unavailable, 09:00 to 17:00, break 12:00 to 13:00. */
export const DEFAULT_SCHEDULE_DAY = {
  is_available: false,
  start_time: '09:00',
  end_time: '17:00',
  break_start: '12:00',
  break_end: '13:00',
} as const;

/**
 * A wall-clock time HH:mm in the company's time zone. HH:mm:ss (some browsers' time inputs)
 * is accepted and cut to HH:mm.
 */
export const wallTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'Use a time written HH:mm.')
  .transform((t) => t.slice(0, 5));

/** Optional break times: empty string or null mean "no break". */
const optionalWallTime = z
  .union([wallTimeSchema, z.literal(''), z.null()])
  .optional()
  .transform((t) => (t ? t : null));

/** is_available as sent by forms: true/false, 1/0 or "1"/"0". */
const looseBoolean = z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false')]).transform((v) => v === true || v === 1 || v === '1' || v === 'true');

export const scheduleDaySchema = z.object({
  day: z.enum(WEEKDAYS),
  is_available: z.boolean(),
  start_time: z.string(),
  end_time: z.string(),
  break_start: z.string().nullable(),
  break_end: z.string().nullable(),
  /** Slot starts (HH:mm) held back each week on this day for urgent cases: never offered for normal booking. */
  held_times: z.array(z.string()),
});
export type ScheduleDay = z.infer<typeof scheduleDaySchema>;

export const excludedDateSchema = z.object({
  id: z.number().int(),
  excluded_date: z.string(),
  reason: z.string().nullable(),
});
export type ExcludedDate = z.infer<typeof excludedDateSchema>;

/** GET /api/counselor/schedule: always seven days, monday first; excluded dates from today on, ascending. */
export const scheduleReplySchema = z.object({
  schedule: z.array(scheduleDaySchema),
  excluded_dates: z.array(excludedDateSchema),
  /** The company's slot length: held times are picked from the day's slots at this length. */
  slot_minutes: z.number().int(),
});
export type ScheduleReply = z.infer<typeof scheduleReplySchema>;

/**
 * One day of POST /api/counselor/schedule. Rules (checked on the server, messages per field
 * `schedule.N.<field>`): end after start; a break needs both ends, inside the day, end after start.
 */
export const scheduleDayInputSchema = z.object({
  day: z.enum(WEEKDAYS, 'The day must be one of monday to sunday.'),
  is_available: looseBoolean,
  start_time: wallTimeSchema,
  end_time: wallTimeSchema,
  break_start: optionalWallTime,
  break_end: optionalWallTime,
  /** Held times, each one of the day's slot starts; left out, the day keeps the ones it has. */
  held_times: z.array(wallTimeSchema).max(96).optional(),
});
export type ScheduleDayInput = z.input<typeof scheduleDayInputSchema>;

/** Days left out of the body keep their stored values. */
export const saveScheduleBodySchema = z.object({
  schedule: z.array(scheduleDayInputSchema).min(1, 'The schedule field is required.').max(7),
});
export type SaveScheduleBody = z.input<typeof saveScheduleBodySchema>;

/** POST /api/counselor/schedule reply: the saved week, as GET gives it, with a message. */
export const saveScheduleReplySchema = scheduleReplySchema.extend({ message: z.string() });

/** POST /api/counselor/excluded-dates: each date today or later in the company's zone (else 422 on `dates.N.date`). */
export const addExcludedDatesBodySchema = z.object({
  dates: z
    .array(
      z.object({
        date: isoDateSchema,
        reason: z
          .string()
          .trim()
          .max(255)
          .nullable()
          .optional()
          .transform((r) => (r ? r : null)),
      }),
    )
    .min(1, 'The dates field is required.')
    .max(366),
});
export type AddExcludedDatesBody = z.input<typeof addExcludedDatesBodySchema>;

/** Reply of adding dates: the added (or already present) rows, and a message. */
export const addExcludedDatesReplySchema = z.object({ message: z.string(), data: z.array(excludedDateSchema) });

export const excludedDateParamsSchema = z.object({ id: idSchema });

export const messageReplySchema = z.object({ message: z.string() });

/** The hours of one weekday, wall times HH:mm. */
export interface DayWallHours {
  start_time: string;
  end_time: string;
  break_start: string | null;
  break_end: string | null;
}

const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
const toWall = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/**
 * The slot starts of a day's hours (the rule the server's slots follow): from the start time, stepping by the slot
 * length, ending by the end time; a slot that would overlap the break moves to the break's end.
 */
export function daySlotTimes(hours: DayWallHours, slotMinutes: number): string[] {
  if (slotMinutes <= 0) return [];
  const start = toMinutes(hours.start_time);
  const end = toMinutes(hours.end_time);
  const hasBreak = !!hours.break_start && !!hours.break_end && toMinutes(hours.break_start) < toMinutes(hours.break_end);
  const bs = hasBreak ? toMinutes(hours.break_start!) : 0;
  const be = hasBreak ? toMinutes(hours.break_end!) : 0;
  const out: string[] = [];
  let t = start;
  while (t + slotMinutes <= end) {
    if (hasBreak && t < be && t + slotMinutes > bs) {
      t = be;
      continue;
    }
    out.push(toWall(t));
    t += slotMinutes;
  }
  return out;
}
