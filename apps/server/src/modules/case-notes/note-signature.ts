import { CASE_NOTE_MESSAGES, isLateEntry } from '@kalinga/contracts/case-notes';
import { todayIn } from '@kalinga/contracts/zone-time';
import type { DB } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { conflict, forbidden, unprocessable } from '../../lib/http-errors';
import { readCaseNoteSettings } from './case-note-settings.repository';
import { signerOf } from './case-notes.repository';

// The signing rules every note follows (docs/decisions/0208-case-notes.md), one implementation for the individual
// case notes and the group notes (decision 0295): only the author signs their draft, every part written; a
// trainee's signature makes the note wait for their clinical supervisor's co-signature; a late entry is decided at
// the author's signature; after it only addenda are added. Each table's conditional update applies the result.

export type NoteStatus = 'draft' | 'awaiting_cosign' | 'signed';

export interface SignableNote {
  status: NoteStatus;
  author_id: number;
  session_date: string;
}

/** The columns a signature sets. */
export interface Signature {
  status: 'awaiting_cosign' | 'signed';
  signed_at: string;
  signed_by_name: string;
  supervisor_id: number | null;
  supervisor_name: string | null;
  late_entry: number;
  updated_at: string;
}

/**
 * The author's signature on their draft, or the reason there is none: 409 once signed, 403 for anyone but the author
 * or a reader outside the care team (`mayWrite`), 422 with a part unwritten or a trainee without a supervisor.
 */
export async function signatureFor(db: DB, auth: AuthContext, note: SignableNote, check: { mayWrite: boolean; allWritten: boolean; field?: string }, now = new Date()): Promise<Signature> {
  if (note.status !== 'draft') throw conflict(CASE_NOTE_MESSAGES.locked);
  if (note.author_id !== auth.user.id) throw forbidden(CASE_NOTE_MESSAGES.notAuthor);
  if (!check.mayWrite) throw forbidden(CASE_NOTE_MESSAGES.notWriter);
  if (!check.allWritten) throw unprocessable({ [check.field ?? 'sections']: [CASE_NOTE_MESSAGES.emptySection] }, CASE_NOTE_MESSAGES.emptySection);
  const signer = await signerOf(db, auth.companyId, auth.user.id);
  const trainee = signer.is_trainee === 1;
  if (trainee && !signer.supervisor) throw unprocessable({ supervisor: [CASE_NOTE_MESSAGES.noSupervisor] }, CASE_NOTE_MESSAGES.noSupervisor);
  const { late_entry_days: lateDays } = await readCaseNoteSettings(db, auth.companyId);
  const at = now.toISOString();
  return {
    status: trainee ? 'awaiting_cosign' : 'signed',
    signed_at: at,
    signed_by_name: signer.name,
    supervisor_id: trainee ? signer.supervisor!.id : null,
    supervisor_name: trainee ? signer.supervisor!.name : null,
    late_entry: isLateEntry(note.session_date, todayIn(auth.company.timezone, now), lateDays) ? 1 : 0,
    updated_at: at,
  };
}

/** Only the supervisor the note names co-signs it, and only while it awaits them. */
export function assertCosigner(note: { status: NoteStatus; supervisor_id: number | null }, auth: AuthContext): void {
  if (note.supervisor_id !== auth.user.id) throw forbidden(CASE_NOTE_MESSAGES.notSupervisor);
  if (note.status !== 'awaiting_cosign') throw conflict(CASE_NOTE_MESSAGES.notAwaiting);
}

/** An addendum goes under a signed (or awaiting) note only: a draft is edited. */
export function assertAddendumAllowed(note: { status: NoteStatus }): void {
  if (note.status === 'draft') throw conflict('Sign the note before adding an addendum; a draft is edited.');
}

/** The answer to a conditional change that found the note no longer as it was read (undefined: gone). */
export function lostRace(now: { status: NoteStatus } | undefined, notFoundError: Error): never {
  if (!now) throw notFoundError;
  if (now.status !== 'draft') throw conflict(CASE_NOTE_MESSAGES.locked);
  throw conflict('This note changed meanwhile; open it again.');
}
