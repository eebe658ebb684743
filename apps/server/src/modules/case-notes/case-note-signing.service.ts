import { type AddendumBody, CASE_NOTE_MESSAGES, type CaseNote, type ReviewQueueItem, TEMPLATE_SECTIONS } from '@kalinga/contracts/case-notes';
import type { AuthContext } from '../../lib/auth-context';
import { encryptField } from '../../lib/field-crypto';
import { conflict, forbidden } from '../../lib/http-errors';
import { openClientContent, recordListView } from '../client-record/client-access';
import { assertFileOpen } from '../client-record/client-file.service';
import { addendumAad, openSections } from './case-note-view';
import { awaitingCosignOf, findAddendum, findNote, insertAddendum, namesOf } from './case-notes.repository';
import { cosignOf, signDraftOf } from './note-statements.repository';
import { addendumRetry, assertAddendumAllowed, assertCosigner, createOnce, signatureFor } from './note-signature';
import { decideAgain, getNote, mayAddAddenda, mayWrite, type NotesDeps, notesReply, visibleNote } from './case-notes.service';

// Signing, co-signing and addenda (docs/decisions/0208-case-notes.md). The author's signature locks the note: a
// counselor's makes it signed; a trainee's makes it wait for their clinical supervisor's co-signature. A late entry
// is decided at the author's signature. After it, only addenda are added, each signed by its author as it is
// written. The database refuses any other change to a locked note (migration 029's triggers). The rules themselves
// are note-signature.ts, which the group notes share (decision 0295).

/** The author signs their draft: every section written; a trainee's note goes to their supervisor. */
export async function signNote(deps: NotesDeps, auth: AuthContext, uuid: string): Promise<CaseNote> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await visibleNote(trx, auth, uuid);
    const access = await openClientContent(trx, auth, row.client_id, 'case_notes');
    const sections = row.status === 'draft' && row.author_id === auth.user.id ? openSections(deps.keys, row) : {};
    const allWritten = TEMPLATE_SECTIONS[row.template].every((s) => (sections[s.key] ?? '').trim() !== '');
    const signature = await signatureFor(trx, auth, row, { mayWrite: mayWrite(access), allWritten });
    const signed = await signDraftOf(trx, 'case_notes', auth.companyId, uuid, auth.user.id, row.body, signature);
    if (!signed) return decideAgain(trx, auth, uuid);
    return (await notesReply(deps, auth, access, [(await findNote(trx, auth.companyId, uuid))!], trx))[0];
  });
}

/** The author's clinical supervisor co-signs a note awaiting it; the note is then signed. */
export async function cosignNote(deps: NotesDeps, auth: AuthContext, uuid: string): Promise<CaseNote> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await visibleNote(trx, auth, uuid);
    const access = await openClientContent(trx, auth, row.client_id, 'case_notes');
    assertCosigner(row, auth);
    if (!(await cosignOf(trx, 'case_notes', auth.companyId, uuid, auth.user.id, auth.user.name, new Date().toISOString()))) throw conflict(CASE_NOTE_MESSAGES.notAwaiting);
    return (await notesReply(deps, auth, access, [(await findNote(trx, auth.companyId, uuid))!], trx))[0];
  });
}

/**
 * An addendum under a signed (or awaiting) note by the care team or its supervisor, signed by its author as it is
 * added. A note never returns to draft, so a note read as locked stays locked for the insert. The same uuid again
 * adds nothing (`created: false`).
 */
export async function addAddendum(deps: NotesDeps, auth: AuthContext, uuid: string, body: AddendumBody): Promise<{ note: CaseNote; created: boolean }> {
  const create = () =>
    deps.db.transaction().execute(async (trx) => {
      const row = await visibleNote(trx, auth, uuid);
      const access = await openClientContent(trx, auth, row.client_id, 'case_notes');
      if (!mayAddAddenda(access)) throw forbidden(CASE_NOTE_MESSAGES.notWriter);
      assertAddendumAllowed(row);
      await assertFileOpen(trx, auth.companyId, row.client_id); // a closed file takes no addendum (decision 0235)
      const at = new Date().toISOString();
      await insertAddendum(trx, {
        company_id: auth.companyId,
        uuid: body.uuid,
        note_id: row.id,
        author_id: auth.user.id,
        author_name: auth.user.name,
        body: encryptField(deps.keys, body.body.trim(), addendumAad(auth.companyId, body.uuid)),
        signed_at: at,
        created_at: at,
      });
      return (await notesReply(deps, auth, access, [row], trx))[0];
    });
  return createOnce(create, addendumRetry(() => findNote(deps.db, auth.companyId, uuid), () => findAddendum(deps.db, auth.companyId, body.uuid), auth.user.id, () => getNote(deps, auth, uuid)));
}

/** The notes waiting for the caller's co-signature, without their bodies; one access-log row per client shown. */
export async function reviewQueue(deps: NotesDeps, auth: AuthContext): Promise<ReviewQueueItem[]> {
  return deps.db.transaction().execute(async (trx) => {
    const rows = await awaitingCosignOf(trx, auth.companyId, auth.user.id);
    await recordListView(trx, auth, rows.map((r) => r.client_id), 'case_notes');
    const names = await namesOf(trx, rows.map((r) => r.client_id));
    return rows.map((r) => ({
      uuid: r.uuid,
      client: { id: r.client_id, name: names.get(r.client_id) ?? '' },
      kind: r.kind,
      contact_channel: r.contact_channel,
      session_date: r.session_date,
      template: r.template,
      author: { id: r.author_id, name: r.author_name },
      signed: { name: r.signed_by_name ?? r.author_name, at: r.signed_at ?? r.updated_at },
      late_entry: r.late_entry === 1,
    }));
  });
}
