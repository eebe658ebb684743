import type { Language } from '@kalinga/contracts/languages';
import { appointmentLink } from '../../lib/ics';
import { t } from '../../lib/i18n';
import { seriesInvite, singleInvite } from './calendar-invite';
import { type CalendarSession, snapshotOf } from './calendar-snapshot';
import { emailBody, type EmailWriter, greeting, recipientLanguage, timeIn } from './email-registry';
import { oneLine } from './email-text';
import { emailContext, type OutboxRow, seriesEmailSessions } from './outbox.repository';
import { type SeriesWords, seriesWording } from './series-email';

// The email of an appointment's change (decision 0067): a short text and HTML message in the company's name and the
// recipient's language (decisions 0246, 0247), the time in the company's zone, a link back to the appointment and, for
// bookings, confirmations, moves and reminders, its .ics. Who, when and where only (decision 0123): the reason, the
// notes and the category (what the counselling is about) never leave the server; the link opens the rest in the app.
// An email about several sessions of a series says how many, lists every session and carries them all in its invite
// (decision 0150); what it shows is what the change left, kept with the email (decision 0222).

const APPOINTMENT_KINDS = ['booked', 'confirmed', 'cancelled', 'rescheduled', 'completed', 'reminder'] as const;
export type AppointmentEmailKind = (typeof APPOINTMENT_KINDS)[number];
const isAppointmentKind = (kind: OutboxRow['kind']): kind is AppointmentEmailKind => (APPOINTMENT_KINDS as readonly string[]).includes(kind);

export interface AppointmentPayload {
  kind: AppointmentEmailKind;
  recipient: string;
  /** The recipient made the change themself. */
  self: boolean;
  /** Who made it (null: the system, or a user since gone). */
  actor: string | null;
  start: string;
  /** For a move: the start it moved from. */
  previous: string | null;
  timeZone: string;
  counselor: string;
  client: string;
  userType: 'student' | 'personnel';
  place: { type: 'online' | 'on-site'; location: string | null };
  link: string;
  company: string;
  /** An email about several sessions of a series. */
  series: SeriesWords | null;
}

/** The subject and what happened, as the recipient reads it. */
function wording(p: AppointmentPayload, language: Language): { subject: string; lines: string[] } {
  const when = timeIn(language, p.start, p.timeZone);
  const self = p.self ? 'yes' : 'no';
  const by = oneLine(p.actor ?? t(language, 'email.someone'));
  if (p.series) return seriesWording(language, p.kind, { when, self, by, timeZone: p.timeZone, series: p.series });
  switch (p.kind) {
    case 'rescheduled': {
      const moved = p.previous !== null && p.previous !== p.start;
      const line = moved
        ? t(language, 'email.rescheduled.lineFrom', { self, by, when, from: timeIn(language, p.previous ?? p.start, p.timeZone) })
        : t(language, 'email.rescheduled.line', { self, by, when });
      return { subject: t(language, 'email.rescheduled.subject', { when }), lines: [line] };
    }
    case 'reminder':
      return { subject: t(language, 'email.reminder.subject', { when }), lines: [t(language, 'email.reminder.line', { when })] };
    default:
      return { subject: t(language, `email.${p.kind}.subject`, { when }), lines: [t(language, `email.${p.kind}.line`, { self, by, when })] };
  }
}

/** The words of an appointment's email in a language, from its payload alone. */
export function writeAppointmentEmail(p: AppointmentPayload, language: Language) {
  const { subject, lines } = wording(p, language);
  const place = p.place.type === 'online' ? t(language, 'email.online') : (p.place.location ?? t(language, 'email.onSite'));
  return {
    subject,
    ...emailBody(language, {
      greeting: greeting(language, p.recipient),
      lines,
      details: [
        t(language, 'email.counselor', { name: oneLine(p.counselor) }),
        t(language, 'email.client', { userType: p.userType === 'student' ? 'student' : 'other', name: oneLine(p.client) }),
        t(language, 'email.where', { place: oneLine(place) }),
      ],
      link: { url: p.link, label: t(language, 'email.open'), line: t(language, 'email.openLine', { link: p.link }) },
      signature: [p.company],
    }),
  };
}

export const appointmentEmail: EmailWriter<AppointmentPayload> = {
  gone: 'The appointment no longer exists.',
  async read(db, row, env) {
    if (!isAppointmentKind(row.kind)) return undefined;
    const ctx = await emailContext(db, row);
    if (!ctx) return undefined;
    // What the change did, kept with the email (decision 0222); a row written without it reads the sessions as they are.
    const kept = snapshotOf(row);
    const series = row.series_id === null ? null : (kept ?? (await seriesEmailSessions(db, row)));
    const single: CalendarSession | null = series ? null : (kept?.[0] ?? null);
    const source = single ?? ctx;
    const language = recipientLanguage(ctx.recipient_language, ctx.company_language);
    const link = appointmentLink(env.publicUrl, ctx.uuid);
    const forClient = row.recipient_id === ctx.client_id && row.recipient_id !== ctx.counselor_id;
    const ics = series
      ? seriesInvite(row.kind, series, forClient, env.now, env.publicUrl, language)
      : singleInvite(row.kind, single ? { ...single, category_title: null } : { ...ctx, appointment_date: row.appointment_date ?? '' }, forClient, env.now, link, language);
    return {
      to: { name: ctx.recipient_name, address: ctx.recipient_email },
      fromName: ctx.company_name,
      language,
      ics,
      payload: {
        kind: row.kind,
        recipient: ctx.recipient_name,
        self: row.actor_id === row.recipient_id,
        actor: ctx.actor_name,
        start: row.appointment_date ?? '',
        previous: row.previous_date,
        timeZone: ctx.timezone,
        counselor: ctx.counselor_name,
        client: ctx.client_name,
        userType: ctx.user_type,
        place: { type: source.location_type, location: source.location },
        link,
        company: ctx.company_name,
        series: series && {
          count: row.series_count ?? series.length,
          frequency: series[0]?.frequency ?? null,
          sessions: series.map((s) => ({ index: s.series_index, total: s.series_total, start: s.appointment_date, status: s.status })),
        },
      },
    };
  },
  write: writeAppointmentEmail,
};
