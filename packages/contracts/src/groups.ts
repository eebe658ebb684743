import { z } from './zod';
import { idSchema, isoDateSchema } from './common';
import { LOCATION_TYPES } from './appointment-constants';
import { MAX_SERIES_SESSIONS, SERIES_PROBLEMS } from './series-constants';
import { ATTENDANCE_OUTCOMES, GROUP_AUDIENCES, GROUP_FREQUENCIES, GROUP_KINDS, MAX_GROUP_CAPACITY, WORKSHOP_PLACES } from './group-constants';

// Groups and workshops (docs/decisions/0277-groups-and-workshops.md): a closed group with members a facilitator adds,
// or an open workshop people sign up for until it is full; one or two facilitators; one session or a weekly or
// fortnightly series, every session checked against both facilitators' schedules as an individual series is.

export * from './group-constants';

const text = (max: number, required: string) => z.string(required).trim().min(1, required).max(max, `At most ${max} characters.`);
const optionalText = (max: number) =>
  z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(max, `At most ${max} characters.`).nullable().optional());

/** POST /api/groups and POST /api/groups/preview. */
export const groupBodySchema = z
  .object({
    name: text(120, 'The name field is required.'),
    kind: z.enum(GROUP_KINDS, 'Choose a closed group or an open workshop.'),
    category_id: idSchema,
    description: optionalText(2000),
    capacity: z.coerce.number('The capacity must be a number.').int('The capacity must be a whole number.').min(1, 'The capacity must be at least 1.').max(MAX_GROUP_CAPACITY, `The capacity is at most ${MAX_GROUP_CAPACITY}.`),
    location_type: z.enum(LOCATION_TYPES, 'The location type must be online or on-site.'),
    location: optionalText(255),
    audience: z.enum(GROUP_AUDIENCES, 'Choose students, personnel or both.').default('both'),
    screening_required: z.boolean().default(false),
    /** The second facilitator; the first is the counselor creating the group. */
    co_facilitator_id: idSchema.nullable().optional(),
    /** The first session's start, one of the facilitators' slots. */
    starts_at: z.iso.datetime({ offset: true, error: 'The start must be a valid date and time.' }),
    frequency: z.enum(GROUP_FREQUENCIES, 'Choose one session, weekly or every two weeks.'),
    count: z.coerce.number('The number of sessions must be a number.').int('The number of sessions must be a whole number.').min(2, 'A series has at least 2 sessions.').max(MAX_SERIES_SESSIONS, `A series has at most ${MAX_SERIES_SESSIONS} sessions.`).optional(),
    until: isoDateSchema.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.location_type === 'on-site' && !b.location) ctx.addIssue({ code: 'custom', path: ['location'], message: 'The room is required for an on-site group.' });
    if (b.location_type === 'online' && !b.location) ctx.addIssue({ code: 'custom', path: ['location'], message: 'The link is required for an online group.' });
    if (b.frequency !== 'once' && (b.count === undefined) === (b.until === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['count'], message: 'Give the number of sessions or the date of the last one.' });
    }
  });
export type GroupBody = z.input<typeof groupBodySchema>;

export const groupParamsSchema = z.object({ uuid: z.string().min(1).max(64) });
export const memberParamsSchema = z.object({ uuid: z.string().min(1).max(64), clientId: idSchema });
export const addMemberBodySchema = z.object({ client_id: idSchema });

/** One session as the plan sees it: where it falls and, when it cannot be held, whose time is in the way. */
export const groupOccurrenceSchema = z.object({
  index: z.number().int(),
  date: z.string(),
  time: z.string(),
  starts_at: z.string().nullable(),
  problem: z.object({ code: z.enum(SERIES_PROBLEMS), message: z.string(), facilitator: z.string() }).nullable(),
});
export type GroupOccurrence = z.infer<typeof groupOccurrenceSchema>;
export const groupPreviewReplySchema = z.object({
  data: z.object({ duration_minutes: z.number().int(), occurrences: z.array(groupOccurrenceSchema), blocked: z.number().int() }),
});

export const groupSessionSchema = z.object({
  uuid: z.string(),
  index: z.number().int(),
  starts_at: z.string(),
  local_date: z.string(),
  duration_minutes: z.number().int(),
  status: z.enum(['scheduled', 'cancelled']),
});
export type GroupSession = z.infer<typeof groupSessionSchema>;

const person = z.object({ id: z.number().int(), name: z.string() });

export const groupSummarySchema = z.object({
  uuid: z.string(),
  name: z.string(),
  kind: z.enum(GROUP_KINDS),
  category: z.object({ id: z.number().int(), name: z.string() }),
  description: z.string().nullable(),
  capacity: z.number().int(),
  seats_taken: z.number().int(),
  location_type: z.enum(LOCATION_TYPES),
  location: z.string().nullable(),
  audience: z.enum(GROUP_AUDIENCES),
  screening_required: z.boolean(),
  frequency: z.enum(GROUP_FREQUENCIES),
  facilitators: z.array(person),
  next_session: z.string().nullable(),
  sessions_total: z.number().int(),
});
export type GroupSummary = z.infer<typeof groupSummarySchema>;

export const groupMemberSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string(), user_type: z.string(), joined_at: z.string() });
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const groupDetailSchema = groupSummarySchema.extend({
  sessions: z.array(groupSessionSchema),
  members: z.array(groupMemberSchema),
  waiting: z.number().int(),
});
export type GroupDetail = z.infer<typeof groupDetailSchema>;
export const groupReplySchema = z.object({ data: groupDetailSchema });
export const groupListReplySchema = z.object({ data: z.array(groupSummarySchema) });
/** GET /api/groups/co-facilitators: who may be named co-facilitator, the centre's other active clinicians (decision 0352). */
export const coFacilitatorsReplySchema = z.object({ data: z.array(z.object({ id: idSchema, name: z.string() })) });

/** A workshop as a client sees it: no one else's name, only how many seats are left and their own place. */
export const workshopSchema = groupSummarySchema.extend({
  sessions: z.array(groupSessionSchema),
  place: z.enum(WORKSHOP_PLACES),
  /** When `place` is 'offered': until when the seat is held. */
  offer_expires_at: z.string().nullable(),
});
export type Workshop = z.infer<typeof workshopSchema>;
export const workshopListReplySchema = z.object({ data: z.array(workshopSchema) });
export const workshopReplySchema = z.object({ data: workshopSchema });

/** A member's own group session, for their appointments. */
export const myGroupSessionSchema = z.object({
  group_uuid: z.string(),
  group_name: z.string(),
  kind: z.enum(GROUP_KINDS),
  session_uuid: z.string(),
  index: z.number().int(),
  total: z.number().int(),
  starts_at: z.string(),
  duration_minutes: z.number().int(),
  location_type: z.enum(LOCATION_TYPES),
  location: z.string().nullable(),
});
export type MyGroupSession = z.infer<typeof myGroupSessionSchema>;
export const myGroupSessionsReplySchema = z.object({ data: z.array(myGroupSessionSchema) });

/** One trainee's group note waiting for the caller's co-signature, as "Notes to review" lists it (decision 0320). */
export const groupNoteToReviewSchema = z.object({
  uuid: z.string(),
  group: z.object({ uuid: z.string(), name: z.string() }),
  session: z.object({ uuid: z.string(), index: z.number().int(), starts_at: z.string(), local_date: z.string() }),
  author: z.object({ id: z.number().int(), name: z.string() }),
  signed: z.object({ name: z.string(), at: z.string() }),
  late_entry: z.boolean(),
});
export type GroupNoteToReview = z.infer<typeof groupNoteToReviewSchema>;
export const groupNotesToReviewReplySchema = z.object({ data: z.array(groupNoteToReviewSchema) });

export const sessionParamsSchema = z.object({ uuid: z.string().min(1).max(64) });
export const attendanceEntrySchema = z.object({ client_id: idSchema, outcome: z.enum(ATTENDANCE_OUTCOMES, 'Choose present, absent or late cancellation.') });
export const attendanceBodySchema = z.object({ entries: z.array(attendanceEntrySchema).min(1, 'Record at least one member.').max(MAX_GROUP_CAPACITY) });
export const attendanceRowSchema = z.object({ client_id: z.number().int(), name: z.string(), outcome: z.enum(ATTENDANCE_OUTCOMES).nullable() });
export type AttendanceRow = z.infer<typeof attendanceRowSchema>;
export const attendanceReplySchema = z.object({ data: z.object({ session: groupSessionSchema, rows: z.array(attendanceRowSchema) }) });

/** The centre's group settings: whether group absences count toward the no-show policy (decision 0280). */
export const groupSettingsSchema = z.object({ group_absences_count: z.boolean('Choose whether group absences count.') });
export type GroupSettings = z.infer<typeof groupSettingsSchema>;
export const groupSettingsReplySchema = z.object({ data: groupSettingsSchema });

/** GET /api/reports/groups?year=YYYY: the months of the year that have ended (decision 0281). */
export const groupReportQuerySchema = z.object({ year: z.coerce.number('The year must be a number.').int('The year must be a whole number.').min(2000, 'The year must be 2000 or later.').max(2100, 'The year must be 2100 or earlier.').optional() });
export const groupReportRowSchema = z.object({
  category: z.string(),
  month: z.string(),
  sessions_held: z.number().int(),
  seats_offered: z.number().int(),
  /** Rounded to 5; null under 5 (decision 0212). */
  seats_filled: z.number().int().nullable(),
  attendance_recorded: z.number().int().nullable(),
  /** Present of recorded, of the rounded counts; null when fewer than 5 were recorded. */
  attendance_rate: z.number().nullable(),
});
export const signupCellSchema = z.object({ group: z.string(), signups: z.number().int().nullable() });
export const groupReportReplySchema = z.object({
  data: z.object({
    year: z.number().int(),
    months: z.array(z.string()),
    by_category: z.array(groupReportRowSchema),
    signups_by_department: z.array(signupCellSchema),
    signups_by_age: z.array(signupCellSchema),
  }),
});
export type GroupReport = z.infer<typeof groupReportReplySchema>['data'];

/** POST /api/groups/{uuid}/cancel and /api/group-sessions/{uuid}/cancel: what the cancellation did (decision 0282). */
export const groupCancelReplySchema = z.object({ data: z.object({ sessions_cancelled: z.number().int(), members_told: z.number().int() }) });
export type GroupCancelResult = z.infer<typeof groupCancelReplySchema>['data'];
