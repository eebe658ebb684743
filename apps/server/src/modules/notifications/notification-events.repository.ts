import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationKind } from '@kalinga/contracts/notifications';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { CalendarSession } from './calendar-snapshot';
import type { AppointmentEvent } from './notification-events';

// What recording an appointment's event reads and writes (notification-events.ts, series-events.ts): preferences,
// reminders (the rows themselves are written by notify.repository.ts), and the sessions an email keeps (decision 0222).

type Conn = Kysely<Database>;

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

/** Cancels the company's appointments' reminders that have not gone out. */
export async function cancelReminders(db: Conn, companyId: number, appointmentIds: readonly number[]): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ status: 'cancelled', claimed_until: null })
    .where('company_id', '=', companyId)
    .where('appointment_id', 'in', appointmentIds)
    .where('channel', '=', 'reminder')
    .where('status', '=', 'pending')
    .execute();
}

/** The sessions, as they stand in `db` now: one appointment, or every session of a series in order. */
export async function readCalendarSessions(db: Conn, companyId: number, of: { appointmentId: number } | { seriesId: number }): Promise<CalendarSession[]> {
  let query = db
    .selectFrom('appointments as a')
    .leftJoin('appointment_series as s', 's.id', 'a.series_id')
    .innerJoin('users as co', 'co.id', 'a.counselor_id')
    .innerJoin('users as cl', 'cl.id', 'a.client_id')
    .select([
      'a.uuid',
      'a.appointment_date',
      'a.duration_minutes',
      'a.status',
      'a.location_type',
      'a.location',
      'a.user_type',
      'a.series_index',
      's.total as series_total',
      's.frequency',
      'co.name as counselor_name',
      'cl.name as client_name',
      'a.ics_sequence',
    ])
    .where('a.company_id', '=', companyId);
  query = 'seriesId' in of ? query.where('a.series_id', '=', of.seriesId).orderBy('a.series_index') : query.where('a.id', '=', of.appointmentId);
  const rows = await query.execute();
  return rows.map((r) => ({ ...r, series_index: r.series_index ?? null, ics_sequence: r.ics_sequence ?? 0 }));
}

/** A reminder's appointment as it stands now (its status and start), or undefined when it is gone. */
export async function reminderAppointment(db: Conn, companyId: number, appointmentId: number) {
  return db.selectFrom('appointments').select(['status', 'appointment_date']).where('company_id', '=', companyId).where('id', '=', appointmentId).executeTakeFirst();
}
