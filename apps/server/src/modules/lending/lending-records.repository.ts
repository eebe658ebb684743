import type { Insertable } from 'kysely';
import type { DB } from '../../db/database';
import type { BackdatedActionsTable, LendingFieldConflictsTable } from '../../db/tables';
import { offsetOf } from '../../lib/pagination';

// What lending records beside its writes: backdated actions (decision 0120) and the field conflicts of merged
// offline edits, and the settings those writes read.

export async function backdateSetting(db: DB, companyId: number) {
  return db.selectFrom('settings').select('lending_backdate_days').where('company_id', '=', companyId).executeTakeFirst();
}

export async function kycSetting(db: DB, companyId: number) {
  return db.selectFrom('settings').select('kyc_loan_threshold').where('company_id', '=', companyId).executeTakeFirst();
}

export async function insertBackdating(db: DB, values: Insertable<BackdatedActionsTable>): Promise<void> {
  await db.insertInto('backdated_actions').values(values).execute();
}

export async function insertFieldConflicts(db: DB, rows: Insertable<LendingFieldConflictsTable>[]): Promise<void> {
  await db.insertInto('lending_field_conflicts').values(rows).execute();
}

/** One page of the company's recorded conflicts, newest first, optionally of one record. */
export async function listFieldConflicts(db: DB, companyId: number, opts: { page: number; perPage: number; recordUuid?: string }) {
  let count = db.selectFrom('lending_field_conflicts').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', companyId);
  let rows = db.selectFrom('lending_field_conflicts').selectAll().where('company_id', '=', companyId);
  if (opts.recordUuid) {
    count = count.where('record_uuid', '=', opts.recordUuid);
    rows = rows.where('record_uuid', '=', opts.recordUuid);
  }
  const [{ n }, list] = await Promise.all([
    count.executeTakeFirstOrThrow(),
    rows
      .orderBy('id', 'desc')
      .limit(opts.perPage)
      .offset(offsetOf(opts.page, opts.perPage))
      .execute(),
  ]);
  return { rows: list, total: Number(n) };
}
