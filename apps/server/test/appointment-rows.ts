import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { AppointmentsTable } from '../src/db/tables';

type Required = 'company_id' | 'counselor_id' | 'client_id' | 'category_id' | 'appointment_date';

/**
 * An appointments row as a test writes it straight into the table (none of the booking rules run): an hour, online,
 * a student's, pending, no reason beyond 'Check-in', no notes, dated on its start's UTC day and stamped now. `fields`
 * names the people, the category and the start, and overrides any of the rest.
 */
export function appointmentRow(fields: Pick<Insertable<AppointmentsTable>, Required> & Partial<Insertable<AppointmentsTable>>): Insertable<AppointmentsTable> {
  const now = new Date().toISOString();
  return {
    uuid: randomUUID(),
    local_date: fields.appointment_date.slice(0, 10),
    duration_minutes: 60,
    reason: 'Check-in',
    status: 'pending',
    location_type: 'online',
    location: null,
    user_type: 'student',
    notes: null,
    created_by: null,
    created_at: now,
    updated_at: now,
    ...fields,
  };
}
