import type { GroupNote, GroupNoteShared } from '@kalinga/contracts/group-notes';
import type { DB } from '../../db/database';
import { ENCRYPTED_COLUMNS, openColumn, sealColumn } from '../../lib/encrypted-columns';
import type { ContentKeys } from '../../lib/field-crypto';
import { signaturesOf } from '../case-notes/note-signature';
import { addendaOfGroupNote, type GroupNoteRow, partsOf, sessionById } from './group-notes.repository';

// A group note as its facilitators read it on the session (docs/decisions/0295-group-notes.md): the shared part,
// every present member's part by name, the addenda. The envelopes are bound to their rows' uuids (decision 0205).

export function sealShared(keys: ContentKeys, companyId: number, uuid: string, shared: GroupNoteShared): string {
  return sealColumn(keys, ENCRYPTED_COLUMNS.groupNoteBody, { company_id: companyId, uuid }, JSON.stringify({ themes: shared.themes.trim(), activities: shared.activities.trim() }));
}

export function openShared(keys: ContentKeys, row: Pick<GroupNoteRow, 'company_id' | 'uuid' | 'body'>): GroupNoteShared {
  const shared = JSON.parse(openColumn(keys, ENCRYPTED_COLUMNS.groupNoteBody, row, row.body)) as Partial<GroupNoteShared>;
  return { themes: shared.themes ?? '', activities: shared.activities ?? '' };
}

export function sealPart(keys: ContentKeys, companyId: number, uuid: string, text: string): string {
  return sealColumn(keys, ENCRYPTED_COLUMNS.groupNotePartBody, { company_id: companyId, uuid }, text.trim());
}

export function sealAddendum(keys: ContentKeys, companyId: number, uuid: string, text: string): string {
  return sealColumn(keys, ENCRYPTED_COLUMNS.groupNoteAddendumBody, { company_id: companyId, uuid }, text.trim());
}

export interface GroupNoteReader {
  userId: number;
  /** A facilitator of the group (adds addenda; the co-signing supervisor only reads and co-signs). */
  facilitator: boolean;
}

/** The note as a reply; another facilitator's draft shows who writes it, not what. */
export async function toGroupNote(db: DB, keys: ContentKeys, row: GroupNoteRow, reader: GroupNoteReader): Promise<GroupNote> {
  const session = await sessionById(db, row.company_id, row.group_session_id);
  const hidden = row.status === 'draft' && row.author_id !== reader.userId;
  const parts = await partsOf(db, row.company_id, row.id);
  const names = new Map(parts.map((p) => [p.client_id, p.name]));
  const addenda = await addendaOfGroupNote(db, row.company_id, row.id);
  return {
    uuid: row.uuid,
    group: { uuid: session.group_uuid, name: session.group_name },
    session: { uuid: session.uuid, index: session.session_index, starts_at: session.starts_at, local_date: session.local_date },
    status: row.status,
    author: { id: row.author_id, name: row.author_name },
    shared: hidden ? null : openShared(keys, row),
    parts: hidden ? [] : parts.map((p) => ({ client_id: p.client_id, name: p.name, text: openColumn(keys, ENCRYPTED_COLUMNS.groupNotePartBody, p, p.body) })),
    addenda: addenda.map((a) => ({
      uuid: a.uuid,
      body: openColumn(keys, ENCRYPTED_COLUMNS.groupNoteAddendumBody, a, a.body),
      author: { id: a.author_id, name: a.author_name },
      signed_at: a.signed_at,
      client: a.client_id === null ? null : { id: a.client_id, name: names.get(a.client_id) ?? '' },
    })),
    created_at: row.created_at,
    updated_at: row.updated_at,
    ...signaturesOf(row, reader.userId, reader.facilitator),
  };
}
