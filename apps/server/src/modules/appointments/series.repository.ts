import type { Kysely } from 'kysely';
import { signalChange } from '../../db/change-signals';
import type { DB } from '../../db/database';
import { forUpdate } from '../../db/locks';
import type { AppointmentSeriesTable, Database } from '../../db/tables';
import { type AppointmentView, findAppointmentsByIds, type NewAppointment, type Scope } from './appointment.repository';

type Conn = DB | Kysely<Database>;

export type NewSeries = Omit<AppointmentSeriesTable, 'id'>;

export async function insertSeries(db: Conn, values: NewSeries): Promise<number> {
  const row = await db.insertInto('appointment_series').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts the sessions in one statement; their ids in the order given. */
export async function insertSessions(db: Conn, rows: readonly NewAppointment[]): Promise<number[]> {
  const ids = await db.insertInto('appointments').values([...rows]).returning(['id', 'series_index']).execute();
  if (rows.length > 0) await signalChange(db, rows[0].company_id, 'appointments');
  return ids.sort((a, b) => (a.series_index ?? 0) - (b.series_index ?? 0)).map((r) => r.id);
}

/** One history row per session (each a creation or a status change). */
export async function insertStatusChanges(db: Conn, companyId: number, rows: readonly { appointmentId: number; from: string | null; to: string }[], by: number, at: string): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('appointment_status_changes')
    .values(rows.map((r) => ({ company_id: companyId, appointment_id: r.appointmentId, from_status: r.from, to_status: r.to, changed_by: by, changed_at: at })))
    .execute();
}

/**
 * A series the caller may see: a counselor's own (they counsel it), a client's own, any of the company's for a
 * manager. Undefined otherwise (another company's, or outside the caller's scope).
 */
export async function findSeries(db: Conn, companyId: number, scope: Scope, uuid: string) {
  let q = db
    .selectFrom('appointment_series as s')
    .innerJoin('users as counselor', 'counselor.id', 's.counselor_id')
    .innerJoin('users as client', 'client.id', 's.client_id')
    .select(['s.id', 's.uuid', 's.frequency', 's.total', 's.counselor_id', 's.client_id', 'counselor.name as counselor_name', 'client.name as client_name'])
    .where('s.uuid', '=', uuid)
    .where('s.company_id', '=', companyId);
  if (scope.kind === 'counselor') q = q.where('s.counselor_id', '=', scope.userId);
  if (scope.kind === 'client') q = q.where('s.client_id', '=', scope.userId);
  return q.executeTakeFirst();
}
export type SeriesRow = NonNullable<Awaited<ReturnType<typeof findSeries>>>;

/** Every session of a series, in order, with the names replies carry. */
export async function seriesSessions(db: Conn, companyId: number, seriesId: number): Promise<AppointmentView[]> {
  const rows = await db
    .selectFrom('appointments')
    .select('id')
    .where('company_id', '=', companyId)
    .where('series_id', '=', seriesId)
    .orderBy('series_index')
    .orderBy('appointment_date')
    .execute();
  return findAppointmentsByIds(db, companyId, rows.map((r) => r.id));
}

/**
 * Locks the sessions a change writes, in id order, and tells whether each still has the status and the start the
 * change was decided on. Every appointment write also bumps the company's row of appointment_versions (a trigger), so
 * two changes that each took a session row before writing would wait for each other in a circle (PostgreSQL's
 * "deadlock detected"); locked up front in one order they wait in line, and a change decided on an older read
 * is decided again (false).
 */
export async function lockSessionsAsRead(
  db: Kysely<Database>,
  companyId: number,
  sessions: readonly Pick<AppointmentView, 'id' | 'status' | 'appointment_date'>[],
): Promise<boolean> {
  const query = db.selectFrom('appointments').select(['id', 'status', 'appointment_date']).where('company_id', '=', companyId).where('id', 'in', sessions.map((s) => s.id)).orderBy('id');
  const now = new Map((await forUpdate(db, query).execute()).map((r) => [r.id, r]));
  return sessions.every((s) => now.get(s.id)?.status === s.status && now.get(s.id)?.appointment_date === s.appointment_date);
}

/** The series with its counselor's and client's names; throws when it is not the company's. */
export async function seriesById(db: Conn, companyId: number, seriesId: number) {
  return db
    .selectFrom('appointment_series as s')
    .innerJoin('users as counselor', 'counselor.id', 's.counselor_id')
    .innerJoin('users as client', 'client.id', 's.client_id')
    .select(['s.id', 's.uuid', 's.frequency', 's.total', 's.counselor_id', 's.client_id', 'counselor.name as counselor_name', 'client.name as client_name'])
    .where('s.id', '=', seriesId)
    .where('s.company_id', '=', companyId)
    .executeTakeFirstOrThrow();
}
