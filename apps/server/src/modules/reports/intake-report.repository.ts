import type { DB } from '../../db/database';

// The intakes the intake report (intake-report.ts) counts.

/** The company's intakes created from `fromIso` up to (not including) `beforeIso`, with their bands. */
export async function intakesBetween(db: DB, companyId: number, fromIso: string, beforeIso: string) {
  return db
    .selectFrom('screenings')
    .select(['created_at', 'phq9_band', 'gad7_band'])
    .where('company_id', '=', companyId)
    .where('kind', '=', 'intake')
    .where('created_at', '>=', fromIso)
    .where('created_at', '<', beforeIso)
    .execute();
}
