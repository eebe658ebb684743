import type { MemberGroupNote } from '@kalinga/contracts/group-notes';
import type { DB } from '../../db/database';
import { ENCRYPTED_COLUMNS, openColumn } from '../../lib/encrypted-columns';
import type { ContentKeys } from '../../lib/field-crypto';
import { memberAddendaRows, memberNoteRows } from './group-note-record.repository';

// Group notes as one member's record holds them (docs/decisions/0296-group-notes-in-the-record.md): the shared part,
// the member's own part, and the addenda about the whole group or about them; nothing names or counts the others.
// The caller has opened the member's content (openClientContent) in the same transaction.

/** The member's group notes past draft (only signed ones if asked), oldest session first, decrypted. */
export async function memberGroupNotes(db: DB, keys: ContentKeys, companyId: number, clientId: number, onlySigned = false): Promise<MemberGroupNote[]> {
  const rows = await memberNoteRows(db, companyId, clientId, onlySigned);
  const addenda = await memberAddendaRows(db, companyId, clientId, rows.map((r) => r.id));
  return rows.map((r) => {
    const shared = JSON.parse(openColumn(keys, ENCRYPTED_COLUMNS.groupNoteBody, r, r.body)) as MemberGroupNote['shared'];
    return {
      uuid: r.uuid,
      group_name: r.group_name,
      session_date: r.session_date,
      status: r.status,
      author: { id: r.author_id, name: r.author_name },
      signed: r.signed_at && r.signed_by_name ? { name: r.signed_by_name, at: r.signed_at } : null,
      cosigned: r.cosigned_at && r.cosigned_by_name ? { name: r.cosigned_by_name, at: r.cosigned_at } : null,
      late_entry: r.late_entry === 1,
      shared: { themes: shared.themes ?? '', activities: shared.activities ?? '' },
      part: openColumn(keys, ENCRYPTED_COLUMNS.groupNotePartBody, { company_id: r.company_id, uuid: r.part_uuid }, r.part_body),
      addenda: addenda
        .filter((a) => a.note_id === r.id)
        .map((a) => ({ uuid: a.uuid, body: openColumn(keys, ENCRYPTED_COLUMNS.groupNoteAddendumBody, a, a.body), author: { id: a.author_id, name: a.author_name }, signed_at: a.signed_at })),
    };
  });
}

/** The words of a member's group note in the file and its PDFs, labelled the same in each. */
export function memberGroupNoteSections(n: MemberGroupNote): Record<string, string> {
  return { 'Group themes': n.shared.themes, 'What the group did': n.shared.activities, 'About this client': n.part };
}
