import { idSchema } from '../common';
import { z } from '../zod';

// Same-day slots (decision 0165): times each counselor's week holds back for urgent cases, booked only from the
// Triage list.

/** One free held slot of today. */
export const sameDaySlotSchema = z.object({
  counselor_id: z.number().int(),
  counselor_name: z.string(),
  /** HH:mm in the company's zone. */
  time: z.string(),
  /** The exact instant to send back when booking. */
  appointment_date: z.string(),
});
export type SameDaySlot = z.infer<typeof sameDaySlotSchema>;

/** GET /api/same-day-slots: today's free held slots from now on, the asking counselor's first, then by time. */
export const sameDaySlotsReplySchema = z.object({ slots: z.array(sameDaySlotSchema), timezone: z.string() });
export type SameDaySlotsReply = z.infer<typeof sameDaySlotsReplySchema>;

/** POST /api/urgent-cases/:id/book: the held slot to book the case's client into. */
export const bookSameDayBodySchema = z.object({
  counselor_id: idSchema,
  appointment_date: z.iso.datetime({ offset: true, error: 'The appointment date must be a valid date and time.' }),
});
export type BookSameDayBody = z.infer<typeof bookSameDayBodySchema>;

export const bookSameDayReplySchema = z.object({
  appointment_uuid: z.string(),
  appointment_date: z.string(),
  counselor_name: z.string(),
});
export type BookSameDayReply = z.infer<typeof bookSameDayReplySchema>;

/** The 409 of a case another counselor booked first. */
export const CASE_ALREADY_BOOKED = 'Another counselor has already booked a session for this case.';
