import type { Attendance } from '@kalinga/contracts/attendance';
import { approvalReasonText } from '@kalinga/contracts/attendance';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/database';
import { isPostgresDb } from '../../db/locks';
import type { Database } from '../../db/tables';
import { forbidden, notFound } from '../../lib/http-errors';
import type { AuthContext } from '../../lib/auth-context';
import { findAppointmentByUuid } from './appointment.repository';
import { scopeOf } from './appointment-view';
import { localDateOf } from '@kalinga/contracts/zone-time';

// A client's attendance and the no-show policy (docs/decisions/0154-no-shows-and-late-cancellations.md,
// 0155-no-show-policy.md). A session's outcome is known once it is completed, a no-show, or cancelled late;
// a cancellation in good time says nothing about attendance and is passed over.

type Conn = DB | Kysely<Database>;

/** The company's policy: after this many no-shows or late cancellations in a row, bookings wait (0 = off). */
export async function readNoShowLimit(db: Conn, companyId: number): Promise<number> {
  const row = await db.selectFrom('settings').select('no_show_limit').where('company_id', '=', companyId).executeTakeFirst();
  return row?.no_show_limit ?? 2;
}

/**
 * Holds the client's membership row until the transaction ends: a booking that reads the client's record and a
 * no-show or late cancellation that changes it run one after the other (PostgreSQL; SQLite runs one at a time).
 */
export async function lockClient(db: Kysely<Database>, companyId: number, clientId: number): Promise<void> {
  if (isPostgresDb(db)) await sql`select user_id from company_user where company_id = ${companyId} and user_id = ${clientId} for update`.execute(db);
}

/** No-shows and late cancellations in a row, counted back from the client's latest known outcome (at most `limit`). */
export async function missedInARow(db: Conn, companyId: number, clientId: number, limit: number): Promise<number> {
  if (limit <= 0) return 0;
  const rows = await db
    .selectFrom('appointments')
    .select(['status', 'late_cancellation'])
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where((eb) => eb.or([eb('status', 'in', ['completed', 'no_show']), eb.and([eb('status', '=', 'cancelled'), eb('late_cancellation', '=', 1)])]))
    .orderBy('appointment_date', 'desc')
    .limit(limit)
    .execute();
  const firstAttended = rows.findIndex((r) => r.status === 'completed');
  return firstAttended === -1 ? rows.length : firstAttended;
}

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

/** The client's attendance this term, for the counselor (or a manager) looking at one of their appointments. */
export async function attendanceFor(db: DB, auth: AuthContext, uuid: string): Promise<Attendance> {
  const scope = scopeOf(auth);
  const row = await findAppointmentByUuid(db, auth.companyId, scope, uuid);
  if (!row) throw notFound('Appointment');
  if (scope.kind === 'client') throw forbidden("Only the client's counselor sees their attendance.");
  const since = termStart(localDateOf(new Date(), auth.company.timezone));
  const counts = await db
    .selectFrom('appointments')
    .select((eb) => [
      eb.fn.sum<number>(eb.case().when('status', '=', 'completed').then(1).else(0).end()).as('sessions'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'no_show').then(1).else(0).end()).as('no_shows'),
      eb.fn.sum<number>(eb.case().when(eb.and([eb('status', '=', 'cancelled'), eb('late_cancellation', '=', 1)])).then(1).else(0).end()).as('late'),
    ])
    .where('company_id', '=', auth.companyId)
    .where('client_id', '=', row.client_id)
    .where('local_date', '>=', since)
    .executeTakeFirst();
  const limit = await readNoShowLimit(db, auth.companyId);
  return {
    since,
    sessions: Number(counts?.sessions ?? 0),
    no_shows: Number(counts?.no_shows ?? 0),
    late_cancellations: Number(counts?.late ?? 0),
    missed_in_a_row: await missedInARow(db, auth.companyId, row.client_id, Math.max(limit, 10)),
    limit,
  };
}
