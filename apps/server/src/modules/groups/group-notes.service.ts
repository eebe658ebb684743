import { randomUUID } from 'node:crypto';
import { CASE_NOTE_MESSAGES } from '@kalinga/contracts/case-notes';
import { type CreateGroupNoteBody, GROUP_NOTE_MESSAGES, type GroupNote, type GroupNoteContent, type MemberGroupNote, type SessionNoteReply } from '@kalinga/contracts/group-notes';
import type { DB } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import type { ContentKeys } from '../../lib/field-crypto';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/http-errors';
import { type GroupContent, isClinician, openClientContent, openGroupContent } from '../client-record/client-access';
import { assertFileOpen } from '../client-record/client-file.service';
import { memberGroupNotes } from '../client-record/group-note-record';
import { createOnce, draftColumns, existingOf, lostRace } from '../case-notes/note-signature';
import { toGroupNote, sealPart, sealShared } from './group-note-view';
import { updateDraftOf } from '../case-notes/note-statements.repository';
import { findGroupNote, type GroupNoteRow, insertGroupNote, noteOfSession, presentMembers, replaceParts, sessionById, sessionWithGroup } from './group-notes.repository';

// Group notes (docs/decisions/0295-group-notes.md): one per session of a closed group, written by a facilitator,
// with a shared part and a part per member present. A draft is its author's alone, as a case note's is; signing,
// co-signing and addenda are group-note-signing.service.ts, on the case notes' rules (note-signature.ts). Every
// member's part read or written opens that member's content through the access model (decision 0200), which
// records it; a member's record shows only the shared part and their own part (decision 0296).

export interface GroupNotesDeps {
  db: DB;
  keys: ContentKeys;
}

type Session = NonNullable<Awaited<ReturnType<typeof sessionWithGroup>>>;

export function isFacilitator(s: { facilitator_id: number; co_facilitator_id: number | null }, auth: AuthContext): boolean {
  return s.facilitator_id === auth.user.id || s.co_facilitator_id === auth.user.id;
}

/** Group notes are clinical: a clinician's (decision 0200), not any holder of the counselor role or type. */
function requireClinician(auth: AuthContext): void {
  if (!isClinician(auth)) throw forbidden(GROUP_NOTE_MESSAGES.notFacilitator);
}

/** A session of the company (404 otherwise) whose group the caller facilitates (403 otherwise). */
async function facilitatedSession(db: DB, auth: AuthContext, sessionUuid: string): Promise<Session> {
  requireClinician(auth);
  const session = await sessionWithGroup(db, auth.companyId, sessionUuid);
  if (!session) throw notFound('Session');
  if (!isFacilitator(session, auth)) throw forbidden(GROUP_NOTE_MESSAGES.notFacilitator);
  return session;
}

/** A note of the company (404 otherwise) and its session; the caller must facilitate the group, or be the supervisor it names. */
export async function readableGroupNote(db: DB, auth: AuthContext, uuid: string, supervisorToo = true): Promise<{ row: GroupNoteRow; session: Session; facilitator: boolean }> {
  requireClinician(auth);
  const row = await findGroupNote(db, auth.companyId, uuid);
  if (!row) throw notFound('Group note');
  const session = await sessionById(db, auth.companyId, row.group_session_id);
  const facilitator = isFacilitator(session, auth);
  if (!facilitator && !(supervisorToo && row.supervisor_id === auth.user.id)) throw forbidden(GROUP_NOTE_MESSAGES.notFacilitator);
  return { row, session, facilitator };
}

/**
 * Opens what the group's note holds about these members (one access-log row each) by the caller's right over the
 * group (decision 0312), not over each member's whole record; a writer must facilitate the group.
 */
export async function openMembers(db: DB, auth: AuthContext, group: GroupContent, clientIds: readonly number[], write: boolean): Promise<void> {
  const access = await openGroupContent(db, auth, group, clientIds, 'case_notes');
  // The facilitators write the group's note; the supervisor it names co-signs and adds addenda (decision 0312).
  if (write && access.via !== 'group_facilitator') throw forbidden(CASE_NOTE_MESSAGES.notWriter);
}

/** Members present at the session, and that the parts given are theirs only. */
async function checkParts(db: DB, auth: AuthContext, session: Session, parts: GroupNoteContent['parts']): Promise<void> {
  const present = new Set((await presentMembers(db, auth.companyId, session.id)).map((m) => m.client_id));
  if (present.size === 0) throw unprocessable({ parts: [GROUP_NOTE_MESSAGES.noAttendance] }, GROUP_NOTE_MESSAGES.noAttendance);
  const errors: Record<string, string[]> = {};
  parts.forEach((p, i) => {
    if (!present.has(p.client_id)) errors[`parts.${i}.client_id`] = [GROUP_NOTE_MESSAGES.notPresent];
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors, GROUP_NOTE_MESSAGES.notPresent);
}

/** Writes the parts of a draft: each member opened (the group's facilitator), each file open (decision 0235). */
async function writeParts(db: DB, deps: GroupNotesDeps, auth: AuthContext, session: Session, noteId: number, parts: GroupNoteContent['parts'], now: string): Promise<void> {
  await openMembers(db, auth, session, parts.map((p) => p.client_id), true);
  for (const p of parts) await assertFileOpen(db, auth.companyId, p.client_id);
  await replaceParts(db, auth.companyId, noteId, parts.map((p) => {
    const uuid = randomUUID();
    return { company_id: auth.companyId, uuid, note_id: noteId, client_id: p.client_id, body: sealPart(deps.keys, auth.companyId, uuid, p.text), created_at: now, updated_at: now };
  }));
}

async function reply(deps: GroupNotesDeps, db: DB, auth: AuthContext, uuid: string): Promise<GroupNote> {
  const row = (await findGroupNote(db, auth.companyId, uuid))!;
  return toGroupNote(db, deps.keys, row, { userId: auth.user.id, facilitator: true });
}

/**
 * GET /api/group-sessions/:uuid/note: the note (null: none yet) and the members present. Each member shown is one
 * access-log row: of the note's parts when they are shown, else of the session's attendance.
 */
export async function getSessionNote(deps: GroupNotesDeps, auth: AuthContext, sessionUuid: string): Promise<SessionNoteReply['data']> {
  return deps.db.transaction().execute(async (trx) => {
    const session = await facilitatedSession(trx, auth, sessionUuid);
    const present = await presentMembers(trx, auth.companyId, session.id);
    const row = await noteOfSession(trx, auth.companyId, session.id);
    const note = row ? await toGroupNote(trx, deps.keys, row, { userId: auth.user.id, facilitator: true }) : null;
    const parts = note?.parts.map((p) => p.client_id) ?? [];
    await openGroupContent(trx, auth, session, [...present.map((m) => m.client_id), ...parts], parts.length > 0 ? 'case_notes' : 'attendance');
    return { note, present };
  });
}

/** GET /api/group-notes/:uuid: for the facilitators and the supervisor the note waits for. */
export async function getGroupNote(deps: GroupNotesDeps, auth: AuthContext, uuid: string): Promise<GroupNote> {
  return deps.db.transaction().execute(async (trx) => {
    const { row, session, facilitator } = await readableGroupNote(trx, auth, uuid);
    const note = await toGroupNote(trx, deps.keys, row, { userId: auth.user.id, facilitator });
    await openMembers(trx, auth, { ...session, noteSupervisorId: row.supervisor_id }, note.parts.map((p) => p.client_id), false);
    return note;
  });
}

/** A new draft of a held session of a closed group; the same uuid again gives the first draft back (`created: false`). */
export async function createGroupNote(deps: GroupNotesDeps, auth: AuthContext, sessionUuid: string, body: CreateGroupNoteBody): Promise<{ note: GroupNote; created: boolean }> {
  const now = new Date().toISOString();
  const create = () =>
    deps.db.transaction().execute(async (trx) => {
      const session = await facilitatedSession(trx, auth, sessionUuid);
      if (session.kind !== 'closed') throw unprocessable({ session: [GROUP_NOTE_MESSAGES.closedOnly] }, GROUP_NOTE_MESSAGES.closedOnly);
      if (session.status !== 'scheduled' || session.starts_at > now) throw unprocessable({ session: [GROUP_NOTE_MESSAGES.notHeld] }, GROUP_NOTE_MESSAGES.notHeld);
      await checkParts(trx, auth, session, body.parts);
      await insertGroupNote(trx, {
        company_id: auth.companyId,
        uuid: body.uuid,
        group_id: session.group_id,
        group_session_id: session.id,
        author_id: auth.user.id,
        author_name: auth.user.name,
        session_date: session.local_date,
        body: sealShared(deps.keys, auth.companyId, body.uuid, body.shared),
        ...draftColumns(now),
      });
      const row = (await findGroupNote(trx, auth.companyId, body.uuid))!;
      await writeParts(trx, deps, auth, session, row.id, body.parts, now);
      return reply(deps, trx, auth, body.uuid);
    });
  return createOnce(create, {
    existing: async () => {
      const session = await sessionWithGroup(deps.db, auth.companyId, sessionUuid);
      return existingOf(await findGroupNote(deps.db, auth.companyId, body.uuid), (same) => same.author_id === auth.user.id && same.group_session_id === session?.id);
    },
    again: () => getGroupNote(deps, auth, body.uuid),
  });
}

/** Rewrites the author's draft: the shared part (conditional on it still being their draft), then the parts. */
export async function updateGroupNote(deps: GroupNotesDeps, auth: AuthContext, uuid: string, body: GroupNoteContent): Promise<GroupNote> {
  return deps.db.transaction().execute(async (trx) => {
    const { row, session } = await readableGroupNote(trx, auth, uuid, false);
    if (row.status !== 'draft') throw conflict(CASE_NOTE_MESSAGES.locked);
    if (row.author_id !== auth.user.id) throw forbidden(CASE_NOTE_MESSAGES.notAuthor);
    await checkParts(trx, auth, session, body.parts);
    const now = new Date().toISOString();
    if (!(await updateDraftOf(trx, 'group_notes', auth.companyId, uuid, auth.user.id, { body: sealShared(deps.keys, auth.companyId, uuid, body.shared), updated_at: now }))) {
      return lostRace(await findGroupNote(trx, auth.companyId, uuid), notFound('Group note'));
    }
    await writeParts(trx, deps, auth, session, row.id, body.parts, now);
    return reply(deps, trx, auth, uuid);
  });
}

/** GET /api/clients/:id/group-notes: the client's group notes as their record holds them; the read is recorded. */
export async function listMemberGroupNotes(deps: GroupNotesDeps, auth: AuthContext, clientId: number): Promise<MemberGroupNote[]> {
  return deps.db.transaction().execute(async (trx) => {
    await openClientContent(trx, auth, clientId, 'case_notes');
    return (await memberGroupNotes(trx, deps.keys, auth.companyId, clientId)).reverse();
  });
}
