import type { DB } from '../../db/database';
import type { CaseNotesTable } from '../../db/tables';

// The state changes every note makes (docs/decisions/0208-case-notes.md, 0295): one SQL for the case notes' table and
// the group notes' table, which share these columns. Each is one conditional statement naming the status (and author
// or supervisor) it stands on, so a lost race changes nothing and the caller decides again (note-signature.ts).

/** The tables of signed notes: an individual case note, a group note. */
export type NoteTable = 'case_notes' | 'group_notes';

/** The columns an author's signature sets (note-signature.ts's Signature). */
export type SignatureColumns = Pick<CaseNotesTable, 'status' | 'signed_at' | 'signed_by_name' | 'supervisor_id' | 'supervisor_name' | 'updated_at'> & { late_entry: number };

/** Changes a draft's content (the body, and for a case note its template and links), only while it is a draft and only for its author; true when it did. */
export async function updateDraftOf(db: DB, table: NoteTable, companyId: number, uuid: string, authorId: number, changes: { body: string; updated_at: string } & Partial<Pick<CaseNotesTable, 'template' | 'screening_id' | 'contact_channel' | 'session_date'>>): Promise<boolean> {
  const result = await db.updateTable(table).set(changes).where('company_id', '=', companyId).where('uuid', '=', uuid).where('author_id', '=', authorId).where('status', '=', 'draft').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The author's signature on the draft whose body was read (`body`): a change in between signs nothing. A group note's
 * every save rewrites its shared envelope (a new nonce), so the body read stands for the parts read with it.
 */
export async function signDraftOf(db: DB, table: NoteTable, companyId: number, uuid: string, authorId: number, body: string, signature: SignatureColumns): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set(signature)
    .where('company_id', '=', companyId)
    .where('uuid', '=', uuid)
    .where('author_id', '=', authorId)
    .where('status', '=', 'draft')
    .where('body', '=', body)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The supervisor's co-signature on a note awaiting it; true when it was given now. */
export async function cosignOf(db: DB, table: NoteTable, companyId: number, uuid: string, supervisorId: number, name: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ status: 'signed', cosigned_at: at, cosigned_by_name: name, updated_at: at })
    .where('company_id', '=', companyId)
    .where('uuid', '=', uuid)
    .where('supervisor_id', '=', supervisorId)
    .where('status', '=', 'awaiting_cosign')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
