import { z } from './zod';

export { noticePassedMessage, withinNotice } from './notice-period';

// A client's own changes to their appointment (docs/decisions/0057-client-self-service.md).

/** POST /api/appointments/{uuid}/cancel → { data }: the client cancels, optionally saying why (the counselor sees it). */
export const clientCancelBodySchema = z.object({
  reason: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v),
    z.string('The reason must be text.').max(500, 'The reason may not be greater than 500 characters.').nullable().optional(),
  ),
});
export type ClientCancelBody = z.output<typeof clientCancelBodySchema>;

/** POST /api/appointments/{uuid}/reschedule → { data }: the client moves it to another free slot of the same counselor. */
export const clientRescheduleBodySchema = z.object({
  appointment_date: z.iso.datetime({ offset: true, error: 'The appointment date must be a valid date and time.' }),
});
export type ClientRescheduleBody = z.input<typeof clientRescheduleBodySchema>;
