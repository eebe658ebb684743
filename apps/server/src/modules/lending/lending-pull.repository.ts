import type { DB } from '../../db/database';
import { type Page, type SyncWindow, windowed } from '../../db/sync-window';
import type { CashDayRow, CustomerRow, ItemRow, LoanRow, TransactionRow } from '../../db/tables';

// The lending book's rows changed in a sync window: what the sync pull reads of this area (docs/decisions/0065-sync-pull.md).

export function customerRows(db: DB, w: SyncWindow, page?: Page): Promise<CustomerRow[]> {
  return windowed(db.selectFrom('customers').selectAll(), w, page).execute();
}

export function loanRows(db: DB, w: SyncWindow, page?: Page): Promise<LoanRow[]> {
  return windowed(db.selectFrom('loans').selectAll(), w, page).execute();
}

export function itemRows(db: DB, w: SyncWindow, page?: Page): Promise<ItemRow[]> {
  return windowed(db.selectFrom('items').selectAll(), w, page).execute();
}

export function transactionRows(db: DB, w: SyncWindow, page?: Page): Promise<TransactionRow[]> {
  return windowed(db.selectFrom('transactions').selectAll(), w, page).execute();
}

/**
 * The items of these loans as of the window's end: a loan always travels with its items, whenever
 * they changed; an item changed after `until` is left out here and comes in the next delta.
 * A chunk's loans are an id range: one range scan of the (loan_id) index instead of a probe per loan.
 */
export async function itemsOfLoans(db: DB, w: SyncWindow, loans: { id: number }[], asRange: boolean): Promise<ItemRow[]> {
  if (loans.length === 0) return [];
  const ids = loans.map((l) => l.id);
  let q = db.selectFrom('items').selectAll().where('company_id', '=', w.companyId).where('version', '<=', w.until);
  q = asRange ? q.where('loan_id', '>=', ids[0]).where('loan_id', '<=', ids[ids.length - 1]) : q.where('loan_id', 'in', ids);
  const rows = await q.orderBy('id').execute();
  if (!asRange) return rows;
  const wanted = new Set(ids);
  return rows.filter((r) => wanted.has(r.loan_id));
}

/**
 * One clerk's cash days for the pull (decision 0193): those changed in the window, and every one still open (its
 * position moves with the clerk's entries while its row does not). Only the clerk's own, of the company.
 */
export async function cashDayRows(db: DB, w: SyncWindow, userId: number): Promise<CashDayRow[]> {
  return db
    .selectFrom('cash_days')
    .selectAll()
    .where('company_id', '=', w.companyId)
    .where('user_id', '=', userId)
    .where('version', '<=', w.until)
    .where((eb) => eb.or([eb('version', '>', w.after), eb('status', '=', 'open')]))
    .orderBy('day')
    .execute();
}
