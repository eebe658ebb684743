import type { Insertable, Selectable } from 'kysely';
import type { DB } from '../../db/database';
import type { GroupNoteAddendaTable, GroupNotePartsTable, GroupNotesTable } from '../../db/tables';

// The group notes' SQL (docs/decisions/0295-group-notes.md). Changing, signing and co-signing a note are the case
// notes' statements (case-notes/note-statements.repository.ts), one conditional statement each. Every query takes
// the company id.

export type GroupNoteRow = Selectable<GroupNotesTable>;

/** Sessions with their group: what a note needs (the group's kind, facilitators, name). */
function sessionsWithGroup(db: DB, companyId: number) {
  return db
    .selectFrom('group_sessions as s')
    .innerJoin('groups as g', (j) => j.onRef('g.id', '=', 's.group_id').onRef('g.company_id', '=', 's.company_id'))
    .select(['s.id', 's.uuid', 's.session_index', 's.starts_at', 's.local_date', 's.status', 'g.id as group_id', 'g.uuid as group_uuid', 'g.name as group_name', 'g.kind', 'g.facilitator_id', 'g.co_facilitator_id'])
    .where('s.company_id', '=', companyId);
}

export async function sessionWithGroup(db: DB, companyId: number, sessionUuid: string) {
  return sessionsWithGroup(db, companyId).where('s.uuid', '=', sessionUuid).executeTakeFirst();
}

export async function sessionById(db: DB, companyId: number, sessionId: number) {
  return sessionsWithGroup(db, companyId).where('s.id', '=', sessionId).executeTakeFirstOrThrow();
}

/** The members recorded present at the session, by name. */
export async function presentMembers(db: DB, companyId: number, sessionId: number): Promise<{ client_id: number; name: string }[]> {
  return db
    .selectFrom('group_attendance as a')
    .innerJoin('users as u', 'u.id', 'a.client_id')
    .select(['a.client_id', 'u.name'])
    .where('a.company_id', '=', companyId)
    .where('a.group_session_id', '=', sessionId)
    .where('a.outcome', '=', 'present')
    .orderBy('u.name')
    .orderBy('a.client_id')
    .execute();
}

export async function findGroupNote(db: DB, companyId: number, uuid: string): Promise<GroupNoteRow | undefined> {
  return db.selectFrom('group_notes').selectAll().where('company_id', '=', companyId).where('uuid', '=', uuid).executeTakeFirst();
}

export async function noteOfSession(db: DB, companyId: number, sessionId: number): Promise<GroupNoteRow | undefined> {
  return db.selectFrom('group_notes').selectAll().where('company_id', '=', companyId).where('group_session_id', '=', sessionId).executeTakeFirst();
}

/** The note's parts with each member's name. */
export async function partsOf(db: DB, companyId: number, noteId: number) {
  return db
    .selectFrom('group_note_parts as p')
    .innerJoin('users as u', 'u.id', 'p.client_id')
    .select(['p.id', 'p.company_id', 'p.uuid', 'p.client_id', 'p.body', 'u.name'])
    .where('p.company_id', '=', companyId)
    .where('p.note_id', '=', noteId)
    .orderBy('u.name')
    .orderBy('p.client_id')
    .execute();
}

export async function addendaOfGroupNote(db: DB, companyId: number, noteId: number) {
  return db.selectFrom('group_note_addenda').selectAll().where('company_id', '=', companyId).where('note_id', '=', noteId).orderBy('id').execute();
}

export async function insertGroupNote(db: DB, row: Insertable<GroupNotesTable>): Promise<void> {
  await db.insertInto('group_notes').values(row).execute();
}

/** The draft's parts replaced by these (only while the note is a draft: the triggers refuse it after). */
export async function replaceParts(db: DB, companyId: number, noteId: number, parts: Insertable<GroupNotePartsTable>[]): Promise<void> {
  await db.deleteFrom('group_note_parts').where('company_id', '=', companyId).where('note_id', '=', noteId).execute();
  if (parts.length > 0) await db.insertInto('group_note_parts').values(parts).execute();
}

export async function insertGroupAddendum(db: DB, row: Insertable<GroupNoteAddendaTable>): Promise<void> {
  await db.insertInto('group_note_addenda').values(row).execute();
}

export async function findGroupAddendum(db: DB, companyId: number, uuid: string) {
  return db.selectFrom('group_note_addenda').selectAll().where('company_id', '=', companyId).where('uuid', '=', uuid).executeTakeFirst();
}
