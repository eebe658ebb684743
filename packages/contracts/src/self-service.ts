import { z } from './zod';

// A client's own changes to their appointment (issue 14, docs/decisions/0057-client-self-service.md).

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

/** The sentence a client reads when the notice period has passed (the server's 422 and the screen say the same). */
export function noticePassedMessage(action: 'cancelled' | 'rescheduled', noticeHours: number, counselorName: string): string {
  const contact = `Please contact ${counselorName}.`;
  if (noticeHours === 0) return `This appointment has already started and can no longer be ${action} here. ${contact}`;
  const period = noticeHours === 1 ? '1 hour' : `${noticeHours} hours`;
  return `Appointments can be ${action} here up to ${period} before they start. ${contact}`;
}

/** Whether a client may still cancel or move an appointment starting at `startIso` (the server's rule, for the screen). */
export function withinNotice(startIso: string, noticeHours: number, nowMs: number): boolean {
  const start = Date.parse(startIso);
  return nowMs < start && nowMs <= start - noticeHours * 3_600_000;
}
