import type { SyncTable } from '@kalinga/contracts/sync';
import { sql } from 'kysely';
import type { DB } from '../../db/database';
import { isPostgresDb } from '../../db/locks';
import type { SyncWindow } from '../../db/sync-window';

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
