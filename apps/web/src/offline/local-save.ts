import type { Table } from 'dexie';
import type { SyncStatus } from './db';

// Local save (product-rules.md#local-save): how a record is cleaned before it is written to the local store.
// - empty values (undefined, null, '') are dropped: an absent field reads as "no value" (test with `== null` / `??`);
// - uuid and *_uuid fields are text;
// - the money fields become numbers (0 when not numeric);
// - dates are ISO text (a Date becomes toISOString(); a calendar date 'YYYY-MM-DD' is already ISO and stays);
// - nested plain objects are cleaned the same way; arrays are dropped (loan writes put their items back, cleaned).
// - customers get searchTerms: the lowercased words of first and last name plus the phone number.

export const MONEY_FIELDS = [
  'market_value',
  'selling_price',
  'final_selling_price',
  'appraisal_value',
  'loan_amount',
  'service_charge',
  'interest_rate',
  'penalty_rate',
  'amount_disbursed',
] as const;
const MONEY = new Set<string>(MONEY_FIELDS);

type Plain = Record<string, unknown>;

function isPlainObject(value: unknown): value is Plain {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function isDateField(key: string): boolean {
  return key.endsWith('_date') || key.endsWith('_at') || key === 'lastVerified' || key === 'expiresAt';
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** toISOString()'s own form: such a text is kept as it is (parsing it back gives the same text). */
const ISO_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A date as ISO text: Dates and parseable date-time texts become toISOString(); calendar dates stay as they are. */
export function toIsoText(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  if (typeof value === 'string' && !CALENDAR_DATE.test(value) && !ISO_TEXT.test(value)) {
    const t = Date.parse(value);
    return Number.isNaN(t) ? value : new Date(t).toISOString();
  }
  return value;
}

/** A money field as a number; 0 when not numeric. */
export function toMoney(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
  return Number.isFinite(n) ? n : 0;
}

/** The local-save cleaning of one record (a copy; the input is not changed). */
export function cleanRecord<T extends object>(record: T): Plain {
  const out: Plain = {};
  for (const [key, value] of Object.entries(record)) {
    if (isEmpty(value) || Array.isArray(value)) continue;
    if (key === 'uuid' || key.endsWith('_uuid')) out[key] = String(value);
    else if (MONEY.has(key)) out[key] = toMoney(value);
    else if (value instanceof Date || (isDateField(key) && typeof value === 'string')) {
      const iso = toIsoText(value);
      if (iso !== undefined) out[key] = iso;
    } else if (isPlainObject(value)) out[key] = cleanRecord(value);
    else out[key] = value;
  }
  return out;
}

/** Lowercased words of first and last name, plus the phone number (product-rules.md#local-save). */
export function searchTermsOf(customer: { first_name?: unknown; last_name?: unknown; phone_number?: unknown }): string[] {
  const words = [customer.first_name, customer.last_name]
    .filter((v): v is string => typeof v === 'string')
    .flatMap((v) => v.toLowerCase().split(/\s+/))
    .filter((w) => w !== '');
  const phone = typeof customer.phone_number === 'string' ? customer.phone_number.trim() : '';
  return [...new Set(phone ? [...words, phone] : words)];
}

/** A customer row as stored: cleaned, with its searchTerms. */
export function cleanCustomer(customer: object): Plain {
  const out = cleanRecord(customer);
  out.searchTerms = searchTermsOf(out);
  return out;
}

/** A loan row as stored: cleaned (amounts numbers, dates ISO text), its nested items cleaned and given the loan's uuid. */
export function cleanLoan(loan: { uuid: string; items?: object[]; [field: string]: unknown }): Plain {
  const out = cleanRecord(loan);
  out.items = (loan.items ?? []).map((item) => ({ ...cleanRecord(item), loan_uuid: String(loan.uuid) }));
  return out;
}

export type StoreTable = 'customers' | 'loans' | 'items' | 'transactions' | 'categories' | 'cashDays';

/** Cleans a row for its table (customers get searchTerms, loans keep their items). */
export function cleanFor(table: StoreTable, row: object): Plain {
  if (table === 'customers') return cleanCustomer(row);
  if (table === 'loans') return cleanLoan(row as { uuid: string; items?: object[] });
  return cleanRecord(row);
}

/**
 * The sync flag: a row saved for sync is 'pending' (its queue entry is written in the same transaction);
 * a row saved without it (from the server) is 'synced'.
 */
export function withSyncStatus(row: Plain, sync: boolean, now: Date | string = new Date()): Plain {
  if (sync) return { ...row, sync_status: 'pending' satisfies SyncStatus };
  const out: Plain = { ...row, sync_status: 'synced' satisfies SyncStatus, last_synced_at: typeof now === 'string' ? now : now.toISOString() };
  if (typeof out.id === 'number') out.server_id = out.id;
  // Only when there is one: a delete turns the object into a slower kind for the writes that follow.
  if ('sync_error' in out) delete out.sync_error;
  return out;
}

/** Writes a cleaned row (inside the caller's transaction when there is one). */
export async function saveLocal<T>(table: Table<T, string>, kind: StoreTable, row: object, options: { sync: boolean }): Promise<T> {
  const stored = withSyncStatus(cleanFor(kind, row), options.sync) as T;
  await table.put(stored);
  return stored;
}

export class LocalUpdateError extends Error {}

/** A local update; a failure reads 'Failed to update {table}: {reason}' (product-rules.md#messages). */
export async function updateLocal<T>(table: Table<T, string>, key: string, changes: Plain): Promise<T> {
  try {
    const row = await table.get(key);
    if (!row) throw new Error('record not found');
    const next = { ...row, ...changes } as T;
    await table.put(next);
    return next;
  } catch (error) {
    if (error instanceof LocalUpdateError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new LocalUpdateError(`Failed to update ${table.name}: ${reason}`, { cause: error });
  }
}
