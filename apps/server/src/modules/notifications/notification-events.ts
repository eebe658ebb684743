import type { NotificationKind } from '@kalinga/contracts/notifications';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { CalendarSession } from './calendar-snapshot';
import { cancelReminders, readCalendarSessions, readChoices } from './notification-events.repository';
import { type InAppMessage, type QueuedEmail, writeMessages } from './notify.repository';

// Recording what happened to an appointment (docs/decisions/0067-notification-outbox.md). Called with the
// appointment change's own transaction: the in-app rows, the emails to send and the reminders commit with the change
// or not at all.

type Conn = Kysely<Database>;
export type AppointmentEventKind = Exclude<NotificationKind, 'reminder'>;

export interface AppointmentEvent {
  kind: AppointmentEventKind;
  companyId: number;
  /** The appointment after the change. */
  appointment: { id: number; counselorId: number; clientId: number; start: string };
  /** Who made the change (null: the system). */
  actorId: number | null;
  /** For 'rescheduled': the start it moved from. */
  previousStart?: string | null;
  /** For 'cancelled': the reason given, if any. */
  reason?: string | null;
  /** Only these users are told (a counselor taken off an appointment), instead of the usual parties. */
  onlyTo?: readonly number[];
  now: string;
}

const HOUR = 3_600_000;

export { newMessageId } from './notify.repository';

/**
 * Who is told: a booking always goes to the counselor and to the client when someone else booked it; every other
 * change goes to the counselor and the client except whoever made it.
 */
export function recipientsOf(event: AppointmentEvent): number[] {
  if (event.onlyTo) return event.onlyTo.filter((id) => id !== event.actorId);
  const { counselorId, clientId } = event.appointment;
  const parties = [...new Set([counselorId, clientId])];
  if (event.kind === 'booked') return parties.filter((id) => id === counselorId || id !== event.actorId);
  return parties.filter((id) => id !== event.actorId);
}

/** The fields an in-app row and its email share. */
export function eventFields(event: AppointmentEvent) {
  return {
    kind: event.kind,
    appointment_id: event.appointment.id,
    actor_id: event.actorId,
    appointment_date: event.appointment.start,
    previous_date: event.previousStart ?? null,
    reason: event.reason ?? null,
  };
}

/**
 * Writes the event's in-app rows and emails (each recipient's preferences decide) and keeps the appointment's
 * reminders in step: a booking schedules them, a new time or counselor schedules them anew, cancelling or
 * completing cancels them.
 */
export async function recordAppointmentEvent(db: Conn, event: AppointmentEvent): Promise<void> {
  const recipients = recipientsOf(event);
  const { prefs, reminderHours } = await readChoices(db, event, recipients);
  const { inApp, outbox } = messageRows(recipients, prefs, eventFields(event));

  await keepCalendar(outbox, () => readCalendarSessions(db, event.companyId, { appointmentId: event.appointment.id }));
  if (event.kind !== 'booked' && event.kind !== 'confirmed') await cancelReminders(db, event.companyId, [event.appointment.id]);
  if (event.kind === 'booked' || event.kind === 'rescheduled') outbox.push(...reminderRows(event, reminderHours));
  await writeMessages(db, event.companyId, { inApp, emails: outbox }, event.now);
}

type EventFields = ReturnType<typeof eventFields> & { series_id?: number | null; series_count?: number | null };

/** Each recipient's in-app row and email for an event, as their preferences say. */
export function messageRows(recipients: readonly number[], prefs: Map<number, { in_app: boolean; email: boolean }>, fields: EventFields) {
  const inApp: InAppMessage[] = recipients.filter((id) => prefs.get(id)!.in_app).map((id) => ({ ...fields, user_id: id }));
  const outbox: QueuedEmail[] = recipients.filter((id) => prefs.get(id)!.email).map((id) => ({ ...fields, recipient_id: id }));
  return { inApp, outbox };
}

/** Keeps the sessions as they are now with each email (decision 0222); read only when there is an email to send. */
export async function keepCalendar(outbox: QueuedEmail[], read: () => Promise<CalendarSession[]>): Promise<void> {
  const emails = outbox.filter((r) => (r.channel ?? 'email') === 'email');
  if (emails.length === 0) return;
  const snapshot = JSON.stringify(await read());
  for (const r of emails) r.calendar_snapshot = snapshot;
}

/**
 * One reminder per party, due `reminder_hours_before` hours before the start. None when the setting is 0, or when
 * that moment has already passed (a booking made inside the window: its own notification is the reminder).
 */
export function reminderRows(event: AppointmentEvent, hours: number): QueuedEmail[] {
  if (hours <= 0) return [];
  const due = Date.parse(event.appointment.start) - hours * HOUR;
  if (due <= Date.parse(event.now)) return [];
  const dueAt = new Date(due).toISOString();
  const { counselorId, clientId } = event.appointment;
  return [...new Set([clientId, counselorId])].map((id) => ({
    channel: 'reminder' as const,
    kind: 'reminder' as const,
    recipient_id: id,
    appointment_id: event.appointment.id,
    appointment_date: event.appointment.start,
    due_at: dueAt,
  }));
}

