import type { Insertable, Updateable } from 'kysely';
import type { DB } from '../../db/database';
import type { CashDaysTable } from '../../db/tables';

// A clerk's cash days and the register entries they count (cash-day.service.ts, decision 0188).

/** The clerk's register entries dated `day`. */
export async function entriesOfDay(db: DB, companyId: number, userId: number, day: string) {
  return db
    .selectFrom('transactions')
    .select(['uuid', 'type', 'amount', 'reverses_uuid'])
    .where('company_id', '=', companyId)
    .where('created_by', '=', userId)
    .where('entry_date', '=', day)
    .execute();
}

export async function findDay(db: DB, companyId: number, uuid: string) {
  return db.selectFrom('cash_days').selectAll().where('company_id', '=', companyId).where('uuid', '=', uuid).executeTakeFirst();
}

/**
 * Whether a day other than one of this company's own clerk's has this uuid already: the uuid is unique across
 * companies, so another company's day takes it too (the caller has looked up the company's own first).
 */
export async function dayUuidTakenElsewhere(db: DB, companyId: number, userId: number, uuid: string): Promise<boolean> {
  const row = await db
    .selectFrom('cash_days')
    .select('id')
    .where('uuid', '=', uuid)
    .where((eb) => eb.or([eb('company_id', '<>', companyId), eb('user_id', '<>', userId)]))
    .executeTakeFirst();
  return row !== undefined;
}

/** The clerk's days of a date (at most one). */
export async function daysOf(db: DB, companyId: number, userId: number, day: string) {
  return db.selectFrom('cash_days').selectAll().where('company_id', '=', companyId).where('user_id', '=', userId).where('day', '=', day).execute();
}

export async function insertDay(db: DB, values: Insertable<CashDaysTable>) {
  return db.insertInto('cash_days').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Closes the day when it is still open (one conditional update); undefined when it was closed first. */
export async function closeOpenDay(db: DB, companyId: number, id: number, values: Updateable<CashDaysTable>) {
  return db.updateTable('cash_days').set(values).where('id', '=', id).where('company_id', '=', companyId).where('status', '=', 'open').returningAll().executeTakeFirst();
}
