import type { QueryExecutorProvider } from 'kysely';
import { keyIdsInColumn } from '../db/content-key-ids';
import { type ContentKeys, decryptField, encryptField, fieldAad, isEncrypted, KEY_ID_LENGTH } from './field-crypto';

// Every column whose values are encrypted at rest (docs/decisions/0205-encryption-at-rest.md). The key rotation
// (content-key-rotation.ts) re-encrypts each one registered in ENCRYPTED_COLUMNS; start-up, backups' restore and
// the rotation's "may the old key go" read the key ids in use from them too.

/** What a column's associated data is made of: the row's company and the columns `rowKey` reads (id: none before the insert). */
export type EncryptedRow = { id?: number; company_id: number } & Record<string, unknown>;

export interface EncryptedColumn {
  table: string;
  column: string;
  /** Columns besides id and company_id that rowKey reads (selected by the rotation). */
  keyColumns: readonly string[];
  /** A value of the row that never changes, bound into the associated data (so a value moved to another row fails). */
  rowKey(row: EncryptedRow): string | number;
}

function idOf(row: EncryptedRow): number {
  if (row.id === undefined) throw new Error('An encrypted value bound to its row id needs the id');
  return row.id;
}

function encryptedColumn(table: string, column: string, keyColumns: readonly string[], rowKey: EncryptedColumn['rowKey']): EncryptedColumn {
  return { table, column, keyColumns, rowKey };
}

/** One of the three values of a lending field conflict, bound to the conflict's record, field and time (none change). */
function conflictValue<K extends string>(name: K, column: string): Record<K, EncryptedColumn> {
  const keyColumns = ['table_name', 'record_uuid', 'field', 'created_at'] as const;
  return { [name]: encryptedColumn('lending_field_conflicts', column, keyColumns, (r) => keyColumns.map((c) => String(r[c])).join('|')) } as Record<K, EncryptedColumn>;
}

/**
 * The registry: one line per encrypted column. A screening is bound to its submission key (uuid, known before the
 * insert), or to its id on rows stored before submissions had one.
 */
export const ENCRYPTED_COLUMNS = {
  screeningAnswers: encryptedColumn('screenings', 'answers', ['uuid'], (r) => (typeof r.uuid === 'string' ? r.uuid : `#${idOf(r)}`)),
  // Case notes and their addenda (decision 0208), bound to their uuid; a signed note's triggers let only a re-encryption under another key through.
  caseNoteBody: encryptedColumn('case_notes', 'body', ['uuid'], (r) => String(r.uuid)),
  caseNoteAddendumBody: encryptedColumn('case_note_addenda', 'body', ['uuid'], (r) => String(r.uuid)),
  // Group notes (decision 0295): the shared part, each member's part and the addenda, bound to their uuid.
  groupNoteBody: encryptedColumn('group_notes', 'body', ['uuid'], (r) => String(r.uuid)),
  groupNotePartBody: encryptedColumn('group_note_parts', 'body', ['uuid'], (r) => String(r.uuid)),
  groupNoteAddendumBody: encryptedColumn('group_note_addenda', 'body', ['uuid'], (r) => String(r.uuid)),
  // The client file (decision 0235): the closing summary, a closing's or reopening's words, correction requests and answers.
  clientFileSummary: encryptedColumn('client_files', 'closing_summary', ['uuid'], (r) => String(r.uuid)),
  clientFileEventText: encryptedColumn('client_file_events', 'text', ['uuid'], (r) => String(r.uuid)),
  correctionBody: encryptedColumn('correction_requests', 'body', ['uuid'], (r) => String(r.uuid)),
  correctionAnswer: encryptedColumn('correction_requests', 'answer', ['uuid'], (r) => String(r.uuid)),
  // A pawner's ID number (decision 0367), bound to the customer's uuid; a field an offline update overwrote unseen
  // (decision 0103) keeps the values of every lending field, the ID number among them, bound to its record, field and time.
  customerIdNumber: encryptedColumn('customers', 'id_number', ['uuid'], (r) => String(r.uuid)),
  ...conflictValue('fieldConflictOverwritten', 'overwritten_value'),
  ...conflictValue('fieldConflictDeviceWas', 'device_was_value'),
  ...conflictValue('fieldConflictNew', 'new_value'),
} satisfies Record<string, EncryptedColumn>;

/** The associated data of one row's value of `col`. */
export function columnAad(col: EncryptedColumn, row: EncryptedRow): string {
  return fieldAad(col.table, col.column, row.company_id, col.rowKey(row));
}

/** The value to store for `plain` in `row`'s `col` (encrypted with the current key). */
export function sealColumn(keys: ContentKeys, col: EncryptedColumn, row: EncryptedRow, plain: string): string {
  return encryptField(keys, plain, columnAad(col, row));
}

/**
 * The plain text of a stored value of `col`. A plain value (a row written before encryption, which the rotation has
 * not reached yet) is returned as it is; an envelope that fails (wrong row, changed, key missing) throws.
 */
export function openColumn(keys: ContentKeys, col: EncryptedColumn, row: EncryptedRow, stored: string): string {
  return isEncrypted(stored) ? decryptField(keys, stored, columnAad(col, row)) : stored;
}

/**
 * The ids of the keys the stored values of every registered column are encrypted with. `hasTable` skips a table an
 * older database (a backup's) does not have yet.
 */
export async function contentKeyIdsInUse(db: QueryExecutorProvider, hasTable: (table: string) => boolean = () => true): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const col of Object.values(ENCRYPTED_COLUMNS)) {
    if (!hasTable(col.table)) continue;
    for (const id of await keyIdsInColumn(db, col.table, col.column, KEY_ID_LENGTH)) ids.add(id);
  }
  return ids;
}
