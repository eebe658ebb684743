import type { Insertable, Updateable } from 'kysely';
import type { DB } from '../../db/database';
import { forUpdate } from '../../db/locks';
import type { ItemRow, ItemsTable } from '../../db/tables';
import { offsetOf } from '../../lib/pagination';

export async function findItem(db: DB, companyId: number, uuid: string): Promise<ItemRow | undefined> {
  return db.selectFrom('items').selectAll().where('company_id', '=', companyId).where('uuid', '=', uuid).executeTakeFirst();
}

/** The item, locked until the transaction ends (PostgreSQL; SQLite runs one transaction at a time). */
export async function lockItem(trx: DB, companyId: number, uuid: string): Promise<ItemRow | undefined> {
  return forUpdate(trx, trx.selectFrom('items').selectAll().where('company_id', '=', companyId).where('uuid', '=', uuid)).executeTakeFirst();
}

/** Items with these uuids in any company (uuids are unique across the table): the caller checks the company. */
export async function findItemsAnyCompany(db: DB, uuids: readonly string[]): Promise<ItemRow[]> {
  if (uuids.length === 0) return [];
  return db.selectFrom('items').selectAll().where('uuid', 'in', [...uuids]).execute();
}

/** The company's items of these loans. */
export async function itemsOfLoans(db: DB, companyId: number, loanIds: readonly number[]): Promise<ItemRow[]> {
  if (loanIds.length === 0) return [];
  return db.selectFrom('items').selectAll().where('company_id', '=', companyId).where('loan_id', 'in', [...loanIds]).orderBy('id').execute();
}

export async function insertItems(trx: DB, rows: readonly Insertable<ItemsTable>[]): Promise<ItemRow[]> {
  if (rows.length === 0) return [];
  return trx.insertInto('items').values([...rows]).returningAll().execute();
}

export async function updateItem(trx: DB, companyId: number, uuid: string, changes: Updateable<ItemsTable>): Promise<ItemRow | undefined> {
  return trx.updateTable('items').set(changes).where('company_id', '=', companyId).where('uuid', '=', uuid).returningAll().executeTakeFirst();
}

/** Changes an item only if it still has status `from` (a replayed or concurrent change applies once). */
export async function updateItemIf(trx: DB, companyId: number, uuid: string, from: ItemRow['status'], changes: Updateable<ItemsTable>): Promise<ItemRow | undefined> {
  return trx
    .updateTable('items')
    .set(changes)
    .where('company_id', '=', companyId)
    .where('uuid', '=', uuid)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();
}

/** Moves a loan's items from one status to another (redeem, forfeit). */
export async function setItemsOfLoan(trx: DB, companyId: number, loanId: number, from: ItemRow['status'], changes: Updateable<ItemsTable>): Promise<void> {
  await trx.updateTable('items').set(changes).where('company_id', '=', companyId).where('loan_id', '=', loanId).where('status', '=', from).execute();
}

/** One page of a company's items, newest first. */
export async function listItems(db: DB, companyId: number, opts: { page: number; perPage: number; status?: ItemRow['status']; loanUuid?: string; customerUuid?: string }) {
  let base = db.selectFrom('items').where('company_id', '=', companyId);
  if (opts.status) base = base.where('status', '=', opts.status);
  if (opts.loanUuid) base = base.where('loan_uuid', '=', opts.loanUuid);
  if (opts.customerUuid) base = base.where('customer_uuid', '=', opts.customerUuid);
  const [{ n }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('id', 'desc').limit(opts.perPage).offset(offsetOf(opts.page, opts.perPage)).execute(),
  ]);
  return { rows, total: Number(n) };
}
