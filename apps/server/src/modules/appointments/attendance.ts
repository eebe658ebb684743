import type { Attendance } from '@kalinga/contracts/attendance';
import { approvalReasonText } from '@kalinga/contracts/attendance';
import type { DB } from '../../db/database';
import { forbidden, notFound } from '../../lib/http-errors';
import type { AuthContext } from '../../lib/auth-context';
import { findAppointmentByUuid } from './appointment.repository';
import { type Conn, missedInARow, readNoShowLimit, termCounts } from './attendance.repository';
import { openClientContent } from '../client-record/client-access';
import { scopeOf } from './appointment-view';
import { localDateOf } from '@kalinga/contracts/zone-time';

// A client's attendance and the no-show policy (docs/decisions/0154-no-shows-and-late-cancellations.md,
// 0155-no-show-policy.md). A session's outcome is known once it is completed, a no-show, or cancelled late;
// a cancellation in good time says nothing about attendance and is passed over.

/** Why a new booking of the client waits for the counselor's approval, or null when it need not. */
export async function approvalReason(db: Conn, companyId: number, clientId: number): Promise<string | null> {
  const limit = await readNoShowLimit(db, companyId);
  if (limit === 0) return null;
  return (await missedInARow(db, companyId, clientId, limit)) >= limit ? approvalReasonText(limit) : null;
}

/**
 * The first day of the term holding `today` (YYYY-MM-DD): terms are the calendar half-years, January to June and
 * July to December, in the centre's time zone.
 */
export function termStart(today: string): string {
  return `${today.slice(0, 4)}-${Number(today.slice(5, 7)) <= 6 ? '01' : '07'}-01`;
}

/**
 * The client's attendance this term, for their care team looking at one of their appointments: attendance beyond
 * one's own appointments is confidential (decision 0200), so a manager no longer reads it, and each read is logged.
 */
export async function attendanceFor(db: DB, auth: AuthContext, uuid: string): Promise<Attendance> {
  const scope = scopeOf(auth);
  const row = await findAppointmentByUuid(db, auth.companyId, scope, uuid);
  if (!row) throw notFound('Appointment');
  if (scope.kind === 'client') throw forbidden("Only the client's counselor sees their attendance.");
  return db.transaction().execute(async (trx) => {
    await openClientContent(trx, auth, row.client_id, 'attendance');
    return attendanceOf(trx, auth, row.client_id);
  });
}

async function attendanceOf(db: DB, auth: AuthContext, clientId: number): Promise<Attendance> {
  const since = termStart(localDateOf(new Date(), auth.company.timezone));
  const counts = await termCounts(db, auth.companyId, clientId, since);
  const limit = await readNoShowLimit(db, auth.companyId);
  return {
    since,
    sessions: Number(counts?.sessions ?? 0),
    no_shows: Number(counts?.no_shows ?? 0),
    late_cancellations: Number(counts?.late ?? 0),
    missed_in_a_row: await missedInARow(db, auth.companyId, clientId, Math.max(limit, 10)),
    limit,
  };
}
