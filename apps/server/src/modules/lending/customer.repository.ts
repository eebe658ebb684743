import { type Insertable, sql, type Updateable } from 'kysely';
import type { DB } from '../../db/database';
import { forUpdate } from '../../db/locks';
import type { CustomerRow, CustomersTable } from '../../db/tables';
import { likePattern, offsetOf } from '../../lib/pagination';

/** A customer by uuid, in any company (a uuid is unique across the table): the caller checks the company. */
export async function findCustomerAnyCompany(db: DB, uuid: string): Promise<CustomerRow | undefined> {
  return db.selectFrom('customers').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

export async function findCustomer(db: DB, companyId: number, uuid: string): Promise<CustomerRow | undefined> {
  return db.selectFrom('customers').selectAll().where('company_id', '=', companyId).where('uuid', '=', uuid).executeTakeFirst();
}

/** The customer, locked until the transaction ends (PostgreSQL; SQLite runs one transaction at a time). */
export async function lockCustomer(trx: DB, companyId: number, uuid: string): Promise<CustomerRow | undefined> {
  return forUpdate(trx, trx.selectFrom('customers').selectAll().where('company_id', '=', companyId).where('uuid', '=', uuid)).executeTakeFirst();
}

export async function insertCustomer(trx: DB, row: Insertable<CustomersTable>): Promise<CustomerRow> {
  return trx.insertInto('customers').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateCustomer(trx: DB, companyId: number, uuid: string, changes: Updateable<CustomersTable>): Promise<CustomerRow | undefined> {
  return trx.updateTable('customers').set(changes).where('company_id', '=', companyId).where('uuid', '=', uuid).returningAll().executeTakeFirst();
}

/** One page of a company's customers by last then first name, optionally matching names or phone. */
export async function listCustomers(db: DB, companyId: number, opts: { page: number; perPage: number; search?: string }) {
  const pattern = opts.search ? likePattern(opts.search) : null;
  const filter = pattern
    ? sql<boolean>`(lower(first_name) like ${pattern} escape '\\' or lower(last_name) like ${pattern} escape '\\'
        or lower(first_name || ' ' || last_name) like ${pattern} escape '\\' or lower(coalesce(phone_number, '')) like ${pattern} escape '\\')`
    : sql<boolean>`true`;
  const [{ n }, rows] = await Promise.all([
    db.selectFrom('customers').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', companyId).where(filter).executeTakeFirstOrThrow(),
    db
      .selectFrom('customers')
      .selectAll()
      .where('company_id', '=', companyId)
      .where(filter)
      .orderBy('last_name')
      .orderBy('first_name')
      .orderBy('id')
      .limit(opts.perPage)
      .offset(offsetOf(opts.page, opts.perPage))
      .execute(),
  ]);
  return { rows, total: Number(n) };
}
