import { sql } from 'kysely';
import type { DB } from '../../db/database';
import { isPostgresDb } from '../../db/locks';
import type { ClientFileEventsTable, ClientFilesTable } from '../../db/tables';
import type { Insertable, Selectable } from 'kysely';
import { likePattern } from '../../lib/pagination';
import type { readableClientIds } from './client-access';

// The client file's SQL (docs/decisions/0235-client-file-and-disclosure.md): its state, the timeline's sources,
// referrals and the list of a counselor's clients. Every query takes the company.

export type FileRow = Selectable<ClientFilesTable>;

/**
 * Holds the client's membership row until the transaction ends (PostgreSQL): closing and reopening a file, a purge's
 * approval, and every write a closed file refuses (a note, a booking by staff, a referral), run one after the other,
 * so none lands on a file closed, reopened or purged meanwhile. The same row the booking's client lock holds.
 */
export async function lockClientFile(db: DB, companyId: number, clientId: number): Promise<void> {
  if (isPostgresDb(db)) await sql`select user_id from company_user where company_id = ${companyId} and user_id = ${clientId} for update`.execute(db);
}

export async function findFile(db: DB, companyId: number, clientId: number): Promise<FileRow | undefined> {
  return db.selectFrom('client_files').selectAll().where('company_id', '=', companyId).where('client_id', '=', clientId).executeTakeFirst();
}

/** Closes the file when it is open (or has no row yet): one conditional statement; false when it was closed already. */
export async function closeFile(db: DB, row: { company_id: number; client_id: number; uuid: string; closing_summary: (uuid: string) => string; closed_by: number; at: string }): Promise<FileRow | undefined> {
  const existing = await findFile(db, row.company_id, row.client_id);
  const uuid = existing?.uuid ?? row.uuid;
  const values = { status: 'closed' as const, closing_summary: row.closing_summary(uuid), closed_at: row.at, closed_by: row.closed_by, updated_at: row.at };
  return db
    .insertInto('client_files')
    .values({ company_id: row.company_id, client_id: row.client_id, uuid, purged_at: null, ...values })
    .onConflict((oc) => oc.columns(['company_id', 'client_id']).doUpdateSet(values).where('client_files.status', '=', 'open'))
    .returningAll()
    .executeTakeFirst();
}

/** Reopens a closed file (conditional on it being closed); undefined when it was not. */
export async function reopenFile(db: DB, companyId: number, clientId: number, at: string): Promise<FileRow | undefined> {
  return db
    .updateTable('client_files')
    .set({ status: 'open', updated_at: at })
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where('status', '=', 'closed')
    .returningAll()
    .executeTakeFirst();
}

export async function insertFileEvent(db: DB, row: Insertable<ClientFileEventsTable>): Promise<void> {
  await db.insertInto('client_file_events').values(row).execute();
}

export async function fileEvents(db: DB, companyId: number, clientId: number) {
  return db.selectFrom('client_file_events').selectAll().where('company_id', '=', companyId).where('client_id', '=', clientId).orderBy('at').orderBy('id').execute();
}

export async function hasDrafts(db: DB, companyId: number, clientId: number): Promise<boolean> {
  const row = await db.selectFrom('case_notes').select('id').where('company_id', '=', companyId).where('client_id', '=', clientId).where('status', '=', 'draft').executeTakeFirst();
  return row !== undefined;
}

export async function clientProfile(db: DB, companyId: number, clientId: number) {
  return db
    .selectFrom('users')
    .innerJoin('company_user', (j) => j.onRef('company_user.user_id', '=', 'users.id').on('company_user.company_id', '=', companyId))
    .select(['users.id', 'users.name', 'users.email', 'users.user_type'])
    .where('users.id', '=', clientId)
    .executeTakeFirstOrThrow();
}

export async function appointmentsOf(db: DB, companyId: number, clientId: number) {
  return db
    .selectFrom('appointments as a')
    .leftJoin('users as c', 'c.id', 'a.counselor_id')
    .select(['a.id', 'a.appointment_date', 'a.duration_minutes', 'a.status', 'a.late_cancellation', 'a.reason', 'a.location_type', 'c.name as counselor_name'])
    .where('a.company_id', '=', companyId)
    .where('a.client_id', '=', clientId)
    .orderBy('a.appointment_date')
    .execute();
}

export async function screeningsOf(db: DB, companyId: number, clientId: number) {
  return db.selectFrom('screenings').selectAll().where('company_id', '=', companyId).where('client_id', '=', clientId).orderBy('created_at').orderBy('id').execute();
}

export async function urgentCasesOf(db: DB, companyId: number, clientId: number) {
  return db
    .selectFrom('urgent_cases as u')
    .leftJoin('users as a', 'a.id', 'u.acknowledged_by')
    .select(['u.id', 'u.source', 'u.created_at', 'u.escalated_at', 'u.acknowledged_at', 'a.name as acknowledged_by_name'])
    .where('u.company_id', '=', companyId)
    .where('u.client_id', '=', clientId)
    .orderBy('u.created_at')
    .execute();
}

export async function waitlistOf(db: DB, companyId: number, clientId: number) {
  return db
    .selectFrom('waitlist_entries as w')
    .leftJoin('users as c', 'c.id', 'w.counselor_id')
    .select(['w.id', 'w.created_at', 'w.closed_at', 'w.status', 'w.from_date', 'w.to_date', 'w.time_from', 'w.time_to', 'c.name as counselor_name'])
    .where('w.company_id', '=', companyId)
    .where('w.client_id', '=', clientId)
    .orderBy('w.created_at')
    .execute();
}

export async function referralsOf(db: DB, companyId: number, clientId: number) {
  return db
    .selectFrom('client_referrals as r')
    .leftJoin('users as f', 'f.id', 'r.from_counselor_id')
    .leftJoin('users as t', 't.id', 'r.to_counselor_id')
    .select(['r.id', 'r.created_at', 'r.reason', 'f.name as from_name', 't.name as to_name'])
    .where('r.company_id', '=', companyId)
    .where('r.client_id', '=', clientId)
    .orderBy('r.created_at')
    .execute();
}

/** An active counselor of the company (a referral's receiver). */
export async function activeCounselor(db: DB, companyId: number, userId: number) {
  return db
    .selectFrom('users')
    .innerJoin('company_user', (j) => j.onRef('company_user.user_id', '=', 'users.id').on('company_user.company_id', '=', companyId))
    .select(['users.id', 'users.name'])
    .where('users.id', '=', userId)
    .where('users.user_type', '=', 'counselor')
    .where('users.status', '=', 'active')
    .executeTakeFirst();
}

export async function insertReferral(db: DB, row: { company_id: number; client_id: number; from_counselor_id: number; to_counselor_id: number; reason: string; created_at: string }) {
  return db.insertInto('client_referrals').values(row).returning(['id', 'created_at']).executeTakeFirstOrThrow();
}

/** The clients among `ids` (a subquery of readable client ids), with their last and next appointment and file state. */
export async function clientsAmong(db: DB, companyId: number, ids: ReturnType<typeof readableClientIds>, search: string | undefined, now: string) {
  let q = db
    .selectFrom('users as u')
    .innerJoin('company_user as cu', (j) => j.onRef('cu.user_id', '=', 'u.id').on('cu.company_id', '=', companyId))
    .leftJoin('client_files as f', (j) => j.onRef('f.client_id', '=', 'u.id').on('f.company_id', '=', companyId))
    .select((eb) => [
      'u.id',
      'u.name',
      'u.email',
      'f.status as file_status',
      eb.selectFrom('appointments as a').select((e) => e.fn.max('a.appointment_date').as('m')).whereRef('a.client_id', '=', 'u.id').where('a.company_id', '=', companyId).where('a.appointment_date', '<=', now).where('a.status', 'in', ['confirmed', 'completed']).as('last_seen'),
      eb.selectFrom('appointments as a').select((e) => e.fn.min('a.appointment_date').as('m')).whereRef('a.client_id', '=', 'u.id').where('a.company_id', '=', companyId).where('a.appointment_date', '>', now).where('a.status', 'in', ['pending', 'confirmed']).as('next_at'),
    ])
    .where('u.id', 'in', ids)
    .where('u.user_type', 'in', ['student', 'personnel']);
  if (search) q = q.where((eb) => eb.or([eb(eb.fn('lower', ['u.name']), 'like', likePattern(search)), eb(eb.fn('lower', ['u.email']), 'like', likePattern(search))]));
  return q.orderBy('u.name').limit(500).execute();
}

/** The client's notes past draft (signed, or awaiting co-signature), oldest session first. */
export async function notesPastDraft(db: DB, companyId: number, clientId: number, onlySigned = false) {
  let q = db.selectFrom('case_notes').selectAll().where('company_id', '=', companyId).where('client_id', '=', clientId);
  q = onlySigned ? q.where('status', '=', 'signed') : q.where('status', '<>', 'draft');
  return q.orderBy('session_date').orderBy('id').execute();
}

export async function addendaOfNotes(db: DB, companyId: number, noteIds: readonly number[]) {
  if (noteIds.length === 0) return [];
  return db.selectFrom('case_note_addenda').selectAll().where('company_id', '=', companyId).where('note_id', 'in', noteIds).orderBy('id').execute();
}

/** Whether the site shares signed notes with their clients (case-note settings; no row: it does not). */
export async function clientsReadNotes(db: DB, companyId: number): Promise<boolean> {
  const row = await db.selectFrom('case_note_settings').select('clients_read_signed_notes').where('company_id', '=', companyId).executeTakeFirst();
  return row?.clients_read_signed_notes === 1;
}
