import type { Language } from '@kalinga/contracts/languages';
import type { DB } from '../../db/database';
import type { OutboxTable } from '../../db/tables';
import { buildCalendar, type CalendarEvent, type CalendarMethod } from '../../lib/ics';
import { t } from '../../lib/i18n';
import { appPath, emailBody, type EmailWriter, greeting, recipientLanguage, timeIn } from '../notifications/email-registry';
import { oneLine } from '../notifications/email-text';
import { writeMessages } from '../notifications/notify.repository';
import { comingSessions, groupEmailContext, groupSessionsForEmail, openSeatOffer, reminderHours, stillMember } from './group-emails.repository';

// Emails about groups and workshops (decisions 0277, 0282), through the notifications' one way in and the email
// registry. A closed group's member gets one invite for the whole series, a workshop's participant a sign-up
// confirmation, each carrying every session still to come as its own event (UID, SEQUENCE, METHOD:REQUEST); a
// cancellation carries the cancelled sessions with their raised SEQUENCE (METHOD:CANCEL); a reminder goes before
// each session as the centre's reminder setting says; a freed workshop seat is offered by email. Who facilitates,
// when and where: a closed group's name is left out (it may say what the members are there for, decision 0123),
// a workshop's is said (it is listed to everyone it is for); never another member's name.

type GroupKind = 'group_invite' | 'group_reminder' | 'workshop_signup' | 'workshop_offer' | 'group_cancelled' | 'group_session_cancelled';
type Conn = Parameters<EmailWriter<unknown>['read']>[0];

export interface GroupEmailPayload {
  kind: GroupKind;
  recipient: string;
  company: string;
  timeZone: string;
  /** The workshop's name; null for a closed group. */
  workshop: string | null;
  facilitators: string;
  where: string | null;
  online: boolean;
  /** The session the email is about (a reminder's, the one cancelled, the first of a group cancelled). */
  start: string;
  index: number;
  total: number;
  /** Every session as the email lists it. */
  sessions: { index: number; start: string; status: string }[];
  /** An offer's hold's end. */
  until: string | null;
  link: string;
}

/** The events an email's invite carries: the live sessions still to come (REQUEST) or the cancelled ones (CANCEL). */
function groupInvite(language: Language, method: CalendarMethod, p: GroupEmailPayload, rows: Awaited<ReturnType<typeof groupSessionsForEmail>>, stamp: number): string | null {
  const chosen = rows.filter((s) => (method === 'CANCEL' ? s.status === 'cancelled' : s.status === 'scheduled' && Date.parse(s.starts_at) > stamp));
  if (chosen.length === 0) return null;
  const where = p.online ? t(language, 'email.online') : (p.where ?? t(language, 'email.onSite'));
  const events: CalendarEvent[] = chosen.map((s) => {
    const start = Date.parse(s.starts_at);
    return {
      uid: `${s.uuid}@kalinga`,
      start,
      end: start + s.duration_minutes * 60_000,
      stamp,
      summary: p.workshop ?? t(language, 'email.group.summary'),
      location: where,
      description: [t(language, 'email.group.with', { names: p.facilitators }), t(language, 'email.invite.details', { link: p.link })].join('\n'),
      status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
      sequence: s.ics_sequence,
    };
  });
  return buildCalendar(events, method);
}

function lines(language: Language, p: GroupEmailPayload): { subject: string; lines: string[] } {
  const what = p.workshop === null ? t(language, 'email.group.yourGroup') : oneLine(p.workshop);
  const when = timeIn(language, p.start, p.timeZone);
  const v = { what, when, index: p.index, total: p.total };
  const list = [t(language, 'email.series.sessions'), ...p.sessions.map((s) => t(language, 'email.series.session', { index: s.index, total: p.total, when: timeIn(language, s.start, p.timeZone), status: t(language, 'email.group.status', { status: s.status }) }))];
  const where = t(language, 'email.group.where', { where: p.online ? t(language, 'email.online') : (p.where ?? t(language, 'email.onSite')) });
  const withWhom = t(language, 'email.group.with', { names: p.facilitators });
  switch (p.kind) {
    case 'group_invite':
      return { subject: t(language, 'email.group.invite.subject', v), lines: [t(language, 'email.group.invite.line', v), withWhom, where, '', ...list] };
    case 'workshop_signup':
      return { subject: t(language, 'email.group.signup.subject', v), lines: [t(language, 'email.group.signup.line', v), withWhom, where, '', ...list] };
    case 'group_reminder':
      return { subject: t(language, 'email.group.reminder.subject', v), lines: [t(language, 'email.group.reminder.line', v), withWhom, where] };
    case 'workshop_offer':
      return { subject: t(language, 'email.group.offer.subject', v), lines: [t(language, 'email.group.offer.line', v), t(language, 'email.group.offer.hold', { until: timeIn(language, p.until ?? p.start, p.timeZone) })] };
    case 'group_session_cancelled':
      return { subject: t(language, 'email.group.sessionCancelled.subject', v), lines: [t(language, 'email.group.sessionCancelled.line', v)] };
    case 'group_cancelled':
      return { subject: t(language, 'email.group.cancelled.subject', v), lines: [t(language, 'email.group.cancelled.line', v)] };
  }
}

function writerOf(kind: GroupKind): EmailWriter<GroupEmailPayload> {
  return {
    gone: "The group session, or the recipient's place in it, no longer exists.",
    async read(db: Conn, row, env) {
      const c = await groupEmailContext(db, row.company_id, row.recipient_id, row.group_session_id);
      if (!c?.recipient_email) return undefined;
      const cancelled = kind === 'group_cancelled' || kind === 'group_session_cancelled';
      if (!cancelled && c.group_status !== 'active') return undefined;
      // A reminder goes to the facilitators too (decision 0321); everything else to members only.
      const facilitates = kind === 'group_reminder' && (c.facilitator_id === row.recipient_id || c.co_facilitator_id === row.recipient_id);
      if (kind !== 'workshop_offer' && !cancelled && !facilitates && !(await stillMember(db, row.company_id, c.group_id, row.recipient_id))) return undefined;
      if (kind === 'group_reminder' && c.status !== 'scheduled') return undefined;
      const offer = kind === 'workshop_offer' ? await openSeatOffer(db, row.company_id, c.group_id, row.recipient_id) : undefined;
      if (kind === 'workshop_offer' && !offer) return undefined;
      const rows = await groupSessionsForEmail(db, row.company_id, c.group_id);
      const language = recipientLanguage(c.recipient_language, c.company_language);
      const payload: GroupEmailPayload = {
        kind,
        recipient: c.recipient_name,
        company: c.company_name,
        timeZone: c.timezone,
        workshop: c.kind === 'workshop' ? c.group_name : null,
        facilitators: [c.facilitator_name, ...(c.co_facilitator_name ? [c.co_facilitator_name] : [])].join(', '),
        where: c.location,
        online: c.location_type === 'online',
        start: c.starts_at,
        index: c.session_index,
        total: rows.length,
        sessions: rows.map((s) => ({ index: s.session_index, start: s.starts_at, status: s.status })),
        until: offer?.expires_at ?? null,
        link: appPath(env.publicUrl, c.kind === 'workshop' ? '/workshops' : '/appointments'),
      };
      const method: CalendarMethod | null = cancelled ? 'CANCEL' : kind === 'group_invite' || kind === 'workshop_signup' ? 'REQUEST' : null;
      const shown = kind === 'group_session_cancelled' ? rows.filter((s) => s.session_index === c.session_index) : rows;
      return { to: { name: c.recipient_name, address: c.recipient_email }, fromName: c.company_name, language, payload, ics: method ? groupInvite(language, method, payload, shown, env.now) : null };
    },
    write(p, language) {
      const w = lines(language, p);
      return {
        subject: w.subject,
        ...emailBody(language, {
          greeting: greeting(language, p.recipient),
          lines: w.lines,
          link: { url: p.link, label: t(language, 'email.group.open'), line: t(language, 'email.group.openLine', { link: p.link }) },
          signature: [p.company],
        }),
      };
    },
  };
}

/** The writers, one per kind, for the email registry (src/email-writers.ts). */
export const GROUP_EMAIL_WRITERS = {
  group_invite: writerOf('group_invite'),
  group_reminder: writerOf('group_reminder'),
  workshop_signup: writerOf('workshop_signup'),
  workshop_offer: writerOf('workshop_offer'),
  group_cancelled: writerOf('group_cancelled'),
  group_session_cancelled: writerOf('group_session_cancelled'),
} satisfies Record<GroupKind, EmailWriter<GroupEmailPayload>>;

/** Reminders of the sessions still to come for each recipient, due the centre's reminder hours before (decision 0321). */
async function reminderRows(trx: DB, companyId: number, sessions: readonly { id: number; starts_at: string }[], recipients: readonly number[], now: string) {
  const hours = await reminderHours(trx, companyId);
  if (hours <= 0) return [];
  const due = sessions.map((s) => ({ s, due: Date.parse(s.starts_at) - hours * 3_600_000 })).filter((r) => r.due > Date.parse(now));
  // A reminder row (channel 'reminder'): the notification worker turns it, once, into the in-app notice and the email.
  return recipients.flatMap((recipient_id) =>
    due.map((r) => ({ kind: 'group_reminder' as const, channel: 'reminder' as const, recipient_id, group_session_id: r.s.id, appointment_date: r.s.starts_at, due_at: new Date(r.due).toISOString() })),
  );
}

/**
 * In the joining's transaction: the one email for the series (an invite, or a workshop's confirmation) and a reminder
 * before each session still to come, due the centre's reminder hours before it (none when the setting is 0 or the
 * moment has passed).
 */
export async function queueJoined(trx: DB, companyId: number, group: { id: number; kind: 'closed' | 'workshop' }, clientId: number, now: string): Promise<void> {
  const sessions = await comingSessions(trx, companyId, group.id, now);
  if (sessions.length === 0) return;
  const kind: OutboxTable['kind'] = group.kind === 'closed' ? 'group_invite' : 'workshop_signup';
  await writeMessages(
    trx,
    companyId,
    { emails: [{ kind, recipient_id: clientId, group_session_id: sessions[0].id, appointment_date: sessions[0].starts_at }, ...(await reminderRows(trx, companyId, sessions, [clientId], now))] },
    now,
  );
}

/** In the creating transaction: each facilitator's reminder before each session, as a member's (decision 0321). */
export async function queueFacilitatorReminders(trx: DB, companyId: number, groupId: number, facilitatorIds: readonly number[], now: string): Promise<void> {
  const emails = await reminderRows(trx, companyId, await comingSessions(trx, companyId, groupId, now), facilitatorIds, now);
  if (emails.length > 0) await writeMessages(trx, companyId, { emails }, now);
}

/** In the cancelling transaction: each member's cancellation email, pointing at the (first) cancelled session. */
export async function queueCancelled(trx: DB, companyId: number, kind: 'group_cancelled' | 'group_session_cancelled', sessionId: number, memberIds: readonly number[], now: string): Promise<void> {
  await writeMessages(trx, companyId, { emails: memberIds.map((id) => ({ kind, recipient_id: id, group_session_id: sessionId })) }, now);
}
