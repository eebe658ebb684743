import type { DB } from '../../db/database';
import type { SettingsTable } from '../../db/tables';

export async function findSettings(db: DB, companyId: number) {
  return db
    .selectFrom('settings')
    .innerJoin('companies', 'companies.id', 'settings.company_id')
    .selectAll('settings')
    .select('companies.timezone')
    .where('settings.company_id', '=', companyId)
    .executeTakeFirst();
}

type SettingsChanges = Partial<Omit<SettingsTable, 'company_id'>>;

/** Writes the settings row and, when given, the company's time zone, together. */
export async function saveSettings(db: DB, companyId: number, changes: SettingsChanges, timezone: string | undefined, now: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('settings').set({ ...changes, updated_at: now }).where('company_id', '=', companyId).execute();
    if (timezone !== undefined) await trx.updateTable('companies').set({ timezone, updated_at: now }).where('id', '=', companyId).execute();
  });
}
