import { CASE_NOTE_MESSAGES } from '@kalinga/contracts/case-notes';
import { GROUP_NOTE_MESSAGES, type GroupNote, type GroupNoteAddendumBody } from '@kalinga/contracts/group-notes';
import type { AuthContext } from '../../lib/auth-context';
import { ENCRYPTED_COLUMNS, openColumn } from '../../lib/encrypted-columns';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/http-errors';
import { assertFileOpen } from '../client-record/client-file.service';
import { addendumRetry, assertAddendumAllowed, assertCosigner, createOnce, lostRace, signatureFor } from '../case-notes/note-signature';
import { openShared, sealAddendum, toGroupNote } from './group-note-view';
import { cosignOf, signDraftOf } from '../case-notes/note-statements.repository';
import { findGroupAddendum, findGroupNote, insertGroupAddendum, partsOf, presentMembers } from './group-notes.repository';
import { getGroupNote, type GroupNotesDeps, openMembers, readableGroupNote } from './group-notes.service';

// Signing, co-signing and addenda of group notes (docs/decisions/0295-group-notes.md) on the case notes' one set of
// rules (case-notes/note-signature.ts): the author signs their draft with the shared part and every present member's
// part written; a trainee's note then waits for their clinical supervisor; after the signature only addenda are
// added, about the whole group or one member. Migration 040's triggers refuse any other change.

/** The author signs their draft; every member's part it holds is opened (the group's right) in the same transaction. */
export async function signGroupNote(deps: GroupNotesDeps, auth: AuthContext, uuid: string): Promise<GroupNote> {
  return deps.db.transaction().execute(async (trx) => {
    const { row, session } = await readableGroupNote(trx, auth, uuid, false);
    const parts = await partsOf(trx, auth.companyId, row.id);
    await openMembers(trx, auth, session, parts.map((p) => p.client_id), true);
    let allWritten = false;
    if (row.status === 'draft' && row.author_id === auth.user.id) {
      const shared = openShared(deps.keys, row);
      const written = new Map(parts.map((p) => [p.client_id, openColumn(deps.keys, ENCRYPTED_COLUMNS.groupNotePartBody, p, p.body).trim() !== '']));
      const present = await presentMembers(trx, auth.companyId, session.id);
      allWritten = shared.themes !== '' && shared.activities !== '' && present.every((m) => written.get(m.client_id) === true);
    }
    const signature = await signatureFor(trx, auth, row, { mayWrite: true, allWritten, field: 'parts' });
    if (!(await signDraftOf(trx, 'group_notes', auth.companyId, uuid, auth.user.id, row.body, signature))) return lostRace(await findGroupNote(trx, auth.companyId, uuid), notFound('Group note'));
    return toGroupNote(trx, deps.keys, (await findGroupNote(trx, auth.companyId, uuid))!, { userId: auth.user.id, facilitator: true });
  });
}

/** The author's clinical supervisor co-signs a group note awaiting it. */
export async function cosignGroup(deps: GroupNotesDeps, auth: AuthContext, uuid: string): Promise<GroupNote> {
  return deps.db.transaction().execute(async (trx) => {
    const { row, session, facilitator } = await readableGroupNote(trx, auth, uuid);
    assertCosigner(row, auth);
    await openMembers(trx, auth, { ...session, noteSupervisorId: row.supervisor_id }, (await partsOf(trx, auth.companyId, row.id)).map((p) => p.client_id), false);
    if (!(await cosignOf(trx, 'group_notes', auth.companyId, uuid, auth.user.id, auth.user.name, new Date().toISOString()))) throw conflict(CASE_NOTE_MESSAGES.notAwaiting);
    return toGroupNote(trx, deps.keys, (await findGroupNote(trx, auth.companyId, uuid))!, { userId: auth.user.id, facilitator });
  });
}

/**
 * An addendum by a facilitator under a signed (or awaiting) note, signed as it is added: about one member (shown in
 * their record only) or the whole group (in every member's). Each file it reaches must be open (decision 0235).
 */
export async function addGroupAddendum(deps: GroupNotesDeps, auth: AuthContext, uuid: string, body: GroupNoteAddendumBody): Promise<{ note: GroupNote; created: boolean }> {
  const create = () =>
    deps.db.transaction().execute(async (trx) => {
      const { row, session, facilitator } = await readableGroupNote(trx, auth, uuid, false);
      if (!facilitator) throw forbidden(GROUP_NOTE_MESSAGES.notFacilitator);
      assertAddendumAllowed(row);
      const members = (await partsOf(trx, auth.companyId, row.id)).map((p) => p.client_id);
      if (body.client_id !== null && !members.includes(body.client_id)) throw unprocessable({ client_id: [GROUP_NOTE_MESSAGES.notPresent] }, GROUP_NOTE_MESSAGES.notPresent);
      const reached = body.client_id === null ? members : [body.client_id];
      await openMembers(trx, auth, session, members, true); // the reply shows every member's part
      for (const id of reached) await assertFileOpen(trx, auth.companyId, id);
      const at = new Date().toISOString();
      await insertGroupAddendum(trx, { company_id: auth.companyId, uuid: body.uuid, note_id: row.id, client_id: body.client_id, author_id: auth.user.id, author_name: auth.user.name, body: sealAddendum(deps.keys, auth.companyId, body.uuid, body.body), signed_at: at, created_at: at });
      return toGroupNote(trx, deps.keys, row, { userId: auth.user.id, facilitator });
    });
  return createOnce(create, addendumRetry(() => findGroupNote(deps.db, auth.companyId, uuid), () => findGroupAddendum(deps.db, auth.companyId, body.uuid), auth.user.id, () => getGroupNote(deps, auth, uuid)));
}
