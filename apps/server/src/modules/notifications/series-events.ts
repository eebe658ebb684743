import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { type AppointmentEvent, eventFields, keepCalendar, messageRows, recipientsOf, reminderRows } from './notification-events';
import { cancelReminders, readCalendarSessions, readChoices } from './notification-events.repository';
import { writeMessages } from './notify.repository';

// A change to several sessions of a series, told once (decision 0150): one in-app row and one email per person,
// naming the first session it touched and how many; the email's invite carries every session of the series. The
// reminders stay per session (each session is reminded of before it starts). Called in the change's transaction.

type Conn = Kysely<Database>;

export interface SeriesEvent {
  kind: 'booked' | 'confirmed' | 'cancelled' | 'rescheduled';
  companyId: number;
  seriesId: number;
  counselorId: number;
  clientId: number;
  actorId: number | null;
  /**
   * The sessions the change touched, in date order: each with its start after the change and, for a move, before,
   * and its counselor where a session was given to another than the series' own.
   */
  sessions: readonly { id: number; start: string; previousStart?: string; counselorId?: number }[];
  now: string;
}

export async function recordSeriesEvent(db: Conn, event: SeriesEvent): Promise<void> {
  if (event.sessions.length === 0) return;
  const first = event.sessions[0];
  const base: AppointmentEvent = {
    kind: event.kind,
    companyId: event.companyId,
    appointment: { id: first.id, counselorId: event.counselorId, clientId: event.clientId, start: first.start },
    actorId: event.actorId,
    previousStart: first.previousStart ?? null,
    now: event.now,
  };
  // The series' counselor and the client as for one appointment, and every other counselor holding a touched session.
  const others = event.sessions.map((s) => s.counselorId ?? event.counselorId).filter((id) => id !== event.actorId);
  const recipients = [...new Set([...recipientsOf(base), ...others])];
  const { prefs, reminderHours } = await readChoices(db, base, recipients);
  const { inApp, outbox } = messageRows(recipients, prefs, { ...eventFields(base), series_id: event.seriesId, series_count: event.sessions.length });

  await keepCalendar(outbox, () => readCalendarSessions(db, event.companyId, { seriesId: event.seriesId }));
  const ids = event.sessions.map((s) => s.id);
  if (event.kind !== 'booked' && event.kind !== 'confirmed') {
    await cancelReminders(db, event.companyId, ids);
  }
  if (event.kind === 'booked' || event.kind === 'rescheduled') {
    for (const s of event.sessions) {
      outbox.push(...reminderRows({ ...base, appointment: { ...base.appointment, id: s.id, start: s.start, counselorId: s.counselorId ?? event.counselorId } }, reminderHours));
    }
  }
  await writeMessages(db, event.companyId, { inApp, emails: outbox }, event.now);
}
