import type { ExpressionBuilder, Insertable, Selectable } from 'kysely';
import type { DB } from '../../db/database';
import type { Database, MetalRatesTable } from '../../db/tables';
import { offsetOf } from '../../lib/pagination';

// The day's metal rates (decision 0306): rows are only ever added; the newest row of a metal and purity at a branch
// is its rate there (a row of no branch, the company's, counts for every branch). Rates are always set for the
// company's today, so the newest row is the one with the largest id.

const COLUMNS = ['id', 'branch_id', 'metal', 'purity', 'rate', 'rate_date', 'set_at', 'set_by_name'] as const;
export type MetalRateRow = Pick<Selectable<MetalRatesTable>, (typeof COLUMNS)[number]>;

/** A branch's rows and the company's own. */
const ofBranch = (branchId: number) => (eb: ExpressionBuilder<Database, 'metal_rates'>) => eb.or([eb('branch_id', '=', branchId), eb('branch_id', 'is', null)]);

/** The rate in force at the branch for each metal and purity that has one. */
export async function currentRates(db: DB, companyId: number, branchId: number): Promise<MetalRateRow[]> {
  const newest = db
    .selectFrom('metal_rates')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('company_id', '=', companyId)
    .where(ofBranch(branchId))
    .groupBy(['metal', 'purity']);
  return db
    .selectFrom('metal_rates')
    .select(COLUMNS)
    .where('company_id', '=', companyId)
    .where('id', 'in', newest)
    .orderBy('id')
    .execute();
}

/** Every rate set at the branch, newest first, a page of them, and how many there are. */
export async function rateHistory(db: DB, companyId: number, branchId: number, page: number, perPage: number): Promise<{ rows: MetalRateRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('metal_rates')
      .select(COLUMNS)
      .where('company_id', '=', companyId)
      .where(ofBranch(branchId))
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset(offsetOf(page, perPage))
      .execute(),
    db.selectFrom('metal_rates').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', companyId).where(ofBranch(branchId)).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Adds the rates in one transaction. */
export async function insertRates(db: DB, rows: Insertable<MetalRatesTable>[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('metal_rates').values(rows).execute();
  });
}

/** One of the company's rates by id (a ticket names the rate its appraisal used), or undefined. */
export function findRate(db: DB, companyId: number, id: number): Promise<MetalRateRow | undefined> {
  return db
    .selectFrom('metal_rates')
    .select(COLUMNS)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}
