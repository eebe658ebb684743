import type { SyncOperation, SyncQueueEntry } from '../../offline/db';

// How a queue entry reads in the Sync status panel: what the change is, and what it is about.

const LABELS: Record<SyncOperation, string> = {
  CREATE_LOAN: 'New pawn ticket',
  UPDATE_LOAN: 'Ticket remarks',
  RENEW_LOAN: 'Loan renewal',
  EXTEND_LOAN: 'Loan extension (interest paid)',
  REDEEM_LOAN: 'Loan redemption',
  FORFEIT_LOAN: 'Loan forfeiture',
  CREATE_CUSTOMER: 'New customer',
  UPDATE_CUSTOMER: 'Customer change',
  CREATE_ITEM: 'New item',
  UPDATE_ITEM: 'Item change',
  MARK_ITEM_SOLD: 'Item sold',
  PROCESS_FORFEITED_ITEM: 'Item put up for sale',
  CREATE_CATEGORY: 'New category',
  UPDATE_CATEGORY: 'Category change',
  OPEN_CASH_DAY: 'Cash day opened',
  CLOSE_CASH_DAY: 'Cash day closed',
};

export function operationLabel(operation: string): string {
  return (LABELS as Record<string, string>)[operation] ?? operation;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** A few words naming the record: a title, a name, an item description, else the start of its uuid. */
export function entrySubject(entry: Pick<SyncQueueEntry, 'data' | 'subject'>): string {
  if (entry.subject) return entry.subject;
  const d = entry.data;
  const name = [text(d.first_name), text(d.last_name)].filter(Boolean).join(' ');
  const items = Array.isArray(d.items) ? (d.items as { description?: unknown }[]) : [];
  return text(d.title) ?? (name || null) ?? text(d.description) ?? text(items[0]?.description) ?? text(d.buyer_name) ?? `Record ${String(d.uuid).slice(0, 8)}`;
}

const NOT_EDITABLE = new Set(['uuid', 'new_uuid', 'was', 'terms', 'items', 'image']);

/** The fields of a refused entry the user may correct: its plain text and number fields (never its uuids). */
export function editableFields(entry: Pick<SyncQueueEntry, 'data'>): [string, string | number | null][] {
  return Object.entries(entry.data).filter(
    (pair): pair is [string, string | number | null] =>
      !NOT_EDITABLE.has(pair[0]) && !pair[0].endsWith('_uuid') && (typeof pair[1] === 'string' || typeof pair[1] === 'number' || pair[1] === null),
  );
}

/** A field's name as a label: 'loan_amount' reads 'Loan amount'. */
export function fieldLabel(field: string): string {
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
