import type { FieldWas } from '@kalinga/contracts/lending/schemas';
import type { DB } from '../../db/database';
import type { LendingFieldConflictsTable } from '../../db/tables';
import type { AuthContext } from '../../lib/auth-context';
import { ENCRYPTED_COLUMNS, type EncryptedColumn, type EncryptedRow, openColumn, sealColumn } from '../../lib/encrypted-columns';
import type { ContentKeys } from '../../lib/field-crypto';
import { insertFieldConflicts } from './lending-records.repository';

// Field merge of lending updates (docs/decisions/0103): an update sends only the fields it
// changed, which alone are written, so edits of different fields on two devices both stay. With `was` (the value
// the device had before its change), a field the server holds with another value was changed meanwhile on another
// device: the sent value still wins (last writer), and the overwritten value is recorded here.
// The caller reads `before` under a row lock in the write's transaction (which also holds the company's counter).

/** The value as the API shows it, for comparing: blank text is nothing, text is trimmed. */
function normal(v: unknown): unknown {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  return v;
}

function same(a: unknown, b: unknown): boolean {
  const x = normal(a);
  const y = normal(b);
  if (typeof x === 'number' || typeof y === 'number') return x !== null && y !== null && Number(x) === Number(y);
  return x === y;
}

const asText = (v: unknown): string | null => {
  const n = normal(v);
  return n === null ? null : String(n as string | number | boolean);
};

/** Only the fields the request sent (an absent or undefined field is left as it is). */
export function sentFields<T extends Record<string, unknown>>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * The conflicts of an update: each sent field that `was` names, whose server value (`before`, in the API's form)
 * is neither the device's earlier value nor the value now sent.
 */
export function fieldConflicts(before: Record<string, unknown>, sent: Record<string, unknown>, was: FieldWas | undefined) {
  if (!was) return [];
  return Object.entries(sent)
    .filter(([field]) => field in was && !same(before[field], was[field]) && !same(before[field], sent[field]))
    .map(([field, value]) => ({ field, overwritten_value: asText(before[field]), device_was_value: asText(was[field]), new_value: asText(value) }));
}

const VALUES = [
  ['overwritten_value', ENCRYPTED_COLUMNS.fieldConflictOverwritten],
  ['device_was_value', ENCRYPTED_COLUMNS.fieldConflictDeviceWas],
  ['new_value', ENCRYPTED_COLUMNS.fieldConflictNew],
] as const satisfies readonly (readonly [keyof LendingFieldConflictsTable, EncryptedColumn])[];

type ConflictValues = { [K in (typeof VALUES)[number][0]]: string | null };

/** A conflict's three values sealed or opened (`change`), each bound to the conflict's record, field and time (`at`). */
function conflictValues<T extends ConflictValues>(values: T, at: EncryptedRow, change: (col: EncryptedColumn, at: EncryptedRow, value: string) => string): T {
  const out = { ...values };
  for (const [name, col] of VALUES) {
    const value = values[name];
    out[name] = value === null ? null : change(col, at, value);
  }
  return out;
}

/**
 * A page of the company's conflicts (as GET /api/sync/conflicts lists them) with their values readable; values the
 * key rotation has not sealed yet are plain already.
 */
export function openConflictPage<C extends ConflictValues & { table_name: string; record_uuid: string; field: string; created_at: string }, P extends { data: C[] }>(
  keys: ContentKeys,
  companyId: number,
  page: P,
): P {
  return { ...page, data: page.data.map((c) => conflictValues(c, { ...c, company_id: companyId }, (col, at, value) => openColumn(keys, col, at, value))) };
}

/**
 * Records the update's conflicts (none when `was` is absent or agrees with the server). With `keys` their values are
 * stored sealed (decision 0367: a customer's ID number overwritten is an ID number too); the key rotation seals the
 * others' later, and openConflictPage reads either.
 */
export async function recordFieldConflicts(
  trx: DB,
  auth: AuthContext,
  now: string,
  record: { table: LendingFieldConflictsTable['table_name']; uuid: string },
  before: Record<string, unknown>,
  sent: Record<string, unknown>,
  was: FieldWas | undefined,
  keys?: ContentKeys,
): Promise<void> {
  const conflicts = fieldConflicts(before, sent, was);
  if (conflicts.length === 0) return;
  const rows = conflicts.map((c) => ({ ...c, company_id: auth.companyId, table_name: record.table, record_uuid: record.uuid, user_id: auth.user.id, created_at: now }));
  await insertFieldConflicts(trx, keys ? rows.map((r) => conflictValues(r, r, (col, at, value) => sealColumn(keys, col, at, value))) : rows);
}
