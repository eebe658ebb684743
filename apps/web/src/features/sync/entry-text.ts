import type { MessageKey, Translate } from '../../lib/i18n';
import { isSyncOperation } from '@kalinga/contracts/lending/operations';
import type { SyncOperation, SyncQueueEntry } from '../../offline/db';

// How a queue entry reads in the Sync status panel: what the change is, and what it is about.

/**
 * An operation's words in the sync catalogs. Each key is written out (the catalog test finds a key by its quoted
 * name, decision 0249); the type checks every operation of the queue has one.
 */
const LABELS: Record<SyncOperation, MessageKey> = {
  CREATE_LOAN: 'sync.op.CREATE_LOAN',
  UPDATE_LOAN: 'sync.op.UPDATE_LOAN',
  RENEW_LOAN: 'sync.op.RENEW_LOAN',
  EXTEND_LOAN: 'sync.op.EXTEND_LOAN',
  REDEEM_LOAN: 'sync.op.REDEEM_LOAN',
  FORFEIT_LOAN: 'sync.op.FORFEIT_LOAN',
  CREATE_CUSTOMER: 'sync.op.CREATE_CUSTOMER',
  UPDATE_CUSTOMER: 'sync.op.UPDATE_CUSTOMER',
  CREATE_ITEM: 'sync.op.CREATE_ITEM',
  UPDATE_ITEM: 'sync.op.UPDATE_ITEM',
  MARK_ITEM_SOLD: 'sync.op.MARK_ITEM_SOLD',
  PROCESS_FORFEITED_ITEM: 'sync.op.PROCESS_FORFEITED_ITEM',
  CREATE_CATEGORY: 'sync.op.CREATE_CATEGORY',
  UPDATE_CATEGORY: 'sync.op.UPDATE_CATEGORY',
  OPEN_CASH_DAY: 'sync.op.OPEN_CASH_DAY',
  CLOSE_CASH_DAY: 'sync.op.CLOSE_CASH_DAY',
  RECORD_TICKET_PRINT: 'sync.op.RECORD_TICKET_PRINT',
  PLACE_ITEM: 'sync.op.PLACE_ITEM',
};

export function operationLabel(t: Translate, operation: string): string {
  return isSyncOperation(operation) ? t(LABELS[operation]) : operation;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** A few words naming the record: a title, a name, an item description, else the start of its uuid. */
export function entrySubject(t: Translate, entry: Pick<SyncQueueEntry, 'data' | 'subject'>): string {
  if (entry.subject) return entry.subject;
  const d = entry.data;
  const name = [text(d.first_name), text(d.last_name)].filter(Boolean).join(' ');
  const items = Array.isArray(d.items) ? (d.items as { description?: unknown }[]) : [];
  return text(d.title) ?? (name || null) ?? text(d.description) ?? text(items[0]?.description) ?? text(d.buyer_name) ?? t('sync.subject.record', { id: String(d.uuid).slice(0, 8) });
}

const NOT_EDITABLE = new Set(['uuid', 'new_uuid', 'was', 'terms', 'items', 'image']);

/** The fields of a refused entry the user may correct: its plain text and number fields (never its uuids). */
export function editableFields(entry: Pick<SyncQueueEntry, 'data'>): [string, string | number | null][] {
  return Object.entries(entry.data).filter(
    (pair): pair is [string, string | number | null] =>
      !NOT_EDITABLE.has(pair[0]) && !pair[0].endsWith('_uuid') && (typeof pair[1] === 'string' || typeof pair[1] === 'number' || pair[1] === null),
  );
}

/** The names of the fields a refused change may carry, in the sync catalogs (each key written out, decision 0249). */
const FIELD_LABELS: Record<string, MessageKey> = {
  first_name: 'sync.field.first_name',
  last_name: 'sync.field.last_name',
  phone_number: 'sync.field.phone_number',
  address: 'sync.field.address',
  id_type: 'sync.field.id_type',
  id_number: 'sync.field.id_number',
  email: 'sync.field.email',
  birth_date: 'sync.field.birth_date',
  nationality: 'sync.field.nationality',
  occupation: 'sync.field.occupation',
  source_of_funds: 'sync.field.source_of_funds',
  description: 'sync.field.description',
  market_value: 'sync.field.market_value',
  appraisal_value: 'sync.field.appraisal_value',
  loan_amount: 'sync.field.loan_amount',
  loan_date: 'sync.field.loan_date',
  notes: 'sync.field.notes',
  selling_price: 'sync.field.selling_price',
  final_selling_price: 'sync.field.final_selling_price',
  buyer_name: 'sync.field.buyer_name',
  buyer_contact: 'sync.field.buyer_contact',
  sale_notes: 'sync.field.sale_notes',
  title: 'sync.field.title',
  opening_float: 'sync.field.opening_float',
  counted: 'sync.field.counted',
  note: 'sync.field.note',
  reason: 'sync.field.reason',
  language: 'sync.field.language',
};

/** A field's name as a label in the language in use: 'loan_amount' reads 'Loan amount'; a field not listed, its own name. */
export function fieldLabel(t: Translate, field: string): string {
  const key = FIELD_LABELS[field];
  if (key) return t(key);
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
