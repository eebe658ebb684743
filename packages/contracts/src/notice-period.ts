// The client's notice period without zod, so the Appointments screen's first paint does not build the
// schemas (decision 0091); self-service.ts re-exports it for the server.

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
