import type { FieldWas } from '@kalinga/contracts/lending/schemas';
import type { DB } from '../../db/database';
import type { LendingFieldConflictsTable } from '../../db/tables';
import type { AuthContext } from '../../lib/auth-context';
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

/** Records the update's conflicts (none when `was` is absent or agrees with the server). */
export async function recordFieldConflicts(
  trx: DB,
  auth: AuthContext,
  now: string,
  record: { table: LendingFieldConflictsTable['table_name']; uuid: string },
  before: Record<string, unknown>,
  sent: Record<string, unknown>,
  was: FieldWas | undefined,
): Promise<void> {
  const conflicts = fieldConflicts(before, sent, was);
  if (conflicts.length === 0) return;
  await insertFieldConflicts(trx, conflicts.map((c) => ({ ...c, company_id: auth.companyId, table_name: record.table, record_uuid: record.uuid, user_id: auth.user.id, created_at: now })));
}

