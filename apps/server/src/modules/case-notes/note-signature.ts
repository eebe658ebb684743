import { CASE_NOTE_MESSAGES, isLateEntry } from '@kalinga/contracts/case-notes';
import { UUID_UNUSABLE } from '@kalinga/contracts/common';
import { todayIn } from '@kalinga/contracts/zone-time';
import type { Selectable } from 'kysely';
import type { DB } from '../../db/database';
import type { CaseNotesTable } from '../../db/tables';
import type { AuthContext } from '../../lib/auth-context';
import { isUniqueViolation } from '../../lib/db-errors';
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

/** The columns of a new draft: no signature yet, written `now`. */
export function draftColumns(now: string) {
  return { status: 'draft' as const, signed_at: null, signed_by_name: null, supervisor_id: null, supervisor_name: null, cosigned_at: null, cosigned_by_name: null, created_at: now, updated_at: now };
}

/** The signature columns of a note row (case_notes and group_notes share them). */
export type SignedColumns = Pick<Selectable<CaseNotesTable>, 'status' | 'author_id' | 'signed_at' | 'signed_by_name' | 'supervisor_id' | 'supervisor_name' | 'cosigned_at' | 'cosigned_by_name' | 'late_entry'>;

/** A note's signatures as its reader sees them, and what the reader may do with it (`mayAddAddenda`: care team, supervisor or facilitator). */
export function signaturesOf(r: SignedColumns, readerId: number, mayAddAddenda: boolean) {
  const own = r.author_id === readerId;
  return {
    signed: r.signed_at && r.signed_by_name ? { name: r.signed_by_name, at: r.signed_at } : null,
    supervisor: r.supervisor_name ? { id: r.supervisor_id, name: r.supervisor_name } : null,
    cosigned: r.cosigned_at && r.cosigned_by_name ? { name: r.cosigned_by_name, at: r.cosigned_at } : null,
    late_entry: r.late_entry === 1,
    can: {
      edit: own && r.status === 'draft',
      sign: own && r.status === 'draft',
      cosign: r.status === 'awaiting_cosign' && r.supervisor_id === readerId,
      add_addendum: r.status !== 'draft' && mayAddAddenda,
    },
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

/** What a repeated create finds under its uuid: the caller's same note or addendum, another row, or nothing. */
export type Existing = 'same' | 'other' | undefined;

/**
 * A create that a retry may repeat with the same uuid: on a unique violation, the caller's same note (or addendum)
 * is given back (`created: false`); a uuid used by another row is 422; another note of the same session is 409.
 * `uuidOnly`: only the uuid is unique (an addendum), so anything but the same one is 422.
 */
export async function createOnce<T>(create: () => Promise<T>, retry: { existing: () => Promise<Existing>; again: () => Promise<T>; uuidOnly?: boolean }): Promise<{ note: T; created: boolean }> {
  try {
    return { note: await create(), created: true };
  } catch (err) {
    if (!isUniqueViolation(err, retry.uuidOnly ? 'uuid' : undefined)) throw err;
    const existing = await retry.existing();
    if (existing === 'same') return { note: await retry.again(), created: false };
    if (existing === 'other' || retry.uuidOnly || isUniqueViolation(err, 'uuid')) throw unprocessable({ uuid: [UUID_UNUSABLE] }, UUID_UNUSABLE);
    throw conflict(CASE_NOTE_MESSAGES.sessionTaken);
  }
}

/** What a row found under a uuid is to a repeated create: `same` when `isSame` says so. */
export function existingOf<R>(row: R | undefined, isSame: (row: R) => boolean): Existing {
  if (!row) return undefined;
  return isSame(row) ? 'same' : 'other';
}

/** The retry of an addendum: the same uuid by the same author under the same note is the same addendum. */
export function addendumRetry<T>(note: () => Promise<{ id: number } | undefined>, addendum: () => Promise<{ note_id: number; author_id: number } | undefined>, authorId: number, again: () => Promise<T>) {
  return {
    existing: async (): Promise<Existing> => {
      const n = await note();
      return existingOf(await addendum(), (a) => a.note_id === n?.id && a.author_id === authorId);
    },
    again,
    uuidOnly: true,
  };
}
