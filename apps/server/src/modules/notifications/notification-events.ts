import { randomUUID } from 'node:crypto';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationKind } from '@kalinga/contracts/notifications';
import type { Insertable, Kysely } from 'kysely';
import { isPostgresDb } from '../../db/locks';
import type { Database, NotificationsTable, OutboxTable } from '../../db/tables';

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

/** A stable Message-ID for one outbox row, kept for every attempt (a resend after a crash carries the same one). */
export function newMessageId(): string {
  return `<${randomUUID()}@kalinga>`;
}

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

/** Each user's choice for `kind` (the default where they made none). */
export async function preferencesFor(db: Conn, userIds: readonly number[], kind: NotificationKind): Promise<Map<number, { in_app: boolean; email: boolean }>> {
  const out = new Map(userIds.map((id) => [id, DEFAULT_NOTIFICATION_PREFERENCES[kind]]));
  if (userIds.length === 0) return out;
  const rows = await db
    .selectFrom('notification_preferences')
    .select(['user_id', 'in_app', 'email'])
    .where('user_id', 'in', userIds)
    .where('kind', '=', kind)
    .execute();
  for (const r of rows) out.set(r.user_id, { in_app: r.in_app === 1, email: r.email === 1 });
  return out;
}

/** The fields an in-app row and its email share. */
export function eventFields(event: AppointmentEvent) {
  return {
    company_id: event.companyId,
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
  const { inApp, outbox } = messageRows(recipients, prefs, eventFields(event), event.now);

  if (event.kind !== 'booked' && event.kind !== 'confirmed') await cancelReminders(db, event.appointment.id);
  if (event.kind === 'booked' || event.kind === 'rescheduled') outbox.push(...reminderRows(event, reminderHours));
  await insertMessages(db, inApp, outbox);
}

type EventFields = ReturnType<typeof eventFields> & { series_id?: number | null; series_count?: number | null };

/** Each recipient's in-app row and email for an event, as their preferences say. */
export function messageRows(recipients: readonly number[], prefs: Map<number, { in_app: boolean; email: boolean }>, fields: EventFields, now: string) {
  const inApp: Insertable<NotificationsTable>[] = recipients
    .filter((id) => prefs.get(id)!.in_app)
    .map((id) => ({ ...fields, user_id: id, created_at: now }));
  const outbox: Insertable<OutboxTable>[] = recipients
    .filter((id) => prefs.get(id)!.email)
    .map((id) => ({ ...fields, channel: 'email', recipient_id: id, due_at: now, message_id: newMessageId(), created_at: now }));
  return { inApp, outbox };
}

/** Writes the in-app rows and the outbox rows of an event. */
export async function insertMessages(db: Conn, inApp: Insertable<NotificationsTable>[], outbox: Insertable<OutboxTable>[]): Promise<void> {
  if (inApp.length > 0 && outbox.length > 0 && isPostgresDb(db)) {
    // One round trip for both (a writable CTE; SQLite has none, and its statements cost no round trip).
    await db.with('n', (w) => w.insertInto('notifications').values(inApp)).insertInto('outbox').values(outbox).execute();
    return;
  }
  if (inApp.length > 0) await db.insertInto('notifications').values(inApp).execute();
  if (outbox.length > 0) await db.insertInto('outbox').values(outbox).execute();
}

/** The recipients' choices for the event's kind and the company's reminder setting, in one query. */
export async function readChoices(db: Conn, event: AppointmentEvent, recipients: readonly number[]) {
  const prefs = new Map(recipients.map((id) => [id, DEFAULT_NOTIFICATION_PREFERENCES[event.kind]]));
  const rows = await db
    .selectFrom('settings as s')
    .leftJoin('notification_preferences as p', (j) => j.on('p.user_id', 'in', recipients.length > 0 ? recipients : [0]).on('p.kind', '=', event.kind))
    .select(['s.reminder_hours_before', 'p.user_id', 'p.in_app', 'p.email'])
    .where('s.company_id', '=', event.companyId)
    .execute();
  for (const r of rows) if (r.user_id !== null) prefs.set(r.user_id, { in_app: r.in_app === 1, email: r.email === 1 });
  return { prefs, reminderHours: rows[0]?.reminder_hours_before ?? 0 };
}

/**
 * One reminder per party, due `reminder_hours_before` hours before the start. None when the setting is 0, or when
 * that moment has already passed (a booking made inside the window: its own notification is the reminder).
 */
export function reminderRows(event: AppointmentEvent, hours: number): Insertable<OutboxTable>[] {
  if (hours <= 0) return [];
  const due = Date.parse(event.appointment.start) - hours * HOUR;
  if (due <= Date.parse(event.now)) return [];
  const dueAt = new Date(due).toISOString();
  const { counselorId, clientId } = event.appointment;
  return [...new Set([clientId, counselorId])].map((id) => ({
    company_id: event.companyId,
    channel: 'reminder' as const,
    kind: 'reminder' as const,
    recipient_id: id,
    appointment_id: event.appointment.id,
    actor_id: null,
    appointment_date: event.appointment.start,
    previous_date: null,
    reason: null,
    due_at: dueAt,
    message_id: newMessageId(),
    created_at: event.now,
  }));
}

/** Cancels the appointment's reminders that have not gone out. */
async function cancelReminders(db: Conn, appointmentId: number): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ status: 'cancelled', claimed_until: null })
    .where('appointment_id', '=', appointmentId)
    .where('channel', '=', 'reminder')
    .where('status', '=', 'pending')
    .execute();
}
