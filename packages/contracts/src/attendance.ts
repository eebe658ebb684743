import { z } from './zod';

// A client's attendance and the no-show policy (docs/decisions/0154 and 0155).

/** GET /api/appointments/{uuid}/attendance → { data }: the client's record this term, for their counselor and managers. */
export const attendanceSchema = z.object({
  /** The first day of the term (YYYY-MM-DD, the centre's zone): terms are January–June and July–December. */
  since: z.string(),
  /** Sessions held (completed) this term. */
  sessions: z.number().int(),
  no_shows: z.number().int(),
  late_cancellations: z.number().int(),
  /** No-shows and late cancellations since the client last came (counted back from the latest). */
  missed_in_a_row: z.number().int(),
  /** The site's policy: after this many in a row a booking waits for approval; 0 = off. */
  limit: z.number().int(),
});
export type Attendance = z.infer<typeof attendanceSchema>;
export const attendanceReplySchema = z.object({ data: attendanceSchema });

/** GET /api/appointments/booking-check → { data }: whether the caller's next booking waits for approval, and why. */
export const bookingCheckSchema = z.object({ approval_reason: z.string().nullable() });
export const bookingCheckReplySchema = z.object({ data: bookingCheckSchema });

/** The sentence the client reads (and the counselor sees on the booking) when the policy holds a booking. */
export function approvalReasonText(limit: number): string {
  const times = limit === 1 ? 'a session was' : `${limit} sessions in a row were`;
  return `Your counselor will approve this booking first: ${times} missed or cancelled late.`;
}
