// What an email about an appointment or a series says is what the change did (decision 0222): the sessions are read
// inside the change's own transaction and kept with the email (outbox.calendar_snapshot), so an email the worker sends
// a moment later does not show later cancellations or moves, and its invite carries the event's version (SEQUENCE) of
// that moment. A later change has a higher version and its own email.

/** One session as an email shows it and its invite carries it. */
export interface CalendarSession {
  uuid: string;
  appointment_date: string;
  duration_minutes: number;
  status: 'pending' | 'confirmed' | 'completed' | 'cancelled' | 'no_show';
  location_type: 'online' | 'on-site';
  location: string | null;
  user_type: 'student' | 'personnel';
  series_index: number | null;
  series_total: number | null;
  frequency: 'weekly' | 'fortnightly' | null;
  counselor_name: string;
  client_name: string;
  ics_sequence: number;
}

/** The sessions an outbox row keeps, or null for a row written without them (a reminder, or before migration 031). */
export function snapshotOf(row: { calendar_snapshot?: string | null }): CalendarSession[] | null {
  return row.calendar_snapshot ? (JSON.parse(row.calendar_snapshot) as CalendarSession[]) : null;
}
