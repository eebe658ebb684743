import type { Kysely } from 'kysely';
import type { Database, SafetySettingsTable } from '../../db/tables';

// The safety settings' row (safety-settings.ts, decision 0161); the counselors it names are the users area's.

type Conn = Kysely<Database>;

export async function safetyRow(db: Conn, companyId: number) {
  return db.selectFrom('safety_settings').selectAll().where('company_id', '=', companyId).executeTakeFirst();
}

/** Writes the company's row, or replaces it (one upsert). */
export async function upsertSafety(db: Conn, companyId: number, values: Omit<SafetySettingsTable, 'company_id'>): Promise<void> {
  await db
    .insertInto('safety_settings')
    .values({ company_id: companyId, ...values })
    .onConflict((oc) => oc.column('company_id').doUpdateSet(values))
    .execute();
}
