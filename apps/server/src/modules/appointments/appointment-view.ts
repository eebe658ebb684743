import { type Appointment } from '@kalinga/contracts/appointments';
import type { DB } from '../../db/database';
import { type AuthContext, isCounselor } from '../../lib/auth-context';
import { publicFileUrl } from '../../lib/images';
import { type AppointmentView, findAppointmentsByIds, type Scope } from './appointment.repository';

// Who sees which appointments, and the reply shape every appointment use case answers with.

/** Who sees which (product-rules.md#appointments): counselors see theirs, non-counselor managers all, everyone else their own. */
export function scopeOf(auth: AuthContext): Scope {
  if (isCounselor(auth)) return { kind: 'counselor', userId: auth.user.id };
  if (auth.permissions.has('manage appointments')) return { kind: 'all' };
  return { kind: 'client', userId: auth.user.id };
}

/** Managers of an appointment: the assigned counselor (scope) or a 'manage appointments' user. */
export function isManagerOf(auth: AuthContext, scope: Scope): boolean {
  return scope.kind === 'all' || (scope.kind === 'counselor' && auth.permissions.has('manage appointments'));
}

/** The reply shape; `notes` only for the assigned counselor and managers (never the client). */
export function toAppointment(row: AppointmentView, withNotes: boolean): Appointment {
  const out: Appointment = {
    id: row.id,
    uuid: row.uuid,
    appointment_date: row.appointment_date,
    local_date: row.local_date,
    duration_minutes: row.duration_minutes,
    reason: row.reason,
    category_id: row.category_id,
    category: row.category_title === null ? null : { id: row.category_id, title: row.category_title },
    status: row.status,
    location_type: row.location_type,
    location: row.location,
    counselor_id: row.counselor_id,
    counselor: { id: row.counselor_id, name: row.counselor_name, avatar: publicFileUrl(row.counselor_avatar) },
    student_id: row.client_id,
    student: { id: row.client_id, name: row.client_name, avatar: publicFileUrl(row.client_avatar), student_id: row.client_student_id },
    user_type: row.user_type,
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
    series: row.series_uuid === null ? null : { uuid: row.series_uuid, index: row.series_index ?? 0, total: row.series_total ?? 0 },
    late_cancellation: row.late_cancellation === 1,
    approval_reason: row.approval_reason ?? null,
  };
  if (withNotes) out.notes = row.notes;
  return out;
}

export async function reload(db: DB, auth: AuthContext, scope: Scope, id: number): Promise<Appointment> {
  const [row] = await findAppointmentsByIds(db, auth.companyId, [id]);
  return toAppointment(row, scope.kind !== 'client');
}
