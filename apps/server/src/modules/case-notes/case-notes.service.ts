import { CASE_NOTE_MESSAGES, type CaseNote, type CreateCaseNoteBody, type UpdateCaseNoteBody } from '@kalinga/contracts/case-notes';
import { todayIn } from '@kalinga/contracts/zone-time';
import type { DB } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import type { ContentKeys } from '../../lib/field-crypto';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/http-errors';
import { type ClientAccess, openClientContent } from '../client-record/client-access';
import { assertFileOpen } from '../client-record/client-file.service';
import { readCaseNoteSettings } from './case-note-settings.repository';
import { sealSections, toCaseNotes } from './case-note-view';
import { createOnce, draftColumns, existingOf, lostRace } from './note-signature';
import { deleteDraft, findClientAppointment, findClientScreening, findNote, insertNote, type NoteRow, notesOfClient } from './case-notes.repository';
import { updateDraftOf } from './note-statements.repository';

// Case notes: drafts and reading (docs/decisions/0208-case-notes.md). Every read opens the client's content through
// the access model (decision 0200), which records it; a draft is its author's alone, seen and changed by no one else.
// Signing, co-signing and addenda are in case-note-signing.service.ts.

export interface NotesDeps {
  db: DB;
  keys: ContentKeys;
}

/** The care team writes notes and addenda; a supervisor of it adds addenda and co-signs (decision 0208). */
export function mayWrite(access: Pick<ClientAccess, 'via'>): boolean {
  return access.via === 'care_team';
}

export function mayAddAddenda(access: ClientAccess): boolean {
  return access.via === 'care_team' || access.via === 'supervisor';
}

/** The reply for notes read after opening the client's content. */
export async function notesReply(deps: NotesDeps, auth: AuthContext, access: ClientAccess, rows: NoteRow[], db: DB = deps.db): Promise<CaseNote[]> {
  return toCaseNotes(db, deps.keys, auth.companyId, rows, { userId: auth.user.id, mayAddAddenda: mayAddAddenda(access) });
}

/** A note of the company the caller may see (another's draft is invisible): 404 otherwise. */
export async function visibleNote(db: DB, auth: AuthContext, uuid: string): Promise<NoteRow> {
  const row = await findNote(db, auth.companyId, uuid);
  if (!row || (row.status === 'draft' && row.author_id !== auth.user.id)) throw notFound('Case note');
  return row;
}

/** The answer to a change that found the note no longer as it was read. */
export async function decideAgain(db: DB, auth: AuthContext, uuid: string): Promise<never> {
  return lostRace(await findNote(db, auth.companyId, uuid), notFound('Case note'));
}

/** A client's notes (every signed one, and the caller's drafts), newest session first; the read is recorded. */
export async function listClientNotes(deps: NotesDeps, auth: AuthContext, clientId: number): Promise<CaseNote[]> {
  return deps.db.transaction().execute(async (trx) => {
    const access = await openClientContent(trx, auth, clientId, 'case_notes');
    return notesReply(deps, auth, access, await notesOfClient(trx, auth.companyId, clientId, auth.user.id), trx);
  });
}

export async function getNote(deps: NotesDeps, auth: AuthContext, uuid: string): Promise<CaseNote> {
  const row = await visibleNote(deps.db, auth, uuid);
  return deps.db.transaction().execute(async (trx) => {
    const access = await openClientContent(trx, auth, row.client_id, 'case_notes');
    return (await notesReply(deps, auth, access, [row], trx))[0];
  });
}

async function assertTemplateOffered(db: DB, companyId: number, template: NoteRow['template']): Promise<void> {
  const settings = await readCaseNoteSettings(db, companyId);
  if (!settings.templates.includes(template)) throw unprocessable({ template: [CASE_NOTE_MESSAGES.templateOff] }, CASE_NOTE_MESSAGES.templateOff);
}

async function assertScreening(db: DB, companyId: number, clientId: number, screeningId: number | null | undefined): Promise<void> {
  if (screeningId == null) return;
  if (!(await findClientScreening(db, companyId, clientId, screeningId))) throw unprocessable({ screening_id: ['Choose a screening of this client.'] });
}

function assertContactDate(auth: AuthContext, date: string): void {
  if (date > todayIn(auth.company.timezone)) throw unprocessable({ contact_date: ['The contact date cannot be in the future.'] });
}

/**
 * A new draft by a care-team counselor: of a session of the client that has taken place (one note per session), or of
 * a contact on a day up to today. The same uuid again gives the first draft back (`created: false`).
 */
export async function createNote(deps: NotesDeps, auth: AuthContext, clientId: number, body: CreateCaseNoteBody): Promise<{ note: CaseNote; created: boolean }> {
  const now = new Date().toISOString();
  const create = () =>
    deps.db.transaction().execute(async (trx) => {
      const access = await openClientContent(trx, auth, clientId, 'case_notes');
      if (!mayWrite(access)) throw forbidden(CASE_NOTE_MESSAGES.notWriter);
      await assertFileOpen(trx, auth.companyId, clientId); // a closed file takes no new note (decision 0235)
      await assertTemplateOffered(trx, auth.companyId, body.template);
      await assertScreening(trx, auth.companyId, clientId, body.screening_id);
      let sessionDate: string;
      let appointmentId: number | null = null;
      if (body.kind === 'session') {
        const appointment = await findClientAppointment(trx, auth.companyId, clientId, body.appointment_uuid ?? '');
        const held = appointment && appointment.status !== 'cancelled' && appointment.status !== 'no_show' && appointment.appointment_date <= now;
        if (!appointment || !held) throw unprocessable({ appointment_uuid: ['Choose a session of this client that has taken place.'] });
        sessionDate = appointment.local_date;
        appointmentId = appointment.id;
      } else {
        sessionDate = body.contact_date ?? '';
        assertContactDate(auth, sessionDate);
      }
      await insertNote(trx, {
        company_id: auth.companyId,
        uuid: body.uuid,
        client_id: clientId,
        author_id: auth.user.id,
        author_name: auth.user.name,
        kind: body.kind,
        contact_channel: body.kind === 'contact' ? (body.contact_channel ?? null) : null,
        appointment_id: appointmentId,
        session_date: sessionDate,
        template: body.template,
        body: sealSections(deps.keys, auth.companyId, body.uuid, body.template, body.sections),
        screening_id: body.screening_id ?? null,
        ...draftColumns(now),
      });
      const row = await findNote(trx, auth.companyId, body.uuid);
      return (await notesReply(deps, auth, access, [row!], trx))[0];
    });
  return createOnce(create, {
    // Either key may be the one the database names first: the note's own uuid decides.
    existing: async () => existingOf(await findNote(deps.db, auth.companyId, body.uuid), (same) => same.author_id === auth.user.id && same.client_id === clientId),
    again: () => getNote(deps, auth, body.uuid),
  });
}

/** The author's own draft, or the reason it cannot be changed (a signed note: 409; another's: 403). */
async function ownDraft(db: DB, auth: AuthContext, uuid: string): Promise<NoteRow> {
  const row = await findNote(db, auth.companyId, uuid);
  if (!row) throw notFound('Case note');
  if (row.status !== 'draft') {
    await openClientContent(db, auth, row.client_id, 'case_notes');
    throw conflict(CASE_NOTE_MESSAGES.locked);
  }
  if (row.author_id !== auth.user.id) throw notFound('Case note');
  return row;
}

/** Rewrites the author's draft (conditional on it still being a draft). */
export async function updateNote(deps: NotesDeps, auth: AuthContext, uuid: string, body: UpdateCaseNoteBody): Promise<CaseNote> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await ownDraft(trx, auth, uuid);
    const access = await openClientContent(trx, auth, row.client_id, 'case_notes');
    if (!mayWrite(access)) throw forbidden(CASE_NOTE_MESSAGES.notWriter);
    if (body.template !== row.template) await assertTemplateOffered(trx, auth.companyId, body.template);
    await assertScreening(trx, auth.companyId, row.client_id, body.screening_id);
    const contact = row.kind === 'contact';
    if (contact && body.contact_date !== undefined) assertContactDate(auth, body.contact_date);
    const changed = await updateDraftOf(trx, 'case_notes', auth.companyId, uuid, auth.user.id, {
      template: body.template,
      body: sealSections(deps.keys, auth.companyId, uuid, body.template, body.sections),
      screening_id: body.screening_id ?? null,
      ...(contact && body.contact_channel ? { contact_channel: body.contact_channel } : {}),
      ...(contact && body.contact_date ? { session_date: body.contact_date } : {}),
      updated_at: new Date().toISOString(),
    });
    if (!changed) return decideAgain(trx, auth, uuid);
    return (await notesReply(deps, auth, access, [(await findNote(trx, auth.companyId, uuid))!], trx))[0];
  });
}

/** Deletes the author's draft; a signed note is never deleted (409). */
export async function deleteNote(deps: NotesDeps, auth: AuthContext, uuid: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await ownDraft(trx, auth, uuid);
    await openClientContent(trx, auth, row.client_id, 'case_notes');
    if (!(await deleteDraft(trx, auth.companyId, uuid, auth.user.id))) await decideAgain(trx, auth, uuid);
  });
}
