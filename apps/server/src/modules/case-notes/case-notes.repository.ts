import type { Insertable, Selectable } from 'kysely';
import type { DB } from '../../db/database';
import type { CaseNoteAddendaTable, CaseNotesTable } from '../../db/tables';

// The case notes' SQL (docs/decisions/0208-case-notes.md). Every state change is one conditional statement: it names
// the status (and author or supervisor) it stands on, so a lost race changes nothing and the caller decides again.
// Changing, signing and co-signing a note are note-statements.repository.ts, which the group notes share.

export type NoteRow = Selectable<CaseNotesTable>;
export type AddendumRow = Selectable<CaseNoteAddendaTable>;

export async function findNote(db: DB, companyId: number, uuid: string): Promise<NoteRow | undefined> {
  return db.selectFrom('case_notes').selectAll().where('company_id', '=', companyId).where('uuid', '=', uuid).executeTakeFirst();
}

/** A client's notes a reader sees: every signed or awaiting one, and the reader's own drafts; newest session first. */
export async function notesOfClient(db: DB, companyId: number, clientId: number, readerId: number): Promise<NoteRow[]> {
  return db
    .selectFrom('case_notes')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where((eb) => eb.or([eb('status', '<>', 'draft'), eb('author_id', '=', readerId)]))
    .orderBy('session_date', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The notes waiting for this supervisor's co-signature, oldest signature first. */
export async function awaitingCosignOf(db: DB, companyId: number, supervisorId: number): Promise<NoteRow[]> {
  return db
    .selectFrom('case_notes')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('supervisor_id', '=', supervisorId)
    .where('status', '=', 'awaiting_cosign')
    .orderBy('signed_at')
    .orderBy('id')
    .execute();
}

export async function addendaOf(db: DB, companyId: number, noteIds: readonly number[]): Promise<AddendumRow[]> {
  if (noteIds.length === 0) return [];
  return db.selectFrom('case_note_addenda').selectAll().where('company_id', '=', companyId).where('note_id', 'in', noteIds).orderBy('id').execute();
}

export async function insertNote(db: DB, row: Insertable<CaseNotesTable>): Promise<void> {
  await db.insertInto('case_notes').values(row).execute();
}

export async function deleteDraft(db: DB, companyId: number, uuid: string, authorId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('case_notes')
    .where('company_id', '=', companyId)
    .where('uuid', '=', uuid)
    .where('author_id', '=', authorId)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function insertAddendum(db: DB, row: Insertable<CaseNoteAddendaTable>): Promise<void> {
  await db.insertInto('case_note_addenda').values(row).execute();
}

export async function findAddendum(db: DB, companyId: number, uuid: string): Promise<AddendumRow | undefined> {
  return db.selectFrom('case_note_addenda').selectAll().where('company_id', '=', companyId).where('uuid', '=', uuid).executeTakeFirst();
}

/** The session a note is about: an appointment of the client in the company. */
export async function findClientAppointment(db: DB, companyId: number, clientId: number, appointmentUuid: string) {
  return db
    .selectFrom('appointments')
    .select(['id', 'uuid', 'appointment_date', 'local_date', 'status', 'counselor_id'])
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where('uuid', '=', appointmentUuid)
    .executeTakeFirst();
}

export async function appointmentsByIds(db: DB, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('appointments').select(['id', 'uuid', 'appointment_date']).where('company_id', '=', companyId).where('id', 'in', ids).execute();
}

export async function findClientScreening(db: DB, companyId: number, clientId: number, screeningId: number) {
  return db.selectFrom('screenings').select(['id', 'kind', 'created_at']).where('company_id', '=', companyId).where('client_id', '=', clientId).where('id', '=', screeningId).executeTakeFirst();
}

export async function screeningsByIds(db: DB, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('screenings').select(['id', 'kind', 'created_at']).where('company_id', '=', companyId).where('id', 'in', ids).execute();
}

/** Names of users by id (clients of the notes shown). */
export async function namesOf(db: DB, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The signer's training status and clinical supervisor (a counselor member of the company), read at signing. */
export async function signerOf(db: DB, companyId: number, userId: number) {
  const row = await db.selectFrom('users').select(['name', 'is_trainee', 'clinical_supervisor_id']).where('id', '=', userId).executeTakeFirstOrThrow();
  if (row.clinical_supervisor_id === null) return { ...row, supervisor: null };
  const supervisor = await db
    .selectFrom('users')
    .innerJoin('company_user', (j) => j.onRef('company_user.user_id', '=', 'users.id').on('company_user.company_id', '=', companyId))
    .select(['users.id', 'users.name'])
    .where('users.id', '=', row.clinical_supervisor_id)
    .where('users.user_type', '=', 'counselor')
    .where('users.status', '=', 'active')
    .executeTakeFirst();
  return { ...row, supervisor: supervisor ?? null };
}
