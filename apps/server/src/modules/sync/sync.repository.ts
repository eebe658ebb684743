import type { SyncTable } from '@kalinga/contracts/sync';
import { sql } from 'kysely';
import type { DB } from '../../db/database';
import { isPostgresDb } from '../../db/locks';
import type { CustomerRow, ItemRow, LoanRow, TransactionRow } from '../../db/tables';
import { baseQuery as categoriesWithCount, type CategoryWithCount, normalise as normaliseCategory } from '../categories/category.repository';

/**
 * Reads of GET /api/sync (docs/decisions/0065-sync-pull.md). A window is the rows whose last change
 * (`version`, the company's change counter at that write) lies in (after, until]; `after` is -1 for
 * the epoch, so rows written before the counter existed (version 0) come in a first pull too.
 */
export interface SyncWindow {
  companyId: number;
  /** Exclusive lower bound. */
  after: number;
  /** Inclusive upper bound: the counter pinned at the pull's (or download's) start. */
  until: number;
}

/**
 * Runs the reads of one reply on one consistent snapshot: REPEATABLE READ on PostgreSQL (every
 * statement sees the same committed state as the counter read first); on SQLite one transaction,
 * which holds the only connection, so no write comes between the statements.
 */
export function inSnapshot<T>(db: DB, fn: (trx: DB) => Promise<T>): Promise<T> {
  const tx = db.transaction();
  return (isPostgresDb(db) ? tx.setIsolationLevel('repeatable read') : tx).execute(fn);
}

const TABLES = { customers: 'customers', loans: 'loans', items: 'items', transactions: 'transactions', categories: 'categories' } as const;

/** Rows of each table, and tombstones, changed in the window: one statement, each count on the (company_id, version) index. */
export async function countChanges(db: DB, w: SyncWindow): Promise<Record<SyncTable | 'tombstones', number>> {
  const count = (table: string) =>
    sql<number>`(select count(*) from ${sql.table(table)} where company_id = ${w.companyId} and version > ${w.after} and version <= ${w.until})`;
  // The lending book carries lending categories only (decision 0121): counselling ones are not the counter's.
  const lendingCategories = sql<number>`(select count(*) from categories where company_id = ${w.companyId} and kind = 'lending' and version > ${w.after} and version <= ${w.until})`;
  const { rows } = await sql<Record<SyncTable | 'tombstones', number | string>>`select
      ${count('customers')} as customers, ${count('loans')} as loans, ${count('items')} as items,
      ${count('transactions')} as transactions, ${lendingCategories} as categories, ${count('sync_tombstones')} as tombstones`.execute(db);
  const r = rows[0];
  return {
    customers: Number(r.customers),
    loans: Number(r.loans),
    items: Number(r.items),
    transactions: Number(r.transactions),
    categories: Number(r.categories),
    tombstones: Number(r.tombstones),
  };
}

/** How many rows of one table lie in the window (a chunked download's progress bar). */
export async function countTable(db: DB, table: SyncTable, w: SyncWindow): Promise<number> {
  const { n } = await db
    .selectFrom(TABLES[table])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', w.companyId)
    .where('version', '>', w.after)
    .where('version', '<=', w.until)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** A page of a chunked download: ordered by id after `afterId`, at most `limit` rows. */
export interface Page {
  afterId: number;
  limit: number;
}

/**
 * The window's rows of a table: all of them ordered by id (a delta), or one page of them (a chunk).
 * A chunk walks the primary key from `afterId`; a delta reads the (company_id, version) index.
 */
function windowed<Q extends { where: (...args: never[]) => Q }>(query: Q, w: SyncWindow, page?: Page): Q {
  // Kysely's builders are typed per table; the filter is the same on every one.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  let q = query as any;
  q = q.where('company_id', '=', w.companyId).where('version', '>', w.after).where('version', '<=', w.until);
  if (page) q = q.where('id', '>', page.afterId).limit(page.limit);
  return q.orderBy('id') as Q;
}

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

/** The lending categories changed in the window (counselling ones are not in the lending book: decision 0121). */
export async function categoryRows(db: DB, w: SyncWindow, page?: Page): Promise<CategoryWithCount[]> {
  const rows = await windowed(categoriesWithCount(db, w.companyId).where('categories.kind', '=', 'lending'), w, page).execute();
  return rows.map(normaliseCategory);
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

/** Uuids deleted in the window, by table name. */
export async function tombstones(db: DB, w: SyncWindow): Promise<{ table_name: string; uuid: string }[]> {
  return db
    .selectFrom('sync_tombstones')
    .select(['table_name', 'uuid'])
    .where('company_id', '=', w.companyId)
    .where('version', '>', w.after)
    .where('version', '<=', w.until)
    .orderBy('version')
    .execute();
}
