import type { LoanFigures } from '@kalinga/contracts/pawn-rules';
import { todayIn, toCentavos } from '@kalinga/contracts/pawn-rules';
import type { z } from 'zod';
import { db, deviceDatabase } from './database';
import type { LocalCategory, LocalItem, LocalLoan, SyncOperation, SyncQueueEntry } from './db';
import { cleanFor, withSyncStatus, type StoreTable } from './local-save';
import { settingsKey } from './settings-local';
import { reportStorageError } from './storage-persistence';
import { announceQueued, enqueue } from './sync-queue';
import { applyAction } from './local-rows';

// What every local action shares: the counter's day, input checks with the contracts' schemas, the one
// transaction that writes rows and their queue entry, and the loan's figures in centavos for pawn-rules.

const DEFAULT_ZONE = 'Asia/Manila';

/** Today in the company's zone (site settings kept on this device), the counter's day. */
export async function counterToday(now: Date = new Date()): Promise<string> {
  const kept = await deviceDatabase().settings.get(settingsKey(localStorage.getItem('company_id')));
  const zone = typeof kept?.data.timezone === 'string' && kept.data.timezone ? kept.data.timezone : DEFAULT_ZONE;
  try {
    return todayIn(zone, now);
  } catch {
    return todayIn(DEFAULT_ZONE, now);
  }
}

/** Parses with a contract schema; the first problem's sentence is thrown, as the server would answer. */
export function checked<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'The data is not valid.');
  return result.data;
}

export function refuse(problem: string | null): void {
  if (problem) throw new Error(problem);
}

/** A cleaned row marked pending (its queue entry goes with it). */
export function pendingRow<T>(table: StoreTable, row: object): T {
  return withSyncStatus(cleanFor(table, row), true) as T;
}

const WRITE_TABLES = () => [db.customers, db.loans, db.items, db.categories, db.syncQueue];

/**
 * Runs `write` in ONE Dexie transaction with the queue entries it adds, so a row and its entry are stored
 * together or not at all; the engine hears of new entries only after the commit.
 */
export async function writeWithEntries<T>(write: (queue: (op: SyncOperation, data: SyncQueueEntry['data']) => Promise<void>) => Promise<T>): Promise<T> {
  try {
    // An async callback: Dexie then follows the effect's native awaits (a plain one loses the transaction's zone).
    const result = await db.transaction('rw', WRITE_TABLES(), async () =>
      write(async (op, data) => {
        // The rows come from the operation's one effect (the same a replay uses), then the entry with them.
        const now = new Date();
        const touched = await applyAction(op, data, now.toISOString());
        await enqueue(op, data, now, touched);
      }),
    );
    announceQueued();
    return result;
  } catch (error) {
    reportStorageError(error);
    throw error;
  }
}

export async function mustGet<T>(row: Promise<T | undefined>, what: string): Promise<T> {
  const found = await row;
  if (!found) throw new Error(`This ${what} is not on this device.`);
  return found;
}

/** The figures pawn-rules needs, in centavos. */
export function figuresOf(loan: LocalLoan): LoanFigures & { appraisal_value: number } {
  return {
    status: loan.status,
    loan_date: loan.loan_date,
    maturity_date: loan.maturity_date,
    expiry_date: loan.expiry_date,
    loan_amount: toCentavos(loan.loan_amount),
    interest_rate: loan.interest_rate,
    penalty_rate: loan.penalty_rate,
    appraisal_value: toCentavos(loan.appraisal_value),
  };
}

export function termsOf(category: LocalCategory) {
  return {
    interest_rate: category.interest_rate,
    penalty_rate: category.penalty_rate,
    loan_period: category.loan_period,
    loan_period_type: category.loan_period_type,
    loan_period_expiry: category.loan_period_expiry,
    is_renewable: category.is_renewable,
  };
}

/** Writes an item and the copy nested in its loan. */
export async function putItem(item: LocalItem): Promise<void> {
  await db.items.put(item);
  const loan = await db.loans.get(item.loan_uuid);
  if (!loan) return;
  const items = loan.items ?? [];
  const at = items.findIndex((i) => i.uuid === item.uuid);
  const next = at >= 0 ? items.map((i, n) => (n === at ? item : i)) : [...items, item];
  await db.loans.put({ ...loan, items: next });
}

export function nowIso(): string {
  return new Date().toISOString();
}

/** The fields of `input` that differ from `row`, and the values the row had for them (the server merges per field). */
export function changedFields(row: Record<string, unknown>, input: Record<string, unknown>): { changes: Record<string, unknown>; was: Record<string, unknown> } {
  const changes: Record<string, unknown> = {};
  const was: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input)) {
    if (value === undefined) continue;
    const before = row[field] ?? null;
    if ((value ?? null) === before || ((value === '' || value === null) && before === null)) continue;
    changes[field] = value;
    was[field] = before;
  }
  return { changes, was };
}
