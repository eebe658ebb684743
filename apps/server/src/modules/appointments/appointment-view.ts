import { type Appointment } from '@kalinga/contracts/appointments';
import type { DB } from '../../db/database';
import { type AuthContext, isCounselor } from '../../lib/auth-context';
import { publicFileUrl } from '../../lib/images';
import { accessRight, appointmentContentShown, recordListView } from '../client-record/client-access';
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

/**
 * The reply shape; `reason` only when `contentShown` (else null: withheld), `notes` besides only for staff (never the
 * client). `approval_reason` only for a client in `attendanceShown`: build replies with appointmentsFor, which asks
 * the access model.
 */
function toAppointment(row: AppointmentView, staff: boolean, contentShown: boolean, attendanceShown: ReadonlySet<number>): Appointment {
  const out: Appointment = {
    id: row.id,
    uuid: row.uuid,
    appointment_date: row.appointment_date,
    local_date: row.local_date,
    duration_minutes: row.duration_minutes,
    reason: contentShown ? row.reason : null,
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
    approval_reason: attendanceShown.has(row.client_id) ? (row.approval_reason ?? null) : null,
  };
  if (staff && contentShown) out.notes = row.notes;
  return out;
}

/**
 * The replies for these rows as the reader sees them. A held booking's approval reason says the client missed their
 * last sessions (group sessions too): attendance beyond one's own, so it is shown only to whom the access model lets
 * read the client's attendance (the client, the care team), and a reader other than the client has it on the record
 * as a list's row (decision 0376). A manager outside the care team reads the booking without it. The reason and the
 * counselor's notes are the care team's too (decision 0377, `appointmentContentShown`): others read `reason: null`.
 */
export async function appointmentsFor(db: DB, auth: AuthContext, scope: Scope, rows: readonly AppointmentView[]): Promise<Appointment[]> {
  const now = new Date().toISOString();
  const shown = new Set<number>();
  for (const clientId of new Set(rows.filter((r) => r.approval_reason).map((r) => r.client_id))) {
    if (await accessRight(db, auth, clientId, 'attendance', now)) shown.add(clientId);
  }
  await recordListView(db, auth, [...shown].filter((id) => id !== auth.user.id), 'attendance');
  const contentShown = await appointmentContentShown(db, auth, rows, now);
  return rows.map((r) => toAppointment(r, scope.kind !== 'client', contentShown.has(r.id), shown));
}

export async function appointmentFor(db: DB, auth: AuthContext, scope: Scope, row: AppointmentView): Promise<Appointment> {
  const [one] = await appointmentsFor(db, auth, scope, [row]);
  return one;
}

export async function reload(db: DB, auth: AuthContext, scope: Scope, id: number): Promise<Appointment> {
  const [row] = await findAppointmentsByIds(db, auth.companyId, [id]);
  return appointmentFor(db, auth, scope, row);
}
