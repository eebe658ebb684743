import { type CaseNote, TEMPLATE_SECTIONS } from '@kalinga/contracts/case-notes';
import type { DB } from '../../db/database';
import { type ContentKeys, decryptField, encryptField } from '../../lib/field-crypto';
import { columnAad, ENCRYPTED_COLUMNS } from '../../lib/encrypted-columns';
import { signaturesOf } from './note-signature';
import { type AddendumRow, addendaOf, appointmentsByIds, namesOf, type NoteRow, screeningsByIds } from './case-notes.repository';

// A note as its reader sees it: the body decrypted, its addenda, its links, and what the reader may do with it.
// Bodies are encrypted envelopes bound to their row (decision 0205): case_notes.body and case_note_addenda.body,
// each keyed by the row's uuid, which never changes (lib/encrypted-columns.ts registers both for key rotation).

export function noteAad(companyId: number, uuid: string): string {
  return columnAad(ENCRYPTED_COLUMNS.caseNoteBody, { company_id: companyId, uuid });
}

export function addendumAad(companyId: number, uuid: string): string {
  return columnAad(ENCRYPTED_COLUMNS.caseNoteAddendumBody, { company_id: companyId, uuid });
}

/** The sections as stored: the template's keys in its order, each trimmed at its ends. */
export function sealSections(keys: ContentKeys, companyId: number, uuid: string, template: NoteRow['template'], sections: Record<string, string>): string {
  const ordered = Object.fromEntries(TEMPLATE_SECTIONS[template].map((s) => [s.key, (sections[s.key] ?? '').trim()]));
  return encryptField(keys, JSON.stringify(ordered), noteAad(companyId, uuid));
}

export function openSections(keys: ContentKeys, row: Pick<NoteRow, 'company_id' | 'uuid' | 'body'>): Record<string, string> {
  return JSON.parse(decryptField(keys, row.body, noteAad(row.company_id, row.uuid))) as Record<string, string>;
}

export interface Reader {
  userId: number;
  /** May add addenda to this client's signed notes (the care team, or a supervisor of it). */
  mayAddAddenda: boolean;
}

/** The notes as replies, their addenda and links read in a few queries. */
export async function toCaseNotes(db: DB, keys: ContentKeys, companyId: number, rows: NoteRow[], reader: Reader): Promise<CaseNote[]> {
  const addenda = await addendaOf(db, companyId, rows.map((r) => r.id));
  const byNote = new Map<number, AddendumRow[]>();
  for (const a of addenda) byNote.set(a.note_id, [...(byNote.get(a.note_id) ?? []), a]);
  const appointments = new Map((await appointmentsByIds(db, companyId, rows.flatMap((r) => (r.appointment_id === null ? [] : [r.appointment_id])))).map((a) => [a.id, a]));
  const screenings = new Map((await screeningsByIds(db, companyId, rows.flatMap((r) => (r.screening_id === null ? [] : [r.screening_id])))).map((s) => [s.id, s]));
  const names = await namesOf(db, rows.map((r) => r.client_id));
  return rows.map((r) => {
    const appointment = r.appointment_id === null ? undefined : appointments.get(r.appointment_id);
    const screening = r.screening_id === null ? undefined : screenings.get(r.screening_id);
    return {
      uuid: r.uuid,
      client: { id: r.client_id, name: names.get(r.client_id) ?? '' },
      kind: r.kind,
      contact_channel: r.contact_channel,
      session_date: r.session_date,
      appointment: appointment ? { uuid: appointment.uuid, appointment_date: appointment.appointment_date } : null,
      template: r.template,
      sections: openSections(keys, r),
      screening: screening ? { id: screening.id, kind: screening.kind, created_at: screening.created_at } : null,
      status: r.status,
      author: { id: r.author_id, name: r.author_name },
      addenda: (byNote.get(r.id) ?? []).map((a) => ({
        uuid: a.uuid,
        body: decryptField(keys, a.body, addendumAad(a.company_id, a.uuid)),
        author: { id: a.author_id, name: a.author_name },
        signed_at: a.signed_at,
      })),
      created_at: r.created_at,
      updated_at: r.updated_at,
      ...signaturesOf(r, reader.userId, reader.mayAddAddenda),
    };
  });
}
