import { z } from './zod';
import { isoDateSchema } from './common';
import { appointmentFields, appointmentSchema, locationRule, newStudentRule } from './appointments';
import { MAX_SERIES_SESSIONS, SERIES_FREQUENCIES, SERIES_PROBLEMS, SERIES_SCOPES } from './series-constants';

// Recurring sessions (docs/decisions/0150-appointment-series.md): a counselor, or a manager for a counselor, books
// weekly or fortnightly sessions for one client, at the same wall-clock time in the centre's zone. Every session is
// checked before anything is written; the series is written whole or not at all.

export { MAX_SERIES_SESSIONS, SERIES_FREQUENCIES, SERIES_PROBLEMS, SERIES_SCOPES, type SeriesFrequency, type SeriesProblemCode, type SeriesScope } from './series-constants';

/** A user's decision about one session of the preview: another free time (`appointment_date`), or skip it (null). */
export const seriesChoiceSchema = z.object({
  index: z.coerce.number().int().min(1).max(MAX_SERIES_SESSIONS),
  appointment_date: z.iso.datetime({ offset: true, error: 'The appointment date must be a valid date and time.' }).nullable(),
});

/**
 * POST /api/appointment-series/preview and POST /api/appointment-series. The booking form's fields (its
 * `appointment_date` is the first session), how often, and how long: `count` sessions or `until` a date (one of them).
 * `choices` carry the user's answers to the preview's problems.
 */
export const seriesBodySchema = z
  .object({
    ...appointmentFields,
    frequency: z.enum(SERIES_FREQUENCIES, 'Choose weekly or every two weeks.'),
    count: z.coerce.number('The number of sessions must be a number.').int('The number of sessions must be a whole number.').min(2, 'A series has at least 2 sessions.').max(MAX_SERIES_SESSIONS, `A series has at most ${MAX_SERIES_SESSIONS} sessions.`).optional(),
    until: isoDateSchema.optional(),
    choices: z.array(seriesChoiceSchema).max(MAX_SERIES_SESSIONS).default([]),
  })
  .superRefine((b, ctx) => {
    locationRule(b, ctx);
    newStudentRule(b, ctx);
    if ((b.count === undefined) === (b.until === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['count'], message: 'Give the number of sessions or the date of the last one.' });
    }
  });
export type SeriesBody = z.input<typeof seriesBodySchema>;

/** A free time offered instead of a session that cannot be booked: the nearest in that week. */
export const seriesSlotSchema = z.object({ appointment_date: z.string(), local_date: z.string(), time: z.string() });
export type SeriesSlot = z.infer<typeof seriesSlotSchema>;

/**
 * One session of a series as the server sees it: where the rule puts it (`wanted_*`), what will be booked
 * (`appointment_date`; null when skipped or not bookable), what is wrong with the wanted time, and the nearest free
 * times that week when something is.
 */
export const seriesOccurrenceSchema = z.object({
  index: z.number().int(),
  wanted_date: z.string(),
  wanted_time: z.string(),
  /** Null when the wall time does not exist that day (the clocks change). */
  wanted_instant: z.string().nullable(),
  problem: z.object({ code: z.enum(SERIES_PROBLEMS), message: z.string() }).nullable(),
  suggestions: z.array(seriesSlotSchema),
  /** 'book': at the wanted time; 'moved': at the time the user chose; 'skip': left out; 'blocked': a problem not yet decided. */
  outcome: z.enum(['book', 'moved', 'skip', 'blocked']),
  appointment_date: z.string().nullable(),
});
export type SeriesOccurrence = z.infer<typeof seriesOccurrenceSchema>;

export const seriesPreviewReplySchema = z.object({
  data: z.object({
    timezone: z.string(),
    duration_minutes: z.number().int(),
    occurrences: z.array(seriesOccurrenceSchema),
    /** How many sessions would be booked now; zero problems left undecided means the series can be saved. */
    bookable: z.number().int(),
    blocked: z.number().int(),
  }),
});
export type SeriesPreviewReply = z.infer<typeof seriesPreviewReplySchema>;

export const seriesSchema = z.object({
  uuid: z.string(),
  frequency: z.enum(SERIES_FREQUENCIES),
  total: z.number().int(),
  counselor: z.object({ id: z.number().int(), name: z.string() }),
  student: z.object({ id: z.number().int(), name: z.string() }),
  /** Every session, in order, whatever its status. */
  appointments: z.array(appointmentSchema),
});
export type Series = z.infer<typeof seriesSchema>;
export const seriesReplySchema = z.object({ data: seriesSchema });
export type SeriesReply = z.infer<typeof seriesReplySchema>;

export const seriesParamsSchema = z.object({ uuid: z.string().min(1).max(64) });

/**
 * PUT /api/appointment-series/{uuid}: changes the session `from` (an appointment uuid of the series) and the ones
 * after it ('following'), or every session not yet started ('all'). A new `appointment_date` for `from` moves each
 * of them by the same days and to the same wall-clock time (DST-correct); `status` confirms or cancels them.
 * Every session is checked in one transaction: all of them change, or none.
 */
export const seriesUpdateBodySchema = z
  .object({
    from: z.string('Choose the session to start from.').min(1).max(64),
    scope: z.enum(SERIES_SCOPES, 'Choose this and following, or all.'),
    appointment_date: appointmentFields.appointment_date.optional(),
    status: z.enum(['confirmed', 'cancelled'], 'The status must be confirmed or cancelled.').optional(),
    reason: appointmentFields.reason.optional(),
    category_id: appointmentFields.category_id.optional(),
    location_type: appointmentFields.location_type.optional(),
    location: appointmentFields.location,
  })
  .superRefine((b, ctx) => {
    locationRule(b, ctx);
    if (b.status !== undefined && b.appointment_date !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['status'], message: 'Change the time or the status, not both at once.' });
    }
  });
export type SeriesUpdateBody = z.input<typeof seriesUpdateBodySchema>;

/** The reply of a change: the sessions it changed, and the series after it. */
export const seriesUpdateReplySchema = z.object({ data: seriesSchema, changed: z.number().int() });
export type SeriesUpdateReply = z.infer<typeof seriesUpdateReplySchema>;
