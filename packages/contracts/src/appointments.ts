import { z } from './zod';
import { idSchema, isoDateSchema, MAX_ID, paginated, pageQuerySchema } from './common';
import { APPOINTMENT_STATUSES, APPOINTMENT_TABS, CLIENT_USER_TYPES, LOCATION_TYPES, type LocationType } from './appointment-constants';

export {
  ALLOWED_STATUS_CHANGES,
  APPOINTMENT_STATUSES,
  APPOINTMENT_TABS,
  CLIENT_USER_TYPES,
  LOCATION_TYPES,
  SLOT_TAKEN_MESSAGE,
  type AppointmentStatus,
  type AppointmentTab,
  type ClientUserType,
  type LocationType,
} from './appointment-constants';

/** An appointment as every reply carries it. */
export const appointmentSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  /** Start instant, ISO 8601 UTC (e.g. 2026-03-09T01:00:00.000Z). Show it in the browser's zone. */
  appointment_date: z.string(),
  /** The start's calendar day in the company's time zone (YYYY-MM-DD). */
  local_date: z.string(),
  /** The slot length when it was booked. */
  duration_minutes: z.number().int(),
  /** What the client booked for: null when withheld, for a reader outside the care team (decision 0377); notes are then absent. */
  reason: z.string().nullable(),
  category_id: z.number().int(),
  category: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  status: z.enum(APPOINTMENT_STATUSES),
  location_type: z.enum(LOCATION_TYPES),
  location: z.string().nullable(),
  counselor_id: z.number().int(),
  counselor: z.object({ id: z.number().int(), name: z.string(), avatar: z.string().nullable() }),
  /** The client (student or personnel), named `student` in the API. */
  student_id: z.number().int(),
  student: z.object({ id: z.number().int(), name: z.string(), avatar: z.string().nullable(), student_id: z.string().nullable() }),
  user_type: z.enum(CLIENT_USER_TYPES),
  /** Confidential: present only for the assigned counselor and users with 'manage appointments'; the key is absent otherwise. */
  notes: z.string().nullable().optional(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** A session of a recurring series: the series and its place in it ("3 of 12"); null (or absent) for a single booking. */
  series: z.object({ uuid: z.string(), index: z.number().int(), total: z.number().int() }).nullable().optional(),
  /** Cancelled by the client inside the notice period (a late cancellation). */
  late_cancellation: z.boolean().optional(),
  /** Set when the booking waits for the counselor's approval under the no-show policy: the reason, in words. */
  approval_reason: z.string().nullable().optional(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/** Query values a form may send empty ("All Users", cleared search) count as not set. */
const blankToUndefined = (v: unknown) => (v === '' || v === 'all' || v === null ? undefined : v);

/** Filters shared by the list and the counts (product-rules.md#appointments: counts use the same filters). */
export const appointmentFiltersSchema = z.object({
  /** A calendar day in the company's zone: appointments starting that day. */
  date: z.preprocess(blankToUndefined, isoDateSchema.optional()),
  user_type: z.preprocess(blankToUndefined, z.enum(CLIENT_USER_TYPES).optional()),
  /** Matches the other party's name (counselors: the client's; clients: the counselor's; managers: either). */
  search: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  counselor_id: z.preprocess(blankToUndefined, idSchema.optional()),
});

export const appointmentListQuerySchema = pageQuerySchema.extend(appointmentFiltersSchema.shape).extend({
  status: z.preprocess(blankToUndefined, z.enum(APPOINTMENT_TABS).optional()),
});
export type AppointmentListQuery = z.input<typeof appointmentListQuerySchema>;

/** Lists sort pending and upcoming soonest first, history latest first. */
export const appointmentListReplySchema = paginated(appointmentSchema);
export type AppointmentListReply = z.infer<typeof appointmentListReplySchema>;

export const appointmentCountsQuerySchema = appointmentFiltersSchema;
export const appointmentCountsReplySchema = z.object({
  pending: z.number().int(),
  upcoming: z.number().int(),
  history: z.number().int(),
});
export type AppointmentCounts = z.infer<typeof appointmentCountsReplySchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    // Absent stays absent (a status-only PUT must not clear notes); blank becomes null.
    .transform((v) => (v === undefined ? undefined : v ? v : null));

/** Checked together: on-site needs a location (product-rules.md#validation). */
export const appointmentFields = {
  counselor_id: z.coerce.number('The counselor field is required.').int().positive('The counselor field is required.').max(MAX_ID, 'The selected counselor is invalid.'),
  /** ISO 8601 instant with offset or Z; it must be one of the counselor's free slots for that day. */
  appointment_date: z.iso.datetime({ offset: true, error: 'The appointment date must be a valid date and time.' }),
  reason: z.string('The reason field is required.').trim().min(1, 'The reason field is required.').max(2000),
  category_id: z.coerce.number('The category field is required.').int().positive('The category field is required.').max(MAX_ID, 'The selected category is invalid.'),
  location_type: z.enum(LOCATION_TYPES, 'The location type must be online or on-site.'),
  location: optionalText(255),
  /** Counselor's confidential notes; ignored unless sent by the counselor or a manager. */
  notes: optionalText(5000),
  /** Informative only: the server derives it from the client's user type. */
  user_type: z.preprocess(blankToUndefined, z.enum(CLIENT_USER_TYPES).optional()),
  /**
   * The client's user id, for counselors and managers booking for someone (sent as student_id).
   * Students and personnel always book for themselves; this field is then ignored.
   */
  student_id: z.preprocess(blankToUndefined, idSchema.optional()),
  /** Counselor's 'New Student' toggle: creates the student in the same transaction. */
  is_new_student: z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean()).optional(),
  student_name: optionalText(120),
  student_id_number: optionalText(50),
  student_email: optionalText(255),
};

export function locationRule(b: { location_type?: LocationType; location?: string | null }, ctx: z.RefinementCtx) {
  if (b.location_type === 'on-site' && !b.location) {
    ctx.addIssue({ code: 'custom', path: ['location'], message: 'The location field is required when location type is on-site.' });
  }
}

interface NewStudentFields {
  is_new_student?: boolean;
  student_id?: number;
  student_name?: string | null;
  student_id_number?: string | null;
  student_email?: string | null;
}

/**
 * Whether a booking adds a new student. The counselor's booking form (product-rules.md#booking-form) sends only
 * student_name, student_id_number and student_email for a new student: their presence means one, unless an
 * existing student is chosen by student_id. An explicit is_new_student still decides.
 */
export function isNewStudentBooking(b: NewStudentFields): boolean {
  if (b.is_new_student !== undefined) return b.is_new_student;
  return b.student_id === undefined && !!(b.student_name || b.student_id_number || b.student_email);
}

export function newStudentRule(b: NewStudentFields, ctx: z.RefinementCtx) {
  if (!isNewStudentBooking(b)) return;
  if (!b.student_name) ctx.addIssue({ code: 'custom', path: ['student_name'], message: 'The student name field is required.' });
  if (!b.student_id_number) ctx.addIssue({ code: 'custom', path: ['student_id_number'], message: 'The student ID number field is required.' });
  if (!b.student_email) ctx.addIssue({ code: 'custom', path: ['student_email'], message: 'The student email field is required.' });
  else if (!z.email().safeParse(b.student_email).success) ctx.addIssue({ code: 'custom', path: ['student_email'], message: 'The student email must be a valid email address.' });
}

/** POST /api/appointments → 201 { data }. New appointments start pending. */
export const createAppointmentBodySchema = z
  .object(appointmentFields)
  .superRefine((b, ctx) => {
    locationRule(b, ctx);
    newStudentRule(b, ctx);
  });
export type CreateAppointmentBody = z.input<typeof createAppointmentBodySchema>;

/**
 * PUT /api/appointments/{uuid} → { data }: either the full form (any subset of the create fields)
 * or only `status`. Rescheduling re-checks the slot; a status outside the allowed changes is 422.
 * The client of an appointment cannot be changed.
 */
export const updateAppointmentBodySchema = z
  .object({
    counselor_id: appointmentFields.counselor_id.optional(),
    appointment_date: appointmentFields.appointment_date.optional(),
    reason: appointmentFields.reason.optional(),
    category_id: appointmentFields.category_id.optional(),
    location_type: appointmentFields.location_type.optional(),
    location: appointmentFields.location,
    notes: appointmentFields.notes,
    status: z.enum(APPOINTMENT_STATUSES, 'The status must be pending, confirmed, completed, cancelled or no_show.').optional(),
  })
  .superRefine(locationRule);
export type UpdateAppointmentBody = z.input<typeof updateAppointmentBodySchema>;

export const appointmentReplySchema = z.object({ data: appointmentSchema });
export const appointmentParamsSchema = z.object({ uuid: z.string().min(1).max(64) });

/** GET /api/appointments/available-slots. `exclude` (an appointment uuid) frees that appointment's own slot while editing it. */
export const availableSlotsQuerySchema = z.object({
  counselor_id: z.coerce.number('The counselor field is required.').int().positive('The counselor field is required.').max(MAX_ID, 'The selected counselor is invalid.'),
  date: isoDateSchema,
  exclude: z.preprocess(blankToUndefined, z.string().max(64).optional()),
});
export type AvailableSlotsQuery = z.input<typeof availableSlotsQuerySchema>;

/**
 * `slots`: HH:mm wall-clock starts in the company's zone (the list the form offers). `starts`: the same slots
 * with the exact instant to send as appointment_date, so the browser never has to do zone arithmetic.
 */
export const availableSlotsReplySchema = z.object({
  slots: z.array(z.string()),
  starts: z.array(z.object({ time: z.string(), appointment_date: z.string() })),
  timezone: z.string(),
  duration_minutes: z.number().int(),
});
export type AvailableSlotsReply = z.infer<typeof availableSlotsReplySchema>;

/** GET /api/appointments/available-days: which days of a month (YYYY-MM, company zone) have a free slot. */
export const availableDaysQuerySchema = z.object({
  counselor_id: availableSlotsQuerySchema.shape.counselor_id,
  month: z.string('The month field is required.').regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'The month must be in the form YYYY-MM.'),
  exclude: availableSlotsQuerySchema.shape.exclude,
});
export type AvailableDaysQuery = z.input<typeof availableDaysQuerySchema>;

/** `days`: dates of the month with at least one free slot; `next_available`: the first such date from today (within 120 days). */
export const availableDaysReplySchema = z.object({
  days: z.array(z.string()),
  next_available: z.string().nullable(),
  timezone: z.string(),
});
export type AvailableDaysReply = z.infer<typeof availableDaysReplySchema>;

/**
 * GET /api/appointments/{uuid}/history (managers and the assigned counselor): status changes, oldest first.
 * A client's cancellation carries its `reason`; a move carries `previous_date` and `new_date` (ISO instants).
 */
export const statusChangeSchema = z.object({
  id: z.number().int(),
  from_status: z.enum(APPOINTMENT_STATUSES).nullable(),
  to_status: z.enum(APPOINTMENT_STATUSES),
  changed_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  changed_at: z.string(),
  /** A client's cancellation reason; null when none was given or when withheld. */
  reason: z.string().nullable(),
  /** A cancellation whose reason (if any) the reader may not read: the care team's (decision 0377). */
  reason_withheld: z.boolean(),
  previous_date: z.string().nullable(),
  new_date: z.string().nullable(),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;
export const statusHistoryReplySchema = z.object({ data: z.array(statusChangeSchema) });

export const appointmentMessageReplySchema = z.object({ message: z.string() });
export type StatusHistoryReply = z.infer<typeof statusHistoryReplySchema>;
