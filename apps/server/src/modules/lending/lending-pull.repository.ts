import type { DB } from '../../db/database';
import { type Page, type SyncWindow, windowed } from '../../db/sync-window';
import type { CashDayRow, CustomerRow, ItemRow, LoanRow, TransactionRow } from '../../db/tables';

// The lending book's rows changed in a sync window: what the sync pull reads of this area (docs/decisions/0065-sync-pull.md).

// A device keeps the book of the branches its user works at (decision 0304): with `w.branchIds`, loans of those
// branches (with their items nested, wherever they are); items in those vaults; transactions written there;
// customers with a loan there or with none yet. Each filter is one indexed column, so a chunk reads the branch's
// rows, not the chain's. Another branch's ticket comes on demand (the loan's own route).

const NO_BRANCH = [-1];
const branchesOf = (w: SyncWindow): number[] | null => (w.branchIds ? (w.branchIds.length > 0 ? [...w.branchIds] : NO_BRANCH) : null);

export function customerRows(db: DB, w: SyncWindow, page?: Page): Promise<CustomerRow[]> {
  const ids = branchesOf(w);
  let q = db.selectFrom('customers').selectAll();
  if (ids) {
    q = q.where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('loans').select('loans.id').whereRef('loans.customer_id', '=', 'customers.id').where('loans.branch_id', 'in', ids)),
        eb.not(eb.exists(eb.selectFrom('loans').select('loans.id').whereRef('loans.customer_id', '=', 'customers.id'))),
      ]),
    );
  }
  return windowed(q, w, page).execute();
}

export function loanRows(db: DB, w: SyncWindow, page?: Page): Promise<LoanRow[]> {
  const ids = branchesOf(w);
  let q = db.selectFrom('loans').selectAll();
  if (ids) q = q.where('branch_id', 'in', ids);
  return windowed(q, w, page).execute();
}

export function itemRows(db: DB, w: SyncWindow, page?: Page): Promise<ItemRow[]> {
  const ids = branchesOf(w);
  let q = db.selectFrom('items').selectAll();
  if (ids) q = q.where('items.branch_id', 'in', ids);
  return windowed(q, w, page).execute();
}

export function transactionRows(db: DB, w: SyncWindow, page?: Page): Promise<TransactionRow[]> {
  const ids = branchesOf(w);
  let q = db.selectFrom('transactions').selectAll();
  if (ids) q = q.where('transactions.branch_id', 'in', ids);
  return windowed(q, w, page).execute();
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
 * The clerks' cash days for the pull (decision 0193): those changed in the window, and every one still open (its
 * position moves with the clerk's entries while its row does not). Only the named clerks' own, of the company, by
 * clerk and day (a pull names its own clerk; a pushed delta, decision 0360, every clerk listening).
 */
export async function cashDayRows(db: DB, w: SyncWindow, userIds: readonly number[]): Promise<CashDayRow[]> {
  return db
    .selectFrom('cash_days')
    .selectAll()
    .where('company_id', '=', w.companyId)
    .where('user_id', 'in', userIds)
    .where('version', '<=', w.until)
    .where((eb) => eb.or([eb('version', '>', w.after), eb('status', '=', 'open')]))
    .orderBy('user_id')
    .orderBy('day')
    .execute();
}
