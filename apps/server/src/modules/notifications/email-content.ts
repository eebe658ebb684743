import { appointmentCalendarEvent, appointmentLink, buildIcs } from '../../lib/ics';
import { companyTime, type EmailMessage, escapeHtml, oneLine } from './email-text';
import type { EmailContext, OutboxRow, SeriesEmailSession } from './outbox.repository';
import { seriesIcs, seriesWording } from './series-email';

// What one notification email says (decision 0067): a short text and HTML message in the company's name, the time in the
// company's zone, a link back to the appointment and, for bookings, confirmations, moves and reminders, its .ics.
// Who, when and where only (decision 0123): the reason, the notes and the category (what the counselling is
// about) never leave the server; the link opens the rest in the app. Every value in the plain-text part is one line.

const WITH_CALENDAR: ReadonlySet<string> = new Set(['booked', 'confirmed', 'rescheduled', 'reminder']);

/** The subject and what happened (plain text lines), as the recipient reads it. */
function wording(row: OutboxRow, ctx: EmailContext): { subject: string; lines: string[] } {
  const when = companyTime(row.appointment_date ?? '', ctx.timezone);
  const by = row.actor_id === row.recipient_id ? 'You' : oneLine(ctx.actor_name ?? 'Someone');
  switch (row.kind) {
    case 'booked':
      return { subject: `Appointment booked: ${when}`, lines: [`${by} booked an appointment on ${when}.`] };
    case 'confirmed':
      return { subject: `Appointment confirmed: ${when}`, lines: [`${by} confirmed the appointment on ${when}.`] };
    case 'cancelled':
      return { subject: `Appointment cancelled: ${when}`, lines: [`${by} cancelled the appointment on ${when}.`] };
    case 'rescheduled': {
      const from = row.previous_date && row.previous_date !== row.appointment_date ? ` from ${companyTime(row.previous_date, ctx.timezone)}` : '';
      return { subject: `Appointment moved to ${when}`, lines: [`${by} moved the appointment${from} to ${when}.`] };
    }
    case 'completed':
      return { subject: `Appointment completed: ${when}`, lines: [`${by} marked the appointment on ${when} as completed.`] };
    case 'reminder':
      return { subject: `Reminder: appointment on ${when}`, lines: [`A reminder of your appointment on ${when}.`] };
    case 'urgent':
      // Written by ../screening/urgent-email.ts (no appointment); kept here so every kind has its words.
      return { subject: 'Urgent: a client needs a counselor now', lines: ['An urgent case is waiting for a counselor.'] };
    case 'waitlist_offer':
      // Written by ../waitlist/waitlist-email.ts (a held time, no appointment yet).
      return { subject: `A time has opened for you: ${when}`, lines: [`A time has opened for you on ${when}.`] };
    case 'pawn_notice':
      // Written by ../lending/pawn-notice-email.ts (to the pawner, from the notice; decision 0192).
      return { subject: 'Your pawn ticket’s redemption period is ending', lines: ['The redemption period of your pawn ticket is ending.'] };
  }
}

/**
 * The whole message for one outbox row. A row about several sessions of a series (`series`: all its sessions) says
 * how many, lists every session and carries them all in its invite (decision 0150).
 */
export function renderEmail(row: OutboxRow, ctx: EmailContext, publicUrl: string, stamp: number, series: readonly SeriesEmailSession[] | null = null): EmailMessage {
  const { subject, lines } = series ? seriesWording(row, ctx, series) : wording(row, ctx);
  const where = ctx.location_type === 'online' ? 'Online' : (ctx.location ?? 'On-site');
  const link = appointmentLink(publicUrl, ctx.uuid);
  const details = [
    `Counselor: ${oneLine(ctx.counselor_name)}`,
    `${ctx.user_type === 'student' ? 'Student' : 'Personnel'}: ${oneLine(ctx.client_name)}`,
    `Where: ${oneLine(where)}`,
  ];
  const text = [`Hello ${oneLine(ctx.recipient_name)},`, '', ...lines, '', ...details, '', `Open the appointment: ${link}`, '', oneLine(ctx.company_name), ''].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    `<p>Hello ${escapeHtml(ctx.recipient_name)},</p>`,
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p>${details.map(escapeHtml).join('<br>')}</p>`,
    `<p><a href="${escapeHtml(link)}">Open the appointment</a></p>`,
    `<p>${escapeHtml(ctx.company_name)}</p>`,
    '</body></html>',
  ].join('\n');
  const forClient = row.recipient_id === ctx.client_id && row.recipient_id !== ctx.counselor_id;
  const ics = series
    ? seriesIcs(series, forClient, stamp, publicUrl)
    : WITH_CALENDAR.has(row.kind) && ctx.status !== 'cancelled'
      ? buildIcs(appointmentCalendarEvent({ ...ctx, appointment_date: row.appointment_date ?? '' }, forClient, stamp, link))
      : null;
  return { to: { name: oneLine(ctx.recipient_name), address: ctx.recipient_email }, fromName: oneLine(ctx.company_name), subject: oneLine(subject), text, html, messageId: row.message_id, ics };
}
