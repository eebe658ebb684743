import { type Insertable, type SqlBool, sql, type Updateable } from 'kysely';
import type { DB } from '../../db/database';
import { forUpdate } from '../../db/locks';
import type { CategoryRow, LoanRow, LoansTable } from '../../db/tables';
import { likePattern, offsetOf } from '../../lib/pagination';

export async function findLoan(db: DB, companyId: number, uuid: string): Promise<LoanRow | undefined> {
  return db.selectFrom('loans').selectAll().where('company_id', '=', companyId).where('uuid', '=', uuid).executeTakeFirst();
}

/** The loan, locked until the transaction ends (PostgreSQL; SQLite runs one transaction at a time). */
export async function lockLoan(trx: DB, companyId: number, uuid: string): Promise<LoanRow | undefined> {
  return forUpdate(trx, trx.selectFrom('loans').selectAll().where('company_id', '=', companyId).where('uuid', '=', uuid)).executeTakeFirst();
}

/** A loan by uuid in any company (uuids are unique across the table): the caller checks the company. */
export async function findLoanAnyCompany(db: DB, uuid: string): Promise<LoanRow | undefined> {
  return db.selectFrom('loans').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

/** The company's category named by id or uuid, with its lending terms. */
export async function findLendingCategory(db: DB, companyId: number, ref: { id?: number; uuid?: string }): Promise<CategoryRow | undefined> {
  // Only a lending category carries a loan or an item (decision 0121: not the counselling category "Anxiety").
  let q = db.selectFrom('categories').selectAll().where('company_id', '=', companyId).where('kind', '=', 'lending');
  q = ref.id !== undefined ? q.where('id', '=', ref.id) : q.where('uuid', '=', ref.uuid ?? '');
  const row = await q.executeTakeFirst();
  return row && { ...row, interest_rate: Number(row.interest_rate), penalty_rate: Number(row.penalty_rate) };
}

export async function insertLoan(trx: DB, row: Insertable<LoansTable>): Promise<LoanRow> {
  return trx.insertInto('loans').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateLoan(trx: DB, companyId: number, uuid: string, changes: Updateable<LoansTable>): Promise<LoanRow | undefined> {
  return trx.updateTable('loans').set(changes).where('company_id', '=', companyId).where('uuid', '=', uuid).returningAll().executeTakeFirst();
}

/** Changes a loan only while it is active: a replayed or concurrent renew/redeem/forfeit applies once. */
export async function updateActiveLoan(trx: DB, companyId: number, uuid: string, changes: Updateable<LoansTable>): Promise<LoanRow | undefined> {
  return trx
    .updateTable('loans')
    .set(changes)
    .where('company_id', '=', companyId)
    .where('uuid', '=', uuid)
    .where('status', '=', 'active')
    .returningAll()
    .executeTakeFirst();
}

/**
 * Extends a loan that is still active and still matures on `fromMaturity` (decision 0189): one conditional statement,
 * so of two extensions from the same state only one applies (the other finds no row). Counts the extension.
 */
export async function extendActiveLoan(trx: DB, companyId: number, uuid: string, fromMaturity: string, changes: Updateable<LoansTable>): Promise<LoanRow | undefined> {
  return trx
    .updateTable('loans')
    .set((eb) => ({ ...changes, extensions: eb('extensions', '+', 1) }))
    .where('company_id', '=', companyId)
    .where('uuid', '=', uuid)
    .where('status', '=', 'active')
    .where('maturity_date', '=', fromMaturity)
    .returningAll()
    .executeTakeFirst();
}

/** Adds to a loan's appraised value (an item added to it). */
export async function addToAppraisal(trx: DB, companyId: number, loanId: number, centavos: number, version: number, now: string): Promise<void> {
  await trx
    .updateTable('loans')
    .set((eb) => ({ appraisal_value: eb('appraisal_value', '+', centavos), version, updated_at: now }))
    .where('company_id', '=', companyId)
    .where('id', '=', loanId)
    .execute();
}

export interface LoanFilter {
  page: number;
  perPage: number;
  status?: LoansTable['status'] | 'maturing' | 'expired';
  customerUuid?: string;
  search?: string;
  /** Only these branches' loans (decision 0324); undefined: every branch of the company. */
  branchIds?: readonly number[];
  today: string;
  /** Last maturity date of the 'maturing' tab. */
  maturingUntil: string;
}

/** One page of a company's loans: newest first; soonest maturity first for 'maturing', oldest expiry first for 'expired'. */
export async function listLoans(db: DB, companyId: number, f: LoanFilter) {
  let base = db.selectFrom('loans').where('loans.company_id', '=', companyId);
  if (f.status === 'maturing') {
    base = base.where('loans.status', '=', 'active').where('loans.maturity_date', '>=', f.today).where('loans.maturity_date', '<=', f.maturingUntil);
  } else if (f.status === 'expired') {
    base = base.where('loans.status', '=', 'active').where('loans.expiry_date', '<', f.today);
  } else if (f.status) {
    base = base.where('loans.status', '=', f.status);
  }
  if (f.customerUuid) base = base.where('loans.customer_uuid', '=', f.customerUuid);
  if (f.branchIds) base = f.branchIds.length ? base.where('loans.branch_id', 'in', f.branchIds) : base.where(sql<SqlBool>`1 = 0`);
  if (f.search) {
    const pattern = likePattern(f.search);
    const customers = db
      .selectFrom('customers')
      .select('customers.uuid')
      .where('customers.company_id', '=', companyId)
      .where(sql<boolean>`(lower(customers.first_name || ' ' || customers.last_name) like ${pattern} escape '\\'
        or lower(customers.last_name || ', ' || customers.first_name) like ${pattern} escape '\\')`);
    base = base.where((eb) => eb.or([sql<SqlBool>`lower(loans.pawn_ticket_number) like ${pattern} escape '\\'`, eb('loans.customer_uuid', 'in', customers)]));
  }
  let page = base.selectAll('loans');
  if (f.status === 'maturing') page = page.orderBy('loans.maturity_date').orderBy('loans.id');
  else if (f.status === 'expired') page = page.orderBy('loans.expiry_date').orderBy('loans.id');
  else page = page.orderBy('loans.loan_date', 'desc').orderBy('loans.id', 'desc');
  const [{ n }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    page.limit(f.perPage).offset(offsetOf(f.page, f.perPage)).execute(),
  ]);
  return { rows, total: Number(n) };
}

/** The company's first tickets (not renewals) dated from `from` to `to`, with their customer's name. */
export async function firstLoansBetween(db: DB, companyId: number, from: string, to: string) {
  return db
    .selectFrom('loans')
    .innerJoin('customers', 'customers.id', 'loans.customer_id')
    .select(['loans.uuid', 'loans.pawn_ticket_number', 'loans.customer_uuid', 'loans.loan_date', 'loans.loan_amount', 'customers.first_name', 'customers.last_name'])
    .where('loans.company_id', '=', companyId)
    .where('loans.renewed_from', 'is', null)
    .where('loans.loan_date', '>=', from)
    .where('loans.loan_date', '<=', to)
    .execute();
}

/** How many tickets the company has written for the customer. */
export async function countLoansOfCustomer(db: DB, companyId: number, customerId: number): Promise<number> {
  const row = await db
    .selectFrom('loans')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customerId)
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
